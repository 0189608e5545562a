//! The metaheuristic 3x3x3 solvers of the swarm-intelligence study (`twisty solve --solver
//! greedy|pso|aco|dkho`) and their benchmark (`twisty bench metaheuristics`).

use crate::args::{AcoRuleArg, FitnessArg, SwarmArgs, VaryArg};
use crate::commands::{CliError, CliResult, Ctx};
use std::time::Duration;
use twisty_core::cube3::CubieCube;
use twisty_engine::solvers::swarm::{run_swarm, FitnessKind, SwarmParams, Vary};
use twisty_search::TableCache;
use twisty_solvers::swarm::{AcoRule, CornerPdbFitness};
use twisty_solvers::Limits;

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
