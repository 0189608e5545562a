//! `twisty bench fast3x3`: the fast 3x3x3 solvers (two-phase at max lengths 21 and 20,
//! Thistlethwaite) on the same uniformly random states, and optionally on seed 003's mix
//! files.

use crate::args::BenchFast3x3Args;
use crate::commands::bench::{check_count, progress, summarise, Summary};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::thistlethwaite::Thistlethwaite;
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::{Limits, Solver};

/// Seed 003's figures over its 20 random mixes (its test screenshot): mean HTM and mean
/// seconds.
const SEED_MEAN_HTM: f64 = 34.70;
const SEED_MEAN_SECONDS: f64 = 1.49;

/// One solver's figures over the random states.
struct Row {
    solver: &'static str,
    max_length: Option<u32>,
    times: Summary,
    total: Duration,
    mean_length: f64,
    longest: usize,
}

/// One mix file's results.
struct MixRow {
    name: String,
    mix_length: usize,
    two_phase: (usize, Duration),
    thistlethwaite: (usize, Duration),
}

fn run(
    ctx: &Ctx,
    label: &str,
    states: &[CubieCube],
    mut solve: impl FnMut(&CubieCube) -> CliResult<usize>,
) -> CliResult<(Vec<Duration>, Vec<usize>)> {
    let pb = progress(ctx, states.len() as u64, label);
    let mut times = Vec::with_capacity(states.len());
    let mut lengths = Vec::with_capacity(states.len());
    for s in states {
        let t = Instant::now();
        lengths.push(solve(s)?);
        times.push(t.elapsed());
        pb.inc(1);
    }
    pb.finish_and_clear();
    Ok((times, lengths))
}

fn row(solver: &'static str, max_length: Option<u32>, times: Vec<Duration>, lengths: &[usize]) -> Row {
    let total = times.iter().sum();
    Row {
        solver,
        max_length,
        times: summarise(times),
        total,
        mean_length: lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64,
        longest: lengths.iter().copied().max().unwrap_or(0),
    }
}

/// The seed's mix files in `dir` (`dfinnis_Rubik_mix_*.txt`), sorted by name.
fn mix_files(dir: &Path) -> CliResult<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        CliError::usage(anyhow::anyhow!(
            "cannot read mix directory {}: {e}",
            dir.display()
        ))
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("dfinnis_Rubik_mix_") && n.ends_with(".txt"))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(CliError::usage(anyhow::anyhow!(
            "no dfinnis_Rubik_mix_*.txt files in {}",
            dir.display()
        )));
    }
    Ok(files)
}

fn mix_name(p: &Path) -> String {
    p.file_name()
        .and_then(|n| n.to_str())
        .map(|n| {
            n.trim_start_matches("dfinnis_Rubik_mix_")
                .trim_end_matches(".txt")
                .to_string()
        })
        .unwrap_or_default()
}

