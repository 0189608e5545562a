//! The 2x2x2 A* of seed 001: best-first search guided by misplaced stickers divided by a
//! weight, with the seed's fixed goal or any orientation of it.

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry};
use crate::engine::Ctx;
use crate::error::{EngineError, ErrorKind};
use crate::options::OptionSpec;
use serde_json::{json, Map};
use twisty_core::cube2::{Cube2Move, Cube2State};
use twisty_core::cube3::CubeFrame;
use twisty_solvers::astar2x2::{reference_moves, AStar2x2, AStarOptions, Goal, Stickers};
use twisty_solvers::{SearchStats, Solution};

pub(super) const ENTRY: SolverEntry = SolverEntry {
    id: "astar",
    aliases: &["a-star"],
    family: PuzzleFamily::Cube2,
    default: false,
    optimal: false,
    multithreaded: false,
    moves: false,
    summary: "seed 001's A*: misplaced stickers divided by a weight, one goal colouring or any orientation; \
              answers short scrambles (about 12 quarter turns), not most random states (use optimal)",
    max_length: 30,
    options,
    tables: super::no_tables,
    prepare: super::nothing_to_prepare,
    heuristics: &[],
    runner: Runner::Cube2(run),
};

fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "goal",
            &["fixed", "any-orientation"],
            "fixed",
            "fixed: one goal colouring, 12 quarter turns; any-orientation: 24 colourings, turns of top, right and front",
        ),
        OptionSpec::float("weight", 0.001, 1.0e6, 3.0, "divisor p of the misplaced-sticker count"),
        OptionSpec::flag(
            "integer_heuristic",
            "divide as integers (the seed's Python 2 behaviour); the weight must be an integer",
        ),
        OptionSpec::int("max_expanded", 1, 1_000_000_000, Some(5_000_000), "stop after this many expanded nodes"),
        OptionSpec::int(
            "memory_mib",
            1,
            65_536,
            Some(512),
            "memory budget of the stored nodes in MiB (a typed error past it)",
        ),
    ]
}

fn run(ctx: &Ctx<'_>, state: &Cube2State) -> RunResult<Cube2Move> {
    let o = ctx.options;
    let goal = match o.str("goal") {
        Some("any-orientation") => Goal::AnyOrientation,
        _ => Goal::Fixed,
    };
    let mut opts = AStarOptions::seed(goal, o.float("weight").unwrap_or(3.0));
    opts.integer_heuristic = o.flag("integer_heuristic");
    opts.max_expanded = o.u64("max_expanded").unwrap_or(opts.max_expanded);
    opts.memory_budget = o.usize("memory_mib").map_or(opts.memory_budget, |m| m << 20);
    let a = AStar2x2::new();
    let r = a
        .solve_within(&Stickers::from_core(state), &opts, &ctx.limits)
        .map_err(|e| {
            // The seed's method, kept as it is: it answers the seed's short scrambles, not
            // most random ones. Say what does.
            let e = EngineError::from(twisty_solvers::SolveError::from(e));
            if e.kind == ErrorKind::Cancelled {
                return e;
            }
            let message = format!(
                "{}; the seed's A* answers short scrambles (the seed's reach about 12 quarter turns), not most random states: \
                 `--solver optimal` (the default) answers any 2x2x2 state optimally in microseconds",
                e.message
            );
            EngineError { message, ..e }
        })?;
    let moves = reference_moves(CubeFrame::HOME, &r.path);
    let mut details = Map::new();
    details.insert(
        "astar".into(),
        json!({
            "path_seed_notation": r.path.iter().map(|m| m.seed_name()).collect::<Vec<_>>().join(" "),
            "quarter_turns": r.path.len(),
            "generated": r.generated,
        }),
    );
    Ok(Answer {
        solutions: vec![Solution {
            length: moves.len() as u32,
            moves,
            optimal: false,
            stats: SearchStats {
                nodes: r.generated,
                expanded: r.expanded,
                elapsed: r.elapsed,
                ..SearchStats::default()
            },
        }],
        details,
        seed: None,
    })
}
