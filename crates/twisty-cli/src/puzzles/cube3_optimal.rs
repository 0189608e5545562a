//! CLI glue for the optimal 3x3x3 solver (`--solver optimal --heuristic best|best-tiny|korf|korf-inverse|small|small-inverse`).

use crate::commands::{CliError, CliResult, Ctx};
use twisty_search::file::human_bytes;
use twisty_search::{Origin, TableCache};
use twisty_solvers::optimal::cube3::{Cube3Optimal, HeuristicKind};

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
