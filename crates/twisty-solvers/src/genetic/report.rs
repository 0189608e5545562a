//! What a solve reports: its [`Progress`] after every GA run and its [`GaSolution`].

use std::time::Duration;
use twisty_core::supercube::SuperMove;

/// Progress of a solve, reported after every GA run.
#[derive(Debug, Clone)]
pub struct Progress {
    /// Shell of the active cubie, counted from the core outwards.
    pub shell: usize,
    /// Kind (1..=6) of the active cluster.
    pub cluster: u8,
    /// Unsolved cubies.
    pub unsolved: usize,
    /// Cubies in all.
    pub cubies: usize,
    /// Steps so far (the paper's GA count: one per pass of the solve loop).
    pub ga_count: u64,
    /// Moves played so far.
    pub moves: usize,
    /// Time since the start.
    pub elapsed: Duration,
}

/// A solve's result with the paper's counters.
#[derive(Debug, Clone)]
pub struct GaSolution {
    /// The moves played, verified.
    pub moves: Vec<SuperMove>,
    /// The moves played, merged step by step into the moves already played: moves of one
    /// slice separated only by moves of the same axis (parallel slices, which commute)
    /// cancel or merge, across the GA's steps and the macros (`--simplify-parallel`; the
    /// search is the same). Verified.
    pub merged: Vec<SuperMove>,
    /// The same after cancelling and merging moves and dropping runs whose net effect is the
    /// identity (`--simplify`), verified.
    pub simplified: Vec<SuperMove>,
    /// Steps (the paper's GA count: one per pass of the solve loop, each running
    /// [`GaParams::attempts`](super::GaParams::attempts) GAs).
    pub ga_count: u64,
    /// GA runs (steps × attempts).
    pub ga_runs: u64,
    /// Generations over all runs.
    pub generations: u64,
    /// Improvements that came from a stored macro.
    pub macro_hits: u64,
    /// Macros learned during this solve.
    pub learned: usize,
    /// Wall time.
    pub elapsed: Duration,
}
