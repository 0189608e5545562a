//! The WCA N×N×N notation for the supercube: the shared notation of [`crate::wca`] (faces,
//! inner layers, wide turns, ranges, `M E S`, rotations) plus the paper's codes.
//!
//! # Axes, slices and directions
//!
//! As in [`crate::wca`]: slice `N−1` of x is the R face and slice 0 the L face; slice `N−1`
//! of y is U, of z is F. A clockwise turn of R, U or F is the model's 270° (`x{N−1}'` = `R`),
//! a clockwise turn of L, D or B the model's 90° (`x0` = `L`).
//!
//! # Tokens
//!
//! Every token of [`crate::wca`], and the paper's codes (see [`super`]): `#13`, and `x0`,
//! `y1'`, `z3^2`… In this notation `x2`, `x2'` (and `y2`, `z2`…) are the WCA rotations; the
//! paper's quarter and three-quarter turns of slice 2 are written `#18`, `#20` (x), `#21`,
//! `#23` (y), `#24`, `#26` (z).
//!
//! # Printing
//!
//! [`move_name`] writes one slice turn in a canonical form: the slice is counted from the
//! nearer face (`R`, `2R`, … or `L`, `2L`, …); the middle slice of an odd cube is counted
//! from L, D or F (the faces M, E and S follow), so the middle of a 3x3x3 prints `2L`, `2D`
//! and `2F`. Suffixes are `''`, `2` and `'`. [`block_names`] writes a block: a rotation as
//! `x`, `y`, `z`, a block that holds a face as `Rw`/`kRw` (from the face it holds; the
//! nearer one when it holds both is a rotation), any other block slice by slice.

pub use crate::wca::Block;
use crate::wca::{clockwise, suffix, FACES};

use super::{SuperMove, Supercube};
use crate::alg::parse_alg_within;
use crate::error::ParseError;

impl Block {
    /// The supercube's slice turns of this block, lowest slice first.
    pub fn moves(self) -> impl Iterator<Item = SuperMove> {
        (self.lo..=self.hi).map(move |slice| SuperMove {
            slice,
            axis: self.axis,
            angle: self.angle,
        })
    }
}

/// One paper code (`#13`, `x0`, `y1'`).
fn paper(n: usize, tok: &str) -> Result<SuperMove, String> {
    super::parse_token(n, tok)?
        .into_iter()
        .next()
        .ok_or_else(|| format!("`{tok}` is no move"))
}

/// Parses one token of the WCA notation (or a paper code) on an N×N×N cube.
pub fn parse_token(n: usize, tok: &str) -> Result<Block, String> {
    let single = |m: SuperMove| Block {
        axis: m.axis,
        lo: m.slice,
        hi: m.slice,
        angle: m.angle,
    };
    if tok.starts_with('#') {
        return paper(n, tok).map(single);
    }
    let mut chars = tok.chars();
    if let Some(first) = chars.next().filter(|c| "xyzXYZ".contains(*c)) {
        let rest = chars.as_str();
        let rotation = first.is_ascii_lowercase() && matches!(rest, "2" | "2'");
        if rest.starts_with(|c: char| c.is_ascii_digit()) && !rotation {
            return paper(n, tok).map(single);
        }
        if first.is_ascii_lowercase() && !matches!(rest, "" | "'" | "2" | "2'" | "'2") {
            return Err(format!("`{rest}` is not a rotation suffix (x, x', x2)"));
        }
    }
    crate::wca::parse_token(n, tok)
}

/// Parses a sequence into blocks (groups, repeats and comments as in [`crate::alg`]) read
/// as held: a rotation changes the frame and moves no cubie, any other block moves every
/// cubie of its slices ([`block_work`]); more than [`crate::alg::MAX_WORK`] in all is refused.
pub fn parse_blocks(n: usize, text: &str) -> Result<Vec<Block>, ParseError> {
    let work = |b: &Block| {
        if b.is_rotation(n) {
            0
        } else {
            block_work(n, *b)
        }
    };
    parse_alg_within(text, |t| parse_token(n, t).map(|b| vec![b]), Block::inverse, work)
}

/// The work of a block applied slice by slice ([`crate::alg::MAX_WORK`]): N² cubies per
/// slice, each [`super::WORK_PER_CUBIE`].
pub fn block_work(n: usize, b: Block) -> u64 {
    let slices = u64::from(b.hi.saturating_sub(b.lo)) + 1;
    slices * (n as u64) * (n as u64) * super::WORK_PER_CUBIE
}

