//! Kociemba's two-phase solver (3x3x3, default): a near-optimal answer in milliseconds.

use super::need;
use crate::catalog::TableNeed;
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::EngineError;
use crate::options::{OptionSpec, Resolved};
use std::sync::Arc;
use std::time::Duration;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_search::{Origin, TableSpec};
use twisty_solvers::optimal::cube3::HeuristicKind;
use twisty_solvers::twophase::cache::{offsets_spec, perimeter_spec, tables_spec};
use twisty_solvers::twophase::large::cache as large;
use twisty_solvers::twophase::{Known, SearchPlan, TwoPhase, DEFAULT_MAX_LENGTH};
use twisty_solvers::{Limits, SolveError};
use web_time::Instant;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "two-phase",
    aliases: &["twophase", "kociemba"],
    family: PuzzleFamily::Cube3,
    default: true,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "Kociemba's two-phase algorithm: ≤ 21 moves (or --max-length) in about a millisecond",
    max_length: 40,
    options,
    tables,
    // Tables got ready ahead of solves serve many of them: the large ones when cached.
    prepare: |ctx| load_for(ctx, true).map(|_| ()),
    heuristics: TABLE_SETS,
    runner: Runner::Cube3(run),
};

/// The table sets (values of the `tables` option that name one): `twisty tables build
/// --heuristic two-phase-large` builds the large one.
const TABLE_SETS: &[&str] = &["light", "small", "large"];

/// The improvement budget of a single solve, in milliseconds (a batch's is 0): over 100
/// random states it takes the mean answer from about 20.5 to under 19 moves (BENCHMARKS.md),
/// and nobody waiting for one answer notices it.
pub const DEFAULT_BUDGET_MS: i64 = 70;

/// The `target` of a batch: the first answer within 20 moves (God's number: every state
/// has one). Deterministic (no clock); over 20,000 random-state scrambles the mean length is
/// 19.78 where the first answer within 21 moves gives 20.7, and the search with the tighter
/// bound costs less than a search within 21 moves that keeps probing for shorter ones
/// (BENCHMARKS.md, "Default path").
pub const BATCH_TARGET: i64 = 20;

