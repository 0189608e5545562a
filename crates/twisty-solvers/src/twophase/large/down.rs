//! The moves that bring each phase-1 state one move closer to the subgroup: a little-endian
//! u32 for every entry of the full phase-1 table (`class × 2187 + twist`), bit `m` set when
//! move `m` of the entry's own state (the class representative, twist seen through the
//! class's symmetry) comes one move closer. 563.6 MB.
//!
//! Nearly every node of a phase-1 search (93 % on the budget benchmark) stands exactly its
//! distance from the end of the phase-1 length, so only its children one move closer can
//! be followed. With distances mod 3 alone such a node reads every child's entry — about
//! fifteen cache misses — to keep the one or two that come closer; with this table it reads
//! its own entry and goes straight to them (see `search::large1`).
//!
//! The masks follow from the distance table alone, so they are derived from it (a few
//! seconds on two cores), stored in the table cache beside it, and checked on load against
//! the distance table at a few thousand entries.

use super::symmove::{self, FlipSliceMoves};
use super::Phase1Full;
use crate::twophase::coord::N_TWIST;
use crate::twophase::perimeter::TableBytes;
use rand::Rng;
use rayon::prelude::*;
use twisty_core::seeded_rng;

/// The closer-move masks of every entry.
#[derive(Debug)]
pub struct DownMoves {
    /// Four bytes an entry, little-endian.
    data: TableBytes,
}

impl DownMoves {
    /// The masks of `full`'s entries, derived from its distances on all cores: for each
    /// entry the moves whose entry is one below mod 3. `twist_move` is the raw twist move
    /// table (`× 18`). As little-endian bytes, four an entry.
    pub fn derive(full: &Phase1Full, twist_move: &[u16]) -> Vec<u8> {
        let mut out = vec![0u8; 4 * full.sym.classes() * N_TWIST];
        // A class's entries are one block; a move sends the whole block into one other
        // block, so the reads stay within 18 blocks of 547 bytes.
        out.par_chunks_mut(4 * N_TWIST)
            .enumerate()
            .for_each(|(c, block)| {
                let kids = full.moves.steps((c as u32) << 4);
                for (t, slot) in block.chunks_exact_mut(4).enumerate() {
                    slot.copy_from_slice(&entry_mask(full, &kids, c, t, twist_move).to_le_bytes());
                }
            });
        out
    }

    /// The masks from bytes; `None` unless there are exactly four bytes for each of `full`'s
    /// entries, no mask has a bit past the 18 moves, and the masks agree with `full`'s
    /// distances at a few thousand entries spread over the table.
    pub fn from_bytes(full: &Phase1Full, twist_move: &[u16], data: TableBytes) -> Option<DownMoves> {
        let n = full.sym.classes() * N_TWIST;
        let d = DownMoves { data };
        if d.data.bytes().len() != 4 * n {
            return None;
        }
        let mut rng = seeded_rng(0x2d);
        let ok = (0..4000).all(|_| {
            let (c, t) = (
                rng.random_range(0..full.sym.classes()),
                rng.random_range(0..N_TWIST),
            );
            let kids = full.moves.steps((c as u32) << 4);
            d.raw(c * N_TWIST + t) == entry_mask(full, &kids, c, t, twist_move)
        });
        let bits_ok = d.data.bytes().par_chunks_exact(4).all(|b| b[2] < 4 && b[3] == 0);
        (ok && bits_ok).then_some(d)
    }

    /// The masks held as built or loaded.
    pub fn from_owned(bytes: Vec<u8>) -> DownMoves {
        DownMoves {
            data: TableBytes::Owned(bytes),
        }
    }

    /// The stored mask of entry `i` (0 out of range).
    #[inline]
    fn raw(&self, i: usize) -> u32 {
        match self.data.bytes().get(4 * i..4 * i + 4) {
            Some(b) => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            None => 0,
        }
    }

    /// The closer moves of entry `i` in the frame of a state with flip-slice symmetry `k`
    /// (see [`FlipSliceMoves`]): bit `m` set when move `m` of that state comes closer.
    #[inline]
    pub fn mask(&self, moves: &FlipSliceMoves, i: usize, k: usize) -> u32 {
        moves.conj_mask(self.raw(i), k)
    }

    /// Asks the processor to fetch entry `i`.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        twisty_search::prefetch::prefetch(self.data.bytes(), 4 * i);
    }

    /// The packed masks.
    pub fn raw_bytes(&self) -> &[u8] {
        self.data.bytes()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.data.bytes().len()
    }
}

/// The mask of entry `(c, t)` from the distances: `kids` are the class and symmetry of
/// the representative of class `c` after each move.
fn entry_mask(full: &Phase1Full, kids: &[u32; 18], c: usize, t: usize, twist_move: &[u16]) -> u32 {
    let below = (full.entry(c * N_TWIST + t) + 2) % 3;
    let mut mask = 0u32;
    for (m, &k) in kids.iter().enumerate() {
        if full.entry(symmove::index(&full.sym, k, twist_move[t * 18 + m])) == below {
            mask |= 1 << m;
        }
    }
    mask
}
