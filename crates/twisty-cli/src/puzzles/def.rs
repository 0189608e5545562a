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

    /// Per orbit: the piece in each slot and its twist ([`twisty_core::def::render::render`]).
    fn render(&self, state: &DefState, _colour: bool) -> String {
        twisty_core::def::render::render(self, state)
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
