//! Random-move scrambles of the N×N×N cubes, as the WCA writes them: outer blocks only
//! (faces `U R F D L B`, widths 1 to ⌊N/2⌋, so `R`, `Rw`, `3Rw`…; on even N the half-cube
//! width only from R, U and F, since `2Lw` on a 4x4x4 is `Rw'` and a rotation), never two
//! turns of one axis out of order (turns of one axis commute: a run of them is written in
//! one canonical order, so no block repeats).
//!
//! The length is the WCA's on 5x5x5 (60), 6x6x6 (80) and 7x7x7 (100) and follows the same
//! rule, 20·(N−2), on every size: 40 on the 4x4x4, 620 on the 33x33x33.

use rand::Rng;
use twisty_core::cube_n::{Block, CubeN};
use twisty_core::wca::block_token;

/// The random-move scramble length of an N×N×N cube: 20·(N−2) (the WCA's 60, 80 and 100
/// on N = 5, 6, 7).
pub fn length(n: usize) -> usize {
    20 * n.saturating_sub(2)
}

/// Every block a scramble turns, as the user holds the cube: `(axis, lo, hi)`.
fn blocks(n: usize) -> Vec<(u8, u8, u8)> {
    let mut out = Vec::new();
    for axis in 0..3u8 {
        for w in 1..=n / 2 {
            // From the positive face (R, U, F): the last `w` slices.
            out.push((axis, (n - w) as u8, (n - 1) as u8));
            if !(n.is_multiple_of(2) && w == n / 2) {
                // From the negative face (L, D, B).
                out.push((axis, 0, (w - 1) as u8));
            }
        }
    }
    out
}

/// `count` random turns written as the user types them on the cube held at home.
pub fn random_tokens<R: Rng + ?Sized>(cube: &CubeN, count: usize, rng: &mut R) -> Vec<String> {
    let n = cube.n;
    let all = blocks(n);
    let mut out = Vec::with_capacity(count);
    let mut last: Option<(u8, u8, u8)> = None;
    while out.len() < count {
        let b = all[rng.random_range(0..all.len())];
        if let Some(l) = last {
            // Same axis: only later in the canonical order (the slices increase).
            if l.0 == b.0 && (b.1, b.2) <= (l.1, l.2) {
                continue;
            }
        }
        last = Some(b);
        let block = Block {
            axis: b.0,
            lo: b.1,
            hi: b.2,
            angle: rng.random_range(0..3),
        };
        out.push(block_token(n, block));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::{seeded_rng, Held, Puzzle};

    #[test]
    fn scrambles_are_outer_blocks_in_canonical_order_and_scramble() {
        assert_eq!([4, 5, 6, 7].map(length), [40, 60, 80, 100]);
        for n in [4, 5, 6, 7, 10] {
            let cube = CubeN::new(n).expect("a size");
            let mut rng = seeded_rng(n as u64);
            let tokens = random_tokens(&cube, length(n), &mut rng);
            assert_eq!(tokens.len(), length(n));
            let text = tokens.join(" ");
            let (state, _) = cube.parse_held(&text).expect("the scramble reads back");
            assert!(!cube.is_solved(&state), "{n}: {text}");
            for t in &tokens {
                // Outer blocks: no ranges, no inner layers alone.
                assert!(!t.contains('-'), "{t}");
                assert!(
                    !t.starts_with(|c: char| c.is_ascii_digit()) || t.contains('w'),
                    "{t}"
                );
            }
            for pair in tokens.windows(2) {
                assert_ne!(
                    pair[0].trim_end_matches(['\'', '2']),
                    pair[1].trim_end_matches(['\'', '2']),
                    "{text}"
                );
            }
        }
        // Even N: the half-cube block only from R, U, F.
        let b = blocks(4);
        assert_eq!(b.len(), 9);
        assert!(!b.contains(&(0, 0, 1)));
    }
}
