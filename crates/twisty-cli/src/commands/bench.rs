//! Benchmark helpers shared by the `twisty bench` subcommands, and `bench optimal2x2`.

use crate::args::BenchCountArgs;
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use twisty_core::cube2::Cube2;
use twisty_core::rng::seeded_rng;
use twisty_core::{Metric, Puzzle};
use twisty_solvers::{verify, Limits, Solver};

/// Summary statistics of a sample of durations.
#[derive(Debug, Clone, Copy)]
pub struct Summary {
    /// Sample size.
    pub count: usize,
    /// Median.
    pub median: Duration,
    /// 90th percentile.
    pub p90: Duration,
    /// Maximum.
    pub max: Duration,
    /// Mean.
    pub mean: Duration,
}

/// The median of sorted values: the middle one, or `mean` of the two middle ones; `None` when
/// there are none.
pub fn median_of_sorted<T: Copy>(sorted: &[T], mean: impl Fn(T, T) -> T) -> Option<T> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some(mean(sorted[n / 2 - 1], sorted[n / 2])),
    }
}

/// Summarises a sample (empty samples give zeros).
pub fn summarise(mut times: Vec<Duration>) -> Summary {
    times.sort_unstable();
    let n = times.len();
    let at = |q: f64| {
        times
            .get(((n as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    let total: Duration = times.iter().sum();
    Summary {
        count: n,
        median: median_of_sorted(&times, |a, b| (a + b) / 2).unwrap_or_default(),
        p90: at(0.9),
        max: times.last().copied().unwrap_or_default(),
        mean: if n > 0 { total / n as u32 } else { Duration::ZERO },
    }
}

/// A progress bar on stderr when it is a terminal (hidden otherwise).
pub fn progress(ctx: &Ctx, len: u64, what: &str) -> ProgressBar {
    if !ctx.progress {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.set_message(what.to_string());
    pb
}

/// Checks the common count argument.
pub fn check_count(count: usize) -> CliResult {
    if count == 0 || count > 10_000_000 {
        return Err(CliError::usage(anyhow::anyhow!(
            "--count must be between 1 and 10000000"
        )));
    }
    Ok(())
}

/// `twisty bench optimal2x2`: table build or load time, then optimal solves of uniformly
/// random states grouped by optimal length.
pub fn optimal2x2(ctx: &Ctx, args: &BenchCountArgs) -> CliResult {
    check_count(args.count)?;
    let t0 = Instant::now();
    let solver = twisty_engine::loaded::cube2_optimal(
        &ctx.engine(),
        Metric::Htm,
        &crate::observer::CliObserver::tables_only(),
    )?;
    let table_time = t0.elapsed();
    let p = Cube2;
    let mut rng = seeded_rng(args.seed);
    let states: Vec<_> = (0..args.count).map(|_| p.random_state(&mut rng)).collect();
    let mut by_len: BTreeMap<u32, (Vec<Duration>, u64)> = BTreeMap::new();
    let pb = progress(ctx, args.count as u64, "solving");
    let limits = Limits::default();
    for s in &states {
        let t = Instant::now();
        let sol = solver.solve(&p, s, &limits)?;
        let dt = t.elapsed();
        verify(&p, s, &sol.moves)?;
        let e = by_len.entry(sol.length).or_default();
        e.0.push(dt);
        e.1 += sol.stats.nodes;
        pb.inc(1);
    }
    pb.finish_and_clear();
    let all = summarise(by_len.values().flat_map(|v| v.0.iter().copied()).collect());
    if args.json {
        let rows: Vec<_> = by_len
            .iter()
            .map(|(len, (times, nodes))| {
                let s = summarise(times.clone());
                serde_json::json!({"length": len, "count": s.count, "median_us": s.median.as_secs_f64()*1e6,
                    "max_us": s.max.as_secs_f64()*1e6, "nodes": nodes})
            })
            .collect();
        return print_json(&serde_json::json!({
            "seed": args.seed, "count": args.count, "table_ms": table_time.as_secs_f64()*1e3,
            "table_origin": format!("{:?}", solver.origin), "median_us": all.median.as_secs_f64()*1e6,
            "by_length": rows,
        }));
    }
    println!(
        "2x2x2 optimal (HTM), {} random states, seed {}; table {:?} in {}",
        args.count,
        args.seed,
        solver.origin,
        human_duration(table_time)
    );
    println!(
        "{:>6} {:>7} {:>12} {:>12} {:>10}",
        "length", "count", "median", "max", "nodes"
    );
    for (len, (times, nodes)) in &by_len {
        let s = summarise(times.clone());
        println!(
            "{len:>6} {:>7} {:>12} {:>12} {:>10}",
            s.count,
            human_duration(s.median),
            human_duration(s.max),
            nodes
        );
    }
    println!(
        "{:>6} {:>7} {:>12} {:>12}   (p90 {}, mean {})",
        "all",
        all.count,
        human_duration(all.median),
        human_duration(all.max),
        human_duration(all.p90),
        human_duration(all.mean)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        let ms = |v: &[u64]| v.iter().map(|&x| Duration::from_millis(x)).collect::<Vec<_>>();
        let s = summarise(ms(&[30, 10, 20]));
        assert_eq!(
            (s.count, s.median, s.max),
            (3, Duration::from_millis(20), Duration::from_millis(30))
        );
        assert_eq!(summarise(ms(&[40, 10, 30, 20])).median, Duration::from_millis(25));
        assert_eq!(summarise(ms(&[350, 470])).median, Duration::from_millis(410));
        assert_eq!(summarise(Vec::new()).median, Duration::ZERO);
        assert_eq!(median_of_sorted(&[1u64, 2, 6, 9], |a, b| (a + b) / 2), Some(4));
        assert_eq!(
            median_of_sorted(&[0.5, 1.0, 4.0], |a, b| (a + b) / 2.0),
            Some(1.0)
        );
        assert_eq!(median_of_sorted::<u64>(&[], |a, b| a + b), None);
    }
}
