//! Supercube options (the GA's flags), the macro library in the table cache, and
//! `twisty bench supercube` (seed 004 Tables 3–8 beside ours).

mod paper;
mod stats;

use crate::args::BenchSupercubeArgs;
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use paper::{paper_median, paper_runs};
use stats::{mann_whitney, median_ci, median_f};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::{SuperMove, Supercube};
use twisty_core::Puzzle;
use twisty_solvers::genetic::macros::MacroLibrary;
use twisty_solvers::genetic::{GaParams, GeneticSolver};
use twisty_solvers::Limits;

fn parse_sizes(s: &str) -> CliResult<Vec<usize>> {
    let bad = || {
        CliError::usage(anyhow::anyhow!(
            "--sizes `{s}`: expected a range like 2-6 or a list like 3,5,8 (sizes 2..16)"
        ))
    };
    let mut out = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        if let Some((a, b)) = part.split_once('-') {
            let (a, b): (usize, usize) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a > b {
                return Err(bad());
            }
            out.extend(a..=b);
        } else {
            out.push(part.parse().map_err(|_| bad())?);
        }
    }
    if out.is_empty() || out.iter().any(|n| !(2..=16).contains(n)) {
        return Err(bad());
    }
    Ok(out)
}

/// The seed program's macro stores in the order the bench reads them, built in from the
/// repository's `tests/data/seed-inputs` (the default of `bench supercube --inputs`).
const SEED_STORES: [(&str, &[u8]); 3] = [
    (
        "Release_solutions.bin",
        include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/seed-inputs/robertswita_RubikCube_6bd668f_bin_Release_solutions.bin"
        )),
    ),
    (
        "Debug_solutions.bin",
        include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/seed-inputs/robertswita_RubikCube_6bd668f_bin_Debug_solutions.bin"
        )),
    ),
    (
        "Debug_solutions.bin.org",
        include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/seed-inputs/robertswita_RubikCube_6bd668f_bin_Debug_solutions.bin.org"
        )),
    ),
];

/// The bench's macro library: `--macros-file`, or the first `count` distinct macros of the
/// seed's stores.
fn bench_library(args: &BenchSupercubeArgs) -> CliResult<MacroLibrary> {
    if let Some(f) = &args.macros_file {
        return MacroLibrary::load(f, Some(args.macros)).map_err(CliError::failure);
    }
    let mut lib = MacroLibrary::new(Some(args.macros));
    if args.macros == 0 {
        return Ok(lib);
    }
    for (name, built_in) in SEED_STORES {
        let file = format!("robertswita_RubikCube_6bd668f_bin_{name}");
        let part = match &args.inputs {
            Some(dir) => MacroLibrary::load(&dir.join(&file), None),
            None => MacroLibrary::import_seed(built_in, &PathBuf::from(format!("built-in {file}")), None),
        };
        let part = part.map_err(|e| {
            CliError::failure(anyhow::anyhow!(
                "{e} (give the seed inputs with --inputs DIR or a library with --macros-file)"
            ))
        })?;
        for m in part.macros() {
            lib.add(m.clone());
        }
    }
    if lib.len() < args.macros {
        eprintln!(
            "note: the seed's stores hold {} distinct macros; using them all",
            lib.len()
        );
    }
    Ok(lib)
}

/// CPU seconds (user + system, all threads) of this process so far, from `/proc/self/stat`
/// (Linux, 100 Hz ticks); `None` elsewhere. On a shared machine this is steadier than wall
/// time.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = &text[text.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

#[derive(Debug, Clone, serde::Serialize)]
struct Run {
    n: usize,
    run: usize,
    seed: u64,
    solved: bool,
    ga_count: u64,
    ga_runs: u64,
    seconds: f64,
    cpu_seconds: Option<f64>,
    length: usize,
    merged: usize,
    simplified: usize,
    macro_hits: u64,
}

