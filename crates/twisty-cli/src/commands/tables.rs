//! `twisty tables list|build|verify|clean`: the table cache.

use crate::args::{PuzzleKind, TablesAction, TablesArgs};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::human_duration;
use std::time::Instant;
use twisty_core::Metric;
use twisty_search::file::human_bytes;
use twisty_search::{TableCache, TableSpec};

/// A table the tool knows how to build.
pub struct KnownTable {
    /// The puzzle it belongs to.
    pub puzzle: PuzzleKind,
    /// The solver / heuristic that uses it.
    pub heuristic: &'static str,
    /// Its spec.
    pub spec: TableSpec,
    /// Builds (or loads) it into the cache.
    pub build: fn(&Ctx) -> CliResult,
}

/// Every table of every solver.
pub fn known_tables() -> Vec<KnownTable> {
    use twisty_solvers::optimal::cube2::spec;
    let mut out = vec![
        KnownTable {
            puzzle: PuzzleKind::Cube2,
            heuristic: "optimal",
            spec: spec(Metric::Htm),
            build: |ctx| crate::puzzles::cube2::optimal(ctx, Metric::Htm).map(|_| ()),
        },
        KnownTable {
            puzzle: PuzzleKind::Cube2,
            heuristic: "optimal",
            spec: spec(Metric::Qtm),
            build: |ctx| crate::puzzles::cube2::optimal(ctx, Metric::Qtm).map(|_| ()),
        },
    ];
    for spec in twisty_solvers::optimal::kilominx::specs("sparse").unwrap_or_default() {
        out.push(KnownTable {
            puzzle: PuzzleKind::Kilominx,
            heuristic: "sparse",
            spec,
            build: |ctx| crate::puzzles::kilominx::optimal(ctx, "sparse").map(|_| ()),
        });
    }
    {
        use twisty_solvers::optimal::cube3::HeuristicKind;
        for spec in HeuristicKind::Best.specs() {
            out.push(KnownTable {
                puzzle: PuzzleKind::Cube3,
                heuristic: "best",
                spec,
                build: |ctx| crate::puzzles::cube3_optimal::optimal(ctx, HeuristicKind::Best).map(|_| ()),
            });
        }
        for spec in HeuristicKind::BestTiny.specs() {
            out.push(KnownTable {
                puzzle: PuzzleKind::Cube3,
                heuristic: "best-tiny",
                spec,
                build: |ctx| crate::puzzles::cube3_optimal::optimal(ctx, HeuristicKind::BestTiny).map(|_| ()),
            });
        }
        for spec in HeuristicKind::Korf.specs() {
            out.push(KnownTable {
                puzzle: PuzzleKind::Cube3,
                heuristic: "korf",
                spec,
                build: |ctx| crate::puzzles::cube3_optimal::optimal(ctx, HeuristicKind::Korf).map(|_| ()),
            });
        }
        for spec in HeuristicKind::Small.specs().into_iter().skip(1) {
            out.push(KnownTable {
                puzzle: PuzzleKind::Cube3,
                heuristic: "small",
                spec,
                build: |ctx| crate::puzzles::cube3_optimal::optimal(ctx, HeuristicKind::Small).map(|_| ()),
            });
        }
    }
    for spec in twisty_solvers::kilominx_fast::specs() {
        out.push(KnownTable {
            puzzle: PuzzleKind::Kilominx,
            heuristic: "fast",
            spec,
            build: |ctx| crate::puzzles::kilominx::fast(ctx).map(|_| ()),
        });
    }
    out.extend(crate::puzzles::kilominx::known_tables());
    out
}

/// Parses a size such as `512M`, `2G`, `1.5GiB` or `1000000`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num
        .parse()
        .map_err(|_| format!("`{text}` is not a size such as 512M or 2G"))?;
    let mult = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1u64,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => return Err(format!("`{text}`: unknown unit `{unit}` (use K, M, G or T)")),
    };
    if !(n.is_finite() && n > 0.0) {
        return Err(format!("`{text}` must be a positive size"));
    }
    Ok((n * mult as f64) as u64)
}

/// Runs `twisty tables`.
pub fn run(ctx: &Ctx, args: &TablesArgs) -> CliResult {
    let cache = TableCache::new(&ctx.tables_dir);
    println!("table cache: {}", cache.dir().display());
    match &args.action {
        TablesAction::List => {
            let files = cache.list();
            println!(
                "{:<10} {:<10} {:<24} {:>10}  state",
                "puzzle", "solver", "table", "size"
            );
            for t in known_tables() {
                let path = cache.path(&t.spec);
                let state = if path.exists() {
                    match cache.verify_file(&path) {
                        Ok(h) if h.spec == t.spec => String::from("present, valid"),
                        Ok(h) => format!("present, holds {} (will be rebuilt)", h.spec.name),
                        Err(e) => format!("present, INVALID: {e} (will be rebuilt)"),
                    }
                } else {
                    String::from("not built (built on first use)")
                };
                println!(
                    "{:<10} {:<10} {:<36} {:>10}  {state}",
                    t.puzzle.to_string(),
                    t.heuristic,
                    t.spec.name,
                    human_bytes(t.spec.data_len())
                );
            }
            let known: Vec<_> = known_tables().iter().map(|t| cache.path(&t.spec)).collect();
            for (p, _) in files.iter().filter(|(p, _)| !known.contains(p)) {
                println!("unknown file: {}", p.display());
            }
            Ok(())
        }
        TablesAction::Build(b) => {
            let cap = b
                .max_memory
                .as_deref()
                .map(parse_size)
                .transpose()
                .map_err(|e| CliError::usage(anyhow::anyhow!("--max-memory: {e}")))?;
            let mut ctx = ctx.clone();
            ctx.max_memory = cap;
            let chosen: Vec<KnownTable> = known_tables()
                .into_iter()
                .filter(|t| b.puzzle.is_none_or(|p| p == t.puzzle))
                .filter(|t| b.heuristic.as_deref().is_none_or(|h| h == t.heuristic))
                .collect();
            if chosen.is_empty() {
                return Err(CliError::usage(anyhow::anyhow!(
                    "no table matches{}{}",
                    b.puzzle.map(|p| format!(" --puzzle {p}")).unwrap_or_default(),
                    b.heuristic
                        .as_deref()
                        .map(|h| format!(" --heuristic {h}"))
                        .unwrap_or_default()
                )));
            }
            for t in chosen {
                let t0 = Instant::now();
                (t.build)(&ctx)?;
                println!(
                    "{:<36} {:>10}  ready in {}",
                    t.spec.name,
                    human_bytes(t.spec.data_len()),
                    human_duration(t0.elapsed())
                );
            }
            Ok(())
        }
        TablesAction::Verify => {
            let files = cache.list();
            if files.is_empty() {
                println!("no table files");
            }
            let mut bad = 0;
            for (p, _) in files {
                match cache.verify_file(&p) {
                    Ok(h) => println!(
                        "ok       {}  ({}, {})",
                        p.display(),
                        h.spec.name,
                        human_bytes(h.data_len)
                    ),
                    Err(e) => {
                        bad += 1;
                        println!("INVALID  {}: {e}", p.display());
                    }
                }
            }
            if bad > 0 {
                return Err(CliError::failure(anyhow::anyhow!(
                    "{bad} invalid table file(s); they are rebuilt on next use (or run `twisty tables build`)"
                )));
            }
            Ok(())
        }
        TablesAction::Clean => {
            let n = cache.clean().map_err(CliError::failure)?;
            println!("removed {n} table file(s)");
            Ok(())
        }
    }
}
