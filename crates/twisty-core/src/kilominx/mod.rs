//! The Kilominx: a dodecahedron with only its 20 corner cubies.
//!
//! Numbering, notation, orientation rule and move definitions follow the St Andrews optimal
//! solver this project reproduces:
//!
//! - Cubies and positions 0..20: `UFL UBL UFR MFL UBR MFR UBM MBR FMD MBM FRD MBL BRD DFM BLD
//!   DFL FLD DBL DFR DBR` (M = middle, e.g. `MFL` touches F, L and DL).
//! - Faces (and the order of the move list): `U L F R BL BR DL DR DBL DBR DB D`, each turned
//!   `X` (72° clockwise), `X'` (72° anticlockwise), `X2` (144° clockwise) or `X2'` (144°
//!   anticlockwise): 48 moves, each counting 1 in the face-turn metric.
//! - Orientation 0..3 of a cubie: where its highest-priority colour sits relative to the
//!   highest-priority face of its place (0: on it; 1: on the face clockwise from it; 2: on
//!   the face anticlockwise from it), with the priority white/grey > dark/light green >
//!   red/orange > dark/light blue > beige/yellow > pink/purple.
//! - The UFL cubie never moves: turns of U, L and F are done as the turn of the opposite
//!   face (D, DBR, DB) followed by the whole-puzzle rotation that brings UFL back, so each
//!   physical state has one representation. Reachable states: an even permutation of the 19
//!   free cubies, twists summing to 0 mod 3 — 19!/2 · 3¹⁸ ≈ 2.36·10²⁵.
//! - Turns of non-adjacent faces commute physically; in the UFL-fixed frame that holds for
//!   the faces that do not hold UFL (turns of U, L and F carry a rotation). Canonical
//!   sequences keep commuting pairs in the order of the face list; [`SEED_SKIP`] is the
//!   seed's own (looser) table.
//! - As held, [`notation`] reads and writes cubing.js's notation (its faces `U L F R BL BR FL
//!   FR DL DR B D` are the seed's `U L F R BL BR DL DR DBL DBR DB D`); a [`KiloFrame`], one
//!   of the 60 rotations, records how the reference puzzle sits in the hands.

mod frame;
pub mod notation;
mod render;
mod simd;
mod state_string;

pub use frame::{KiloFrame, CORNER_FACES, OPPOSITE};
pub use notation::{held_stickers, HeldNames, CUBING_FACE_NAMES};
pub use render::{render_net, render_net_held};
pub use state_string::{from_state_string, to_state_string, COLOUR_LETTERS};

use crate::alg::parse_alg;
use crate::error::{InvalidState, ParseError};
use crate::puzzle::{Metric, Puzzle};
use rand::seq::SliceRandom;
use rand::Rng;

/// Cubie / position names.
pub const CUBIE_NAMES: [&str; 20] = [
    "UFL", "UBL", "UFR", "MFL", "UBR", "MFR", "UBM", "MBR", "FMD", "MBM", "FRD", "MBL", "BRD", "DFM", "BLD",
    "DFL", "FLD", "DBL", "DFR", "DBR",
];

/// Face names, in move-list order.
pub const FACE_NAMES: [&str; 12] = [
    "U", "L", "F", "R", "BL", "BR", "DL", "DR", "DBL", "DBR", "DB", "D",
];

/// The seed solver's move-pruning table: after a move of face `a`, moves of the faces in
/// `SEED_SKIP[a]` are not generated. It treats every pair of non-adjacent faces as commuting,
/// which holds for the faces that do not hold UFL; for `U`, `L` and `F`, whose turns come with
/// a whole-puzzle rotation in the UFL-fixed frame, it does not (e.g. `DL U` ≠ `U DL`), so the
/// seed's search skips some sequences that have no equivalent in the order it keeps.
pub const SEED_SKIP: [&[u8]; 12] = [
    &[],
    &[],
    &[],
    &[1],
    &[2, 3],
    &[1, 2],
    &[0, 3, 4, 5],
    &[0, 1, 4, 5],
    &[0, 2, 3, 5, 7],
    &[0, 1, 2, 4, 6, 8],
    &[0, 1, 2, 3, 6, 7],
    &[0, 1, 2, 3, 4, 5],
];