/// `twisty bench supercube`.
pub fn bench(ctx: &Ctx, args: &BenchSupercubeArgs) -> CliResult {
    let sizes = parse_sizes(&args.sizes)?;
    if args.runs == 0 || args.runs > 10_000 {
        return Err(CliError::usage(anyhow::anyhow!(
            "--runs must be between 1 and 10000"
        )));
    }
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t > 0.0) {
            return Err(CliError::usage(anyhow::anyhow!(
                "--timeout must be a positive number of seconds"
            )));
        }
    }
    let params = GaParams {
        attempts: args.attempts,
        ..GaParams::paper()
    };
    params
        .check()
        .map_err(|e| CliError::usage(anyhow::anyhow!("GA parameters: {e}")))?;
    let library = bench_library(args)?;
    let pb = crate::commands::bench::progress(ctx, (sizes.len() * args.runs) as u64, "supercube");
    let mut runs: Vec<Run> = Vec::new();
    for &n in &sizes {
        let cube = Supercube { n };
        for r in 0..args.runs {
            let seed = args.seed + r as u64;
            let scramble: Vec<SuperMove> = cube.paper_random_moves(&mut seeded_rng(seed), 100);
            let state = cube.state_after(&scramble);
            let solver = GeneticSolver {
                params: params.clone(),
                seed,
                learn: false,
                ..GeneticSolver::default()
            };
            let mut lib = library.clone();
            let limits = Limits {
                timeout: args.timeout.map(Duration::from_secs_f64),
                cancel: Some(ctx.cancel.clone()),
                ..Limits::default()
            };
            pb.set_message(format!("N = {n}, run {}", r + 1));
            let t = Instant::now();
            let cpu0 = cpu_seconds();
            let res = solver.solve_with(&cube, &state, &limits, &mut lib, |p| {
                pb.set_message(format!(
                    "N = {n}, run {}: {}",
                    r + 1,
                    twisty_engine::solvers::genetic::progress_message(p)
                ));
            });
            let secs = t.elapsed().as_secs_f64();
            let cpu = cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
            let run = match res {
                Ok(s) => {
                    twisty_solvers::verify(&cube, &state, &s.moves)?;
                    Run {
                        n,
                        run: r + 1,
                        seed,
                        solved: true,
                        ga_count: s.ga_count,
                        ga_runs: s.ga_runs,
                        seconds: secs,
                        cpu_seconds: cpu,
                        length: s.moves.len(),
                        merged: s.merged.len(),
                        simplified: s.simplified.len(),
                        macro_hits: s.macro_hits,
                    }
                }
                Err(twisty_solvers::SolveError::Cancelled { .. }) => {
                    return Err(CliError::failure(anyhow::anyhow!("cancelled")));
                }
                Err(e) => {
                    eprintln!("N = {n}, run {}: {e}", r + 1);
                    Run {
                        n,
                        run: r + 1,
                        seed,
                        solved: false,
                        ga_count: 0,
                        ga_runs: 0,
                        seconds: secs,
                        cpu_seconds: cpu,
                        length: 0,
                        merged: 0,
                        simplified: 0,
                        macro_hits: 0,
                    }
                }
            };
            runs.push(run);
            pb.inc(1);
        }
    }
    pb.finish_and_clear();
    // The length compared with the paper's: the raw played length, or the merged one.
    let compared = |r: &Run| {
        if args.simplify_parallel {
            r.merged as f64
        } else {
            r.length as f64
        }
    };
    let summary: Vec<serde_json::Value> = sizes
        .iter()
        .map(|&n| {
            let ok: Vec<&Run> = runs.iter().filter(|r| r.n == n && r.solved).collect();
            let med = |f: &dyn Fn(&Run) -> f64| median_f(ok.iter().map(|r| f(r)).collect());
            let lengths: Vec<f64> = ok.iter().map(|r| compared(r)).collect();
            let ci = median_ci(&lengths);
            let mw = paper_runs("length", args.macros, n).and_then(|p| mann_whitney(&lengths, &p));
            serde_json::json!({
                "n": n,
                "solved": ok.len(),
                "runs": args.runs,
                "median_ga_count": med(&|r| r.ga_count as f64),
                "median_ga_runs": med(&|r| r.ga_runs as f64),
                "median_seconds": med(&|r| r.seconds),
                "median_cpu_seconds": med(&|r| r.cpu_seconds.unwrap_or(f64::NAN)),
                "median_length": med(&|r| r.length as f64),
                "median_merged": med(&|r| r.merged as f64),
                "median_simplified": med(&|r| r.simplified as f64),
                "compared_length": if args.simplify_parallel { "merged" } else { "played" },
                "compared_median": median_f(lengths.clone()),
                "compared_ci95": ci.map(|(a, b)| [a, b]),
                "mann_whitney_u": mw.map(|m| m.0),
                "p_two_sided": mw.map(|m| m.1),
                "p_ours_longer": mw.map(|m| m.2),
                "paper_median_ga_count": paper_median("GA count", args.macros, n),
                "paper_median_seconds": paper_median("time", args.macros, n),
                "paper_median_length": paper_median("length", args.macros, n),
            })
        })
        .collect();
    if args.json {
        return print_json(&serde_json::json!({
            "macros": library.len(),
            "attempts": args.attempts,
            "seed": args.seed,
            "threads": rayon::current_num_threads(),
            "runs": runs,
            "summary": summary,
        }));
    }
    println!(
        "Full supercube GA (seed 004 parameters, {}), {} macros known, learning off, {} runs per size from seed {}, {} threads",
        if args.attempts == 1 {
            String::from("one GA run per step as the paper")
        } else {
            format!("best of {} GA runs per step", args.attempts)
        },
        library.len(),
        args.runs,
        args.seed,
        rayon::current_num_threads()
    );
    println!(
        "{:>3} {:>4} {:>8} {:>10} {:>9} {:>8} {:>7} {:>10} {:>6}",
        "N", "run", "GA count", "time", "cpu (s)", "length", "merged", "simplified", "macros"
    );
    for r in &runs {
        if r.solved {
            println!(
                "{:>3} {:>4} {:>8} {:>10} {:>9} {:>8} {:>7} {:>10} {:>6}",
                r.n,
                r.run,
                r.ga_count,
                human_duration(Duration::from_secs_f64(r.seconds)),
                r.cpu_seconds
                    .map(|c| format!("{c:.2}"))
                    .unwrap_or_else(|| String::from("-")),
                r.length,
                r.merged,
                r.simplified,
                r.macro_hits
            );
        } else {
            println!("{:>3} {:>4} {:>8}", r.n, r.run, "FAILED");
        }
    }
    let paper_note = if args.macros == 100 || args.macros == 200 {
        format!("paper, {} macros", args.macros)
    } else {
        String::from("paper (100/200 macros only)")
    };
    println!();
    println!(
        "medians (ours | {paper_note}); GA count = steps of the solve loop{}; the paper's is its counter label, which shows runs - 1:",
        if args.attempts == 1 {
            String::new()
        } else {
            format!(" (each running {} GAs)", args.attempts)
        }
    );
    println!(
        "{:>3} {:>7} {:>17} {:>21} {:>8} {:>17} {:>7} {:>10}",
        "N", "solved", "GA count", "time (s)", "cpu (s)", "length", "merged", "simplified"
    );
    let show = |v: Option<f64>| v.map(|x| format!("{x:.0}")).unwrap_or_else(|| String::from("-"));
    // The paper's medians of ten runs can end in .5: shown as they are, not rounded.
    let show_paper = |v: Option<f64>| {
        v.map(|x| {
            if x.fract() == 0.0 {
                format!("{x:.0}")
            } else {
                format!("{x:.1}")
            }
        })
        .unwrap_or_else(|| String::from("-"))
    };
    for s in &summary {
        let n = s["n"].as_u64().unwrap_or(0) as usize;
        let f = |k: &str| s[k].as_f64();
        println!(
            "{:>3} {:>7} {:>8} | {:>6} {:>10.2} | {:>8} {:>8.2} {:>8} | {:>6} {:>7} {:>10}",
            n,
            format!("{}/{}", s["solved"], args.runs),
            show(f("median_ga_count")),
            show_paper(paper_median("GA count", args.macros, n)),
            f("median_seconds").unwrap_or(f64::NAN),
            show_paper(paper_median("time", args.macros, n)),
            f("median_cpu_seconds").unwrap_or(f64::NAN),
            show(f("median_length")),
            show_paper(paper_median("length", args.macros, n)),
            show(f("median_merged")),
            show(f("median_simplified")),
        );
    }
    println!();
    println!(
        "{} length against the paper's ten runs ({}; 95 % CI of our median from order statistics; Mann-Whitney rank-sum test, normal approximation):",
        if args.simplify_parallel { "merged (--simplify-parallel)" } else { "played" },
        if args.macros == 100 || args.macros == 200 {
            format!("Table {}, {} macros", if args.macros == 100 { 7 } else { 8 }, args.macros)
        } else {
            String::from("none for this macro count")
        }
    );
    println!(
        "{:>3} {:>8} {:>17} {:>7} {:>7} {:>8} {:>10}",
        "N", "median", "95% CI", "paper", "U", "p (2-s)", "p (longer)"
    );
    let p3 = |v: Option<f64>| v.map(|x| format!("{x:.3}")).unwrap_or_else(|| String::from("-"));
    for s in &summary {
        let n = s["n"].as_u64().unwrap_or(0) as usize;
        let f = |k: &str| s[k].as_f64();
        let ci = match (s["compared_ci95"][0].as_f64(), s["compared_ci95"][1].as_f64()) {
            (Some(a), Some(b)) => format!("[{a:.0}, {b:.0}]"),
            _ => String::from("-"),
        };
        println!(
            "{:>3} {:>8} {:>17} {:>7} {:>7} {:>8} {:>10}",
            n,
            show(f("compared_median")),
            ci,
            show_paper(paper_median("length", args.macros, n)),
            s["mann_whitney_u"]
                .as_f64()
                .map(|u| format!("{u:.1}"))
                .unwrap_or_else(|| String::from("-")),
            p3(f("p_two_sided")),
            p3(f("p_ours_longer")),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests;
