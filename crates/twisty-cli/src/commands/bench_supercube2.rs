//! `twisty bench supercube2`: the optimal 2x2x2 supercube solver's exact distance
//! distribution (every state of the table counted), then optimal solves of uniformly random
//! states, each replayed on the model.

use crate::args::BenchCountArgs;
use crate::commands::bench::{check_count, progress, summarise};
use crate::commands::{CliResult, Ctx};
use crate::output::{human_duration, print_json};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::Supercube;
use twisty_core::Puzzle;
use twisty_solvers::{verify, Limits, Solver};

/// Runs the benchmark.
pub fn run(ctx: &Ctx, args: &BenchCountArgs) -> CliResult {
    check_count(args.count)?;
    let t0 = Instant::now();
    let solver = twisty_engine::loaded::supercube2_optimal(
        &ctx.engine(),
        &crate::observer::CliObserver::tables_only(),
    )?;
    let table_time = t0.elapsed();
    let dist = solver.distribution();
    let states: u64 = dist.iter().sum();
    let mean_distance = dist
        .iter()
        .enumerate()
        .map(|(d, &c)| d as f64 * c as f64)
        .sum::<f64>()
        / states as f64;
    let cube = Supercube { n: 2 };
    let mut rng = seeded_rng(args.seed);
    let inputs: Vec<_> = (0..args.count).map(|_| cube.random_state(&mut rng)).collect();
    let mut by_len: BTreeMap<usize, Vec<Duration>> = BTreeMap::new();
    let pb = progress(ctx, args.count as u64, "solving");
    let limits = Limits::default();
    for s in &inputs {
        let t = Instant::now();
        let sol = solver.solve(&cube, s, &limits)?;
        let dt = t.elapsed();
        verify(&cube, s, &sol.moves)?;
        by_len.entry(sol.moves.len()).or_default().push(dt);
        pb.inc(1);
    }
    pb.finish_and_clear();
    let all = summarise(by_len.values().flatten().copied().collect());
    let mean_length = by_len
        .iter()
        .map(|(l, t)| *l as f64 * t.len() as f64)
        .sum::<f64>()
        / args.count as f64;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    if args.json {
        return print_json(&serde_json::json!({
            "states": states,
            "distribution": dist,
            "mean_distance": mean_distance,
            "table_ms": table_time.as_secs_f64() * 1e3,
            "table_origin": format!("{:?}", solver.origin),
            "seed": args.seed,
            "count": args.count,
            "mean_length": mean_length,
            "lengths": by_len.iter().map(|(l, t)| (l.to_string(), t.len())).collect::<BTreeMap<_, _>>(),
            "median_us": us(all.median),
            "p90_us": us(all.p90),
            "max_us": us(all.max),
            "mean_us": us(all.mean),
        }));
    }
    println!(
        "2x2x2 supercube, optimal in SSTM (every slice turn counts one): {states} states, table {:?} in {}",
        solver.origin,
        human_duration(table_time)
    );
    println!("{:>8} {:>12} {:>9}", "distance", "states", "share");
    for (d, &c) in dist.iter().enumerate() {
        println!("{d:>8} {c:>12} {:>8.4}%", 100.0 * c as f64 / states as f64);
    }
    println!("mean distance {mean_distance:.4}");
    println!(
        "{} uniformly random states, seed {}: mean length {mean_length:.3}, per solve median {:.1} µs, \
         p90 {:.1} µs, max {:.1} µs (every answer replayed)",
        args.count,
        args.seed,
        us(all.median),
        us(all.p90),
        us(all.max)
    );
    println!("{:>8} {:>8}", "length", "count");
    for (l, t) in &by_len {
        println!("{l:>8} {:>8}", t.len());
    }
    Ok(())
}
