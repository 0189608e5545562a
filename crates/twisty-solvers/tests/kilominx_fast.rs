//! The fast Kilominx solver: random states are solved (and verified) with small budgets,
//! impossible ones refused, the final subgroup has Whitmore's ⟨U, R, F⟩ distance counts.
#![allow(clippy::unwrap_used)]

mod common;

use std::sync::OnceLock;
use std::time::Duration;
use twisty_core::kilominx::Kilominx;
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::TableCache;
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::{Limits, Solver};

fn solver() -> &'static KilominxFast {
    static S: OnceLock<KilominxFast> = OnceLock::new();
    S.get_or_init(|| KilominxFast::new(&TableCache::new(common::shared_tables()), false).unwrap())
}

#[test]
fn random_states_are_solved() {
    let k = Kilominx;
    let s = solver();
    let mut rng = seeded_rng(11);
    let limits = Limits {
        timeout: Some(Duration::from_millis(20)),
        ..Limits::default()
    };
    for _ in 0..20 {
        let st = k.random_state(&mut rng);
        let sol = s.solve(&k, &st, &limits).unwrap();
        let mut t = st;
        for &m in &sol.moves {
            k.apply(&mut t, m);
        }
        assert!(k.is_solved(&t));
        eprintln!(
            "{} moves, {} nodes, {:?} (first {:?})",
            sol.length, sol.stats.nodes, sol.stats.elapsed, sol.stats.breakdown
        );
    }
}

/// Whitmore's enumeration of ⟨U, R, F⟩ on the Kilominx, depths 0–7: the final phase's
/// subgroup ⟨D, DB, DBR⟩ is the same group seen from the opposite corner.
#[test]
fn subgroup_distance_counts_match_whitmore() {
    let counts = solver().subgroup().distance_counts(7);
    assert_eq!(counts, vec![1, 12, 96, 768, 6144, 49152, 392_364, 3_117_359]);
}

#[test]
fn subgroup_states_are_solved_inside_the_subgroup() {
    use rand::Rng;
    let k = Kilominx;
    let sub = solver().subgroup();
    let faces: Vec<u8> = ["D", "DB", "DBR"]
        .iter()
        .map(|n| {
            twisty_core::kilominx::FACE_NAMES
                .iter()
                .position(|f| f == n)
                .unwrap() as u8
        })
        .collect();
    let gens: Vec<_> = k
        .moves()
        .into_iter()
        .filter(|m| faces.contains(&m.face()))
        .collect();
    assert_eq!(gens.len(), 12);
    let mut rng = seeded_rng(7);
    for _ in 0..10 {
        let mut st = k.solved();
        for _ in 0..40 {
            k.apply(&mut st, gens[rng.random_range(0..gens.len())]);
        }
        let sol = solver().solve(&k, &st, &Limits::default()).unwrap();
        let mut t = st;
        k.apply_all(&mut t, &sol.moves);
        assert!(k.is_solved(&t));
        // The last phase alone can solve it in at most the subgroup's diameter, so the
        // search never returns anything longer.
        let c = sub.coord(&st).unwrap();
        assert!(sub.h(&c) <= 14);
        assert!(sol.length <= 14, "{} moves", sol.length);
    }
    let outside = k.state_after(&k.moves()[12..13]);
    assert!(sub.coord(&outside).is_none());
}

#[test]
fn impossible_states_are_refused_with_the_reason() {
    use twisty_core::kilominx::KiloState;
    let k = Kilominx;
    let s = solver();
    let home: [u8; 20] = std::array::from_fn(|i| i as u8);
    // One twisted cubie: twist sum 1.
    let mut twists = [0u8; 20];
    twists[5] = 1;
    let e = KiloState::from_parts(home, twists).unwrap_err().to_string();
    assert!(e.contains("corner twist") && e.contains("sum to 1"), "{e}");
    // Two cubies swapped: odd permutation.
    let mut cubies = home;
    cubies.swap(3, 4);
    let e = KiloState::from_parts(cubies, [0; 20]).unwrap_err().to_string();
    assert!(e.contains("odd permutation"), "{e}");
    // The fixed cubie moved.
    let mut cubies = home;
    cubies.swap(0, 1);
    cubies.swap(2, 3);
    let e = KiloState::from_parts(cubies, [0; 20]).unwrap_err().to_string();
    assert!(e.contains("UFL cubie is fixed"), "{e}");
    // A cubie twice.
    let mut cubies = home;
    cubies[7] = 6;
    let e = KiloState::from_parts(cubies, [0; 20]).unwrap_err().to_string();
    assert!(e.contains("appears twice"), "{e}");
    // The solved state needs no move; a 1 ms budget still gives a verified solution.
    let solved = s.solve(&k, &k.solved(), &Limits::default()).unwrap();
    assert!(solved.moves.is_empty());
    let st = k.random_state(&mut seeded_rng(5));
    let sol = s
        .solve(
            &k,
            &st,
            &Limits {
                timeout: Some(Duration::from_millis(1)),
                ..Limits::default()
            },
        )
        .unwrap();
    let mut t = st;
    k.apply_all(&mut t, &sol.moves);
    assert!(k.is_solved(&t));
}

#[test]
fn max_length_stops_the_search_early_and_is_honoured() {
    let k = Kilominx;
    let st = k.random_state(&mut seeded_rng(3));
    let sol = solver()
        .solve(
            &k,
            &st,
            &Limits {
                max_length: Some(40),
                timeout: Some(Duration::from_secs(30)),
                ..Limits::default()
            },
        )
        .unwrap();
    assert!(sol.length <= 40);
    // A bound no solution meets within a tiny budget: an error, not a longer solution.
    let err = solver().solve(
        &k,
        &st,
        &Limits {
            max_length: Some(5),
            timeout: Some(Duration::from_millis(5)),
            ..Limits::default()
        },
    );
    assert!(err.is_err());
}
