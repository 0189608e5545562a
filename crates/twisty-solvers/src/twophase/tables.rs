//! Move and pruning tables of the two-phase solver, built in memory in well under a second.
//!
//! Move tables map (coordinate, move) to the coordinate after the move. They are built by a
//! breadth-first walk over the coordinate's values from solved, keeping one cubie cube per
//! value as representative (a coordinate's change under a move depends only on the
//! coordinate), so no "unrank" function is needed.
//!
//! Pruning tables are distance tables, 4 bits per entry, of pairs of coordinates, reduced
//! by symmetry. Phase 1: twist × slice, flip × slice and twist × flip, reduced by eight
//! symmetries (about 500 KB, see [`super::sym1`]). Phase 2: corner permutation × slice
//! permutation, U/D edge permutation × slice permutation and U/D edge permutation ×
//! (U-corner positions, corner parity), reduced by the 16 symmetries that keep the U/D axis
//! (about 300 KB, see [`super::sym`]). Every table is an exact distance in its pair of
//! coordinates, so each phase's estimate is admissible, and all of them fit in a
//! processor's cache.

use super::coord::{self, *};
use super::large::Phase1Full;
use super::sym::Phase2Sym;
use super::sym1::Phase1Sym;
use std::sync::Arc;
use twisty_core::cube3::{Cube3Move, CubieCube, Symmetries};

/// The ten moves of phase 2, `U U2 U' D D2 D' R2 L2 F2 B2`, as move indices 0..18.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 9, 10, 11, 4, 13, 7, 16];

/// All the tables of the two-phase solver.
#[derive(Debug, Clone)]
pub struct Tables {
    /// Twist move table, `N_TWIST × 18`.
    pub twist_move: Vec<u16>,
    /// Flip move table, `N_FLIP × 18`.
    pub flip_move: Vec<u16>,
    /// Slice-position move table, `N_SLICE × 18`.
    pub slice_move: Vec<u16>,
    /// Corner combination and parity move table, `N_CCOMBP × 10` (phase-2 moves).
    pub ccombp_move: Vec<u16>,
    /// The symmetry-reduced phase-2 coordinates and pruning tables.
    pub phase2: Phase2Sym,
    /// Slice permutation move table, `N_SPERM × 10` (phase-2 moves).
    pub sperm_move: Vec<u16>,
    /// The symmetry-reduced phase-1 pruning tables.
    pub phase1: Phase1Sym,
    /// For each axis frame a (0 = U/D, 1 and 2 = the two others, reached by rotating the
    /// cube about its URF–DBL diagonal), the move of the original frame that a move of
    /// frame a stands for, by move index.
    pub frame_moves: [[u8; 18]; 3],
    /// The rotation about the URF–DBL diagonal as a cubie cube (U → R → F).
    pub rotation: CubieCube,
    /// The quarter turn of the whole cube about U/D, `y`, as a cubie cube. It keeps the
    /// phase-2 subgroup but not the edge-flip reference of the slice, so `y · c · y⁻¹` has
    /// other twist and flip coordinates than `c` and the same phase-1 distance: a fourth
    /// phase-1 estimate.
    pub conj_y: CubieCube,
    /// `conj_moves[m]`: the move `y · m · y⁻¹`.
    pub conj_moves: [u8; 18],
    /// The full phase-1 distance table of the large-table mode, when loaded (see
    /// [`super::large`]); the phase-1 search then uses exact distances.
    pub large: Option<Arc<Phase1Full>>,
}

/// A move table of a coordinate, built by a breadth-first walk over its values from solved.
pub(crate) fn move_table(n: usize, moves: &[u8], f: impl Fn(&CubieCube) -> u16) -> Vec<u16> {
    let k = moves.len();
    let mut table = vec![u16::MAX; n * k];
    let mut reps: Vec<Option<CubieCube>> = vec![None; n];
    reps[0] = Some(CubieCube::SOLVED);
    let mut queue = vec![0usize];
    let mut head = 0;
    while head < queue.len() {
        let x = queue[head];
        head += 1;
        let Some(rep) = reps[x] else { continue };
        for (j, &m) in moves.iter().enumerate() {
            let Some(mv) = Cube3Move::from_index(m) else {
                continue;
            };
            let child = rep.after(mv);
            let y = f(&child) as usize;
            table[x * k + j] = y as u16;
            if reps[y].is_none() {
                reps[y] = Some(child);
                queue.push(y);
            }
        }
    }
    debug_assert_eq!(queue.len(), n);
    table
}

