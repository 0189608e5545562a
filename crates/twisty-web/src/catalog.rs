//! The solvers the page offers: exactly the engine's catalog for each puzzle.

use twisty_engine::{solvers_for, PuzzleId, SolverInfo};

/// Every solver of `p` as the engine describes it, the default first.
pub fn solvers(p: PuzzleId) -> Vec<SolverInfo> {
    solvers_for(p).into_iter().map(|e| e.info()).collect()
}
