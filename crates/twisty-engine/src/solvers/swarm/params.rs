//! The metaheuristics' parameters: the algorithm, the fitness, the symmetry variation and
//! every setting of a run ([`SwarmParams`]).

use crate::options::Resolved;
use twisty_solvers::swarm::AcoRule;

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

    pub(super) fn from_options(algo: Algo, o: &Resolved) -> SwarmParams {
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
