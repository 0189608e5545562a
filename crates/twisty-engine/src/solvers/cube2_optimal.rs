//! The optimal 2x2x2 solver: a full distance table (1.8 MiB), answers in microseconds.

use super::need;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::options::{OptionSpec, Resolved};
use twisty_core::cube2::{Cube2, Cube2Move, Cube2State};
use twisty_core::Metric;
use twisty_solvers::optimal::cube2::{spec, Cube2Optimal};
use twisty_solvers::Solver;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "optimal",
    aliases: &["table"],
    family: PuzzleFamily::Cube2,
    default: true,
    optimal: true,
    multithreaded: false,
    moves: true,
    summary: "optimal by a full distance table (3,674,160 states, built in about a second)",
    max_length: 30,
    options: Vec::<OptionSpec>::new,
    tables,
    prepare: |ctx| load(ctx, ctx.limits.metric).map(|_| ()),
    heuristics: &[],
    runner: Runner::Cube2(run),
};

fn tables(_: &Resolved) -> Vec<TableNeed> {
    vec![need(spec(Metric::Htm), 3.0e-7)]
}

/// The loaded table for `metric`.
pub(crate) fn load(
    ctx: &Ctx<'_>,
    metric: Metric,
) -> Result<std::sync::Arc<Cube2Optimal>, crate::EngineError> {
    let key = match metric {
        Metric::Qtm => "2x2/optimal-qtm",
        _ => "2x2/optimal-htm",
    };
    ctx.load(
        key,
        "the 2x2x2 distance table",
        &[need(spec(metric), 3.0e-7)],
        |cache, progress| {
            let s = Cube2Optimal::with_progress(cache, metric, progress)?;
            let origin = vec![(spec(metric).file_name(), s.origin.clone())];
            Ok((s, origin))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &Cube2State) -> RunResult<Cube2Move> {
    let solver = load(ctx, ctx.limits.metric)?;
    Ok(Answer::one(solver.solve(&Cube2, state, &ctx.limits)?))
}
