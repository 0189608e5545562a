//! The Square-1: two layers of twelve 30° slots holding 8 corners (60°, two slots each) and
//! 8 edges (30°, one slot), and a middle layer of two halves.
//!
//! Slots are numbered as cubing.js and TNoodle number them: 0–11 around the top, 0–11
//! around the bottom. A turn `(a,b)` moves the piece in top slot `i` to slot `i + a` and
//! the piece in bottom slot `j` to slot `j + b` (mod 12); the WCA reads a positive amount
//! as clockwise, the top seen from above and the bottom seen from below. The slice, `/`,
//! turns the right half over: top slots 6–11 trade places with bottom slots 0–5, in order,
//! and the middle layer's right half turns with them. A `/` is possible only when neither
//! layer has a corner across the slice line, that is when a piece starts at slots 0 and 6
//! of both layers ([`Sq1State::can_slash`]).
//!
//! Solved is the cube shape as TNoodle's solved state holds it: the top reads corner,
//! corner, edge, … from slot 0 (`AAaBBbCCcDDd` in the [`render`] names), the bottom edge,
//! corner, corner, … (`eEEfFFgGGhHH`), the middle layer square. From there `(1,0) /` and
//! `(0,-1) /` are possible and `(-1,0) /` is not, as on the puzzle held the WCA's way.
//!
//! The notation ([`notation`]) is TNoodle's and cubing.js's: `(1,0) / (-3,3) / (0,-1) /`.
//! Lengths are in the WCA's twist metric: each `/` counts 1, turns of the layers count 0
//! ([`Puzzle::move_length`], whatever the metric asked for).

pub mod held;
pub mod notation;
pub mod render;
pub mod shape;
#[cfg(test)]
mod tests;

use crate::error::ParseError;
use crate::puzzle::{Metric, Puzzle};
use rand::Rng;

/// Slots in a layer.
pub const SLOTS: usize = 12;

/// Corners (ids 0–7; 0–3 start in the top).
pub const CORNERS: u8 = 8;

/// Edges (ids 8–15; 8–11 start in the top).
pub const EDGES: u8 = 8;

/// The solved top layer, slot by slot: corner ids 0–3, edge ids 8–11.
pub const SOLVED_TOP: [u8; SLOTS] = [0, 0, 8, 1, 1, 9, 2, 2, 10, 3, 3, 11];

/// The solved bottom layer, slot by slot: edge ids 12–15, corner ids 4–7.
pub const SOLVED_BOTTOM: [u8; SLOTS] = [12, 4, 4, 13, 5, 5, 14, 6, 6, 15, 7, 7];

/// Whether piece `id` is a corner.
pub const fn is_corner(id: u8) -> bool {
    id < CORNERS
}

/// One move: a turn of the top or the bottom by 1–11 slots (the positive direction of the
/// notation), or the slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sq1Move {
    /// The top turned `k` slots (1–11): the piece in slot `i` goes to slot `i + k`.
    Top(u8),
    /// The bottom turned `k` slots (1–11).
    Bottom(u8),
    /// `/`: the right half turned over.
    Slash,
}

impl Sq1Move {
    /// Its face in the sense of [`Puzzle::face`]: 0 the top, 1 the bottom, 2 the slice.
    pub fn face(self) -> u8 {
        match self {
            Sq1Move::Top(_) => 0,
            Sq1Move::Bottom(_) => 1,
            Sq1Move::Slash => 2,
        }
    }
}

/// An amount of slots as the notation writes it: −5 to 6.
pub fn signed(k: u8) -> i32 {
    let k = i32::from(k % 12);
    if k > 6 {
        k - 12
    } else {
        k
    }
}

/// A Square-1 state: the piece in each slot of the top and the bottom (a corner fills two
/// adjacent slots with its id), and whether the middle layer is turned (not square).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq1State {
    top: [u8; SLOTS],
    bottom: [u8; SLOTS],
    middle: bool,
}

impl Default for Sq1State {
    fn default() -> Self {
        Sq1State {
            top: SOLVED_TOP,
            bottom: SOLVED_BOTTOM,
            middle: false,
        }
    }
}

