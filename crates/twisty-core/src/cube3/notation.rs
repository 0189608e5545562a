//! 3x3x3 notation: face moves, wide moves, slices and whole-cube rotations, all normalised
//! to the 18 face moves of the fixed-centre frame.
//!
//! Accepted tokens (suffix ``, `'`, `2`, `2'`, `3`, `’`): faces `U R F D L B`; wide moves
//! `Uw Rw Fw Dw Lw Bw` (optionally `2Rw`; `3Rw` turns the whole cube) and `u r f d l b`; slices `M` (as L), `E` (as D),
//! `S` (as F), also written as the middle layer counted from a face (`2R` = `M'`, `2F` = `S`);
//! rotations `x` (as R), `y` (as U), `z` (as F).
//!
//! The parser tracks the whole-cube orientation: a rotation changes which fixed-centre face
//! a later face letter names, so the returned face moves leave the same state relative to
//! the centres as the written sequence. A wide move is its opposite face move plus a
//! rotation (`Rw` = `L x`), a slice move two face moves plus a rotation (`M` = `R L' x'`).
//! A trailing rotation changes nothing relative to the centres: [`parse`] drops it,
//! [`parse_held`] keeps it in the frame it returns.

use super::frame::CubeFrame;
use super::{Cube3Move, FACE_NAMES};
use crate::alg::{parse_alg, split_suffix};
use crate::error::ParseError;

/// One parsed item before normalisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    /// A face turn, face 0..6 in the current orientation, amount 1..=3.
    Face(u8, u8),
    /// A whole-cube rotation about axis 0 (x), 1 (y) or 2 (z), amount 1..=3.
    Rotate(u8, u8),
}

fn invert(item: Item) -> Item {
    match item {
        Item::Face(f, a) => Item::Face(f, 4 - a),
        Item::Rotate(x, a) => Item::Rotate(x, 4 - a),
    }
}

const U: u8 = 0;
const R: u8 = 1;
const F: u8 = 2;
const D: u8 = 3;
const L: u8 = 4;
const B: u8 = 5;

const HINT: &str = "expected a face (U R F D L B), a wide move (Rw or r), a slice (M E S) or a \
                    rotation (x y z), optionally followed by ', 2 or 2'";

fn parse_token(token: &str) -> Result<Vec<Item>, String> {
    let Some((base, amount)) = split_suffix(token) else {
        return Err(format!("bad turn suffix; {HINT}"));
    };
    let inv = 4 - amount;
    let face_of = |c: char| FACE_NAMES.iter().position(|&f| f == c).map(|p| p as u8);
    let items = match base {
        "x" => vec![Item::Rotate(0, amount)],
        "y" => vec![Item::Rotate(1, amount)],
        "z" => vec![Item::Rotate(2, amount)],
        "M" => vec![Item::Face(R, amount), Item::Face(L, inv), Item::Rotate(0, inv)],
        "E" => vec![Item::Face(U, amount), Item::Face(D, inv), Item::Rotate(1, inv)],
        "S" => vec![Item::Face(F, inv), Item::Face(B, amount), Item::Rotate(2, amount)],
        _ => {
            let chars: Vec<char> = base.chars().collect();
            match chars.as_slice() {
                [c] if face_of(*c).is_some() => {
                    vec![Item::Face(face_of(*c).unwrap_or(0), amount)]
                }
                [c] | [c, 'w']
                    if face_of(c.to_ascii_uppercase()).is_some()
                        && (c.is_ascii_lowercase() || chars.len() == 2) =>
                {
                    wide(face_of(c.to_ascii_uppercase()).unwrap_or(0), amount)
                }
                _ => return Err(format!("unknown move; {HINT}")),
            }
        }
    };
    Ok(items)
}

/// A two-layer turn of `face`: the opposite face turned the same way, then the whole cube.
fn wide(face: u8, amount: u8) -> Vec<Item> {
    let opposite = (face + 3) % 6;
    // Rotation axis and whether the face turns with (true) or against the axis direction.
    let (axis, with) = match face {
        R => (0, true),
        L => (0, false),
        U => (1, true),
        D => (1, false),
        F => (2, true),
        _ => (2, false),
    };
    let rot = if with { amount } else { 4 - amount };
    vec![Item::Face(opposite, amount), Item::Rotate(axis, rot)]
}

/// Accepts an optional layer-count prefix: on wide moves `2Rw` and `2r` are `Rw`, `3Rw` and
/// `3r` turn all three layers, the whole cube (`3Rw` = `x`); on a face, `2` names the middle
/// layer turned the face's way, as cubing.js reads it (`2R` = `M'`, `2F` = `S`, `2U` = `E'`).
fn parse_token_with_prefix(token: &str) -> Result<Vec<Item>, String> {
    let layers = match token.chars().next() {
        Some('2') => 2,
        Some('3') => 3,
        _ => return parse_token(token),
    };
    let rest = &token[1..];
    let face = rest.chars().next().filter(|c| "URFDLB".contains(*c));
    let wide_like =
        rest.chars().nth(1) == Some('w') || rest.chars().next().is_some_and(|c| "urfdlb".contains(c));
    if let (Some(face), false, 2) = (face, wide_like, layers) {
        let Some((_, amount)) = split_suffix(rest) else {
            return Err(format!("bad turn suffix; {HINT}"));
        };
        // The slice and whether the face turns it against the slice's own direction.
        let (slice, against) = match face {
            'R' => ('M', true),
            'L' => ('M', false),
            'U' => ('E', true),
            'D' => ('E', false),
            'F' => ('S', false),
            _ => ('S', true),
        };
        let turns = if against { 4 - amount } else { amount };
        let suffix = ["", "", "2", "'"][turns as usize];
        return parse_token(&format!("{slice}{suffix}"));
    }
    if !wide_like {
        return Err(format!(
            "a layer count takes a wide move (2Rw, 3Rw, 2r), or 2 a face for the middle layer (2R = M'); {HINT}"
        ));
    }
    let items = parse_token(rest)?;
    if layers == 3 {
        return Ok(items
            .into_iter()
            .filter(|i| matches!(i, Item::Rotate(..)))
            .collect());
    }
    Ok(items)
}

/// Parses a sequence into fixed-centre face moves (see the module docs).
pub fn parse(text: &str) -> Result<Vec<Cube3Move>, ParseError> {
    let mut frame = CubeFrame::HOME;
    parse_held(text, &mut frame)
}

/// Parses a sequence written on a cube held in `frame` into fixed-centre face moves, and
/// leaves in `frame` the orientation after it (rotations, wide and slice moves turn it).
pub fn parse_held(text: &str, frame: &mut CubeFrame) -> Result<Vec<Cube3Move>, ParseError> {
    let items = parse_alg(text, parse_token_with_prefix, invert)?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Item::Face(f, a) => {
                if let Some(m) = Cube3Move::new(frame.at(f), a) {
                    out.push(m);
                }
            }
            Item::Rotate(axis, a) => {
                // x turns with world R, y with world U, z with world F.
                *frame = frame.rotated([R, U, F][axis as usize % 3], a);
            }
        }
    }
    Ok(out)
}

/// Formats face moves as `R U2 F'`.
pub fn format(moves: &[Cube3Move]) -> String {
    moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
}
