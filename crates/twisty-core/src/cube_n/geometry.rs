//! Where every piece of an N×N×N cube is: the orbits, their positions, and the sticker
//! (facelet) of each position slot. The numbering is documented in [`super`].

use crate::cube3::facelets::{CORNER_FACELETS, EDGE_FACELETS};
use crate::supercube::facelets::facelet_position;
use crate::supercube::orientation::Matrix;
use crate::supercube::{group, rotate};

/// Outward normals of `U R F D L B` (x to R, y to U, z to F).
pub(crate) const NORMALS: [[i8; 3]; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// What a facelet belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sticker {
    /// Slot `slot` (0..3, the U/D sticker first, then clockwise) of corner position `pos`.
    Corner {
        /// Corner position 0..8.
        pos: u8,
        /// Sticker slot 0..3.
        slot: u8,
    },
    /// Slot `slot` (0 on the first face of the edge's name) of middle-edge position `pos`.
    Midge {
        /// Edge position 0..12.
        pos: u8,
        /// Sticker slot 0..2.
        slot: u8,
    },
    /// Slot `slot` of position `pos` (0..24) of wing orbit `orbit`.
    Wing {
        /// Wing orbit.
        orbit: u16,
        /// Position 0..24.
        pos: u8,
        /// Sticker slot 0..2 (0 on the first face of the edge's name).
        slot: u8,
    },
    /// Position `pos` (0..24) of centre orbit `orbit`.
    Centre {
        /// Centre orbit.
        orbit: u16,
        /// Position 0..24.
        pos: u8,
    },
    /// The fixed centre of face `face` (odd N).
    Fixed {
        /// Face 0..6 (`U R F D L B`).
        face: u8,
    },
}

/// The kind of a centre orbit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CentreKind {
    /// X-centres: on a diagonal of the face (`row == col`).
    X,
    /// +-centres: on the middle row or column of an odd cube.
    Plus,
    /// Obliques: neither; they come in mirror-image pairs of orbits.
    Oblique {
        /// The mirror-image orbit.
        mirror: u16,
    },
}

/// The facelet index of `(face, row, col)`.
pub(crate) fn index(n: usize, face: usize, row: usize, col: usize) -> usize {
    (face * n + row) * n + col
}

/// `(face, row, col)` of a facelet index.
pub(crate) fn face_row_col(n: usize, i: usize) -> (usize, usize, usize) {
    (i / (n * n), (i / n) % n, i % n)
}

/// The `(row, col)` of the sticker of cubie `v` on face `face` (the inverse of
/// [`facelet_position`]).
fn row_col(n: usize, face: usize, v: [usize; 3]) -> (usize, usize) {
    let last = n - 1;
    let [x, y, z] = v;
    match face {
        0 => (z, x),
        1 => (last - y, last - z),
        2 => (last - y, x),
        3 => (last - z, x),
        4 => (last - y, z),
        _ => (last - y, last - x),
    }
}

/// The cubie (x, y, z) of a facelet.
pub(crate) fn cubie_of(n: usize, i: usize) -> [usize; 3] {
    let (f, r, c) = face_row_col(n, i);
    facelet_position(n, f, r, c)
}

/// The facelet where facelet `i` goes when the whole cube (or the slice holding it) turns by
/// `m` about the cube's centre.
pub(crate) fn rotate_facelet(n: usize, m: &Matrix, i: usize) -> usize {
    let face = i / (n * n);
    let v = rotate(n, m, cubie_of(n, i));
    let d = NORMALS[face];
    let nd: [i8; 3] = [0, 1, 2].map(|r| (0..3).map(|k| m[r][k] * d[k]).sum());
    let f = NORMALS.iter().position(|x| *x == nd).unwrap_or(0);
    let (r, c) = row_col(n, f, v);
    index(n, f, r, c)
}

/// A 3x3x3 facelet (0..54) on an N×N×N: rows and columns 0 and 2 go to the outer rows, 1 to
/// `along`.
fn from_cube3(n: usize, j: usize, along: usize) -> usize {
    let map = |v: usize| match v {
        0 => 0,
        1 => along,
        _ => n - 1,
    };
    index(n, j / 9, map((j % 9) / 3), map(j % 3))
}

/// The orbits of one size and the facelets of every position slot.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub n: usize,
    /// What each of the 6N² facelets belongs to.
    pub owner: Vec<Sticker>,
    /// The facelets of each corner position (slot order).
    pub corners: [[usize; 3]; 8],
    /// The facelets of each middle-edge position (odd N; unused on even N).
    pub midges: [[usize; 2]; 12],
    /// The facelets of each position of each wing orbit.
    pub wings: Vec<[[usize; 2]; 24]>,
    /// The facelet of each position of each centre orbit.
    pub centres: Vec<[usize; 24]>,
    /// `(row, col)` of each centre orbit's position 0 (on U).
    pub centre_cells: Vec<(usize, usize)>,
    /// `wing_swap[orbit][piece]`: bit `p` set when the piece, at position `p`, shows its
    /// slot-0 colour on slot 1 (and its slot-1 colour on slot 0).
    pub wing_swap: Vec<[u32; 24]>,
}

