//! CLI glue for the optimal 3x3x3 solver (`--solver optimal --heuristic best|best-tiny|korf|korf-inverse|small|small-inverse`).

use crate::args::SolveArgs;
use crate::commands::{CliError, CliResult, Ctx};
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_search::file::human_bytes;
use twisty_search::{Origin, TableCache};
use twisty_solvers::optimal::cube3::{Cube3Optimal, HeuristicKind};
use twisty_solvers::{Limits, Solution};

/// The heuristic named by `--heuristic` (default `best`).
pub fn heuristic(name: Option<&str>) -> CliResult<HeuristicKind> {
    let name = name.unwrap_or("best");
    HeuristicKind::parse(name).ok_or_else(|| {
        CliError::usage(anyhow::anyhow!(
            "unknown 3x3x3 heuristic `{name}`: available: best, best-tiny, korf, korf-inverse, small, small-inverse"
        ))
    })
}

/// Loads (or builds, with a note and progress bars on stderr) the heuristic's tables.
pub fn optimal(ctx: &Ctx, kind: HeuristicKind) -> CliResult<Cube3Optimal> {
    let cache = TableCache::new(&ctx.tables_dir).with_max_memory(ctx.max_memory);
    let specs = kind.specs();
    let missing: Vec<_> = specs.iter().filter(|s| !cache.path(s).exists()).collect();
    if !missing.is_empty() {
        let bytes: u64 = missing.iter().map(|s| s.data_len()).sum();
        eprintln!(
            "building {} 3x3x3 pattern database(s) ({} in all; {}) into {}",
            missing.len(),
            human_bytes(bytes),
            match kind {
                HeuristicKind::Best => "ten to thirty minutes on two cores, about 5 GiB while building",
                HeuristicKind::Korf | HeuristicKind::KorfInverse => "several minutes",
                _ => "a few seconds",
            },
            cache.dir().display()
        );
    }
    let s = Cube3Optimal::new(&cache, kind, ctx.progress).map_err(CliError::failure)?;
    for t in s.tables() {
        if let Origin::Rebuilt(reason) = &t.origin {
            eprintln!(
                "warning: {}: {reason}; rebuilt",
                cache.path(&t.table.spec).display()
            );
        }
    }
    Ok(s)
}

/// Solves with the optimal solver: every optimal solution when `all`, with a progress line
/// per finished depth on stderr.
pub fn solve(
    ctx: &Ctx,
    state: &CubieCube,
    args: &SolveArgs,
    all: bool,
) -> CliResult<Vec<Solution<Cube3Move>>> {
    let kind = heuristic(args.heuristic.as_deref())?;
    if args.max_length.is_some_and(|m| m > 30) {
        return Err(CliError::usage(anyhow::anyhow!(
            "--max-length must be at most 30 for the optimal solver (every cube is solvable in 20)"
        )));
    }
    let s = optimal(ctx, kind)?;
    let limits = Limits {
        max_length: args.max_length,
        timeout: args.timeout.map(Duration::from_secs_f64),
        cancel: Some(ctx.cancel.clone()),
        threads: ctx.threads,
        metric: args.metric.into(),
        ..Limits::default()
    };
    let quiet = args.json;
    let start = Instant::now();
    let sols = s.solve_with(state, &limits, all, |b| {
        if quiet {
            return;
        }
        let secs = b.elapsed.as_secs_f64().max(1e-9);
        eprintln!(
            "no solution of {} moves: {} nodes in {:.2} s ({:.1} M nodes/s, {:.1} s total)",
            b.bound,
            b.nodes,
            secs,
            b.nodes as f64 / secs / 1e6,
            start.elapsed().as_secs_f64()
        );
    })?;
    Ok(sols)
}
