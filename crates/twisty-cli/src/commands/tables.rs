//! `twisty tables list|build|verify|clean`: the table cache, with the engine's table catalog.

use crate::args::{TablesAction, TablesArgs};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::human_duration;
use twisty_engine::tables::{table_sets, TableSet};
use twisty_engine::{Event, PuzzleId};
use twisty_search::file::human_bytes;
use twisty_search::TableCache;

fn puzzle_name(set: &TableSet) -> &'static str {
    match set.family {
        twisty_engine::catalog::PuzzleFamily::Cube3 => "3x3",
        twisty_engine::catalog::PuzzleFamily::Cube2 => "2x2",
        twisty_engine::catalog::PuzzleFamily::Kilominx => "kilominx",
        twisty_engine::catalog::PuzzleFamily::Supercube => "supercube",
    }
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
                    } else if n.bytes > twisty_engine::LARGE_TABLE_BYTES {
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
            let chosen: Vec<TableSet> = table_sets()
                .into_iter()
                .filter(|t| puzzle.is_none_or(|p| t.family.contains(p)))
                .filter(|t| {
                    b.heuristic
                        .as_deref()
                        .is_none_or(|h| h == t.label() || h == t.solver.id)
                })
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
