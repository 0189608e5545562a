//! The ordinary N×N×N cube a person owns (4x4x4, 5x5x5, … up to [`MAX_N`]): the pieces a
//! person sees, grouped by orbit, with the centres of one colour interchangeable and no
//! inner cubies.
//!
//! # Coordinates, faces and facelets
//!
//! Faces are `U R F D L B` (0..6). A facelet string has 6·N² letters, face by face in that
//! order, each face row by row as seen from outside, as the 3x3x3's Kociemba string: U's top
//! row next to B, the side faces' top rows next to U, D's top row next to F. Facelet
//! `(face, row, col)` has index `(face · N + row) · N + col`. Axes and slices are those of
//! [`crate::wca`]: x from L to R, y from D to U, z from B to F, slice `s` of an axis holds the
//! cubies whose coordinate along it is `s`.
//!
//! # Orbits and their numbering
//!
//! Every piece sits at a *position* of its orbit; a move permutes positions inside each orbit.
//! The state stores, per position, the piece there ("replaced by", as [`crate::cube3`]).
//!
//! - **Corners** (8): positions and pieces `URF UFL ULB UBR DFR DLF DBL DRB` (0..8), the
//!   3x3x3's; twist 0..3 as [`crate::cube3`] (the U/D sticker's slot, slots counted
//!   clockwise from the position's U/D facelet), stored as `piece | twist << 3`.
//! - **Middle edges** (odd N only, 12): `UR UF UL UB DR DF DL DB FR FL BL BR`, flip as the
//!   3x3x3's, stored as `piece | flip << 4`; they sit at index `(N−1)/2` along their edge.
//! - **Fixed centres** (odd N): the middle facelet of each face; they never move (see the
//!   reference frame below) and are not stored.
//! - **Wing orbits** `k = 0..⌊(N−2)/2⌋`: the wings `k + 1` facelets in from a corner along
//!   each edge. Position `2·e + s` of orbit `k` is on edge `e` (the 3x3x3 order above):
//!   its slot-0 facelet is on the edge's first face (U or D for the U and D layer edges, F
//!   or B for the slice edges), at index `k + 1` (side `s = 0`) or `N − 2 − k` (`s = 1`)
//!   of the row or column that edge's facelets run along; slot 1 is the same cubie's facelet
//!   on the second face. Piece `w` is the wing whose home is position `w`. A wing has no
//!   orientation: the same two colours in mirror order are the other wing of the pair, and a
//!   wing in a position shows its colours in the one way that position allows
//!   ([`CubeN::wing_colours`]).
//! - **Centre orbits** `j = 0..⌊(N−2)²/4⌋`: orbit `j` is the facelet `(r, c)` of U and its
//!   images, for the cells `1 ≤ r ≤ ⌊(N−2)/2⌋`, `r ≤ c ≤ N − 2 − r` taken in the order
//!   `r = 1, c = 1, 2, …; r = 2, c = 2, …` ([`CubeN::centre_cell`]). Position `4·f + q` is
//!   on face `f` at the cell `(r, c)` turned `q` quarter turns clockwise as seen from
//!   outside: `(r, c) → (c, N−1−r)`. X-centres have `r = c`, +-centres (odd N) `c = (N−1)/2`,
//!   obliques neither; the oblique orbits `(r, c)` and `(r, N−1−c)` are mirror images
//!   ([`CubeN::centre_kind`]). The state stores the colour (face 0..6) at each position, so
//!   the four pieces of a colour are interchangeable; solved, position `p` has colour
//!   `p / 4`.
//!
//! Every move's effect on an orbit is available as a permutation of its positions for
//! building coordinate move tables: [`CubeN::corner_permutation`],
//! [`CubeN::midge_permutation`], [`CubeN::wing_permutation`],
//! [`CubeN::centre_permutation`].
//!
//! # Moves and the reference frame
//!
//! A move is a [`Block`]: a contiguous range of slices of one axis turned by 90°, 180° or
//! 270°; every outer face, inner layer, wide block and range of layers a person turns is
//! one. A person can also turn the whole cube, and an even cube has no fixed centres, so
//! states are kept in a *reference frame* in which one thing never moves, the *anchor*:
//! the **DBL corner** on even N (as the 2x2x2), the **fixed centres** (the middle slices)
//! on odd N (as the 3x3x3). A block that holds the anchor's slice is applied as the other
//! slices of its axis turned the opposite way, which is the same turn up to a whole-cube
//! rotation; a rotation changes nothing. So every state a person can see has exactly one
//! representation, and solved means solved however the cube is held. [`crate::Held`]
//! tracks the rotation for the cube as held (see [`held`]).
//!
//! [`Puzzle::moves`] is the generating set of outer blocks that do not hold the anchor:
//! 9·(N−1) moves (on even N the blocks holding R, U or F of widths 1..N−1; on odd N the
//! blocks of widths 1..(N−1)/2 from each face).
//!
//! # Metrics
//!
//! - [`Metric::Obtm`] (outer block turn metric, the default for N ≥ 4, what the peers
//!   report): a turn of a block that holds an outer face counts 1 whatever its width and
//!   angle; a block of inner layers alone counts 2 (it is two outer block turns);
//!   rotations count 0. [`Metric::Htm`] is the same on these cubes.
//! - [`Metric::Qtm`] (outer block quarter turns): as OBTM, a half turn counting twice.
//! - [`Metric::Sstm`] (single slice turn metric): every layer turned counts 1, so a block
//!   counts its width (`Rw` 2, `3Rw` 3, `2R` 1); rotations count 0.
//! - [`Metric::Etm`] (execution turn metric): every token counts 1, rotations included.
//!
//! # State I/O and validation
//!
//! [`facelets`] reads and writes facelet strings (any whole-cube orientation; face letters,
//! colour letters or colour names) and [`validate`] names every impossible state: the orbit
//! and what is wrong. [`random`] draws uniform states and gives the group order.

