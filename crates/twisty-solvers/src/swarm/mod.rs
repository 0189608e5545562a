//! Metaheuristic 3x3x3 solvers after the swarm-intelligence study of seed 002: greedy
//! tree search ([`mod@greedy`]), discrete particle swarm ([`mod@pso`]), ant colony ([`mod@aco`])
//! and discrete krill herd ([`mod@dkho`]).
//!
//! By default each algorithm follows the paper's description; `seed_quirks` in each
//! parameter set reproduces the authors' code where it differs (each quirk is documented in
//! its module). Fitnesses: the paper's two-phase length ([`TwoPhaseFitness`], optionally
//! capped and varied by symmetry), a corner pattern database and the best cheap admissible
//! bound ([`bounds`]).
//!
//! Every algorithm is generic over a [`Puzzle`] and over a
//! [`Fitness`] estimate of the distance to solved. Fitness calls go through an
//! [`Evaluator`], which averages `n` evaluations with round-half-to-even (as
//! Python's `round`) and counts function evaluations (NFE) exactly as the seed
//! does: `n` per call, the initial evaluation of the scramble excluded.

pub mod aco;
pub mod bounds;
pub mod dkho;
pub mod fitness;
pub mod greedy;
pub mod pso;
pub mod simplify;
pub mod symmetry;
pub mod twophase_fitness;

pub use aco::{aco, AcoDeposit, AcoParams, AcoRule};
pub use bounds::{CornerPdbFitness, OptimalBoundFitness};
pub use dkho::{dkho, DkhoParams};
pub use fitness::{DepthDistance, Evaluator, Fitness};
pub use greedy::{greedy, GreedyParams};
pub use pso::{pso, PsoParams};
pub use simplify::simplify;
pub use symmetry::{CubeSymmetry, SymmetrySet};
pub use twophase_fitness::TwoPhaseFitness;

use std::time::Duration;
use twisty_core::Puzzle;
use web_time::Instant;

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
    /// An agent's move list did not solve the state it claimed to solve (a bug; never
    /// returned as a solution).
    #[error("internal error: agent {agent}'s moves do not solve the state")]
    Unverified {
        /// The agent.
        agent: usize,
    },
    /// The time limit given with [`Evaluator::with_limits`] passed.
    #[error("stopped by the time limit")]
    Timeout,
    /// The cancel flag given with [`Evaluator::with_limits`] was raised.
    #[error("cancelled")]
    Cancelled,
}

impl From<SwarmError> for crate::solver::SolveError {
    fn from(e: SwarmError) -> Self {
        use crate::solver::SolveError;
        match e {
            SwarmError::Timeout => SolveError::Timeout { deepest_bound: None },
            SwarmError::Cancelled => SolveError::Cancelled { deepest_bound: None },
            SwarmError::InvalidParameter { .. } => SolveError::Unsupported(e.to_string()),
            SwarmError::Fitness(m) => SolveError::Table(m),
            SwarmError::Unverified { .. } => SolveError::Unverified,
        }
    }
}

/// One agent reaching the solved state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentSolution {
    /// The agent (particle, ant, krill; 0 for the greedy search).
    pub agent: usize,
    /// Iteration (0-based) in which it was reached.
    pub iteration: u64,
    /// Its solution length (moves, as found, not simplified).
    pub length: usize,
    /// Time since the start of the run.
    pub elapsed: Duration,
}

/// Per-iteration fitness figures (the curves of the paper's Figures 1–3).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IterationStat {
    /// Best (global) fitness at the start of the iteration.
    pub best: u32,
    /// Mean current fitness over the agents.
    pub mean: f64,
}

/// Result of one metaheuristic run.
#[derive(Debug, Clone, PartialEq)]
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
    /// Every agent that reached solved, in order.
    pub agent_solutions: Vec<AgentSolution>,
    /// Per-iteration fitness figures.
    pub history: Vec<IterationStat>,
    /// Wall time of the whole run.
    pub elapsed: Duration,
}

impl<M> SwarmOutcome<M> {
    /// Iteration of the first agent's solution.
    pub fn first_iteration(&self) -> Option<u64> {
        self.agent_solutions.first().map(|a| a.iteration)
    }

    /// Iteration of the last agent's solution.
    pub fn last_iteration(&self) -> Option<u64> {
        self.agent_solutions.last().map(|a| a.iteration)
    }

