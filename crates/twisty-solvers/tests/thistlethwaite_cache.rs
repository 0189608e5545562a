//! The Thistlethwaite tables in the table cache: reused, checked, rebuilt when damaged.
#![allow(clippy::unwrap_used)]

use std::time::Instant;
use twisty_core::cube3::Cube3;
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::{Origin, TableCache};
use twisty_solvers::thistlethwaite::cache::{corner_spec, phase_spec};
use twisty_solvers::thistlethwaite::Thistlethwaite;
use twisty_solvers::{Limits, Solver};

#[test]
fn cached_tables_load_and_damaged_files_are_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let (first, origins) = Thistlethwaite::from_cache(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Built; 5]);

    // A second load reads every file and builds nothing.
    let (second, origins) = Thistlethwaite::from_cache(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Loaded; 5]);

    // Cached tables give the answers of freshly built ones.
    let built = Thistlethwaite::global();
    let mut rng = seeded_rng(5);
    for _ in 0..5 {
        let s = Cube3.random_state(&mut rng);
        let want = built.solve(&Cube3, &s, &Limits::default()).unwrap().moves;
        assert_eq!(first.solve(&Cube3, &s, &Limits::default()).unwrap().moves, want);
        assert_eq!(second.solve(&Cube3, &s, &Limits::default()).unwrap().moves, want);
    }

    // A flipped byte in phase 3 and a truncated phase-2 file are both detected.
    let p3 = cache.path(&phase_spec(2));
    let mut bytes = std::fs::read(&p3).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x5a;
    std::fs::write(&p3, &bytes).unwrap();
    let p2 = cache.path(&phase_spec(1));
    let bytes = std::fs::read(&p2).unwrap();
    std::fs::write(&p2, &bytes[..bytes.len() - 100]).unwrap();
    let (third, origins) = Thistlethwaite::from_cache(&cache, false).unwrap();
    assert_eq!(origins[0], Origin::Loaded);
    assert!(
        matches!(&origins[2], Origin::Rebuilt(r) if r.contains("truncated")),
        "{origins:?}"
    );
    assert!(
        matches!(&origins[3], Origin::Rebuilt(r) if r.contains("checksum")),
        "{origins:?}"
    );
    let s = Cube3.state_after(&Cube3.parse_moves("R U F D' L2 B").unwrap());
    assert_eq!(
        third.solve(&Cube3, &s, &Limits::default()).unwrap().moves,
        built.solve(&Cube3, &s, &Limits::default()).unwrap().moves
    );
    // The rebuilt files load again.
    let (_, origins) = Thistlethwaite::from_cache(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Loaded; 5]);
    assert!(cache.path(&corner_spec()).exists());
}

/// Prints the warm-start load time (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn warm_start_load_time() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let start = Instant::now();
    Thistlethwaite::from_cache(&cache, false).unwrap();
    let cold = start.elapsed();
    let start = Instant::now();
    let (_, origins) = Thistlethwaite::from_cache(&cache, false).unwrap();
    let warm = start.elapsed();
    assert_eq!(origins, vec![Origin::Loaded; 5]);
    eprintln!("thistlethwaite tables: cold build {cold:?}, warm load {warm:?}");
}
