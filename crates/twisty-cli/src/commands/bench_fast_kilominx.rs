//! `twisty bench fast-kilominx`: the fast Kilominx solver on uniformly random states at
//! several time budgets.

use crate::args::BenchFastKilominxArgs;
use crate::commands::bench::{check_count, progress, summarise, Summary};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use std::time::{Duration, Instant};
use twisty_core::kilominx::Kilominx;
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::{verify, Limits};

/// Parses `0.01,0.1,1` into durations (each positive, at most an hour).
fn parse_budgets(text: &str) -> Result<Vec<Duration>, String> {
    text.split(',')
        .map(|t| {
            let t = t.trim();
            match t.parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => Ok(Duration::from_secs_f64(s)),
                _ => Err(format!(
                    "`{t}` is not a time budget in seconds (a positive number up to 3600)"
                )),
            }
        })
        .collect()
}

/// The figures of one budget.
struct Row {
    budget: Duration,
    first: Summary,
    total: Summary,
    mean_len: f64,
    max_len: u32,
}

/// Runs the benchmark.
pub fn run(ctx: &Ctx, args: &BenchFastKilominxArgs) -> CliResult {
    let a = &args.common;
    check_count(a.count)?;
    let budgets =
        parse_budgets(&args.budgets).map_err(|e| CliError::usage(anyhow::anyhow!("--budgets: {e}")))?;
    let t0 = Instant::now();
    let solver =
        twisty_engine::loaded::kilominx_fast(&ctx.engine(), &crate::observer::CliObserver::tables_only())?;
    let table_time = t0.elapsed();
    let k = Kilominx;
    let mut rng = seeded_rng(a.seed);
    let states: Vec<_> = (0..a.count).map(|_| k.random_state(&mut rng)).collect();
    let mut rows = Vec::new();
    for &budget in &budgets {
        let bar = progress(ctx, a.count as u64, &format!("budget {}", human_duration(budget)));
        let mut firsts = Vec::with_capacity(a.count);
        let mut totals = Vec::with_capacity(a.count);
        let mut lens = Vec::with_capacity(a.count);
        for st in &states {
            let limits = Limits {
                timeout: Some(budget),
                cancel: Some(ctx.cancel.clone()),
                ..Limits::default()
            };
            let t = Instant::now();
            let sol = solver.solve_state(st, &limits)?;
            totals.push(t.elapsed());
            verify(&k, st, &sol.moves)?;
            let first = sol.stats.breakdown.first().map_or(0.0, |b| b.2);
            firsts.push(Duration::from_secs_f64(first));
            lens.push(sol.length);
            bar.inc(1);
        }
        bar.finish_and_clear();
        rows.push(Row {
            budget,
            first: summarise(firsts),
            total: summarise(totals),
            mean_len: lens.iter().map(|&l| l as f64).sum::<f64>() / lens.len().max(1) as f64,
            max_len: lens.iter().copied().max().unwrap_or(0),
        });
    }
    if a.json {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let rows: Vec<_> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "budget_ms": ms(r.budget),
                    "first_median_ms": ms(r.first.median),
                    "first_p90_ms": ms(r.first.p90),
                    "first_max_ms": ms(r.first.max),
                    "time_median_ms": ms(r.total.median),
                    "time_p90_ms": ms(r.total.p90),
                    "time_max_ms": ms(r.total.max),
                    "mean_length": r.mean_len,
                    "max_length": r.max_len,
                })
            })
            .collect();
        return print_json(&serde_json::json!({
            "puzzle": "kilominx",
            "solver": "fast",
            "count": a.count,
            "seed": a.seed,
            "table_seconds": table_time.as_secs_f64(),
            "budgets": rows,
        }));
    }
    println!(
        "Kilominx fast solver: {} random states, seed {}; tables ready in {}",
        a.count,
        a.seed,
        human_duration(table_time)
    );
    println!(
        "{:>8}  {:>29}  {:>29}  {:>11}  {:>6}",
        "budget", "first solution median/p90/max", "time median/p90/max", "mean length", "max"
    );
    for r in &rows {
        println!(
            "{:>8}  {:>29}  {:>29}  {:>11.2}  {:>6}",
            human_duration(r.budget),
            format!(
                "{} / {} / {}",
                human_duration(r.first.median),
                human_duration(r.first.p90),
                human_duration(r.first.max)
            ),
            format!(
                "{} / {} / {}",
                human_duration(r.total.median),
                human_duration(r.total.p90),
                human_duration(r.total.max)
            ),
            r.mean_len,
            r.max_len
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_budgets;

    #[test]
    fn budgets_parse_and_bad_ones_are_refused() {
        assert_eq!(parse_budgets("0.01, 1").map(|v| v.len()), Ok(2));
        assert!(parse_budgets("0").is_err());
        assert!(parse_budgets("abc").is_err());
        assert!(parse_budgets("1,").is_err());
    }
}
