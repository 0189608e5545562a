//! One configured run of a metaheuristic ([`run_swarm`]) and its result with the side
//! counters ([`SwarmRun`]).

use super::{Algo, FitnessKind, SwarmParams, Vary};
use crate::error::{EngineError, ErrorKind};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_solvers::swarm::{
    aco, dkho, greedy, pso, simplify, AcoDeposit, AcoParams, CornerPdbFitness, DkhoParams, Evaluator,
    Fitness, GreedyParams, OptimalBoundFitness, PsoParams, SwarmError, SwarmOutcome, SymmetrySet,
    TwoPhaseFitness,
};
use twisty_solvers::twophase::TwoPhase;

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
