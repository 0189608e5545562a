//! Ranking: bijections between puzzle coordinates and dense integer indices.
//!
//! - Permutations of `0..n` (n ≤ 20) and partial permutations (`k` distinct values out of
//!   `0..n`, n ≤ 32) by their Lehmer code, in linear time after Korf & Schultze: walking left
//!   to right, a bit set records the values already seen, and the Lehmer digit of a value `v`
//!   is `v − popcount(seen below v)` (the number of smaller values still unused). The rank is
//!   `Σ digitᵢ · P(n−1−i, k−1−i)`, with `P(a, b) = a! / (a−b)!`, so full permutations get
//!   `Σ digitᵢ · (n−1−i)!` and the identity ranks 0.
//! - Combinations: a `k`-subset of `0..n` as a bit mask, by the combinatorial number system
//!   (`Σ C(pᵢ, i+1)` over its members `p₀ < p₁ < …`).
//! - Orientation digits: `n` digits in base `b` whose sum is `0 mod b`; the first `n − 1`
//!   digits form the rank (most significant first), the last is implied.
//!
//! Every `rank_*` has an `unrank_*` inverse.

/// `FACT[i] = i!` for `i ≤ 20`.
pub const FACT: [u64; 21] = {
    let mut f = [1u64; 21];
    let mut i = 1;
    while i < 21 {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

/// The number of partial permutations `P(n, k) = n! / (n − k)!` (0 when `k > n`).
/// Saturates at `u64::MAX`.
pub const fn n_p_k(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let mut r = 1u64;
    let mut i = 0;
    while i < k {
        r = r.saturating_mul((n - i) as u64);
        i += 1;
    }
    r
}

/// `BINOM[n][k] = C(n, k)` for `n, k < 64` (0 when `k > n`; entries past `u64` wrap and are
/// never used by ranks of 64-bit masks with fewer than 64 members).
pub static BINOM: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut n = 0;
    while n < 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1].wrapping_add(t[n - 1][k]);
            k += 1;
        }
        n += 1;
    }
    t
};

