//! `twisty bench optimal --puzzle 3x3` and `twisty bench heuristic --puzzle 3x3`: optimal
//! solves grouped by optimal length, and the average heuristic value of the tables over
//! random states (nxopt's yardstick).

use crate::args::BenchHeuristicArgs;
use crate::args::BenchOptimalArgs;
use crate::args::PuzzleKind;
use crate::commands::bench::{check_count, median_of_sorted, progress, summarise};
use crate::commands::{CliError, CliResult, Ctx};
use crate::observer::CliObserver;
use crate::output::{human_duration, print_json};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::rng::{fresh_seed, seeded_rng};
use twisty_core::Puzzle;
use twisty_solvers::optimal::cube3::average_heuristic;
use twisty_solvers::{Limits, SolveError};

fn only_3x3(p: PuzzleKind) -> CliResult {
    if p != PuzzleKind::Cube3 {
        return Err(CliError::usage(anyhow::anyhow!(
            "bench optimal is not supported for --puzzle {p}: it covers the 3x3x3 and the Kilominx optimal solvers"
        )));
    }
    Ok(())
}

fn load_scrambles(path: &PathBuf) -> CliResult<Vec<CubieCube>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::failure(anyhow::anyhow!("{}: {e}", path.display())))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let moves = Cube3
            .parse_moves(line)
            .map_err(|e| CliError::usage(anyhow::anyhow!("{}: line {}: {e}", path.display(), i + 1)))?;
        out.push(Cube3.state_after(&moves));
    }
    if out.is_empty() {
        return Err(CliError::usage(anyhow::anyhow!(
            "{}: no scrambles in the file",
            path.display()
        )));
    }
    Ok(out)
}

