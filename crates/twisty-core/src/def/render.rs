//! A definition's state as text: no geometry, so each orbit is listed with the piece in each
//! slot and, where pieces twist, each one's twist (what `twisty show` prints and the web
//! page shows).

use super::{DefPuzzle, DefState};

/// Per orbit: the piece in each slot (1-based, the solved state's numbering) and, where
/// pieces twist, each one's twist; `solved` where the orbit is as in a solved state.
pub fn render(p: &DefPuzzle, state: &DefState) -> String {
    let pattern = p.pattern(&state.0);
    let solved = p.solved_patterns();
    let mut out = String::new();
    let width = p.orbits().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, o) in p.orbits() {
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