impl Geometry {
    pub fn new(n: usize) -> Geometry {
        let mut owner = vec![Sticker::Fixed { face: 0 }; 6 * n * n];
        for (i, o) in owner.iter_mut().enumerate() {
            *o = Sticker::Fixed {
                face: (i / (n * n)) as u8,
            };
        }
        let mid = n / 2;
        let corners = CORNER_FACELETS.map(|c| c.map(|j| from_cube3(n, j, mid)));
        for (pos, c) in corners.iter().enumerate() {
            for (slot, &f) in c.iter().enumerate() {
                owner[f] = Sticker::Corner {
                    pos: pos as u8,
                    slot: slot as u8,
                };
            }
        }
        let midges = EDGE_FACELETS.map(|e| e.map(|j| from_cube3(n, j, mid)));
        if n % 2 == 1 && n >= 3 {
            for (pos, e) in midges.iter().enumerate() {
                for (slot, &f) in e.iter().enumerate() {
                    owner[f] = Sticker::Midge {
                        pos: pos as u8,
                        slot: slot as u8,
                    };
                }
            }
        }
        let wing_orbits = n.saturating_sub(2) / 2;
        let mut wings = Vec::with_capacity(wing_orbits);
        for k in 1..=wing_orbits {
            let mut orbit = [[0usize; 2]; 24];
            for (e, ef) in EDGE_FACELETS.iter().enumerate() {
                for side in 0..2 {
                    let along = if side == 0 { k } else { n - 1 - k };
                    let first = from_cube3(n, ef[0], along);
                    let v = cubie_of(n, first);
                    let f1 = ef[1] / 9;
                    let (r, c) = row_col(n, f1, v);
                    orbit[2 * e + side] = [first, index(n, f1, r, c)];
                }
            }
            for (pos, p) in orbit.iter().enumerate() {
                for (slot, &f) in p.iter().enumerate() {
                    owner[f] = Sticker::Wing {
                        orbit: (k - 1) as u16,
                        pos: pos as u8,
                        slot: slot as u8,
                    };
                }
            }
            wings.push(orbit);
        }
        let mut centres = Vec::new();
        let mut centre_cells = Vec::new();
        let last = n - 1;
        for r in 1..=n.saturating_sub(2) / 2 {
            for c in r..=n - 2 - r {
                let mut orbit = [0usize; 24];
                for face in 0..6 {
                    let (mut rr, mut cc) = (r, c);
                    for q in 0..4 {
                        orbit[4 * face + q] = index(n, face, rr, cc);
                        (rr, cc) = (cc, last - rr);
                    }
                }
                for (pos, &f) in orbit.iter().enumerate() {
                    owner[f] = Sticker::Centre {
                        orbit: centres.len() as u16,
                        pos: pos as u8,
                    };
                }
                centres.push(orbit);
                centre_cells.push((r, c));
            }
        }
        let mut g = Geometry {
            n,
            owner,
            corners,
            midges,
            wings,
            centres,
            centre_cells,
            wing_swap: Vec::new(),
        };
        g.wing_swap = (0..g.wings.len()).map(|k| g.swaps(k)).collect();
        g
    }

    /// The slot swaps of wing orbit `k`, from the 24 whole-cube rotations (each takes a
    /// wing's home to exactly one position).
    fn swaps(&self, k: usize) -> [u32; 24] {
        let mut out = [0u32; 24];
        for m in &group().matrix {
            for (w, home) in self.wings[k].iter().enumerate() {
                if let Sticker::Wing { pos, slot, .. } = self.owner[rotate_facelet(self.n, m, home[0])] {
                    if slot == 1 {
                        out[w] |= 1 << pos;
                    }
                }
            }
        }
        out
    }

    /// The kind of centre orbit `orbit`.
    pub fn centre_kind(&self, orbit: usize) -> CentreKind {
        let n = self.n;
        let (r, c) = self.centre_cells[orbit];
        if r == c {
            CentreKind::X
        } else if n % 2 == 1 && c == n / 2 {
            CentreKind::Plus
        } else {
            let mirror = self
                .centre_cells
                .iter()
                .position(|&x| x == (r, n - 1 - c))
                .unwrap_or(orbit);
            CentreKind::Oblique {
                mirror: mirror as u16,
            }
        }
    }
}
