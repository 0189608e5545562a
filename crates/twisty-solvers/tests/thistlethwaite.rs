//! Tests of the Thistlethwaite solver.
mod common;

use twisty_core::cube3::Cube3;
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::thistlethwaite::{simplify, Thistlethwaite, TABLE_SIZES};
use twisty_solvers::{verify, Limits, Solver};

#[test]
fn table_sizes_and_depths() {
    let t = Thistlethwaite::global().tables();
    let depths = [7, 10, 13, 15];
    for p in 0..4 {
        let (size, reached, max) = t.stats(p);
        assert_eq!(size, TABLE_SIZES[p]);
        assert_eq!(reached, size, "phase {} table not fully reached", p + 1);
        assert_eq!(max, depths[p], "phase {} max depth", p + 1);
    }
    assert_eq!(TABLE_SIZES, [2048, 1_082_565, 2_822_400, 663_552]);
}

#[test]
fn simplify_merges() {
    let p = Cube3;
    let m = p.parse_moves("R R2 U U' F2 F2 D").unwrap();
    assert_eq!(simplify(&m), p.parse_moves("R' D").unwrap());
}

#[test]
fn solved_gives_empty() {
    let p = Cube3;
    let s = Thistlethwaite::global()
        .solve(&p, &p.solved(), &Limits::default())
        .unwrap();
    assert!(s.moves.is_empty());
    assert_eq!(s.stats.breakdown.len(), 4);
}

#[test]
fn seed_inputs_solve() {
    let p = Cube3;
    let mut count = 0;
    for entry in std::fs::read_dir(common::seed_inputs()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !(name.starts_with("dfinnis_Rubik_mix_") || name == "dfinnis_Rubik_test.sh_inline_mix.txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let moves = p.parse_moves(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut s = p.solved();
        p.apply_all(&mut s, &moves);
        let sol = Thistlethwaite::global()
            .solve(&p, &s, &Limits::default())
            .unwrap();
        verify(&p, &s, &sol.moves).unwrap();
        if moves.is_empty() {
            assert!(sol.moves.is_empty());
        }
        count += 1;
    }
    assert!(count > 0);
}

#[test]
fn random_states_solve() {
    let p = Cube3;
    let mut rng = seeded_rng(7);
    for _ in 0..200 {
        let s = p.random_state(&mut rng);
        let sol = Thistlethwaite::global()
            .solve(&p, &s, &Limits::default())
            .unwrap();
        verify(&p, &s, &sol.moves).unwrap();
        assert!(sol.moves.len() <= 45);
    }
}

#[test]
fn search_phases_never_longer_and_phases_join_to_the_solution() {
    let p = Cube3;
    let t = Thistlethwaite::global();
    let mut rng = seeded_rng(11);
    let (mut sum1, mut sum4) = (0, 0);
    for _ in 0..30 {
        let s = p.random_state(&mut rng);
        let a = t.solve_with(&p, &s, &Limits::default(), 1).unwrap();
        let b = t.solve_with(&p, &s, &Limits::default(), 4).unwrap();
        verify(&p, &s, &b.moves).unwrap();
        assert!(b.moves.len() <= a.moves.len());
        sum1 += a.moves.len();
        sum4 += b.moves.len();
        assert_eq!(b.stats.phases.len(), 4);
        let mut joined = Vec::new();
        for ph in &b.stats.phases {
            let m = p.parse_moves(&ph.moves).unwrap();
            assert_eq!(m.len() as u32, ph.length);
            joined.extend(m);
        }
        assert_eq!(simplify(&joined), b.moves);
    }
    assert!(
        sum4 < sum1,
        "K = 4 gave no shorter total over 30 states ({sum4} vs {sum1})"
    );
}

#[test]
fn stops_on_cancel_and_timeout() {
    let p = Cube3;
    let t = Thistlethwaite::global();
    let s = p.state_after(&p.parse_moves("R U F D L B R2 U2").unwrap());
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        cancel: Some(cancel),
        ..Limits::default()
    };
    assert!(matches!(
        t.solve(&p, &s, &limits),
        Err(twisty_solvers::SolveError::Cancelled { .. })
    ));
    let limits = Limits {
        timeout: Some(std::time::Duration::ZERO),
        ..Limits::default()
    };
    assert!(matches!(
        t.solve(&p, &s, &limits),
        Err(twisty_solvers::SolveError::Timeout { .. })
    ));
    let limits = Limits {
        max_length: Some(3),
        ..Limits::default()
    };
    assert!(matches!(
        t.solve(&p, &s, &limits),
        Err(twisty_solvers::SolveError::NoSolutionWithin { max_length: 3 })
    ));
}

/// Median time and mean length over 1000 random states (run in release).
#[test]
#[ignore]
fn bench_1000() {
    let p = Cube3;
    let solver = Thistlethwaite::global();
    let mut rng = seeded_rng(1);
    let mut times = Vec::new();
    let mut total = 0usize;
    for _ in 0..1000 {
        let s = p.random_state(&mut rng);
        let t = std::time::Instant::now();
        let sol = solver.solve(&p, &s, &Limits::default()).unwrap();
        times.push(t.elapsed().as_secs_f64());
        total += sol.moves.len();
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "median {:.3} ms, mean length {:.2} HTM",
        times[500] * 1e3,
        total as f64 / 1000.0
    );
}
