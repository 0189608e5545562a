//! Answers in the user's frame, checked on a sticker model built here from geometry alone:
//! every sticker has a 3D position, every move is a rotation of the stickers in its layers.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::{facelets, Cube3};
use twisty_core::{Held, Puzzle};

/// Outward normal, rightward and downward vectors of the faces `U R F D L B` as the state
/// strings read them (x right, y up, z front; U read with B on top, D with F on top).
const AXES: [[[i32; 3]; 3]; 6] = [
    [[0, 1, 0], [1, 0, 0], [0, 0, 1]],
    [[1, 0, 0], [0, 0, -1], [0, -1, 0]],
    [[0, 0, 1], [1, 0, 0], [0, -1, 0]],
    [[0, -1, 0], [1, 0, 0], [0, 0, -1]],
    [[-1, 0, 0], [0, 0, 1], [0, -1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, -1, 0]],
];
const LETTERS: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// A 3x3x3 of 54 stickers: positions (doubled: 3 along the normal, −2/0/2 across) and colours.
#[derive(Clone)]
struct Stickers {
    pos: Vec<[i32; 3]>,
    colour: Vec<usize>,
    /// A 2x2x2: wide moves turn the whole cube and only corner stickers count.
    two: bool,
}

impl Stickers {
    fn new(two: bool) -> Stickers {
        let mut pos = Vec::new();
        let mut colour = Vec::new();
        for (f, [n, r, d]) in AXES.iter().enumerate() {
            for q in 0..9 {
                let (row, col) = (q / 3 - 1, q % 3 - 1);
                pos.push([0, 1, 2].map(|k| 3 * n[k] + 2 * col * r[k] + 2 * row * d[k]));
                colour.push(f);
            }
        }
        Stickers { pos, colour, two }
    }

    /// Turns the stickers whose layer coordinate along `axis` (−1, 0, 1) satisfies `layer`,
    /// `quarter` clockwise quarter turns seen from the `sign` end of the axis.
    fn turn(&mut self, axis: usize, sign: i32, quarter: u32, layer: impl Fn(i32) -> bool) {
        // Counter-clockwise quarter turns seen from the positive end.
        let ccw = if sign > 0 {
            (4 - quarter % 4) % 4
        } else {
            quarter % 4
        };
        for p in &mut self.pos {
            if !layer(p[axis].signum()) {
                continue;
            }
            for _ in 0..ccw {
                let [x, y, z] = *p;
                *p = match axis {
                    0 => [x, -z, y],
                    1 => [z, y, -x],
                    _ => [-y, x, z],
                };
            }
        }
    }

    /// Applies one token of the vocabulary below.
    fn apply(&mut self, token: &str) {
        let (base, q) = if let Some(b) = token.strip_suffix("2'") {
            (b, 2)
        } else if let Some(b) = token.strip_suffix('2') {
            (b, 2)
        } else if let Some(b) = token.strip_suffix('\'') {
            (b, 3)
        } else {
            (token, 1)
        };
        // Face letter → (axis, sign).
        let face = |c: char| match c.to_ascii_uppercase() {
            'U' => (1, 1),
            'R' => (0, 1),
            'F' => (2, 1),
            'D' => (1, -1),
            'L' => (0, -1),
            _ => (2, -1),
        };
        let all = |_: i32| true;
        match base {
            "x" => self.turn(0, 1, q, all),
            "y" => self.turn(1, 1, q, all),
            "z" => self.turn(2, 1, q, all),
            "M" => self.turn(0, -1, q, |c| c == 0),
            "E" => self.turn(1, -1, q, |c| c == 0),
            "S" => self.turn(2, 1, q, |c| c == 0),
            _ => {
                let c = base.chars().rev().find(|c| c.is_ascii_alphabetic() && *c != 'w');
                let c = c.unwrap();
                let (axis, sign) = face(c);
                let whole = base.starts_with('3') || self.two;
                let wide = base.ends_with('w') || c.is_ascii_lowercase();
                if wide && whole {
                    self.turn(axis, sign, q, all)
                } else if wide {
                    self.turn(axis, sign, q, move |l| l == sign || l == 0)
                } else {
                    self.turn(axis, sign, q, move |l| l == sign)
                }
            }
        }
    }

    fn apply_all(&mut self, tokens: &[String]) {
        for t in tokens {
            self.apply(t);
        }
    }

    /// Whether every face shows one colour (on a 2x2x2, its corner stickers).
    fn solved(&self) -> bool {
        (0..6).all(|f| {
            let [n, _, _] = AXES[f];
            let on: Vec<usize> = (0..54)
                .filter(|&i| {
                    let p = self.pos[i];
                    let normal = (0..3).all(|k| n[k] == 0 || p[k] == 3 * n[k]);
                    let corner = (0..3).all(|k| n[k] != 0 || p[k] != 0);
                    normal && (!self.two || corner)
                })
                .map(|i| self.colour[i])
                .collect();
            on.iter().all(|&c| c == on[0])
        })
    }

    /// The state string as seen: 54 letters, or the 24 corner letters of a 2x2x2.
    fn facelets(&self) -> String {
        let mut out = String::new();
        for [n, r, d] in AXES {
            for q in 0..9 {
                let (row, col) = (q / 3 - 1, q % 3 - 1);
                if self.two && (row == 0 || col == 0) {
                    continue;
                }
                let p = [0, 1, 2].map(|k| 3 * n[k] + 2 * col * r[k] + 2 * row * d[k]);
                let i = self.pos.iter().position(|&s| s == p).unwrap();
                out.push(LETTERS[self.colour[i]]);
            }
        }
        out
    }
}

