//! `twisty bench optimal --puzzle kilominx --complete-iteration D`: the research mode. Every
//! scramble is searched by complete IDA* iterations from the heuristic's bound up to depth D,
//! with no stop at a solution, and each bound is reported with its nodes, time, nodes/s,
//! processor time and the number of solutions of exactly that length. A fixed amount of work
//! per bound compares heuristics (or builds) more steadily than the time to a first solution,
//! which depends on where in the last iteration the solution happens to lie. While a bound is
//! searched its progress is drawn on stderr (subtrees done, nodes, nodes/s).

use crate::args::BenchOptimalArgs;
use crate::bound_progress::BoundProgress;
use crate::commands::bench_optimal_kilominx::{process_cpu_seconds, Case};
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::{human_duration, print_json};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_core::kilominx::Kilominx;
use twisty_core::Puzzle;
use twisty_solvers::optimal::kilominx::research::{Exploration, Stop};
use twisty_solvers::optimal::kilominx::search::Iteration;
use twisty_solvers::{IterationProgress, Limits};

/// One bound as the bench reports it.
fn iteration_json(it: &Iteration, cpu: Option<f64>) -> serde_json::Value {
    let secs = it.elapsed.as_secs_f64();
    serde_json::json!({
        "bound": it.bound,
        "nodes": it.nodes,
        "seconds": secs,
        "cpu_seconds": cpu,
        "nodes_per_s": it.nodes as f64 / secs.max(1e-9),
        "solutions": it.solutions,
    })
}

fn row(it: &Iteration, cpu: Option<f64>) -> String {
    let secs = it.elapsed.as_secs_f64();
    format!(
        "    {:>5} {:>16} {:>12} {:>10.2} {:>9} {:>10}",
        it.bound,
        it.nodes,
        human_duration(it.elapsed),
        it.nodes as f64 / secs.max(1e-9) / 1e6,
        cpu.map_or(String::from("-"), |c| format!("{c:.2} s")),
        it.solutions
    )
}

fn stop_text(why: Stop) -> &'static str {
    match why {
        Stop::Timeout => "the time limit",
        Stop::Cancelled => "Ctrl-C",
    }
}

/// The line comparing the run's shortest solution with the file's optimal length. A part of
/// the iteration (`part`) knows only its own shortest solution.
fn verdict(e: &Exploration, known: Option<u32>, part: bool) -> Option<String> {
    let complete = e.stopped.is_none();
    if part {
        return Some(match e.optimal() {
            Some(l) => format!("shortest solution in this part {l}"),
            None if complete => format!("no solution in this part up to {}", e.depth),
            None => return None,
        });
    }
    Some(match (e.optimal(), known) {
        (Some(l), Some(k)) if l == k => format!("optimal {l} (= seed)"),
        (Some(l), Some(k)) => format!("optimal {l} (SEED {k})"),
        (Some(l), None) => format!("optimal {l}"),
        (None, Some(k)) if complete && k <= e.depth => format!("no solution up to {} (SEED {k})", e.depth),
        (None, _) if complete => format!("no solution up to {}", e.depth),
        (None, _) => return None,
    })
}