pub mod facelets;
pub mod geometry;
pub mod held;
pub mod random;
mod turns;
pub mod validate;

#[cfg(test)]
mod tests;

pub use crate::wca::Block;
pub use geometry::{CentreKind, Sticker};

use crate::error::{InvalidState, ParseError};
use crate::puzzle::{Metric, Puzzle};
use crate::supercube::CubeFrame;
use rand::Rng;
use std::sync::OnceLock;
use turns::{Parts, Tables};

/// Smallest size of the model (2 and 3 are for cross-checks with [`crate::cube2`] and
/// [`crate::cube3`]; the ordinary big cubes start at 4).
pub const MIN_N: usize = 2;
/// Largest supported size.
pub const MAX_N: usize = 64;

// Flat wing and centre indices must fit the tables' u16.
const _: () = assert!(24 * ((MAX_N - 2) * (MAX_N - 2) / 4) < u16::MAX as usize);

/// A move of [`CubeN`].
pub type CubeNMove = Block;

/// Why a cube could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an N×N×N cube has 2 ≤ N ≤ {MAX_N} here, not {0}")]
pub struct BadSize(pub usize);

/// The ordinary N×N×N cube. Make it with [`CubeN::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CubeN {
    /// Cube size N.
    pub n: usize,
}

/// A state of an N×N×N cube in the reference frame (see the module notes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CubeNState {
    n: u8,
    corners: [u8; 8],
    midges: [u8; 12],
    wings: Vec<u8>,
    centres: Vec<u8>,
}

static TABLES: [OnceLock<Tables>; MAX_N + 1] = [const { OnceLock::new() }; MAX_N + 1];

impl CubeN {
    /// The N×N×N cube, `2 ≤ n ≤` [`MAX_N`].
    pub fn new(n: usize) -> Result<CubeN, BadSize> {
        if (MIN_N..=MAX_N).contains(&n) {
            Ok(CubeN { n })
        } else {
            Err(BadSize(n))
        }
    }

    /// The size, clamped to the supported range.
    pub(crate) fn size(&self) -> usize {
        self.n.clamp(MIN_N, MAX_N)
    }

