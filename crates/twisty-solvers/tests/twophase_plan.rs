//! The two-phase search on several threads and improving its answer within a budget.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::{seeded_rng, Puzzle};
use twisty_solvers::twophase::search::SplitClaims;
use twisty_solvers::twophase::{parallel, SearchPlan, TwoPhase};
use twisty_solvers::{Limits, SolveError};

fn limits(max: u32) -> Limits {
    Limits {
        max_length: Some(max),
        ..Limits::default()
    }
}

fn solves(state: &CubieCube, moves: &[twisty_core::cube3::Cube3Move]) -> bool {
    let mut s = *state;
    Cube3.apply_all(&mut s, moves);
    Cube3.is_solved(&s)
}

/// A deadline far enough away never to be reached by these searches; they end on a proof
/// or on a node budget.
fn far() -> Option<Instant> {
    Some(Instant::now() + Duration::from_secs(3600))
}

#[test]
fn one_thread_is_the_plain_search() {
    let tp = TwoPhase::global();
    let mut rng = seeded_rng(31);
    let mut ctx = tp.context();
    for _ in 0..20 {
        let s = Cube3.random_state(&mut rng);
        let plain = ctx
            .solve(&s, 21, &Limits::default(), Instant::now())
            .unwrap()
            .to_vec();
        let plan = SearchPlan {
            threads: 1,
            ..SearchPlan::default()
        };
        let out = parallel::solve(
            &tp.tables_arc(),
            &s,
            21,
            &Limits::default(),
            Instant::now(),
            &plan,
        )
        .unwrap();
        assert_eq!(out.moves, plain);
        assert_eq!(out.nodes, ctx.nodes());
    }
}

#[test]
fn several_threads_solve_within_the_bound() {
    let tp = TwoPhase::global();
    let mut rng = seeded_rng(32);
    for threads in [2, 3, 6, 9] {
        let plan = SearchPlan {
            threads,
            ..SearchPlan::default()
        };
        for _ in 0..10 {
            let s = Cube3.random_state(&mut rng);
            let sol = tp.solve_with_plan(&Cube3, &s, &limits(20), &plan, 0).unwrap();
            assert!(sol.moves.len() <= 20);
            assert!(solves(&s, &sol.moves));
        }
    }
    // Nothing within 3 moves of a 6-move scramble, on two threads: a proof, not a stop.
    let s = Cube3.state_after(&Cube3.parse_moves("R U F L' D B2").unwrap());
    let plan = SearchPlan {
        threads: 2,
        ..SearchPlan::default()
    };
    let r = tp.solve_with_plan(&Cube3, &s, &limits(3), &plan, 0);
    assert!(matches!(r, Err(SolveError::NoSolutionWithin { .. })), "{r:?}");
}

#[test]
fn improving_proves_short_answers_optimal() {
    let tp = TwoPhase::global();
    let mut rng = seeded_rng(33);
    for threads in [1, 2] {
        // Many on two threads: a thread beaten by the other's shorter answer must not have
        // its own answer returned as proven (a race).
        for _ in 0..(if threads == 1 { 4 } else { 40 }) {
            let scramble = Cube3.random_moves(&mut rng, 7);
            let s = Cube3.state_after(&scramble);
            // The short-answer pass alone gives the optimum of a 7-move scramble.
            let optimum = tp
                .solve_with_plan(&Cube3, &s, &limits(21), &SearchPlan::default(), 9)
                .unwrap();
            assert!(optimum.optimal);
            let plan = SearchPlan {
                improve_until: far(),
                threads,
                ..SearchPlan::default()
            };
            // Without the short-answer pass, the improving search finds and proves it.
            let sol = tp.solve_with_plan(&Cube3, &s, &limits(21), &plan, 0).unwrap();
            assert!(solves(&s, &sol.moves));
            assert_eq!(sol.moves.len(), optimum.moves.len(), "{threads} threads");
            assert!(sol.optimal);
            // Without improving, the first answer is not claimed optimal.
            let first = tp
                .solve_with_plan(
                    &Cube3,
                    &s,
                    &limits(21),
                    &SearchPlan {
                        threads,
                        ..SearchPlan::default()
                    },
                    0,
                )
                .unwrap();
            assert!(first.moves.len() >= sol.moves.len());
            assert!(!first.optimal || first.moves.is_empty());
        }
    }
}

