//! The 60 rotations of the dodecahedron, acting on the Kilominx's 12 face positions.
//!
//! A rotation is stored as the permutation of face positions it causes: entry `f` is the
//! position the content of face position `f` moves to. Faces are numbered as in
//! [`super::FACE_NAMES`]. A [`KiloFrame`] is how the UFL-fixed reference puzzle sits in a
//! person's hands: reference face `f` is at hand position `frame.position_of(f)`.

/// One clockwise fifth (72°, seen from outside the face) of the whole puzzle about each face,
/// as a face permutation (content of position `f` moves to `FIFTH[face][f]`).
pub(crate) const FIFTH: [[u8; 12]; 12] = [
    [0, 4, 1, 2, 5, 3, 8, 6, 10, 7, 9, 11],
    [2, 1, 6, 7, 0, 3, 8, 11, 4, 9, 5, 10],
    [3, 0, 2, 7, 5, 9, 1, 6, 4, 11, 10, 8],
    [5, 4, 0, 3, 10, 9, 1, 2, 8, 7, 11, 6],
    [1, 8, 6, 2, 4, 0, 11, 7, 10, 3, 5, 9],
    [4, 8, 1, 0, 10, 5, 6, 2, 11, 3, 9, 7],
    [3, 2, 7, 9, 0, 5, 6, 11, 1, 10, 4, 8],
    [5, 0, 3, 9, 4, 10, 2, 7, 1, 11, 8, 6],
    [2, 6, 7, 3, 1, 0, 11, 9, 8, 5, 4, 10],
    [4, 1, 0, 5, 8, 10, 2, 3, 6, 9, 11, 7],
    [1, 6, 2, 0, 8, 4, 7, 3, 11, 5, 10, 9],
    [0, 2, 3, 5, 1, 4, 7, 9, 6, 10, 8, 11],
];

/// The half turn cubing.js calls `x2`: it swaps U and D, F and DB, R and DBR, L and DBL,
/// BL and DL, BR and DR (the faces named as in [`super::FACE_NAMES`]).
const X2: [u8; 12] = [11, 8, 10, 9, 6, 7, 4, 5, 1, 3, 2, 0];

/// The face opposite each face.
pub const OPPOSITE: [u8; 12] = [11, 9, 10, 8, 7, 6, 5, 4, 3, 1, 2, 0];

/// The three faces (indices into [`super::FACE_NAMES`]) meeting at each corner position of
/// [`super::CUBIE_NAMES`].
pub const CORNER_FACES: [[u8; 3]; 20] = [
    [0, 1, 2],
    [0, 1, 4],
    [0, 2, 3],
    [1, 2, 6],
    [0, 3, 5],
    [2, 3, 7],
    [0, 4, 5],
    [3, 5, 9],
    [2, 6, 7],
    [4, 5, 10],
    [3, 7, 9],
    [1, 4, 8],
    [5, 9, 10],
    [6, 7, 11],
    [4, 8, 10],
    [6, 8, 11],
    [1, 6, 8],
    [8, 10, 11],
    [7, 9, 11],
    [9, 10, 11],
];

/// A whole-puzzle orientation of the Kilominx: one of the 60 rotations of the dodecahedron.
///
/// Built only from [`KiloFrame::HOME`], [`KiloFrame::about`], [`KiloFrame::x2`] and their
/// compositions, so it is always a rotation (never a reflection).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KiloFrame([u8; 12]);

impl Default for KiloFrame {
    fn default() -> Self {
        Self::HOME
    }
}

impl KiloFrame {
    /// The puzzle held in the reference orientation.
    pub const HOME: KiloFrame = KiloFrame([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

    /// The rotation by `fifths` clockwise fifths about `face` (seen from outside it), or
    /// `None` for a face outside 0..12.
    pub fn about(face: u8, fifths: u8) -> Option<KiloFrame> {
        let step = KiloFrame(*FIFTH.get(face as usize)?);
        let mut r = Self::HOME;
        for _ in 0..fifths % 5 {
            r = r.then(step);
        }
        Some(r)
    }

    /// cubing.js's `x2` half turn.
    pub const fn x2() -> KiloFrame {
        KiloFrame(X2)
    }

    /// The hand position of reference face `face` (0..12; other values are returned as is).
    pub fn position_of(self, face: u8) -> u8 {
        self.0.get(face as usize).copied().unwrap_or(face)
    }

    /// The reference face at hand position `position` (0..12; other values are returned as
    /// is).
    pub fn face_at(self, position: u8) -> u8 {
        self.0
            .iter()
            .position(|&p| p == position)
            .map_or(position, |f| f as u8)
    }

    /// This orientation followed by the whole-puzzle rotation `rotation` made in the hands.
    pub fn then(self, rotation: KiloFrame) -> KiloFrame {
        KiloFrame(self.0.map(|p| rotation.0[p as usize]))
    }

    /// The rotation undoing this one.
    pub fn inverse(self) -> KiloFrame {
        let mut out = [0u8; 12];
        for (f, &p) in self.0.iter().enumerate() {
            out[p as usize] = f as u8;
        }
        KiloFrame(out)
    }

    /// The face permutation: entry `f` is the hand position of reference face `f`.
    pub fn faces(self) -> [u8; 12] {
        self.0
    }

    /// The hand position (0..20, see [`super::CUBIE_NAMES`]) of reference corner position
    /// `corner` (0..20; other values are returned as is).
    pub fn corner_position(self, corner: usize) -> usize {
        let Some(fs) = CORNER_FACES.get(corner) else {
            return corner;
        };
        let mask = fs.iter().fold(0u16, |m, &f| m | 1 << self.0[f as usize]);
        CORNER_FACES
            .iter()
            .position(|c| c.iter().fold(0u16, |m, &f| m | 1 << f) == mask)
            .unwrap_or(corner)
    }

    /// All 60 rotations, [`KiloFrame::HOME`] first.
    pub fn all() -> Vec<KiloFrame> {
        let gens: Vec<KiloFrame> = (0..12).map(|f| KiloFrame(FIFTH[f])).collect();
        let mut out = vec![Self::HOME];
        let mut i = 0;
        while i < out.len() {
            let r = out[i];
            for &g in &gens {
                let n = r.then(g);
                if !out.contains(&n) {
                    out.push(n);
                }
            }
            i += 1;
        }
        out
    }
}
