//! Symmetry-reduced phase-1 pruning tables.
//!
//! Eight symmetries keep both the U/D axis and the F/B-ness of the slice positions: the
//! half turn about U/D, the half turn about F/B, the left-right mirror and their products.
//! They map the orientation references (U/D stickers, and F/B stickers in the slice) onto
//! themselves, so conjugating a state by one of them permutes its corner twists (negated
//! by the mirror), edge flips and slice positions, and keeps its phase-1 distance.
//!
//! A raw twist (or flip) value is looked up as a class and the symmetry that takes it to
//! the class representative; the other coordinate of a pair is conjugated by that
//! symmetry. The tables hold one entry per class and value of the other coordinate:
//! twist class × slice (324 × 495), flip class × slice (336 × 495) and twist class × flip
//! (324 × 2048), about 500 KB in all instead of 3.3 MB, so the phase-1 search runs in the
//! processor's cache. Moves are still made on raw coordinates.

use super::coord::{self, N_FLIP, N_SLICE, N_TWIST};
use super::tables::PruneTable;
use twisty_core::cube3::{CubieCube, SymClasses as Reduced, SymSubgroup, Symmetries};

/// Number of phase-1 symmetries.
pub const N_SYM1: usize = 8;

/// The subgroup used: the eight of [`twisty_core::cube3::symmetry`] without a quarter turn
/// about U–D (indices `0, 1, 4, 5, 8, 9, 12, 13`; local index `j` is the `j`-th of them).
/// Odd local indices are mirrored.
const SUBGROUP: SymSubgroup = SymSubgroup::UdAxisHalfTurns;

/// A state with the given twist (everything else solved).
pub(crate) fn twist_cube(mut t: usize) -> CubieCube {
    let mut co = [0u8; 8];
    for i in (0..7).rev() {
        co[i] = (t % 3) as u8;
        t /= 3;
    }
    co[7] = (3 - co.iter().map(|&o| o as usize).sum::<usize>() % 3) as u8 % 3;
    CubieCube::from_parts(
        [0, 1, 2, 3, 4, 5, 6, 7],
        co,
        std::array::from_fn(|i| i as u8),
        [0; 12],
    )
    .unwrap_or(CubieCube::SOLVED)
}

fn flip_cube(mut f: usize) -> CubieCube {
    let mut eo = [0u8; 12];
    for i in (0..11).rev() {
        eo[i] = (f % 2) as u8;
        f /= 2;
    }
    eo[11] = (eo.iter().map(|&o| o as usize).sum::<usize>() % 2) as u8;
    CubieCube::from_parts(
        [0, 1, 2, 3, 4, 5, 6, 7],
        [0; 8],
        std::array::from_fn(|i| i as u8),
        eo,
    )
    .unwrap_or(CubieCube::SOLVED)
}

/// One cube per slice value: the slice edges at the value's four positions.
fn slice_cubes() -> Vec<CubieCube> {
    let mut out = vec![CubieCube::SOLVED; N_SLICE];
    for mask in 0u16..1 << 12 {
        if mask.count_ones() != 4 {
            continue;
        }
        let (mut next_slice, mut next_other) = (8u8, 0u8);
        let ep: [u8; 12] = std::array::from_fn(|i| {
            if mask >> i & 1 == 1 {
                next_slice += 1;
                next_slice - 1
            } else {
                next_other += 1;
                next_other - 1
            }
        });
        let c =
            CubieCube::from_parts([0, 1, 2, 3, 4, 5, 6, 7], [0; 8], ep, [0; 12]).unwrap_or(CubieCube::SOLVED);
        out[coord::slice(&c) as usize] = c;
    }
    out
}

/// A raw coordinate reduced by the eight symmetries.
#[derive(Debug, Clone)]
pub struct SymClasses {
    /// Class and symmetry (`class << 3 | sym`) of each raw value: conjugating the value by
    /// `sym` gives the class representative.
    pub raw_to_sym: Vec<u16>,
    /// The raw value of each class's representative.
    pub class_rep: Vec<u16>,
    /// Symmetries that map each representative to itself, as a bit mask.
    pub self_sym: Vec<u8>,
}

