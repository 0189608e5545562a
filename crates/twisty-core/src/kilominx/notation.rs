//! The Kilominx in cubing.js's notation, on the puzzle as a person holds it.
//!
//! cubing.js names the faces as on a Megaminx. The seed's names and cubing.js's for the same
//! face (reference orientation: U on top, F in front, L on the left, R on the right):
//!
//! | seed | U | L | F | R | BL | BR | DL | DR | DBL | DBR | DB | D |
//! |---|---|---|---|---|---|---|---|---|---|---|---|---|
//! | cubing.js | U | L | F | R | BL | BR | FL | FR | DL | DR | B | D |
//!
//! Both turn a face clockwise as seen from outside it, so seed `R` is cubing.js `R`.
//!
//! Accepted tokens (cubing.js 0.63's `kilominx` puzzle):
//!
//! - Face turns `X`, `Xn`, `X'`, `Xn'` for the 12 faces above, `n` any natural number of
//!   clockwise fifths (taken mod 5: `R2'` = `R3`, `R5` does nothing). Every face turns
//!   physically, the faces holding the reference UFL cubie included: the model does the
//!   seed's move and tracks the resulting whole-puzzle rotation in the [`KiloFrame`].
//! - Wide turns `x` in lower case (`r`, `bl`, `u2'`, …): the face and the ten middle corners,
//!   i.e. the rotation `Xv` with the opposite face held.
//! - Rotations `Xv`, `Xvn`, `Xv'`, `Xvn'` about any face (`Rv`, `BLv2'`, …), `y` = `Uv` (with
//!   amounts), and the half turn `x2` (`x2'` is the same). cubing.js has no `x`, `z` or other
//!   amounts of `x`.
//! - The Megaminx scrambling turns `R++`, `R--`, `D++`, `D--`: `R++` = `DRv2 L2`, `D++` =
//!   `Dv2 U2` (the whole puzzle but the L, resp. U, face turned two fifths).
//!
//! Answers are written with the cubing.js suffixes `X` (one fifth), `X2`, `X2'`, `X'`.

use super::frame::{KiloFrame, OPPOSITE};
use super::{KiloMove, KiloState, Kilominx, FACE_NAMES};
use crate::alg::parse_alg;
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;

/// cubing.js's name of each face, in the order of [`FACE_NAMES`].
pub const CUBING_FACE_NAMES: [&str; 12] = ["U", "L", "F", "R", "BL", "BR", "FL", "FR", "DL", "DR", "B", "D"];

/// The faces holding the fixed UFL cubie (U, L, F): the seed's turns of them carry a
/// whole-puzzle rotation.
const HOLDS_UFL: [u8; 3] = [0, 1, 2];

/// Which face names a held token uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeldNames {
    /// cubing.js's Megaminx-style names ([`CUBING_FACE_NAMES`]).
    Cubing,
    /// The seed's names ([`FACE_NAMES`]), each turning its own face physically.
    Seed,
}

impl HeldNames {
    fn table(self) -> &'static [&'static str; 12] {
        match self {
            HeldNames::Cubing => &CUBING_FACE_NAMES,
            HeldNames::Seed => &FACE_NAMES,
        }
    }

    /// The name of hand face `face` (0..12, numbered as [`FACE_NAMES`]).
    pub fn name(self, face: u8) -> &'static str {
        self.table().get(face as usize).copied().unwrap_or("?")
    }
}

/// One step on the puzzle as held, in hand positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Turn the face at hand position `face` by `fifths` clockwise fifths (1..=4).
    Turn { face: u8, fifths: u8 },
    /// Rotate the whole puzzle in the hands.
    Rotate(KiloFrame),
}

fn invert(step: Step) -> Step {
    match step {
        Step::Turn { face, fifths } => Step::Turn {
            face,
            fifths: (5 - fifths % 5) % 5,
        },
        Step::Rotate(r) => Step::Rotate(r.inverse()),
    }
}

/// Splits `tok` into its letters, its amount (mod 10, enough for fifths and half turns) and
/// whether it is primed.
fn split_amount(tok: &str) -> Result<(&str, u32, bool), String> {
    let letters = tok.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(tok.len());
    let (base, rest) = tok.split_at(letters);
    let (digits, primed) = match rest.strip_suffix('\'') {
        Some(d) => (d, true),
        None => (rest, false),
    };
    if base.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(String::from(
            "expected a face or rotation, an optional amount and an optional '",
        ));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(String::from("an amount may start with 0 only if it is exactly 0"));
    }
    let amount = if digits.is_empty() {
        1
    } else {
        digits.bytes().fold(0, |a, b| (a * 10 + u32::from(b - b'0')) % 10)
    };
    Ok((base, amount, primed))
}

fn face_index(names: HeldNames, base: &str) -> Option<u8> {
    names.table().iter().position(|&n| n == base).map(|f| f as u8)
}

/// cubing.js's Megaminx scrambling turns: `R++` is `DRv2 L2` and `D++` is `Dv2 U2` (the
/// whole puzzle but one face turned two fifths); `--` turns the other way.
fn parse_pochmann(tok: &str) -> Option<Vec<Step>> {
    // (axis face, held face) in seed numbering: R±± turns about DBR holding L, D±± about D
    // holding U.
    let (axis, held, fifths) = match tok {
        "R++" => (9, 1, 2),
        "R--" => (9, 1, 3),
        "D++" => (11, 0, 2),
        "D--" => (11, 0, 3),
        _ => return None,
    };
    Some(vec![
        Step::Rotate(KiloFrame::about(axis, fifths)?),
        Step::Turn { face: held, fifths },
    ])
}

