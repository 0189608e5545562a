//! The N×N×N cubes against cubing.js: the cube the engine reads from cubing.js's own
//! scrambles (random-state 444, random-move 555 to 777, stored with cubing.js's facelets) is
//! cubing.js's, as held; and the engine's scrambles and sequences of every kind of token
//! (wide, numbered wide, inner layers, ranges, M E S, rotations) give in cubing.js the cube
//! the engine draws. `common::cubing` is the harness a solver's answers are checked with.

mod common;

use common::cubing;
use rand::Rng;
use twisty_core::cube_n::CubeN;
use twisty_core::seeded_rng;
use twisty_engine::{input, scramble, Notation, PuzzleId};

/// The engine's facelets of the cube after `text` (moves as held), as held.
fn engine_facelets(n: usize, text: &str) -> String {
    let cube = CubeN::new(n).expect("a size");
    let p = input::cube_n(&cube, text, Notation::Standard).expect("the engine reads it");
    cube.to_facelets_held(&p.state, p.frame)
}

#[test]
fn cubing_js_scrambles_give_cubing_js_cubes() {
    let stored = cubing::stored_scrambles();
    for n in 4..=7 {
        assert!(
            stored.iter().filter(|s| s.n == n).count() >= 3,
            "{n}x{n}x{n} scrambles are stored"
        );
    }
    for s in &stored {
        assert_eq!(
            engine_facelets(s.n, &s.scramble),
            s.facelets,
            "{}: {}",
            s.n,
            s.scramble
        );
        // The facelets read back as the same cube.
        let back = engine_facelets(s.n, &s.facelets);
        assert_eq!(back, s.facelets);
    }
}

/// `count` tokens of every kind the notation has on the N×N×N cube.
fn mixed_tokens(rng: &mut twisty_core::TwistyRng, n: usize, count: usize) -> String {
    let mut kinds: Vec<String> = [
        "U", "D", "L", "R", "F", "B", "Rw", "Lw", "Uw", "Dw", "Fw", "Bw", "r", "u", "f", "x", "y", "z",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for k in 2..n {
        kinds.push(format!("{k}R"));
        kinds.push(format!("{k}U"));
        kinds.push(format!("{k}F"));
        kinds.push(format!("{k}Lw"));
        kinds.push(format!("{k}Bw"));
    }
    for k in 3..n {
        kinds.push(format!("2-{k}r"));
        kinds.push(format!("2-{k}d"));
    }
    if n % 2 == 1 {
        kinds.extend(["M", "E", "S"].map(String::from));
    }
    (0..count)
        .map(|_| {
            let t = &kinds[rng.random_range(0..kinds.len())];
            let s = ["", "'", "2"][rng.random_range(0..3)];
            format!("{t}{s}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_kind_of_token_turns_the_cube_as_cubing_js_does() {
    let mut rng = seeded_rng(55);
    let mut cases: Vec<(usize, String)> = Vec::new();
    for n in 4..=7 {
        for len in [1, 3, 25] {
            cases.push((n, mixed_tokens(&mut rng, n, len)));
        }
        let s = scramble::random_moves(
            PuzzleId::CubeN(n as u8),
            scramble::default_length(PuzzleId::CubeN(n as u8)),
            Notation::Standard,
            &mut rng,
        )
        .expect("a scramble");
        cases.push((n, s.scramble));
    }
    let lines: Vec<_> = cases.iter().map(|(n, s)| cubing::line(*n, s, "", true)).collect();
    let verdicts = cubing::verdicts(&lines);
    for ((n, s), v) in cases.iter().zip(&verdicts) {
        assert_eq!(v["error"], serde_json::Value::Null, "{n}: {s}");
        assert_eq!(
            v["facelets"].as_str(),
            Some(engine_facelets(*n, s).as_str()),
            "{n}x{n}x{n}: {s}"
        );
    }
}

#[test]
fn the_harness_tells_solved_from_unsolved() {
    // The inverse as held solves; one move less does not.
    let cases = vec![
        (4, "Rw U 3Fw' x".to_string(), "x' 3Fw U' Rw'".to_string()),
        (5, "M Rw y".to_string(), "y' Rw' M'".to_string()),
    ];
    assert!(cubing::unsolved(&cases).is_empty());
    let bad = vec![(4, "Rw U".to_string(), "U'".to_string())];
    assert_eq!(cubing::unsolved(&bad).len(), 1);
}

/// The engine's default answers to cubing.js's own scrambles (random-state 444, random-move
/// 555 to 777), and to its random-state 4x4x4 scrambles, solve the cube in cubing.js as held.
#[test]
fn reduction_answers_to_cubing_js_scrambles_solve_them_in_cubing_js() {
    use twisty_engine::{Engine, EngineConfig, Quiet, SolveRequest};
    let engine = Engine::new(EngineConfig {
        tables_dir: common::shared_tables(),
        ..EngineConfig::default()
    });
    let mut cases = Vec::new();
    for s in cubing::stored_scrambles() {
        let req = SolveRequest::new(PuzzleId::CubeN(s.n as u8), s.scramble.clone());
        let r = engine
            .solve(&req, &Quiet)
            .unwrap_or_else(|e| panic!("{}x{}: {}: {e}", s.n, s.n, s.scramble));
        assert!(r.verified && !r.optimal, "{r:?}");
        cases.push((s.n, s.scramble.clone(), r.solution.clone()));
        // The same cube given as facelets gets an answer that solves it too.
        let f = SolveRequest::new(PuzzleId::CubeN(s.n as u8), s.facelets.clone());
        let r = engine.solve(&f, &Quiet).expect("the facelets are solved");
        cases.push((s.n, s.scramble.clone(), r.solution));
    }
    // Random-state scrambles: cubing.js reaches the state the engine says, and the engine's
    // answer to the scramble solves it in cubing.js.
    let mut rng = seeded_rng(4);
    let mut lines = Vec::new();
    let mut states = Vec::new();
    for n in [4usize, 5] {
        let sc = scramble::random_state(&engine, PuzzleId::CubeN(n as u8), Notation::Standard, &mut rng)
            .expect("a random-state scramble");
        lines.push(cubing::line(n, &sc.scramble, "", true));
        states.push((n, sc.scramble.clone(), sc.state.clone().expect("its state")));
        let req = SolveRequest::new(PuzzleId::CubeN(n as u8), sc.scramble.clone());
        let r = engine.solve(&req, &Quiet).expect("the scramble is solved");
        cases.push((n, sc.scramble, r.solution));
    }
    for ((n, scramble, state), v) in states.iter().zip(cubing::verdicts(&lines)) {
        assert_eq!(v["facelets"].as_str(), Some(state.as_str()), "{n}: {scramble}");
    }
    let bad = cubing::unsolved(&cases);
    assert!(bad.is_empty(), "unsolved in cubing.js: {bad:?}");
}