/// Runs `twisty bench optimal`.
pub fn optimal(ctx: &Ctx, args: &BenchOptimalArgs) -> CliResult {
    only_3x3(args.puzzle)?;
    if args.complete_iteration.is_some() {
        return Err(CliError::usage(anyhow::anyhow!(
            "--complete-iteration is for --puzzle kilominx"
        )));
    }
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t > 0.0) {
            return Err(CliError::usage(anyhow::anyhow!(
                "--timeout must be a positive number of seconds"
            )));
        }
    }
    let (states, source) = match &args.file {
        Some(f) => (load_scrambles(f)?, f.display().to_string()),
        None => {
            if !args.random_state {
                return Err(CliError::usage(anyhow::anyhow!(
                    "give --file FILE or --random-state [--count K]"
                )));
            }
            check_count(args.count)?;
            let seed = args.seed.unwrap_or_else(fresh_seed);
            eprintln!("seed: {seed}");
            let mut rng = seeded_rng(seed);
            let s = (0..args.count).map(|_| Cube3.random_state(&mut rng)).collect();
            (s, format!("{} random states, seed {seed}", args.count))
        }
    };
    let kind = heuristic_kind(args.heuristic.as_deref())?;
    let t0 = Instant::now();
    let solver =
        twisty_engine::loaded::cube3_optimal(&ctx.engine(), kind.name(), &CliObserver::tables_only())?;
    let table_time = t0.elapsed();
    let gib = solver.table_bytes() as f64 / (1u64 << 30) as f64;
    let limits = Limits {
        timeout: args.timeout.map(Duration::from_secs_f64),
        cancel: Some(ctx.cancel.clone()),
        threads: ctx.threads,
        ..Limits::default()
    };
    let threads = ctx.threads.unwrap_or_else(rayon::current_num_threads);
    // length → (times, nodes)
    let mut by_len: BTreeMap<u32, (Vec<Duration>, Vec<u64>)> = BTreeMap::new();
    let mut timed_out = Vec::new();
    let pb = progress(ctx, states.len() as u64, "solving");
    let n_states = states.len();
    for (i, s) in states.iter().enumerate() {
        let t = Instant::now();
        // Nodes of the bounds searched completely: all a stopped solve can report.
        let mut bound_nodes = 0u64;
        match solver.solve_with(s, &limits, false, |b| bound_nodes += b.nodes) {
            Ok(sols) => {
                let dt = t.elapsed();
                let sol = sols
                    .first()
                    .ok_or_else(|| CliError::failure(anyhow::anyhow!("no solution returned")))?;
                twisty_solvers::verify(&Cube3, s, &sol.moves)?;
                let nodes = sol.stats.nodes;
                pb.suspend(|| {
                    eprintln!(
                        "state {}/{n_states}: {} moves in {} ({nodes} nodes, {:.1} ns/node)",
                        i + 1,
                        sol.length,
                        human_duration(dt),
                        dt.as_secs_f64() * 1e9 / nodes.max(1) as f64
                    )
                });
                let e = by_len.entry(sol.length).or_default();
                e.0.push(dt);
                e.1.push(nodes);
            }
            Err(SolveError::Timeout { deepest_bound }) => {
                pb.suspend(|| {
                    eprintln!(
                        "state {}/{n_states}: stopped by --timeout after {} ({}; {bound_nodes} nodes in the completed bounds)",
                        i + 1,
                        human_duration(t.elapsed()),
                        match deepest_bound {
                            Some(b) => format!("no solution of <= {b} moves"),
                            None => String::from("no bound completed"),
                        }
                    )
                });
                timed_out.push(deepest_bound)
            }
            Err(e) => return Err(e.into()),
        }
        pb.inc(1);
    }
    pb.finish_and_clear();
    let row = |times: &Vec<Duration>, nodes: &Vec<u64>| {
        let s = summarise(times.clone());
        let total_nodes: u64 = nodes.iter().sum();
        let total_secs = times.iter().fold(0.0, |a, d| a + d.as_secs_f64());
        let ns_per_node = total_secs * 1e9 / total_nodes.max(1) as f64;
        let mut sorted = nodes.clone();
        sorted.sort_unstable();
        let median_nodes = median_of_sorted(&sorted, |a, b| (a + b) / 2).unwrap_or(0);
        (s, median_nodes, ns_per_node, gib * s.median.as_secs_f64())
    };
    let all_times: Vec<Duration> = by_len.values().flat_map(|v| v.0.iter().copied()).collect();
    let all_nodes: Vec<u64> = by_len.values().flat_map(|v| v.1.iter().copied()).collect();
    if args.json {
        let rows: Vec<_> = by_len
            .iter()
            .map(|(len, (t, n))| {
                let (s, mn, nspn, gs) = row(t, n);
                serde_json::json!({"length": len, "count": s.count, "median_s": s.median.as_secs_f64(),
                    "max_s": s.max.as_secs_f64(), "median_nodes": mn, "ns_per_node": nspn, "gib_s": gs})
            })
            .collect();
        let (s, mn, nspn, gs) = row(&all_times, &all_nodes);
        return print_json(&serde_json::json!({
            "source": source, "heuristic": kind.name(), "threads": threads, "table_gib": gib,
            "table_s": table_time.as_secs_f64(), "by_length": rows, "timed_out": timed_out.len(),
            "all": {"count": s.count, "median_s": s.median.as_secs_f64(), "max_s": s.max.as_secs_f64(),
                    "median_nodes": mn, "ns_per_node": nspn, "gib_s": gs},
        }));
    }
    println!(
        "3x3x3 optimal (HTM), heuristic {}, {source}; {} thread(s); tables {:.3} GiB ready in {}",
        kind.name(),
        threads,
        gib,
        human_duration(table_time)
    );
    println!(
        "{:>6} {:>6} {:>11} {:>11} {:>14} {:>8} {:>10}",
        "length", "count", "median", "max", "median nodes", "ns/node", "GiB·s"
    );
    let print_row = |label: String, t: &Vec<Duration>, n: &Vec<u64>| {
        let (s, mn, nspn, gs) = row(t, n);
        println!(
            "{label:>6} {:>6} {:>11} {:>11} {:>14} {:>8.1} {:>10.3}",
            s.count,
            human_duration(s.median),
            human_duration(s.max),
            mn,
            nspn,
            gs
        );
    };
    for (len, (t, n)) in &by_len {
        print_row(len.to_string(), t, n);
    }
    if !all_times.is_empty() {
        print_row(String::from("all"), &all_times, &all_nodes);
    }
    if !timed_out.is_empty() {
        println!(
            "{} state(s) ran out of the --timeout budget (deepest complete bounds: {:?})",
            timed_out.len(),
            timed_out
        );
        // The median over every state, a stopped one counting as longer than any solved one.
        let total = all_times.len() + timed_out.len();
        let mut sorted = all_times.clone();
        sorted.sort_unstable();
        match sorted.get(((total as f64 - 1.0) * 0.5).round() as usize) {
            Some(m) => println!(
                "median over all {total} states (stopped ones counted as slowest): {}",
                human_duration(*m)
            ),
            None => println!(
                "median over all {total} states (stopped ones counted as slowest): over the --timeout budget"
            ),
        }
    }
    Ok(())
}

