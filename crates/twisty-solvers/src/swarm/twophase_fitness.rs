//! The paper's fitness: length (HTM) of the first two-phase solution of at most 20 moves.
//!
//! Two departures from a plain call of the two-phase search, both optional:
//! - **Varying evaluations.** The seed's fitness raced six threads, so one state could get
//!   different lengths from call to call, and `n`-fold averaging made sense. Our search is
//!   deterministic; to vary it without touching it, each evaluation may first conjugate the
//!   state by a random whole-cube symmetry ([`SymmetrySet`]): the conjugate has a solution of
//!   the same length for every solution of the original, but the search meets them in
//!   another order, so the first one found differs.
//! - **Capped evaluations.** A few states take the search milliseconds or more to reach a
//!   solution of ≤ 20 moves. With a node budget, such an evaluation stops early and returns
//!   the *fallback* `max_length + 1` (21 by default), i.e. "no solution within the bound
//!   found"; the number of capped evaluations is counted. Fidelity cost: a capped state looks
//!   worse than it is (it would have scored at most 20); the metaheuristics then prefer its
//!   siblings, which is what they do anyway with states whose fitness is 20 or more.

use super::symmetry::{CubeSymmetry, SymmetrySet};
use super::{Fitness, SwarmError};
use crate::twophase::{SearchContext, TwoPhase};
use crate::{Limits, SolveError};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::Puzzle;
use web_time::Instant;

/// Default node budget of one evaluation (see the module docs); a typical evaluation
/// generates a few thousand nodes.
pub const DEFAULT_NODE_CAP: u64 = 50_000;

/// First two-phase solution length within `max_length` moves (paper: 20).
/// One instance per thread; the tables are shared.
#[derive(Debug)]
pub struct TwoPhaseFitness {
    ctx: SearchContext,
    limits: Limits,
    max_length: u32,
    symmetries: Vec<CubeSymmetry>,
    rng: Xoshiro256PlusPlus,
    capped: u64,
    nodes: u64,
    /// When the run using this fitness must stop (see [`Fitness::stop_at`]).
    deadline: Option<Instant>,
}

impl TwoPhaseFitness {
    /// A fitness over the shared two-phase tables of `solver`, uncapped and deterministic.
    pub fn new(solver: &TwoPhase, max_length: u32) -> Self {
        Self {
            ctx: solver.context(),
            limits: Limits::default(),
            max_length,
            symmetries: SymmetrySet::Identity.members(),
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            capped: 0,
            nodes: 0,
            deadline: None,
        }
    }

    /// Caps every evaluation at `nodes` search nodes (`None`: no cap).
    pub fn with_node_cap(mut self, nodes: Option<u64>) -> Self {
        self.limits.max_nodes = nodes;
        self
    }

    /// Conjugates each evaluated state by a symmetry drawn from `set` with a generator
    /// seeded by `seed`.
    pub fn with_symmetries(mut self, set: SymmetrySet, seed: u64) -> Self {
        self.symmetries = set.members();
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self
    }

    /// Evaluations stopped by the node cap so far.
    pub fn capped(&self) -> u64 {
        self.capped
    }

    /// Search nodes generated so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Fitness<Cube3> for TwoPhaseFitness {
    fn stop_at(
        &mut self,
        deadline: Option<Instant>,
        cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) {
        self.deadline = deadline;
        self.limits.cancel = cancel;
    }

    fn eval(&mut self, puzzle: &Cube3, state: &CubieCube) -> Result<u32, SwarmError> {
        if puzzle.is_solved(state) {
            return Ok(0);
        }
        let conj;
        let target = if self.symmetries.len() > 1 {
            let k = self.rng.random_range(0..self.symmetries.len());
            conj = self.symmetries[k].conjugate(state);
            &conj
        } else {
            state
        };
        let now = Instant::now();
        if let Some(d) = self.deadline {
            self.limits.timeout = Some(d.saturating_duration_since(now));
        }
        let result = self
            .ctx
            .solve(target, self.max_length, &self.limits, now)
            .map(|s| s.len() as u32);
        self.nodes += self.ctx.nodes();
        match result {
            Ok(n) => Ok(n),
            Err(SolveError::Cancelled { .. }) => Err(SwarmError::Cancelled),
            Err(SolveError::Timeout { .. }) if self.deadline.is_some_and(|d| Instant::now() >= d) => {
                Err(SwarmError::Timeout)
            }
            Err(SolveError::Timeout { .. }) | Err(SolveError::NoSolutionWithin { .. }) => {
                self.capped += 1;
                Ok(self.max_length + 1)
            }
            Err(e) => Err(SwarmError::Fitness(e.to_string())),
        }
    }
}