/// Which face turns really commute in the UFL-fixed frame (computed from the move tables),
/// as bit masks over face indices.
fn commutes() -> &'static [u16; 12] {
    static C: std::sync::OnceLock<[u16; 12]> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let k = Kilominx;
        let mut m = [0u16; 12];
        for a in 0..12u8 {
            for b in 0..12u8 {
                let (ma, mb) = (KiloMove(4 * a), KiloMove(4 * b));
                if a != b && k.state_after(&[ma, mb]) == k.state_after(&[mb, ma]) {
                    m[a as usize] |= 1 << b;
                }
            }
        }
        m
    })
}

/// The fixed cubie (UFL).
pub const FIXED: usize = 0;

pub(crate) const fn p(name: &str) -> u8 {
    let mut i = 0;
    while i < 20 {
        if const_eq(CUBIE_NAMES[i], name) {
            return i as u8;
        }
        i += 1;
    }
    255
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// One clockwise quarter (72°) turn as a list of 5-cycles and orientation additions at the
/// destination positions: `cycle(a, b, c, d, e)` moves the cubie at b to a, c to b, …, a to e.
pub(crate) struct Turn {
    pub(crate) cycles: &'static [[&'static str; 5]],
    twists: &'static [(&'static str, u8)],
}

pub(crate) const TURNS: [Turn; 12] = [
    // U = D + rotation
    Turn {
        cycles: &[
            ["DFM", "DFL", "DBL", "DBR", "DFR"],
            ["MFL", "MBL", "MBM", "MBR", "MFR"],
            ["FMD", "FLD", "BLD", "BRD", "FRD"],
        ],
        twists: &[
            ("MBL", 1),
            ("MFL", 1),
            ("MBR", 1),
            ("FLD", 2),
            ("FRD", 2),
            ("BRD", 2),
        ],
    },
    // L = DBR + rotation
    Turn {
        cycles: &[
            ["MBR", "FRD", "DFR", "DBR", "BRD"],
            ["MFR", "DFM", "DBL", "MBM", "UBR"],
            ["FMD", "DFL", "BLD", "UBM", "UFR"],
        ],
        twists: &[
            ("DBR", 1),
            ("DFR", 1),
            ("FRD", 1),
            ("MFR", 2),
            ("DFM", 2),
            ("MBM", 2),
            ("FMD", 1),
            ("BLD", 1),
            ("UBM", 1),
        ],
    },
    // F = DB + rotation
    Turn {
        cycles: &[
            ["MBM", "BRD", "DBR", "DBL", "BLD"],
            ["UBM", "MBR", "DFR", "DFL", "MBL"],
            ["UBL", "UBR", "FRD", "DFM", "FLD"],
        ],
        twists: &[
            ("MBM", 1),
            ("DBL", 1),
            ("DBR", 1),
            ("UBM", 2),
            ("DFR", 2),
            ("DFL", 2),
            ("UBL", 1),
            ("UBR", 1),
            ("DFM", 1),
        ],
    },
    Turn {
        cycles: &[["UFR", "MFR", "FRD", "MBR", "UBR"]],
        twists: &[("UBR", 1), ("MBR", 2), ("MFR", 2), ("FRD", 1)],
    },
    Turn {
        cycles: &[["UBM", "MBM", "BLD", "MBL", "UBL"]],
        twists: &[("UBL", 1), ("UBM", 2), ("MBM", 1), ("BLD", 2)],
    },
    Turn {
        cycles: &[["UBR", "MBR", "BRD", "MBM", "UBM"]],
        twists: &[("MBR", 1), ("UBR", 2), ("UBM", 1), ("MBM", 2)],
    },
    Turn {
        cycles: &[["MFL", "FLD", "DFL", "DFM", "FMD"]],
        twists: &[("DFM", 2), ("DFL", 1), ("FLD", 2), ("MFL", 1)],
    },
    Turn {
        cycles: &[["MFR", "FMD", "DFM", "DFR", "FRD"]],
        twists: &[("DFM", 1), ("FMD", 2), ("MFR", 1), ("FRD", 2)],
    },
    Turn {
        cycles: &[["MBL", "BLD", "DBL", "DFL", "FLD"]],
        twists: &[("MBL", 2), ("FLD", 1), ("DFL", 2), ("DBL", 1)],
    },
    Turn {
        cycles: &[["MBR", "FRD", "DFR", "DBR", "BRD"]],
        twists: &[("DBR", 1), ("DFR", 1), ("FRD", 1)],
    },
    Turn {
        cycles: &[["MBM", "BRD", "DBR", "DBL", "BLD"]],
        twists: &[("MBM", 1), ("DBL", 1), ("DBR", 1)],
    },
    Turn {
        cycles: &[["DFM", "DFL", "DBL", "DBR", "DFR"]],
        twists: &[],
    },
];

