//! The metaheuristic 3x3x3 solvers of seed 002 (greedy tree search, particle swarm, ant
//! colony, discrete krill herd): their parameters, one configured run, and their entries.

use crate::catalog::{Answer, PuzzleFamily, RunResult, Runner, SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::error::{EngineError, ErrorKind};
use crate::options::{OptionSpec, Resolved};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Map, Value};
use std::sync::Arc;
use std::time::Instant;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::Puzzle;
use twisty_solvers::swarm::{
    aco, dkho, greedy, pso, simplify, AcoDeposit, AcoParams, AcoRule, CornerPdbFitness, DkhoParams,
    Evaluator, Fitness, GreedyParams, OptimalBoundFitness, PsoParams, SwarmError, SwarmOutcome, SymmetrySet,
    TwoPhaseFitness,
};
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::{SearchStats, Solution};

/// The four algorithms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algo {
    /// Greedy tree search.
    Greedy,
    /// Particle swarm.
    Pso,
    /// Ant colony.
    Aco,
    /// Discrete krill herd.
    Dkho,
}

impl Algo {
    /// The solver id.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Greedy => "greedy",
            Algo::Pso => "pso",
            Algo::Aco => "aco",
            Algo::Dkho => "dkho",
        }
    }

    /// The algorithm of a solver id.
    pub fn parse(name: &str) -> Option<Algo> {
        [Algo::Greedy, Algo::Pso, Algo::Aco, Algo::Dkho]
            .into_iter()
            .find(|a| a.name() == name)
    }

    /// The paper's agents and iterations.
    pub fn defaults(self) -> (usize, u64) {
        match self {
            Algo::Greedy => (1, 10_000),
            Algo::Pso => (50, 10_000),
            Algo::Aco => (25, 100),
            Algo::Dkho => (25, 100),
        }
    }
}

/// Fitness function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FitnessKind {
    /// Length of the first two-phase solution of at most 20 moves (the paper's).
    Twophase,
    /// max(corner distance, phase-1 bounds in three axis frames): admissible.
    OptimalBound,
    /// Corner pattern database: admissible.
    Pdb,
}

/// Which symmetries vary repeated two-phase evaluations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vary {
    /// `None` with one evaluation per call, `Rotations` when averaging several.
    Auto,
    /// No variation.
    None,
    /// One of the 24 rotations per evaluation.
    Rotations,
    /// One of the 48 symmetries per evaluation.
    Symmetries,
}

/// Every parameter of a metaheuristic run (paper defaults from [`SwarmParams::paper`]).
#[derive(Debug, Clone, PartialEq)]
pub struct SwarmParams {
    /// Agents (particles, ants, krill; 1 for greedy).
    pub agents: usize,
    /// Iterations.
    pub iterations: u64,
    /// ACO: pheromone exponent α.
    pub alpha: f64,
    /// ACO: heuristic exponent β.
    pub beta: f64,
    /// ACO: selection rule.
    pub aco_rule: AcoRule,
    /// ACO: deposit after each move (the seed code) instead of after the iteration.
    pub aco_immediate_deposit: bool,
    /// DKHO: kill threshold as a multiple of the global minimum fitness.
    pub kill_factor: f64,
    /// Reproduce the seed code's quirks.
    pub seed_quirks: bool,
    /// Greedy: equal-fitness children in random order.
    pub random_ties: bool,
    /// Fitness function.
    pub fitness: FitnessKind,
    /// Evaluations averaged per fitness call.
    pub evaluations: u32,
    /// Symmetry variation of repeated evaluations.
    pub vary: Vary,
    /// Evaluate every call afresh.
    pub no_cache: bool,
    /// Node budget of one two-phase evaluation (0 = none).
    pub eval_nodes: u64,
    /// Merge adjacent turns of a face in the reported solution.
    pub simplify: bool,
}

impl SwarmParams {
    /// The paper's parameters for `algo`.
    pub fn paper(algo: Algo) -> SwarmParams {
        let (agents, iterations) = algo.defaults();
        SwarmParams {
            agents,
            iterations,
            alpha: 1.0,
            beta: 1.0,
            aco_rule: AcoRule::Edges,
            aco_immediate_deposit: false,
            kill_factor: 1.5,
            seed_quirks: false,
            random_ties: false,
            fitness: FitnessKind::Twophase,
            evaluations: 1,
            vary: Vary::Auto,
            no_cache: false,
            eval_nodes: twisty_solvers::swarm::twophase_fitness::DEFAULT_NODE_CAP,
            simplify: false,
        }
    }