/// Runs `twisty bench heuristic`.
pub fn heuristic(ctx: &Ctx, args: &BenchHeuristicArgs) -> CliResult {
    only_3x3(args.puzzle)?;
    check_count(args.count)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if !args.json {
        eprintln!("seed: {seed}");
    }
    let mut rows = Vec::new();
    for name in args.heuristic.split(',').map(str::trim) {
        let kind = heuristic_kind(Some(name))?;
        let solver =
            twisty_engine::loaded::cube3_optimal(&ctx.engine(), kind.name(), &CliObserver::tables_only())?;
        let t0 = Instant::now();
        let (avg, each) = average_heuristic(&solver, args.count, seed);
        rows.push((kind.name(), solver.table_bytes(), avg, each, t0.elapsed()));
    }
    if args.json {
        let out: Vec<_> = rows
            .iter()
            .map(|(n, b, a, e, _)| {
                if n.starts_with("best") {
                    serde_json::json!({"heuristic": n, "table_bytes": b, "average": a,
                        "one_probe": e[0], "three_axes": e[1], "six_probes": e[2]})
                } else {
                    serde_json::json!({"heuristic": n, "table_bytes": b, "average": a,
                        "corners": e[0], "edges_a": e[1], "edges_b": e[2]})
                }
            })
            .collect();
        return print_json(&serde_json::json!({"seed": seed, "count": args.count, "heuristics": out}));
    }
    println!(
        "average heuristic over {} random 3x3x3 states (seed {seed})",
        args.count
    );
    println!(
        "{:<14} {:>10} {:>8} {:>8} {:>8} {:>8} {:>10}",
        "heuristic", "tables", "max", "corners", "edges A", "edges B", "time"
    );
    let coset = rows.iter().any(|r| r.0.starts_with("best"));
    let h48 = rows.iter().any(|r| r.0.starts_with("h48"));
    for (n, b, a, e, t) in rows {
        println!(
            "{n:<14} {:>10} {a:>8.3} {:>8.3} {:>8.3} {:>8.3} {:>10}",
            twisty_search::file::human_bytes(b),
            e[0],
            e[1],
            e[2],
            human_duration(t)
        );
    }
    if coset {
        println!("(best, best-tiny: the three columns are 1 probe (U-D axis), the 3 axes, the 6 probes, each without the +1 rule; max includes it)");
    }
    if h48 {
        println!("(h48-*: the three columns are the position's probe, the inverse's probe and their max)");
    }
    Ok(())
}

/// The heuristic named by `--heuristic` (default `best`).
fn heuristic_kind(name: Option<&str>) -> CliResult<twisty_solvers::optimal::cube3::HeuristicKind> {
    let name = name.unwrap_or("best");
    twisty_solvers::optimal::cube3::HeuristicKind::parse(name).ok_or_else(|| {
        CliError::usage(anyhow::anyhow!(
            "unknown 3x3x3 heuristic `{name}`: available: best, best-tiny, h48-7, h48-8, h48-7-quick, h48-tiny, korf, korf-inverse, small, small-inverse"
        ))
    })
}
