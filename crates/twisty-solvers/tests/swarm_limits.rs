//! Every metaheuristic stops at its time limit and at a raised cancel flag, passed to the
//! run through [`Evaluator::with_limits`].
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::swarm::{
    aco, dkho, greedy, pso, AcoParams, DepthDistance, DkhoParams, Evaluator, GreedyParams, PsoParams,
    SwarmError, TwoPhaseFitness,
};
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::{Limits, SolveError};

const ALGORITHMS: [&str; 4] = ["greedy", "pso", "aco", "dkho"];

/// Runs `algo` for (practically) ever on a 25-move scramble with a cheap fitness.
fn run(algo: &str, limits: &Limits) -> Result<(), SwarmError> {
    let p = Cube3;
    let mut rng = seeded_rng(7);
    let start: CubieCube = p.state_after(&p.random_moves(&mut rng, 25));
    let mut ev = Evaluator::new(DepthDistance::new(&p, 2), 1)?.with_limits(limits);
    let many = 1_000_000;
    match algo {
        "greedy" => greedy(
            &p,
            &start,
            &GreedyParams {
                iterations: many,
                ..GreedyParams::default()
            },
            &mut ev,
        )
        .map(drop),
        "pso" => pso(
            &p,
            &start,
            &PsoParams {
                iterations: many,
                ..PsoParams::default()
            },
            &mut ev,
            &mut rng,
        )
        .map(drop),
        "aco" => aco(
            &p,
            &start,
            &AcoParams {
                iterations: many,
                ..AcoParams::default()
            },
            &mut ev,
            &mut rng,
        )
        .map(drop),
        _ => dkho(
            &p,
            &start,
            &DkhoParams {
                iterations: many,
                ..DkhoParams::default()
            },
            &mut ev,
            &mut rng,
        )
        .map(drop),
    }
}

#[test]
fn an_expired_deadline_stops_every_algorithm_at_once() {
    let limits = Limits {
        timeout: Some(Duration::ZERO),
        ..Limits::default()
    };
    for algo in ALGORITHMS {
        let t = Instant::now();
        let e = run(algo, &limits).unwrap_err();
        assert_eq!(e, SwarmError::Timeout, "{algo}");
        assert_eq!(SolveError::from(e), SolveError::Timeout { deepest_bound: None });
        assert!(t.elapsed() < Duration::from_secs(2), "{algo}: {:?}", t.elapsed());
    }
}

#[test]
fn a_raised_cancel_flag_stops_every_algorithm_at_once() {
    let limits = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    for algo in ALGORITHMS {
        let e = run(algo, &limits).unwrap_err();
        assert_eq!(e, SwarmError::Cancelled, "{algo}");
        assert_eq!(SolveError::from(e), SolveError::Cancelled { deepest_bound: None });
    }
}

#[test]
fn a_short_time_limit_ends_a_long_run() {
    for algo in ALGORITHMS {
        let limits = Limits {
            timeout: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        let t = Instant::now();
        let r = run(algo, &limits);
        let took = t.elapsed();
        assert_eq!(r, Err(SwarmError::Timeout), "{algo}");
        // Measured overshoot is a few ms; the bound only guards against ignoring the limit.
        assert!(took < Duration::from_secs(2), "{algo}: {took:?}");
        eprintln!("{algo}: 100 ms limit, stopped after {took:?}");
    }
}

#[test]
fn the_two_phase_fitness_stops_at_the_deadline_too() {
    // Uncapped two-phase evaluations, the paper's fitness: the deadline reaches each one.
    let p = Cube3;
    let mut rng = seeded_rng(9);
    let start: CubieCube = p.state_after(&p.random_moves(&mut rng, 25));
    let limits = Limits {
        timeout: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let fitness = TwoPhaseFitness::new(TwoPhase::global(), 20);
    let mut ev = Evaluator::new(fitness, 1).unwrap().with_limits(&limits);
    let params = DkhoParams {
        iterations: 1_000_000,
        ..DkhoParams::default()
    };
    let t = Instant::now();
    let r = dkho(&p, &start, &params, &mut ev, &mut rng);
    let took = t.elapsed();
    assert_eq!(r.map(drop), Err(SwarmError::Timeout));
    assert!(took < Duration::from_secs(2), "{took:?}");
    eprintln!("dkho with the two-phase fitness: 100 ms limit, stopped after {took:?}");
}
