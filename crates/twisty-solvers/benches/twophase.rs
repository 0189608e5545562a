//! Two-phase solve times over uniformly random states at maximum lengths 21 and 20.
//!
//! `cargo bench -p twisty-solvers --bench twophase` (set `TWOPHASE_STATES` to change the
//! number of states, default 1000 at each bound). Prints the table
//! build time, then per bound the median, mean, 90th percentile and maximum solve time and
//! the mean length; then the same for the crates.io `min2phase` crate (Rust port of
//! min2phase) on the same states, for a ratio measured in the same run.
//!
//! `TWOPHASE_PLAN=1` instead measures the search plans on the same kind of states: solves
//! within 20 moves on 1 and 2 threads (median, mean, p99), then the mean length reached with
//! a 10 ms improvement budget on 1 and 2 threads (`TWOPHASE_BUDGET_MS` changes it, 0 skips it;
//! `TWOPHASE_BUDGET_THREADS=N` runs only the budget, on N threads).
//! `TWOPHASE_CUBES=FILE` takes the states from a file of facelet strings instead of drawing
//! them. `TWOPHASE_LARGE=1` runs them in the large-table mode (`TWOPHASE_NO_DOWN=1` without its
//! closer-move masks), `TWOPHASE_19=1` adds solves within 19 moves on 2 threads.
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use std::time::{Duration, Instant};
use twisty_core::cube3::Cube3;
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::TableCache;
use twisty_solvers::twophase::perimeter::TableBytes;
use twisty_solvers::twophase::{large, SearchPlan, TwoPhase};
use twisty_solvers::Limits;

