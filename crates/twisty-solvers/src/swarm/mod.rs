//! Metaheuristic 3x3x3 solvers after the swarm-intelligence study of seed 002
//! (greedy tree search, with PSO, ACO and the discrete krill herd to follow).
//!
//! Every algorithm is generic over a [`Puzzle`](twisty_core::Puzzle) and over a
//! [`Fitness`] estimate of the distance to solved. Fitness calls go through an
//! [`Evaluator`], which averages `n` evaluations with round-half-to-even (as
//! Python's `round`) and counts function evaluations (NFE) exactly as the seed
//! does: `n` per call, the initial evaluation of the scramble excluded.

pub mod fitness;
pub mod greedy;
pub mod pso;
pub mod twophase_fitness;

pub use fitness::{DepthDistance, Evaluator, Fitness};
pub use greedy::{greedy, GreedyParams};
pub use pso::{pso, PsoParams};
pub use twophase_fitness::TwoPhaseFitness;

/// Errors of the metaheuristic solvers.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SwarmError {
    /// A parameter is out of range.
    #[error("invalid parameter {name}: {reason}")]
    InvalidParameter {
        /// Parameter name.
        name: &'static str,
        /// Why it is rejected.
        reason: String,
    },
    /// The fitness function could not evaluate a state.
    #[error("fitness evaluation failed: {0}")]
    Fitness(String),
}

/// Result of one metaheuristic run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwarmOutcome<M> {
    /// Whether a solving sequence was found.
    pub solved: bool,
    /// The moves found (a solution when `solved`, else the best path reached).
    pub solution: Vec<M>,
    /// Fitness of the input state.
    pub initial_fitness: u32,
    /// Smallest fitness reached during the run.
    pub min_fitness: u32,
    /// Iterations performed.
    pub iterations: u64,
    /// Function evaluations, counted as the seed does.
    pub nfe: u64,
}
