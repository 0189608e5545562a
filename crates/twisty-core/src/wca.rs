//! The WCA / SiGN notation of N×N×N cubes, as cubing.js reads and prints it, shared by the
//! ordinary big cubes ([`crate::cube_n`]) and the supercube ([`crate::supercube`]).
//!
//! # Axes, slices and directions
//!
//! Axis x points from L to R, y from D to U, z from B to F; slice `s` of an axis holds the
//! cubies whose coordinate along it is `s` (`0..N`). So slice `N−1` of x is the R face and
//! slice 0 the L face; slice `N−1` of y is U, of z is F. A [`Block`]'s angle turns its
//! slices positively about the axis (right-hand rule): a clockwise turn of a face whose
//! outward normal is +axis (R, U, F) is angle 2 (270°), a clockwise turn of L, D or B is
//! angle 0 (90°).
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
//! - Ranges `a-bRw`, `a-br` and `a-bR` (all three alike, as in cubing.js): layers `a` to `b`
//!   counted from R, `1 ≤ a < b ≤ N`, not all N of them (`2-3r` turns the two inner layers
//!   of a 4x4x4).
//! - Whole-cube rotations `x y z` (as R, U, F), also written `Rv Uv Fv` and `Lv Dv Bv` (as L,
//!   D, B).
//! - On odd N, the middle layer `M E S` (as L, D, F: `M` is layer `(N+1)/2` from L alone, as
//!   cubing.js reads it on every odd N); lowercase `m e s` (N ≥ 3) turn every inner layer
//!   (all but the two faces), as cubing.js does.
//!
//! A token is a [`Block`]: one axis, a contiguous range of slices and an angle. A block of
//! every slice is a whole-cube rotation.
//!
//! # Printing
//!
//! [`block_token`] writes one block as one token, the way cubing.js and TNoodle print them:
//! a block that holds a face from that face (`R`, `Rw`, `3Rw`, `L'`…), a single inner layer
//! from the nearer face (`2R`, `3U'`), the middle layer of an odd cube as `M`, `E` or `S`,
//! any other inner block as a range from the nearer face (`2-3Rw`), every slice as `x`, `y`
//! or `z`. Suffixes are `''`, `2` and `'`.

use crate::alg::{parse_alg, parse_alg_within, split_suffix};
use crate::error::ParseError;

/// One token: `angle + 1` positive quarter turns of slices `lo..=hi` about `axis`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block {
    /// 0 = x, 1 = y, 2 = z.
    pub axis: u8,
    /// First slice.
    pub lo: u8,
    /// Last slice (inclusive).
    pub hi: u8,
    /// Quarter turns minus one, positive about the axis: 0 = 90°, 1 = 180°, 2 = 270°.
    pub angle: u8,
}

impl Block {
    /// The inverse block.
    pub fn inverse(self) -> Block {
        Block {
            angle: 2 - self.angle % 3,
            ..self
        }
    }

    /// Whether this block turns every slice of an N×N×N cube (a whole-cube rotation).
    pub fn is_rotation(self, n: usize) -> bool {
        self.lo == 0 && self.hi as usize + 1 == n
    }

    /// Number of slices turned.
    pub fn width(self) -> usize {
        (self.hi as usize + 1).saturating_sub(self.lo as usize)
    }

    /// Whether the block holds an outer face (slice 0 or slice `N−1`).
    pub fn holds_face(self, n: usize) -> bool {
        self.lo == 0 || self.hi as usize + 1 == n
    }
}

/// The six faces: letter, axis, whether the outward normal is +axis.
pub(crate) const FACES: [(char, u8, bool); 6] = [
    ('U', 1, true),
    ('R', 0, true),
    ('F', 2, true),
    ('D', 1, false),
    ('L', 0, false),
    ('B', 2, false),
];

/// The model angle of `q` clockwise quarter turns (1..=3) of a face on the `positive` side.
pub(crate) fn face_angle(positive: bool, q: u8) -> u8 {
    let p = if positive { (4 - q % 4) % 4 } else { q % 4 };
    // p is 1..=3 for q in 1..=3.
    p.saturating_sub(1)
}

/// Clockwise quarter turns (1..=3) of a face on the `positive` side for a model angle.
pub(crate) fn clockwise(positive: bool, angle: u8) -> u8 {
    let p = angle % 3 + 1;
    if positive {
        4 - p
    } else {
        p
    }
}

pub(crate) fn suffix(q: u8) -> &'static str {
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

/// The face of a letter (`U R F D L B`): its axis and whether its normal is +axis.
fn face_of(letter: char) -> Option<(u8, bool)> {
    FACES
        .iter()
        .find(|f| f.0 == letter)
        .map(|&(_, axis, positive)| (axis, positive))
}

fn face_letter(axis: u8, positive: bool) -> char {
    FACES
        .iter()
        .find(|f| f.1 == axis % 3 && f.2 == positive)
        .map_or('?', |f| f.0)
}