    /// The seed's "average iterations for the next agent": the sum of the gaps between
    /// successive solutions divided by the number of solutions (not by the number of gaps).
    pub fn average_gap(&self) -> Option<f64> {
        let k = self.agent_solutions.len();
        (k > 0).then(|| {
            let first = self.agent_solutions[0].iteration;
            let last = self.agent_solutions[k - 1].iteration;
            (last - first) as f64 / k as f64
        })
    }

    /// Mean solution length over the agents that solved ("Obtained").
    pub fn mean_length(&self) -> Option<f64> {
        let k = self.agent_solutions.len();
        (k > 0).then(|| self.agent_solutions.iter().map(|a| a.length as f64).sum::<f64>() / k as f64)
    }

    /// Time of the first solution.
    pub fn first_time(&self) -> Option<Duration> {
        self.agent_solutions.first().map(|a| a.elapsed)
    }

    /// Time of the last solution (the seed's "total time").
    pub fn last_time(&self) -> Option<Duration> {
        self.agent_solutions.last().map(|a| a.elapsed)
    }
}

/// Bookkeeping shared by the algorithms: verified agent solutions, the shortest one, the
/// curves and the clock.
pub(crate) struct Recorder<P: Puzzle> {
    start_state: P::State,
    clock: Instant,
    solutions: Vec<AgentSolution>,
    best: Option<Vec<P::Move>>,
    history: Vec<IterationStat>,
    min_fitness: u32,
}

impl<P: Puzzle> Recorder<P> {
    pub(crate) fn new(start: &P::State, f0: u32) -> Self {
        Self {
            start_state: start.clone(),
            clock: Instant::now(),
            solutions: Vec::new(),
            best: None,
            history: Vec::new(),
            min_fitness: f0,
        }
    }

    pub(crate) fn see(&mut self, f: u32) {
        self.min_fitness = self.min_fitness.min(f);
    }

    pub(crate) fn iteration(&mut self, best: u32, mean: f64) {
        self.history.push(IterationStat { best, mean });
    }

    /// Records agent `agent` solving at `iteration` with `moves`, after checking them.
    pub(crate) fn solved(
        &mut self,
        puzzle: &P,
        agent: usize,
        iteration: u64,
        moves: &[P::Move],
    ) -> Result<(), SwarmError> {
        let mut s = self.start_state.clone();
        puzzle.apply_all(&mut s, moves);
        if !puzzle.is_solved(&s) {
            return Err(SwarmError::Unverified { agent });
        }
        self.min_fitness = 0;
        self.solutions.push(AgentSolution {
            agent,
            iteration,
            length: moves.len(),
            elapsed: self.clock.elapsed(),
        });
        if self.best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            self.best = Some(moves.to_vec());
        }
        Ok(())
    }

    pub(crate) fn finish<F>(
        self,
        f0: u32,
        iterations: u64,
        fallback: Vec<P::Move>,
        ev: &Evaluator<F>,
    ) -> SwarmOutcome<P::Move> {
        SwarmOutcome {
            solved: self.best.is_some(),
            solution: self.best.unwrap_or(fallback),
            initial_fitness: f0,
            min_fitness: self.min_fitness,
            iterations,
            nfe: ev.nfe(),
            agent_solutions: self.solutions,
            history: self.history,
            elapsed: self.clock.elapsed(),
        }
    }
}

/// η of a fitness: `1/f`, and 9,999,999 for a solved state (the seed's convention).
pub(crate) fn eta(f: u32) -> f64 {
    if f == 0 {
        9_999_999.0
    } else {
        1.0 / f64::from(f)
    }
}

/// The seed's roulette wheel: normalise the weights, sort them ascending, and take the
/// first whose running sum reaches a uniform draw. Returns an index into `weights`.
pub(crate) fn roulette<R: rand::Rng + ?Sized>(weights: &[f64], rng: &mut R) -> usize {
    let total: f64 = weights.iter().filter(|w| w.is_finite() && **w > 0.0).sum();
    if !(total > 0.0 && total.is_finite()) {
        return rng.random_range(0..weights.len().max(1));
    }
    let mut order: Vec<(f64, usize)> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| (if w.is_finite() && w > 0.0 { w / total } else { 0.0 }, i))
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
    let r: f64 = rng.random();
    let mut acc = 0.0;
    for &(p, i) in &order {
        acc += p;
        if acc >= r {
            return i;
        }
    }
    order.last().map_or(0, |&(_, i)| i)
}
