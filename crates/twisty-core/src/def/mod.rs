//! Puzzles from a definition: twsearch's `.tws` format and cubing.js's KPuzzle JSON.
//!
//! A definition names *orbits* (sets of pieces that move among the same slots, each piece
//! with some number of orientations), one or more solved states, and moves given as
//! transformations of the slots. [`DefPuzzle`] compiles one into a puzzle that implements
//! [`Puzzle`](crate::Puzzle) and [`Held`](crate::Held) like the dedicated puzzles.
//!
//! # State layout
//!
//! A state is a byte string ([`DefState`]): for each orbit in the definition's order,
//! `pieces` permutation bytes then `pieces` orientation bytes. Permutation byte `i` is the
//! home slot of the piece in slot `i` (every piece is tracked, identical ones too);
//! orientation byte `i` is that piece's twist, `0 ≤ o < orientations`. A move is stored the
//! same way, as the state it makes from the solved one, and applying it to `s` gives
//! `s'.p[i] = s.p[m.p[i]]`, `s'.o[i] = (s.o[m.p[i]] + m.o[i]) mod orientations`
//! ([`DefPuzzle::apply_into`], allocation-free). [`DefPuzzle::orbits`] gives the offsets.
//!
//! # Solved states, identical pieces, orientation wildcards
//!
//! A solved state gives each slot a *label*: pieces with equal labels are identical (the
//! 4x4x4's centres), and a piece whose orientation is `?` (or, in KPuzzle JSON, counted
//! modulo an `orientationMod`) is solved in any orientation. [`DefPuzzle::pattern_into`]
//! maps a state to its *pattern* (labels and orientations reduced by those moduli, same
//! layout); a state is solved when its pattern is one of [`DefPuzzle::solved_patterns`].
//! Searches can build tables on patterns directly.
//!
//! # Moves
//!
//! Each base move of order `k` gives `k − 1` moves, its powers, named as twsearch names
//! them (`R`, `R2`, `R'` for order 4; `R`, `R2`, `R2'`, `R'` for order 5; a half turn keeps
//! the base name). [`Puzzle::face`](crate::Puzzle::face) is the base move and two base
//! moves commute when their compositions in both orders agree. Rotations (`x`, `y`, `z`,
//! `Uv`…) and aliases are read in held input ([`crate::Held`]) but are not moves of the
//! searches.
//!
//! # Limits
//!
//! At most [`MAX_PIECES`] pieces per orbit, [`MAX_ORIENTATIONS`] orientations,
//! [`MAX_STATE_BYTES`] bytes of state, [`MAX_BASE_MOVES`] base moves, moves of order at
//! most [`MAX_MOVE_ORDER`], and [`MAX_DEFINITION_BYTES`] bytes of definition text.

mod compile;
pub mod count;
pub mod error;
pub mod group;
pub mod held;
pub mod kpuzzle;
pub mod library;
mod puzzle;
pub mod render;
pub mod spec;
#[cfg(test)]
mod tests;
pub mod transform;
pub mod tws;

pub use error::DefError;
pub use held::DefFrame;
pub use kpuzzle::{parse_kpuzzle, write_kpuzzle};
pub use library::{builtin, builtin_names, builtin_text, BUILTIN};
pub use spec::{is_rotation_name, Definition};
pub use transform::{Layout, OrbitLayout};
pub use tws::{parse_tws, write_tws};

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Most pieces in one orbit (a piece number is one byte).
pub const MAX_PIECES: usize = 255;
/// Most orientations of a piece (twsearch's limit too).
pub const MAX_ORIENTATIONS: usize = 127;
/// Most bytes of a packed state (two per piece).
pub const MAX_STATE_BYTES: usize = 8192;
/// Most base moves (a face number is one byte); rotations and aliases count apart.
pub const MAX_BASE_MOVES: usize = 255;
/// Most base rotations and most aliases, each.
pub const MAX_EXTRA_MOVES: usize = 1024;
/// Highest order of a base move.
pub const MAX_MOVE_ORDER: usize = 255;
/// Largest definition text accepted.
pub const MAX_DEFINITION_BYTES: usize = 16 << 20;

/// A state of a [`DefPuzzle`]: the packed bytes described in [the module](self).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefState(pub Vec<u8>);

