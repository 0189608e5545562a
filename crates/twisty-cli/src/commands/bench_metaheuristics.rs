//! `twisty bench metaheuristics`: seed 002's Tables 6–7 on the thesis scrambles, or its
//! Tables 1–4 on fresh scrambles, with each run's success, lengths, time, NFE and
//! evaluations per second, beside the two-phase fitness's own median time.

use crate::args::{BenchMetaArgs, FitnessArg, SwarmArgs};
use crate::commands::bench::progress;
use crate::commands::swarm::{corner_table, report, run as run_one, Algo, RunConfig, RunResult};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::print_json;
use rand::Rng;
use rayon::prelude::*;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::swarm::{Fitness, TwoPhaseFitness};
use twisty_solvers::twophase::TwoPhase;

/// Paper Table 7 average times (s) on the thesis scrambles, by (length, algorithm).
const PAPER_TABLE7: [(usize, &str, f64); 17] = [
    (5, "pso-25-100", 142.11),
    (5, "pso-50-10000", 2084.76),
    (5, "greedy-100", 6.29),
    (5, "greedy-10000", 18.52),
    (5, "aco-25-100", 1677.55),
    (5, "dkho-25-100", 189.79),
    (15, "pso-25-100", 113.10),
    (15, "pso-50-10000", 4817.98),
    (15, "greedy-100", 12.31),
    (15, "greedy-10000", 12.85),
    (15, "aco-25-100", 12366.62),
    (15, "dkho-25-100", 4828.78),
    (25, "pso-25-100", 927.27),
    (25, "pso-50-10000", 7739.57),
    (25, "greedy-100", 45.13),
    (25, "greedy-10000", 884.4),
    (25, "dkho-25-100", 16767.80),
];

fn parse_algo(spec: &str, base: &SwarmArgs) -> CliResult<RunConfig> {
    let bad = || {
        CliError::usage(anyhow::anyhow!(
            "bad algorithm `{spec}`: expected greedy-N, pso-P-N, aco-P-N or dkho-P-N"
        ))
    };
    let parts: Vec<&str> = spec.split('-').collect();
    let algo = parts.first().and_then(|n| Algo::parse(n)).ok_or_else(bad)?;
    let num = |s: &str| s.parse::<u64>().ok().filter(|&x| (1..=10_000_000).contains(&x));
    let (agents, iterations) = match (algo, parts.len()) {
        (Algo::Greedy, 2) => (1, num(parts[1]).ok_or_else(bad)?),
        (Algo::Greedy, _) => return Err(bad()),
        (_, 3) => (
            num(parts[1]).filter(|&a| a <= 100_000).ok_or_else(bad)? as usize,
            num(parts[2]).ok_or_else(bad)?,
        ),
        _ => return Err(bad()),
    };
    Ok(RunConfig {
        algo,
        agents,
        iterations,
        opts: base.clone(),
    })
}

/// The seed's scramble generator: uniform face and suffix, no face repeated within any
/// window of three moves.
pub fn seed_scramble<R: Rng + ?Sized>(rng: &mut R, len: usize) -> Vec<Cube3Move> {
    let mut faces: Vec<u8> = Vec::with_capacity(len);
    let mut out = Vec::with_capacity(len);
    for _ in 0..len {
        let face = loop {
            let f = rng.random_range(0..6u8);
            let n = faces.len();
            if (n >= 1 && faces[n - 1] == f) || (n >= 2 && faces[n - 2] == f) {
                continue;
            }
            break f;
        };
        faces.push(face);
        let amount = rng.random_range(1..=3u8);
        if let Some(m) = Cube3Move::new(face, amount) {
            out.push(m);
        }
    }
    out
}

fn read_scrambles(path: &std::path::Path) -> CliResult<Vec<(usize, Vec<Cube3Move>)>> {
    let text = crate::input::read_file_up_to(path, 64 << 20)?;
    let p = Cube3;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (len, moves) = line.split_once('\t').unwrap_or(("", line));
        let moves = p
            .parse_moves(moves)
            .map_err(|e| CliError::usage(anyhow::anyhow!("{}:{}: {e}", path.display(), i + 1)))?;
        let len = len.trim().parse().unwrap_or(moves.len());
        out.push((len, moves));
    }
    if out.is_empty() {
        return Err(CliError::usage(anyhow::anyhow!(
            "{}: no scrambles in the file",
            path.display()
        )));
    }
    Ok(out)
}