    /// The precomputed geometry and slice turns of this size (built on first use).
    fn tables(&self) -> &'static Tables {
        let n = self.size();
        TABLES[n].get_or_init(|| Tables::new(n))
    }

    /// Number of wing orbits, ⌊(N−2)/2⌋.
    pub fn wing_orbits(&self) -> usize {
        self.size().saturating_sub(2) / 2
    }

    /// Number of centre orbits, ⌊(N−2)²/4⌋.
    pub fn centre_orbits(&self) -> usize {
        let m = self.size().saturating_sub(2);
        m * m / 4
    }

    /// Whether the cube has middle edges and fixed centres (odd N).
    pub fn is_odd(&self) -> bool {
        self.size() % 2 == 1
    }

    /// The slice that never moves in the reference frame: 0 (the DBL corner's) on even N,
    /// the middle one on odd N.
    pub fn anchor_slice(&self) -> usize {
        let n = self.size();
        if n % 2 == 1 {
            n / 2
        } else {
            0
        }
    }

    /// Whether a block holds the anchor slice (so it turns the reference frame when a
    /// person makes it).
    pub fn holds_anchor(&self, b: Block) -> bool {
        let a = self.anchor_slice();
        (b.lo as usize) <= a && a <= b.hi as usize
    }

    /// Whether `b` is a move of this cube (axis, slices and angle in range, not every slice).
    pub fn is_move(&self, b: Block) -> bool {
        b.axis < 3
            && b.angle < 3
            && b.lo <= b.hi
            && (b.hi as usize) < self.size()
            && !b.is_rotation(self.size())
    }

    /// `(row, col)` on U of position 0 of centre orbit `orbit` (see the module notes).
    pub fn centre_cell(&self, orbit: usize) -> Option<(usize, usize)> {
        self.tables().geometry.centre_cells.get(orbit).copied()
    }

    /// The kind of centre orbit `orbit` (x-centre, +-centre or oblique with its mirror).
    pub fn centre_kind(&self, orbit: usize) -> Option<CentreKind> {
        (orbit < self.centre_orbits()).then(|| self.tables().geometry.centre_kind(orbit))
    }

    /// What facelet `index` (0..6N²) belongs to.
    pub fn sticker(&self, index: usize) -> Option<Sticker> {
        self.tables().geometry.owner.get(index).copied()
    }

    /// The facelets of corner position `pos` (slot order).
    pub fn corner_facelets(&self, pos: usize) -> Option<[usize; 3]> {
        self.tables().geometry.corners.get(pos).copied()
    }

    /// The facelets of wing position `pos` of orbit `orbit` (slot order).
    pub fn wing_facelets(&self, orbit: usize, pos: usize) -> Option<[usize; 2]> {
        self.tables().geometry.wings.get(orbit)?.get(pos).copied()
    }

    /// The facelet of centre position `pos` of orbit `orbit`.
    pub fn centre_facelet(&self, orbit: usize, pos: usize) -> Option<usize> {
        self.tables().geometry.centres.get(orbit)?.get(pos).copied()
    }

    /// The colours (faces 0..6) wing `piece` of any orbit shows on slots 0 and 1 of
    /// position `pos` of `orbit`.
    pub fn wing_colours(&self, orbit: usize, piece: usize, pos: usize) -> [u8; 2] {
        let c = crate::cube3::facelets::EDGE_COLOURS[(piece / 2) % 12];
        let swapped = self
            .tables()
            .geometry
            .wing_swap
            .get(orbit)
            .is_some_and(|s| s[piece % 24] >> (pos % 24) & 1 == 1);
        if swapped {
            [c[1], c[0]]
        } else {
            c
        }
    }

    /// Turns the slices `slices` of `axis` by `turns` positive quarter turns, in place.
    fn turn_slices(&self, state: &mut CubeNState, axis: usize, slices: std::ops::Range<usize>, turns: u8) {
        let t = self.tables();
        for s in slices {
            t.turn(
                Parts {
                    corners: &mut state.corners,
                    midges: &mut state.midges,
                    wings: &mut state.wings,
                    centres: &mut state.centres,
                },
                axis,
                s,
                turns,
            );
        }
    }

    /// The state `mv` makes from a state whose every orbit is labelled by position (the
    /// permutations of the orbits).
    fn labelled_after(&self, mv: Block) -> CubeNState {
        let mut s = self.solved();
        for (i, c) in s.centres.iter_mut().enumerate() {
            *c = (i % 24) as u8;
        }
        self.apply(&mut s, mv);
        s
    }

    /// The corner permutation of a move: after it, position `i` holds the corner that was at
    /// `perm[i]`, its twist grown by `twist[i]` (mod 3).
    pub fn corner_permutation(&self, mv: Block) -> ([u8; 8], [u8; 8]) {
        let s = self.labelled_after(mv);
        (s.corners.map(|c| c & 7), s.corners.map(|c| c >> 3))
    }

    /// The middle-edge permutation of a move (odd N; the identity on even N): after it,
    /// position `i` holds the edge that was at `perm[i]`, its flip grown by `flip[i]`.
    pub fn midge_permutation(&self, mv: Block) -> ([u8; 12], [u8; 12]) {
        let s = self.labelled_after(mv);
        (s.midges.map(|c| c & 15), s.midges.map(|c| c >> 4))
    }

    /// The permutation a move makes of wing orbit `orbit`: after it, position `i` holds the
    /// wing that was at `perm[i]`.
    pub fn wing_permutation(&self, mv: Block, orbit: usize) -> [u8; 24] {
        let s = self.labelled_after(mv);
        let mut out: [u8; 24] = std::array::from_fn(|i| i as u8);
        if let Some(w) = s.wings.get(24 * orbit..24 * orbit + 24) {
            out.copy_from_slice(w);
        }
        out
    }

    /// The permutation a move makes of centre orbit `orbit`: after it, position `i` holds
    /// the centre piece that was at `perm[i]`.
    pub fn centre_permutation(&self, mv: Block, orbit: usize) -> [u8; 24] {
        let s = self.labelled_after(mv);
        let mut out: [u8; 24] = std::array::from_fn(|i| i as u8);
        if let Some(c) = s.centres.get(24 * orbit..24 * orbit + 24) {
            out.copy_from_slice(c);
        }
        out
    }

    /// A block from a face: `width` layers (1 ≤ width < N) held by `face` (0..6 =
    /// `U R F D L B`) turned `quarter_turns` (1..=3) clockwise as seen from that face.
    pub fn face_block(&self, face: u8, width: usize, quarter_turns: u8) -> Option<Block> {
        let n = self.size();
        let &(_, axis, positive) = crate::wca::FACES.get(face as usize)?;
        if width == 0 || width >= n || !(1..=3).contains(&quarter_turns) {
            return None;
        }
        let (lo, hi) = if positive {
            (n - width, n - 1)
        } else {
            (0, width - 1)
        };
        Some(Block {
            axis,
            lo: lo as u8,
            hi: hi as u8,
            angle: crate::wca::face_angle(positive, quarter_turns),
        })
    }
}

