//! The metaheuristic 3x3x3 solvers of seed 002 (greedy tree search, particle swarm, ant
//! colony, discrete krill herd): their parameters, one configured run, and their entries.

mod params;
mod run;

pub use params::{Algo, FitnessKind, SwarmParams, Vary};
pub use run::{run_swarm, SwarmRun};

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::error::{EngineError, ErrorKind};
use crate::options::{OptionSpec, Resolved};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::Puzzle;
use twisty_solvers::swarm::CornerPdbFitness;
use twisty_solvers::{SearchStats, Solution};
use web_time::Instant;

fn options_for(algo: Algo) -> Vec<OptionSpec> {
    let (agents, iterations) = algo.defaults();
    let mut v = vec![OptionSpec::int(
        "iterations",
        1,
        100_000_000,
        Some(iterations as i64),
        "iterations (the paper's: 10000 for greedy and PSO, 100 for ACO and DKHO)",
    )];
    match algo {
        Algo::Greedy => v.push(OptionSpec::flag(
            "random_ties",
            "try equal-fitness children in a random order (from the seed) instead of move order",
        )),
        Algo::Pso => v.push(OptionSpec::int(
            "particles",
            1,
            100_000,
            Some(agents as i64),
            "number of particles",
        )),
        Algo::Aco => {
            v.push(OptionSpec::int(
                "ants",
                1,
                100_000,
                Some(agents as i64),
                "number of ants",
            ));
            v.push(OptionSpec::float(
                "alpha",
                0.0,
                100.0,
                1.0,
                "pheromone exponent α",
            ));
            v.push(OptionSpec::float("beta", 0.0, 100.0, 1.0, "heuristic exponent β"));
            v.push(OptionSpec::choice(
                "aco_rule",
                &["edges", "adjacent"],
                "edges",
                "selection rule: Eq. 15 as printed (edges) or the seed code's (adjacent)",
            ));
            v.push(OptionSpec::flag(
                "aco_immediate_deposit",
                "deposit pheromone after each ant's move (the seed code) instead of after the iteration",
            ));
        }
        Algo::Dkho => {
            v.push(OptionSpec::int(
                "krill",
                1,
                100_000,
                Some(agents as i64),
                "number of krill",
            ));
            v.push(OptionSpec::float(
                "kill_factor",
                1.0,
                100.0,
                1.5,
                "kill threshold as a multiple of the global minimum fitness",
            ));
        }
    }
    v.extend([
        OptionSpec::flag(
            "seed_quirks",
            "reproduce the seed code's quirks instead of the paper's description",
        ),
        OptionSpec::choice(
            "fitness",
            &["twophase", "optimal-bound", "pdb"],
            "twophase",
            "fitness: two-phase length (the paper's), an admissible bound, or the corner database",
        ),
        OptionSpec::int(
            "evaluations",
            1,
            100,
            Some(1),
            "evaluations averaged per fitness call",
        ),
        OptionSpec::choice(
            "vary",
            &["auto", "none", "rotations", "symmetries"],
            "auto",
            "vary repeated two-phase evaluations by a random whole-cube symmetry",
        ),
        OptionSpec::flag(
            "no_cache",
            "evaluate every call afresh (no fitness cache by state)",
        ),
        OptionSpec::int(
            "eval_nodes",
            0,
            1_000_000_000_000,
            Some(twisty_solvers::swarm::twophase_fitness::DEFAULT_NODE_CAP as i64),
            "node budget of one two-phase evaluation (0 = none); a capped evaluation scores 21",
        ),
        OptionSpec::flag(
            "simplify",
            "merge adjacent turns of a face in the reported solution",
        ),
    ]);
    v
}

fn corner_needs(o: &Resolved) -> Vec<TableNeed> {
    match o.str("fitness") {
        Some("pdb") | Some("optimal-bound") => vec![super::need(
            twisty_solvers::optimal::cube2::spec(twisty_core::Metric::Htm),
            3.0e-7,
        )],
        _ => Vec::new(),
    }
}

fn load_corners(ctx: &Ctx<'_>) -> Result<Option<Arc<CornerPdbFitness>>, EngineError> {
    let needs = corner_needs(ctx.options);
    if needs.is_empty() {
        return Ok(None);
    }
    let f = ctx.load("3x3/corners", "the corner table", &needs, |cache, progress| {
        let f = CornerPdbFitness::load(cache, progress).map_err(|e| EngineError::tables(e.to_string()))?;
        Ok((f, Vec::new()))
    })?;
    Ok(Some(f))
}

