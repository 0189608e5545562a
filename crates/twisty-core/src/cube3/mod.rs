//! The 3x3x3 cube as a cubie model.
//!
//! # Conventions (Kociemba's)
//!
//! The state is a [`CubieCube`]: which cubie sits at each position and how it is twisted,
//! in the "replaced by" representation of Kociemba's `CubieCube`: entry `i` of the corner
//! permutation names the corner cubie that occupies corner position `i`.
//!
//! * Corner positions and cubies, in order: `URF UFL ULB UBR DFR DLF DBL DRB` (0..8).
//! * Edge positions and cubies, in order: `UR UF UL UB DR DF DL DB FR FL BL BR` (0..12).
//! * Corner orientation 0..3: 0 when the cubie's U or D sticker lies on the U or D face of
//!   its position, 1 when it lies one step clockwise from there (looking at the corner from
//!   outside), 2 when two steps; the orientations of a legal cube sum to 0 mod 3.
//! * Edge orientation 0..2: 0 when the cubie's first sticker (the first letter of its name:
//!   U/D for the U and D layer edges, F/B for the slice edges) lies on the first face of the
//!   position's name; the orientations of a legal cube sum to 0 mod 2.
//! * Composition: `a.multiply(&b)` is "`a`, then `b`"; applying a move is multiplying by the
//!   move's cubie cube.
//! * Moves: faces in the order `U R F D L B` (indices 0..6), each turned by 1, 2 or 3
//!   quarter turns clockwise; [`Cube3Move::index`] is `3·face + amount − 1` (0..18).
//! * The facelet string is Kociemba's: 54 face letters, faces in the order `U R F D L B`,
//!   each face read row by row as seen from outside with U above F and F above D (the
//!   U face seen with B at the top, the D face with F at the top), see [`facelets`].
//!
//! Centres never move: whole-cube rotations, slice and wide moves in the notation are
//! normalised to face moves of this fixed-centre frame (see [`notation`]). The cube as a
//! person holds it is this state seen through a [`CubeFrame`]: [`crate::Held`] parses input
//! while tracking the frame and writes answers as the faces the person sees, and
//! [`facelets::from_facelets_held`] reads a facelet string written in any orientation.

pub mod facelets;
pub mod frame;
mod held;
pub mod lanes;
mod moves;
pub mod notation;
pub mod render;
mod simd;
pub mod symmetry;

use crate::error::{InvalidState, ParseError};
use crate::puzzle::{Metric, Puzzle};
use moves::{MOVE_CUBES, MOVE_DELTAS, TWIST_ADD};
use rand::Rng;

pub use symmetry::{SymClasses, SymSubgroup, Symmetries, Symmetry};

pub use frame::CubeFrame;
pub use lanes::{EdgeConjugator, LaneCube};
pub use render::{render_net, render_net_held};

/// Face letters in index order.
pub const FACE_NAMES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// Corner names in Kociemba's order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// Edge names in Kociemba's order.
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// One of the 18 face moves: a face (`U R F D L B` = 0..6) turned 1, 2 or 3 quarter turns
/// clockwise. Stored as its index `3·face + amount − 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cube3Move(u8);

impl Cube3Move {
    /// All 18 moves in index order: `U U2 U' R R2 R' F … B'`.
    pub const ALL: [Cube3Move; 18] = {
        let mut a = [Cube3Move(0); 18];
        let mut i = 0;
        while i < 18 {
            a[i] = Cube3Move(i as u8);
            i += 1;
        }
        a
    };

    /// The move turning `face` (0..6) by `amount` (1..=3) quarter turns clockwise, or `None`
    /// when either is out of range.
    pub const fn new(face: u8, amount: u8) -> Option<Cube3Move> {
        if face < 6 && amount >= 1 && amount <= 3 {
            Some(Cube3Move(3 * face + amount - 1))
        } else {
            None
        }
    }

    /// The move with index `index` (0..18), or `None`.
    pub const fn from_index(index: u8) -> Option<Cube3Move> {
        if index < 18 {
            Some(Cube3Move(index))
        } else {
            None
        }
    }

    /// Index 0..18 (`3·face + amount − 1`), for indexing move tables.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The face turned, 0..6 in the order `U R F D L B`.
    #[inline]
    pub const fn face(self) -> u8 {
        self.0 / 3
    }

