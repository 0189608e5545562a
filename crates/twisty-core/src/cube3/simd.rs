//! The 3x3x3 face move as two byte shuffles (SSSE3 `pshufb`): one register holds the 8
//! corner bytes, one the 12 edge bytes; each is permuted by a shuffle, corner twists are
//! added and reduced mod 3 with an unsigned minimum, edge flips are XORed in. Chosen at run
//! time when the CPU has SSSE3; the scalar path is the fallback and the tests' reference.
#![allow(unsafe_code)]

/// Shuffle masks and orientation changes of one move.
#[derive(Debug, Clone, Copy)]
pub(super) struct ShuffleMove {
    corner_src: [u8; 16],
    corner_add: [u8; 16],
    edge_src: [u8; 16],
    edge_flip: [u8; 16],
}

impl ShuffleMove {
    /// From the move's cubie cube: position `i` takes the cubie at `cp[i]` and adds `co[i]`
    /// (corners) or XORs `eo[i]` (edges).
    pub(super) fn new(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> Self {
        let mut m = ShuffleMove {
            corner_src: [0x80; 16],
            corner_add: [0; 16],
            edge_src: [0x80; 16],
            edge_flip: [0; 16],
        };
        for i in 0..8 {
            m.corner_src[i] = cp[i];
            m.corner_add[i] = co[i] << 3;
        }
        for i in 0..12 {
            m.edge_src[i] = ep[i];
            m.edge_flip[i] = eo[i] << 4;
        }
        m
    }
}

/// Whether the shuffle path can be used on this CPU.
pub(super) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("ssse3")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Applies `m`. Callers must check [`available`] first.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn apply(corners: &mut [u8; 8], edges: &mut [u8; 12], m: &ShuffleMove) {
    // SAFETY: `available()` returned true, so the CPU supports SSSE3, the only feature
    // `apply_ssse3` is compiled for.
    unsafe { apply_ssse3(corners, edges, m) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn apply_ssse3(corners: &mut [u8; 8], edges: &mut [u8; 12], m: &ShuffleMove) {
    use std::arch::x86_64::*;
    let mut c = [0u8; 16];
    let mut e = [0u8; 16];
    c[..8].copy_from_slice(corners);
    e[..12].copy_from_slice(edges);
    // SAFETY: every pointer points at a 16-byte array (`c`, `e` and the arrays of `m`); the
    // unaligned load and store intrinsics need no alignment.
    unsafe {
        let ld = |a: &[u8; 16]| _mm_loadu_si128(a.as_ptr() as *const __m128i);
        let mut cv = _mm_add_epi8(_mm_shuffle_epi8(ld(&c), ld(&m.corner_src)), ld(&m.corner_add));
        // Orientation 3 or 4 (byte ≥ 24) wraps to 0 or 1: v − 24 is smaller exactly then.
        cv = _mm_min_epu8(cv, _mm_sub_epi8(cv, _mm_set1_epi8(24)));
        let ev = _mm_xor_si128(_mm_shuffle_epi8(ld(&e), ld(&m.edge_src)), ld(&m.edge_flip));
        _mm_storeu_si128(c.as_mut_ptr() as *mut __m128i, cv);
        _mm_storeu_si128(e.as_mut_ptr() as *mut __m128i, ev);
    }
    corners.copy_from_slice(&c[..8]);
    edges.copy_from_slice(&e[..12]);
}

/// Stand-in on other architectures (never called: `available()` is false there).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn apply(_corners: &mut [u8; 8], _edges: &mut [u8; 12], _m: &ShuffleMove) {}
