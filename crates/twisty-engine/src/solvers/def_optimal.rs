//! The optimal solver of puzzles given by a definition: IDA* over per-orbit coordinates and
//! their exact distance tables, built in memory to a cap on first use (per puzzle, per
//! process; not written to the table cache), pruned by the definition's canonical-sequence
//! automaton.
//!
//! A puzzle whose tables are too weak for its size (the megaminx, the 3x3x3 or 4x4x4 as a
//! definition, the FTO) is refused with what it would need, before any search, unless the
//! input is a move sequence short enough that the search stays within reach.

use super::{bound_reporter, with_bound_progress};
use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::{EngineError, ErrorKind};
use crate::observer::Event;
use crate::options::OptionSpec;
use serde_json::{json, Value};
use std::sync::Arc;
use twisty_core::def::{DefMove, DefPuzzle, DefState};
use twisty_core::Puzzle;
use twisty_solvers::def::{fingerprint, DefOptimal, DefTables, TableCaps};

/// Default memory for one puzzle's tables, in MiB.
pub const DEFAULT_MEMORY_MIB: i64 = 64;

/// The most search nodes a solve is expected to need (states ÷ table entries, Korf's
/// estimate) before the puzzle is refused as too large for these tables: about a minute of
/// search on two cores.
const MAX_EXPECTED_NODES: f64 = 3.0e9;

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "optimal",
    aliases: &["ida"],
    family: PuzzleFamily::Def,
    default: true,
    optimal: true,
    multithreaded: true,
    moves: true,
    summary: "optimal by IDA* over per-orbit distance tables built in memory (64 MiB by default) and the definition's canonical move sequences",
    max_length: 60,
    options,
    tables: super::no_tables,
    prepare: super::nothing_to_prepare,
    heuristics: &[],
    runner: Runner::Def(run),
};

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::int(
            "memory",
            1,
            1 << 16,
            Some(DEFAULT_MEMORY_MIB),
            "MiB of distance tables, built in memory on the puzzle's first solve in a process (not saved to the table cache)",
        ),
        OptionSpec::flag("all", "every optimal solution, not only the first"),
    ]
}

/// The memory for the tables: the option, within the engine's memory cap.
fn memory_bytes(ctx: &Ctx<'_>) -> u64 {
    let mib = ctx.options.u64("memory").unwrap_or(DEFAULT_MEMORY_MIB as u64);
    let asked = mib << 20;
    ctx.engine.config().max_memory.map_or(asked, |cap| asked.min(cap))
}

/// The solver for `p` with its tables built (once per puzzle and memory in a process).
pub(crate) fn load(ctx: &Ctx<'_>, p: &DefPuzzle) -> Result<Arc<(DefOptimal, Arc<DefTables>)>, EngineError> {
    let bytes = memory_bytes(ctx);
    let key = format!("def-{:016x}/optimal-{bytes}", fingerprint(p));
    if !ctx.engine.is_loaded(&key) {
        ctx.observer.event(&Event::Tables {
            message: format!(
                "building the distance tables of {} in memory (at most {} MiB)",
                p.name(),
                bytes >> 20
            ),
        });
    }
    ctx.load(&key, "the definition's distance tables", &[], |_, _| {
        let solver = DefOptimal::new(TableCaps::for_memory(bytes));
        let tables = solver.tables(p)?;
        Ok(((solver, tables), Vec::new()))
    })
}

/// `log₁₀` of the number of states of `p` (as its solved pattern counts them).
fn log10_states(p: &DefPuzzle) -> Option<f64> {
    let count = p.state_count().ok()?;
    let n = count.states.unwrap_or(count.group_order);
    // Digits, to stay clear of float overflow on the megaminx's 10⁶⁸.
    let digits = n.to_string();
    let lead: f64 = digits.get(..15).unwrap_or(digits.as_str()).parse().ok()?;
    Some(lead.log10() + digits.len().saturating_sub(15) as f64)
}

/// The longest move sequence searched whatever the puzzle's size (about 5ᵈ nodes).
const SHORT_INPUT: usize = 8;

/// Refuses a puzzle whose tables (of `entries` entries, at most) are too weak for it, unless
/// the input is a move sequence of at most `short` moves. Returns `log₁₀` of the expected
/// search nodes (states ÷ table entries) when known.
fn check_reach(ctx: &Ctx<'_>, p: &DefPuzzle, entries: u64, short: usize) -> Result<Option<f64>, EngineError> {
    let Some(states) = log10_states(p) else {
        return Ok(None);
    };
    let expected = states - (entries.max(1) as f64).log10();
    if expected <= MAX_EXPECTED_NODES.log10() || ctx.input_length.is_some_and(|d| d <= short) {
        return Ok(Some(expected));
    }
    let need = 10f64.powf(states - MAX_EXPECTED_NODES.log10()) / 2.0;
    Err(EngineError::new(
        ErrorKind::TooLarge,
        format!(
            "{} is too large for the optimal solver: about 10^{states:.0} states against at most {entries} \
             table entries ({} MiB), so a search would need about 10^{expected:.0} nodes. Solving it in \
             reasonable time would need about {} of tables; a move sequence of at most {short} moves is \
             solved as it is",
            p.name(),
            memory_bytes(ctx) >> 20,
            twisty_search::file::human_bytes(need.min(u64::MAX as f64) as u64),
        ),
    ))
}

fn run(ctx: &Ctx<'_>, p: &DefPuzzle, state: &DefState) -> RunResult<DefMove> {
    // Before any table is built: the tables can hold at most this many entries.
    let most = TableCaps::for_memory(memory_bytes(ctx)).total;
    check_reach(ctx, p, most, SHORT_INPUT + 2)?;
    let loaded = load(ctx, p)?;
    let (solver, tables) = (&loaded.0, &loaded.1);
    let short = SHORT_INPUT.max(tables.depth() + 3);
    let expected = check_reach(ctx, p, tables.entries(), short)?;
    let mut details = serde_json::Map::new();
    details.insert(
        "tables".into(),
        json!({
            "in_memory": true,
            "note": "built in memory for this process, not saved to the table cache",
            "entries": tables.entries(),
            "seconds": tables.seconds,
            "tables": tables.describe(),
        }),
    );
    if let Some(e) = expected {
        details.insert(
            "log10_expected_nodes".into(),
            Value::from((e * 10.0).round() / 10.0),
        );
    }
    let mut report = bound_reporter(ctx);
    let solutions = if ctx.options.flag("all") {
        with_bound_progress(ctx, |limits| solver.solve_all(p, state, limits, |b| report(b)))?
    } else {
        vec![with_bound_progress(ctx, |limits| {
            solver.solve_with(p, state, limits, |b| report(b))
        })?]
    };
    Ok(Answer {
        solutions,
        details,
        seed: None,
    })
}
