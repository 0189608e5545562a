//! Short scrambles through the default two-phase solver: for each length 1–12, the share
//! answered optimally and the median solve time; then the added cost on random states.
//!
//! `cargo bench -p twisty-solvers --bench short` (`SHORT_SCRAMBLES` sets the scrambles per
//! length, default 1000; `SHORT_CONFIG=plain` runs only the in-memory `TwoPhase::new`
//! (phase-1 estimates alone), `SHORT_CONFIG=cached` only `TwoPhase::from_cache` (with the
//! corner database and the perimeter, from a temporary cache); `SHORT_DEPTH` sets the plain
//! configuration's pass depth, default 12; `SHORT_LENGTHS` the longest scramble, default 12). A scramble is
//! `n` random face turns, no two in a row on the same face; its optimum is at most `n`. An
//! answer counts as optimal when the solver proves it (the short-answer pass is complete up
//! to its depth, so what it finds, or a two-phase answer one longer than it, is optimal).
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use rand::Rng;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::{Origin, TableCache};
use twisty_solvers::twophase::{CornerDb, Perimeter, TwoPhase};
use twisty_solvers::{Limits, Solver};

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn main() {
    let n: usize = std::env::var("SHORT_SCRAMBLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    // SHORT_CONFIG=plain or cached runs one configuration only.
    let only = std::env::var("SHORT_CONFIG").ok();
    if only.as_deref() != Some("cached") {
        let start = Instant::now();
        let depth = std::env::var("SHORT_DEPTH")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(12);
        let tp = TwoPhase::new().with_short_depth(depth);
        println!(
            "short-answer pass to depth {} (SHORT_DEPTH; TwoPhase::new's default is {})",
            tp.short_depth(),
            twisty_solvers::twophase::PLAIN_SHORT_DEPTH
        );
        println!(
            "plain (TwoPhase::new, in memory): two-phase tables {} bytes built in {:.1} ms",
            tp.tables().bytes(),
            start.elapsed().as_secs_f64() * 1e3
        );
        run(&tp, n);
    }
    if only.as_deref() != Some("plain") {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let start = Instant::now();
        let (tp, _) = TwoPhase::from_cache(&cache, false).unwrap();
        let cold = start.elapsed();
        drop(tp);
        let start = Instant::now();
        let (tp, origins) = TwoPhase::from_cache(&cache, false).unwrap();
        let warm = start.elapsed();
        assert!(origins.iter().all(|o| *o == Origin::Loaded));
        let start = Instant::now();
        let perimeter = Perimeter::build();
        let perimeter_time = start.elapsed();
        let start = Instant::now();
        let corners = CornerDb::build(false);
        let corner_time = start.elapsed();
        println!(
            "cached (TwoPhase::from_cache): cold {cold:.2?} (builds and stores all), warm load {warm:.2?}; \
             perimeter {} bytes built in {perimeter_time:.2?}, corner database {} bytes built in {corner_time:.2?}",
            perimeter.bytes(),
            corners.bytes()
        );
        run(&tp, n);
    }
}

fn run(tp: &TwoPhase, n: usize) {
    let mut rng = seeded_rng(2026);
    let limits = Limits::default();
    println!("length  optimal  not-longer  median      max         mean-nodes");
    let lengths = std::env::var("SHORT_LENGTHS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12usize);
    for len in 1..=lengths {
        let (mut optimal, mut not_longer, mut nodes) = (0, 0, 0u64);
        let mut times = Vec::with_capacity(n);
        for _ in 0..n {
            let mut c = CubieCube::SOLVED;
            let mut last = 6u8;
            for _ in 0..len {
                let m = loop {
                    let m = Cube3Move::ALL[rng.random_range(0..18)];
                    if m.face() != last {
                        break m;
                    }
                };
                last = m.face();
                c.apply_move(m);
            }
            let t = Instant::now();
            let sol = tp.solve(&Cube3, &c, &limits).unwrap();
            times.push(t.elapsed());
            optimal += usize::from(sol.optimal);
            not_longer += usize::from(sol.moves.len() <= len);
            nodes += sol.stats.nodes;
        }
        let max = times.iter().max().copied().unwrap_or_default();
        println!(
            "{len:>6}  {:>6.1}%  {:>9.1}%  {:>10.3?}  {:>10.3?}  {}",
            100.0 * optimal as f64 / n as f64,
            100.0 * not_longer as f64 / n as f64,
            median(&mut times),
            max,
            nodes / n as u64
        );
    }
    // Random states: the short-answer pass's share of a full solve.
    let states = n.min(200);
    let (mut with, mut pass) = (Vec::new(), Vec::new());
    for _ in 0..states {
        let s = Cube3.random_state(&mut rng);
        let t = Instant::now();
        tp.solve(&Cube3, &s, &limits).unwrap();
        with.push(t.elapsed());
        let t = Instant::now();
        let _ = tp.short_pass(&s, tp.short_depth(), u64::MAX);
        pass.push(t.elapsed());
    }
    println!(
        "random states ({states}): median solve {:.3?}, of which the short pass {:.3?}",
        median(&mut with),
        median(&mut pass)
    );
}
