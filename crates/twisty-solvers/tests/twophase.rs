//! The two-phase solver on random states, special states and the seed's mixes.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::{seeded_rng, Puzzle};
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::{Limits, SolveError, Solver};

const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

fn limits(max: u32) -> Limits {
    Limits {
        max_length: Some(max),
        ..Limits::default()
    }
}

fn check(state: &CubieCube, max: u32) -> usize {
    let sol = TwoPhase::global().solve(&Cube3, state, &limits(max)).unwrap();
    let mut s = *state;
    Cube3.apply_all(&mut s, &sol.moves);
    assert!(Cube3.is_solved(&s));
    assert!(sol.moves.len() as u32 <= max);
    assert_eq!(sol.length as usize, sol.moves.len());
    sol.moves.len()
}

#[test]
fn random_states_are_solved_within_21() {
    let mut rng = seeded_rng(11);
    let start = Instant::now();
    let mut total = 0;
    for _ in 0..200 {
        let s = Cube3.random_state(&mut rng);
        total += check(&s, 21);
    }
    eprintln!(
        "200 states: {:?}, average length {:.2}",
        start.elapsed(),
        total as f64 / 200.0
    );
}

#[test]
fn solved_cube_gives_the_empty_solution() {
    let sol = TwoPhase::global()
        .solve(&Cube3, &CubieCube::SOLVED, &limits(21))
        .unwrap();
    assert!(sol.moves.is_empty());
    assert_eq!(sol.length, 0);
}

#[test]
fn short_scrambles_get_short_solutions() {
    for text in ["R", "R U", "F2 B'", "U D", "R L'", "R U R' U'"] {
        // The first solution within 21 moves is returned: short, not necessarily optimal.
        let s = Cube3.state_after(&Cube3.parse_moves(text).unwrap());
        let n = Cube3.parse_moves(text).unwrap().len();
        assert!(check(&s, 21) <= 21, "{text}");
        assert!(n <= 4);
    }
    let one = Cube3.state_after(&Cube3.parse_moves("F").unwrap());
    assert_eq!(check(&one, 21), 1);
}

#[test]
fn superflip_within_20() {
    let s = Cube3.from_facelets(SUPERFLIP).unwrap();
    assert_eq!(check(&s, 20), 20);
}

#[test]
fn impossible_bounds_and_states_are_errors() {
    let s = Cube3.state_after(&Cube3.parse_moves("R U F").unwrap());
    let e = TwoPhase::global().solve(&Cube3, &s, &limits(2)).unwrap_err();
    assert_eq!(e, SolveError::NoSolutionWithin { max_length: 2 });
    assert!(e.to_string().contains("at most 2 moves"));
    let sf = Cube3.from_facelets(SUPERFLIP).unwrap();
    let l = Limits {
        max_length: Some(18),
        timeout: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let e = TwoPhase::global().solve(&Cube3, &sf, &l).unwrap_err();
    assert!(matches!(e, SolveError::Timeout { .. }), "{e}");
    assert!(e.to_string().contains("time limit"));
    let bad = CubieCube::from_parts(
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        [0; 12],
    )
    .unwrap();
    assert!(matches!(
        TwoPhase::global().solve(&Cube3, &bad, &limits(21)),
        Err(SolveError::Invalid(_))
    ));
}

#[test]
fn seed_mixes_parse_and_solve() {
    let dir = common::seed_inputs();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().to_string();
            n.starts_with("dfinnis_Rubik_mix_") || n == "dfinnis_Rubik_test.sh_inline_mix.txt"
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), 28, "{names:?}");
    let mut ctx = TwoPhase::global().context();
    for p in names {
        let text = std::fs::read_to_string(&p).unwrap();
        let moves = Cube3
            .parse_moves(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        if p.ends_with("dfinnis_Rubik_mix_empty.txt") {
            assert!(moves.is_empty());
        }
        let s = Cube3.state_after(&moves);
        let sol = ctx
            .solve(&s, 21, &Limits::default(), Instant::now())
            .unwrap()
            .to_vec();
        let mut t = s;
        Cube3.apply_all(&mut t, &sol);
        assert!(Cube3.is_solved(&t), "{}", p.display());
    }
}

#[test]
fn more_probes_give_shorter_solutions() {
    let mut rng = seeded_rng(5);
    let (mut first, mut probed) = (0, 0);
    for _ in 0..20 {
        let s = Cube3.random_state(&mut rng);
        let a = TwoPhase::global().solve(&Cube3, &s, &limits(21)).unwrap();
        let b = TwoPhase::global()
            .solve_with_probes(&Cube3, &s, &limits(21), 300)
            .unwrap();
        let mut t = s;
        Cube3.apply_all(&mut t, &b.moves);
        assert!(Cube3.is_solved(&t));
        assert!(b.moves.len() <= a.moves.len());
        first += a.moves.len();
        probed += b.moves.len();
    }
    assert!(probed < first, "{probed} vs {first}");
    // A short scramble gets its short solution back.
    let s = Cube3.state_after(&Cube3.parse_moves("R U R' U'").unwrap());
    let b = TwoPhase::global()
        .solve_with_probes(&Cube3, &s, &limits(21), 1000)
        .unwrap();
    assert_eq!(b.moves.len(), 4);
}
