//! The phase-1 edge coordinate `flip × slice` reduced by the 16 symmetries that keep the
//! U/D axis, and the corner twist conjugated by them.
//!
//! A raw flip-slice value is `slice × 2048 + flip` (1,013,760 values). The 16 symmetries of
//! [`SymSubgroup::UdAxis`] map the set of positions holding U/D-slice edges onto such a set
//! and, together with it, the edge flips: a quarter turn about U/D turns the slice edges'
//! F/B reference stickers into R/L ones, which flips exactly the slice edges, so the flip of
//! a conjugate depends on the flip and the slice together, not on the flip alone. The
//! combined coordinate falls into 64,430 classes.

use crate::twophase::coord::{self, N_FLIP, N_SLICE, N_TWIST};
use twisty_core::cube3::{CubieCube, SymClasses, SymSubgroup, Symmetries};

/// Number of symmetries used (those keeping the U/D axis).
pub const N_SYM16: usize = 16;

/// Raw flip-slice values.
pub const N_FLIPSLICE: usize = N_SLICE * N_FLIP;

/// Flip-slice symmetry classes.
pub const N_FLIPSLICE_CLASSES: usize = 64_430;

/// The subgroup: symmetry `k < 16` of [`twisty_core::cube3::symmetry`] has local index `k`.
pub const SUBGROUP: SymSubgroup = SymSubgroup::UdAxis;

/// A state with the given slice set and flip (corners solved, edges ordered).
pub fn flipslice_cube(slice: usize, mut flip: usize) -> CubieCube {
    let mut eo = [0u8; 12];
    for i in (0..11).rev() {
        eo[i] = (flip % 2) as u8;
        flip /= 2;
    }
    eo[11] = (eo.iter().map(|&o| o as usize).sum::<usize>() % 2) as u8;
    let mut ep = [0u8; 12];
    let (mut next_slice, mut next_other) = (8u8, 0u8);
    let mask = slice_mask(slice);
    for (i, e) in ep.iter_mut().enumerate() {
        if mask >> i & 1 == 1 {
            *e = next_slice;
            next_slice += 1;
        } else {
            *e = next_other;
            next_other += 1;
        }
    }
    CubieCube::from_parts([0, 1, 2, 3, 4, 5, 6, 7], [0; 8], ep, eo).unwrap_or(CubieCube::SOLVED)
}

/// The positions (bit mask) holding slice edges for a slice value.
fn slice_mask(slice: usize) -> u16 {
    static MASKS: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let masks = MASKS.get_or_init(|| {
        let mut out = vec![0u16; N_SLICE];
        for mask in 0u16..1 << 12 {
            if mask.count_ones() != 4 {
                continue;
            }
            let mut ep = [0u8; 12];
            let (mut s, mut o) = (8u8, 0u8);
            for (i, e) in ep.iter_mut().enumerate() {
                if mask >> i & 1 == 1 {
                    *e = s;
                    s += 1;
                } else {
                    *e = o;
                    o += 1;
                }
            }
            if let Some(c) = CubieCube::from_parts([0, 1, 2, 3, 4, 5, 6, 7], [0; 8], ep, [0; 12]) {
                out[coord::slice(&c) as usize] = mask;
            }
        }
        out
    });
    masks[slice % N_SLICE]
}

/// The raw flip-slice value of a state.
#[inline]
pub fn flipslice(c: &CubieCube) -> usize {
    coord::slice(c) as usize * N_FLIP + coord::flip(c) as usize
}

/// The flip-slice symmetry classes and the twist conjugation table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlipSliceSym {
    /// `class << 4 | sym` of each raw flip-slice value: conjugating a state by symmetry
    /// `sym` takes its flip-slice value to the class representative.
    pub raw_to_sym: Vec<u32>,
    /// The raw value of each class's representative.
    pub class_rep: Vec<u32>,
    /// The symmetries fixing each representative, as a bit mask (bit 0 always set).
    pub self_sym: Vec<u16>,
    /// The twist of a state conjugated by symmetry `sym`, by `twist × 16 + sym`.
    pub twist_conj: Vec<u16>,
}

