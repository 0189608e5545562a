//! `twisty solve`: solve a state with the chosen solver and print a verified solution.

use crate::args::SolveArgs;
use crate::commands::{CliError, CliResult, Ctx};
use crate::input::load_state;
use crate::output::{human_duration, print_json};
use crate::puzzles::CliPuzzle;
use std::time::Instant;
use twisty_core::rng::{fresh_seed, seeded_rng};
use twisty_core::Metric;

/// Runs `twisty solve` for puzzle `p`.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, args: &SolveArgs) -> CliResult {
    let names = p.solver_names();
    if names.is_empty() {
        return Err(CliError::failure(anyhow::anyhow!(
            "no solver for the {} is available yet",
            p.name()
        )));
    }
    let solver = match args.solver.as_deref() {
        // `--heuristic` names tables of the optimal solver: it implies that solver.
        None if args.heuristic.is_some() && names.contains(&"optimal") => "optimal",
        None => names[0],
        Some("list") => {
            println!(
                "solvers for {}: {} (default: {})",
                p.name(),
                names.join(", "),
                names[0]
            );
            return Ok(());
        }
        Some(s) => names.iter().copied().find(|n| *n == s).ok_or_else(|| {
            CliError::usage(anyhow::anyhow!(
                "unknown solver `{s}` for {}: expected one of {}",
                p.name(),
                names.join(", ")
            ))
        })?,
    };
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t > 0.0) {
            return Err(CliError::usage(anyhow::anyhow!(
                "--timeout must be a positive number of seconds"
            )));
        }
    }
    let mut seed_used = None;
    let (state, scramble) = if let Some(n) = args.random {
        let seed = args.seed.unwrap_or_else(fresh_seed);
        seed_used = Some(seed);
        let mut rng = seeded_rng(seed);
        let n = if n == 0 { p.scramble_length() } else { n };
        let moves = p.random_moves(&mut rng, n);
        (p.state_after(&moves), Some(moves))
    } else if args.random_state {
        let seed = args.seed.unwrap_or_else(fresh_seed);
        seed_used = Some(seed);
        let mut rng = seeded_rng(seed);
        (p.random_state(&mut rng), None)
    } else {
        let l = load_state(p, &args.state)?;
        (l.state, l.moves)
    };
    if !args.json {
        if let Some(seed) = seed_used {
            eprintln!("seed: {seed}");
        }
        if args.random.is_some() {
            if let Some(m) = &scramble {
                println!("Scramble: {}", p.format_moves(m));
            }
        }
    }
    if args.all {
        return crate::commands::solve_all::run(ctx, p, solver, &state, scramble.as_deref(), seed_used, args);
    }
    let start = Instant::now();
    let sol = p.solve(ctx, solver, &state, args)?;
    let wall = start.elapsed();
    twisty_solvers::verify(p, &state, &sol.moves)?;
    let metric: Metric = args.metric.into();
    let length = p.length(&sol.moves, metric);
    let metric_name = match metric {
        Metric::Htm => "HTM",
        Metric::Qtm => "QTM",
    };
    let elapsed = if sol.stats.elapsed.is_zero() {
        wall
    } else {
        sol.stats.elapsed
    };
    if args.json {
        return print_json(&serde_json::json!({
            "puzzle": p.name(),
            "solver": solver,
            "seed": seed_used,
            "scramble": scramble.as_ref().map(|m| p.format_moves(m)),
            "solution": p.format_moves(&sol.moves),
            "length": length,
            "metric": metric_name.to_ascii_lowercase(),
            "optimal": sol.optimal,
            "nodes": sol.stats.nodes,
            "expanded": sol.stats.expanded,
            "time_ms": elapsed.as_secs_f64() * 1e3,
            "total_time_ms": wall.as_secs_f64() * 1e3,
            "breakdown": sol.stats.breakdown,
            "phases": sol.stats.phases,
        }));
    }
    let text = p.format_moves(&sol.moves);
    println!(
        "Solution: {}",
        if text.is_empty() {
            "(already solved)"
        } else {
            &text
        }
    );
    println!(
        "Length: {length} {metric_name}{}",
        if sol.optimal { " (optimal)" } else { "" }
    );
    let mut line = format!("Solver: {solver}  Time: {}", human_duration(elapsed));
    if sol.stats.nodes > 0 {
        line.push_str(&format!("  Nodes: {}", sol.stats.nodes));
        let secs = elapsed.as_secs_f64();
        if secs > 0.0 {
            line.push_str(&format!(
                "  ({:.2} M nodes/s)",
                sol.stats.nodes as f64 / secs / 1e6
            ));
        }
    }
    if wall > elapsed + std::time::Duration::from_millis(5) {
        line.push_str(&format!("  (total with tables: {})", human_duration(wall)));
    }
    println!("{line}");
    if args.groups {
        if sol.stats.phases.is_empty() {
            eprintln!("note: --groups: the {solver} solver has no phases to report");
        } else {
            print!("{}", p.phase_report(&state, &sol.stats.phases, ctx.colour)?);
        }
    }
    if args.visualize {
        crate::commands::visualize::run(ctx, p, &state, scramble.as_deref(), &sol.moves, args.delay)?;
    }
    Ok(())
}