fn main() {
    let n: usize = std::env::var("TWOPHASE_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    // Each state is solved this many times by each solver and the fastest time kept, which
    // filters out the time slices lost to other processes on a shared machine.
    let repeat: usize = std::env::var("TWOPHASE_REPEAT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .max(1);
    if std::env::var("TWOPHASE_PLAN").is_ok() {
        plans(n, repeat);
        return;
    }
    let start = Instant::now();
    let tp = TwoPhase::new();
    println!(
        "tables built in {:.1} ms ({} bytes)",
        start.elapsed().as_secs_f64() * 1e3,
        tp.tables().bytes()
    );
    let mut ctx = tp.context();
    let m2p_start = Instant::now();
    let _ = min2phase::solve(&Cube3.to_facelets(&Cube3.solved()), 21);
    println!(
        "min2phase tables built in {:.1} ms",
        m2p_start.elapsed().as_secs_f64() * 1e3
    );
    if let Ok(f) = std::env::var("TWOPHASE_FACELETS") {
        // One given state at lengths 21 and 20, both solvers.
        if let Ok(s) = Cube3.from_facelets(&f) {
            for max in [21u32, 20] {
                let t = Instant::now();
                let r = ctx.solve(&s, max, &Limits::default(), t).map(|m| m.len());
                println!("twisty max {max}: {r:?} in {:?}", t.elapsed());
                let t = Instant::now();
                let sol = min2phase::solve(&f, max as u8);
                println!("min2phase max {max}: {sol} in {:?}", t.elapsed());
            }
        }
        return;
    }
    // TWOPHASE_MAX=21 (or 20) runs one bound only.
    let only: Option<u32> = std::env::var("TWOPHASE_MAX").ok().and_then(|v| v.parse().ok());
    for (max, count) in [(21u32, n), (20, n)] {
        if only.is_some_and(|m| m != max) {
            continue;
        }
        let all = states(count);
        let mut times = Vec::with_capacity(count);
        let mut peer_times = Vec::with_capacity(count);
        let mut total_len = 0usize;
        let mut peer_len = 0usize;
        let (mut n1, mut n2, mut probes) = (0u64, 0u64, 0u64);
        let limits = Limits {
            timeout: Some(Duration::from_secs(30)),
            ..Limits::default()
        };
        for s in all {
            let mut best = Duration::MAX;
            let mut len = 0;
            for _ in 0..repeat {
                let t = Instant::now();
                match ctx.solve(&s, max, &limits, t) {
                    Ok(sol) => len = sol.len(),
                    Err(e) => println!("  failed: {e}"),
                }
                best = best.min(t.elapsed());
            }
            total_len += len;
            times.push(best);
            n1 += ctx.nodes() - ctx.phase2_nodes();
            n2 += ctx.phase2_nodes();
            probes += ctx.probes();
            let f = Cube3.to_facelets(&s);
            let mut best = Duration::MAX;
            let mut sol = String::new();
            for _ in 0..repeat {
                let t = Instant::now();
                sol = min2phase::solve(&f, max as u8);
                best = best.min(t.elapsed());
            }
            peer_times.push(best);
            peer_len += sol.split_whitespace().count();
        }
        report("twisty two-phase", max, &mut times, total_len);
        let c = count as u64;
        println!(
            "  per state: {} phase-1 nodes, {} phase-2 nodes, {} phase-2 probes",
            n1 / c,
            n2 / c,
            probes / c
        );
        report("min2phase crate ", max, &mut peer_times, peer_len);
    }
}

/// `n` uniformly random states: the first `n` lines of the file `TWOPHASE_CUBES` (54
/// facelets each, URFDLB), or drawn with seed 2024.
fn states(n: usize) -> Vec<twisty_core::cube3::CubieCube> {
    if let Some(path) = std::env::var_os("TWOPHASE_CUBES") {
        let text = std::fs::read_to_string(path).unwrap();
        let out: Vec<_> = text
            .lines()
            .take(n)
            .map(|l| Cube3.from_facelets(l.trim()).unwrap())
            .collect();
        println!("{} states from TWOPHASE_CUBES", out.len());
        return out;
    }
    let mut rng = seeded_rng(2024);
    (0..n).map(|_| Cube3.random_state(&mut rng)).collect()
}

/// The solver of the plan runs: with `TWOPHASE_LARGE=1` in the large-table mode (the full
/// phase-1 table loaded from the cache in `TWISTY_TABLES`, built and stored there when
/// missing, or built in memory when the variable is unset).
fn plan_solver() -> TwoPhase {
    let tp = TwoPhase::new();
    if std::env::var("TWOPHASE_LARGE").is_err() {
        return tp;
    }
    let start = Instant::now();
    let full = match std::env::var_os("TWISTY_TABLES") {
        Some(dir) => {
            large::cache::load_or_build(&TableCache::new(dir), tp.tables(), true)
                .unwrap()
                .0
        }
        None => large::Phase1Full::build(tp.tables(), true).0,
    };
    // TWOPHASE_NO_DOWN=1: without the closer-move masks, for their share of the figures.
    let full = if std::env::var("TWOPHASE_NO_DOWN").is_ok() {
        let sym = large::cache::sym_from_bytes(&large::cache::sym_to_bytes(&full.sym)).unwrap();
        large::Phase1Full::from_parts(sym, TableBytes::Owned(full.raw().to_vec())).unwrap()
    } else {
        full
    };
    println!(
        "large tables ready in {:.2} s ({} bytes more)",
        start.elapsed().as_secs_f64(),
        full.bytes()
    );
    tp.with_large(std::sync::Arc::new(full))
}

/// Solves within 20 moves on 1 and 2 threads (and within 19 on 2 threads with
/// `TWOPHASE_19=1`), then improvement within a budget.
fn plans(n: usize, repeat: usize) {
    let tp = plan_solver();
    let states = states(n);
    let limits = |max: u32| Limits {
        max_length: Some(max),
        timeout: Some(Duration::from_secs(30)),
        ..Limits::default()
    };
    let mut runs = vec![(20u32, 1usize), (20, 2)];
    if std::env::var("TWOPHASE_BUDGET_THREADS").is_ok() {
        runs.clear();
    }
    if std::env::var("TWOPHASE_19").is_ok() {
        runs.push((19, 2));
    }
    for (max, threads) in runs {
        let plan = SearchPlan {
            threads,
            ..SearchPlan::default()
        };
        let mut times = Vec::with_capacity(n);
        let mut total_len = 0;
        let mut counts = [0u64; 3];
        for s in &states {
            let mut best = Duration::MAX;
            let mut len = 0;
            for _ in 0..repeat {
                let t = Instant::now();
                match tp.solve_with_plan(&Cube3, s, &limits(max), &plan, 0) {
                    Ok(sol) => {
                        len = sol.moves.len();
                        for (k, name) in ["phase-1 nodes", "phase-2 nodes", "phase-2 probes"]
                            .iter()
                            .enumerate()
                        {
                            counts[k] += sol
                                .stats
                                .breakdown
                                .iter()
                                .find(|b| b.0 == *name)
                                .map_or(0, |b| b.1);
                        }
                    }
                    Err(e) => println!("  failed: {e}"),
                }
                best = best.min(t.elapsed());
            }
            times.push(best);
            total_len += len;
        }
        report(&format!("{threads} thread(s)"), max, &mut times, total_len);
        let runs = (n * repeat) as u64;
        println!(
            "  per solve: {} phase-1 nodes, {} phase-2 nodes, {} phase-2 probes",
            counts[0] / runs,
            counts[1] / runs,
            counts[2] / runs
        );
    }
    let budget_ms: u64 = std::env::var("TWOPHASE_BUDGET_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    // TWOPHASE_BUDGET_MS=0 skips the budget runs.
    // TWOPHASE_BUDGET_THREADS=N runs only the budget on N threads.
    let budget_threads: Vec<usize> = match std::env::var("TWOPHASE_BUDGET_THREADS") {
        _ if budget_ms == 0 => vec![],
        Ok(v) => v.parse().map(|n| vec![n]).unwrap_or_else(|_| vec![1, 2]),
        Err(_) => vec![1, 2],
    };
    for &threads in &budget_threads {
        let mut times = Vec::with_capacity(n);
        let (mut total_len, mut proven) = (0, 0);
        for s in &states {
            let t = Instant::now();
            let plan = SearchPlan {
                threads,
                improve_until: Some(t + Duration::from_millis(budget_ms)),
                ..SearchPlan::default()
            };
            match tp.solve_with_plan(&Cube3, s, &limits(21), &plan, 0) {
                Ok(sol) => {
                    total_len += sol.moves.len();
                    proven += usize::from(sol.optimal);
                }
                Err(e) => println!("  failed: {e}"),
            }
            times.push(t.elapsed());
        }
        report(
            &format!("{budget_ms} ms budget, {threads} thread(s)"),
            21,
            &mut times,
            total_len,
        );
        println!("  proven optimal: {proven}");
    }
}

fn report(name: &str, max: u32, times: &mut [Duration], total_len: usize) {
    let count = times.len();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / count as f64;
    println!(
        "{name} max length {max}: {count} states, median {:.3} ms, mean {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.1} ms, mean length {:.2}",
        ms(times[count / 2]),
        mean,
        ms(times[count * 9 / 10]),
        ms(times[count * 99 / 100]),
        ms(times[count - 1]),
        total_len as f64 / count as f64
    );
}