/// The `state_depth` of a batch: the complete search on a state far from solved costs
/// under a tenth of a millisecond to 8 moves, tens of milliseconds to 12 (BENCHMARKS.md).
pub const BATCH_STATE_DEPTH: i64 = 8;

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "tables",
            &["auto", "light", "small", "large"],
            "auto",
            "light: the pair tables only (1.3 MB, built in about a second): the short-answer pass goes to 9 moves, not 12; small: adds the short-answer pass's tables (79 MiB: the positions within 6 moves and the corner database), so inputs of up to 12 moves get optimal answers; large: adds the full phase-1 table and its closer moves (576 MB, built once in about 10 s), tens of times fewer phase-1 nodes; auto: large when its files are in the table cache and it serves many solves (a batch, a server, Python), light on an engine with no table directory (the browser: tables built on every visit) unless the small tables are loaded, small otherwise",
        ),
        OptionSpec::int(
            "probes",
            0,
            1_000_000_000,
            Some(0),
            "after the first solution, keep searching for shorter ones until this many phase-2 searches were tried (deterministic: the same answers on every machine)",
        ),
        OptionSpec::int(
            "target",
            0,
            40,
            Some(0),
            "the first answer searched for has at most this many moves (0: none; when no answer is that short, one within --max-length). A batch's default, 20, is God's number: every state has such an answer, random states get 19.8 moves on average at a fraction of a millisecond each",
        )
        .batch_default(BATCH_TARGET),
        OptionSpec::int(
            "budget",
            0,
            3_600_000,
            Some(DEFAULT_BUDGET_MS),
            "after the first solution, keep searching for shorter ones for up to this many milliseconds from the start and answer the shortest found (marked optimal only if the search proved it; 0: the first solution, for throughput)",
        )
        .batch_default(0),
        OptionSpec::int(
            "short_depth",
            0,
            12,
            Some(12),
            "inputs of up to this many moves (after cancellation) get an optimal answer: a complete search to their length first (longer inputs skip it; 0: never)",
        ),
        OptionSpec::int(
            "state_depth",
            0,
            12,
            Some(12),
            "a state (no moves to count) gets an optimal answer when its optimum is at most this many moves: a complete search below the two-phase answer's length (12: tens of milliseconds on a far state; 8: well under one; 0: none)",
        )
        .batch_default(BATCH_STATE_DEPTH),
        OptionSpec::int(
            "count",
            1,
            100,
            Some(1),
            "answer with up to this many solutions, each shorter than the one before, shortest first (searched for within --timeout, default 1 s)",
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

/// The files of the large mode beyond the small mode's (entries, classes, closer moves).
fn large_needs() -> Vec<TableNeed> {
    vec![
        need(large::table_spec(), 4.0e-8),
        need(large::sym_spec(), 1.0e-7),
        need(large::down_spec(), 5.0e-9),
    ]
}

fn tables(o: &Resolved) -> Vec<TableNeed> {
    if o.str("tables") == Some("light") {
        return vec![need(tables_spec(), 1.0e-7)];
    }
    let mut out: Vec<TableNeed> = specs().into_iter().map(|s| need(s, 1.0e-7)).collect();
    if o.str("tables") == Some("large") {
        out.extend(large_needs());
    }
    out
}

/// The engine's key of the large-table solver.
const LARGE_KEY: &str = "3x3/two-phase-large";

/// The two-phase solver for one solve as the `tables` option says (see [`load_for`]).
pub(crate) fn load(ctx: &Ctx<'_>) -> Result<Arc<TwoPhase>, EngineError> {
    load_for(ctx, false)
}

/// The two-phase solver as the `tables` option says: the small tables, or the small ones
/// and the full phase-1 table. `auto` takes the large tables when their entries and classes
/// are in the cache and they pay for their loading (hundreds of milliseconds and hundreds
/// of megabytes, where one solve on the small tables takes about a millisecond): when they
/// will serve `many` solves or a batch ([`crate::Purpose::Batch`]), or are loaded in this
/// process already (a server, Python). A file there that does not load is an error, not a
/// silent fall-back.
pub(crate) fn load_for(ctx: &Ctx<'_>, many: bool) -> Result<Arc<TwoPhase>, EngineError> {
    match ctx.options.str("tables").unwrap_or("auto") {
        "light" => return load_light(ctx),
        // No table directory: the small tables would be built again on every visit.
        "auto" if ctx.engine.cache().is_in_memory() && !ctx.engine.is_loaded(SMALL_KEY) => {
            return load_light(ctx)
        }
        _ => {}
    }
    let small = load_small(ctx)?;
    let pays = many || ctx.purpose == crate::Purpose::Batch || ctx.engine.is_loaded(LARGE_KEY);
    let build = match ctx.options.str("tables").unwrap_or("auto") {
        "small" => return Ok(small),
        "large" => true,
        // The closer moves are derived from the entries when their file is missing.
        _ if pays && ctx.engine.cached(&large_needs()[..2]) => false,
        _ => return Ok(small),
    };
    let key = LARGE_KEY;
    let needs: Vec<TableNeed> = if build { large_needs() } else { Vec::new() };
    ctx.load(key, "the two-phase solver's large tables", &needs, |cache, progress| {
        let (full, origins) = if build {
            large::load_or_build(cache, small.tables(), progress)?
        } else {
            let full = large::load(cache, small.tables())
                .map_err(|e| {
                    EngineError::tables(format!(
                        "{e}; rebuild it with `twisty tables build --heuristic two-phase-large`, or solve with --option tables=small"
                    ))
                })?
                .ok_or_else(|| EngineError::tables("the two-phase large tables left the cache while loading"))?;
            (full.0, [Origin::Loaded, Origin::Loaded, full.1])
        };
        let names = [
            large::table_spec().file_name(),
            large::sym_spec().file_name(),
            large::down_spec().file_name(),
        ];
        let solver = (*small).clone().with_large(Arc::new(full));
        Ok((solver, names.into_iter().zip(origins).collect()))
    })
}

/// The engine's key of the small-table solver.
const SMALL_KEY: &str = "3x3/two-phase";

/// The two-phase solver on the pair tables alone (`tables=light`): 1.3 MB, about a second
/// to build, a short-answer pass of [`twisty_solvers::twophase::PLAIN_SHORT_DEPTH`] moves.
pub(crate) fn load_light(ctx: &Ctx<'_>) -> Result<Arc<TwoPhase>, EngineError> {
    ctx.load(
        "3x3/two-phase-light",
        "the two-phase solver's pair tables",
        &[need(tables_spec(), 1.0e-7)],
        |cache, progress| {
            let (s, origins) = TwoPhase::from_cache_plain(cache, progress)?;
            Ok((
                s,
                std::iter::once(tables_spec().file_name()).zip(origins).collect(),
            ))
        },
    )
}

/// The two-phase solver on the small tables from the cache (the corner table and the table
/// of positions within 6 moves make answers to inputs of up to 12 moves optimal).
pub(crate) fn load_small(ctx: &Ctx<'_>) -> Result<Arc<TwoPhase>, EngineError> {
    ctx.load(
        SMALL_KEY,
        "the two-phase solver",
        &specs().into_iter().map(|s| need(s, 1.0e-7)).collect::<Vec<_>>(),
        |cache, progress| {
            let (s, origins) = TwoPhase::from_cache(cache, progress)?;
            let names = specs().into_iter().map(|s| s.file_name());
            Ok((s, names.zip(origins).collect()))
        },
    )
}

fn run(ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let max_length = ctx.limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
    // `target`: a tighter bound for the first answer (the budget and probes then look
    // below it, as below any first answer).
    let target = ctx.options.u64("target").unwrap_or(0);
    let limits = Limits {
        max_length: Some(match u32::try_from(target) {
            Ok(t) if t > 0 => max_length.min(t),
            _ => max_length,
        }),
        ..ctx.limits.clone()
    };
    let probes = ctx.options.u64("probes").unwrap_or(0);
    let short_depth = ctx.options.usize("short_depth").unwrap_or(12);
    let state_depth = ctx.options.usize("state_depth").unwrap_or(12);
    let budget = ctx.options.u64("budget").unwrap_or(0);
    // The budget counts from the start of the search, after the tables are loaded.
    let solver = load(ctx)?;
    let plan = SearchPlan {
        min_probes: probes,
        improve_until: (budget > 0).then(|| Instant::now() + Duration::from_millis(budget)),
        // One thread unless the request asks for more (so answers stay reproducible by
        // default): every search's subtrees shared out over them.
        threads: ctx.limits.threads.unwrap_or(1),
    };
    // The short-answer pass only where it can matter: on an input of up to `short_depth`
    // moves, or on a state below its two-phase answer's length.
    let known = ctx.input_length.map_or(Known::State, Known::Moves);
    let short = match known {
        Known::Moves(_) => short_depth,
        Known::State => state_depth,
    };
    let sol = match solver.solve_known(&Cube3, state, &limits, &plan, short, known) {
        // A target is a goal, not a limit: none that short, the bound is `--max-length`.
        Err(SolveError::NoSolutionWithin { .. }) if limits.max_length < Some(max_length) => {
            let full = Limits {
                max_length: Some(max_length),
                ..limits.clone()
            };
            solver.solve_known(&Cube3, state, &full, &plan, short, known)?
        }
        r => r?,
    };
    let count = ctx.options.usize("count").unwrap_or(1);
    if count <= 1 {
        return Ok(Answer::one(sol));
    }
    // `count`: shorter and shorter solutions, each below the last, until the time is up.
    let until = Instant::now() + ctx.limits.timeout.unwrap_or(Duration::from_secs(1));
    let mut sols = vec![sol];
    while sols.len() < count {
        let best = sols.last().map_or(0, |s| s.length);
        let left = until.saturating_duration_since(Instant::now());
        if best == 0 || left.is_zero() {
            break;
        }
        let shorter = Limits {
            max_length: Some(best - 1),
            timeout: Some(left),
            ..limits.clone()
        };
        match solver.solve_known(&Cube3, state, &shorter, &plan, short, known) {
            Ok(s) => sols.push(s),
            Err(_) => break,
        }
    }
    sols.reverse();
    Ok(Answer {
        solutions: sols,
        details: serde_json::Map::new(),
        seed: None,
    })
}
