//! The metaheuristic 3x3x3 solvers of the swarm-intelligence study (`twisty solve --solver
//! greedy|pso|aco|dkho`) and their benchmark (`twisty bench metaheuristics`).

use crate::commands::{CliError, CliResult, Ctx};
use clap::{Args, ValueEnum};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::Puzzle;
use twisty_search::TableCache;
use twisty_solvers::swarm::{
    aco, dkho, greedy, pso, simplify, AcoDeposit, AcoParams, AcoRule, CornerPdbFitness, DkhoParams,
    Evaluator, Fitness, GreedyParams, OptimalBoundFitness, PsoParams, SwarmError, SwarmOutcome, SymmetrySet,
    TwoPhaseFitness,
};
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::{SearchStats, Solution};

/// Fitness choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FitnessArg {
    /// Length of the first two-phase solution of at most 20 moves (the paper's).
    Twophase,
    /// max(corner distance, phase-1 bounds in three axis frames): admissible.
    OptimalBound,
    /// Corner pattern database (the 2x2x2 distance table): admissible.
    Pdb,
}

/// Which symmetries vary repeated two-phase evaluations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VaryArg {
    /// `none` with one evaluation per call, `rotations` when averaging several.
    Auto,
    /// No variation: every evaluation of a state is the same.
    None,
    /// Conjugate by one of the 24 rotations, drawn at random per evaluation.
    Rotations,
    /// Conjugate by one of the 48 rotations and mirror images.
    Symmetries,
}

/// ACO selection rule (see `twisty_solvers::swarm::AcoRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AcoRuleArg {
    /// Eq. 15 as printed: normalised over the 18 edges leaving the ant's state.
    Edges,
    /// Normalised by the 18 edges after each move (the paper's 342 evaluations per step).
    Adjacent,
}

/// Options of the metaheuristic solvers (paper defaults).
#[derive(Debug, Args, Clone)]
pub struct SwarmArgs {
    /// Metaheuristics: iterations (default: the paper's, 10000 for greedy and PSO, 100 for
    /// ACO and DKHO).
    #[arg(long, value_name = "N")]
    pub iterations: Option<u64>,
    /// PSO: number of particles.
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub particles: usize,
    /// ACO: number of ants.
    #[arg(long, default_value_t = 25, value_name = "N")]
    pub ants: usize,
    /// DKHO: number of krill.
    #[arg(long, default_value_t = 25, value_name = "N")]
    pub krill: usize,
    /// ACO: pheromone exponent α.
    #[arg(long, default_value_t = 1.0)]
    pub alpha: f64,
    /// ACO: heuristic exponent β.
    #[arg(long, default_value_t = 1.0)]
    pub beta: f64,
    /// ACO: selection rule (Eq. 15's denominator); `--seed-quirks` uses the code's
    /// adjacent rule.
    #[arg(long, value_enum, default_value_t = AcoRuleArg::Edges)]
    pub aco_rule: AcoRuleArg,
    /// ACO: deposit pheromone after each ant's move (the seed code) instead of after the
    /// iteration (Eq. 14).
    #[arg(long)]
    pub aco_immediate_deposit: bool,
    /// DKHO: kill threshold as a multiple of the global minimum fitness.
    #[arg(long, default_value_t = 1.5)]
    pub kill_factor: f64,
    /// Metaheuristics: reproduce the seed code's quirks instead of the paper's description.
    #[arg(long)]
    pub seed_quirks: bool,
    /// Greedy: try equal-fitness children in a random order (from --seed) instead of
    /// move order.
    #[arg(long)]
    pub random_ties: bool,
    /// Metaheuristics: fitness function.
    #[arg(long, value_enum, default_value_t = FitnessArg::Twophase)]
    pub fitness: FitnessArg,
    /// Metaheuristics: evaluations averaged per fitness call (rounded half to even).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub evaluations: u32,
    /// Metaheuristics: vary two-phase evaluations by a random whole-cube symmetry.
    #[arg(long, value_enum, default_value_t = VaryArg::Auto)]
    pub vary: VaryArg,
    /// Metaheuristics: evaluate every call afresh (no fitness cache by state).
    #[arg(long)]
    pub no_cache: bool,
    /// Metaheuristics: node budget of one two-phase evaluation (0 = none); a capped
    /// evaluation scores 21.
    #[arg(long, default_value_t = twisty_solvers::swarm::twophase_fitness::DEFAULT_NODE_CAP, value_name = "N")]
    pub eval_nodes: u64,
    /// Simplify the reported solution: metaheuristics merge adjacent turns of a face; the
    /// supercube GA cancels and merges moves and shows both lengths.
    #[arg(long)]
    pub simplify: bool,
}

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
    /// The solver name.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Greedy => "greedy",
            Algo::Pso => "pso",
            Algo::Aco => "aco",
            Algo::Dkho => "dkho",
        }
    }

    /// The algorithm of a solver name.
    pub fn parse(name: &str) -> Option<Algo> {
        match name {
            "greedy" => Some(Algo::Greedy),
            "pso" => Some(Algo::Pso),
            "aco" => Some(Algo::Aco),
            "dkho" => Some(Algo::Dkho),
            _ => None,
        }
    }
}

