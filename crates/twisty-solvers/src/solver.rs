//! The [`Solver`] trait and the types every solver shares.

use crate::progress::IterationProgress;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use twisty_core::{Metric, Puzzle};
use web_time::Instant;

/// Bounds on a solve: maximum length, time and node budgets, and a cancel flag (Ctrl-C).
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Longest acceptable solution (in the solver's metric); `None` for the solver's default.
    pub max_length: Option<u32>,
    /// Wall-clock budget.
    pub timeout: Option<Duration>,
    /// Node budget.
    pub max_nodes: Option<u64>,
    /// Set to `true` from elsewhere (e.g. a Ctrl-C handler) to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Threads to use (`None` = all cores).
    pub threads: Option<usize>,
    /// Length metric.
    pub metric: Metric,
    /// An optimal solver may start its search at this length: the caller knows nothing
    /// shorter solves (one subtree of a search split by move prefixes). Others ignore it.
    pub min_length: Option<u32>,
    /// The move that precedes the answer (the last move of a prefix the caller appended),
    /// by index in [`Puzzle::moves`] order: an optimal solver may begin with canonical
    /// continuations of it only. Others ignore it.
    pub after_move: Option<usize>,
    /// Counters a solver updates inside a long bound, for a front end to draw; solvers that
    /// do not report progress inside a bound ignore it (the optimal 3x3x3 and Kilominx
    /// solvers report).
    pub progress: Option<Arc<IterationProgress>>,
    /// Only these moves (by index in [`Puzzle::moves`] order) may appear in the answer: a
    /// solve restricted to a move set (`--moves R,U`). Solvers that cannot keep to one
    /// refuse it; `None`: every move.
    pub moves: Option<Vec<bool>>,
}

impl Limits {
    /// Whether the cancel flag has been raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The instant past which the search must stop, if any.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.timeout.map(|t| start + t)
    }
}

/// Counters reported with a solution.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct SearchStats {
    /// Nodes generated (children produced by applying a move).
    pub nodes: u64,
    /// Nodes expanded (popped from an open list), for best-first searches.
    pub expanded: u64,
    /// Wall-clock time of the search (excluding table loading).
    pub elapsed: Duration,
    /// Free-form per-depth or per-phase breakdown: (label, nodes, seconds).
    pub breakdown: Vec<(String, u64, f64)>,
    /// For staged solvers: each phase's own moves, before the phases are joined and
    /// simplified (empty for single-stage solvers).
    pub phases: Vec<PhaseReport>,
}

/// One phase of a staged solve.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct PhaseReport {
    /// Phase name, e.g. `G0 -> G1`.
    pub name: String,
    /// The phase's moves in the puzzle's notation.
    pub moves: String,
    /// Number of moves (HTM).
    pub length: u32,
    /// Nodes generated in the phase.
    pub nodes: u64,
    /// Seconds spent in the phase.
    pub seconds: f64,
}

/// A verified solution.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution<M> {
    /// The moves, in order, that take the input state to solved.
    pub moves: Vec<M>,
    /// Length in the metric of the [`Limits`] the solve was called with.
    pub length: u32,
    /// Whether the solver proved this length optimal.
    pub optimal: bool,
    /// Search counters.
    pub stats: SearchStats,
}

/// Why a solve produced no solution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The state cannot be reached from solved.
    #[error("impossible state: {0}")]
    Invalid(#[from] twisty_core::InvalidState),
    /// No solution exists within the maximum length.
    #[error("no solution of at most {max_length} moves exists")]
    NoSolutionWithin {
        /// The maximum length searched exhaustively.
        max_length: u32,
    },
    /// The time or node budget ran out.
    #[error("stopped by the time limit{}", deepest_note(.deepest_bound))]
    Timeout {
        /// Deepest bound searched completely: no solution of this length or shorter exists.
        deepest_bound: Option<u32>,
    },
    /// A non-optimal solver gave up at a limit other than time (a length or effort budget);
    /// the message, which follows "gave up ", names the limit. A solution may still exist.
    #[error("gave up {0}")]
    GaveUp(String),
    /// The cancel flag was raised.
    #[error("cancelled{}", deepest_note(.deepest_bound))]
    Cancelled {
        /// Deepest bound searched completely.
        deepest_bound: Option<u32>,
    },
    /// A required table could not be built or loaded.
    #[error("table error: {0}")]
    Table(String),
    /// The solver does not handle this puzzle or option.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The state is not in the group the allowed moves generate ([`Limits::moves`]): no
    /// sequence of them solves it.
    #[error(
        "the state cannot be solved with the allowed moves alone (it is not in the group they generate)"
    )]
    OutsideMoveSet,
    /// The solver produced moves that do not solve the state (a bug; never silently returned).
    #[error("internal error: the solver returned moves that do not solve the state")]
    Unverified,
}

fn deepest_note(d: &Option<u32>) -> String {
    match d {
        Some(d) => format!(" (no solution of ≤ {d} moves exists)"),
        None => String::new(),
    }
}

/// A solver for states of puzzle `P`.
pub trait Solver<P: Puzzle> {
    /// Short name used by `--solver`.
    fn name(&self) -> &'static str;

    /// Solves `state` within `limits`. The returned moves are verified.
    fn solve(&self, puzzle: &P, state: &P::State, limits: &Limits) -> Result<Solution<P::Move>, SolveError>;
}

/// Checks that `moves` take `state` to solved; `Err(SolveError::Unverified)` otherwise.
pub fn verify<P: Puzzle>(puzzle: &P, state: &P::State, moves: &[P::Move]) -> Result<(), SolveError> {
    let mut s = state.clone();
    puzzle.apply_all(&mut s, moves);
    if puzzle.is_solved(&s) {
        Ok(())
    } else {
        Err(SolveError::Unverified)
    }
}
