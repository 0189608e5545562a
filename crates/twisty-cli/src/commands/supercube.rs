//! Supercube options (the GA's flags), the macro library in the table cache, and
//! `twisty bench supercube` (seed 004 Tables 3–8 beside ours).

use crate::args::BenchSupercubeArgs;
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::{SuperMove, Supercube};
use twisty_core::Puzzle;
use twisty_solvers::genetic::macros::MacroLibrary;
use twisty_solvers::genetic::{GaParams, GeneticSolver};
use twisty_solvers::Limits;

/// Seed 004 Tables 3–8: per size 2..=6, the ten runs' GA count, time (s) and length, with
/// 100 and with 200 macros.
const PAPER: [(&str, usize, [[u32; 5]; 10]); 6] = [
    (
        "GA count",
        100,
        [
            [2, 31, 99, 130, 364],
            [2, 21, 88, 190, 459],
            [4, 17, 85, 175, 405],
            [3, 17, 44, 280, 727],
            [4, 16, 46, 144, 493],
            [3, 18, 95, 134, 545],
            [2, 16, 84, 256, 836],
            [3, 13, 69, 225, 776],
            [2, 14, 66, 184, 507],
            [3, 14, 112, 166, 493],
        ],
    ),
    (
        "GA count",
        200,
        [
            [3, 16, 55, 124, 369],
            [4, 15, 62, 192, 304],
            [3, 13, 102, 289, 711],
            [4, 19, 87, 172, 441],
            [3, 55, 72, 116, 487],
            [3, 15, 65, 178, 428],
            [3, 16, 88, 114, 494],
            [3, 17, 87, 241, 490],
            [3, 20, 69, 87, 507],
            [4, 15, 67, 141, 445],
        ],
    ),
    (
        "time",
        100,
        [
            [1, 29, 204, 464, 2000],
            [1, 18, 181, 655, 2559],
            [1, 14, 169, 616, 2279],
            [1, 12, 72, 1025, 4181],
            [1, 10, 80, 481, 2789],
            [1, 13, 198, 425, 2933],
            [1, 11, 177, 897, 4755],
            [1, 9, 135, 776, 4400],
            [1, 9, 132, 657, 3089],
            [1, 8, 227, 580, 3205],
        ],
    ),
    (
        "time",
        200,
        [
            [0, 8, 61, 261, 1252],
            [0, 6, 74, 389, 1105],
            [0, 6, 115, 550, 2193],
            [1, 9, 98, 345, 1461],
            [0, 32, 88, 243, 1608],
            [1, 7, 74, 368, 1412],
            [0, 7, 101, 258, 1639],
            [1, 6, 98, 478, 1652],
            [1, 10, 77, 176, 1668],
            [0, 7, 77, 304, 1481],
        ],
    ),
    (
        "length",
        100,
        [
            [75, 396, 1078, 1970, 4588],
            [70, 350, 913, 2239, 4089],
            [100, 329, 1018, 2171, 4134],
            [87, 333, 935, 2299, 4116],
            [87, 325, 926, 2477, 4261],
            [82, 363, 1056, 2239, 4088],
            [43, 301, 1038, 2322, 4655],
            [76, 253, 976, 2054, 4734],
            [68, 282, 967, 1940, 4412],
            [82, 265, 893, 2120, 3896],
        ],
    ),
    (
        "length",
        200,
        [
            [51, 308, 737, 1948, 4137],
            [59, 270, 898, 2122, 3977],
            [55, 238, 934, 2087, 3780],
            [89, 383, 917, 1761, 3960],
            [76, 260, 848, 1777, 4490],
            [30, 334, 895, 1948, 4018],
            [58, 263, 953, 2018, 4222],
            [76, 238, 821, 1873, 4171],
            [47, 353, 869, 1843, 4067],
            [67, 318, 934, 1969, 3771],
        ],
    ),
];