impl DefState {
    /// The packed bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

/// One move of a [`DefPuzzle`]: an index into [`DefPuzzle::move_info`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefMove(pub u16);

impl DefMove {
    /// The index into the move list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A base move, rotation or alias and its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseMove {
    /// Its name, e.g. `R`.
    pub name: String,
    /// Its order (the power that is the identity).
    pub order: usize,
    /// Its transformation.
    pub transform: Vec<u8>,
    /// 1-based line of its declaration (0 when not read from text).
    pub line: usize,
}

/// One move of the searches: a power of a base move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// Its name, e.g. `R2'`.
    pub name: String,
    /// The base move (the face), an index into [`DefPuzzle::base_moves`].
    pub face: u8,
    /// The power of the base move, `1 ≤ power < order`.
    pub power: u8,
    /// Its transformation.
    pub transform: Vec<u8>,
    /// Its length in the quarter-turn metric: the smaller of `power` and `order − power`.
    pub qtm: u8,
}

/// What a name stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Named {
    /// A move of the searches.
    Move(usize),
    /// A base rotation and a power.
    Rotation(usize, usize),
    /// A base alias and a power.
    Alias(usize, usize),
}

/// Which list a base name belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Move,
    Rotation,
    Alias,
}

/// A puzzle compiled from a [`Definition`].
#[derive(Debug, Clone)]
pub struct DefPuzzle {
    pub(crate) spec: Definition,
    pub(crate) layout: Layout,
    pub(crate) identity: Vec<u8>,
    /// Per permutation byte position (`offset + piece`): the piece's label.
    pub(crate) labels: Vec<u8>,
    /// Per permutation byte position: the piece's orientation in the first solved state.
    pub(crate) home_ori: Vec<u8>,
    /// Per permutation byte position: the modulus the piece's orientation counts in.
    pub(crate) ori_mod: Vec<u8>,
    pub(crate) targets: Vec<Vec<u8>>,
    pub(crate) bases: Vec<BaseMove>,
    pub(crate) rotations: Vec<BaseMove>,
    pub(crate) aliases: Vec<BaseMove>,
    pub(crate) moves: Vec<MoveInfo>,
    pub(crate) commute: Vec<bool>,
    pub(crate) illegal: Vec<(usize, usize, [u64; 4])>,
    pub(crate) names: HashMap<String, Named>,
    pub(crate) base_names: HashMap<String, (Kind, usize)>,
    pub(crate) identical: bool,
    pub(crate) partial_orientation: bool,
    pub(crate) chain: OnceLock<Result<Arc<group::StabChain>, DefError>>,
    pub(crate) held_tables: OnceLock<Arc<held::HeldTables>>,
}

impl DefPuzzle {
    /// Reads and compiles a `.tws` definition.
    pub fn from_tws(text: &str) -> Result<DefPuzzle, DefError> {
        DefPuzzle::new(parse_tws(text)?)
    }

    /// Reads and compiles a cubing.js KPuzzle JSON definition.
    pub fn from_kpuzzle_json(text: &str) -> Result<DefPuzzle, DefError> {
        DefPuzzle::new(parse_kpuzzle(text)?)
    }

    /// Reads a definition in either format: JSON when its first non-blank character is `{`.
    pub fn from_text(text: &str) -> Result<DefPuzzle, DefError> {
        if text.len() > MAX_DEFINITION_BYTES {
            return Err(DefError::global(format!(
                "the definition is {} bytes, over the limit of {MAX_DEFINITION_BYTES}",
                text.len()
            )));
        }
        if text.trim_start().starts_with('{') {
            DefPuzzle::from_kpuzzle_json(text)
        } else {
            DefPuzzle::from_tws(text)
        }
    }

    /// The definition this puzzle was compiled from.
    pub fn definition(&self) -> &Definition {
        &self.spec
    }

