//! The WCA N×N×N notation for the supercube.
//!
//! # Axes, slices and directions
//!
//! The model's axis x points from L to R, y from D to U, z from B to F; slice `s` of an
//! axis holds the cubies whose coordinate along it is `s`. So slice `N−1` of x is the R
//! face and slice 0 the L face; slice `N−1` of y is U, of z is F. The model's angle turns a
//! slice positively about its axis (right-hand rule), so a clockwise turn of a face whose
//! outward normal is +axis (R, U, F) is the model's 270° (`x{N−1}'` = `R`), and a clockwise
//! turn of L, D or B is the model's 90° (`x0` = `L`).
//!
//! # Tokens
//!
//! Every token may end in `'`, `2`, `2'` (or `'2`), `3` or `3'`.
//!
//! - Outer faces `U D L R F B`.
//! - Inner layers `kR`: the k-th layer from R alone, `1 ≤ k ≤ N` (`1R` = `R`).
//! - Wide turns `Rw` (two layers) and `kRw` (the outer k layers, `1 ≤ k < N`).
//! - Lowercase `r` = `Rw` and `kr` = `kRw`, on every N, as SiGN notation and cubing.js
//!   read them. (Some older 4x4x4 and 5x5x5 texts write `r` for the inner slice alone; that
//!   is `2R` here.)
//! - Whole-cube rotations `x y z` (as R, U, F).
//! - On odd N, the middle layer `M E S` (as L, D, F); lowercase `m e s` (N ≥ 3) turn every
//!   inner layer (all but the two faces), as cubing.js does.
//! - The paper's codes (see [`super`]): `#13`, and `x0`, `y1'`, `z3^2`… In this notation
//!   `x2`, `x2'` (and `y2`, `z2`…) are the WCA rotations; the paper's quarter and
//!   three-quarter turns of slice 2 are written `#18`, `#20` (x), `#21`, `#23` (y),
//!   `#24`, `#26` (z).
//!
//! A token is a [`Block`]: one axis, a contiguous range of slices and an angle. A block of
//! every slice is a whole-cube rotation.
//!
//! # Printing
//!
//! [`move_name`] writes one slice turn in a canonical form: the slice is counted from the
//! nearer face (`R`, `2R`, … or `L`, `2L`, …); the middle slice of an odd cube is counted
//! from L, D or F (the faces M, E and S follow), so the middle of a 3x3x3 prints `2L`, `2D`
//! and `2F`. Suffixes are `''`, `2` and `'`. [`block_names`] writes a block: a rotation as
//! `x`, `y`, `z`, a block that holds a face as `Rw`/`kRw` (from the face it holds; the
//! nearer one when it holds both is a rotation), any other block slice by slice.

use super::{SuperMove, Supercube};
use crate::alg::{parse_alg, split_suffix};
use crate::error::ParseError;

/// One WCA token: `angle + 1` positive quarter turns of slices `lo..=hi` about `axis`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Block {
    /// 0 = x, 1 = y, 2 = z.
    pub axis: u8,
    /// First slice.
    pub lo: u8,
    /// Last slice (inclusive).
    pub hi: u8,
    /// Quarter turns minus one, positive about the axis (as [`SuperMove::angle`]).
    pub angle: u8,
}

impl Block {
    /// The inverse block.
    pub fn inverse(self) -> Block {
        Block {
            angle: 2 - self.angle,
            ..self
        }
    }

    /// The slice turns of this block, lowest slice first.
    pub fn moves(self) -> impl Iterator<Item = SuperMove> {
        (self.lo..=self.hi).map(move |slice| SuperMove {
            slice,
            axis: self.axis,
            angle: self.angle,
        })
    }

    /// Whether this block turns every slice of an N×N×N cube (a whole-cube rotation).
    pub fn is_rotation(self, n: usize) -> bool {
        self.lo == 0 && self.hi as usize + 1 == n
    }
}

/// The six faces: letter, axis, whether the outward normal is +axis.
const FACES: [(char, u8, bool); 6] = [
    ('U', 1, true),
    ('R', 0, true),
    ('F', 2, true),
    ('D', 1, false),
    ('L', 0, false),
    ('B', 2, false),
];

/// The model angle of `q` clockwise quarter turns (1..=3) of a face on the `positive` side.
fn face_angle(positive: bool, q: u8) -> u8 {
    let p = if positive { (4 - q % 4) % 4 } else { q % 4 };
    // p is 1..=3 for q in 1..=3.
    p.saturating_sub(1)
}

/// Clockwise quarter turns (1..=3) of a face on the `positive` side for a model angle.
fn clockwise(positive: bool, angle: u8) -> u8 {
    let p = angle % 3 + 1;
    if positive {
        4 - p
    } else {
        p
    }
}

fn suffix(q: u8) -> &'static str {
    match q {
        2 => "2",
        3 => "'",
        _ => "",
    }
}

