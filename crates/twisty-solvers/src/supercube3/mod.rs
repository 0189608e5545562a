//! A two-phase solver of the full 3x3x3 supercube (seed 004's puzzle with N = 3: every
//! cubie, the face centres and the core included, has one of 24 orientations), in its own
//! metric (SSTM: each slice turn, outer or middle, of 90°, 180° or 270° counts one).
//!
//! # What is solved
//!
//! The model's solved state has every orientation the identity, the core's too: the cube
//! has no free frame, so a cube that is solved but turned as a whole is not solved. The
//! reachable group ([`twisty_core::supercube::reachable`]) has the core in any of its 24
//! orientations, independent of the rest.
//!
//! # Method
//!
//! Seen from the core ([`relative`]) the puzzle is a 3x3x3 with fixed centres that each
//! spin in four ways, with 27 moves: the 18 face turns and 9 *paired* turns (a middle-slice
//! turn, which turns the two opposite outer layers together and the core with the whole
//! cube), plus the core's orientation, which only the paired turns change. Phase 1 reaches
//! the subgroup of `U`, `D`, their paired turn and the half turns of the other layers, with
//! the side centres' spins even and the core keeping the U/D axis; phase 2 solves
//! everything within it ([`tables`], [`search`]). The search keeps looking for shorter
//! answers, phase-1 length by phase-1 length, until phase 1 alone is as long as the best
//! answer or a node budget runs out. Every answer is written back as slice turns of the
//! model and replayed on the input before it is returned.

pub mod relative;
pub mod search;
pub mod tables;

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use relative::{to_rel, CUBE};
use search::{Search, Stop};
use tables::Tables;
use twisty_core::supercube::{simplify, SuperMove, Supercube, SupercubeState};
use twisty_core::{InvalidState, Puzzle};
use web_time::Instant;

/// The default node budget of the search for shorter answers after the first one (tens of
/// milliseconds).
pub const DEFAULT_BUDGET: u64 = 1_000_000;
/// The longest answer the solver looks for by default.
pub const MAX_LENGTH: u32 = 40;

/// The two-phase 3x3x3 supercube solver with its tables.
#[derive(Debug, Clone)]
pub struct Supercube3TwoPhase {
    tables: Tables,
}

impl Supercube3TwoPhase {
    /// Builds the tables (in memory, well under a second in a release build).
    pub fn new() -> Result<Self, SolveError> {
        let tables =
            Tables::new().map_err(|e| SolveError::Table(format!("building the supercube tables: {e}")))?;
        Ok(Supercube3TwoPhase { tables })
    }

    /// Solves `state` with a node budget for the search for shorter answers, returning the
    /// verified solution and why the search stopped.
    pub fn solve_with(
        &self,
        puzzle: &Supercube,
        state: &SupercubeState,
        limits: &Limits,
        budget: u64,
    ) -> Result<(Solution<SuperMove>, Stop), SolveError> {
        let t0 = Instant::now();
        if puzzle.n != 3 {
            return Err(SolveError::Unsupported(format!(
                "the two-phase supercube solver takes the 3x3x3 only, not the {0}x{0}x{0}",
                puzzle.n
            )));
        }
        if limits.moves.is_some() {
            return Err(SolveError::Unsupported(String::from(
                "the two-phase supercube solver cannot keep to a move set",
            )));
        }
        let start = to_rel(state)?;
        let max_length = limits.max_length.unwrap_or(MAX_LENGTH).min(MAX_LENGTH) as usize;
        let deadline = limits.deadline(t0);
        let max_nodes = limits.max_nodes;
        let stop_now = |nodes: u64| {
            limits.cancelled()
                || deadline.is_some_and(|d| Instant::now() >= d)
                || max_nodes.is_some_and(|m| nodes >= m)
        };
        let mut search = Search::new(&self.tables, start, max_length, budget, stop_now);
        let why = search.run();
        let nodes = search.nodes;
        let Some(rel) = search.best else {
            return Err(match why {
                Stop::Limit if limits.cancelled() => SolveError::Cancelled { deepest_bound: None },
                Stop::Limit => SolveError::Timeout { deepest_bound: None },
                _ => SolveError::NoSolutionWithin {
                    max_length: max_length as u32,
                },
            });
        };
        let moves = simplify(&self.tables.rel.to_moves(start.core, &rel));
        verify(puzzle, state, &moves)?;
        Ok((
            Solution {
                length: puzzle.length(&moves, limits.metric),
                moves,
                optimal: false,
                stats: SearchStats {
                    nodes,
                    elapsed: t0.elapsed(),
                    ..Default::default()
                },
            },
            why,
        ))
    }
}

impl Solver<Supercube> for Supercube3TwoPhase {
    fn name(&self) -> &'static str {
        "twophase"
    }

    fn solve(
        &self,
        puzzle: &Supercube,
        state: &SupercubeState,
        limits: &Limits,
    ) -> Result<Solution<SuperMove>, SolveError> {
        self.solve_with(puzzle, state, limits, DEFAULT_BUDGET)
            .map(|(s, _)| s)
    }
}

/// Whether `state` is a 3x3x3 supercube state that slice turns reach (the reason if not).
pub fn check(state: &SupercubeState) -> Result<(), InvalidState> {
    to_rel(state).map(|_| ())
}

/// The cube this solver takes.
pub const fn cube() -> Supercube {
    CUBE
}

#[cfg(test)]
mod tests;
