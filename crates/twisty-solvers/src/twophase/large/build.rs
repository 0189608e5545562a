//! Breadth-first construction of the full phase-1 table (distance mod 3, 2 bits an entry).
//!
//! Entries are `class × 2187 + twist` (flip-slice class, twist seen through the class's
//! symmetry; see [`super::flipslice`]). The entries of one class form a block; a move sends
//! the class representative's flip-slice value to one class and symmetry, so for a fixed
//! class and move every twist of the block lands in one other block: each pass works a
//! class at a time, move by move, and its reads and writes stay within two blocks of 547
//! bytes.
//!
//! Each depth is one parallel pass over the classes. While fewer than half of the entries
//! are reached, entries at the current depth mark their unreached neighbours (and the
//! neighbours' images under the target class's self-symmetries, which stand for conjugate
//! states and so lie at the same depth); after that, every unreached entry with a neighbour
//! at the current depth joins the next one. Values are `depth mod 3` (3 while unreached):
//! an entry with value `depth mod 3` next to an unreached one is at `depth` exactly, since
//! one at `depth − 3` would have reached it earlier. Writes only ever clear bits of an
//! unreached `11` pair to the one value of the pass, so an atomic `fetch_and` needs no lock.

use super::flipslice::{FlipSliceSym, N_SYM16};
use crate::twophase::coord::{N_FLIP, N_TWIST};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// The unreached value while building.
const UNREACHED: u8 = 3;

struct Cells(Vec<AtomicU8>);

impl Cells {
    #[inline]
    fn get(&self, i: usize) -> u8 {
        (self.0[i >> 2].load(Relaxed) >> ((i & 3) * 2)) & 3
    }

    /// Sets an unreached entry to `v`; whether this call did it.
    #[inline]
    fn set_unreached(&self, i: usize, v: u8) -> bool {
        let shift = (i & 3) * 2;
        let cell = &self.0[i >> 2];
        if (cell.load(Relaxed) >> shift) & 3 != UNREACHED {
            return false;
        }
        let old = cell.fetch_and(!((UNREACHED ^ v) << shift), Relaxed);
        (old >> shift) & 3 == UNREACHED
    }
}

/// Builds the table from the raw move tables (`× 18` moves) of twist, flip and slice:
/// the packed bytes (four entries a byte, the first in the low bits) and the number of
/// entries at each depth. With `progress`, a bar on stderr.
pub fn build_table(
    fs: &FlipSliceSym,
    twist_move: &[u16],
    flip_move: &[u16],
    slice_move: &[u16],
    progress: bool,
) -> (Vec<u8>, Vec<u64>) {
    let classes = fs.classes();
    let n = classes * N_TWIST;
    // Move-major twist moves, so a pass over one block and one move reads one row.
    let twist_rows: Vec<u16> = (0..18 * N_TWIST)
        .map(|i| twist_move[(i % N_TWIST) * 18 + i / N_TWIST])
        .collect();
    // The class and symmetry of each representative after each move.
    let class_move: Vec<u32> = (0..classes * 18)
        .map(|i| {
            let rep = fs.class_rep[i / 18] as usize;
            let (slice, flip) = (rep / N_FLIP, rep % N_FLIP);
            let m = i % 18;
            let raw = slice_move[slice * 18 + m] as usize * N_FLIP + flip_move[flip * 18 + m] as usize;
            fs.raw_to_sym[raw]
        })
        .collect();
    let cells = Cells((0..n.div_ceil(4)).map(|_| AtomicU8::new(0xff)).collect());
    cells.set_unreached(0, 0);
    // The solved entry's twin entries (its class's self-symmetries fix twist 0).
    let bar = progress.then(|| {
        let bar = ProgressBar::new(n as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "phase-1 table: depth {msg} [{bar:30}] {human_pos}/{human_len} entries, {elapsed}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar
    });
    let mut counts = vec![1u64];
    let mut filled = 1u64;
    let mut depth = 0u8;
    loop {
        if let Some(b) = &bar {
            b.set_message(format!("{}", depth + 1));
            b.set_position(filled);
        }
        let cur = depth % 3;
        let next = (depth + 1) % 3;
        let backwards = filled > n as u64 / 2;
        let added: u64 = (0..classes)
            .into_par_iter()
            .with_min_len(64)
            .map_init(Vec::new, |list: &mut Vec<u16>, c| {
                let base = c * N_TWIST;
                list.clear();
                let want = if backwards { UNREACHED } else { cur };
                list.extend((0..N_TWIST as u16).filter(|&t| cells.get(base + t as usize) == want));
                if list.is_empty() {
                    return 0;
                }
                let mut added = 0u64;
                for m in 0..18 {
                    let cm = class_move[c * 18 + m] as usize;
                    let (c2, s) = (cm >> 4, cm & 15);
                    let block = c2 * N_TWIST;
                    let row = &twist_rows[m * N_TWIST..(m + 1) * N_TWIST];
                    if backwards {
                        let mut k = 0;
                        while k < list.len() {
                            let t = list[k] as usize;
                            let t2 = fs.twist_conj[row[t] as usize * N_SYM16 + s] as usize;
                            if cells.get(block + t2) == cur {
                                if cells.set_unreached(base + t, next) {
                                    added += 1;
                                }
                                list.swap_remove(k);
                            } else {
                                k += 1;
                            }
                        }
                        if list.is_empty() {
                            break;
                        }
                    } else {
                        let mask = fs.self_sym[c2];
                        for &t in list.iter() {
                            let t2 = fs.twist_conj[row[t as usize] as usize * N_SYM16 + s] as usize;
                            if !cells.set_unreached(block + t2, next) {
                                continue;
                            }
                            added += 1;
                            if mask > 1 {
                                for u in 1..N_SYM16 {
                                    if mask >> u & 1 == 1 {
                                        let t3 = fs.twist_conj[t2 * N_SYM16 + u] as usize;
                                        if cells.set_unreached(block + t3, next) {
                                            added += 1;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                added
            })
            .sum();
        if added == 0 {
            break;
        }
        counts.push(added);
        filled += added;
        depth += 1;
        if filled >= n as u64 {
            break;
        }
    }
    if let Some(b) = bar {
        b.set_position(filled);
        b.finish_with_message(format!("{depth} (done)"));
    }
    let bytes = cells.0.into_iter().map(AtomicU8::into_inner).collect();
    (bytes, counts)
}