    /// Quarter turns clockwise, 1..=3.
    #[inline]
    pub const fn amount(self) -> u8 {
        self.0 % 3 + 1
    }

    /// The inverse move.
    #[inline]
    pub const fn inverse(self) -> Cube3Move {
        Cube3Move(3 * (self.0 / 3) + 2 - self.0 % 3)
    }
}

impl std::fmt::Display for Cube3Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let suffix = ["", "2", "'"][(self.0 % 3) as usize];
        write!(f, "{}{}", FACE_NAMES[self.face() as usize], suffix)
    }
}

fn shuffle_tables() -> &'static [simd::ShuffleMove; 18] {
    static T: std::sync::OnceLock<[simd::ShuffleMove; 18]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        MOVE_CUBES.map(|c| {
            let cp = c.corner_perms();
            let co = c.corner_oris();
            let ep = c.edge_perms();
            let eo = c.edge_oris();
            simd::ShuffleMove::new(cp, co, ep, eo)
        })
    })
}

fn use_shuffles() -> bool {
    static USE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *USE.get_or_init(simd::available)
}

/// A 3x3x3 state: 8 corners and 12 edges with their orientations (Kociemba's conventions,
/// see the module docs).
///
/// Packed as one byte per position: corners as `cubie | orientation << 3`, edges as
/// `cubie | orientation << 4`; use the accessors rather than the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CubieCube {
    corners: [u8; 8],
    edges: [u8; 12],
}

impl Default for CubieCube {
    fn default() -> Self {
        Self::SOLVED
    }
}

const fn mod3(x: u8) -> u8 {
    if x >= 3 {
        x - 3
    } else {
        x
    }
}

impl CubieCube {
    /// The solved cube.
    pub const SOLVED: CubieCube = CubieCube {
        corners: [0, 1, 2, 3, 4, 5, 6, 7],
        edges: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    };