    fn from_options(algo: Algo, o: &Resolved) -> SwarmParams {
        let mut p = SwarmParams::paper(algo);
        let agents_key = match algo {
            Algo::Greedy => None,
            Algo::Pso => Some("particles"),
            Algo::Aco => Some("ants"),
            Algo::Dkho => Some("krill"),
        };
        if let Some(a) = agents_key.and_then(|k| o.usize(k)) {
            p.agents = a;
        }
        if let Some(i) = o.u64("iterations") {
            p.iterations = i;
        }
        p.alpha = o.float("alpha").unwrap_or(p.alpha);
        p.beta = o.float("beta").unwrap_or(p.beta);
        p.aco_rule = match o.str("aco_rule") {
            Some("adjacent") => AcoRule::Adjacent,
            _ => AcoRule::Edges,
        };
        p.aco_immediate_deposit = o.flag("aco_immediate_deposit");
        p.kill_factor = o.float("kill_factor").unwrap_or(p.kill_factor);
        p.seed_quirks = o.flag("seed_quirks");
        p.random_ties = o.flag("random_ties");
        p.fitness = match o.str("fitness") {
            Some("optimal-bound") => FitnessKind::OptimalBound,
            Some("pdb") => FitnessKind::Pdb,
            _ => FitnessKind::Twophase,
        };
        p.evaluations = o
            .int("evaluations")
            .and_then(|e| u32::try_from(e).ok())
            .unwrap_or(1);
        p.vary = match o.str("vary") {
            Some("none") => Vary::None,
            Some("rotations") => Vary::Rotations,
            Some("symmetries") => Vary::Symmetries,
            _ => Vary::Auto,
        };
        p.no_cache = o.flag("no_cache");
        p.eval_nodes = o.u64("eval_nodes").unwrap_or(p.eval_nodes);
        p.simplify = o.flag("simplify");
        p
    }
}

/// A finished run with its side counters.
#[derive(Debug, Clone)]
pub struct SwarmRun {
    /// The algorithm's outcome.
    pub outcome: SwarmOutcome<Cube3Move>,
    /// Two-phase length of the input (the paper's "Actual").
    pub actual: u32,
    /// Calls answered from the fitness cache.
    pub cache_hits: u64,
    /// Evaluations really computed.
    pub computed: u64,
    /// Two-phase evaluations stopped by the node cap.
    pub capped: u64,
    /// The reported solution (shortest found, simplified on request).
    pub solution: Vec<Cube3Move>,
}

fn swarm_err(e: SwarmError) -> EngineError {
    match e {
        SwarmError::InvalidParameter { .. } => EngineError::usage(e.to_string()),
        SwarmError::Timeout => EngineError::new(ErrorKind::Timeout, e.to_string()),
        SwarmError::Cancelled => EngineError::new(ErrorKind::Cancelled, e.to_string()),
        _ => EngineError::new(ErrorKind::Internal, e.to_string()),
    }
}