fn classes(n: usize, conj: &[u16]) -> SymClasses {
    let local: Vec<usize> = (0..48).map(|k| SUBGROUP.local(k).unwrap_or(0)).collect();
    let cl = Reduced::reduce(n, SUBGROUP, |x, k| conj[x * N_SYM1 + local[k]] as usize);
    SymClasses {
        raw_to_sym: cl.packed(3).into_iter().map(|v| v as u16).collect(),
        class_rep: cl.rep.iter().map(|&r| r as u16).collect(),
        self_sym: cl.self_sym.iter().map(|&m| m as u8).collect(),
    }
}

/// Breadth-first distances over `class × n_other + other` under the 18 moves.
fn sym_prune(
    cl: &SymClasses,
    main_move: &[u16],
    n_other: usize,
    other_move: &[u16],
    other_conj: &[u16],
) -> PruneTable {
    let n = cl.class_rep.len() * n_other;
    let mut dist = vec![u8::MAX; n];
    dist[0] = 0;
    let mut depth = 0u8;
    let mut filled = 1usize;
    loop {
        let mut added = 0;
        // Once half the entries are reached, the next level is found backwards: an
        // unreached entry with a neighbour in the current level joins the next one.
        let backwards = filled > n / 2;
        for i in 0..n {
            if (backwards && dist[i] != u8::MAX) || (!backwards && dist[i] != depth) {
                continue;
            }
            let (class, other) = (i / n_other, i % n_other);
            let rep = cl.class_rep[class] as usize;
            for m in 0..18 {
                let packed = cl.raw_to_sym[main_move[rep * 18 + m] as usize] as usize;
                let (nc, s) = (packed >> 3, packed & 7);
                let no = other_move[other * 18 + m] as usize;
                let z = other_conj[no * N_SYM1 + s] as usize;
                let idx = nc * n_other + z;
                if backwards {
                    if dist[idx] == depth {
                        dist[i] = depth + 1;
                        added += 1;
                        break;
                    }
                    continue;
                }
                if dist[idx] != u8::MAX {
                    continue;
                }
                dist[idx] = depth + 1;
                added += 1;
                // Conjugates by the representative's own symmetries are the same state.
                let mask = cl.self_sym[nc];
                if mask > 1 {
                    for u in 1..N_SYM1 {
                        if mask >> u & 1 != 0 {
                            let w = nc * n_other + other_conj[z * N_SYM1 + u] as usize;
                            if dist[w] == u8::MAX {
                                dist[w] = depth + 1;
                                added += 1;
                            }
                        }
                    }
                }
            }
        }
        filled += added;
        if added == 0 || filled >= n {
            break;
        }
        depth += 1;
    }
    PruneTable::from_distances(&dist)
}

/// The symmetry-reduced phase-1 tables.
#[derive(Debug, Clone)]
pub struct Phase1Sym {
    /// Twist classes.
    pub twist: SymClasses,
    /// Flip classes.
    pub flip: SymClasses,
    /// The slice value conjugated by a symmetry, by `slice × 8 + sym`.
    pub slice_conj: Vec<u16>,
    /// The flip value conjugated by a symmetry, by `flip × 8 + sym`.
    pub flip_conj: Vec<u16>,
    /// Distances of `twist class × 495 + slice`.
    pub twist_slice_prune: PruneTable,
    /// Distances of `flip class × 495 + slice`.
    pub flip_slice_prune: PruneTable,
    /// Distances of `twist class × 2048 + flip`.
    pub twist_flip_prune: PruneTable,
}