/// `twisty bench fast3x3`.
pub fn fast3x3(ctx: &Ctx, args: &BenchFast3x3Args) -> CliResult {
    check_count(args.count)?;
    if args.search_phases == 0 || args.search_phases > 20 {
        return Err(CliError::usage(anyhow::anyhow!(
            "--search-phases must be between 1 and 20"
        )));
    }
    let files = args.mixes.as_deref().map(mix_files).transpose()?;
    let p = Cube3;
    let t0 = Instant::now();
    let two_phase = TwoPhase::new();
    let two_phase_tables = t0.elapsed();
    let t0 = Instant::now();
    let thistle = Thistlethwaite::global();
    thistle.tables();
    let thistle_tables = t0.elapsed();
    let mut rng = seeded_rng(args.seed);
    let states: Vec<CubieCube> = (0..args.count).map(|_| p.random_state(&mut rng)).collect();
    let base = Limits {
        cancel: Some(ctx.cancel.clone()),
        ..Limits::default()
    };
    let mut rows = Vec::new();
    for max in [21u32, 20] {
        let limits = Limits {
            max_length: Some(max),
            ..base.clone()
        };
        let (times, lengths) = run(ctx, &format!("two-phase ≤ {max}"), &states, |s| {
            Ok(two_phase.solve(&p, s, &limits)?.moves.len())
        })?;
        rows.push(row("two-phase", Some(max), times, &lengths));
    }
    let k = args.search_phases as usize;
    let (times, lengths) = run(ctx, "thistlethwaite", &states, |s| {
        Ok(thistle.solve_with(&p, s, &base, k)?.moves.len())
    })?;
    rows.push(row("thistlethwaite", None, times, &lengths));

    let mut mixes = Vec::new();
    if let Some(files) = files {
        let limits = Limits {
            max_length: Some(21),
            ..base.clone()
        };
        for file in files {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| CliError::failure(anyhow::anyhow!("cannot read {}: {e}", file.display())))?;
            let mix = p
                .parse_moves(&text)
                .map_err(|e| CliError::usage(anyhow::anyhow!("{}: {e}", file.display())))?;
            let state = p.state_after(&mix);
            let t = Instant::now();
            let a = two_phase.solve(&p, &state, &limits)?.moves.len();
            let ta = t.elapsed();
            let t = Instant::now();
            let b = thistle.solve_with(&p, &state, &base, k)?.moves.len();
            let tb = t.elapsed();
            mixes.push(MixRow {
                name: mix_name(&file),
                mix_length: mix.len(),
                two_phase: (a, ta),
                thistlethwaite: (b, tb),
            });
        }
    }
    // Thistlethwaite on random0-9, beside the seed's figures.
    let randoms: Vec<&MixRow> = mixes.iter().filter(|m| m.name.starts_with("random")).collect();
    let random_mean = (!randoms.is_empty()).then(|| {
        let n = randoms.len() as f64;
        (
            randoms.iter().map(|m| m.thistlethwaite.0).sum::<usize>() as f64 / n,
            randoms
                .iter()
                .map(|m| m.thistlethwaite.1.as_secs_f64())
                .sum::<f64>()
                / n,
        )
    });

    if args.json {
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        let rows_json: Vec<_> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "solver": r.solver, "max_length": r.max_length, "count": r.times.count,
                    "median_us": us(r.times.median), "p90_us": us(r.times.p90),
                    "max_us": us(r.times.max), "mean_us": us(r.times.mean),
                    "mean_length": r.mean_length, "longest": r.longest,
                    "solves_per_second": r.times.count as f64 / r.total.as_secs_f64().max(1e-9),
                })
            })
            .collect();
        let mixes_json: Vec<_> = mixes
            .iter()
            .map(|m| {
                serde_json::json!({
                    "mix": m.name, "mix_length": m.mix_length,
                    "two_phase_length": m.two_phase.0, "two_phase_us": us(m.two_phase.1),
                    "thistlethwaite_length": m.thistlethwaite.0,
                    "thistlethwaite_us": us(m.thistlethwaite.1),
                })
            })
            .collect();
        return print_json(&serde_json::json!({
            "seed": args.seed, "count": args.count, "search_phases": k,
            "two_phase_tables_ms": two_phase_tables.as_secs_f64() * 1e3,
            "thistlethwaite_tables_ms": thistle_tables.as_secs_f64() * 1e3,
            "random": rows_json, "mixes": mixes_json,
            "seed003_random": random_mean.map(|(htm, s)| serde_json::json!({
                "thistlethwaite_mean_htm": htm, "thistlethwaite_mean_seconds": s,
                "seed_mean_htm": SEED_MEAN_HTM, "seed_mean_seconds": SEED_MEAN_SECONDS,
            })),
        }));
    }
    println!(
        "3x3x3 fast solvers, {} random states, seed {}, one thread; tables: two-phase {}, Thistlethwaite {}",
        args.count,
        args.seed,
        human_duration(two_phase_tables),
        human_duration(thistle_tables)
    );
    println!(
        "{:<15} {:>4} {:>10} {:>10} {:>10} {:>9} {:>8} {:>9}",
        "solver", "max", "median", "p90", "max", "mean len", "max len", "solves/s"
    );
    for r in &rows {
        let solver = if r.solver == "thistlethwaite" && k > 1 {
            format!("thistlethwaite-{k}")
        } else {
            r.solver.to_string()
        };
        println!(
            "{:<15} {:>4} {:>10} {:>10} {:>10} {:>9.2} {:>8} {:>9.0}",
            solver,
            r.max_length.map_or("-".to_string(), |m| m.to_string()),
            human_duration(r.times.median),
            human_duration(r.times.p90),
            human_duration(r.times.max),
            r.mean_length,
            r.longest,
            r.times.count as f64 / r.total.as_secs_f64().max(1e-9)
        );
    }
    if !mixes.is_empty() {
        println!();
        println!(
            "seed 003 mixes (two-phase at max 21; Thistlethwaite{}): all {} parsed and solved",
            if k > 1 {
                format!(", {k} searches per phase")
            } else {
                String::new()
            },
            mixes.len()
        );
        println!(
            "{:<16} {:>4} {:>10} {:>10} {:>10} {:>10}",
            "mix", "moves", "2-phase", "time", "thistle", "time"
        );
        for m in &mixes {
            println!(
                "{:<16} {:>4} {:>10} {:>10} {:>10} {:>10}",
                m.name,
                m.mix_length,
                m.two_phase.0,
                human_duration(m.two_phase.1),
                m.thistlethwaite.0,
                human_duration(m.thistlethwaite.1)
            );
        }
        if let Some((htm, secs)) = random_mean {
            println!(
                "Thistlethwaite on random0-9: mean {htm:.2} HTM, mean {} (seed 003 on its 20 random mixes: mean {SEED_MEAN_HTM:.2} HTM, mean {SEED_MEAN_SECONDS:.2} s)",
                human_duration(Duration::from_secs_f64(secs))
            );
        }
    }
    Ok(())
}