struct Job {
    length: usize,
    attempt: u64,
    algo_index: usize,
    scramble: Vec<Cube3Move>,
    state: CubieCube,
    seed: u64,
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let v = if xs.len() > 1 {
        xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (m, v.sqrt())
}

fn fmt(x: f64) -> String {
    if x.is_nan() {
        "NA".into()
    } else {
        format!("{x:.2}")
    }
}

/// Runs `twisty bench metaheuristics`.
pub fn run_bench(ctx: &Ctx, args: &BenchMetaArgs) -> CliResult {
    let configs: Vec<RunConfig> = args
        .algorithms
        .iter()
        .map(|a| parse_algo(a.trim(), &args.swarm))
        .collect::<CliResult<_>>()?;
    let p = Cube3;
    let mut rng = seeded_rng(args.seed);
    // (length, scrambles of that length)
    let mut groups: Vec<(usize, Vec<Vec<Cube3Move>>)> = Vec::new();
    if let Some(path) = &args.scrambles {
        for (len, moves) in read_scrambles(path)? {
            match groups.iter_mut().find(|g| g.0 == len) {
                Some(g) => g.1.push(moves),
                None => groups.push((len, vec![moves])),
            }
        }
    } else if !args.lengths.is_empty() {
        for &len in &args.lengths {
            if len > 1000 {
                return Err(CliError::usage(anyhow::anyhow!(
                    "--lengths: {len} is too long (at most 1000)"
                )));
            }
            let s = (0..args.attempts).map(|_| seed_scramble(&mut rng, len)).collect();
            groups.push((len, s));
        }
    } else {
        return Err(CliError::usage(anyhow::anyhow!(
            "give --scrambles FILE or --lengths LIST"
        )));
    }
    let mut jobs = Vec::new();
    for (len, scrambles) in &groups {
        for (ai, cfg) in configs.iter().enumerate() {
            if cfg.algo == Algo::Aco && *len > args.aco_max_length {
                continue;
            }
            for attempt in 0..args.attempts {
                let scramble = scrambles[(attempt as usize) % scrambles.len()].clone();
                jobs.push(Job {
                    length: *len,
                    attempt,
                    algo_index: ai,
                    state: p.state_after(&scramble),
                    scramble,
                    seed: rng.random(),
                });
            }
        }
    }
    if !args.json {
        eprintln!("seed: {}", args.seed);
    }
    let corners = match args.swarm.fitness {
        FitnessArg::Twophase => None,
        _ => Some(corner_table(ctx)?),
    };
    // The two-phase fitness on its own: median time per evaluation over the scrambles and
    // states a few random moves from them.
    let tp = TwoPhase::global();
    let mut plain = TwoPhaseFitness::new(tp, 20);
    let mut samples = Vec::new();
    for (_, scrambles) in &groups {
        for s in scrambles {
            for k in 0..8 {
                let mut st = p.state_after(s);
                p.apply_all(&mut st, &p.random_moves(&mut rng, k));
                let t = Instant::now();
                plain.eval(&p, &st).map_err(CliError::failure)?;
                samples.push(t.elapsed());
            }
        }
    }
    samples.sort_unstable();
    let tp_median = samples.get(samples.len() / 2).copied().unwrap_or_default();
    let pb = progress(ctx, jobs.len() as u64, "metaheuristics");
    let results: Vec<CliResult<RunResult>> = jobs
        .par_iter()
        .map(|j| {
            pb.set_message(format!(
                "{} on {}-move #{}",
                args.algorithms[j.algo_index],
                j.length,
                j.attempt + 1
            ));
            let r = run_one(&configs[j.algo_index], &j.state, j.seed, corners.as_ref());
            pb.inc(1);
            r
        })
        .collect();
    pb.finish_and_clear();
    let mut rows = Vec::new();
    for (j, r) in jobs.iter().zip(results) {
        rows.push((j, r?));
    }
    if args.json {
        let runs: Vec<_> = rows
            .iter()
            .map(|(j, r)| {
                let o = &r.outcome;
                serde_json::json!({
                    "length": j.length,
                    "algorithm": args.algorithms[j.algo_index],
                    "attempt": j.attempt + 1,
                    "scramble": p.format_moves(&j.scramble),
                    "seed": j.seed,
                    "solved": o.solved,
                    "actual": r.actual,
                    "obtained": o.mean_length(),
                    "best_length": o.solved.then_some(r.solution.len()),
                    "min_fitness": o.min_fitness,
                    "first_iteration": o.first_iteration(),
                    "last_iteration": o.last_iteration(),
                    "first_time_s": o.first_time().map(|d| d.as_secs_f64()),
                    "total_time_s": o.last_time().map(|d| d.as_secs_f64()),
                    "run_time_s": o.elapsed.as_secs_f64(),
                    "nfe": o.nfe,
                    "computed": r.computed,
                    "cache_hits": r.cache_hits,
                    "capped": r.capped,
                    "agents": o.agent_solutions.len(),
                })
            })
            .collect();
        return print_json(&serde_json::json!({
            "seed": args.seed,
            "twophase_median_eval_us": tp_median.as_secs_f64() * 1e6,
            "runs": runs,
        }));
    }
    println!(
        "Two-phase fitness alone: median {:.1} µs per evaluation over {} states",
        tp_median.as_secs_f64() * 1e6,
        samples.len()
    );
    println!("\nPer run (Tables 1-4 and 6 columns: iterations of the first and last agent's solution and the mean gap, times in seconds):");
    println!("Length  Algorithm      Try  OK   Actual  Obtained  Best  MinFit  FirstIt  LastIt  AvgIt   First(s)  Total(s)  Run(s)    NFE       Computed  Hits      Capped  Agents  Eval/s");
    for (j, r) in &rows {
        let o = &r.outcome;
        let secs = |d: Option<Duration>| d.map_or("NA".to_string(), |d| format!("{:.3}", d.as_secs_f64()));
        println!(
            "{:<7} {:<14} {:<4} {:<4} {:<7} {:<9} {:<5} {:<7} {:<8} {:<7} {:<7} {:<9} {:<9} {:<9.3} {:<9} {:<9} {:<9} {:<7} {:<7} {:.0}",
            j.length,
            args.algorithms[j.algo_index],
            j.attempt + 1,
            if o.solved { "yes" } else { "no" },
            r.actual,
            o.mean_length().map_or("NA".into(), |x| format!("{x:.2}")),
            if o.solved { r.solution.len().to_string() } else { "NA".into() },
            o.min_fitness,
            o.first_iteration().map_or("NA".into(), |x| x.to_string()),
            o.last_iteration().map_or("NA".into(), |x| x.to_string()),
            o.average_gap().map_or("NA".into(), |x| format!("{x:.2}")),
            secs(o.first_time()),
            secs(o.last_time()),
            o.elapsed.as_secs_f64(),
            o.nfe,
            r.computed,
            r.cache_hits,
            r.capped,
            o.agent_solutions.len(),
            o.nfe as f64 / o.elapsed.as_secs_f64().max(1e-9),
        );
    }
    println!("\nSummary (Table 7 columns; Time = run time in seconds; Paper = Table 7 average time on the thesis scrambles):");
    println!("Length  Algorithm      %       Act(avg/sd)   Obt(avg/sd)    Time(avg/sd)       NFE(avg/sd)           Paper(s)   Speed-up");
    for (len, _) in &groups {
        for (ai, name) in args.algorithms.iter().enumerate() {
            let sel: Vec<&(&Job, RunResult)> = rows
                .iter()
                .filter(|(j, _)| j.length == *len && j.algo_index == ai)
                .collect();
            if sel.is_empty() {
                continue;
            }
            let ok = sel.iter().filter(|(_, r)| r.outcome.solved).count();
            let act: Vec<f64> = sel.iter().map(|(_, r)| f64::from(r.actual)).collect();
            let obt: Vec<f64> = sel.iter().filter_map(|(_, r)| r.outcome.mean_length()).collect();
            let time: Vec<f64> = sel.iter().map(|(_, r)| r.outcome.elapsed.as_secs_f64()).collect();
            let nfe: Vec<f64> = sel.iter().map(|(_, r)| r.outcome.nfe as f64).collect();
            let (a, b, c, d) = (mean_sd(&act), mean_sd(&obt), mean_sd(&time), mean_sd(&nfe));
            // The paper's times belong to the thesis scrambles only.
            let paper = PAPER_TABLE7
                .iter()
                .find(|(l, n, _)| args.scrambles.is_some() && l == len && *n == name.as_str())
                .map(|x| x.2);
            println!(
                "{:<7} {:<14} {:<7} {:<13} {:<14} {:<18} {:<21} {:<10} {}",
                len,
                name,
                format!("{ok}/{}", sel.len()),
                format!("{}/{}", fmt(a.0), fmt(a.1)),
                format!("{}/{}", fmt(b.0), fmt(b.1)),
                format!("{:.3}/{:.3}", c.0, c.1),
                format!("{:.0}/{:.0}", d.0, d.1),
                paper.map_or("-".into(), |x| format!("{x:.2}")),
                paper.map_or("-".into(), |x| format!("{:.0}x", x / c.0.max(1e-9))),
            );
        }
    }
    if let Some((j, r)) = rows.first() {
        println!("\nFirst run in full ({}-move #{}):", j.length, j.attempt + 1);
        print!("{}", report(&configs[j.algo_index], r));
    }
    Ok(())
}

/// Entry point from `twisty bench`.
pub fn run(ctx: &Ctx, args: &BenchMetaArgs) -> CliResult {
    run_bench(ctx, args)
}
