//! The fast Kilominx solver: three phases of piece tables, then shorter solutions until
//! the time budget ends.

use super::need;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::options::{OptionSpec, Resolved};
use std::sync::Arc;
use std::time::Duration;
use twisty_core::kilominx::{KiloMove, KiloState};
use twisty_solvers::kilominx_fast::{specs, KilominxFast};

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "fast",
    aliases: &["multi-phase", "phases"],
    family: PuzzleFamily::Kilominx,
    default: true,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "multi-phase Kilominx solver: a first solution in milliseconds, shorter ones until the time budget (default 1 s)",
    max_length: 200,
    options,
    tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: &[],
    runner: Runner::Kilominx(run),
};

/// The improvement budget in milliseconds: shorter solutions are looked for this long
/// (at most the time limit), whatever the time limit (the web page's is 10 s).
pub const DEFAULT_BUDGET_MS: i64 = 1000;

fn options() -> Vec<OptionSpec> {
    vec![OptionSpec::int(
        "budget",
        1,
        3_600_000,
        Some(DEFAULT_BUDGET_MS),
        "after the first solution, keep searching for shorter ones for up to this many milliseconds (at most the time limit; the report's `stopped` says what ended the search)",
    )]
}

fn tables(_: &Resolved) -> Vec<TableNeed> {
    specs().into_iter().map(|s| need(s, 5.0e-8)).collect()
}

/// The loaded solver.
pub(crate) fn load(ctx: &Ctx<'_>) -> Result<Arc<KilominxFast>, crate::EngineError> {
    ctx.load(
        "kilominx/fast",
        "the fast Kilominx solver",
        &tables(ctx.options),
        |cache, progress| {
            let s = KilominxFast::new(cache, progress)?;
            let origins = s
                .origins()
                .into_iter()
                .map(|(spec, o)| (spec.file_name(), o))
                .collect();
            Ok((s, origins))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &KiloState) -> RunResult<KiloMove> {
    let solver = load(ctx)?;
    let budget = ctx.options.u64("budget").unwrap_or(DEFAULT_BUDGET_MS as u64);
    let (sol, why) = solver.solve_within(state, &ctx.limits, Some(Duration::from_millis(budget)))?;
    let mut answer = Answer::one(sol);
    answer.details.insert("stopped".into(), why.name().into());
    Ok(answer)
}

/// Node budget of the search for shorter solutions in a random-state scramble (about
/// 20 ms; a node budget, not a time budget, so that a seed always gives the same scramble).
const SCRAMBLE_NODES: u64 = 20_000;

/// The inverse of a fast solution of `state`: a scramble that produces it.
pub(crate) fn scramble(
    engine: &crate::Engine,
    state: &KiloState,
) -> Result<Vec<KiloMove>, crate::EngineError> {
    use twisty_core::kilominx::Kilominx;
    use twisty_core::Puzzle;
    let options = Resolved::default();
    let ctx = Ctx {
        engine,
        options: &options,
        limits: twisty_solvers::Limits {
            max_nodes: Some(SCRAMBLE_NODES),
            timeout: Some(std::time::Duration::from_secs(60)),
            ..Default::default()
        },
        observer: &crate::Quiet,
        seed: None,
        tables_seconds: Default::default(),
        input_length: None,
        purpose: Default::default(),
        used: Default::default(),
    };
    let sol = load(&ctx)?.solve_state(state, &ctx.limits)?;
    Ok(Kilominx.invert_all(&sol.moves))
}