/// Runs the research mode: every heuristic in turn on every case.
pub fn run(ctx: &Ctx, args: &BenchOptimalArgs, heuristics: &[&str], cases: &[Case], depth: u32) -> CliResult {
    let k = Kilominx;
    let progress = Arc::new(IterationProgress::new());
    let limits = Limits {
        timeout: args.timeout.map(Duration::from_secs_f64),
        cancel: Some(ctx.cancel.clone()),
        threads: ctx.threads,
        progress: Some(progress.clone()),
        ..Limits::default()
    };
    let mut runs = Vec::new();
    for (i, heuristic) in heuristics.iter().enumerate() {
        let t0 = Instant::now();
        let solver = twisty_engine::loaded::kilominx_optimal(
            &ctx.engine(),
            heuristic,
            &crate::observer::CliObserver::tables_only(),
        )?;
        if !args.json {
            if i > 0 {
                println!();
            }
            println!(
                "Kilominx optimal, --heuristic {heuristic}, complete iterations up to depth {depth}{}, \
                 {} scramble(s); tables ready in {}",
                args.part.map_or(String::new(), |p| {
                    let (i, n) = (p.index(), p.count());
                    format!(
                        " (part {p}: subtrees {}, {}, {}, … two moves deep{})",
                        i,
                        i + n,
                        i + 2 * n,
                        if i == 1 { ", and the nodes above them" } else { "" }
                    )
                }),
                cases.len(),
                human_duration(t0.elapsed())
            );
        }
        let mut json_cases = Vec::new();
        for case in cases {
            let state = k.state_after(&case.moves);
            if !args.json {
                println!(
                    "  {} (scramble {}): {}",
                    case.label,
                    case.scramble_length,
                    k.format_moves(&case.moves)
                );
                println!(
                    "    {:>5} {:>16} {:>12} {:>10} {:>9} {:>10}",
                    "bound", "nodes", "time", "M nodes/s", "cpu", "solutions"
                );
            }
            let mut cpus = Vec::new();
            let mut cpu_mark = process_cpu_seconds();
            let t = Instant::now();
            // Inside each bound: a bar on a terminal, a line a minute otherwise (not with --json).
            let drawing = BoundProgress::new(!args.json);
            let e = drawing
                .run(&progress, || {
                    solver.explore(&state, &limits, depth, args.part, |it| {
                        let now = process_cpu_seconds();
                        let cpu = cpu_mark.zip(now).map(|(a, b)| b - a);
                        cpu_mark = now;
                        cpus.push(cpu);
                        if !args.json {
                            drawing.suspend(|| println!("{}", row(it, cpu)));
                        }
                    })
                })
                .map_err(CliError::failure)?;
            let partial_cpu = cpu_mark.zip(process_cpu_seconds()).map(|(a, b)| b - a);
            let known = case.known;
            if !args.json {
                if e.iterations.is_empty() && e.stopped.is_none() {
                    println!(
                        "    (the heuristic's bound {} is above {depth}: nothing to search)",
                        e.start_bound
                    );
                }
                if let Some((why, it)) = &e.stopped {
                    println!(
                        "    stopped by {} in bound {} after {} nodes, {} ({} solution(s) so far)",
                        stop_text(*why),
                        it.bound,
                        it.nodes,
                        human_duration(it.elapsed),
                        it.solutions
                    );
                }
                let total: u64 = e.iterations.iter().map(|i| i.nodes).sum();
                println!(
                    "    heuristic bound {}; {}{total} nodes in the complete bounds, {} in all",
                    e.start_bound,
                    verdict(&e, known, args.part.is_some()).map_or(String::new(), |v| format!("{v}; ")),
                    human_duration(t.elapsed())
                );
            }
            json_cases.push(serde_json::json!({
                "case": case.label,
                "scramble": k.format_moves(&case.moves),
                "scramble_length": case.scramble_length,
                "seed_length": known,
                "start_bound": e.start_bound,
                "optimal": e.optimal().filter(|_| args.part.is_none()),
                "shortest_in_part": e.optimal().filter(|_| args.part.is_some()),
                "iterations": e.iterations.iter().zip(&cpus).map(|(it, c)| iteration_json(it, *c)).collect::<Vec<_>>(),
                "stopped": e.stopped.as_ref().map(|(why, it)| {
                    let mut v = iteration_json(it, partial_cpu);
                    v["reason"] = serde_json::Value::from(match why {
                        Stop::Timeout => "timeout",
                        Stop::Cancelled => "cancelled",
                    });
                    v
                }),
            }));
            if ctx.cancel.load(Ordering::Relaxed) {
                break;
            }
        }
        runs.push(serde_json::json!({
            "puzzle": "kilominx",
            "heuristic": heuristic,
            "complete_iteration": depth,
            "part": args.part.map(|p| serde_json::json!({"index": p.index(), "count": p.count()})),
            "cases": json_cases,
        }));
        if ctx.cancel.load(Ordering::Relaxed) {
            break;
        }
    }
    if args.json {
        return print_json(&match runs.len() {
            1 => runs.swap_remove(0),
            _ => serde_json::json!({"puzzle": "kilominx", "runs": runs}),
        });
    }
    Ok(())
}
