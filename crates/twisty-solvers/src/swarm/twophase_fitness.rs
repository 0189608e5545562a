//! The paper's fitness: length (HTM) of the first two-phase solution of at most
//! 20 moves.

use super::{Fitness, SwarmError};
use crate::twophase::{SearchContext, TwoPhase};
use crate::Limits;
use std::time::Instant;
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::Puzzle;

/// First two-phase solution length within `max_length` moves (paper: 20).
/// One instance per thread; the tables are shared.
#[derive(Debug)]
pub struct TwoPhaseFitness {
    ctx: SearchContext,
    limits: Limits,
    max_length: u32,
}

impl TwoPhaseFitness {
    /// A fitness over the shared two-phase tables of `solver`.
    pub fn new(solver: &TwoPhase, max_length: u32) -> Self {
        Self {
            ctx: solver.context(),
            limits: Limits::default(),
            max_length,
        }
    }
}

impl Fitness<Cube3> for TwoPhaseFitness {
    fn eval(&mut self, puzzle: &Cube3, state: &CubieCube) -> Result<u32, SwarmError> {
        if puzzle.is_solved(state) {
            return Ok(0);
        }
        let sol = self
            .ctx
            .solve(state, self.max_length, &self.limits, Instant::now())
            .map_err(|e| SwarmError::Fitness(e.to_string()))?;
        Ok(sol.len() as u32)
    }
}