fn run_generic<F: Fitness<Cube3> + Send>(
    algo: Algo,
    p: &SwarmParams,
    state: &CubieCube,
    fitness: F,
    workers: Vec<F>,
    seed: u64,
    limits: &twisty_solvers::Limits,
) -> Result<(SwarmOutcome<Cube3Move>, Evaluator<F>), EngineError> {
    let mut ev = Evaluator::new(fitness, p.evaluations)
        .map_err(swarm_err)?
        .with_limits(limits)
        .with_cache(!p.no_cache, twisty_solvers::swarm::fitness::DEFAULT_CACHE_LIMIT)
        .with_workers(workers);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let q = p.seed_quirks;
    let out = match algo {
        Algo::Greedy => greedy(
            &Cube3,
            state,
            &GreedyParams {
                iterations: p.iterations,
                tie_seed: p.random_ties.then_some(seed ^ 0x7115),
                seed_quirks: q,
            },
            &mut ev,
        ),
        Algo::Pso => pso(
            &Cube3,
            state,
            &PsoParams {
                particles: p.agents,
                iterations: p.iterations,
                seed_quirks: q,
            },
            &mut ev,
            &mut rng,
        ),
        Algo::Aco => aco(
            &Cube3,
            state,
            &AcoParams {
                ants: p.agents,
                iterations: p.iterations,
                alpha: p.alpha,
                beta: p.beta,
                rule: p.aco_rule,
                deposit: if p.aco_immediate_deposit {
                    AcoDeposit::Immediate
                } else {
                    AcoDeposit::PerIteration
                },
                seed_quirks: q,
            },
            &mut ev,
            &mut rng,
        ),
        Algo::Dkho => dkho(
            &Cube3,
            state,
            &DkhoParams {
                krill: p.agents,
                iterations: p.iterations,
                kill_factor: p.kill_factor,
                seed_quirks: q,
            },
            &mut ev,
            &mut rng,
        ),
    }
    .map_err(swarm_err)?;
    Ok((out, ev))
}

/// Runs one configured algorithm on `state`; `corners` is the corner table the admissible
/// fitnesses need.
pub fn run_swarm(
    algo: Algo,
    p: &SwarmParams,
    state: &CubieCube,
    seed: u64,
    corners: Option<&CornerPdbFitness>,
    limits: &twisty_solvers::Limits,
) -> Result<SwarmRun, EngineError> {
    state.validate()?;
    let tp = TwoPhase::global();
    // The input's two-phase length for the report, under the fitness's node cap so that a
    // hard state (the superflip: 1.5 s uncapped) cannot hold the answer past its deadline.
    let mut plain = TwoPhaseFitness::new(tp, 20)
        .with_node_cap(Some(twisty_solvers::swarm::twophase_fitness::DEFAULT_NODE_CAP));
    let node_cap = (p.eval_nodes > 0).then_some(p.eval_nodes);
    let set = match p.vary {
        Vary::Auto if p.evaluations > 1 => SymmetrySet::Rotations,
        Vary::None | Vary::Auto => SymmetrySet::Identity,
        Vary::Rotations => SymmetrySet::Rotations,
        Vary::Symmetries => SymmetrySet::All,
    };
    let need_corners = || {
        corners
            .cloned()
            .ok_or_else(|| EngineError::tables("the corner table is not loaded"))
    };
    let extra = rayon::current_num_threads().saturating_sub(1);
    let (outcome, hits, computed, capped) = match p.fitness {
        FitnessKind::Twophase => {
            let make = |k: u64| {
                TwoPhaseFitness::new(tp, 20)
                    .with_node_cap(node_cap)
                    .with_symmetries(set, seed ^ 0x5eed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            };
            let workers = (1..extra + 1).map(|k| make(k as u64)).collect();
            let (o, ev) = run_generic(algo, p, state, make(0), workers, seed, limits)?;
            (o, ev.cache_hits(), ev.computed(), ev.fitness.capped())
        }
        FitnessKind::Pdb => {
            let f = need_corners()?;
            let workers = vec![f.clone(); extra];
            let (o, ev) = run_generic(algo, p, state, f, workers, seed, limits)?;
            (o, ev.cache_hits(), ev.computed(), 0)
        }
        FitnessKind::OptimalBound => {
            let f = OptimalBoundFitness::new(need_corners()?, tp)
                .map_err(|e| EngineError::tables(e.to_string()))?;
            let workers = vec![f.clone(); extra];
            let (o, ev) = run_generic(algo, p, state, f, workers, seed, limits)?;
            (o, ev.cache_hits(), ev.computed(), 0)
        }
    };
    let actual = plain
        .eval(&Cube3, state)
        .map_err(|e| EngineError::new(ErrorKind::Internal, e.to_string()))?;
    let solution = if p.simplify {
        simplify(&outcome.solution)
    } else {
        outcome.solution.clone()
    };
    if outcome.solved {
        twisty_solvers::verify(&Cube3, state, &solution)?;
    }
    Ok(SwarmRun {
        outcome,
        actual,
        cache_hits: hits,
        computed,
        capped,
        solution,
    })
}

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
