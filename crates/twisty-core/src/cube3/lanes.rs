//! A [`CubieCube`] laid out for byte shuffles, for searches that keep a cube multiplied on
//! the left (e.g. the inverse of a position, which a move `m` changes to `m⁻¹ · c⁻¹`).
//!
//! [`LaneCube`] holds the 8 corner bytes in the first 16-byte lane and the 12 edge bytes in
//! the second, in [`CubieCube`]'s byte format (corners `cubie | orientation << 3`, edges
//! `cubie | orientation << 4`), the unused bytes zero. Premultiplying by a move, `m · c`, is
//! then one shuffle per lane *indexed by the cube's own cubie numbers* (SSSE3 `pshufb`), with
//! the cube's orientations added back: position `i` of `m · c` holds the cubie that `m` puts
//! at position `c[i]`, twisted by both. The shuffle path is chosen at run time when the CPU
//! has SSSE3; the scalar path is the fallback and the tests' reference.
#![allow(unsafe_code)]

use super::{mod3, Cube3Move, CubieCube, Symmetries, Symmetry, MOVE_CUBES};

/// A cube in two 16-byte lanes (corners, then edges); see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct LaneCube {
    corners: [u8; 16],
    edges: [u8; 16],
}

impl Default for LaneCube {
    fn default() -> Self {
        Self::SOLVED
    }
}

const fn lanes_of(c: &CubieCube) -> LaneCube {
    let mut l = LaneCube {
        corners: [0; 16],
        edges: [0; 16],
    };
    let mut i = 0;
    while i < 8 {
        l.corners[i] = c.corners[i];
        i += 1;
    }
    let mut i = 0;
    while i < 12 {
        l.edges[i] = c.edges[i];
        i += 1;
    }
    l
}

/// The 18 moves as lane cubes.
static MOVE_LANES: [LaneCube; 18] = {
    let mut a = [LaneCube {
        corners: [0; 16],
        edges: [0; 16],
    }; 18];
    let mut i = 0;
    while i < 18 {
        a[i] = lanes_of(&MOVE_CUBES[i]);
        i += 1;
    }
    a
};

impl LaneCube {
    /// The solved cube.
    pub const SOLVED: LaneCube = lanes_of(&CubieCube::SOLVED);

    /// The lanes of a cubie cube.
    pub fn from_cubie(c: &CubieCube) -> LaneCube {
        lanes_of(c)
    }

