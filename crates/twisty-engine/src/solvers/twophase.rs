//! Kociemba's two-phase solver (3x3x3, default): a near-optimal answer in milliseconds.

use super::need;
use crate::catalog::TableNeed;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::{OptionSpec, Resolved};
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_search::TableSpec;
use twisty_solvers::optimal::cube3::HeuristicKind;
use twisty_solvers::twophase::cache::{offsets_spec, perimeter_spec, tables_spec};
use twisty_solvers::twophase::{SearchPlan, TwoPhase, DEFAULT_MAX_LENGTH};
use twisty_solvers::Limits;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "two-phase",
    aliases: &["twophase", "kociemba"],
    family: PuzzleFamily::Cube3,
    default: true,
    optimal: false,
    multithreaded: false,
    summary: "Kociemba's two-phase algorithm: ≤ 21 moves (or --max-length) in about a millisecond",
    max_length: 40,
    options,
    tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: &[],
    runner: Runner::Cube3(run),
};

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::int(
            "probes",
            0,
            1_000_000_000,
            Some(0),
            "after the first solution, keep searching for shorter ones until this many phase-2 searches were tried",
        ),
        OptionSpec::int(
            "budget",
            0,
            3_600_000,
            Some(0),
            "after the first solution, keep searching for shorter ones for up to this many milliseconds from the start and answer the shortest found (marked optimal only if the search proved it; 0: off)",
        ),
        OptionSpec::int(
            "short_depth",
            0,
            12,
            Some(12),
            "a complete search to this depth first, so inputs of up to this many moves get an optimal answer (12: about 20 ms on a random state; 0 skips it)",
        ),
    ]
}

fn specs() -> Vec<TableSpec> {
    vec![
        tables_spec(),
        perimeter_spec(),
        offsets_spec(),
        HeuristicKind::Small.specs().swap_remove(0),
    ]
}

fn tables(_: &Resolved) -> Vec<TableNeed> {
    specs().into_iter().map(|s| need(s, 1.0e-7)).collect()
}

/// The two-phase solver with its tables from the cache (the corner table and the table of
/// positions within 6 moves make answers to inputs of up to 12 moves optimal).
pub(crate) fn load(ctx: &Ctx<'_>) -> Result<Arc<TwoPhase>, EngineError> {
    ctx.load(
        "3x3/two-phase",
        "the two-phase solver",
        &tables(ctx.options),
        |cache, progress| {
            let (s, origins) = TwoPhase::from_cache(cache, progress)?;
            let names = specs().into_iter().map(|s| s.file_name());
            Ok((s, names.zip(origins).collect()))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let limits = Limits {
        max_length: Some(ctx.limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH)),
        ..ctx.limits.clone()
    };
    let probes = ctx.options.u64("probes").unwrap_or(0);
    let short = ctx.options.usize("short_depth").unwrap_or(12);
    let budget = ctx.options.u64("budget").unwrap_or(0);
    // The budget counts from the start of the search, after the tables are loaded.
    let solver = load(ctx)?;
    let plan = SearchPlan {
        min_probes: probes,
        improve_until: (budget > 0).then(|| Instant::now() + Duration::from_millis(budget)),
        // One thread unless the request asks for more (so answers stay reproducible by
        // default): the six searches split over them.
        threads: ctx.limits.threads.unwrap_or(1),
    };
    let sol = solver.solve_with_plan(&Cube3, state, &limits, &plan, short)?;
    Ok(Answer::one(sol))
}
