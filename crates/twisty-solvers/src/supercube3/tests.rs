use super::relative::{relative_move, RelMoves};
use super::*;
use std::sync::OnceLock;
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::group;

fn solver() -> &'static Supercube3TwoPhase {
    static S: OnceLock<Supercube3TwoPhase> = OnceLock::new();
    S.get_or_init(|| Supercube3TwoPhase::new().expect("tables"))
}

#[test]
fn every_slice_turn_is_its_relative_move() {
    let rel = RelMoves::new().expect("moves");
    let mut rng = seeded_rng(3);
    for _ in 0..20 {
        let s = CUBE.random_state(&mut rng);
        let r = to_rel(&s).expect("reachable");
        for m in CUBE.moves() {
            let j = relative_move(r.core, m);
            assert_eq!(rel.to_moves(r.core, &[j]), vec![m]);
            let mut t = s.clone();
            CUBE.apply(&mut t, m);
            let mut predicted = r;
            rel.apply(&mut predicted, j);
            assert_eq!(to_rel(&t).expect("reachable"), predicted, "{m}");
        }
    }
}

#[test]
fn random_states_are_solved_and_replayed() {
    let mut rng = seeded_rng(56);
    for _ in 0..20 {
        let s = CUBE.random_state(&mut rng);
        let sol = solver().solve(&CUBE, &s, &Limits::default()).expect("a solution");
        let mut t = s.clone();
        CUBE.apply_all(&mut t, &sol.moves);
        assert!(CUBE.is_solved(&t));
        assert!(sol.moves.len() <= MAX_LENGTH as usize);
        assert_eq!(sol.length as usize, sol.moves.len());
    }
}

#[test]
fn short_scrambles_get_short_answers() {
    assert!(solver()
        .solve(&CUBE, &CUBE.solved(), &Limits::default())
        .expect("solved")
        .moves
        .is_empty());
    // A middle-slice turn alone: one move back.
    for text in ["x1", "y1'", "z1^2", "x0 y1", "z2' x1^2 y0"] {
        let s = CUBE.state_after(&CUBE.parse_moves(text).expect("moves"));
        let sol = solver().solve(&CUBE, &s, &Limits::default()).expect("a solution");
        let n = text.split(' ').count();
        assert!(sol.moves.len() <= n, "{text}: {:?}", sol.moves);
        verify(&CUBE, &s, &sol.moves).expect("solves");
    }
    // The whole cube turned: three slice turns, and the core must come home.
    let s = CUBE.state_after(&CUBE.parse_moves("x0 x1 x2").expect("moves"));
    let sol = solver().solve(&CUBE, &s, &Limits::default()).expect("a solution");
    assert_eq!(sol.moves.len(), 3);
}

#[test]
fn bad_inputs_are_refused_with_the_reason() {
    let s = solver();
    let g = group();
    // Another size.
    let four = Supercube { n: 4 };
    let e = s
        .solve(&four, &four.solved(), &Limits::default())
        .expect_err("4x4x4");
    assert!(e.to_string().contains("3x3x3 only"), "{e}");
    // A state of another size given for the 3x3x3.
    let two = Supercube { n: 2 }.solved();
    let e = s.solve(&CUBE, &two, &Limits::default()).expect_err("size");
    assert!(e.to_string().contains("3x3x3"), "{e}");
    // A corner twisted in place.
    let mut bad = CUBE.solved();
    let third = (1..24u8)
        .find(|&o| {
            let mut t = CUBE.solved();
            t.orient[26] = o;
            t.home_of(26) == 26
        })
        .expect("a twist");
    bad.orient[26] = third;
    let e = s.solve(&CUBE, &bad, &Limits::default()).expect_err("twist");
    assert!(e.to_string().contains("twists"), "{e}");
    // The core turned alone.
    let mut bad = CUBE.solved();
    bad.orient[13] = g.turn[1][0];
    let e = s.solve(&CUBE, &bad, &Limits::default()).expect_err("core");
    assert!(e.to_string().contains("not reachable"), "{e}");
    // One face centre given a quarter spin.
    let mut bad = CUBE.solved();
    bad.orient[relative::centre(0)] = g.turn[1][0];
    let e = s.solve(&CUBE, &bad, &Limits::default()).expect_err("spin");
    assert!(e.to_string().contains("centres"), "{e}");
    // A length limit below what the search can reach.
    let st = CUBE.state_after(&CUBE.parse_moves("x0 y1 z2 x1 y0").expect("moves"));
    let e = s
        .solve(
            &CUBE,
            &st,
            &Limits {
                max_length: Some(2),
                ..Default::default()
            },
        )
        .expect_err("too short");
    assert!(matches!(e, SolveError::NoSolutionWithin { max_length: 2 }), "{e}");
    // A move set.
    let e = s
        .solve(
            &CUBE,
            &st,
            &Limits {
                moves: Some(vec![true; 27]),
                ..Default::default()
            },
        )
        .expect_err("moves");
    assert!(e.to_string().contains("move set"), "{e}");
    // A node limit that stops the search before any answer.
    let hard = CUBE.random_state(&mut seeded_rng(1));
    let e = s
        .solve(
            &CUBE,
            &hard,
            &Limits {
                max_nodes: Some(1),
                ..Default::default()
            },
        )
        .expect_err("nodes");
    assert!(matches!(e, SolveError::Timeout { .. }), "{e}");
}

/// Lengths and nodes over random states at a few budgets (`--ignored --nocapture`).
#[test]
#[ignore]
fn lengths_by_budget() {
    for budget in [0u64, 1_000_000, 4_000_000] {
        let mut rng = seeded_rng(2026);
        let (mut total, mut nodes, mut worst) = (0usize, 0u64, 0usize);
        let t0 = Instant::now();
        let k = 30;
        for _ in 0..k {
            let st = CUBE.random_state(&mut rng);
            let (sol, _) = solver()
                .solve_with(&CUBE, &st, &Limits::default(), budget)
                .expect("a solution");
            total += sol.moves.len();
            worst = worst.max(sol.moves.len());
            nodes += sol.stats.nodes;
        }
        println!(
            "budget {budget}: mean {:.2}, max {worst}, nodes {}, {:.1} ms a solve",
            total as f64 / k as f64,
            nodes / k as u64,
            t0.elapsed().as_secs_f64() * 1000.0 / k as f64
        );
    }
}
