//! Flags of the solvers that have their own (the metaheuristics, the supercube GA).

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use twisty_solvers::genetic::DEFAULT_ATTEMPTS;

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

/// Options of the supercube GA solver (`--puzzle supercube:N --solver ga`); defaults are
/// the paper's.
#[derive(Debug, Args, Clone)]
pub struct GaArgs {
    /// GA population size.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub population: usize,
    /// Chromosome length (moves per individual).
    #[arg(long, default_value_t = 27, value_name = "N")]
    pub chromosome: usize,
    /// Largest number of generations of one GA run.
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub generations: usize,
    /// Fraction of the population selected as winners ("unique" selection).
    #[arg(long, default_value_t = 0.1, value_name = "RATIO")]
    pub winners: f64,
    /// Conjugation mutations per generation, as a fraction of the population.
    #[arg(long, default_value_t = 1.0, value_name = "RATIO")]
    pub mutation: f64,
    /// Independent GA runs per step (each with the parameters above); the step plays the
    /// best one. 1 is the paper's loop exactly; more give shorter solutions.
    #[arg(long, default_value_t = DEFAULT_ATTEMPTS, value_name = "N")]
    pub attempts: usize,
    /// Give up after this many steps (GA count; each step runs --attempts GAs).
    #[arg(long, default_value_t = 200_000, value_name = "N")]
    pub max_gas: u64,
    /// Macro library file: twisty's format, or the seed program's solutions.bin (read only)
    /// [default: supercube-macros.tmac in the table cache].
    #[arg(long, value_name = "FILE")]
    pub macros: Option<PathBuf>,
    /// Learn macros (sequences that finish a cluster) into the library (the default).
    #[arg(long, overrides_with = "no_learn")]
    pub learn: bool,
    /// Do not learn: the library is only read.
    #[arg(long, overrides_with = "learn")]
    pub no_learn: bool,
    /// Use (and keep) at most this many macros, e.g. 100 or 200 as in the paper's runs.
    #[arg(long, value_name = "N")]
    pub macros_limit: Option<usize>,
    /// Report the played moves merged step by step: moves of one slice separated only by
    /// moves of the same axis (parallel slices commute) cancel or merge, across the GA's
    /// steps and the macros. The search is unchanged; the raw length is reported beside it.
    #[arg(long)]
    pub simplify_parallel: bool,
}