impl FlipSliceSym {
    /// Builds the classes (about a million conjugations, well under a second).
    pub fn build() -> FlipSliceSym {
        let t = Symmetries::get();
        let cl = SymClasses::reduce(N_FLIPSLICE, SUBGROUP, |x, k| {
            flipslice(&t.conjugate(k, &flipslice_cube(x / N_FLIP, x % N_FLIP)))
        });
        let raw_to_sym = cl
            .class
            .iter()
            .zip(&cl.sym)
            .map(|(&c, &s)| c << 4 | s as u32)
            .collect();
        let mut twist_conj = vec![0u16; N_TWIST * N_SYM16];
        for tw in 0..N_TWIST {
            let c = super::super::sym1::twist_cube(tw);
            for k in 0..N_SYM16 {
                twist_conj[tw * N_SYM16 + k] = coord::twist(&t.conjugate(k, &c));
            }
        }
        FlipSliceSym {
            raw_to_sym,
            class_rep: cl.rep,
            self_sym: cl.self_sym.iter().map(|&m| m as u16).collect(),
            twist_conj,
        }
    }

    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.class_rep.len()
    }

    /// The table index (`class × 2187 + twist`) of a state with these raw coordinates.
    #[inline]
    pub fn index(&self, twist: u16, flip: u16, slice: u16) -> usize {
        let fs = self.raw_to_sym[slice as usize * N_FLIP + flip as usize] as usize;
        (fs >> 4) * N_TWIST + self.twist_conj[twist as usize * N_SYM16 + (fs & 15)] as usize
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        4 * (self.raw_to_sym.len() + self.class_rep.len()) + 2 * (self.self_sym.len() + self.twist_conj.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::seeded_rng;

    /// The classes are the known 64,430; every raw value's recorded symmetry takes it to
    /// its class representative, which fixes exactly its self-symmetries; and the 16
    /// conjugates of a random state have its table index up to a self-symmetry of the class.
    #[test]
    fn flipslice_classes_are_consistent() {
        let fs = FlipSliceSym::build();
        assert_eq!(fs.classes(), N_FLIPSLICE_CLASSES);
        let t = Symmetries::get();
        for x in 0..N_FLIPSLICE {
            let (class, sym) = ((fs.raw_to_sym[x] >> 4) as usize, (fs.raw_to_sym[x] & 15) as usize);
            let c = flipslice_cube(x / N_FLIP, x % N_FLIP);
            assert_eq!(flipslice(&c), x);
            assert_eq!(
                flipslice(&t.conjugate(sym, &c)),
                fs.class_rep[class] as usize,
                "raw {x}"
            );
        }
        for (class, &rep) in fs.class_rep.iter().enumerate() {
            let c = flipslice_cube(rep as usize / N_FLIP, rep as usize % N_FLIP);
            for k in 0..N_SYM16 {
                let fixed = flipslice(&t.conjugate(k, &c)) == rep as usize;
                assert_eq!(fixed, fs.self_sym[class] >> k & 1 == 1, "class {class} sym {k}");
            }
        }
        let mut rng = seeded_rng(28);
        for _ in 0..2000 {
            let c = CubieCube::random(&mut rng);
            let i = fs.index(coord::twist(&c), coord::flip(&c), coord::slice(&c));
            let (class, tw) = (i / N_TWIST, i % N_TWIST);
            for k in 0..N_SYM16 {
                let d = t.conjugate(k, &c);
                let j = fs.index(coord::twist(&d), coord::flip(&d), coord::slice(&d));
                assert_eq!(j / N_TWIST, class);
                let same = (0..N_SYM16).any(|u| {
                    fs.self_sym[class] >> u & 1 == 1
                        && fs.twist_conj[tw * N_SYM16 + u] as usize == j % N_TWIST
                });
                assert!(same, "conjugate {k}: index {j}, state {i}");
            }
        }
    }
}
