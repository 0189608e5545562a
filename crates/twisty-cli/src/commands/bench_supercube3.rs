//! `twisty bench supercube3`: the two-phase 3x3x3 supercube solver on uniformly random
//! states (answer lengths in SSTM and time per solve, every answer replayed on the model),
//! and the genetic solver on the first few of the same states for comparison.

use crate::args::BenchSupercube3Args;
use crate::commands::bench::{check_count, progress, summarise};
use crate::commands::{CliResult, Ctx};
use crate::output::print_json;
use std::time::{Duration, Instant};
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::{Supercube, SupercubeState};
use twisty_core::Puzzle;
use twisty_solvers::genetic::macros::MacroLibrary;
use twisty_solvers::genetic::GeneticSolver;
use twisty_solvers::supercube3::{Supercube3TwoPhase, DEFAULT_BUDGET};
use twisty_solvers::{verify, Limits};

/// Lengths and times of one solver over a sample.
struct Sample {
    lengths: Vec<usize>,
    times: Vec<Duration>,
}

impl Sample {
    fn json(&self) -> serde_json::Value {
        let l = length_stats(&self.lengths);
        let t = summarise(self.times.clone());
        serde_json::json!({
            "count": self.lengths.len(),
            "mean_length": l.0, "median_length": l.1, "p95_length": l.2, "max_length": l.3,
            "mean_ms": t.mean.as_secs_f64() * 1e3, "median_ms": t.median.as_secs_f64() * 1e3,
            "p90_ms": t.p90.as_secs_f64() * 1e3, "max_ms": t.max.as_secs_f64() * 1e3,
        })
    }

    fn line(&self, name: &str) -> String {
        let l = length_stats(&self.lengths);
        let t = summarise(self.times.clone());
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        format!(
            "{name:<9} {:>6} {:>7.2} {:>7} {:>5} {:>5} {:>10.1} {:>10.1} {:>9.1} {:>9.1}",
            self.lengths.len(),
            l.0,
            l.1,
            l.2,
            l.3,
            ms(t.mean),
            ms(t.median),
            ms(t.p90),
            ms(t.max)
        )
    }
}

/// Mean, median, 95th percentile and maximum.
fn length_stats(v: &[usize]) -> (f64, usize, usize, usize) {
    let mut s = v.to_vec();
    s.sort_unstable();
    let at = |q: f64| {
        s.get(((s.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0)
    };
    let mean = s.iter().sum::<usize>() as f64 / s.len().max(1) as f64;
    (mean, at(0.5), at(0.95), s.last().copied().unwrap_or(0))
}

/// Runs the benchmark.
pub fn run(ctx: &Ctx, args: &BenchSupercube3Args) -> CliResult {
    check_count(args.count)?;
    let cube = Supercube { n: 3 };
    let t0 = Instant::now();
    let solver = Supercube3TwoPhase::new()?;
    let table_time = t0.elapsed();
    let mut rng = seeded_rng(args.seed);
    let inputs: Vec<SupercubeState> = (0..args.count).map(|_| cube.random_state(&mut rng)).collect();
    let budget = args.budget.unwrap_or(DEFAULT_BUDGET);
    let limits = Limits::default();
    let mut two = Sample {
        lengths: Vec::new(),
        times: Vec::new(),
    };
    let pb = progress(ctx, args.count as u64, "two-phase");
    for s in &inputs {
        let t = Instant::now();
        let (sol, _) = solver.solve_with(&cube, s, &limits, budget)?;
        two.times.push(t.elapsed());
        verify(&cube, s, &sol.moves)?;
        two.lengths.push(sol.moves.len());
        pb.inc(1);
    }
    pb.finish_and_clear();
    let mut ga = Sample {
        lengths: Vec::new(),
        times: Vec::new(),
    };
    let k = args.ga.min(args.count);
    let pb = progress(ctx, k as u64, "GA");
    for (i, s) in inputs.iter().take(k).enumerate() {
        let g = GeneticSolver {
            seed: args.seed + i as u64,
            learn: false,
            ..GeneticSolver::default()
        };
        let t = Instant::now();
        let sol = g.solve_with(&cube, s, &limits, &mut MacroLibrary::new(None), |_| {})?;
        ga.times.push(t.elapsed());
        verify(&cube, s, &sol.moves)?;
        ga.lengths.push(sol.moves.len());
        pb.inc(1);
    }
    pb.finish_and_clear();
    if args.json {
        return print_json(&serde_json::json!({
            "seed": args.seed,
            "budget": budget,
            "tables_ms": table_time.as_secs_f64() * 1e3,
            "twophase": two.json(),
            "ga": (k > 0).then(|| ga.json()),
        }));
    }
    println!(
        "3x3x3 supercube, uniformly random states (seed {}), SSTM (every slice turn counts one), \
         every answer replayed; two-phase tables built in {:.2} s, budget {budget} nodes",
        args.seed,
        table_time.as_secs_f64()
    );
    println!(
        "{:<9} {:>6} {:>7} {:>7} {:>5} {:>5} {:>10} {:>10} {:>9} {:>9}",
        "solver", "states", "mean", "median", "p95", "max", "mean ms", "median ms", "p90 ms", "max ms"
    );
    println!("{}", two.line("twophase"));
    if k > 0 {
        println!("{}", ga.line("ga"));
    }
    Ok(())
}
