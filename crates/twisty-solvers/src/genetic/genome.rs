//! Chromosome operators of seed 004 (`TRubikGenome`): normalisation, one-point crossover
//! and the conjugation mutation. A chromosome is a fixed-length slice of move codes
//! `9·slice + 3·axis + angle`.

use rand::Rng;

#[inline]
fn decode(code: u8) -> (u8, u8, u8) {
    (code / 9, (code % 9) / 3, code % 3)
}

#[inline]
fn encode(slice: u8, axis: u8, angle: u8) -> u8 {
    9 * slice + 3 * axis + angle
}

/// The inverse of a move code (angle → 2 − angle).
#[inline]
pub fn inverse(code: u8) -> u8 {
    let (s, a, g) = decode(code);
    encode(s, a, 2 - g)
}

/// Deletes gene `k`: later genes shift left and the last gene becomes a copy of the new
/// second-to-last one with its axis rotated to the next axis (so the length never changes
/// and the filler never merges with its neighbour).
fn delete_at(genes: &mut [u8], k: usize) {
    let len = genes.len();
    genes.copy_within(k + 1.., k);
    if len >= 2 {
        let (s, a, g) = decode(genes[len - 2]);
        genes[len - 1] = encode(s, (a + 1) % 3, g);
    }
}

/// Normalisation (`Check()`): a gene is merged into an earlier gene of the same slice when
/// only genes of the same axis (which commute with it) lie between them; a merge that
/// cancels deletes both genes.
pub fn normalise(genes: &mut [u8]) {
    let len = genes.len();
    let mut i = 1;
    let mut guard = 0;
    while i < len && guard < 8 * len {
        guard += 1;
        let (s, a, g) = decode(genes[i]);
        let mut j = i;
        let mut merged = None;
        while j > 0 {
            j -= 1;
            let (sj, aj, gj) = decode(genes[j]);
            if aj != a {
                break;
            }
            if sj == s {
                merged = Some((j, (g + gj + 2) % 4));
                break;
            }
        }
        match merged {
            None => i += 1,
            Some((j, 0)) => {
                delete_at(genes, i);
                delete_at(genes, j);
                i = j.max(1);
            }
            Some((j, q)) => {
                genes[j] = encode(s, a, q - 1);
                delete_at(genes, i);
            }
        }
    }
}

/// One-point crossover: `child = mom[..split] + dad[split..]`, `twin = dad[..split] +
/// mom[split..]`, both normalised.
pub fn crossover(mom: &[u8], dad: &[u8], split: usize, child: &mut [u8], twin: &mut [u8]) {
    child[..split].copy_from_slice(&mom[..split]);
    child[split..].copy_from_slice(&dad[split..]);
    twin[..split].copy_from_slice(&dad[..split]);
    twin[split..].copy_from_slice(&mom[split..]);
    normalise(child);
    normalise(twin);
}

/// The conjugation mutation: `k = rand(len)/2`, then gene `2k − i` becomes the inverse of
/// gene `i` for `i < k`, giving `X · m · X⁻¹` (X = genes 0..k, m = gene k) followed by the
/// old tail.
pub fn mutate<R: Rng + ?Sized>(genes: &mut [u8], rng: &mut R) {
    let k = rng.random_range(0..genes.len()) / 2;
    for i in 0..k {
        genes[2 * k - i] = inverse(genes[i]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;
    use twisty_core::supercube::{SuperMove, Supercube};
    use twisty_core::Puzzle;

    fn moves(codes: &[u8]) -> Vec<SuperMove> {
        codes.iter().map(|&c| SuperMove::from_code(c as u16)).collect()
    }

    #[test]
    fn normalise_merges_and_cancels_and_keeps_the_effect_of_the_merged_part() {
        // x0 x1 x0 (merge to x0^2 x1), then y0 y0' cancel.
        let mut g = [0u8, 9, 0, 3, 5, 19, 20, 24];
        normalise(&mut g);
        assert_eq!(&g[..2], &[1, 9]);
        assert_eq!(g.len(), 8);
        // No two neighbours in a same-axis run share a slice.
        let mut rng = seeded_rng(5);
        let cube = Supercube { n: 4 };
        for _ in 0..500 {
            let mut g: Vec<u8> = (0..27).map(|_| rng.random_range(0..36u8)).collect();
            normalise(&mut g);
            assert_eq!(g.len(), 27);
            for i in 1..27 {
                let mut j = i;
                while j > 0 && decode(g[j - 1]).1 == decode(g[i]).1 {
                    j -= 1;
                    assert_ne!(decode(g[j]).0, decode(g[i]).0, "{g:?}");
                }
            }
            let _ = cube.state_after(&moves(&g));
        }
    }

    #[test]
    fn mutation_builds_a_conjugate() {
        let cube = Supercube { n: 3 };
        let mut rng = seeded_rng(1);
        for _ in 0..200 {
            let mut g: Vec<u8> = (0..27).map(|_| rng.random_range(0..27u8)).collect();
            let before = g.clone();
            mutate(&mut g, &mut rng);
            // Find k: the first k genes are kept, then k + 1 .. 2k are their inverses.
            let k = (0..14)
                .rev()
                .find(|&k| (0..k).all(|i| g[2 * k - i] == inverse(g[i])) && g[..=k] == before[..=k])
                .unwrap_or(0);
            let conj = cube.state_after(&moves(&g[..=2 * k]));
            // X m X⁻¹ is m conjugated: the same number of cubies move as with m alone.
            let single = cube.state_after(&moves(&g[k..=k]));
            assert_eq!(conj.unsolved(), single.unsolved());
        }
    }

    #[test]
    fn crossover_splices_and_normalises() {
        let mom = [0u8; 27];
        let dad = [12u8; 27];
        let (mut c, mut t) = ([0u8; 27], [0u8; 27]);
        crossover(&mom, &dad, 5, &mut c, &mut t);
        // x0 ×5 merges to x0 (5 quarter turns), y1 ×22 to y1^2 (22 = 2 mod 4).
        assert_eq!(&c[..2], &[0, 13]);
        // y1 ×5 to y1, x0 ×22 to x0^2.
        assert_eq!(&t[..2], &[12, 1]);
    }
}
