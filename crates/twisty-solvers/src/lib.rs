//! Solvers for the puzzles of `twisty-core`, one module per solver family.
//!
//! Every solver implements [`Solver`] and returns a [`Solution`] that has been verified by
//! applying it to the input state, or a typed [`SolveError`].
#![forbid(unsafe_code)]
#![allow(clippy::needless_range_loop)]

pub mod astar2x2;
pub mod clock;
pub mod def;
pub mod genetic;
pub mod kilominx_fast;
pub mod optimal;
pub mod reduction;
pub mod solver;
pub mod sq1;
pub mod subgroup;
pub mod supercube2;
pub mod supercube3;
pub mod swarm;
#[cfg(test)]
mod test_data;
pub mod thistlethwaite;
pub mod twophase;

pub use solver::{verify, Limits, PhaseReport, SearchStats, Solution, SolveError, Solver};
pub use twisty_search::progress::{self, IterationProgress, ProgressSnapshot};