/// The slice `depth` layers (1-based) in from a face.
fn layer(n: usize, positive: bool, depth: usize) -> u8 {
    (if positive { n - depth } else { depth - 1 }) as u8
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
    let first = tok.chars().next().ok_or("empty token")?;
    if let Some(axis) = "xyz".find(first.to_ascii_lowercase()) {
        let rest = &tok[1..];
        if matches!(rest, "" | "'" | "2" | "2'" | "'2") && first.is_ascii_lowercase() {
            let q = split_suffix(tok).map_or(1, |(_, q)| q);
            return Ok(Block {
                axis: axis as u8,
                lo: 0,
                hi: (n - 1) as u8,
                angle: face_angle(true, q),
            });
        }
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return paper(n, tok).map(single);
        }
        if first.is_ascii_uppercase() {
            return Err(String::from("rotations are written lowercase: x, y, z"));
        }
        return Err(format!("`{rest}` is not a rotation suffix (x, x', x2)"));
    }
    let digits = tok.chars().take_while(|c| c.is_ascii_digit()).count();
    let (prefix, body) = tok.split_at(digits);
    let (base, q) =
        split_suffix(body).ok_or_else(|| format!("`{body}` has an unknown suffix (none, ', 2, 2' or 3)"))?;
    let count: Option<usize> = if prefix.is_empty() {
        None
    } else {
        Some(
            prefix
                .parse()
                .map_err(|_| format!("layer count `{prefix}` is too large"))?,
        )
    };
    let mut chars = base.chars();
    let letter = chars.next().ok_or_else(|| format!("`{tok}` names no face"))?;
    let wide_w = match chars.as_str() {
        "" => false,
        "w" if letter.is_ascii_uppercase() => true,
        _ => {
            return Err(format!(
                "`{base}` is not a face, a wide turn (Rw, r) or a slice (M E S)"
            ))
        }
    };
    if let Some(k) = "MES".find(letter) {
        if prefix.is_empty() && !wide_w {
            if n % 2 == 0 {
                return Err(format!(
                    "{letter} (the middle layer) exists on odd cubes only; on a {n}x{n}x{n} name the layer, e.g. {}",
                    ["2L", "2D", "2F"][k]
                ));
            }
            let (axis, positive) = [(0, false), (1, false), (2, true)][k];
            let mid = ((n - 1) / 2) as u8;
            return Ok(Block {
                axis,
                lo: mid,
                hi: mid,
                angle: face_angle(positive, q),
            });
        }
        return Err(format!(
            "`{prefix}{base}` is not a move: {letter} takes no layer count and no w"
        ));
    }
    if let Some(k) = "mes".find(letter) {
        if !prefix.is_empty() {
            return Err(format!("`{base}` takes no layer count"));
        }
        if n < 3 {
            return Err(format!(
                "`{letter}` turns the inner layers; a {n}x{n}x{n} has none"
            ));
        }
        let (axis, positive) = [(0, false), (1, false), (2, true)][k];
        return Ok(Block {
            axis,
            lo: 1,
            hi: (n - 2) as u8,
            angle: face_angle(positive, q),
        });
    }
    let upper = letter.to_ascii_uppercase();
    let &(_, axis, positive) = FACES.iter().find(|f| f.0 == upper).ok_or_else(|| {
        format!("`{letter}` is not a face (U D L R F B), a slice (M E S) or a rotation (x y z)")
    })?;
    let wide = wide_w || letter.is_ascii_lowercase();
    let angle = face_angle(positive, q);
    if wide {
        let k = count.unwrap_or(2);
        if k == 0 || k >= n {
            return Err(format!(
                "a wide turn holds 1 to {} layers on a {n}x{n}x{n}, not {k} (all {n} is a rotation: x, y or z)",
                n - 1
            ));
        }
        let (a, b) = (layer(n, positive, 1), layer(n, positive, k));
        return Ok(Block {
            axis,
            lo: a.min(b),
            hi: a.max(b),
            angle,
        });
    }
    let k = count.unwrap_or(1);
    if k == 0 || k > n {
        return Err(format!(
            "layer {k} does not exist on a {n}x{n}x{n} (layers 1 to {n})"
        ));
    }
    let s = layer(n, positive, k);
    Ok(Block {
        axis,
        lo: s,
        hi: s,
        angle,
    })
}

/// Parses a sequence into blocks (groups, repeats and comments as in [`crate::alg`]).
pub fn parse_blocks(n: usize, text: &str) -> Result<Vec<Block>, ParseError> {
    parse_alg(text, |t| parse_token(n, t).map(|b| vec![b]), Block::inverse)
}

/// Parses a sequence into slice turns; a rotation turns every slice.
pub fn parse(n: usize, text: &str) -> Result<Vec<SuperMove>, ParseError> {
    Ok(parse_blocks(n, text)?
        .into_iter()
        .flat_map(Block::moves)
        .collect())
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
