//! Thistlethwaite's four-phase solver (3x3x3), as seed 003 reproduces it.

use super::need;
use crate::catalog::TableNeed;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::{OptionSpec, Resolved};
use std::sync::Arc;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_search::TableSpec;
use twisty_solvers::thistlethwaite::cache::{corner_spec, phase_spec};
use twisty_solvers::thistlethwaite::Thistlethwaite;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "thistlethwaite",
    aliases: &["tw", "staged"],
    family: PuzzleFamily::Cube3,
    default: false,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "Thistlethwaite's four nested subgroups, one IDA* per phase (≤ 52 moves; about 30 typical)",
    max_length: 100,
    options,
    tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: &[],
    runner: Runner::Cube3(run),
};

fn options() -> Vec<OptionSpec> {
    vec![OptionSpec::int(
        "search_phases",
        1,
        64,
        Some(1),
        "try up to K solutions of each phase and keep the shortest total (1 = the classic algorithm; time grows about as K³)",
    )]
}

fn specs() -> Vec<TableSpec> {
    let mut v = vec![corner_spec()];
    v.extend((0..4).map(phase_spec));
    v
}

fn tables(_: &Resolved) -> Vec<TableNeed> {
    specs().into_iter().map(|s| need(s, 1.0e-7)).collect()
}

fn load(ctx: &Ctx<'_>) -> Result<Arc<Thistlethwaite>, EngineError> {
    ctx.load(
        "3x3/thistlethwaite",
        "the Thistlethwaite solver",
        &tables(ctx.options),
        |cache, progress| {
            let (s, origins) = Thistlethwaite::from_cache(cache, progress)?;
            let names = specs().into_iter().map(|s| s.file_name());
            Ok((s, names.zip(origins).collect()))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let k = ctx.options.usize("search_phases").unwrap_or(1);
    let sol = load(ctx)?.solve_with(&Cube3, state, &ctx.limits, k)?;
    Ok(Answer::one(sol))
}