impl Phase1Sym {
    /// Builds the tables from the raw twist, flip and slice move tables (`× 18` moves).
    pub fn build(twist_move: &[u16], flip_move: &[u16], slice_move: &[u16]) -> Phase1Sym {
        let t = Symmetries::get();
        let conj_table = |n: usize, cube: &dyn Fn(usize) -> CubieCube, rank: fn(&CubieCube) -> u16| {
            let mut out = vec![0u16; n * N_SYM1];
            for x in 0..n {
                let c = cube(x);
                for (j, &k) in SUBGROUP.members().iter().enumerate() {
                    out[x * N_SYM1 + j] = rank(&t.conjugate(k, &c));
                }
            }
            out
        };
        let twist_conj = conj_table(N_TWIST, &twist_cube, coord::twist);
        let flip_conj = conj_table(N_FLIP, &flip_cube, coord::flip);
        let slices = slice_cubes();
        let slice_conj = conj_table(N_SLICE, &|x| slices[x], coord::slice);
        let twist = classes(N_TWIST, &twist_conj);
        let flip = classes(N_FLIP, &flip_conj);
        let twist_slice_prune = sym_prune(&twist, twist_move, N_SLICE, slice_move, &slice_conj);
        let flip_slice_prune = sym_prune(&flip, flip_move, N_SLICE, slice_move, &slice_conj);
        let twist_flip_prune = sym_prune(&twist, twist_move, N_FLIP, flip_move, &flip_conj);
        Phase1Sym {
            twist,
            flip,
            slice_conj,
            flip_conj,
            twist_slice_prune,
            flip_slice_prune,
            twist_flip_prune,
        }
    }

    /// The three table distances of raw coordinates: twist × slice, flip × slice, twist ×
    /// flip.
    #[inline]
    pub fn distances(&self, twist: u16, flip: u16, slice: u16) -> [u8; 3] {
        let ts = self.twist.raw_to_sym[twist as usize] as usize;
        let fs = self.flip.raw_to_sym[flip as usize] as usize;
        let (tc, tsym) = (ts >> 3, ts & 7);
        let (fc, fsym) = (fs >> 3, fs & 7);
        let sl = slice as usize * N_SYM1;
        [
            self.twist_slice_prune
                .get(tc * N_SLICE + self.slice_conj[sl + tsym] as usize),
            self.flip_slice_prune
                .get(fc * N_SLICE + self.slice_conj[sl + fsym] as usize),
            self.twist_flip_prune
                .get(tc * N_FLIP + self.flip_conj[flip as usize * N_SYM1 + tsym] as usize),
        ]
    }

    /// The twist × flip distance of raw coordinates.
    #[inline]
    pub fn twist_flip(&self, twist: u16, flip: u16) -> u8 {
        let ts = self.twist.raw_to_sym[twist as usize] as usize;
        self.twist_flip_prune
            .get((ts >> 3) * N_FLIP + self.flip_conj[flip as usize * N_SYM1 + (ts & 7)] as usize)
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        let cl = |c: &SymClasses| 2 * (c.raw_to_sym.len() + c.class_rep.len()) + c.self_sym.len();
        cl(&self.twist)
            + cl(&self.flip)
            + 2 * (self.slice_conj.len() + self.flip_conj.len())
            + self.twist_slice_prune.bytes()
            + self.flip_slice_prune.bytes()
            + self.twist_flip_prune.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twophase::tables::prune_table;
    use crate::twophase::TwoPhase;
    use twisty_core::seeded_rng;

    /// The reduced tables give the plain tables' distances.
    #[test]
    fn reduced_tables_agree_with_plain_ones() {
        let t = TwoPhase::global().tables();
        let p = &t.phase1;
        assert_eq!(p.twist.class_rep.len(), 324);
        assert_eq!(p.flip.class_rep.len(), 336);
        let ts = prune_table(N_TWIST, N_SLICE, 18, &t.twist_move, &t.slice_move);
        let fs = prune_table(N_FLIP, N_SLICE, 18, &t.flip_move, &t.slice_move);
        let tf = prune_table(N_TWIST, N_FLIP, 18, &t.twist_move, &t.flip_move);
        let mut rng = seeded_rng(6);
        for _ in 0..20_000 {
            let c = CubieCube::random(&mut rng);
            let (tw, fl, sl) = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
            let (tw_, fl_, sl_) = (tw as usize, fl as usize, sl as usize);
            assert_eq!(
                p.distances(tw, fl, sl),
                [
                    ts[tw_ * N_SLICE + sl_],
                    fs[fl_ * N_SLICE + sl_],
                    tf[tw_ * N_FLIP + fl_]
                ]
            );
        }
    }
}