    /// Back to a cubie cube.
    pub fn to_cubie(&self) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        c.corners.copy_from_slice(&self.corners[..8]);
        c.edges.copy_from_slice(&self.edges[..12]);
        c
    }

    /// The cube of one face move.
    pub fn of_move(m: Cube3Move) -> LaneCube {
        MOVE_LANES[m.index() as usize]
    }

    /// The 8 corner bytes as a little-endian word (byte `i` is position `i`).
    #[inline(always)]
    pub fn corner_word(&self) -> u64 {
        let mut a = [0u8; 8];
        a.copy_from_slice(&self.corners[..8]);
        u64::from_le_bytes(a)
    }

    /// The 12 edge bytes as little-endian words: positions 0..8, then 8..12.
    #[inline(always)]
    pub fn edge_words(&self) -> (u64, u32) {
        let mut a = [0u8; 8];
        let mut b = [0u8; 4];
        a.copy_from_slice(&self.edges[..8]);
        b.copy_from_slice(&self.edges[8..12]);
        (u64::from_le_bytes(a), u32::from_le_bytes(b))
    }

    /// `a · self` ("`a`, then `self`") with the scalar code path (the reference for the
    /// shuffle path).
    pub fn premultiply_scalar(&self, a: &LaneCube) -> LaneCube {
        let mut out = *self;
        for i in 0..8 {
            let y = self.corners[i];
            let x = a.corners[(y & 7) as usize];
            out.corners[i] = (x & 7) | mod3((x >> 3) + (y >> 3)) << 3;
        }
        for i in 0..12 {
            let y = self.edges[i];
            let x = a.edges[(y & 15) as usize];
            out.edges[i] = (x & 15) | ((x ^ y) & 16);
        }
        out
    }

    /// Replaces each `cubes[k]` by `moves[k] · cubes[k]` (the move first), with byte shuffles
    /// when the CPU has SSSE3.
    #[inline]
    pub fn premultiply_moves<const N: usize>(cubes: &mut [LaneCube; N], moves: &[u8; N]) {
        #[cfg(target_arch = "x86_64")]
        if super::use_shuffles() {
            // SAFETY: `use_shuffles()` checked that the CPU supports SSSE3, the only feature
            // `premultiply_ssse3` is compiled for.
            unsafe { premultiply_ssse3(cubes, moves) };
            return;
        }
        for (c, &m) in cubes.iter_mut().zip(moves) {
            *c = c.premultiply_scalar(&MOVE_LANES[m as usize % 18]);
        }
    }

    /// `first · then` ("`first`, then `then`"), with a byte shuffle per lane when the CPU
    /// has SSSE3. `c · m` appends a move to a position, `m · c` prepends one (e.g. to its
    /// inverse).
    #[inline]
    pub fn compose(first: &LaneCube, then: &LaneCube) -> LaneCube {
        #[cfg(target_arch = "x86_64")]
        if super::use_shuffles() {
            // SAFETY: `use_shuffles()` checked that the CPU supports SSSE3, the only feature
            // `compose_ssse3` is compiled for.
            return unsafe { compose_ssse3(first, then) };
        }
        then.premultiply_scalar(first)
    }

    /// The edge words (as [`Self::edge_words`]) of the conjugate of `self` by a symmetry:
    /// `S · self · S⁻¹` as [`Symmetry::conjugate`] has it, edges only.
    #[inline]
    pub fn conjugated_edge_words(&self, k: &EdgeConjugator) -> (u64, u32) {
        #[cfg(target_arch = "x86_64")]
        let e = if super::use_shuffles() {
            // SAFETY: `use_shuffles()` checked that the CPU supports SSSE3, the only feature
            // `conjugate_edges_ssse3` is compiled for.
            unsafe { conjugate_edges_ssse3(&self.edges, k) }
        } else {
            conjugate_edges_scalar(&self.edges, k)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let e = conjugate_edges_scalar(&self.edges, k);
        let mut a = [0u8; 8];
        let mut b = [0u8; 4];
        a.copy_from_slice(&e[..8]);
        b.copy_from_slice(&e[8..12]);
        (u64::from_le_bytes(a), u32::from_le_bytes(b))
    }

    /// `self` followed by move `m` (an index into [`Cube3Move::ALL`], taken mod 18).
    #[inline]
    pub fn then_move(&self, m: u8) -> LaneCube {
        LaneCube::compose(self, &MOVE_LANES[m as usize % 18])
    }

    /// Move `m` followed by `self` (an index into [`Cube3Move::ALL`], taken mod 18).
    #[inline]
    pub fn move_then(&self, m: u8) -> LaneCube {
        LaneCube::compose(&MOVE_LANES[m as usize % 18], self)
    }
}

/// A symmetry's action on edges in lane form, for [`LaneCube::conjugated_edge_words`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct EdgeConjugator {
    /// The edge bytes of the action `e` (see [`Symmetry::edge_action`]).
    action: [u8; 16],
    /// The positions of `e⁻¹` (the shuffle indices, unused bytes 0x80).
    inv_index: [u8; 16],
    /// The flips of `e⁻¹` (bit 4 of each byte).
    inv_flip: [u8; 16],
}

impl EdgeConjugator {
    /// The action of `sym` on edges.
    pub fn new(sym: &Symmetry) -> EdgeConjugator {
        let e = sym.edge_action();
        let inv = e.inverse();
        let mut c = EdgeConjugator {
            action: [0; 16],
            inv_index: [0x80; 16],
            inv_flip: [0; 16],
        };
        for i in 0..12 {
            c.action[i] = e.edge_perm(i) | e.edge_ori(i) << 4;
            c.inv_index[i] = inv.edge_perm(i);
            c.inv_flip[i] = inv.edge_ori(i) << 4;
        }
        c
    }

    /// The 48 symmetries' actions, in [`Symmetries`] order.
    pub fn all() -> Vec<EdgeConjugator> {
        Symmetries::get().all().iter().map(EdgeConjugator::new).collect()
    }
}