/// Breadth-first distances over pairs `a × nb + b` with two move tables of `k` moves (a
/// move set closed under inverses). Once half the entries are reached, each level is found
/// backwards: an unreached entry one move away from the current level joins the next one.
#[cfg(test)]
pub(crate) fn prune_table(na: usize, nb: usize, k: usize, ma: &[u16], mb: &[u16]) -> Vec<u8> {
    let n = na * nb;
    let mut dist = vec![u8::MAX; n];
    dist[0] = 0;
    let mut depth = 0u8;
    let mut filled = 1;
    while filled < n {
        let backwards = filled > n / 2;
        let mut added = 0;
        for i in 0..n {
            let d = dist[i];
            if (backwards && d != u8::MAX) || (!backwards && d != depth) {
                continue;
            }
            let (a, b) = (i / nb, i % nb);
            for j in 0..k {
                let c = ma[a * k + j] as usize * nb + mb[b * k + j] as usize;
                if backwards {
                    if dist[c] == depth {
                        dist[i] = depth + 1;
                        added += 1;
                        break;
                    }
                } else if dist[c] == u8::MAX {
                    dist[c] = depth + 1;
                    added += 1;
                }
            }
        }
        if added == 0 {
            break;
        }
        filled += added;
        depth += 1;
    }
    dist
}

/// A distance table packed 4 bits per entry.
#[derive(Debug, Clone)]
pub struct PruneTable {
    data: Vec<u8>,
    len: usize,
}

impl PruneTable {
    /// Packs full distances (values above 15 are stored as 15).
    pub fn from_distances(full: &[u8]) -> PruneTable {
        let mut data = vec![0u8; full.len().div_ceil(2)];
        for (i, &d) in full.iter().enumerate() {
            data[i >> 1] |= d.min(15) << ((i & 1) * 4);
        }
        PruneTable {
            data,
            len: full.len(),
        }
    }

    /// The table from its packed bytes (as [`PruneTable::raw`] gives them) and its entry
    /// count; `None` when the byte count does not fit.
    pub fn from_raw(data: Vec<u8>, len: usize) -> Option<PruneTable> {
        (data.len() == len.div_ceil(2)).then_some(PruneTable { data, len })
    }

    /// The packed bytes (two entries a byte, the even entry in the low half).
    pub fn raw(&self) -> &[u8] {
        &self.data
    }

    /// The distance of entry `i` (15 for unreached entries; there are none).
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        (self.data[i >> 1] >> ((i & 1) * 4)) & 15
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes of storage.
    pub fn bytes(&self) -> usize {
        self.data.len()
    }

    /// How many entries lie at each distance (index = distance).
    pub fn histogram(&self) -> Vec<usize> {
        let mut h = vec![0usize; 16];
        for i in 0..self.len {
            h[self.get(i) as usize] += 1;
        }
        while h.last() == Some(&0) {
            h.pop();
        }
        h
    }
}

impl Tables {
    /// Builds every table.
    pub fn build() -> Tables {
        let all: Vec<u8> = (0..18).collect();
        let twist_move = move_table(N_TWIST, &all, coord::twist);
        let flip_move = move_table(N_FLIP, &all, coord::flip);
        let slice_move = move_table(N_SLICE, &all, coord::slice);
        let sperm_move = move_table(N_SPERM, &PHASE2_MOVES, coord::sperm);
        let ccombp_move = move_table(N_CCOMBP, &PHASE2_MOVES, coord::ccombp);
        let phase2 = Phase2Sym::build(&sperm_move, &ccombp_move);
        let phase1 = Phase1Sym::build(&twist_move, &flip_move, &slice_move);
        Tables::assemble(
            [twist_move, flip_move, slice_move, sperm_move, ccombp_move],
            phase1,
            phase2,
        )
    }

    /// The tables from the move tables (twist, flip, slice, slice permutation, corner
    /// combination and parity) and the symmetry-reduced tables; the frame and conjugation
    /// data are computed here.
    pub fn assemble(moves: [Vec<u16>; 5], phase1: Phase1Sym, phase2: Phase2Sym) -> Tables {
        let [twist_move, flip_move, slice_move, sperm_move, ccombp_move] = moves;
        // Frame a is symmetry 16a (URF3^a) of the core's scheme: state' = R^a · c · R^-a, and
        // a move m' of frame a stands for R^-a · m' · R^a. `y` is symmetry 2 (U4).
        let t = Symmetries::get();
        let rotation = *t.sym(16).rotation();
        let frame_moves: [[u8; 18]; 3] = std::array::from_fn(|a| {
            std::array::from_fn(|i| t.conj_move(t.inverse(16 * a), Cube3Move::ALL[i]).index())
        });
        let conj_y = *t.sym(2).rotation();
        let conj_moves: [u8; 18] = std::array::from_fn(|i| t.conj_move(2, Cube3Move::ALL[i]).index());
        Tables {
            conj_y,
            conj_moves,
            twist_move,
            flip_move,
            slice_move,
            sperm_move,
            ccombp_move,
            phase2,
            phase1,
            frame_moves,
            rotation,
            large: None,
        }
    }

    /// The state seen in axis frame `frame` (0..3): `R^a · c · R^-a`.
    pub fn to_frame(&self, c: &CubieCube, frame: usize) -> CubieCube {
        let mut out = *c;
        for _ in 0..frame {
            out = self.rotation.multiply(&out).multiply(&self.rotation.inverse());
        }
        out
    }

    /// Bytes held by the tables.
    pub fn bytes(&self) -> usize {
        2 * (self.twist_move.len()
            + self.flip_move.len()
            + self.slice_move.len()
            + self.sperm_move.len()
            + self.ccombp_move.len())
            + self.phase2.bytes()
            + self.phase1.bytes()
    }
}
