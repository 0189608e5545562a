//! The optimal 2x2x2 supercube solver: a full distance table (88,179,840 states, 42 MiB),
//! answers in microseconds, in the supercube's own metric (every slice turn counts one).

use super::need;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::{OptionSpec, Resolved};
use std::sync::Arc;
use twisty_core::supercube::{SuperMove, Supercube, SupercubeState};
use twisty_solvers::supercube2::{spec, Supercube2Optimal};
use twisty_solvers::Solver;

/// Estimated build time per entry on two cores (about 10 s for the table).
const SECS_PER_ENTRY: f64 = 1.2e-7;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "optimal",
    aliases: &["table"],
    family: PuzzleFamily::Supercube2,
    default: true,
    optimal: true,
    multithreaded: false,
    moves: false,
    summary:
        "optimal 2x2x2 supercube by a full distance table (88,179,840 states, slice turns counted one each)",
    max_length: 30,
    options: Vec::<OptionSpec>::new,
    tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: &[],
    runner: Runner::Supercube(run),
};

fn tables(_: &Resolved) -> Vec<TableNeed> {
    vec![need(spec(), SECS_PER_ENTRY)]
}

/// The loaded table.
pub(crate) fn load(ctx: &Ctx<'_>) -> Result<Arc<Supercube2Optimal>, EngineError> {
    ctx.load(
        "supercube2/optimal",
        "the 2x2x2 supercube distance table",
        &[need(spec(), SECS_PER_ENTRY)],
        |cache, progress| {
            let s = Supercube2Optimal::with_progress(cache, progress)?;
            let origin = vec![(spec().file_name(), s.origin.clone())];
            Ok((s, origin))
        },
    )
}

fn run(ctx: &Ctx<'_>, cube: &Supercube, state: &SupercubeState) -> RunResult<SuperMove> {
    if cube.n != 2 {
        return Err(EngineError::usage(format!(
            "the optimal supercube solver takes the 2x2x2 only, not the {0}x{0}x{0}",
            cube.n
        )));
    }
    let solver = load(ctx)?;
    Ok(Answer::one(solver.solve(cube, state, &ctx.limits)?))
}
