//! The two-phase and short-answer tables in the table cache: reused, checked, rebuilt when
//! damaged, and giving the answers of freshly built tables.
#![allow(clippy::unwrap_used)]

use rand::Rng;
use std::time::Instant;
use twisty_core::cube3::Cube3;
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::{Origin, TableCache};
use twisty_solvers::twophase::cache::{offsets_spec, tables_spec};
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::{Limits, Solver};

fn moves(tp: &TwoPhase, s: &twisty_core::cube3::CubieCube) -> Vec<twisty_core::cube3::Cube3Move> {
    tp.solve(&Cube3, s, &Limits::default()).unwrap().moves
}

#[test]
fn cached_tables_load_and_damaged_files_are_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let (built, origins) = TwoPhase::from_cache(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Built; 4]);

    // A second load reads every file and builds nothing.
    let (loaded, origins) = TwoPhase::from_cache(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Loaded; 4]);
    let (plain_loaded, origins) = TwoPhase::from_cache_plain(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Loaded]);
    assert_eq!(plain_loaded.short_depth(), TwoPhase::new().short_depth());

    // Loaded tables answer as built ones: short scrambles (the short-answer pass) and
    // random states (the two-phase search, also against the in-memory build).
    let plain = TwoPhase::new();
    let mut rng = seeded_rng(9);
    for text in ["U R", "R U F", "D' R' B2 D2 L B'", "R U R' U' F2 L D B' R2 U F"] {
        let s = Cube3.state_after(&Cube3.parse_moves(text).unwrap());
        let m = moves(&loaded, &s);
        assert_eq!(m, moves(&built, &s), "{text}");
        assert!(m.len() <= Cube3.parse_moves(text).unwrap().len(), "{text}");
    }
    // With the corner database, optimal answers keep their length: short scrambles
    // against the in-memory solver, whose pass (phase-1 estimates alone) proves them too.
    for n in 5..=9 {
        for _ in 0..8 {
            let mut c = twisty_core::cube3::CubieCube::SOLVED;
            for _ in 0..n {
                c.apply_move(twisty_core::cube3::Cube3Move::ALL[rng.random_range(0..18)]);
            }
            let a = loaded.solve(&Cube3, &c, &Limits::default()).unwrap();
            let b = plain.solve(&Cube3, &c, &Limits::default()).unwrap();
            assert!(a.optimal && b.optimal);
            assert_eq!(a.moves.len(), b.moves.len());
        }
    }
    for _ in 0..4 {
        let s = Cube3.random_state(&mut rng);
        assert_eq!(moves(&loaded, &s), moves(&built, &s));
        let a = loaded.clone().with_short_depth(0);
        let b = plain.clone().with_short_depth(0);
        assert_eq!(moves(&a, &s), moves(&b, &s));
    }

    // A flipped byte in the two-phase tables and truncated perimeter offsets are detected.
    let p = cache.path(&tables_spec());
    let mut bytes = std::fs::read(&p).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x21;
    std::fs::write(&p, &bytes).unwrap();
    let p = cache.path(&offsets_spec());
    let bytes = std::fs::read(&p).unwrap();
    std::fs::write(&p, &bytes[..bytes.len() / 2]).unwrap();
    let (again, origins) = TwoPhase::from_cache(&cache, false).unwrap();
    assert!(
        matches!(&origins[0], Origin::Rebuilt(r) if r.contains("checksum")),
        "{origins:?}"
    );
    assert_eq!(origins[1], Origin::Loaded);
    assert!(
        matches!(&origins[2], Origin::Rebuilt(r) if r.contains("truncated")),
        "{origins:?}"
    );
    assert_eq!(origins[3], Origin::Loaded);
    let s = Cube3.state_after(&Cube3.parse_moves("F2 L' U B D2 R' F L2 U' B2").unwrap());
    assert_eq!(moves(&again, &s), moves(&built, &s));
    let (_, origins) = TwoPhase::from_cache(&cache, false).unwrap();
    assert_eq!(origins, vec![Origin::Loaded; 4]);
}

/// Prints the warm-start load time (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn warm_start_load_time() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let start = Instant::now();
    TwoPhase::from_cache(&cache, false).unwrap();
    let cold = start.elapsed();
    let start = Instant::now();
    let (tp, origins) = TwoPhase::from_cache(&cache, false).unwrap();
    let warm = start.elapsed();
    assert_eq!(origins, vec![Origin::Loaded; 4]);
    let s = Cube3.state_after(&Cube3.parse_moves("R U F").unwrap());
    let start = Instant::now();
    let m = moves(&tp, &s);
    let solve = start.elapsed();
    let start = Instant::now();
    let (_, origins) = TwoPhase::from_cache_plain(&cache, false).unwrap();
    let plain = start.elapsed();
    assert_eq!(origins, vec![Origin::Loaded]);
    eprintln!(
        "two-phase + short-answer tables: cold build {cold:?}, warm load {warm:?}; first solve \
         of R U F ({} moves) {solve:?}; two-phase tables alone (from_cache_plain): warm load {plain:?}",
        m.len()
    );
}
