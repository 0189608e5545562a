//! The optimal 3x3x3 solver: IDA* over pattern databases or the symmetry-reduced coset
//! table (`best`).

use super::{bound_reporter, need, with_bound_progress};
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::{OptionSpec, Resolved};
use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_search::Origin;
use twisty_solvers::optimal::cube3::{Cube3Optimal, HeuristicKind};

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "optimal",
    aliases: &["ida", "korf"],
    family: PuzzleFamily::Cube3,
    default: false,
    optimal: true,
    multithreaded: true,
    moves: true,
    summary: "optimal (fewest moves) by IDA*; `best` (2.4 GiB, built once) takes seconds per random state",
    max_length: 30,
    options,
    tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: HEURISTICS,
    runner: Runner::Cube3(run),
};

const HEURISTICS: &[&str] = &[
    "best",
    "best-tiny",
    "h48-7",
    "h48-8",
    "h48-7-quick",
    "h48-tiny",
    "korf",
    "korf-inverse",
    "small",
    "small-inverse",
];

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "heuristic",
            HEURISTICS,
            "best",
            "the pattern databases or coset table guiding the search",
        ),
        OptionSpec::flag("all", "every optimal solution, not only the first"),
    ]
}

fn kind(o: &Resolved) -> Result<HeuristicKind, EngineError> {
    let name = o.str("heuristic").unwrap_or("best");
    HeuristicKind::parse(name).ok_or_else(|| EngineError::usage(format!("unknown 3x3x3 heuristic `{name}`")))
}

/// Build seconds per entry on two idle cores (BENCHMARKS.md).
fn rate(k: HeuristicKind) -> f64 {
    match k {
        HeuristicKind::Best | HeuristicKind::BestTiny => 1.2e-7,
        // Measured: 3 min 10 s for 15.0 G entries (h48-7-quick, under load); 8 min 44 s for
        // h48-7 (15.5 G slots); 14 min 22 s for h48-8 (31.1 G slots).
        HeuristicKind::H48_7Quick | HeuristicKind::H48Tiny => 1.3e-8,
        HeuristicKind::H48_7 => 3.4e-8,
        HeuristicKind::H48_8 => 2.8e-8,
        // Measured: 90 s for the Korf databases (1.11 G entries) on two cores.
        _ => 8.0e-8,
    }
}

fn tables(o: &Resolved) -> Vec<TableNeed> {
    kind(o)
        .map(|k| k.specs().into_iter().map(|s| need(s, rate(k))).collect())
        .unwrap_or_default()
}

pub(crate) fn load(ctx: &Ctx<'_>) -> Result<std::sync::Arc<Cube3Optimal>, EngineError> {
    let k = kind(ctx.options)?;
    if ctx.limits.moves.is_some() && k.name().starts_with("h48") {
        // Refused before its tables are built or loaded (the solver refuses it too).
        return Err(EngineError::usage(format!(
            "the {} heuristic searches the position and its inverse together and cannot keep to a move set: use `best`, `korf`, `korf-inverse`, `small` or `small-inverse`",
            k.name()
        )));
    }
    let needs = tables(ctx.options);
    ctx.load(
        &format!("3x3/{}", k.name()),
        "the optimal 3x3x3 solver",
        &needs,
        |cache, progress| {
            let s = Cube3Optimal::new(cache, k, progress)?;
            let origins: Vec<(String, Origin)> = s
                .tables()
                .iter()
                .map(|t| (t.table.spec.file_name(), t.origin.clone()))
                .collect();
            Ok((s, origins))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let solver = load(ctx)?;
    let all = ctx.options.flag("all");
    let start = web_time::Instant::now();
    let report = bound_reporter(ctx);
    let sols = with_bound_progress(ctx, |limits| solver.solve_with(state, limits, all, report))?;
    let mut details = serde_json::Map::new();
    if all {
        // A time limit or Ctrl-C inside the optimal bound returns the solutions found so
        // far: say there may be more whenever either came (at worst a complete list is
        // flagged as possibly incomplete).
        let timed_out = ctx.limits.timeout.is_some_and(|t| start.elapsed() >= t);
        let complete = !(ctx.limits.cancelled() || timed_out);
        details.insert("all_complete".into(), serde_json::Value::Bool(complete));
    }
    Ok(Answer {
        solutions: sols,
        details,
        seed: None,
    })
}
