//! Short inputs get short answers from the two-phase solver: the short-answer pass finds
//! the optimum of anything within 12 moves, with or without its extra tables.
#![allow(clippy::unwrap_used)]

mod common;

use rand::Rng;
use std::sync::OnceLock;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::{seeded_rng, Metric, Puzzle};
use twisty_search::TableCache;
use twisty_solvers::optimal::cube3::{Cube3Optimal, HeuristicKind};
use twisty_solvers::twophase::{Known, SearchPlan, ShortResult, TwoPhase};
use twisty_solvers::{Limits, Solution, Solver};

fn with_perimeter() -> &'static TwoPhase {
    static T: OnceLock<TwoPhase> = OnceLock::new();
    T.get_or_init(|| TwoPhase::new().with_perimeter())
}

fn scramble(rng: &mut impl Rng, n: usize) -> (CubieCube, Vec<Cube3Move>) {
    let mut c = CubieCube::SOLVED;
    let mut moves = Vec::new();
    let mut last = 6;
    while moves.len() < n {
        let m = Cube3Move::ALL[rng.random_range(0..18)];
        if m.face() != last {
            last = m.face();
            c.apply_move(m);
            moves.push(m);
        }
    }
    (c, moves)
}

#[test]
fn the_reported_inputs_get_their_own_length_or_less() {
    for (text, len) in [("U R", 2), ("R U F", 3), ("D' R' B2 D2 L B'", 6)] {
        let s = Cube3.state_after(&Cube3.parse_moves(text).unwrap());
        for tp in [TwoPhase::global(), with_perimeter()] {
            let sol = tp.solve(&Cube3, &s, &Limits::default()).unwrap();
            assert_eq!(sol.moves.len(), len, "{text}: {:?}", sol.moves);
            assert!(sol.optimal, "{text}");
        }
    }
}

#[test]
fn short_scrambles_are_answered_optimally_by_both_configurations() {
    let mut rng = seeded_rng(77);
    for n in 1..=9 {
        for _ in 0..20 {
            let (s, moves) = scramble(&mut rng, n);
            let a = TwoPhase::global().solve(&Cube3, &s, &Limits::default()).unwrap();
            let b = with_perimeter().solve(&Cube3, &s, &Limits::default()).unwrap();
            assert!(a.optimal && b.optimal, "{moves:?}");
            assert!(a.moves.len() <= n, "{moves:?} answered by {:?}", a.moves);
            // Both claim the optimum: the same length.
            assert_eq!(a.moves.len(), b.moves.len(), "{moves:?}");
        }
    }
}

#[test]
fn a_random_state_is_proven_longer_than_twelve() {
    let mut rng = seeded_rng(3);
    let s = Cube3.random_state(&mut rng);
    let (r, nodes) = with_perimeter().short_pass(&s, 12, u64::MAX);
    assert_eq!(r, ShortResult::Longer);
    assert!(nodes > 0);
    // A bound the answer does not fit: the pass reports longer, and within the node
    // budget of one node it stops.
    let (s, _) = scramble(&mut rng, 8);
    assert_eq!(
        with_perimeter().short_pass(&s, 3, u64::MAX).0,
        ShortResult::Longer
    );
    assert_eq!(TwoPhase::global().short_pass(&s, 12, 1).0, ShortResult::Stopped);
    // Quarter-turn metric: no short pass, and the answer is not claimed optimal.
    let limits = Limits {
        metric: Metric::Qtm,
        ..Limits::default()
    };
    let sol = TwoPhase::global().solve(&Cube3, &s, &limits).unwrap();
    assert!(!sol.optimal || sol.moves.is_empty());
}

/// The short-answer pass against the optimal solver (small databases, built in seconds).
#[test]
fn optimal_lengths_agree_with_the_optimal_solver() {
    let cache = TableCache::new(common::shared_tables());
    let optimal = Cube3Optimal::new(&cache, HeuristicKind::Small, false).unwrap();
    let mut rng = seeded_rng(5);
    for n in [7, 9, 10] {
        for _ in 0..3 {
            let (s, moves) = scramble(&mut rng, n);
            let want = optimal.solve(&Cube3, &s, &Limits::default()).unwrap();
            let got = with_perimeter().solve(&Cube3, &s, &Limits::default()).unwrap();
            assert_eq!(got.moves.len(), want.moves.len(), "{moves:?}");
            assert!(got.optimal);
        }
    }
}

/// The short-answer pass runs only where it can matter: before the search on an input of
/// at most its depth in moves, never on a longer move sequence, on a state below the
/// two-phase answer's length.
#[test]
fn the_pass_runs_only_where_it_can_matter() {
    let tp = with_perimeter();
    let plan = SearchPlan::default();
    let limits = Limits::default();
    let pass_nodes = |s: &Solution<Cube3Move>| s.stats.breakdown[0].1;
    let mut rng = seeded_rng(11);
    let far = Cube3.random_state(&mut rng);
    // A 19-move input: its inverse is 19 moves, the pass cannot give a shorter answer than
    // the guarantee asks for, so it is skipped.
    let long = tp
        .solve_known(&Cube3, &far, &limits, &plan, 12, Known::Moves(19))
        .unwrap();
    assert_eq!(pass_nodes(&long), 0);
    assert!(!long.optimal);
    // The same position as a state: the pass below the answer proves it longer than 12.
    let state = tp
        .solve_known(&Cube3, &far, &limits, &plan, 12, Known::State)
        .unwrap();
    assert!(pass_nodes(&state) > 0);
    assert_eq!(state.moves, long.moves);
    // Short inputs get their optimum, given as moves or as a state.
    for n in [1, 4, 8, 11] {
        let (s, moves) = scramble(&mut rng, n);
        let a = tp
            .solve_known(&Cube3, &s, &limits, &plan, 12, Known::Moves(n))
            .unwrap();
        let b = tp
            .solve_known(&Cube3, &s, &limits, &plan, 12, Known::State)
            .unwrap();
        assert!(a.optimal && b.optimal, "{moves:?}");
        assert!(a.moves.len() <= n, "{moves:?} answered by {:?}", a.moves);
        assert_eq!(a.moves.len(), b.moves.len(), "{moves:?}");
    }
}
