//! The metaheuristic 3x3x3 solvers of the swarm-intelligence study (`twisty solve --solver
//! greedy|pso|aco|dkho`) and their benchmark (`twisty bench metaheuristics`).

use crate::commands::{CliError, CliResult, Ctx};
use clap::{Args, ValueEnum};
use std::time::Duration;
use twisty_core::cube3::CubieCube;
use twisty_engine::solvers::swarm::{run_swarm, FitnessKind, SwarmParams, Vary};
use twisty_search::TableCache;
use twisty_solvers::swarm::{AcoRule, CornerPdbFitness};
use twisty_solvers::Limits;

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

pub use twisty_engine::solvers::swarm::{Algo, SwarmRun as RunResult};

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
    /// The engine's parameters of this run.
    pub fn params(&self) -> SwarmParams {
        let a = &self.opts;
        SwarmParams {
            agents: self.agents,
            iterations: self.iterations,
            alpha: a.alpha,
            beta: a.beta,
            aco_rule: match a.aco_rule {
                AcoRuleArg::Edges => AcoRule::Edges,
                AcoRuleArg::Adjacent => AcoRule::Adjacent,
            },
            aco_immediate_deposit: a.aco_immediate_deposit,
            kill_factor: a.kill_factor,
            seed_quirks: a.seed_quirks,
            random_ties: a.random_ties,
            fitness: match a.fitness {
                FitnessArg::Twophase => FitnessKind::Twophase,
                FitnessArg::OptimalBound => FitnessKind::OptimalBound,
                FitnessArg::Pdb => FitnessKind::Pdb,
            },
            evaluations: a.evaluations,
            vary: match a.vary {
                VaryArg::Auto => Vary::Auto,
                VaryArg::None => Vary::None,
                VaryArg::Rotations => Vary::Rotations,
                VaryArg::Symmetries => Vary::Symmetries,
            },
            no_cache: a.no_cache,
            eval_nodes: a.eval_nodes,
            simplify: a.simplify,
        }
    }
}

/// Tables the admissible fitnesses need (loaded once, shared by all runs).
pub fn corner_table(ctx: &Ctx) -> CliResult<CornerPdbFitness> {
    let cache = TableCache::new(&ctx.tables_dir).with_max_memory(ctx.max_memory);
    CornerPdbFitness::load(&cache, ctx.progress).map_err(CliError::failure)
}

/// Runs one configured algorithm on `state` (through the engine's runner).
pub fn run(
    cfg: &RunConfig,
    state: &CubieCube,
    seed: u64,
    corners: Option<&CornerPdbFitness>,
) -> CliResult<RunResult> {
    Ok(run_swarm(
        cfg.algo,
        &cfg.params(),
        state,
        seed,
        corners,
        &Limits::default(),
    )?)
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