/// A rotation token: `x y z` (any suffix) or `Rv`…`Bv`; `None` when `tok` is not one.
fn rotation(n: usize, tok: &str) -> Option<Result<Block, String>> {
    let first = tok.chars().next()?;
    let whole = |axis: u8, positive: bool, q: u8| Block {
        axis,
        lo: 0,
        hi: (n - 1) as u8,
        angle: face_angle(positive, q),
    };
    if let Some(axis) = "xyz".find(first) {
        return Some(match split_suffix(tok) {
            Some((base, q)) if base.len() == 1 => Ok(whole(axis as u8, true, q)),
            _ => Err(format!("`{}` is not a rotation suffix (x, x', x2)", &tok[1..])),
        });
    }
    if "XYZ".contains(first) {
        return Some(Err(String::from("rotations are written lowercase: x, y, z")));
    }
    let (axis, positive) = face_of(first)?;
    if tok[first.len_utf8()..].starts_with('v') {
        return Some(match split_suffix(tok) {
            Some((base, q)) if base.len() == 2 => Ok(whole(axis, positive, q)),
            _ => Err(format!("`{tok}` has an unknown suffix (none, ', 2, 2' or 3)")),
        });
    }
    None
}

/// Parses one token of the WCA / SiGN notation (see the module notes) on an N×N×N cube.
pub fn parse_token(n: usize, tok: &str) -> Result<Block, String> {
    if tok.is_empty() {
        return Err(String::from("empty token"));
    }
    if let Some(r) = rotation(n, tok) {
        return r;
    }
    let digits = tok.chars().take_while(|c| c.is_ascii_digit()).count();
    let (prefix, rest) = tok.split_at(digits);
    // A range `a-b` before the face.
    let (outer, prefix, body) = match rest.strip_prefix('-') {
        Some(after) => {
            let d2 = after.chars().take_while(|c| c.is_ascii_digit()).count();
            if prefix.is_empty() || d2 == 0 {
                return Err(String::from(
                    "a range of layers is written a-b before the face, e.g. 2-3Rw",
                ));
            }
            let (inner, body) = after.split_at(d2);
            (Some(prefix), inner, body)
        }
        None => (None, prefix, rest),
    };
    let (base, q) =
        split_suffix(body).ok_or_else(|| format!("`{body}` has an unknown suffix (none, ', 2, 2' or 3)"))?;
    let number = |digits: &str| -> Result<Option<usize>, String> {
        if digits.is_empty() {
            return Ok(None);
        }
        digits
            .parse()
            .map(Some)
            .map_err(|_| format!("layer count `{digits}` is too large"))
    };
    let count = number(prefix)?;
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
        if prefix.is_empty() && outer.is_none() && !wide_w {
            if n.is_multiple_of(2) {
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
            "`{tok}` is not a move: {letter} takes no layer count and no w"
        ));
    }
    if let Some(k) = "mes".find(letter) {
        if !prefix.is_empty() || outer.is_some() {
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
    let (axis, positive) = face_of(upper).ok_or_else(|| {
        format!("`{letter}` is not a face (U D L R F B), a slice (M E S) or a rotation (x y z)")
    })?;
    let angle = face_angle(positive, q);
    let span = |a: usize, b: usize| {
        let (s, t) = (layer(n, positive, a), layer(n, positive, b));
        Block {
            axis,
            lo: s.min(t),
            hi: s.max(t),
            angle,
        }
    };
    if let Some(outer) = outer {
        let a = number(outer)?.unwrap_or(0);
        let b = count.unwrap_or(0);
        if a == 0 || a >= b || b > n {
            return Err(format!(
                "a range a-b names layers 1 ≤ a < b ≤ {n} on a {n}x{n}x{n}, not {a}-{b}"
            ));
        }
        if a == 1 && b == n {
            return Err(format!(
                "layers 1-{n} are the whole cube: write the rotation (x, y or z)"
            ));
        }
        return Ok(span(a, b));
    }
    if wide_w || letter.is_ascii_lowercase() {
        let k = count.unwrap_or(2);
        if k == 0 || k >= n {
            return Err(format!(
                "a wide turn holds 1 to {} layers on a {n}x{n}x{n}, not {k} (all {n} is a rotation: x, y or z)",
                n - 1
            ));
        }
        return Ok(span(1, k));
    }
    let k = count.unwrap_or(1);
    if k == 0 || k > n {
        return Err(format!(
            "layer {k} does not exist on a {n}x{n}x{n} (layers 1 to {n})"
        ));
    }
    Ok(span(k, k))
}

/// Parses a sequence into blocks (groups, repeats and comments as in [`crate::alg`]).
pub fn parse_blocks(n: usize, text: &str) -> Result<Vec<Block>, ParseError> {
    parse_alg(text, |t| parse_token(n, t).map(|b| vec![b]), Block::inverse)
}

/// [`parse_blocks`] for a puzzle on which a block moves `work(block)` pieces: a sequence
/// that would move more than [`crate::alg::MAX_WORK`] in all is refused before any block is
/// produced.
pub fn parse_blocks_within(
    n: usize,
    text: &str,
    work: impl Fn(&Block) -> u64,
) -> Result<Vec<Block>, ParseError> {
    parse_alg_within(text, |t| parse_token(n, t).map(|b| vec![b]), Block::inverse, work)
}

/// The one token of a block (see the module notes): `R`, `Rw`, `3Lw'`, `2U2`, `M'`,
/// `2-3Rw`, `x`.
pub fn block_token(n: usize, b: Block) -> String {
    let (lo, hi) = (b.lo as usize, b.hi as usize);
    if b.is_rotation(n) {
        let axis = ['x', 'y', 'z'][b.axis as usize % 3];
        return format!("{axis}{}", suffix(clockwise(true, b.angle)));
    }
    let width = b.width();
    let named = |positive: bool, depth: usize| {
        let letter = face_letter(b.axis, positive);
        format!("{depth}{letter}{}", suffix(clockwise(positive, b.angle)))
    };
    let holds = if hi + 1 == n {
        Some(true)
    } else if lo == 0 {
        Some(false)
    } else {
        None
    };
    if let Some(positive) = holds {
        let letter = face_letter(b.axis, positive);
        let q = suffix(clockwise(positive, b.angle));
        return match width {
            1 => format!("{letter}{q}"),
            2 => format!("{letter}w{q}"),
            w => format!("{w}{letter}w{q}"),
        };
    }
    if width == 1 && n % 2 == 1 && lo == (n - 1) / 2 {
        let (letter, positive) = [('M', false), ('E', false), ('S', true)][b.axis as usize % 3];
        return format!("{letter}{}", suffix(clockwise(positive, b.angle)));
    }
    // Depths from the positive face are n − hi .. n − lo, from the negative lo + 1 .. hi + 1.
    let positive = n - 1 - hi <= lo;
    let (near, far) = if positive {
        (n - hi, n - lo)
    } else {
        (lo + 1, hi + 1)
    };
    if width == 1 {
        return named(positive, near);
    }
    let letter = face_letter(b.axis, positive);
    format!("{near}-{far}{letter}w{}", suffix(clockwise(positive, b.angle)))
}

/// The block `b` (written in coordinates A) in coordinates B, where `t` maps A to B
/// (`v_B = t · v_A`, both about the cube's centre).
pub fn transform_block(n: usize, t: &crate::supercube::orientation::Matrix, b: Block) -> Block {
    let a = b.axis as usize % 3;
    let (to, sign) = (0..3).find(|&k| t[k][a] != 0).map_or((a, 1), |k| (k, t[k][a]));
    if sign > 0 {
        Block { axis: to as u8, ..b }
    } else {
        Block {
            axis: to as u8,
            lo: (n - 1 - b.hi as usize) as u8,
            hi: (n - 1 - b.lo as usize) as u8,
            angle: 2 - b.angle % 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(axis: u8, lo: u8, hi: u8, angle: u8) -> Block {
        Block { axis, lo, hi, angle }
    }

    #[test]
    fn ranges_and_v_rotations_read_as_cubing_js() {
        let p = |n: usize, t: &str| parse_token(n, t);
        // 2-3r on a 4x4x4: the two inner x layers, turned as R.
        assert_eq!(p(4, "2-3r"), Ok(block(0, 1, 2, 2)));
        assert_eq!(p(4, "2-3Rw"), p(4, "2-3r"));
        assert_eq!(p(4, "2-3R"), p(4, "2-3r"));
        assert_eq!(p(5, "3-4l'"), Ok(block(0, 2, 3, 2)));
        assert_eq!(p(4, "3-4r"), Ok(block(0, 0, 1, 2)));
        assert!(p(4, "2-2r").is_err());
        assert!(p(4, "1-4r").is_err());
        assert!(p(4, "2-5r").is_err());
        assert!(p(4, "-3r").is_err());
        assert_eq!(p(4, "Rv"), p(4, "x"));
        assert_eq!(p(4, "Lv"), p(4, "x'"));
        assert_eq!(p(4, "Dv2"), p(4, "y2"));
        assert_eq!(p(4, "x3"), p(4, "x'"));
        assert!(p(4, "Rv3w").is_err());
        assert!(p(4, "X").is_err());
    }

    #[test]
    fn every_block_prints_to_one_token_that_reads_back() {
        for n in 2..=8 {
            for axis in 0..3u8 {
                for lo in 0..n as u8 {
                    for hi in lo..n as u8 {
                        for angle in 0..3 {
                            let b = block(axis, lo, hi, angle);
                            let t = block_token(n, b);
                            assert_eq!(parse_token(n, &t), Ok(b), "N = {n}: {t}");
                        }
                    }
                }
            }
        }
        assert_eq!(block_token(5, block(0, 2, 2, 0)), "M");
        assert_eq!(block_token(5, block(2, 2, 2, 2)), "S");
        assert_eq!(block_token(4, block(0, 1, 2, 2)), "2-3Rw");
        assert_eq!(block_token(6, block(1, 3, 5, 2)), "3Uw");
        assert_eq!(block_token(6, block(0, 0, 1, 1)), "Lw2");
        assert_eq!(block_token(4, block(0, 1, 1, 0)), "2L");
    }
}
