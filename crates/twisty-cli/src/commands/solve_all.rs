//! `twisty solve --all`: every optimal solution, each verified.

use crate::args::SolveArgs;
use crate::commands::{CliResult, Ctx};
use crate::output::{human_duration, print_json};
use crate::puzzles::CliPuzzle;
use std::time::Instant;

/// Solves `state` with `solver` for every optimal solution and prints them.
pub fn run<P: CliPuzzle>(
    ctx: &Ctx,
    p: &P,
    solver: &str,
    state: &P::State,
    scramble: Option<&[P::Move]>,
    seed: Option<u64>,
    args: &SolveArgs,
) -> CliResult {
    let start = Instant::now();
    let sols = p.solve_all(ctx, solver, state, args)?;
    let wall = start.elapsed();
    for s in &sols {
        twisty_solvers::verify(p, state, &s.moves)?;
    }
    let texts: Vec<String> = sols.iter().map(|s| p.format_moves(&s.moves)).collect();
    let length = sols.first().map_or(0, |s| s.length);
    let nodes = sols.first().map_or(0, |s| s.stats.nodes);
    let elapsed = sols.first().map_or(wall, |s| s.stats.elapsed);
    if args.json {
        return print_json(&serde_json::json!({
            "puzzle": p.name(),
            "solver": solver,
            "seed": seed,
            "scramble": scramble.map(|m| p.format_moves(m)),
            "solutions": texts,
            "count": texts.len(),
            "length": length,
            "metric": "htm",
            "optimal": true,
            "nodes": nodes,
            "time_ms": elapsed.as_secs_f64() * 1e3,
            "total_time_ms": wall.as_secs_f64() * 1e3,
        }));
    }
    println!("{} optimal solution(s) of {length} HTM:", texts.len());
    for t in &texts {
        println!("{}", if t.is_empty() { "(already solved)" } else { t });
    }
    let secs = elapsed.as_secs_f64().max(1e-9);
    println!(
        "Solver: {solver}  Time: {}  Nodes: {nodes}  ({:.2} M nodes/s)",
        human_duration(elapsed),
        nodes as f64 / secs / 1e6
    );
    Ok(())
}
