//! Fuzzing of every move parser and state-string parser of twisty-core: the seed corpus
//! (`tests/data/fuzz_corpus/abusive.txt`), then 100,000 generated inputs per target (raw bytes,
//! random characters, and a generator biased to each grammar's tokens, parentheses, commutator
//! and conjugate brackets, repeat counts and primes). A target fails on a panic, on a result
//! that breaks the parser's contract, or on many inputs slower than 10 ms.
#![allow(clippy::unwrap_used)]

#[path = "fuzz/mod.rs"]
mod fuzz;

use fuzz::{corpus, grammar, mixed, mutate, run, Gen};
use twisty_core::alg::MAX_EXPANDED;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::Cube3;
use twisty_core::kilominx::Kilominx;
use twisty_core::supercube::Supercube;
use twisty_core::{ParseError, Puzzle};

const CUBE_TOKENS: [&str; 24] = [
    "R", "U", "F", "L", "D", "B", "r", "u", "f", "M", "E", "S", "x", "y", "z", "Rw", "Uw'", "3Rw", "2R",
    "R2", "U'", "F2'", "2-3r", "Q",
];
const KILO_TOKENS: [&str; 16] = [
    "U", "L", "F", "R", "BL", "BR", "DL", "DR", "DBL", "DBR", "DB", "D", "R2", "BR'", "dbl2'", "X",
];
const SUPER_TOKENS: [&str; 14] = [
    "x0", "y1", "z2", "x3'", "y0^2", "z1^3", "#0", "#17", "#999", "x", "y9", "z-1", "x1^", "w2",
];

/// The contract of a move parser's result: at most [`MAX_EXPANDED`] moves, or an error
/// placed at a real line and column.
fn check<M>(r: Result<Vec<M>, ParseError>) {
    match r {
        Ok(moves) => assert!(moves.len() <= MAX_EXPANDED, "{} moves", moves.len()),
        Err(e) => assert!(e.line >= 1 && e.column >= 1, "unplaced error: {e}"),
    }
}

fn text(b: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(b)
}

#[test]
fn fuzz_cube3_moves() {
    run(
        "cube3 parse_moves",
        1,
        &corpus(),
        |g| mixed(g, |g| grammar(g, &CUBE_TOKENS, 40)),
        |b| check(Cube3.parse_moves(&text(b))),
    );
}

#[test]
fn fuzz_cube2_moves() {
    run(
        "cube2 parse_moves",
        2,
        &corpus(),
        |g| mixed(g, |g| grammar(g, &CUBE_TOKENS, 40)),
        |b| check(Cube2.parse_moves(&text(b))),
    );
}

#[test]
fn fuzz_kilominx_moves() {
    run(
        "kilominx parse_moves",
        3,
        &corpus(),
        |g| mixed(g, |g| grammar(g, &KILO_TOKENS, 40)),
        |b| check(Kilominx.parse_moves(&text(b))),
    );
}

#[test]
fn fuzz_supercube_moves() {
    run(
        "supercube:N parse_moves",
        4,
        &corpus(),
        |g: &mut Gen| {
            let n = g.within(1, 12) as u8;
            let mut v = vec![n];
            v.extend(mixed(g, |g| grammar(g, &SUPER_TOKENS, 40)));
            v
        },
        |b| {
            // The first byte picks N (1..=12; corpus lines use their first character).
            let n = usize::from(b.first().copied().unwrap_or(3) % 12 + 1);
            check(Supercube { n }.parse_moves(&text(b.get(1..).unwrap_or_default())));
        },
    );
}

#[test]
fn fuzz_cube3_facelets() {
    let solved = Cube3.to_facelets(&Cube3.solved());
    let alphabet: Vec<char> = "URFDLBurfdlbXx0 \n’".chars().collect();
    let inputs: Vec<String> = corpus().into_iter().chain([solved.clone()]).collect();
    run(
        "cube3 from_facelets",
        5,
        &inputs,
        |g| match g.below(3) {
            0 => mixed(g, |g| fuzz::chars(g, 60)),
            1 => (0..54)
                .map(|_| alphabet[g.below(6)])
                .collect::<String>()
                .into_bytes(),
            _ => mutate(g, &solved, &alphabet).into_bytes(),
        },
        |b| {
            if let Ok(s) = Cube3.from_facelets(&text(b)) {
                // An accepted state round-trips through its facelets.
                assert_eq!(Cube3.from_facelets(&Cube3.to_facelets(&s)).unwrap(), s);
            }
        },
    );
}

#[test]
fn fuzz_cube2_facelets() {
    let solved = Cube2State::default().to_facelets();
    let alphabet: Vec<char> = "URFDLBurfdlbXx0 \n’".chars().collect();
    let inputs: Vec<String> = corpus().into_iter().chain([solved.clone()]).collect();
    run(
        "cube2 from_facelets",
        6,
        &inputs,
        |g| match g.below(3) {
            0 => mixed(g, |g| fuzz::chars(g, 30)),
            1 => (0..24)
                .map(|_| alphabet[g.below(6)])
                .collect::<String>()
                .into_bytes(),
            _ => mutate(g, &solved, &alphabet).into_bytes(),
        },
        |b| {
            let _ = Cube2State::from_facelets(&text(b));
        },
    );
}
