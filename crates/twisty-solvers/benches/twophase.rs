//! Two-phase solve times over uniformly random states at maximum lengths 21 and 20.
//!
//! `cargo bench -p twisty-solvers --bench twophase` (set `TWOPHASE_STATES` to change the
//! number of states, default 1000 at length 21 and a fifth of that at 20). Prints the table
//! build time, then per bound the median, mean, 90th percentile and maximum solve time and
//! the mean length.
#![allow(missing_docs)]

use std::time::{Duration, Instant};
use twisty_core::cube3::Cube3;
use twisty_core::{seeded_rng, Puzzle};
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::Limits;

fn main() {
    let n: usize = std::env::var("TWOPHASE_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let start = Instant::now();
    let tp = TwoPhase::new();
    println!(
        "tables built in {:.1} ms ({} bytes)",
        start.elapsed().as_secs_f64() * 1e3,
        tp.tables().bytes()
    );
    let mut ctx = tp.context();
    for (max, count) in [(21u32, n), (20, (n / 5).max(1))] {
        let mut rng = seeded_rng(2024);
        let mut times = Vec::with_capacity(count);
        let mut total_len = 0usize;
        let limits = Limits {
            timeout: Some(Duration::from_secs(30)),
            ..Limits::default()
        };
        for _ in 0..count {
            let s = Cube3.random_state(&mut rng);
            let t = Instant::now();
            match ctx.solve(&s, max, &limits, t) {
                Ok(sol) => total_len += sol.len(),
                Err(e) => println!("  failed: {e}"),
            }
            times.push(t.elapsed());
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / count as f64;
        println!(
            "max length {max}: {count} states, median {:.3} ms, mean {:.3} ms, p90 {:.3} ms, max {:.1} ms, mean length {:.2}",
            ms(times[count / 2]),
            mean,
            ms(times[count * 9 / 10]),
            ms(times[count - 1]),
            total_len as f64 / count as f64
        );
    }
}