fn parse_step(names: HeldNames, tok: &str) -> Result<Vec<Step>, String> {
    if names == HeldNames::Cubing {
        if let Some(steps) = parse_pochmann(tok) {
            return Ok(steps);
        }
    }
    let (base, amount, primed) = split_amount(tok)?;
    let fifths = ((if primed { 5 - amount % 5 } else { amount }) % 5) as u8;
    if base == "x" {
        return if tok == "x2" || tok == "x2'" {
            Ok(vec![Step::Rotate(KiloFrame::x2())])
        } else {
            Err(String::from("the only x rotation of the Kilominx is x2"))
        };
    }
    let rotation = |face: u8| KiloFrame::about(face, fifths).map(Step::Rotate);
    let steps = if base == "y" {
        rotation(0).into_iter().collect()
    } else if let Some(face) = base.strip_suffix('v').and_then(|b| face_index(names, b)) {
        rotation(face).into_iter().collect()
    } else if let Some(face) = face_index(names, base) {
        vec![Step::Turn { face, fifths }]
    } else if let Some(face) = (base.bytes().all(|b| b.is_ascii_lowercase()))
        .then(|| face_index(names, &base.to_ascii_uppercase()))
        .flatten()
    {
        let mut wide: Vec<Step> = rotation(face).into_iter().collect();
        wide.push(Step::Turn {
            face: OPPOSITE[face as usize],
            fifths,
        });
        wide
    } else {
        let list = names.table().join(" ");
        return Err(format!(
            "`{base}` is not a Kilominx face ({list}), wide turn (lower case), rotation (Xv, y, x2)"
        ));
    };
    Ok(steps
        .into_iter()
        .filter(|s| !matches!(s, Step::Turn { fifths: 0, .. }))
        .collect())
}

/// The cubing.js-style suffix for `fifths` clockwise fifths (1..=4).
fn suffix(fifths: u8) -> &'static str {
    ["", "", "2", "2'", "'"][(fifths % 5) as usize]
}

impl Kilominx {
    /// Parses `text` as turns and rotations of the puzzle held in `frame`, with the face names
    /// `names`, and returns the reference-frame (seed) moves they amount to; `frame` follows
    /// the rotations and the turns of the faces holding UFL.
    pub fn held_reference_moves(
        &self,
        names: HeldNames,
        frame: &mut KiloFrame,
        text: &str,
    ) -> Result<Vec<KiloMove>, ParseError> {
        let steps = parse_alg(text, |t| parse_step(names, t), invert)?;
        let mut out = Vec::new();
        for step in steps {
            match step {
                Step::Rotate(r) => *frame = frame.then(r),
                Step::Turn { face, fifths } => {
                    let reference = frame.face_at(face);
                    if let Some(mv) = KiloMove::from_fifths(reference, fifths) {
                        out.push(mv);
                    }
                    if HOLDS_UFL.contains(&reference) {
                        if let Some(r) = KiloFrame::about(reference, fifths) {
                            *frame = r.then(*frame);
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Writes reference-frame (seed) moves as the face turns a person holding the puzzle in
    /// `frame` makes, with the face names `names` and the suffixes `X`, `X2`, `X2'`, `X'`.
    pub fn held_tokens(&self, names: HeldNames, frame: KiloFrame, moves: &[KiloMove]) -> Vec<String> {
        let mut frame = frame;
        let mut out = Vec::with_capacity(moves.len());
        for &mv in moves {
            let reference = mv.face();
            out.push(format!(
                "{}{}",
                names.name(frame.position_of(reference)),
                suffix(mv.fifths())
            ));
            if HOLDS_UFL.contains(&reference) {
                if let Some(r) = KiloFrame::about(reference, mv.fifths()) {
                    frame = r.then(frame);
                }
            }
        }
        out
    }
}

/// The 60 stickers of `state` held in `frame`, as (hand corner position, hand face, colour),
/// sorted: positions index [`super::CUBIE_NAMES`], faces and colours [`FACE_NAMES`] (a colour
/// is the reference face it belongs to).
pub fn held_stickers(state: &KiloState, frame: KiloFrame) -> Vec<(usize, u8, u8)> {
    let mut out: Vec<(usize, u8, u8)> = super::render::stickers(state)
        .into_iter()
        .map(|(pos, face, colour)| (frame.corner_position(pos), frame.position_of(face), colour))
        .collect();
    out.sort_unstable();
    out
}

impl Held for Kilominx {
    type Frame = KiloFrame;

    fn home_frame(&self) -> KiloFrame {
        KiloFrame::HOME
    }

    /// Reads cubing.js notation (see the module documentation).
    fn apply_held(&self, state: &mut KiloState, frame: &mut KiloFrame, text: &str) -> Result<(), ParseError> {
        for mv in self.held_reference_moves(HeldNames::Cubing, frame, text)? {
            self.apply(state, mv);
        }
        Ok(())
    }

    /// Writes cubing.js face turns.
    fn held_moves(&self, frame: KiloFrame, moves: &[KiloMove]) -> Vec<String> {
        self.held_tokens(HeldNames::Cubing, frame, moves)
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<KiloMove>> {
        let mut frame = KiloFrame::HOME;
        self.held_reference_moves(HeldNames::Cubing, &mut frame, text)
            .ok()
    }
}
