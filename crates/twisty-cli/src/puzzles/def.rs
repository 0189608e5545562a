//! CLI glue for the puzzles given by a definition (`--puzzle pyraminx`, `def:PATH`, …): no
//! geometry, so a state is drawn as a per-orbit listing of where each piece is and how it is
//! twisted.

use crate::puzzles::CliPuzzle;
use twisty_core::def::{DefPuzzle, DefState};
use twisty_core::Puzzle;

impl CliPuzzle for DefPuzzle {
    fn scramble_length(&self) -> usize {
        25
    }

    fn scramble_moves(&self, rng: &mut twisty_core::TwistyRng, n: usize) -> Vec<twisty_core::def::DefMove> {
        twisty_engine::scramble::def::random_moves(self, rng, n)
    }

    /// Per orbit: the piece in each slot (1-based, the solved state's numbering) and, where
    /// pieces twist, each one's twist; `solved` where the orbit is as in a solved state.
    fn render(&self, state: &DefState, _colour: bool) -> String {
        let pattern = self.pattern(&state.0);
        let solved = self.solved_patterns();
        let mut out = String::new();
        let width = self.orbits().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, o) in self.orbits() {
            let (off, n) = (o.offset, o.pieces);
            let pieces: Vec<String> = (0..n)
                .map(|i| (usize::from(state.0[off + i]) + 1).to_string())
                .collect();
            let orbit_solved = solved
                .iter()
                .any(|t| t[off..off + 2 * n] == pattern[off..off + 2 * n]);
            out.push_str(&format!("{name:<width$}  {}", pieces.join(" ")));
            if o.orientations > 1 {
                let twists: Vec<String> = (0..n).map(|i| state.0[off + n + i].to_string()).collect();
                out.push_str(&format!("  twists {}", twists.join(" ")));
            }
            if orbit_solved {
                out.push_str("  (solved)");
            }
            out.push('\n');
        }
        out
    }

    fn engine_state(&self, state: &DefState) -> twisty_engine::State {
        twisty_engine::State::Def(state.clone())
    }

    fn info(&self) -> Option<String> {
        Some(info(self))
    }
}

/// The puzzle's orbits, moves and sizes: the text of `twisty show --info`.
pub fn info(p: &DefPuzzle) -> String {
    let mut out = format!("{}\n", p.name());
    out.push_str("orbits:\n");
    for (name, o) in p.orbits() {
        out.push_str(&format!(
            "  {name}: {} pieces, {} orientation(s)\n",
            o.pieces, o.orientations
        ));
    }
    let moves: Vec<String> = p
        .base_moves()
        .iter()
        .map(|b| format!("{} (order {})", b.name, b.order))
        .collect();
    out.push_str(&format!("moves: {}\n", moves.join(", ")));
    if !p.rotations().is_empty() {
        let r: Vec<&str> = p.rotations().iter().map(|b| b.name.as_str()).collect();
        out.push_str(&format!("rotations: {}\n", r.join(" ")));
    }
    match p.state_count() {
        Ok(c) => {
            out.push_str(&format!("group order: {}\n", c.group_order));
            match c.states {
                Some(s) => out.push_str(&format!("states: {s}\n")),
                None => out.push_str("states: not known (identical pieces of an unusual group)\n"),
            }
        }
        Err(e) => out.push_str(&format!("group order: not computed ({e})\n")),
    }
    out
}