/// One configured run.
#[derive(Debug, Clone)]
pub struct RunConfig {
    /// Algorithm.
    pub algo: Algo,
    /// Agents (ignored by greedy).
    pub agents: usize,
    /// Iterations.
    pub iterations: u64,
    /// The remaining options.
    pub opts: SwarmArgs,
}

impl RunConfig {
    /// The configuration `twisty solve` gets from its flags.
    pub fn from_args(algo: Algo, a: &SwarmArgs) -> RunConfig {
        let (agents, iterations) = match algo {
            Algo::Greedy => (1, 10_000),
            Algo::Pso => (a.particles, 10_000),
            Algo::Aco => (a.ants, 100),
            Algo::Dkho => (a.krill, 100),
        };
        RunConfig {
            algo,
            agents,
            iterations: a.iterations.unwrap_or(iterations),
            opts: a.clone(),
        }
    }
}

/// A finished run with its side counters.
#[derive(Debug, Clone)]
pub struct RunResult {
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

fn swarm_err(e: SwarmError) -> CliError {
    match e {
        SwarmError::InvalidParameter { .. } => CliError::usage(e),
        _ => CliError::failure(e),
    }
}

fn run_generic<F: Fitness<Cube3> + Send>(
    cfg: &RunConfig,
    state: &CubieCube,
    fitness: F,
    workers: Vec<F>,
    seed: u64,
) -> CliResult<(SwarmOutcome<Cube3Move>, Evaluator<F>)> {
    let p = Cube3;
    let mut ev = Evaluator::new(fitness, cfg.opts.evaluations)
        .map_err(swarm_err)?
        .with_cache(
            !cfg.opts.no_cache,
            twisty_solvers::swarm::fitness::DEFAULT_CACHE_LIMIT,
        )
        .with_workers(workers);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let q = cfg.opts.seed_quirks;
    let out = match cfg.algo {
        Algo::Greedy => greedy(
            &p,
            state,
            &GreedyParams {
                iterations: cfg.iterations,
                tie_seed: cfg.opts.random_ties.then_some(seed ^ 0x7115),
                seed_quirks: q,
            },
            &mut ev,
        ),
        Algo::Pso => pso(
            &p,
            state,
            &PsoParams {
                particles: cfg.agents,
                iterations: cfg.iterations,
                seed_quirks: q,
            },
            &mut ev,
            &mut rng,
        ),
        Algo::Aco => aco(
            &p,
            state,
            &AcoParams {
                ants: cfg.agents,
                iterations: cfg.iterations,
                alpha: cfg.opts.alpha,
                beta: cfg.opts.beta,
                rule: match cfg.opts.aco_rule {
                    AcoRuleArg::Edges => AcoRule::Edges,
                    AcoRuleArg::Adjacent => AcoRule::Adjacent,
                },
                deposit: if cfg.opts.aco_immediate_deposit {
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
            &p,
            state,
            &DkhoParams {
                krill: cfg.agents,
                iterations: cfg.iterations,
                kill_factor: cfg.opts.kill_factor,
                seed_quirks: q,
            },
            &mut ev,
            &mut rng,
        ),
    }
    .map_err(swarm_err)?;
    Ok((out, ev))
}

/// Tables the admissible fitnesses need (loaded once, shared by all runs).
pub fn corner_table(ctx: &Ctx) -> CliResult<CornerPdbFitness> {
    let cache = TableCache::new(&ctx.tables_dir).with_max_memory(ctx.max_memory);
    CornerPdbFitness::load(&cache, ctx.progress).map_err(CliError::failure)
}

/// Runs one configured algorithm on `state` (verified again here).
pub fn run(
    cfg: &RunConfig,
    state: &CubieCube,
    seed: u64,
    corners: Option<&CornerPdbFitness>,
) -> CliResult<RunResult> {
    state.validate()?;
    let tp = TwoPhase::global();
    let mut plain = TwoPhaseFitness::new(tp, 20);
    let node_cap = (cfg.opts.eval_nodes > 0).then_some(cfg.opts.eval_nodes);
    let set = match cfg.opts.vary {
        VaryArg::Auto if cfg.opts.evaluations > 1 => SymmetrySet::Rotations,
        VaryArg::None | VaryArg::Auto => SymmetrySet::Identity,
        VaryArg::Rotations => SymmetrySet::Rotations,
        VaryArg::Symmetries => SymmetrySet::All,
    };
    let need_corners = || {
        corners
            .cloned()
            .ok_or_else(|| CliError::failure(anyhow::anyhow!("the corner table is not loaded")))
    };
    // Fitness instances beside the main one, for evaluating a batch (children, particles)
    // on every thread of the pool.
    let extra = rayon::current_num_threads().saturating_sub(1);
    let (outcome, hits, computed, capped) = match cfg.opts.fitness {
        FitnessArg::Twophase => {
            let make = |k: u64| {
                TwoPhaseFitness::new(tp, 20)
                    .with_node_cap(node_cap)
                    .with_symmetries(set, seed ^ 0x5eed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            };
            let workers = (1..extra + 1).map(|k| make(k as u64)).collect();
            let (o, ev) = run_generic(cfg, state, make(0), workers, seed)?;
            (o, ev.cache_hits(), ev.computed(), ev.fitness.capped())
        }
        FitnessArg::Pdb => {
            let f = need_corners()?;
            let workers = vec![f.clone(); extra];
            let (o, ev) = run_generic(cfg, state, f, workers, seed)?;
            (o, ev.cache_hits(), ev.computed(), 0)
        }
        FitnessArg::OptimalBound => {
            let f = OptimalBoundFitness::new(need_corners()?, tp).map_err(CliError::failure)?;
            let workers = vec![f.clone(); extra];
            let (o, ev) = run_generic(cfg, state, f, workers, seed)?;
            (o, ev.cache_hits(), ev.computed(), 0)
        }
    };
    // "Actual": the plain, uncapped two-phase length of the input.
    let actual = plain.eval(&Cube3, state).map_err(CliError::failure)?;
    let solution = if cfg.opts.simplify {
        simplify(&outcome.solution)
    } else {
        outcome.solution.clone()
    };
    if outcome.solved {
        twisty_solvers::verify(&Cube3, state, &solution)?;
    }
    Ok(RunResult {
        outcome,
        actual,
        cache_hits: hits,
        computed,
        capped,
        solution,
    })
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "NA".to_string(), |x| x.to_string())
}

/// The paper's report lines of one run.
pub fn report(cfg: &RunConfig, r: &RunResult) -> String {
    let o = &r.outcome;
    let secs = |d: Option<Duration>| d.map(|d| format!("{:.3} s", d.as_secs_f64()));
    let evals = o.nfe as f64 / o.elapsed.as_secs_f64().max(1e-9);
    format!(
        "Algorithm: {} ({} agents, {} iterations{})\n\
         Success: {}  Actual: {}  Obtained: {}  MinFit: {}\n\
         First iteration: {}  Last iteration: {}  Average: {}  Agents solved: {}\n\
         NFE: {}  computed: {}  cache hits: {}  capped: {}  ({:.0} evaluations/s)\n\
         First time: {}  Total time: {}  Run time: {:.3} s\n",
        cfg.algo.name(),
        cfg.agents,
        cfg.iterations,
        if cfg.opts.seed_quirks { ", seed quirks" } else { "" },
        if o.solved { "yes" } else { "no" },
        r.actual,
        opt(o.mean_length().map(|x| format!("{x:.2}"))),
        o.min_fitness,
        opt(o.first_iteration()),
        opt(o.last_iteration()),
        opt(o.average_gap().map(|x| format!("{x:.2}"))),
        o.agent_solutions.len(),
        o.nfe,
        r.computed,
        r.cache_hits,
        r.capped,
        evals,
        opt(secs(o.first_time())),
        opt(secs(o.last_time())),
        o.elapsed.as_secs_f64(),
    )
}

/// `twisty solve --solver greedy|pso|aco|dkho`: `None` for other solvers.
pub fn solve(
    ctx: &Ctx,
    solver: &str,
    state: &CubieCube,
    args: &crate::args::SolveArgs,
) -> CliResult<Option<Solution<Cube3Move>>> {
    let Some(algo) = Algo::parse(solver) else {
        return Ok(None);
    };
    let cfg = RunConfig::from_args(algo, &args.swarm);
    let seed = args.seed.unwrap_or_else(twisty_core::rng::fresh_seed);
    let corners = match cfg.opts.fitness {
        FitnessArg::Twophase => None,
        _ => Some(corner_table(ctx)?),
    };
    let start = Instant::now();
    let r = run(&cfg, state, seed, corners.as_ref())?;
    if !args.json {
        if args.seed.is_none() {
            eprintln!("solver seed: {seed}");
        }
        print!("{}", report(&cfg, &r));
    }
    let o = &r.outcome;
    if !o.solved {
        return Err(CliError::failure(anyhow::anyhow!(
            "{} found no solution in {} iterations (minimum fitness {}, NFE {}; seed {seed})",
            algo.name(),
            o.iterations,
            o.min_fitness,
            o.nfe
        )));
    }
    let f = |name: &str, v: u64, x: f64| (name.to_string(), v, x);
    let breakdown = vec![
        f("actual", u64::from(r.actual), 0.0),
        f("obtained (mean over agents)", 0, o.mean_length().unwrap_or(0.0)),
        f("min fitness", u64::from(o.min_fitness), 0.0),
        f("first iteration", o.first_iteration().unwrap_or(0), 0.0),
        f("last iteration", o.last_iteration().unwrap_or(0), 0.0),
        f("average gap", 0, o.average_gap().unwrap_or(0.0)),
        f("agents solved", o.agent_solutions.len() as u64, 0.0),
        f("nfe", o.nfe, 0.0),
        f("computed evaluations", r.computed, 0.0),
        f("cache hits", r.cache_hits, 0.0),
        f("capped evaluations", r.capped, 0.0),
        f(
            "first time (s)",
            0,
            o.first_time().map_or(0.0, |d| d.as_secs_f64()),
        ),
        f(
            "total time (s)",
            0,
            o.last_time().map_or(0.0, |d| d.as_secs_f64()),
        ),
        f("seed", seed, 0.0),
    ];
    Ok(Some(Solution {
        length: Cube3.length(&r.solution, args.metric.into()),
        moves: r.solution,
        optimal: false,
        stats: SearchStats {
            nodes: 0,
            expanded: 0,
            elapsed: start.elapsed(),
            breakdown,
            ..SearchStats::default()
        },
    }))
}