/// Whether a layer lets the slice through: a piece starts at slot 0 and at slot 6 (no corner
/// fills slots 11 and 0, or 5 and 6).
pub fn layer_cut(layer: &[u8; SLOTS]) -> bool {
    layer[0] != layer[11] && layer[6] != layer[5]
}

impl Sq1State {
    /// The top layer, slot by slot.
    pub fn top(&self) -> &[u8; SLOTS] {
        &self.top
    }

    /// The bottom layer, slot by slot.
    pub fn bottom(&self) -> &[u8; SLOTS] {
        &self.bottom
    }

    /// Whether the middle layer is turned over (its two halves do not make a square).
    pub fn middle(&self) -> bool {
        self.middle
    }

    /// The state from its layers and middle, checked: every corner in two adjacent slots of
    /// one layer and every piece once ([`shape::check_layers`]).
    pub fn new(top: [u8; SLOTS], bottom: [u8; SLOTS], middle: bool) -> Result<Sq1State, crate::InvalidState> {
        shape::check_layers(&top, &bottom)?;
        Ok(Sq1State { top, bottom, middle })
    }

    /// The state from layers already known to be well formed (pieces in place, as
    /// [`Sq1State::new`] checks); for solvers building states from their coordinates.
    pub fn from_parts_unchecked(top: [u8; SLOTS], bottom: [u8; SLOTS], middle: bool) -> Sq1State {
        Sq1State { top, bottom, middle }
    }

    /// Whether the slice can turn now: neither layer has a corner across the slice line.
    pub fn can_slash(&self) -> bool {
        layer_cut(&self.top) && layer_cut(&self.bottom)
    }

    /// Turns the top `k` slots and the bottom `j` slots.
    pub fn turn(&mut self, k: u8, j: u8) {
        self.top = rotated(&self.top, k);
        self.bottom = rotated(&self.bottom, j);
    }

    /// Turns the slice if it can ([`Sq1State::can_slash`]); `false` (and nothing moves)
    /// otherwise.
    pub fn slash(&mut self) -> bool {
        if !self.can_slash() {
            return false;
        }
        for i in 0..6 {
            std::mem::swap(&mut self.top[6 + i], &mut self.bottom[i]);
        }
        self.middle = !self.middle;
        true
    }

    /// Applies `mv`; `false` (and nothing moves) for a slice that cannot turn.
    pub fn try_apply(&mut self, mv: Sq1Move) -> bool {
        match mv {
            Sq1Move::Top(k) => self.turn(k, 0),
            Sq1Move::Bottom(k) => self.turn(0, k),
            Sq1Move::Slash => return self.slash(),
        }
        true
    }

    /// Applies `moves` in order, stopping at the first slice that cannot turn: its index.
    pub fn try_apply_all(&mut self, moves: &[Sq1Move]) -> Result<(), usize> {
        for (i, &m) in moves.iter().enumerate() {
            if !self.try_apply(m) {
                return Err(i);
            }
        }
        Ok(())
    }
}

/// A layer turned `k` slots: slot `i`'s piece moved to slot `i + k`.
pub fn rotated(layer: &[u8; SLOTS], k: u8) -> [u8; SLOTS] {
    let k = usize::from(k % 12);
    let mut out = [0u8; SLOTS];
    for i in 0..SLOTS {
        out[(i + k) % SLOTS] = layer[i];
    }
    out
}

/// The Square-1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sq1;

impl Puzzle for Sq1 {
    type State = Sq1State;
    type Move = Sq1Move;

    fn name(&self) -> String {
        "sq1".into()
    }

    fn solved(&self) -> Sq1State {
        Sq1State::default()
    }

    /// A slice that cannot turn (a corner across the slice line) moves nothing: parsing
    /// refuses such a slice ([`notation`]) and the solvers never make one.
    fn apply(&self, state: &mut Sq1State, mv: Sq1Move) {
        state.try_apply(mv);
    }

    /// The top and the bottom turned 1–11 slots, and the slice.
    fn moves(&self) -> Vec<Sq1Move> {
        let mut v: Vec<Sq1Move> = (1..12).map(Sq1Move::Top).collect();
        v.extend((1..12).map(Sq1Move::Bottom));
        v.push(Sq1Move::Slash);
        v
    }