/// A Kilominx state: the cubie and twist at each position, packed `cubie | twist << 5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KiloState([u8; 20]);

impl Default for KiloState {
    fn default() -> Self {
        Self::SOLVED
    }
}

/// Per-move table: destination position ← (source position, twist added).
#[derive(Debug, Clone, Copy)]
struct MoveTable {
    src: [u8; 20],
    twist: [u8; 20],
}

/// The positions a move changes, as (destination, source, twist added · 32): 5 for a face
/// without UFL, 15 for U, L and F (their turn carries a rotation).
#[derive(Debug, Clone, Copy)]
struct Sparse {
    len: usize,
    entries: [(u8, u8, u8); 15],
}

impl KiloState {
    /// The solved state.
    pub const SOLVED: KiloState = {
        let mut a = [0u8; 20];
        let mut i = 0;
        while i < 20 {
            a[i] = i as u8;
            i += 1;
        }
        KiloState(a)
    };

    /// The cubie at position `i`.
    #[inline]
    pub fn cubie(&self, i: usize) -> u8 {
        self.0[i] & 31
    }

    /// The twist (0..3) at position `i`.
    #[inline]
    pub fn twist(&self, i: usize) -> u8 {
        self.0[i] >> 5
    }

    /// Builds a state from cubies and twists per position (validated).
    pub fn from_parts(cubies: [u8; 20], twists: [u8; 20]) -> Result<KiloState, InvalidState> {
        for i in 0..20 {
            if cubies[i] >= 20 || twists[i] > 2 {
                return Err(InvalidState::Malformed(format!(
                    "position {}: cubie {} twist {}",
                    CUBIE_NAMES[i], cubies[i], twists[i]
                )));
            }
        }
        let s = KiloState(std::array::from_fn(|i| cubies[i] | twists[i] << 5));
        s.validate()?;
        Ok(s)
    }

    #[inline]
    fn apply_sparse(&mut self, t: &Sparse) {
        let old = self.0;
        for &(dst, src, add) in &t.entries[..t.len] {
            // Twist lives in bits 5..7: add, then reduce 3 → 0.
            let v = old[src as usize] + add;
            self.0[dst as usize] = if v >= 96 { v - 96 } else { v };
        }
    }

    #[inline]
    fn apply_table(&mut self, t: &MoveTable) {
        let old = self.0;
        for i in 0..20 {
            let a = old[t.src[i] as usize];
            let tw = ((a >> 5) + t.twist[i]) % 3;
            self.0[i] = (a & 31) | tw << 5;
        }
    }

    /// Checks that the state is reachable: every cubie once, UFL home and untwisted, twists
    /// summing to 0 mod 3, an even permutation.
    pub fn validate(&self) -> Result<(), InvalidState> {
        let mut seen = [false; 20];
        for i in 0..20 {
            let c = self.cubie(i) as usize;
            if c >= 20 || self.twist(i) > 2 {
                return Err(InvalidState::Malformed(format!(
                    "bad entry at {}",
                    CUBIE_NAMES[i]
                )));
            }
            if seen[c] {
                return Err(InvalidState::DuplicatePiece(format!(
                    "cubie {} appears twice (again at {})",
                    CUBIE_NAMES[c], CUBIE_NAMES[i]
                )));
            }
            seen[c] = true;
        }
        if self.cubie(FIXED) as usize != FIXED || self.twist(FIXED) != 0 {
            return Err(InvalidState::Other(String::from(
                "the UFL cubie is fixed: it must stay at UFL with twist 0",
            )));
        }
        let sum: u32 = (0..20).map(|i| self.twist(i) as u32).sum();
        if !sum.is_multiple_of(3) {
            return Err(InvalidState::Twist { sum: (sum % 3) as u8 });
        }
        let perm: Vec<u8> = (0..20).map(|i| self.cubie(i)).collect();
        if odd_permutation(&perm) {
            return Err(InvalidState::Parity(String::from(
                "the cubies form an odd permutation (two cubies are swapped)",
            )));
        }
        Ok(())
    }
}