impl CubeNState {
    /// The cube size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The corner at position `i` (0..8).
    pub fn corner_perm(&self, i: usize) -> u8 {
        self.corners[i % 8] & 7
    }

    /// The twist (0..3) of the corner at position `i`.
    pub fn corner_twist(&self, i: usize) -> u8 {
        self.corners[i % 8] >> 3
    }

    /// The middle edge at position `i` (0..12; odd N).
    pub fn midge_perm(&self, i: usize) -> u8 {
        self.midges[i % 12] & 15
    }

    /// The flip (0..2) of the middle edge at position `i` (odd N).
    pub fn midge_flip(&self, i: usize) -> u8 {
        self.midges[i % 12] >> 4
    }

    /// The wing at each position of orbit `orbit` (24 entries; empty past the last orbit).
    pub fn wings(&self, orbit: usize) -> &[u8] {
        self.wings.get(24 * orbit..24 * orbit + 24).unwrap_or(&[])
    }

    /// The colour (face 0..6) at each position of centre orbit `orbit` (24 entries).
    pub fn centres(&self, orbit: usize) -> &[u8] {
        self.centres.get(24 * orbit..24 * orbit + 24).unwrap_or(&[])
    }

    /// Every wing orbit's array, orbit after orbit (`24 · orbit + position`).
    pub fn all_wings(&self) -> &[u8] {
        &self.wings
    }

    /// Every centre orbit's array, orbit after orbit (`24 · orbit + position`).
    pub fn all_centres(&self) -> &[u8] {
        &self.centres
    }
}

/// Whether a permutation is odd.
pub(crate) fn odd(p: &[u8]) -> bool {
    crate::cube3::parity(p)
}

impl Puzzle for CubeN {
    type State = CubeNState;
    type Move = Block;

    fn name(&self) -> String {
        format!("{0}x{0}x{0}", self.n)
    }

    fn solved(&self) -> CubeNState {
        let w = self.wing_orbits();
        let c = self.centre_orbits();
        CubeNState {
            n: self.size() as u8,
            corners: [0, 1, 2, 3, 4, 5, 6, 7],
            midges: std::array::from_fn(|i| i as u8),
            wings: (0..24 * w).map(|i| (i % 24) as u8).collect(),
            centres: (0..24 * c).map(|i| ((i % 24) / 4) as u8).collect(),
        }
    }

    fn apply(&self, state: &mut CubeNState, mv: Block) {
        if !self.is_move(mv) || state.n as usize != self.size() {
            return;
        }
        let (axis, lo, hi) = (mv.axis as usize, mv.lo as usize, mv.hi as usize);
        let turns = mv.angle % 3 + 1;
        if self.holds_anchor(mv) {
            self.turn_slices(state, axis, 0..lo, 4 - turns);
            self.turn_slices(state, axis, hi + 1..self.size(), 4 - turns);
        } else {
            self.turn_slices(state, axis, lo..hi + 1, turns);
        }
    }

