//! The 2x2x2 as 24 coloured stickers, in the seed's net layout, with its 12 quarter turns.
//!
//! Sticker order (the seed's file order): left 0–3, top 4–7, right 8–11, front 12–15,
//! bottom 16–19, back 20–23; within a face, row by row as drawn in the seed's net:
//!
//! ```text
//! L0 L1 T0 T1 R0 R1
//! L2 L3 T2 T3 R2 R3
//!       F0 F1
//!       F2 F3
//!       Bo0 Bo1
//!       Bo2 Bo3
//!       Ba0 Ba1
//!       Ba2 Ba3
//! ```
//!
//! The net folds around the top–front–bottom–back column, so `Ba2 Ba3` touch `T0 T1` and the
//! left and right faces hang from the top's side edges. The move permutations are not written
//! by hand: each sticker gets a 3D position (x right, y up, z front), and a quarter turn is the
//! rotation of the positions in one layer, clockwise as seen looking at that face.

use std::fmt;

/// Number of stickers.
pub const STICKERS: usize = 24;

/// The six sticker colours of the seed's files: r b g o y p (p is purple).
pub const COLOURS: [char; 6] = ['r', 'b', 'g', 'o', 'y', 'p'];

/// The seed's goal colouring: left r, top b, right g, front o, bottom y, back p.
pub const GOAL: [u8; STICKERS] = [
    0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5,
];

/// The faces in the seed's order, with their names in the seed's move notation.
pub const FACE_NAMES: [&str; 6] = ["L", "T", "R", "F", "Bo", "Ba"];

/// A face-turn of the seed: face index (see [`FACE_NAMES`]) and direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeedMove {
    /// Face index: 0 L, 1 T, 2 R, 3 F, 4 Bo, 5 Ba.
    pub face: u8,
    /// Clockwise (seen looking at the face) or not.
    pub clockwise: bool,
}

impl SeedMove {
    /// The move in the seed's notation (`T`, `T'`, `Bo`, …).
    pub fn seed_name(self) -> String {
        format!(
            "{}{}",
            FACE_NAMES[self.face as usize],
            if self.clockwise { "" } else { "'" }
        )
    }

    /// The move in standard notation (`U`, `U'`, `D`, …).
    pub fn standard_name(self) -> String {
        let f = ["L", "U", "R", "F", "D", "B"][self.face as usize];
        format!("{f}{}", if self.clockwise { "" } else { "'" })
    }

    /// The inverse move.
    pub fn inverse(self) -> SeedMove {
        SeedMove {
            face: self.face,
            clockwise: !self.clockwise,
        }
    }
}

impl fmt::Display for SeedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.seed_name())
    }
}

/// Doubled 3D coordinates (so they are integers) of every sticker: each component is ±1 along
/// the face plane and ±2 along the normal.
pub(crate) const POSITIONS: [[i8; 3]; STICKERS] = [
    // left (x = -2): L0 L1 / L2 L3
    [-2, -1, -1],
    [-2, 1, -1],
    [-2, -1, 1],
    [-2, 1, 1],
    // top (y = 2)
    [-1, 2, -1],
    [1, 2, -1],
    [-1, 2, 1],
    [1, 2, 1],
    // right (x = 2)
    [2, 1, -1],
    [2, -1, -1],
    [2, 1, 1],
    [2, -1, 1],
    // front (z = 2)
    [-1, 1, 2],
    [1, 1, 2],
    [-1, -1, 2],
    [1, -1, 2],
    // bottom (y = -2)
    [-1, -2, 1],
    [1, -2, 1],
    [-1, -2, -1],
    [1, -2, -1],
    // back (z = -2)
    [-1, -1, -2],
    [1, -1, -2],
    [-1, 1, -2],
    [1, 1, -2],
];

/// Outward normal axis and sign of each face, in [`FACE_NAMES`] order.
const FACE_NORMALS: [(usize, i8); 6] = [(0, -1), (1, 1), (0, 1), (2, 1), (1, -1), (2, -1)];

fn position_index(p: [i8; 3]) -> usize {
    POSITIONS.iter().position(|&q| q == p).unwrap_or(usize::MAX)
}

/// Rotates a point a quarter turn about `axis` (0 x, 1 y, 2 z), counter-clockwise when seen
/// from the positive end of the axis (right-hand rule).
pub(crate) fn rotate_ccw(p: [i8; 3], axis: usize) -> [i8; 3] {
    let [x, y, z] = p;
    match axis {
        0 => [x, -z, y],
        1 => [z, y, -x],
        _ => [-y, x, z],
    }
}