/// Whether a permutation of 0..n is odd.
fn odd_permutation(p: &[u8]) -> bool {
    let mut seen = vec![false; p.len()];
    let mut odd = false;
    for i in 0..p.len() {
        if seen[i] {
            continue;
        }
        let mut j = i;
        let mut len = 0;
        while !seen[j] {
            seen[j] = true;
            j = p[j] as usize;
            len += 1;
        }
        if len % 2 == 0 {
            odd = !odd;
        }
    }
    odd
}

/// One of the 48 moves: face 0..12 (see [`FACE_NAMES`]) and a turn of 1..=4 fifths clockwise.
/// Index `4·face + k` with k = 0 `X`, 1 `X'`, 2 `X2`, 3 `X2'` (the seed's enum order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KiloMove(u8);

const SUFFIXES: [&str; 4] = ["", "'", "2", "2'"];
/// Fifths of a clockwise turn for each suffix.
const FIFTHS: [u8; 4] = [1, 4, 2, 3];

impl KiloMove {
    /// The move of `face` with suffix index `k` (0 `X`, 1 `X'`, 2 `X2`, 3 `X2'`).
    pub const fn new(face: u8, k: u8) -> Option<KiloMove> {
        if face < 12 && k < 4 {
            Some(KiloMove(4 * face + k))
        } else {
            None
        }
    }

    /// Index 0..48.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Face 0..12.
    pub const fn face(self) -> u8 {
        self.0 / 4
    }

    /// Clockwise fifths, 1..=4.
    pub const fn fifths(self) -> u8 {
        FIFTHS[(self.0 % 4) as usize]
    }

    /// The move turning `face` by `fifths` (1..=4) fifths clockwise.
    pub fn from_fifths(face: u8, fifths: u8) -> Option<KiloMove> {
        let k = FIFTHS.iter().position(|&f| f == fifths)? as u8;
        KiloMove::new(face, k)
    }
}

impl std::fmt::Display for KiloMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            FACE_NAMES[self.face() as usize],
            SUFFIXES[(self.0 % 4) as usize]
        )
    }
}

fn shuffle_tables() -> &'static [simd::ShuffleMove; 48] {
    static T: std::sync::OnceLock<[simd::ShuffleMove; 48]> = std::sync::OnceLock::new();
    T.get_or_init(|| tables().map(|t| simd::ShuffleMove::new(&t.src, &t.twist)))
}

fn use_shuffles() -> bool {
    static USE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *USE.get_or_init(simd::available)
}

impl Kilominx {
    /// Applies a move with the scalar code path (the reference for the shuffle path).
    pub fn apply_scalar(&self, state: &mut KiloState, mv: KiloMove) {
        if use_shuffles() {
            simd::apply(&mut state.0, &shuffle_tables()[mv.0 as usize]);
        } else {
            state.apply_sparse(&sparse_tables()[mv.0 as usize]);
        }
    }
}

fn sparse_tables() -> &'static [Sparse; 48] {
    static T: std::sync::OnceLock<[Sparse; 48]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        tables().map(|t| {
            let mut sp = Sparse {
                len: 0,
                entries: [(0, 0, 0); 15],
            };
            for i in 0..20 {
                if t.src[i] as usize != i || t.twist[i] != 0 {
                    sp.entries[sp.len] = (i as u8, t.src[i], t.twist[i] << 5);
                    sp.len += 1;
                }
            }
            sp
        })
    })
}