    fn moves(&self) -> Vec<Block> {
        let n = self.size();
        let mut out = Vec::with_capacity(9 * (n - 1));
        for axis in 0..3u8 {
            let mut blocks: Vec<(usize, usize)> = Vec::new();
            if n.is_multiple_of(2) {
                blocks.extend((1..n).rev().map(|lo| (lo, n - 1)));
            } else {
                let mid = n / 2;
                blocks.extend((mid + 1..n).rev().map(|lo| (lo, n - 1)));
                blocks.extend((0..mid).map(|hi| (0, hi)));
            }
            for (lo, hi) in blocks {
                for angle in 0..3 {
                    out.push(Block {
                        axis,
                        lo: lo as u8,
                        hi: hi as u8,
                        angle,
                    });
                }
            }
        }
        out
    }

    fn inverse(&self, mv: Block) -> Block {
        mv.inverse()
    }

    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> CubeNState {
        random::random_state(self, rng)
    }

    /// `N · axis` plus the block's first slice (its last when it starts at slice 0). The
    /// outer blocks of [`Puzzle::moves`] have distinct faces; blocks of one axis commute.
    fn face(&self, mv: Block) -> u8 {
        let s = if mv.lo == 0 { mv.hi } else { mv.lo };
        (mv.axis as usize * self.size() + s as usize) as u8
    }

    fn faces_commute(&self, a: u8, b: u8) -> bool {
        let n = self.size() as u8;
        a != b && a / n == b / n
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<Block>, ParseError> {
        held::reference_blocks(self, text)
    }

    fn format_move(&self, mv: Block) -> String {
        crate::wca::block_token(self.size(), mv)
    }

    fn move_length(&self, mv: Block, metric: Metric) -> u32 {
        let n = self.size();
        if mv.is_rotation(n) {
            return u32::from(metric == Metric::Etm);
        }
        let outer = if mv.holds_face(n) { 1 } else { 2 };
        let half = if mv.angle % 3 == 1 { 2 } else { 1 };
        match metric {
            Metric::Htm | Metric::Obtm | Metric::Twist => outer,
            Metric::Qtm => outer * half,
            Metric::Sstm => mv.width() as u32,
            Metric::Etm => 1,
        }
    }
}

impl CubeN {
    /// Builds a state from its orbits (as [`CubeNState`]'s accessors give them: the corner
    /// and middle-edge permutations and orientations, the wings of every orbit and the
    /// colours of every centre orbit, orbit after orbit) and validates it.
    pub fn state_from_parts(
        &self,
        corners: ([u8; 8], [u8; 8]),
        midges: ([u8; 12], [u8; 12]),
        wings: &[u8],
        centres: &[u8],
    ) -> Result<CubeNState, InvalidState> {
        let bad = |what: &str| Err(InvalidState::Malformed(format!("{what} out of range")));
        if corners.0.iter().any(|&c| c >= 8) || corners.1.iter().any(|&t| t >= 3) {
            return bad("a corner or twist");
        }
        if midges.0.iter().any(|&e| e >= 12) || midges.1.iter().any(|&f| f >= 2) {
            return bad("a middle edge or flip");
        }
        let mut s = self.solved();
        if wings.len() != s.wings.len() || centres.len() != s.centres.len() {
            return Err(InvalidState::Malformed(format!(
                "a {0}x{0}x{0} has {1} wings and {2} centres in its orbits, not {3} and {4}",
                self.n,
                s.wings.len(),
                s.centres.len(),
                wings.len(),
                centres.len()
            )));
        }
        s.corners = std::array::from_fn(|i| corners.0[i] | corners.1[i] << 3);
        if self.is_odd() {
            s.midges = std::array::from_fn(|i| midges.0[i] | midges.1[i] << 4);
        }
        s.wings.copy_from_slice(wings);
        s.centres.copy_from_slice(centres);
        self.validate(&s)?;
        Ok(s)
    }

    /// The unfolded net of a state as a person holding the cube in `frame` sees it (U above,
    /// L F R B in a row, D below F), in colour when `colour`.
    pub fn render_net_held(&self, s: &CubeNState, frame: CubeFrame, colour: bool) -> String {
        let letters: Vec<char> = self.to_facelets_held(s, frame).chars().collect();
        crate::colour::cube_net(&letters, self.size(), colour)
    }

    /// Validates a state (every orbit; see [`validate`]).
    pub fn validate(&self, state: &CubeNState) -> Result<(), InvalidState> {
        validate::validate(self, state)
    }
}