/// Parses a sequence into slice turns; a rotation turns every slice (and counts so against
/// [`crate::alg::MAX_WORK`]).
pub fn parse(n: usize, text: &str) -> Result<Vec<SuperMove>, ParseError> {
    let blocks = parse_alg_within(
        text,
        |t| parse_token(n, t).map(|b| vec![b]),
        Block::inverse,
        |b| block_work(n, *b),
    )?;
    Ok(blocks.into_iter().flat_map(Block::moves).collect())
}

/// The face letter and depth (1-based) a slice is named from (see the module notes).
fn slice_face(n: usize, axis: u8, slice: u8) -> (char, usize) {
    let pos_depth = n - slice as usize;
    let neg_depth = slice as usize + 1;
    let positive = pos_depth < neg_depth || (pos_depth == neg_depth && axis == 2);
    let letter = FACES
        .iter()
        .find(|f| f.1 == axis % 3 && f.2 == positive)
        .map_or('?', |f| f.0);
    (letter, if positive { pos_depth } else { neg_depth })
}

fn positive_face(letter: char) -> bool {
    matches!(letter, 'U' | 'R' | 'F')
}

/// The canonical WCA token of one slice turn on an N×N×N cube (`R`, `2L'`, `3U2`).
pub fn move_name(n: usize, mv: SuperMove) -> String {
    let (letter, depth) = slice_face(n, mv.axis, mv.slice);
    let q = clockwise(positive_face(letter), mv.angle);
    let prefix = if depth == 1 {
        String::new()
    } else {
        depth.to_string()
    };
    format!("{prefix}{letter}{}", suffix(q))
}

/// The WCA tokens of a block: a rotation, a wide turn (`Rw`, `3Lw'`), or one token per
/// slice for a block that holds neither face.
pub fn block_names(n: usize, b: Block) -> Vec<String> {
    if b.is_rotation(n) {
        let axis = ['x', 'y', 'z'][b.axis as usize % 3];
        return vec![format!("{axis}{}", suffix(clockwise(true, b.angle)))];
    }
    let width = (b.hi - b.lo) as usize + 1;
    if width == 1 {
        return vec![move_name(
            n,
            SuperMove {
                slice: b.lo,
                axis: b.axis,
                angle: b.angle,
            },
        )];
    }
    let from = if b.hi as usize == n - 1 {
        Some(true)
    } else if b.lo == 0 {
        Some(false)
    } else {
        None
    };
    match from {
        Some(positive) => {
            let letter = FACES
                .iter()
                .find(|f| f.1 == b.axis % 3 && f.2 == positive)
                .map_or('?', |f| f.0);
            let q = clockwise(positive, b.angle);
            let prefix = if width == 2 {
                String::new()
            } else {
                width.to_string()
            };
            vec![format!("{prefix}{letter}w{}", suffix(q))]
        }
        None => b.moves().map(|m| move_name(n, m)).collect(),
    }
}

/// Writes slice turns as canonical WCA tokens separated by spaces.
pub fn format(n: usize, moves: &[SuperMove]) -> String {
    moves
        .iter()
        .map(|&m| move_name(n, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The slice turn `mv` (written in coordinates A) in coordinates B, where `t` maps A to B
/// (`v_B = t · v_A`, both about the cube's centre).
pub fn transform(n: usize, t: &super::orientation::Matrix, mv: SuperMove) -> SuperMove {
    let a = mv.axis as usize % 3;
    let (b, sign) = (0..3).find(|&b| t[b][a] != 0).map_or((a, 1), |b| (b, t[b][a]));
    if sign > 0 {
        SuperMove { axis: b as u8, ..mv }
    } else {
        SuperMove {
            slice: (n - 1 - mv.slice as usize) as u8,
            axis: b as u8,
            angle: 2 - mv.angle,
        }
    }
}

impl Supercube {
    /// Parses WCA notation (see [`self`]) into slice turns; rotations turn every slice.
    pub fn parse_wca(&self, text: &str) -> Result<Vec<SuperMove>, ParseError> {
        parse(self.n, text)
    }

    /// Writes slice turns in canonical WCA notation.
    pub fn format_wca(&self, moves: &[SuperMove]) -> String {
        format(self.n, moves)
    }
}