fn tables() -> &'static [MoveTable; 48] {
    static T: std::sync::OnceLock<[MoveTable; 48]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut out = [MoveTable {
            src: [0; 20],
            twist: [0; 20],
        }; 48];
        for (face, turn) in TURNS.iter().enumerate() {
            // One clockwise fifth as a table.
            let mut base = MoveTable {
                src: std::array::from_fn(|i| i as u8),
                twist: [0; 20],
            };
            for cyc in turn.cycles {
                let ps = cyc.map(p);
                for i in 0..5 {
                    base.src[ps[i] as usize] = ps[(i + 1) % 5];
                }
            }
            for &(name, d) in turn.twists {
                base.twist[p(name) as usize] = d;
            }
            // Powers: apply to the identity state and read the table back.
            for k in 0..4u8 {
                let fifths = FIFTHS[k as usize];
                let mut s = KiloState::SOLVED;
                for _ in 0..fifths {
                    s.apply_table(&base);
                }
                let mut t = MoveTable {
                    src: [0; 20],
                    twist: [0; 20],
                };
                for i in 0..20 {
                    t.src[i] = s.cubie(i);
                    t.twist[i] = s.twist(i);
                }
                out[4 * face + k as usize] = t;
            }
        }
        out
    })
}

/// The Kilominx puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kilominx;

fn parse_token(tok: &str) -> Result<Vec<KiloMove>, String> {
    let cut = tok.find(['\'', '2']).unwrap_or(tok.len());
    let (base, suffix) = tok.split_at(cut);
    let face = FACE_NAMES
        .iter()
        .position(|&f| f.eq_ignore_ascii_case(base))
        .ok_or_else(|| format!("`{base}` is not a Kilominx face (U L F R BL BR DL DR DBL DBR DB D)"))?;
    let k = SUFFIXES
        .iter()
        .position(|&s| s == suffix)
        .ok_or_else(|| format!("`{suffix}` is not a Kilominx suffix (none, ', 2 or 2')"))?;
    Ok(vec![KiloMove(4 * face as u8 + k as u8)])
}

impl Puzzle for Kilominx {
    type State = KiloState;
    type Move = KiloMove;

    fn name(&self) -> String {
        String::from("Kilominx")
    }

    fn solved(&self) -> KiloState {
        KiloState::SOLVED
    }

    #[inline]
    fn apply(&self, state: &mut KiloState, mv: KiloMove) {
        if use_shuffles() {
            simd::apply(&mut state.0, &shuffle_tables()[mv.0 as usize]);
        } else {
            state.apply_sparse(&sparse_tables()[mv.0 as usize]);
        }
    }

    fn moves(&self) -> Vec<KiloMove> {
        (0..48).map(KiloMove).collect()
    }

    fn inverse(&self, mv: KiloMove) -> KiloMove {
        KiloMove(4 * mv.face() + [1, 0, 3, 2][(mv.0 % 4) as usize])
    }

    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> KiloState {
        let mut cubies: Vec<u8> = (1..20).collect();
        cubies.shuffle(rng);
        let mut perm = [0u8; 20];
        perm[1..].copy_from_slice(&cubies);
        if odd_permutation(&perm) {
            perm.swap(1, 2);
        }
        let mut twists = [0u8; 20];
        let mut sum = 0u32;
        for t in twists.iter_mut().take(19).skip(1) {
            *t = rng.random_range(0..3);
            sum += *t as u32;
        }
        twists[19] = ((3 - sum % 3) % 3) as u8;
        KiloState(std::array::from_fn(|i| perm[i] | twists[i] << 5))
    }

    fn face(&self, mv: KiloMove) -> u8 {
        mv.face()
    }

    fn faces_commute(&self, a: u8, b: u8) -> bool {
        a < 12 && b < 12 && a != b && (commutes()[a as usize] >> b) & 1 == 1
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<KiloMove>, ParseError> {
        parse_alg(text, parse_token, |m| self.inverse(m))
    }

    fn format_move(&self, mv: KiloMove) -> String {
        mv.to_string()
    }

    fn move_length(&self, mv: KiloMove, metric: Metric) -> u32 {
        match metric {
            Metric::Htm | Metric::Obtm | Metric::Sstm | Metric::Etm | Metric::Twist => 1,
            Metric::Qtm => {
                if mv.fifths() == 1 || mv.fifths() == 4 {
                    1
                } else {
                    2
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