/// The 12 edge bytes of `e · edges · e⁻¹` (scalar path).
fn conjugate_edges_scalar(edges: &[u8; 16], k: &EdgeConjugator) -> [u8; 16] {
    let mut t = [0u8; 16];
    for i in 0..12 {
        let y = edges[i];
        t[i] = k.action[(y & 15) as usize] ^ (y & 16);
    }
    let mut out = [0u8; 16];
    for i in 0..12 {
        out[i] = t[k.inv_index[i] as usize] ^ k.inv_flip[i];
    }
    out
}

/// [`conjugate_edges_scalar`] with two byte shuffles.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn conjugate_edges_ssse3(edges: &[u8; 16], k: &EdgeConjugator) -> [u8; 16] {
    use std::arch::x86_64::*;
    const PAD_E: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 128, 128, 128];
    let mut out = [0u8; 16];
    // SAFETY: every pointer points at a 16-byte array, read and written unaligned.
    unsafe {
        let pad = _mm_loadu_si128(PAD_E.as_ptr() as *const __m128i);
        let y = _mm_loadu_si128(edges.as_ptr() as *const __m128i);
        let a = _mm_loadu_si128(k.action.as_ptr() as *const __m128i);
        let ii = _mm_loadu_si128(k.inv_index.as_ptr() as *const __m128i);
        let fi = _mm_loadu_si128(k.inv_flip.as_ptr() as *const __m128i);
        let t = edges_then(a, y, pad);
        let r = _mm_xor_si128(_mm_shuffle_epi8(t, ii), fi);
        _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, r);
    }
    out
}

/// The edge lane of `a · y` ("`a`, then `y`"): `a`'s bytes shuffled by `y`'s cubie numbers
/// (`pad` turns the unused bytes' indices into 0x80, so they read 0), flips added.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
#[inline]
fn edges_then(
    a: std::arch::x86_64::__m128i,
    y: std::arch::x86_64::__m128i,
    pad: std::arch::x86_64::__m128i,
) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::*;
    let idx = _mm_or_si128(_mm_and_si128(y, _mm_set1_epi8(15)), pad);
    _mm_xor_si128(_mm_shuffle_epi8(a, idx), _mm_and_si128(y, _mm_set1_epi8(16)))
}

/// `a · y` with one shuffle per lane (see [`premultiply_ssse3`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn compose_ssse3(a: &LaneCube, y: &LaneCube) -> LaneCube {
    let mut out = [*y];
    // SAFETY: the caller guarantees SSSE3 (this function's only target feature).
    unsafe { compose_into_ssse3(&mut out[0], a) };
    out[0]
}