    /// Builds a cube from its permutations and orientations without checking legality
    /// (see [`CubieCube::validate`]); `None` when a value is out of range (cubie ≥ 8 or 12,
    /// corner orientation ≥ 3, edge orientation ≥ 2).
    pub fn from_parts(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> Option<CubieCube> {
        let mut c = CubieCube::SOLVED;
        for i in 0..8 {
            if cp[i] >= 8 || co[i] >= 3 {
                return None;
            }
            c.corners[i] = cp[i] | co[i] << 3;
        }
        for i in 0..12 {
            if ep[i] >= 12 || eo[i] >= 2 {
                return None;
            }
            c.edges[i] = ep[i] | eo[i] << 4;
        }
        Some(c)
    }

    /// The corner cubie at corner position `i` (0..8).
    #[inline]
    pub fn corner_perm(&self, i: usize) -> u8 {
        self.corners[i] & 7
    }

    /// The orientation (0..3) of the corner at position `i`.
    #[inline]
    pub fn corner_ori(&self, i: usize) -> u8 {
        self.corners[i] >> 3
    }

    /// The edge cubie at edge position `i` (0..12).
    #[inline]
    pub fn edge_perm(&self, i: usize) -> u8 {
        self.edges[i] & 15
    }

    /// The orientation (0..2) of the edge at position `i`.
    #[inline]
    pub fn edge_ori(&self, i: usize) -> u8 {
        self.edges[i] >> 4
    }

    /// The corner permutation (cubie at each position).
    pub fn corner_perms(&self) -> [u8; 8] {
        self.corners.map(|c| c & 7)
    }

    /// The corner orientations.
    pub fn corner_oris(&self) -> [u8; 8] {
        self.corners.map(|c| c >> 3)
    }

    /// The edge permutation (cubie at each position).
    pub fn edge_perms(&self) -> [u8; 12] {
        self.edges.map(|e| e & 15)
    }

    /// The edge orientations.
    pub fn edge_oris(&self) -> [u8; 12] {
        self.edges.map(|e| e >> 4)
    }

    /// The composition "`self`, then `other`".
    #[inline]
    pub const fn multiply(&self, other: &CubieCube) -> CubieCube {
        let mut out = CubieCube::SOLVED;
        let mut i = 0;
        while i < 8 {
            let b = other.corners[i];
            let a = self.corners[(b & 7) as usize];
            out.corners[i] = (a & 7) | mod3((a >> 3) + (b >> 3)) << 3;
            i += 1;
        }
        let mut i = 0;
        while i < 12 {
            let b = other.edges[i];
            let a = self.edges[(b & 15) as usize];
            out.edges[i] = (a & 15) | ((a ^ b) & 16);
            i += 1;
        }
        out
    }

    /// The inverse state: `self.multiply(&self.inverse())` is solved.
    pub const fn inverse(&self) -> CubieCube {
        let mut out = CubieCube::SOLVED;
        let mut i = 0;
        while i < 8 {
            let a = self.corners[i];
            let o = a >> 3;
            out.corners[(a & 7) as usize] = i as u8 | (mod3(3 - o)) << 3;
            i += 1;
        }
        let mut i = 0;
        while i < 12 {
            let a = self.edges[i];
            out.edges[(a & 15) as usize] = i as u8 | (a & 16);
            i += 1;
        }
        out
    }

    /// Applies one face move in place (a table lookup per cubie, no allocation).
    #[inline]
    pub fn apply_move(&mut self, mv: Cube3Move) {
        if use_shuffles() {
            simd::apply(
                &mut self.corners,
                &mut self.edges,
                &shuffle_tables()[mv.index() as usize],
            );
        } else {
            self.apply_move_scalar(mv);
        }
    }

    /// Applies one face move with the scalar code path (the reference for the shuffle path).
    #[inline]
    pub fn apply_move_scalar(&mut self, mv: Cube3Move) {
        // Only the four corners and four edges of the turned face change.
        let d = &MOVE_DELTAS[mv.index() as usize];
        let old = *self;
        for &(pos, src, twist) in &d.corners {
            let a = old.corners[(src & 7) as usize];
            self.corners[(pos & 7) as usize] = TWIST_ADD[(twist & 3) as usize][(a & 31) as usize];
        }
        for &(pos, src, flip) in &d.edges {
            let a = old.edges[src as usize];
            self.edges[pos as usize] = a ^ flip;
        }
    }

    /// The cube after one face move.
    #[inline]
    pub fn after(mut self, mv: Cube3Move) -> CubieCube {
        self.apply_move(mv);
        self
    }

    /// The cubie cube of one face move (the state it makes from solved).
    pub fn of_move(mv: Cube3Move) -> CubieCube {
        MOVE_CUBES[mv.index() as usize]
    }

    /// Whether the state is reachable from solved.
    pub fn is_legal(&self) -> bool {
        self.validate().is_ok()
    }

    /// Checks that every cubie appears once, the twists sum to 0 mod 3, the flips to 0 mod 2
    /// and the corner and edge permutations have equal parity.
    pub fn validate(&self) -> Result<(), InvalidState> {
        let mut seen = 0u32;
        for i in 0..8 {
            let c = self.corner_perm(i);
            if self.corner_ori(i) > 2 {
                return Err(InvalidState::Malformed(format!(
                    "corner orientation {}",
                    self.corner_ori(i)
                )));
            }
            if seen & (1 << c) != 0 {
                return Err(InvalidState::DuplicatePiece(format!(
                    "corner {} appears twice",
                    CORNER_NAMES[c as usize]
                )));
            }
            seen |= 1 << c;
        }
        let mut seen = 0u32;
        for i in 0..12 {
            let e = self.edge_perm(i);
            if e >= 12 {
                return Err(InvalidState::NoSuchPiece(format!("edge cubie {e}")));
            }
            if seen & (1 << e) != 0 {
                return Err(InvalidState::DuplicatePiece(format!(
                    "edge {} appears twice",
                    EDGE_NAMES[e as usize]
                )));
            }
            seen |= 1 << e;
        }
        let twist: u32 = (0..8).map(|i| self.corner_ori(i) as u32).sum();
        if !twist.is_multiple_of(3) {
            return Err(InvalidState::Twist {
                sum: (twist % 3) as u8,
            });
        }
        let flip: u32 = (0..12).map(|i| self.edge_ori(i) as u32).sum();
        if !flip.is_multiple_of(2) {
            return Err(InvalidState::Flip);
        }
        let cp = parity(&self.corner_perms());
        let ep = parity(&self.edge_perms());
        if cp != ep {
            return Err(InvalidState::Parity(format!(
                "the corner permutation is {} but the edge permutation is {}: two pieces are swapped",
                if cp { "odd" } else { "even" },
                if ep { "odd" } else { "even" }
            )));
        }
        Ok(())
    }

    /// A uniformly random legal state.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> CubieCube {
        let mut cp = [0, 1, 2, 3, 4, 5, 6, 7];
        let mut ep = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
        shuffle(rng, &mut cp);
        shuffle(rng, &mut ep);
        if parity(&cp) != parity(&ep) {
            ep.swap(10, 11);
        }
        let mut co = [0u8; 8];
        let mut eo = [0u8; 12];
        let mut sum = 0;
        for o in co.iter_mut().take(7) {
            *o = rng.random_range(0..3);
            sum += *o;
        }
        co[7] = (3 - sum % 3) % 3;
        let mut sum = 0;
        for o in eo.iter_mut().take(11) {
            *o = rng.random_range(0..2);
            sum += *o;
        }
        eo[11] = sum % 2;
        let mut c = CubieCube::SOLVED;
        for i in 0..8 {
            c.corners[i] = cp[i] | co[i] << 3;
        }
        for i in 0..12 {
            c.edges[i] = ep[i] | eo[i] << 4;
        }
        c
    }
}

