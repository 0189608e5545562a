//! Fuzzing of the supercube's state string (two hex digits per cubie, as `--facelets` and
//! the engine's input take it for `supercube:N`) and of the cube code beneath it: the shared
//! seed corpus, then 100,000 generated inputs per target: raw bytes, random characters,
//! moves, right-length runs of random hex digits, and edits of real states (a digit changed,
//! two cubies swapped, case changed, a digit added or removed, the state of another size).
//!
//! A target fails on a panic, on more than a few inputs slower than 10 ms, or on a broken
//! contract: an accepted state string gives back the same string and the same state, an
//! accepted code gives back the same bytes, a refusal is never an internal error.
#![allow(clippy::unwrap_used)]

#[path = "../../twisty-core/tests/fuzz/mod.rs"]
mod fuzz;

use fuzz::{corpus, grammar, mixed, run, Gen};
use twisty_core::supercube::{Supercube, SupercubeState};
use twisty_core::Puzzle;
use twisty_engine::{ErrorKind, Notation};

const SUPER_TOKENS: [&str; 12] = [
    "x0", "y1", "z2'", "R", "U2", "Rw", "3Fw'", "#5", "0", "f", "ff", "00",
];
const HEX: &[u8] = b"0123456789abcdefABCDEF";

fn hex(code: &[u8]) -> String {
    code.iter().map(|b| format!("{b:02x}")).collect()
}

/// The state after up to 30 random moves of `cube`.
fn scrambled(g: &mut Gen, cube: &Supercube) -> SupercubeState {
    let moves = cube.moves();
    let mut s = cube.solved();
    for _ in 0..g.below(31) {
        cube.apply(&mut s, *g.pick(&moves));
    }
    s
}

/// A real state's string with a few edits.
fn edited(g: &mut Gen, text: String) -> String {
    let mut v: Vec<u8> = text.into_bytes();
    for _ in 0..g.below(3) {
        let len = v.len();
        match g.below(6) {
            0 if len > 0 => v[g.below(len)] = *g.pick(HEX),
            1 if len > 0 => v[g.below(len)] = *g.pick(b"g-+ xZ\n\0"),
            2 if len >= 4 => {
                // Two cubies swapped: their codes, two digits each.
                let (a, b) = (2 * g.below(len / 2), 2 * g.below(len / 2));
                v.swap(a, b);
                v.swap(a + 1, b + 1);
            }
            3 if len > 0 => {
                v.remove(g.below(len));
            }
            4 => v.insert(g.within(0, len), *g.pick(HEX)),
            _ => v.make_ascii_uppercase(),
        }
    }
    let s = String::from_utf8_lossy(&v).into_owned();
    match g.below(5) {
        0 => format!("  {s}\n"),
        1 => format!("+{}", s.get(1..).unwrap_or("")),
        _ => s,
    }
}

/// The size first (one byte, 2..=12), then the text.
fn generate(g: &mut Gen) -> Vec<u8> {
    let n = g.within(2, 12);
    let cube = Supercube::new(n).unwrap();
    let text = match g.below(6) {
        0 => String::from_utf8_lossy(&mixed(g, |g| grammar(g, &SUPER_TOKENS, 30))).into_owned(),
        1 => (0..2 * cube.cubies()).map(|_| char::from(*g.pick(HEX))).collect(),
        2 => {
            // A state of another size.
            let other = Supercube::new(g.within(2, 12)).unwrap();
            hex(&scrambled(g, &other).code())
        }
        _ => {
            let s = scrambled(g, &cube);
            edited(g, hex(&s.code()))
        }
    };
    let mut v = vec![n as u8];
    v.extend(text.into_bytes());
    v
}

/// The size and text of an input (corpus lines use their first character for the size).
fn split(b: &[u8]) -> (Supercube, String) {
    let n = usize::from(b.first().copied().unwrap_or(3)) % 11 + 2;
    let text = String::from_utf8_lossy(b.get(1..).unwrap_or_default()).into_owned();
    (Supercube::new(n).unwrap(), text)
}

fn inputs() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = corpus().into_iter().map(String::into_bytes).collect();
    for n in 2..=12u8 {
        let cube = Supercube::new(usize::from(n)).unwrap();
        let solved = hex(&cube.solved().code());
        for text in [
            solved.clone(),
            solved.to_uppercase(),
            format!("{solved}0"),
            solved.replace('0', "g"),
        ] {
            let mut b = vec![n];
            b.extend(text.into_bytes());
            v.push(b);
        }
    }
    v
}

#[test]
fn fuzz_supercube_state_strings() {
    run("supercube:N state string", 21, &inputs(), generate, |b| {
        let (cube, text) = split(b);
        match twisty_engine::input::supercube(&cube, &text, Notation::Standard) {
            Ok(p) if p.from_state_string => {
                let back = hex(&p.state.code());
                assert_eq!(back, text.trim().to_ascii_lowercase());
                let again = twisty_engine::input::supercube(&cube, &back, Notation::Standard).unwrap();
                assert!(again.from_state_string);
                assert_eq!(again.state, p.state);
            }
            Ok(p) => assert_eq!(p.state.code().len(), cube.cubies()),
            Err(e) => assert_ne!(e.kind, ErrorKind::Internal, "{e}"),
        }
    });
}

#[test]
fn fuzz_supercube_codes() {
    run(
        "supercube:N state_from_code",
        22,
        &inputs(),
        |g| {
            let mut v = generate(g);
            if g.chance(50) {
                // Raw code bytes rather than hex text.
                let n = g.within(2, 12);
                let len = n * n * n;
                v = vec![n as u8];
                let base = scrambled(g, &Supercube::new(n).unwrap()).code();
                v.extend((0..(len + g.below(3)).saturating_sub(1)).map(|i| {
                    if g.chance(2) {
                        g.next_u64() as u8
                    } else {
                        base.get(i).copied().unwrap_or(0)
                    }
                }));
            }
            v
        },
        |b| {
            let (cube, _) = split(b);
            let code = b.get(1..).unwrap_or_default();
            if let Ok(s) = cube.state_from_code(code) {
                assert_eq!(s.code(), code);
            }
        },
    );
}
