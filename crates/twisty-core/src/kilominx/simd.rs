//! The Kilominx move as two byte shuffles (SSSE3 `pshufb`) instead of up to 15 scalar
//! updates: the 20 packed cubies live in two 16-byte registers; each output register is the
//! OR of a shuffle of each input register, then the twists are added and reduced mod 3 with an
//! unsigned minimum. Chosen at run time when the CPU has SSSE3; the scalar path is the
//! fallback and the reference the tests compare against.
#![allow(unsafe_code)]

/// Shuffle masks and twist additions of one move for the two-register layout.
#[derive(Debug, Clone, Copy)]
pub(super) struct ShuffleMove {
    lo_from_lo: [u8; 16],
    lo_from_hi: [u8; 16],
    hi_from_lo: [u8; 16],
    hi_from_hi: [u8; 16],
    add_lo: [u8; 16],
    add_hi: [u8; 16],
}

impl ShuffleMove {
    /// From a full table: position `i` takes the byte at `src[i]` and adds `twist[i] << 5`.
    pub(super) fn new(src: &[u8; 20], twist: &[u8; 20]) -> Self {
        let mut m = ShuffleMove {
            lo_from_lo: [0x80; 16],
            lo_from_hi: [0x80; 16],
            hi_from_lo: [0x80; 16],
            hi_from_hi: [0x80; 16],
            add_lo: [0; 16],
            add_hi: [0; 16],
        };
        for i in 0..20 {
            let s = src[i];
            let (from_lo, from_hi, add) = if i < 16 {
                (&mut m.lo_from_lo, &mut m.lo_from_hi, &mut m.add_lo)
            } else {
                (&mut m.hi_from_lo, &mut m.hi_from_hi, &mut m.add_hi)
            };
            let j = i % 16;
            if s < 16 {
                from_lo[j] = s;
            } else {
                from_hi[j] = s - 16;
            }
            add[j] = twist[i] << 5;
        }
        m
    }
}

/// Whether the shuffle path can be used on this CPU.
#[inline]
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

/// Applies `m` to the 20 packed bytes. Callers must check [`available`] first.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn apply(state: &mut [u8; 20], m: &ShuffleMove) {
    // SAFETY: `available()` returned true, so the CPU supports SSSE3, the only feature
    // `apply_ssse3` is compiled for.
    unsafe { apply_ssse3(state, m) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn apply_ssse3(state: &mut [u8; 20], m: &ShuffleMove) {
    use std::arch::x86_64::*;
    let mut hi_buf = [0u8; 16];
    hi_buf[..4].copy_from_slice(&state[16..20]);
    // SAFETY: every pointer below points at 16 readable (or writable) bytes: `state[0..16]`,
    // `hi_buf`, and the 16-byte arrays of `m`; the unaligned load/store intrinsics need no
    // alignment.
    unsafe {
        let lo = _mm_loadu_si128(state.as_ptr() as *const __m128i);
        let hi = _mm_loadu_si128(hi_buf.as_ptr() as *const __m128i);
        let ld = |a: &[u8; 16]| _mm_loadu_si128(a.as_ptr() as *const __m128i);
        let k96 = _mm_set1_epi8(96);
        let mut new_lo = _mm_or_si128(
            _mm_shuffle_epi8(lo, ld(&m.lo_from_lo)),
            _mm_shuffle_epi8(hi, ld(&m.lo_from_hi)),
        );
        let mut new_hi = _mm_or_si128(
            _mm_shuffle_epi8(lo, ld(&m.hi_from_lo)),
            _mm_shuffle_epi8(hi, ld(&m.hi_from_hi)),
        );
        new_lo = _mm_add_epi8(new_lo, ld(&m.add_lo));
        new_hi = _mm_add_epi8(new_hi, ld(&m.add_hi));
        // Twist 3 or 4 (bits 5–7 ≥ 96) wraps to 0 or 1: v − 96 is smaller exactly then.
        new_lo = _mm_min_epu8(new_lo, _mm_sub_epi8(new_lo, k96));
        new_hi = _mm_min_epu8(new_hi, _mm_sub_epi8(new_hi, k96));
        _mm_storeu_si128(state.as_mut_ptr() as *mut __m128i, new_lo);
        _mm_storeu_si128(hi_buf.as_mut_ptr() as *mut __m128i, new_hi);
    }
    state[16..20].copy_from_slice(&hi_buf[..4]);
}

/// Scalar stand-in on other architectures (never called: `available()` is false there).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn apply(_state: &mut [u8; 20], _m: &ShuffleMove) {}
