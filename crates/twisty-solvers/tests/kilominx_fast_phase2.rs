//! Phase 2 of the Kilominx reduction: states of ⟨D, DB, DBR⟩ are solved within it.
#![allow(clippy::unwrap_used)]

use rand::Rng;
use twisty_core::kilominx::{KiloState, Kilominx};
use twisty_core::{seeded_rng, Puzzle};
use twisty_solvers::kilominx_fast::Phase2;

#[test]
fn phase2_solves_subgroup_states_and_refuses_others() {
    let k = Kilominx;
    let p2 = Phase2::new();
    let sub: Vec<_> = k
        .moves()
        .into_iter()
        .filter(|m| [11, 10, 9].contains(&m.face()))
        .collect();
    assert_eq!(sub.len(), 12);
    let mut rng = seeded_rng(7);
    for _ in 0..20 {
        let mut s = KiloState::SOLVED;
        for _ in 0..40 {
            k.apply(&mut s, sub[rng.random_range(0..sub.len())]);
        }
        let sol = p2.solve(&s, 30).expect("subgroup state solved");
        let mut t = s;
        for &m in &sol {
            k.apply(&mut t, m);
        }
        assert!(k.is_solved(&t), "solution {sol:?} does not solve");
    }
    let mut outside = KiloState::SOLVED;
    k.apply(&mut outside, k.moves()[12]);
    assert!(p2.solve(&outside, 30).is_none());
}