fn shuffle<R: Rng + ?Sized, const N: usize>(rng: &mut R, a: &mut [u8; N]) {
    for i in (1..N).rev() {
        let j = rng.random_range(0..=i);
        a.swap(i, j);
    }
}

/// Whether a permutation is odd.
pub fn parity(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                odd = !odd;
            }
        }
    }
    odd
}

/// The 3x3x3 cube with fixed centres and the 18 face moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cube3;

impl Cube3 {
    /// Parses a 54-character Kociemba facelet string and validates the state.
    pub fn from_facelets(&self, text: &str) -> Result<CubieCube, InvalidState> {
        facelets::from_facelets(text)
    }

    /// The 54-character Kociemba facelet string of a state.
    pub fn to_facelets(&self, state: &CubieCube) -> String {
        facelets::to_facelets(state)
    }

    /// Parses a facelet string of a cube held in any orientation (see
    /// [`facelets::from_facelets_held`]): the reference-frame state and the frame.
    pub fn from_facelets_held(&self, text: &str) -> Result<(CubieCube, CubeFrame), InvalidState> {
        facelets::from_facelets_held(text)
    }
}

impl Puzzle for Cube3 {
    type State = CubieCube;
    type Move = Cube3Move;

    fn name(&self) -> String {
        "3x3x3".to_string()
    }

    fn solved(&self) -> CubieCube {
        CubieCube::SOLVED
    }

    #[inline]
    fn apply(&self, state: &mut CubieCube, mv: Cube3Move) {
        state.apply_move(mv);
    }

    fn moves(&self) -> Vec<Cube3Move> {
        Cube3Move::ALL.to_vec()
    }

    fn inverse(&self, mv: Cube3Move) -> Cube3Move {
        mv.inverse()
    }

    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> CubieCube {
        CubieCube::random(rng)
    }

    fn face(&self, mv: Cube3Move) -> u8 {
        mv.face()
    }

    fn faces_commute(&self, a: u8, b: u8) -> bool {
        a != b && a % 3 == b % 3
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<Cube3Move>, ParseError> {
        notation::parse(text)
    }

    fn format_move(&self, mv: Cube3Move) -> String {
        mv.to_string()
    }

    fn move_length(&self, mv: Cube3Move, metric: Metric) -> u32 {
        match metric {
            Metric::Htm | Metric::Obtm | Metric::Sstm | Metric::Etm | Metric::Twist => 1,
            Metric::Qtm => {
                if mv.amount() == 2 {
                    2
                } else {
                    1
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn face_moves_have_order_four_and_are_legal() {
        for m in Cube3Move::ALL {
            let mut c = CubieCube::SOLVED;
            let order = if m.amount() == 2 { 2 } else { 4 };
            for k in 1..=4 {
                c.apply_move(m);
                assert_eq!(c == CubieCube::SOLVED, k % order == 0, "{m}");
            }
            assert!(CubieCube::of_move(m).is_legal(), "{m}");
        }
    }

    #[test]
    fn inverse_and_multiply() {
        let c = CubieCube::SOLVED
            .after(Cube3Move::ALL[4])
            .after(Cube3Move::ALL[7]);
        assert_eq!(c.multiply(&c.inverse()), CubieCube::SOLVED);
        assert_eq!(c.inverse().multiply(&c), CubieCube::SOLVED);
    }
}