/// Replaces `c` by `a · c` (`a` first), one shuffle per lane.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
#[inline]
unsafe fn compose_into_ssse3(c: &mut LaneCube, a: &LaneCube) {
    use std::arch::x86_64::*;
    // Unused bytes become 0x80 in the shuffle indices, so the shuffle writes 0 there.
    const PAD_C: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 128, 128, 128, 128, 128, 128, 128, 128];
    const PAD_E: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 128, 128, 128];
    // SAFETY: every pointer points at a 16-byte array aligned to 16 (`LaneCube` is
    // `repr(C, align(16))` with two 16-byte fields; the pads are read unaligned).
    unsafe {
        let pad_c = _mm_loadu_si128(PAD_C.as_ptr() as *const __m128i);
        let pad_e = _mm_loadu_si128(PAD_E.as_ptr() as *const __m128i);
        let yc = _mm_load_si128(c.corners.as_ptr() as *const __m128i);
        let ye = _mm_load_si128(c.edges.as_ptr() as *const __m128i);
        let ac = _mm_load_si128(a.corners.as_ptr() as *const __m128i);
        let ae = _mm_load_si128(a.edges.as_ptr() as *const __m128i);
        let ic = _mm_or_si128(_mm_and_si128(yc, _mm_set1_epi8(7)), pad_c);
        let mut rc = _mm_add_epi8(_mm_shuffle_epi8(ac, ic), _mm_and_si128(yc, _mm_set1_epi8(0x18)));
        // Orientation 3 or 4 (byte ≥ 24) wraps to 0 or 1: v − 24 is smaller exactly then.
        rc = _mm_min_epu8(rc, _mm_sub_epi8(rc, _mm_set1_epi8(24)));
        let re = edges_then(ae, ye, pad_e);
        _mm_store_si128(c.corners.as_mut_ptr() as *mut __m128i, rc);
        _mm_store_si128(c.edges.as_mut_ptr() as *mut __m128i, re);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn premultiply_ssse3<const N: usize>(cubes: &mut [LaneCube; N], moves: &[u8; N]) {
    for (c, &m) in cubes.iter_mut().zip(moves) {
        // SAFETY: the caller guarantees SSSE3 (this function's only target feature).
        unsafe { compose_into_ssse3(c, &MOVE_LANES[m as usize % 18]) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded_rng;

    #[test]
    fn premultiplication_matches_multiply_on_both_paths() {
        let mut rng = seeded_rng(3);
        for _ in 0..200 {
            let c = CubieCube::random(&mut rng);
            let l = LaneCube::from_cubie(&c);
            assert_eq!(l.to_cubie(), c);
            for m in Cube3Move::ALL {
                let want = CubieCube::of_move(m).multiply(&c);
                let scalar = l.premultiply_scalar(&LaneCube::of_move(m));
                assert_eq!(scalar, LaneCube::from_cubie(&want), "{m}");
                let mut three = [l; 3];
                LaneCube::premultiply_moves(&mut three, &[m.index(); 3]);
                assert_eq!(three, [scalar; 3], "{m}");
            }
        }
    }

    #[test]
    fn composition_appends_and_prepends_moves() {
        let mut rng = seeded_rng(5);
        for _ in 0..200 {
            let c = CubieCube::random(&mut rng);
            let d = CubieCube::random(&mut rng);
            let (l, k) = (LaneCube::from_cubie(&c), LaneCube::from_cubie(&d));
            assert_eq!(LaneCube::compose(&l, &k), LaneCube::from_cubie(&c.multiply(&d)));
            assert_eq!(LaneCube::compose(&l, &k), k.premultiply_scalar(&l));
            for m in Cube3Move::ALL {
                let i = m.index();
                assert_eq!(l.then_move(i), LaneCube::from_cubie(&c.after(m)), "{m}");
                let pre = CubieCube::of_move(m).multiply(&c);
                assert_eq!(l.move_then(i), LaneCube::from_cubie(&pre), "{m}");
            }
        }
    }

    #[test]
    fn conjugated_edges_match_the_symmetry_on_both_paths() {
        let mut rng = seeded_rng(8);
        let t = Symmetries::get();
        let conj = EdgeConjugator::all();
        assert_eq!(conj.len(), 48);
        for _ in 0..100 {
            let c = CubieCube::random(&mut rng);
            let l = LaneCube::from_cubie(&c);
            for (k, e) in conj.iter().enumerate() {
                let want = LaneCube::from_cubie(&t.conjugate(k, &c)).edge_words();
                assert_eq!(l.conjugated_edge_words(e), want, "sym {k}");
                let s = conjugate_edges_scalar(&l.edges, e);
                let w = LaneCube::from_cubie(&t.conjugate(k, &c));
                assert_eq!(s[..12], w.edges[..12], "sym {k}");
            }
        }
    }

    #[test]
    fn words_hold_the_bytes() {
        let c = CubieCube::SOLVED
            .after(Cube3Move::ALL[4])
            .after(Cube3Move::ALL[7]);
        let l = LaneCube::from_cubie(&c);
        let w = l.corner_word();
        for i in 0..8 {
            assert_eq!((w >> (8 * i)) as u8 & 7, c.corner_perm(i));
            assert_eq!((w >> (8 * i + 3)) as u8 & 3, c.corner_ori(i));
        }
        let (e0, e1) = l.edge_words();
        for i in 0..12 {
            let b = if i < 8 {
                (e0 >> (8 * i)) as u8
            } else {
                (e1 >> (8 * (i - 8))) as u8
            };
            assert_eq!(b & 15, c.edge_perm(i));
            assert_eq!(b >> 4, c.edge_ori(i));
        }
        assert_eq!(LaneCube::SOLVED.to_cubie(), CubieCube::SOLVED);
    }
}