/// The paper's ten runs of `what` for size `n` with `macros` macros, if it has them.
fn paper_runs(what: &str, macros: usize, n: usize) -> Option<Vec<f64>> {
    let (_, _, rows) = PAPER.iter().find(|(w, m, _)| *w == what && *m == macros)?;
    if !(2..=6).contains(&n) {
        return None;
    }
    Some(rows.iter().map(|r| r[n - 2] as f64).collect())
}

/// The paper's median of `what` for size `n` with `macros` macros, if it has one.
fn paper_median(what: &str, macros: usize, n: usize) -> Option<f64> {
    paper_runs(what, macros, n).map(median_f)
}

/// A distribution-free 95 % confidence interval of the median of `v` from order
/// statistics: `[x(k), x(n+1−k)]` with the largest `k` such that `P(Bin(n, ½) < k) ≤ 2.5 %`
/// (coverage ≥ 95 %). `None` below 6 values, where no such interval exists.
fn median_ci(v: &[f64]) -> Option<(f64, f64)> {
    let n = v.len();
    if n < 6 {
        return None;
    }
    let mut x = v.to_vec();
    x.sort_by(|a, b| a.total_cmp(b));
    // The largest 1-based k with P(Bin < k) ≤ 0.025; ln_pmf = ln P(Bin = k − 1).
    let mut kk = 0usize;
    let mut ln_pmf = n as f64 * 0.5f64.ln();
    let mut below = 0.0;
    for k1 in 1..=n / 2 {
        below += ln_pmf.exp();
        if below > 0.025 {
            break;
        }
        kk = k1;
        ln_pmf += ((n - (k1 - 1)) as f64).ln() - (k1 as f64).ln();
    }
    if kk == 0 {
        return None;
    }
    Some((x[kk - 1], x[n - kk]))
}

/// Standard normal upper tail `P(Z > z)`, from the complementary error function
/// (Chebyshev fit, relative error < 1.2e-7).
fn normal_upper(z: f64) -> f64 {
    let x = z / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    let erfc = if x >= 0.0 { erfc } else { 2.0 - erfc };
    erfc / 2.0
}

/// The Mann–Whitney rank-sum test of `ours` against `theirs` (normal approximation with
/// tie correction and continuity correction): `U` of `ours`, the two-sided p-value and the
/// one-sided p-value of "ours tend to be larger". `None` when a side is empty or every
/// value is tied.
fn mann_whitney(ours: &[f64], theirs: &[f64]) -> Option<(f64, f64, f64)> {
    let (n1, n2) = (ours.len(), theirs.len());
    if n1 == 0 || n2 == 0 {
        return None;
    }
    let mut all: Vec<(f64, bool)> = ours
        .iter()
        .map(|&x| (x, true))
        .chain(theirs.iter().map(|&y| (y, false)))
        .collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    let big_n = all.len();
    let (mut r1, mut ties) = (0.0, 0.0);
    let mut i = 0;
    while i < big_n {
        let mut j = i;
        while j + 1 < big_n && all[j + 1].0 == all[i].0 {
            j += 1;
        }
        // Positions i..=j share the mid-rank.
        let rank = (i + j) as f64 / 2.0 + 1.0;
        let t = (j - i + 1) as f64;
        ties += t * t * t - t;
        r1 += rank * all[i..=j].iter().filter(|e| e.1).count() as f64;
        i = j + 1;
    }
    let (a, b, nn) = (n1 as f64, n2 as f64, big_n as f64);
    let u = r1 - a * (a + 1.0) / 2.0;
    let mean = a * b / 2.0;
    let var = a * b / 12.0 * ((nn + 1.0) - ties / (nn * (nn - 1.0)));
    if var <= 0.0 {
        return None;
    }
    let sd = var.sqrt();
    let dev = u - mean;
    let z_two = ((dev.abs() - 0.5).max(0.0)) / sd;
    let two_sided = (2.0 * normal_upper(z_two)).min(1.0);
    let greater = normal_upper((dev - 0.5) / sd);
    Some((u, two_sided, greater))
}

fn median_f(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

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