/// A permutation of sticker positions: `perm[i]` is where the sticker at `i` goes.
pub(crate) type Perm = [u8; STICKERS];

/// The position permutation of a whole-layer or whole-cube quarter turn.
fn turn_perm(axis: usize, sign: i8, clockwise: bool, whole: bool) -> Perm {
    let mut perm = [0u8; STICKERS];
    // Clockwise seen from outside the face at the positive end = clockwise seen from +axis =
    // three counter-clockwise quarter turns; at the negative end the senses swap.
    let ccw_turns = match (sign > 0, clockwise) {
        (true, true) | (false, false) => 3,
        _ => 1,
    };
    for (i, &p) in POSITIONS.iter().enumerate() {
        let in_layer = whole || p[axis] * sign > 0;
        let mut q = p;
        if in_layer {
            for _ in 0..ccw_turns {
                q = rotate_ccw(q, axis);
            }
        }
        perm[i] = position_index(q) as u8;
    }
    perm
}

/// The 12 quarter-turn permutations, indexed by `2·face + (clockwise ? 0 : 1)`.
pub(crate) fn move_perms() -> [Perm; 12] {
    let mut out = [[0u8; STICKERS]; 12];
    for face in 0..6 {
        let (axis, sign) = FACE_NORMALS[face];
        out[2 * face] = turn_perm(axis, sign, true, false);
        out[2 * face + 1] = turn_perm(axis, sign, false, false);
    }
    out
}

/// The 24 whole-cube rotations as position permutations (identity first).
pub(crate) fn rotation_perms() -> Vec<Perm> {
    let x = turn_perm(0, 1, true, true);
    let y = turn_perm(1, 1, true, true);
    let compose = |a: &Perm, b: &Perm| -> Perm {
        // a then b
        let mut c = [0u8; STICKERS];
        for i in 0..STICKERS {
            c[i] = b[a[i] as usize];
        }
        c
    };
    let mut all: Vec<Perm> = vec![std::array::from_fn(|i| i as u8)];
    let mut frontier = all.clone();
    while let Some(p) = frontier.pop() {
        for g in [&x, &y] {
            let q = compose(&p, g);
            if !all.contains(&q) {
                all.push(q);
                frontier.push(q);
            }
        }
    }
    all
}

/// Applies a position permutation to a sticker array.
#[inline]
pub(crate) fn permute(s: &[u8; STICKERS], perm: &Perm) -> [u8; STICKERS] {
    let mut out = [0u8; STICKERS];
    for i in 0..STICKERS {
        out[perm[i] as usize] = s[i];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_distinct_and_on_the_right_faces() {
        for (i, p) in POSITIONS.iter().enumerate() {
            assert_eq!(position_index(*p), i);
            let (axis, sign) = FACE_NORMALS[i / 4];
            assert_eq!(p[axis], 2 * sign, "sticker {i}");
        }
    }

    #[test]
    fn twenty_four_rotations() {
        assert_eq!(rotation_perms().len(), 24);
    }

    #[test]
    fn top_turn_matches_the_seed_figure() {
        // The seed's rotate_top_cw: left becomes [l0 f0; l2 f1], top [t2 t0; t3 t1],
        // right [k2 r1; k3 r3], front [r2 r0; f2 f3], back [k0 k1; l3 l1].
        let perms = move_perms();
        let s: [u8; STICKERS] = std::array::from_fn(|i| i as u8);
        let t = permute(&s, &perms[2]);
        let (l, tp, r, f, k) = (0u8, 4u8, 8u8, 12u8, 20u8);
        assert_eq!(&t[0..4], &[l, f, l + 2, f + 1]);
        assert_eq!(&t[4..8], &[tp + 2, tp, tp + 3, tp + 1]);
        assert_eq!(&t[8..12], &[k + 2, r + 1, k + 3, r + 3]);
        assert_eq!(&t[12..16], &[r + 2, r, f + 2, f + 3]);
        assert_eq!(&t[20..24], &[k, k + 1, l + 3, l + 1]);
    }

    #[test]
    fn every_move_has_order_four_and_inverse() {
        let perms = move_perms();
        let s: [u8; STICKERS] = std::array::from_fn(|i| i as u8);
        for m in 0..12 {
            let mut t = s;
            for _ in 0..4 {
                t = permute(&t, &perms[m]);
            }
            assert_eq!(t, s);
            let inv = m ^ 1;
            assert_eq!(permute(&permute(&s, &perms[m]), &perms[inv]), s);
        }
    }
}