const SUFFIXES: [&str; 4] = ["", "'", "2", "2'"];

fn vocabulary(two: bool) -> Vec<String> {
    let mut bases: Vec<String> = ["U", "R", "F", "D", "L", "B", "x", "y", "z"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for c in ["U", "R", "F", "D", "L", "B"] {
        bases.push(format!("{c}w"));
        bases.push(c.to_lowercase());
    }
    if !two {
        bases.extend(["M", "E", "S", "2Rw", "3Fw", "3u"].map(String::from));
    }
    let mut out = Vec::new();
    for b in bases {
        for s in SUFFIXES {
            out.push(format!("{b}{s}"));
        }
    }
    out
}

fn pick(two: bool, picks: &[usize]) -> Vec<String> {
    let v = vocabulary(two);
    picks.iter().map(|&i| v[i % v.len()].clone()).collect()
}

fn check3(input: &[String]) -> Result<(), TestCaseError> {
    let text = input.join(" ");
    let (state, frame) = Cube3.parse_held(&text).unwrap();
    let reference = Cube3.parse_moves(&text).unwrap();
    prop_assert_eq!(state, Cube3.state_after(&reference));
    let answer = Cube3.held_moves(frame, &Cube3.invert_all(&reference));
    let mut model = Stickers::new(false);
    model.apply_all(input);
    // The string a person writes of the cube as held gives the same state and frame.
    prop_assert_eq!(
        facelets::from_facelets_held(&model.facelets()),
        Ok((state, frame))
    );
    model.apply_all(&answer);
    prop_assert!(model.solved(), "{} then {}", text, answer.join(" "));
    let (mut s, mut f) = (state, frame);
    Cube3.apply_held(&mut s, &mut f, &answer.join(" ")).unwrap();
    prop_assert!(Cube3.is_solved(&s));
    prop_assert_eq!(f, frame);
    Ok(())
}

fn check2(input: &[String]) -> Result<(), TestCaseError> {
    let text = input.join(" ");
    let (state, frame) = Cube2.parse_held(&text).unwrap();
    let reference = Cube2.parse_moves(&text).unwrap();
    prop_assert_eq!(state, Cube2.state_after(&reference));
    let mut model = Stickers::new(true);
    model.apply_all(input);
    prop_assert_eq!(
        Cube2State::from_facelets_held(&model.facelets()),
        Ok((state, frame))
    );
    let answer = Cube2.held_moves(frame, &Cube2.invert_all(&reference));
    model.apply_all(&answer);
    prop_assert!(model.solved(), "{} then {}", text, answer.join(" "));
    let (mut s, mut f) = (state, frame);
    Cube2.apply_held(&mut s, &mut f, &answer.join(" ")).unwrap();
    prop_assert!(Cube2.is_solved(&s));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cube3_answers_solve_the_cube_as_held(picks in proptest::collection::vec(any::<usize>(), 0..30)) {
        check3(&pick(false, &picks))?;
    }

    #[test]
    fn cube2_answers_solve_the_cube_as_held(picks in proptest::collection::vec(any::<usize>(), 0..30)) {
        check2(&pick(true, &picks))?;
    }
}

#[test]
fn the_model_itself_is_sound() {
    // Four quarter turns of anything are nothing; R U R' U' six times is nothing; a solved
    // cube is solved in any orientation; a single turn is not solved.
    for two in [false, true] {
        for t in vocabulary(two).iter().step_by(4) {
            let mut m = Stickers::new(two);
            m.apply(t);
            let is_rotation = ["x", "y", "z", "3Fw", "3u"].contains(&t.as_str())
                || (two && (t.contains('w') || t.chars().all(|c| c.is_ascii_lowercase())));
            assert_eq!(m.solved(), is_rotation, "{t}");
            for _ in 0..3 {
                m.apply(t);
            }
            assert_eq!(m.facelets(), Stickers::new(two).facelets(), "{t}");
        }
    }
    let mut m = Stickers::new(false);
    for _ in 0..6 {
        m.apply_all(&["R", "U", "R'", "U'"].map(String::from));
    }
    assert!(m.solved());
    // The facelet string of the model matches the documented reading order after U and R.
    let mut m = Stickers::new(false);
    m.apply("R");
    let s = Cube3.state_after(&Cube3.parse_moves("R").unwrap());
    assert_eq!(m.facelets(), Cube3.to_facelets(&s));
}

#[test]
fn golden_cases() {
    // 2x2x2 "L U": the answer, turned as held, solves it.
    let (_, frame) = Cube2.parse_held("L U").unwrap();
    let reference = Cube2.invert_all(&Cube2.parse_moves("L U").unwrap());
    let answer = Cube2.held_moves(frame, &reference);
    let mut m = Stickers::new(true);
    m.apply_all(&["L", "U"].map(String::from));
    m.apply_all(&answer);
    assert!(m.solved(), "{answer:?}");
    // 3x3x3 "y2 F" is answered F'.
    let (_, frame) = Cube3.parse_held("y2 F").unwrap();
    let reference = Cube3.invert_all(&Cube3.parse_moves("y2 F").unwrap());
    assert_eq!(Cube3.held_moves(frame, &reference), ["F'"]);
    // Groups and repeats use the shared grammar and track the frame.
    let (s, f) = Cube3.parse_held("(R y)4 (M' U)2'").unwrap();
    let (t, g) = Cube3.parse_held("R y R y R y R y U' M U' M").unwrap();
    assert_eq!((s, f), (t, g));
}