/// The binomial coefficient `C(n, k)` (0 when `k > n`), exact for `n ≤ 62`.
#[inline]
pub fn n_c_k(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    if n < 64 {
        return BINOM[n as usize][k as usize];
    }
    let k = if k > n - k { n - k } else { k };
    let mut r = 1u64;
    let mut i = 0;
    while i < k {
        // r · (n − i) / (i + 1) is always exact in this order.
        r = r * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    r
}

/// The rank (0..n!) of a permutation of `0..n`, `n = perm.len() ≤ 20`.
///
/// The caller guarantees `perm` is a permutation; other input gives an unspecified rank.
#[inline]
pub fn rank_perm(perm: &[u8]) -> u64 {
    rank_partial(perm, perm.len() as u32)
}

/// The rank (0..P(n, k)) of `k = values.len()` distinct values out of `0..n` (n ≤ 32),
/// in the order they appear.
#[inline]
pub fn rank_partial(values: &[u8], n: u32) -> u64 {
    // Horner form of Σ digitᵢ · P(n−1−i, k−1−i): rank ← rank · (n − i) + digitᵢ.
    let mut seen = 0u32;
    let mut rank = 0u64;
    for (i, &v) in values.iter().enumerate() {
        let below = seen & ((1u32 << v) - 1);
        let digit = v as u64 - below.count_ones() as u64;
        seen |= 1 << v;
        rank = rank * (n as u64 - i as u64) + digit;
    }
    rank
}

/// Writes into `out` (length `n ≤ 20`) the permutation of rank `rank` (< n!).
#[inline]
pub fn unrank_perm(rank: u64, out: &mut [u8]) {
    let n = out.len() as u32;
    unrank_partial(rank, n, out)
}

/// Writes into `out` (length `k ≤ n ≤ 32`) the partial permutation of rank `rank`
/// (< P(n, k)).
pub fn unrank_partial(rank: u64, n: u32, out: &mut [u8]) {
    // The digits of the rank's mixed radix (n, n − 1, …, n − k + 1), last first, by small
    // divisions: in 32 bits when the rank fits (every table's), as a 64-bit division is
    // several times slower on 32-bit targets (WebAssembly).
    let k = out.len().min(32);
    let mut digits = [0u32; 32];
    match u32::try_from(rank) {
        Ok(mut r) => {
            for i in (0..k).rev() {
                let base = (n - i as u32).max(1);
                digits[i] = r % base;
                r /= base;
            }
        }
        Err(_) => {
            let mut r = rank;
            for i in (0..k).rev() {
                let base = u64::from((n - i as u32).max(1));
                digits[i] = (r % base) as u32;
                r /= base;
            }
        }
    }
    let mut unused: u32 = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    for (slot, &digit) in out.iter_mut().zip(&digits[..k]) {
        // The digit-th unused value (clear the lowest set bits `digit` times).
        let mut m = unused;
        for _ in 0..digit {
            m &= m.wrapping_sub(1);
        }
        let v = m.trailing_zeros();
        *slot = v as u8;
        unused &= !(1 << v);
    }
}

/// The rank (0..C(n, k)) of the subset `mask` of `0..n` (k = its number of members).
#[inline]
pub fn rank_comb(mut mask: u64) -> u64 {
    let mut rank = 0u64;
    let mut i = 1u32;
    while mask != 0 {
        let p = mask.trailing_zeros();
        rank += n_c_k(p, i);
        mask &= mask - 1;
        i += 1;
    }
    rank
}

/// The `k`-subset of `0..n` (as a bit mask) with rank `rank` (< C(n, k)).
pub fn unrank_comb(mut rank: u64, n: u32, k: u32) -> u64 {
    let mut mask = 0u64;
    let mut p = n;
    for i in (1..=k).rev() {
        // The largest p with C(p, i) ≤ rank.
        p -= 1;
        while n_c_k(p, i) > rank {
            p -= 1;
        }
        rank -= n_c_k(p, i);
        mask |= 1 << p;
    }
    mask
}

/// The rank (0..base^(n−1)) of orientation digits whose sum is `0 mod base`: the first
/// `n − 1` digits read as a base-`base` number, most significant first.
#[inline]
pub fn rank_ori(digits: &[u8], base: u8) -> u64 {
    let Some((_, head)) = digits.split_last() else {
        return 0;
    };
    head.iter().fold(0u64, |r, &d| r * base as u64 + d as u64)
}

/// Writes into `out` the orientation digits of rank `rank`; the last digit makes the sum
/// `0 mod base`.
pub fn unrank_ori(mut rank: u64, base: u8, out: &mut [u8]) {
    let Some((last, head)) = out.split_last_mut() else {
        return;
    };
    let mut sum = 0u32;
    for d in head.iter_mut().rev() {
        *d = (rank % base as u64) as u8;
        rank /= base as u64;
        sum += *d as u32;
    }
    *last = ((base as u32 - sum % base as u32) % base as u32) as u8;
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tables() {
        assert_eq!(FACT[7], 5040);
        assert_eq!(FACT[20], 2_432_902_008_176_640_000);
        assert_eq!(n_p_k(12, 4), 11880);
        assert_eq!(n_p_k(3, 4), 0);
        assert_eq!(n_c_k(12, 4), 495);
        assert_eq!(n_c_k(62, 31), 465_428_353_255_261_088);
        assert_eq!(n_c_k(3, 5), 0);
    }

    #[test]
    fn whole_permutation_spaces() {
        for n in 0..=7usize {
            let mut out = vec![0u8; n];
            let mut seen = std::collections::HashSet::new();
            for r in 0..FACT[n] {
                unrank_perm(r, &mut out);
                let mut sorted = out.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
                assert_eq!(rank_perm(&out), r);
                assert!(seen.insert(out.clone()));
            }
        }
        assert_eq!(rank_perm(&[0, 1, 2, 3]), 0);
        assert_eq!(rank_perm(&[3, 2, 1, 0]), 23);
        // Lexicographic order.
        assert_eq!(rank_perm(&[0, 2, 1]), 1);
        assert_eq!(rank_perm(&[1, 0, 2]), 2);
    }

    #[test]
    fn whole_partial_spaces() {
        for (n, k) in [(8u32, 3usize), (12, 4), (6, 6), (5, 0), (9, 1)] {
            let mut out = vec![0u8; k];
            for r in 0..n_p_k(n, k as u32) {
                unrank_partial(r, n, &mut out);
                assert!(out.iter().all(|&v| (v as u32) < n));
                let mut s = out.clone();
                s.sort_unstable();
                s.dedup();
                assert_eq!(s.len(), k);
                assert_eq!(rank_partial(&out, n), r);
            }
        }
    }

    #[test]
    fn whole_combination_spaces() {
        for (n, k) in [(12u32, 4u32), (8, 0), (8, 8), (10, 3)] {
            let mut last = None;
            for r in 0..n_c_k(n, k) {
                let m = unrank_comb(r, n, k);
                assert_eq!(m.count_ones(), k);
                assert!(m < 1 << n);
                assert_eq!(rank_comb(m), r);
                assert_ne!(Some(m), last);
                last = Some(m);
            }
        }
    }

    #[test]
    fn whole_orientation_spaces() {
        for (n, base) in [(8usize, 3u8), (12, 2), (1, 3)] {
            let mut out = vec![0u8; n];
            for r in 0..(base as u64).pow(n as u32 - 1) {
                unrank_ori(r, base, &mut out);
                assert_eq!(out.iter().map(|&d| d as u32).sum::<u32>() % base as u32, 0);
                assert_eq!(rank_ori(&out, base), r);
            }
        }
    }

    proptest! {
        #[test]
        fn large_permutations_round_trip(r in 0..FACT[20]) {
            let mut out = [0u8; 20];
            unrank_perm(r, &mut out);
            prop_assert_eq!(rank_perm(&out), r);
        }

        #[test]
        fn large_partials_round_trip(r in 0..n_p_k(32, 7)) {
            let mut out = [0u8; 7];
            unrank_partial(r, 32, &mut out);
            prop_assert_eq!(rank_partial(&out, 32), r);
        }

        #[test]
        fn large_combinations_round_trip(r in 0..n_c_k(40, 12)) {
            let m = unrank_comb(r, 40, 12);
            prop_assert_eq!(m.count_ones(), 12);
            prop_assert_eq!(rank_comb(m), r);
        }
    }
}
