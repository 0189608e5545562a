//! Moves on the flip-slice symmetry classes: the 18 neighbours of a class in one row.
//!
//! Looking up a neighbour's class through its raw flip-slice value reads the 4 MB
//! [`FlipSliceSym::raw_to_sym`] at a random place for every child of every node: the most
//! expensive read of the large-mode search. Here the classes of all 18 neighbours of a
//! class's representative sit in one 72-byte row, so a node reads one row for all its
//! children. A state `x` with symmetry `k` (`S_k · x · S_k⁻¹` has the representative's
//! flip-slice) moved by `m` is the representative moved by `m' = S_k · m · S_k⁻¹`,
//! conjugated back: its class is the row's entry for `m'`, and its symmetry is the entry's
//! symmetry composed with `k`.

use super::flipslice::{flipslice, flipslice_cube, FlipSliceSym, N_SYM16};
use crate::twophase::coord::{N_FLIP, N_TWIST};
use rayon::prelude::*;
use twisty_core::cube3::{Cube3Move, Symmetries};

/// The class move table and the symmetry tables it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlipSliceMoves {
    /// `class << 4 | sym` of the representative of class `c` moved by move `m`, at
    /// `c × 18 + m`.
    moves: Vec<u32>,
    /// `S_k · m · S_k⁻¹` by `[k][m]`.
    conj: [[u8; 18]; N_SYM16],
    /// `S_a · S_b` by `[a][b]`.
    mult: [[u8; N_SYM16]; N_SYM16],
    /// Move masks seen through a symmetry, six bits at a time (see
    /// [`FlipSliceMoves::conj_mask`]): by `[k][j][bits]`.
    mask_conj: Box<[[[u32; 64]; 3]; N_SYM16]>,
}

impl FlipSliceMoves {
    /// Builds the table for the classes of `sym` (about a million moves, on all cores).
    pub fn build(sym: &FlipSliceSym) -> FlipSliceMoves {
        let t = Symmetries::get();
        let moves = (0..sym.classes())
            .into_par_iter()
            .flat_map_iter(|c| {
                let rep = sym.class_rep[c] as usize;
                let cube = flipslice_cube(rep / N_FLIP, rep % N_FLIP);
                Cube3Move::ALL.map(|m| sym.raw_to_sym[flipslice(&cube.after(m))])
            })
            .collect();
        let mut conj = [[0u8; 18]; N_SYM16];
        let mut mult = [[0u8; N_SYM16]; N_SYM16];
        for k in 0..N_SYM16 {
            for (m, c) in conj[k].iter_mut().enumerate() {
                *c = t.conj_move(k, Cube3Move::ALL[m]).index();
            }
            for (b, x) in mult[k].iter_mut().enumerate() {
                *x = t.mult(k, b) as u8;
            }
        }
        let mut mask_conj = Box::new([[[0u32; 64]; 3]; N_SYM16]);
        for (k, tables) in mask_conj.iter_mut().enumerate() {
            for (j, table) in tables.iter_mut().enumerate() {
                for (bits, out) in table.iter_mut().enumerate() {
                    for m in 0..18 {
                        let r = conj[k][m] as usize;
                        if r / 6 == j && bits >> (r % 6) & 1 == 1 {
                            *out |= 1 << m;
                        }
                    }
                }
            }
        }
        FlipSliceMoves {
            moves,
            conj,
            mult,
            mask_conj,
        }
    }

    /// A mask of moves `m'` of a representative as moves `m` of a state with symmetry `k`:
    /// bit `m` of the result is bit `S_k · m · S_k⁻¹` of `raw`.
    #[inline]
    pub fn conj_mask(&self, raw: u32, k: usize) -> u32 {
        let t = &self.mask_conj[k & 15];
        t[0][(raw & 63) as usize] | t[1][(raw >> 6 & 63) as usize] | t[2][(raw >> 12 & 63) as usize]
    }

    /// The `class << 4 | sym` of a state whose flip-slice is `fs` (`class << 4 | sym`)
    /// after move `m`.
    #[inline]
    pub fn step(&self, fs: u32, m: usize) -> u32 {
        let (class, k) = ((fs >> 4) as usize, (fs & 15) as usize);
        let e = self.moves[class * 18 + self.conj[k][m] as usize];
        (e & !15) | self.mult[(e & 15) as usize][k] as u32
    }

    /// All 18 [`FlipSliceMoves::step`]s of `fs` (one row read).
    #[inline]
    pub fn steps(&self, fs: u32) -> [u32; 18] {
        let (class, k) = ((fs >> 4) as usize, (fs & 15) as usize);
        let row: &[u32] = self.moves.get(class * 18..class * 18 + 18).unwrap_or(&[0; 18]);
        let conj = &self.conj[k];
        std::array::from_fn(|m| {
            let e = row[conj[m] as usize];
            (e & !15) | self.mult[(e & 15) as usize][k] as u32
        })
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        4 * self.moves.len()
    }
}

/// The table index (`class × 2187 + twist`) of a state with flip-slice `fs` (`class << 4 |
/// sym`) and raw twist `twist`.
#[inline]
pub fn index(sym: &FlipSliceSym, fs: u32, twist: u16) -> usize {
    (fs >> 4) as usize * N_TWIST + sym.twist_conj[twist as usize * N_SYM16 + (fs & 15) as usize] as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::cube3::CubieCube;
    use twisty_core::seeded_rng;

    /// Along random walks, the class and symmetry carried by the table take the state to
    /// its class's representative, as the raw lookup's do.
    #[test]
    fn carried_classes_match_the_raw_lookup() {
        let sym = FlipSliceSym::build();
        let mv = FlipSliceMoves::build(&sym);
        let t = Symmetries::get();
        let mut rng = seeded_rng(44);
        for _ in 0..50 {
            let mut c = CubieCube::random(&mut rng);
            let mut fs = sym.raw_to_sym[flipslice(&c)];
            for step in 0..40 {
                let m = (step * 7 + (fs as usize & 31)) % 18;
                let all = mv.steps(fs);
                fs = mv.step(fs, m);
                assert_eq!(all[m], fs);
                c = c.after(Cube3Move::ALL[m]);
                let raw = sym.raw_to_sym[flipslice(&c)];
                assert_eq!(fs >> 4, raw >> 4, "class");
                let image = flipslice(&t.conjugate((fs & 15) as usize, &c));
                assert_eq!(image, sym.class_rep[(fs >> 4) as usize] as usize, "symmetry");
            }
        }
        // A mask seen through a symmetry moves each bit to the conjugated move's place.
        for k in 0..N_SYM16 {
            for raw in [1u32, 0x3ffff, 0x2a5c3, 0x10001, 1 << 17] {
                let want = (0..18).fold(0u32, |acc, m| acc | ((raw >> mv.conj[k][m]) & 1) << m);
                assert_eq!(mv.conj_mask(raw, k), want, "symmetry {k}, mask {raw:#x}");
            }
        }
    }
}