    /// The packed layout of states.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The orbits' names with their layouts, in state order.
    pub fn orbits(&self) -> impl Iterator<Item = (&str, OrbitLayout)> + '_ {
        self.spec
            .orbits
            .iter()
            .map(|o| o.name.as_str())
            .zip(self.layout.orbits.iter().copied())
    }

    /// Bytes of a packed state.
    pub fn state_len(&self) -> usize {
        self.layout.len
    }

    /// The base moves (faces), in order: [`Puzzle::face`](crate::Puzzle::face) indexes this.
    pub fn base_moves(&self) -> &[BaseMove] {
        &self.bases
    }

    /// The base rotations (whole-puzzle turns read in held input).
    pub fn rotations(&self) -> &[BaseMove] {
        &self.rotations
    }

    /// The aliases (names input may use that are not moves of the searches).
    pub fn aliases(&self) -> &[BaseMove] {
        &self.aliases
    }

    /// Every move of the searches, in order ([`DefMove`] indexes this).
    pub fn move_info(&self) -> &[MoveInfo] {
        &self.moves
    }

    /// The move that is the base move `face` to the power `power` (taken modulo its order),
    /// or `None` for the identity.
    pub fn move_of(&self, face: usize, power: usize) -> Option<DefMove> {
        let order = self.bases.get(face)?.order;
        let p = power % order;
        if p == 0 {
            return None;
        }
        let first: usize = self.bases[..face].iter().map(|b| b.order - 1).sum();
        Some(DefMove((first + p - 1) as u16))
    }

    /// Applies move `mv` (an index into [`DefPuzzle::move_info`]) to the packed state
    /// `src`, writing the result into `dst`. No allocation. Both slices must be
    /// [`DefPuzzle::state_len`] long.
    #[inline]
    pub fn apply_into(&self, src: &[u8], mv: usize, dst: &mut [u8]) {
        self.layout.compose_into(src, &self.moves[mv].transform, dst);
    }

    /// The solved patterns (see [the module](self)), in the definition's order.
    pub fn solved_patterns(&self) -> &[Vec<u8>] {
        &self.targets
    }

    /// Per permutation byte position (`offset + piece`): the piece's label (pieces with
    /// equal labels in one orbit are identical). Orientation positions hold 0.
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }

    /// Per permutation byte position: the modulus the piece's orientation counts in (1:
    /// any orientation is solved).
    pub fn orientation_mods(&self) -> &[u8] {
        &self.ori_mod
    }

    /// Whether some pieces are identical.
    pub fn has_identical_pieces(&self) -> bool {
        self.identical
    }

    /// Whether some orientations are not (or only partly) counted.
    pub fn has_orientation_wildcards(&self) -> bool {
        self.partial_orientation
    }

    /// Whether the definition forbids some slot contents (`Illegal`).
    pub fn has_illegal(&self) -> bool {
        !self.illegal.is_empty()
    }

    /// Writes the pattern of `state` into `dst` (same layout): each piece replaced by its
    /// label, each orientation by `(home + twist) mod orientations mod modulus`.
    pub fn pattern_into(&self, state: &[u8], dst: &mut [u8]) {
        for o in &self.layout.orbits {
            let (off, n, m) = (o.offset, o.pieces, o.orientations);
            for i in 0..n {
                let k = off + state[off + i] as usize;
                dst[off + i] = self.labels[k];
                let d = self.ori_mod[k];
                dst[off + n + i] = if d <= 1 {
                    0
                } else {
                    ((self.home_ori[k] + state[off + n + i]) % m) % d
                };
            }
        }
    }

    /// The pattern of `state`, as a new vector.
    pub fn pattern(&self, state: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.layout.len];
        self.pattern_into(state, &mut out);
        out
    }

    /// Whether the packed `state` is one of the solved states (no allocation).
    pub fn is_solved_bytes(&self, state: &[u8]) -> bool {
        self.targets.iter().any(|t| self.matches(state, t))
    }

    fn matches(&self, state: &[u8], target: &[u8]) -> bool {
        for o in &self.layout.orbits {
            let (off, n, m) = (o.offset, o.pieces, o.orientations);
            for i in 0..n {
                let k = off + state[off + i] as usize;
                if self.labels[k] != target[off + i] {
                    return false;
                }
                let d = self.ori_mod[k];
                if d > 1 && ((self.home_ori[k] + state[off + n + i]) % m) % d != target[off + n + i] {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `state` respects every `Illegal` line of the definition.
    pub fn is_legal(&self, state: &[u8]) -> bool {
        self.illegal.iter().all(|&(pos, off, mask)| {
            let l = self.labels[off + state[pos] as usize] as usize;
            (mask[l / 64] >> (l % 64)) & 1 == 0
        })
    }

    /// Whether base moves `a` and `b` commute.
    pub fn bases_commute(&self, a: usize, b: usize) -> bool {
        let n = self.bases.len();
        a < n && b < n && self.commute[a * n + b]
    }

    /// The transformation of a move sequence (the state it makes from solved).
    pub fn transform_of(&self, moves: &[DefMove]) -> Vec<u8> {
        let mut s = self.identity.clone();
        let mut t = s.clone();
        for m in moves {
            self.apply_into(&s, m.index(), &mut t);
            std::mem::swap(&mut s, &mut t);
        }
        s
    }
}
