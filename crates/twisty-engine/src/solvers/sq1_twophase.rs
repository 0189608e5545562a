//! The Square-1's two-phase solver (default): the shape to a cube first, then the pieces, in
//! the WCA's twist metric (each `/` counts 1, turns of the layers none).

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::options::OptionSpec;
use std::sync::{Arc, OnceLock};
use twisty_core::sq1::{Sq1, Sq1Move, Sq1State};
use twisty_solvers::sq1::{Sq1TwoPhase, MAX_TWISTS};
use twisty_solvers::Solver;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "two-phase",
    aliases: &["twophase", "sq12phase"],
    family: PuzzleFamily::Sq1,
    default: true,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "two-phase Square-1 solver in the twist metric (each / counts 1): the shape to a cube, then the pieces; a node budget, not a clock, so an answer depends on the state alone",
    max_length: MAX_TWISTS,
    options: Vec::<OptionSpec>::new,
    tables: |_| Vec::new(),
    prepare: |_| {
        solver();
        Ok(())
    },
    heuristics: &[],
    runner: Runner::Sq1(run),
};

/// The solver and its tables (the shapes and the cube-shaped states' pruning tables, built
/// in memory in well under a second), made once per process.
pub(crate) fn solver() -> Arc<Sq1TwoPhase> {
    static SOLVER: OnceLock<Arc<Sq1TwoPhase>> = OnceLock::new();
    SOLVER.get_or_init(|| Arc::new(Sq1TwoPhase::new())).clone()
}

fn run(ctx: &Ctx<'_>, state: &Sq1State) -> RunResult<Sq1Move> {
    Ok(Answer::one(solver().solve(&Sq1, state, &ctx.limits)?))
}
