//! `twisty tables list|build|verify|clean`: the table cache, with the engine's table catalog.

use crate::args::{TablesAction, TablesArgs};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::human_duration;
use std::io::IsTerminal;
use twisty_engine::tables::{table_sets, TableSet};
use twisty_engine::{Event, PuzzleId};
use twisty_search::file::human_bytes;
use twisty_search::TableCache;

fn puzzle_name(set: &TableSet) -> &'static str {
    match set.family {
        twisty_engine::catalog::PuzzleFamily::Cube3 => "3x3",
        twisty_engine::catalog::PuzzleFamily::Cube2 => "2x2",
        twisty_engine::catalog::PuzzleFamily::Kilominx => "kilominx",
        twisty_engine::catalog::PuzzleFamily::Clock => "clock",
        twisty_engine::catalog::PuzzleFamily::Sq1 => "sq1",
        twisty_engine::catalog::PuzzleFamily::Supercube => "supercube",
        twisty_engine::catalog::PuzzleFamily::Supercube2 => "supercube:2",
        twisty_engine::catalog::PuzzleFamily::Supercube3 => "supercube:3",
        twisty_engine::catalog::PuzzleFamily::CubeN => "NxN",
        twisty_engine::catalog::PuzzleFamily::Def => "def",
    }
}

/// Whether `set` is what a default solver needs with its default options.
fn is_default(set: &TableSet) -> bool {
    set.solver.default
        && set
            .heuristic
            .is_none_or(|h| set.solver.heuristics.first() == Some(&h))
}

/// The table files of `sets` not yet in `cache` (each counted once): count, bytes, seconds.
fn missing(cache: &TableCache, sets: &[TableSet]) -> (usize, u64, f64) {
    let mut seen = std::collections::HashSet::new();
    let (mut files, mut bytes, mut secs) = (0, 0, 0.0);
    for n in sets.iter().flat_map(|s| &s.needs) {
        if seen.insert(n.spec.name.clone()) && !cache.path(&n.spec).is_file() {
            files += 1;
            bytes += n.bytes;
            secs += n.build_seconds;
        }
    }
    (files, bytes, secs)
}

/// Runs `twisty tables`.
pub fn run(ctx: &Ctx, args: &TablesArgs) -> CliResult {
    let cache = TableCache::new(&ctx.tables_dir);
    println!("table cache: {}", cache.dir().display());
    match &args.action {
        TablesAction::List => {
            let files = cache.list();
            println!(
                "{:<10} {:<14} {:<36} {:>10}  state",
                "puzzle", "solver", "table", "size"
            );
            let mut known = Vec::new();
            for set in table_sets() {
                for n in &set.needs {
                    let path = cache.path(&n.spec);
                    let state = if path.exists() {
                        match cache.verify_file(&path) {
                            Ok(h) if h.spec == n.spec => String::from("present, valid"),
                            Ok(h) => format!("present, holds {} (will be rebuilt)", h.spec.name),
                            Err(e) => format!("present, INVALID: {e} (will be rebuilt)"),
                        }
                    } else if n.too_large_to_build_on_demand() {
                        String::from("not built (`twisty tables build` or --build-tables)")
                    } else {
                        String::from("not built (built on first use)")
                    };
                    println!(
                        "{:<10} {:<14} {:<36} {:>10}  {state}",
                        puzzle_name(&set),
                        set.label(),
                        n.spec.name,
                        human_bytes(n.bytes)
                    );
                    known.push(path);
                }
            }
            for (p, _) in files.iter().filter(|(p, _)| !known.contains(p)) {
                println!("unknown file: {}", p.display());
            }
            Ok(())
        }
        TablesAction::Build(b) => {
            let puzzle: Option<PuzzleId> = b.puzzle.map(|p| p.id());
            let unfiltered = puzzle.is_none() && b.heuristic.is_none();
            let chosen: Vec<TableSet> = table_sets()
                .into_iter()
                .filter(|t| puzzle.is_none_or(|p| t.family.contains(p)))
                .filter(|t| {
                    b.heuristic
                        .as_deref()
                        .is_none_or(|h| h == t.label() || h == t.solver.id)
                })
                // With no filter, only the default solvers' tables unless --all.
                .filter(|t| !unfiltered || b.all || is_default(t))
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
            let (files, bytes, secs) = missing(&cache, &chosen);
            println!(
                "to build: {files} table file(s), {} ({} on two cores)",
                human_bytes(bytes),
                twisty_engine::human_seconds(secs)
            );
            if unfiltered && !b.all {
                let (f, all_bytes, all_secs) = missing(&cache, &table_sets());
                println!(
                    "(the default solvers' tables; every solver's would be {f} file(s), {}, {} on two cores, \
                     peaking near 12 GB of memory: add --all, or choose with --puzzle and --heuristic)",
                    human_bytes(all_bytes),
                    twisty_engine::human_seconds(all_secs)
                );
            } else if unfiltered && !b.yes && std::io::stdin().is_terminal() {
                eprint!("build all of them (the largest builds peak near 12 GB of memory)? [y/N] ");
                let mut answer = String::new();
                std::io::stdin().read_line(&mut answer)?;
                if !matches!(answer.trim(), "y" | "Y" | "yes") {
                    return Err(CliError::failure(anyhow::anyhow!("nothing built")));
                }
            }
            let engine = twisty_engine::Engine::new(twisty_engine::EngineConfig {
                tables_dir: ctx.tables_dir.clone(),
                max_memory: ctx.max_memory,
                build_large_tables: true,
                // Always: a bar per table on a terminal, lines per depth otherwise (a build
                // can take a quarter of an hour).
                progress: true,
            });
            let observer = |e: &Event| {
                if let Event::Tables { message } | Event::Note { message } = e {
                    eprintln!("{message}");
                }
            };
            for set in chosen {
                let secs = engine.prepare(&set, &observer)?;
                for n in &set.needs {
                    println!(
                        "{:<36} {:>10}  ready in {}",
                        n.spec.name,
                        human_bytes(n.bytes),
                        human_duration(std::time::Duration::from_secs_f64(secs))
                    );
                }
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
