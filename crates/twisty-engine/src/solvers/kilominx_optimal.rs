//! The optimal Kilominx solver (seed 000's design, made faster): IDA* over face and
//! 6-cubie pattern databases.

use super::{bound_reporter, need, with_bound_progress};
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::options::{OptionSpec, Resolved};
use twisty_core::kilominx::{KiloMove, KiloState};
use twisty_solvers::optimal::kilominx::{
    heuristic_named, specs, KilominxOptimal, DEFAULT_HEURISTIC, HEURISTICS,
};

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "optimal",
    aliases: &["ida"],
    family: PuzzleFamily::Kilominx,
    default: false,
    optimal: true,
    multithreaded: true,
    moves: false,
    summary: "optimal Kilominx by IDA* over pattern databases (`best`: 6.9 GiB built once in about 15 min)",
    max_length: 40,
    options,
    tables,
    prepare: |ctx| load(ctx).map(|_| ()),
    heuristics: &HEURISTICS,
    runner: Runner::Kilominx(run),
};

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "heuristic",
            &HEURISTICS,
            DEFAULT_HEURISTIC,
            "best (two 6-cubie tables, each read through the rotations and reflections that keep UFL, for the state and its inverse), best-exact (the same two sets with exact 4-bit entries, 13.3 GiB: one read per inverse lookup), best-forward (the same tables for the state only), best-rotations (for the state, through the rotations only), faces, seed (the seed's own databases), sparse (small, tests) or best-mirror (the former name of best-forward)",
        ),
        OptionSpec::flag("all", "every optimal solution, not only the first"),
    ]
}

/// The heuristic the options select, former names resolved (so that `best-mirror` and
/// `best-forward` share one loaded solver).
fn heuristic(o: &Resolved) -> &'static str {
    o.str("heuristic")
        .and_then(heuristic_named)
        .unwrap_or(DEFAULT_HEURISTIC)
}

fn tables(o: &Resolved) -> Vec<TableNeed> {
    specs(heuristic(o))
        .unwrap_or_default()
        .into_iter()
        .map(|s| {
            let rate = if s.entry_bits == 2 { 3.0e-8 } else { 4.5e-8 };
            need(s, rate)
        })
        .collect()
}

pub(crate) fn load(ctx: &Ctx<'_>) -> Result<std::sync::Arc<KilominxOptimal>, crate::EngineError> {
    let h = heuristic(ctx.options);
    let needs = tables(ctx.options);
    ctx.load(
        &format!("kilominx/{h}"),
        "the optimal Kilominx solver",
        &needs,
        |cache, progress| {
            let s = KilominxOptimal::new_with_progress(cache, h, progress)?;
            let origins = s
                .pdbs()
                .iter()
                .map(|p| (p.spec().file_name(), p.origin.clone()))
                .collect();
            Ok((s, origins))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &KiloState) -> RunResult<KiloMove> {
    let solver = load(ctx)?;
    let mut report = bound_reporter(ctx);
    if !ctx.options.flag("all") {
        let sol = with_bound_progress(ctx, |limits| solver.solve_with(state, limits, |b| report(b)))?;
        return Ok(Answer::one(sol));
    }
    let all = with_bound_progress(ctx, |limits| solver.solve_all(state, limits, |b| report(b)))?;
    let mut details = serde_json::Map::new();
    // Stopped by the time limit or Ctrl-C inside the optimal bound: the solutions found so
    // far, and a flag saying there may be more.
    details.insert("all_complete".into(), serde_json::Value::Bool(all.complete));
    Ok(Answer {
        solutions: all.solutions,
        details,
        seed: None,
    })
}
