//! A two-phase Kilominx solver (`--solver fast`).
//!
//! Phase 1 (all 48 moves) brings home the nine free cubies that lie outside the faces D, DB
//! and DBR; phase 2 solves the remaining ten cubies inside the subgroup ⟨D, DB, DBR⟩. Those
//! three faces meet at the cubie opposite UFL, so in the UFL-fixed frame they turn without a
//! whole-puzzle rotation. Each phase is IDA* with exact pruning tables of its own.
//!
//! Status: phase 2 is fast; phase 1's three-cubie tables are far too weak (minutes per
//! random state), so it is not yet offered by the CLI.

mod phase1;
mod phase2;

pub use phase1::Phase1;
pub use phase2::Phase2;

use crate::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use std::time::Instant;
use twisty_core::kilominx::{KiloState, Kilominx};
use twisty_core::Puzzle;

/// The two-phase Kilominx solver.
#[derive(Debug)]
pub struct KilominxFast {
    phase1: Phase1,
    phase2: Phase2,
}

impl Default for KilominxFast {
    fn default() -> Self {
        Self::new()
    }
}

impl KilominxFast {
    /// Builds both phases' tables (a few seconds).
    pub fn new() -> KilominxFast {
        let phase2 = Phase2::new();
        let inside = phase2.positions();
        let mut cubies = [0u8; 9];
        let mut n = 0;
        for c in 1..20u8 {
            if !inside.contains(&c) && n < 9 {
                cubies[n] = c;
                n += 1;
            }
        }
        KilominxFast {
            phase1: Phase1::new(cubies),
            phase2,
        }
    }
}

impl Solver<Kilominx> for KilominxFast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn solve(
        &self,
        puzzle: &Kilominx,
        state: &KiloState,
        _limits: &Limits,
    ) -> Result<Solution<twisty_core::kilominx::KiloMove>, SolveError> {
        state.validate()?;
        let start = Instant::now();
        let mut nodes = 0u64;
        let mut moves = self
            .phase1
            .solve(state, 30, &mut nodes)
            .ok_or(SolveError::NoSolutionWithin { max_length: 70 })?;
        let mut mid = *state;
        for &m in &moves {
            puzzle.apply(&mut mid, m);
        }
        moves.extend(
            self.phase2
                .solve(&mid, 40)
                .ok_or(SolveError::NoSolutionWithin { max_length: 70 })?,
        );
        verify(puzzle, state, &moves)?;
        let length = moves.len() as u32;
        Ok(Solution {
            moves,
            length,
            optimal: false,
            stats: SearchStats {
                nodes,
                elapsed: start.elapsed(),
                ..SearchStats::default()
            },
        })
    }
}