    fn inverse(&self, mv: Sq1Move) -> Sq1Move {
        match mv {
            Sq1Move::Top(k) => Sq1Move::Top((12 - k % 12) % 12),
            Sq1Move::Bottom(k) => Sq1Move::Bottom((12 - k % 12) % 12),
            Sq1Move::Slash => Sq1Move::Slash,
        }
    }

    /// Uniformly random among the states in which the slice can turn, as the WCA's
    /// scrambler draws them: one of the 3,678 shapes of the two layers that let the slice
    /// through ([`shape::cut_shapes`]) uniformly, then the 8 corners and the 8 edges each in
    /// a uniformly random order, and the middle layer square or turned with even odds.
    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> Sq1State {
        let shapes = shape::cut_shapes();
        let (top_shape, bottom_shape) = shapes[rng.random_range(0..shapes.len())];
        let mut corners: Vec<u8> = (0..CORNERS).collect();
        let mut edges: Vec<u8> = (CORNERS..CORNERS + EDGES).collect();
        shuffle(&mut corners, rng);
        shuffle(&mut edges, rng);
        let (mut c, mut e) = (corners.into_iter(), edges.into_iter());
        let mut fill = |mask: u16| {
            let mut layer = [0u8; SLOTS];
            let mut i = 0;
            while i < SLOTS {
                if mask >> i & 1 == 1 {
                    let id = c.next().unwrap_or(0);
                    layer[i] = id;
                    layer[i + 1] = id;
                    i += 2;
                } else {
                    layer[i] = e.next().unwrap_or(CORNERS);
                    i += 1;
                }
            }
            layer
        };
        let top = fill(top_shape);
        let bottom = fill(bottom_shape);
        Sq1State {
            top,
            bottom,
            middle: rng.random_bool(0.5),
        }
    }

    fn face(&self, mv: Sq1Move) -> u8 {
        mv.face()
    }

    /// The top and the bottom commute; the slice commutes with neither.
    fn faces_commute(&self, a: u8, b: u8) -> bool {
        a != b && a < 2 && b < 2
    }

    /// `n` twists from solved, each a random turn of the layers that lets the slice through
    /// (never none after a slice) followed by the slice: `2n` to `3n` moves, all possible.
    fn random_moves<R: Rng + ?Sized>(&self, rng: &mut R, n: usize) -> Vec<Sq1Move> {
        let mut s = Sq1State::default();
        let mut out = Vec::new();
        for step in 0..n {
            let turns: Vec<(u8, u8)> = (0..12u8)
                .flat_map(|a| (0..12u8).map(move |b| (a, b)))
                .filter(|&(a, b)| {
                    (step == 0 || (a, b) != (0, 0))
                        && layer_cut(&rotated(&s.top, a))
                        && layer_cut(&rotated(&s.bottom, b))
                })
                .collect();
            let (a, b) = turns[rng.random_range(0..turns.len())];
            if a != 0 {
                out.push(Sq1Move::Top(a));
            }
            if b != 0 {
                out.push(Sq1Move::Bottom(b));
            }
            out.push(Sq1Move::Slash);
            s.turn(a, b);
            s.slash();
        }
        out
    }

    /// Moves from solved; a slice that cannot turn there is an error naming it.
    fn parse_moves(&self, text: &str) -> Result<Vec<Sq1Move>, ParseError> {
        notation::parse_from(text, &Sq1State::default())
    }

    /// A turn as `(a,0)` or `(0,b)`, the slice as `/`.
    fn format_move(&self, mv: Sq1Move) -> String {
        match mv {
            Sq1Move::Top(k) => format!("({},0)", signed(k)),
            Sq1Move::Bottom(k) => format!("({},{})", 0, signed(k)),
            Sq1Move::Slash => "/".into(),
        }
    }

    /// TNoodle's form: each run of turns between slices as one `(a,b)`, slices as `/`:
    /// `(1,0) / (-3,3) / (0,-1) /`.
    fn format_moves(&self, moves: &[Sq1Move]) -> String {
        notation::format(moves)
    }

    /// The WCA's twist metric: a slice counts 1, a turn of the layers 0.
    fn move_length(&self, mv: Sq1Move, _metric: Metric) -> u32 {
        u32::from(mv == Sq1Move::Slash)
    }
}

/// Fisher–Yates.
fn shuffle<T, R: Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