#[test]
fn improving_within_a_node_budget_returns_the_best_found() {
    let tp = TwoPhase::global();
    let mut rng = seeded_rng(34);
    let budget = Limits {
        max_nodes: Some(300_000),
        ..limits(21)
    };
    let mut shorter = 0;
    for _ in 0..6 {
        let s = Cube3.random_state(&mut rng);
        let first = tp
            .solve_with_plan(&Cube3, &s, &limits(21), &SearchPlan::default(), 0)
            .unwrap();
        let plan = SearchPlan {
            improve_until: far(),
            ..SearchPlan::default()
        };
        let best = tp.solve_with_plan(&Cube3, &s, &budget, &plan, 0).unwrap();
        assert!(solves(&s, &best.moves));
        assert!(best.moves.len() <= first.moves.len());
        assert!(!best.optimal);
        if best.moves.len() < first.moves.len() {
            shorter += 1;
        }
    }
    // Random states' first answers are 20-21 moves; some improve within the budget.
    assert!(shorter > 0);
}

/// Runs `threads` contexts sharing one claim counter on `s` at once; their results.
fn shared_run(
    tp: &TwoPhase,
    s: &CubieCube,
    bound: u32,
    threads: usize,
) -> Vec<(Result<Vec<twisty_core::cube3::Cube3Move>, SolveError>, u64)> {
    let claims = Arc::new(SplitClaims::new());
    std::thread::scope(|scope| {
        let runs: Vec<_> = (0..threads)
            .map(|_| {
                let claims = claims.clone();
                scope.spawn(move || {
                    let mut ctx = tp.context();
                    ctx.set_split(Some(claims));
                    let r = ctx
                        .solve(s, bound, &Limits::default(), Instant::now())
                        .map(<[_]>::to_vec);
                    (r, ctx.probes())
                })
            })
            .collect();
        runs.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn split_shares_partition_the_search_exactly() {
    // Bounds below the optimum: every share runs to its end. Each phase-1 solution (each
    // phase-2 search started) of the whole search is searched by exactly one share.
    let tp = TwoPhase::global();
    let mut rng = seeded_rng(35);
    // Two states two moves from the subgroup (units at the end of phase 1, whose phase 2
    // is hopeless, must not cut their siblings), then random states.
    let near = [
        "U2 R2 D' F2 U L2 B2 D R2 U' R F",
        "D2 F2 U' L2 B2 U R2 D' B2 U2 L' B",
    ]
    .map(|m| Cube3.state_after(&Cube3.parse_moves(m).unwrap()));
    let cases = [(near[0], 8), (near[1], 9)]
        .into_iter()
        .chain([11u32, 12].map(|b| (Cube3.random_state(&mut rng), b)));
    for (s, bound) in cases {
        let mut plain = tp.context();
        let r = plain.solve(&s, bound, &Limits::default(), Instant::now());
        assert!(matches!(r, Err(SolveError::NoSolutionWithin { .. })), "{r:?}");
        // The whole search walked as shares are: one context with a counter of its own.
        let whole = shared_run(tp, &s, bound, 1);
        let all = whole[0].1;
        assert!(all >= plain.probes() && all > 0);
        for threads in [2, 3] {
            let runs = shared_run(tp, &s, bound, threads);
            for (r, _) in &runs {
                assert!(matches!(r, Err(SolveError::NoSolutionWithin { .. })), "{r:?}");
            }
            let sum: u64 = runs.iter().map(|r| r.1).sum();
            assert_eq!(sum, all, "bound {bound}, {threads} shares");
        }
    }
    // Within reach, some share finds a solution, and each one found is right.
    for _ in 0..5 {
        let s = Cube3.random_state(&mut rng);
        let runs = shared_run(tp, &s, 20, 2);
        let found: Vec<_> = runs.iter().filter_map(|r| r.0.as_ref().ok()).collect();
        assert!(!found.is_empty());
        for m in found {
            assert!(m.len() <= 20 && solves(&s, m));
        }
    }
}
