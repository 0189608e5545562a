//! Coordinates of the two-phase search, computed from a [`CubieCube`].
//!
//! Phase 1 (reach the subgroup ⟨U, D, R2, L2, F2, B2⟩): corner twist (3⁷ = 2187), edge flip
//! (2¹¹ = 2048) and the positions of the four U/D-slice edges FR FL BL BR (C(12,4) = 495).
//! Phase 2 (solve within the subgroup): corner permutation (8! = 40320), permutation of the
//! eight U/D-layer edges (8! = 40320) and of the four slice edges (4! = 24). Every coordinate
//! is 0 on the solved cube.

use twisty_core::cube3::CubieCube;

/// Number of corner-twist values.
pub const N_TWIST: usize = 2187;
/// Number of edge-flip values.
pub const N_FLIP: usize = 2048;
/// Number of slice-edge position sets.
pub const N_SLICE: usize = 495;
/// Number of corner permutations.
pub const N_CPERM: usize = 40320;
/// Number of permutations of the U/D-layer edges.
pub const N_EPERM: usize = 40320;
/// Number of permutations of the slice edges.
pub const N_SPERM: usize = 24;

/// Corner twist: the orientations of corners 0..7 as base-3 digits.
pub fn twist(c: &CubieCube) -> u16 {
    (0..7).fold(0u16, |t, i| t * 3 + c.corner_ori(i) as u16)
}

/// Edge flip: the orientations of edges 0..11 as base-2 digits.
pub fn flip(c: &CubieCube) -> u16 {
    (0..11).fold(0u16, |t, i| t * 2 + c.edge_ori(i) as u16)
}

const fn binomial(n: usize, k: usize) -> u16 {
    if k > n {
        return 0;
    }
    let mut r: u32 = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) as u32 / (i + 1) as u32;
        i += 1;
    }
    r as u16
}

/// Positions of the slice edges (cubies 8..12), ranked in the combinatorial number system
/// over the reversed positions so that the solved set {8, 9, 10, 11} is 0.
pub fn slice(c: &CubieCube) -> u16 {
    let mut k = 0;
    let mut r = 0;
    for q in 0..12 {
        let pos = 11 - q;
        if c.edge_perm(pos) >= 8 {
            k += 1;
            r += binomial(q, k);
        }
    }
    r
}

fn lehmer<const N: usize>(p: [u8; N]) -> u16 {
    let mut r: u32 = 0;
    for i in 0..N {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u32;
        r = r * (N - i) as u32 + smaller;
    }
    r as u16
}

/// Corner permutation rank (Lehmer code), 0..40320.
pub fn cperm(c: &CubieCube) -> u16 {
    lehmer(c.corner_perms())
}

/// Rank of the permutation of the edges in positions 0..8. Only meaningful when those
/// positions hold the U/D-layer edges (in phase 2).
pub fn eperm(c: &CubieCube) -> u16 {
    let e = c.edge_perms();
    lehmer([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]])
}

/// Number of corner-combination-and-parity values.
pub const N_CCOMBP: usize = 140;

/// Which four of the eight corner positions hold the U-layer corners (C(8,4) = 70, ranked
/// like [`slice`] so that solved is 0), times 2, plus the corner-permutation parity.
pub fn ccombp(c: &CubieCube) -> u16 {
    let mut k = 0;
    let mut r = 0;
    for q in 0..8 {
        if c.corner_perm(q) < 4 {
            k += 1;
            r += binomial(q, k);
        }
    }
    r * 2 + twisty_core::cube3::parity(&c.corner_perms()) as u16
}

/// Rank of the permutation of the edges in positions 8..12. Only meaningful in phase 2.
pub fn sperm(c: &CubieCube) -> u16 {
    let e = c.edge_perms();
    lehmer([e[8] & 3, e[9] & 3, e[10] & 3, e[11] & 3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_is_zero_and_ranges_hold() {
        let s = CubieCube::SOLVED;
        assert_eq!(
            (twist(&s), flip(&s), slice(&s), cperm(&s), eperm(&s), sperm(&s)),
            (0, 0, 0, 0, 0, 0)
        );
        assert_eq!(binomial(12, 4), 495);
        let mut rng = twisty_core::seeded_rng(9);
        for _ in 0..1000 {
            let c = CubieCube::random(&mut rng);
            assert!((twist(&c) as usize) < N_TWIST);
            assert!((flip(&c) as usize) < N_FLIP);
            assert!((slice(&c) as usize) < N_SLICE);
            assert!((cperm(&c) as usize) < N_CPERM);
            assert!((ccombp(&c) as usize) < N_CCOMBP);
        }
    }
}