fn prepare_corners(ctx: &Ctx<'_>) -> Result<(), EngineError> {
    load_corners(ctx).map(|_| ())
}

fn run_algo(algo: Algo, ctx: &Ctx<'_>, state: &CubieCube) -> RunResult<Cube3Move> {
    let params = SwarmParams::from_options(algo, ctx.options);
    let seed = ctx.seed.unwrap_or_else(twisty_core::rng::fresh_seed);
    let corners: Option<Arc<CornerPdbFitness>> = if corner_needs(ctx.options).is_empty() {
        None
    } else {
        Some(ctx.load(
            "3x3/corners",
            "the corner table",
            &corner_needs(ctx.options),
            |cache, progress| {
                let f = CornerPdbFitness::load(cache, progress)
                    .map_err(|e| EngineError::tables(e.to_string()))?;
                Ok((f, Vec::new()))
            },
        )?)
    };
    let start = Instant::now();
    let r = run_swarm(algo, &params, state, seed, corners.as_deref(), &ctx.limits)?;
    let o = &r.outcome;
    if !o.solved {
        return Err(EngineError::new(
            ErrorKind::GaveUp,
            format!(
                "{} found no solution in {} iterations (minimum fitness {}, NFE {}; seed {seed})",
                algo.name(),
                o.iterations,
                o.min_fitness,
                o.nfe
            ),
        ));
    }
    let mut details = Map::new();
    details.insert(
        "swarm".into(),
        json!({
            "agents": params.agents,
            "iterations": params.iterations,
            "actual": r.actual,
            "obtained_mean": o.mean_length(),
            "min_fitness": o.min_fitness,
            "first_iteration": o.first_iteration(),
            "last_iteration": o.last_iteration(),
            "average_gap": o.average_gap(),
            "agents_solved": o.agent_solutions.len(),
            "nfe": o.nfe,
            "computed": r.computed,
            "cache_hits": r.cache_hits,
            "capped": r.capped,
            "first_seconds": o.first_time().map(|d| d.as_secs_f64()),
            "last_seconds": o.last_time().map(|d| d.as_secs_f64()),
        }),
    );
    let _ = Value::Null;
    Ok(Answer {
        solutions: vec![Solution {
            length: Cube3.length(&r.solution, ctx.limits.metric),
            moves: r.solution,
            optimal: false,
            stats: SearchStats {
                elapsed: start.elapsed(),
                ..SearchStats::default()
            },
        }],
        details,
        seed: Some(seed),
    })
}

macro_rules! swarm_entry {
    ($name:ident, $algo:expr, $id:literal, $summary:literal, $opts:ident, $run:ident) => {
        fn $opts() -> Vec<OptionSpec> {
            options_for($algo)
        }
        fn $run(ctx: &Ctx<'_>, s: &CubieCube) -> RunResult<Cube3Move> {
            run_algo($algo, ctx, s)
        }
        pub(super) const $name: SolverEntry = SolverEntry {
            id: $id,
            aliases: &[],
            family: PuzzleFamily::Cube3,
            default: false,
            optimal: false,
            multithreaded: true,
            moves: false,
            summary: $summary,
            max_length: 1000,
            options: $opts,
            tables: corner_needs,
            prepare: prepare_corners,
            heuristics: &[],
            runner: Runner::Cube3($run),
        };
    };
}

swarm_entry!(
    GREEDY,
    Algo::Greedy,
    "greedy",
    "seed 002's greedy tree search guided by two-phase length",
    greedy_options,
    greedy_run
);
swarm_entry!(
    PSO,
    Algo::Pso,
    "pso",
    "seed 002's particle swarm optimisation",
    pso_options,
    pso_run
);
swarm_entry!(
    ACO,
    Algo::Aco,
    "aco",
    "seed 002's ant colony optimisation",
    aco_options,
    aco_run
);
swarm_entry!(
    DKHO,
    Algo::Dkho,
    "dkho",
    "seed 002's discrete krill herd optimisation",
    dkho_options,
    dkho_run
);
