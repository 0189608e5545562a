//! The optimal clock solver: fewest moves in the WCA's count, by linear algebra over Z/12
//! (no tables).

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::OptionSpec;
use std::sync::{Arc, OnceLock};
use twisty_core::clock::{Clock, ClockMove, ClockState};
use twisty_solvers::clock::ClockOptimal;
use twisty_solvers::Solver;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "optimal",
    aliases: &["linear"],
    family: PuzzleFamily::Clock,
    default: true,
    optimal: true,
    multithreaded: false,
    moves: false,
    summary: "optimal in the WCA's move count (each pin setting turned counts 1, y2 none): every solution of the dials' linear equations over Z/12, the fewest moves kept",
    max_length: 18,
    options: Vec::<OptionSpec>::new,
    tables: |_| Vec::new(),
    prepare: |_| solver().map(|_| ()),
    heuristics: &[],
    runner: Runner::Clock(run),
};

/// The solver, made once per process (a 9×9 inverse over Z/12).
pub(crate) fn solver() -> Result<Arc<ClockOptimal>, EngineError> {
    static SOLVER: OnceLock<Option<Arc<ClockOptimal>>> = OnceLock::new();
    SOLVER
        .get_or_init(|| ClockOptimal::new().ok().map(Arc::new))
        .clone()
        .ok_or_else(|| {
            EngineError::new(
                crate::ErrorKind::Internal,
                "the clock's pin settings are not invertible over Z/12",
            )
        })
}

fn run(ctx: &Ctx<'_>, state: &ClockState) -> RunResult<ClockMove> {
    Ok(Answer::one(solver()?.solve(&Clock, state, &ctx.limits)?))
}
