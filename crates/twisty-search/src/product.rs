//! Exact distance tables over tuples of [`Coordinate`]s, and the choice of tuples that fit a
//! memory cap.
//!
//! A tuple `(c₀, …, cₖ)` of coordinates of sizes `n₀ … nₖ` is indexed mixed-radix
//! (`((c₀·n₁ + c₁)·n₂ + c₂)…`); the table holds every index's distance from the solved
//! tuples, 4 bits each ([`crate::bfs::distance_table`], both cores), 15 for deeper than 14
//! or never reached. A table's value is a lower bound on the distance of every state whose
//! coordinates it indexes, so the maximum over several tables is one too.
//!
//! [`choose_groups`] starts from one group per coordinate and merges groups while the
//! product of their sizes fits the per-table cap and the sum of all tables the total cap,
//! the smallest merges first, so small coordinates end up in exact tables together.

use crate::bfs::{distance_table, BfsOptions};
use crate::coord::Coordinate;
use crate::packed::NibblesMut;

/// A distance table over a tuple of coordinates.
#[derive(Debug, Clone)]
pub struct ProductTable {
    /// The coordinates of the tuple, as indices into the caller's list.
    pub parts: Vec<usize>,
    sizes: Vec<u64>,
    table: NibblesMut,
    /// `counts[d]`: entries at distance `d`.
    pub counts: Vec<u64>,
}

impl ProductTable {
    /// Builds the table of the coordinates `parts` (indices into `coords`) from the solved
    /// tuples `starts` (each a value of every coordinate of `coords`, in `coords` order),
    /// with `moves` moves.
    pub fn build(
        coords: &[Coordinate],
        parts: &[usize],
        starts: &[Vec<u32>],
        moves: usize,
        opts: &BfsOptions,
    ) -> ProductTable {
        let sizes: Vec<u64> = parts.iter().map(|&p| u64::from(coords[p].size())).collect();
        let entries: u64 = sizes.iter().product();
        let mut t = ProductTable {
            parts: parts.to_vec(),
            sizes,
            table: NibblesMut(Vec::new()),
            counts: Vec::new(),
        };
        let start_ix: Vec<u64> = starts.iter().map(|s| t.index(s)).collect();
        let cs: Vec<&Coordinate> = parts.iter().map(|&p| &coords[p]).collect();
        let sizes = t.sizes.clone();
        let d = distance_table(
            entries,
            &start_ix,
            moves,
            |i, m| {
                let mut rest = i;
                let mut digits = [0u32; 16];
                for k in (0..cs.len()).rev() {
                    digits[k] = (rest % sizes[k]) as u32;
                    rest /= sizes[k];
                }
                let mut out = 0u64;
                for k in 0..cs.len() {
                    out = out * sizes[k] + u64::from(cs[k].next(digits[k], m));
                }
                out
            },
            opts,
        );
        t.table = d.table;
        t.counts = d.counts;
        t
    }

    /// The index of a tuple given as the values of every coordinate of the caller's list.
    #[inline(always)]
    pub fn index(&self, values: &[u32]) -> u64 {
        let mut i = 0u64;
        for (k, &p) in self.parts.iter().enumerate() {
            i = i * self.sizes[k] + u64::from(values[p]);
        }
        i
    }

    /// The distance of a tuple given as the values of every coordinate of the caller's list
    /// (15: more than 14).
    #[inline(always)]
    pub fn distance(&self, values: &[u32]) -> u8 {
        self.table.get(self.index(values))
    }

    /// The number of entries.
    pub fn entries(&self) -> u64 {
        self.sizes.iter().product()
    }

    /// The deepest distance in the table (`counts.len() − 1`).
    pub fn depth(&self) -> usize {
        self.counts.len().saturating_sub(1)
    }
}

/// Most coordinates in one table.
pub const MAX_PARTS: usize = 16;

/// Groups coordinates of the given sizes into tables: each group's product at most
/// `per_table` entries, all groups together at most `total` (coordinates too large for
/// either alone get a group of their own all the same, which the caller may drop).
/// The smallest group that can still grow joins the largest group it fits with, so small
/// coordinates sharpen the large ones; the result covers every coordinate once.
pub fn choose_groups(sizes: &[u64], per_table: u64, total: u64) -> Vec<Vec<usize>> {
    let mut groups: Vec<(Vec<usize>, u64)> = sizes
        .iter()
        .enumerate()
        .map(|(i, &s)| (vec![i], s.max(1)))
        .collect();
    loop {
        let sum: u64 = groups.iter().map(|g| g.1).fold(0, u64::saturating_add);
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by_key(|&i| (groups[i].1, i));
        let fits = |a: usize, b: usize| {
            let prod = groups[a].1.saturating_mul(groups[b].1);
            prod <= per_table
                && (sum - groups[a].1 - groups[b].1).saturating_add(prod) <= total
                && groups[a].0.len() + groups[b].0.len() <= MAX_PARTS
        };
        let pick = order.iter().find_map(|&a| {
            order
                .iter()
                .rev()
                .find(|&&b| b != a && fits(a, b))
                .map(|&b| (a, b))
        });
        let Some((a, b)) = pick else { break };
        let (a, b) = (a.min(b), a.max(b));
        let prod = groups[a].1 * groups[b].1;
        let (gb, _) = groups.remove(b);
        groups[a].0.extend(gb);
        groups[a].0.sort_unstable();
        groups[a].1 = prod;
    }
    groups.into_iter().map(|g| g.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_merge_smallest_into_largest_within_caps() {
        let g = choose_groups(&[10, 10, 1000, 5000], 20_000, 1 << 40);
        // 10 joins 1000 (10·5000 is over the cap); the other 10 fits with nothing.
        assert_eq!(g, vec![vec![0, 2], vec![1], vec![3]]);
        let g = choose_groups(&[10, 10, 1000], 1 << 30, 1 << 30);
        assert_eq!(g, vec![vec![0, 1, 2]]);
        let g = choose_groups(&[10, 10], 1 << 30, 50);
        assert_eq!(g.len(), 2);
    }

    #[test]
    fn a_pair_of_cycles_is_exact() {
        // Two coordinates: a 4-cycle turned by move 0 (and back by 1), a 3-cycle turned by
        // moves 0 and 1 alike. The table's distances are the true ones by brute force.
        let act4 = |v: &[u8], m: usize, out: &mut [u8]| {
            out[0] = if m == 0 { (v[0] + 1) % 4 } else { (v[0] + 3) % 4 }
        };
        let act3 = |v: &[u8], m: usize, out: &mut [u8]| {
            out[0] = if m == 0 { (v[0] + 1) % 3 } else { (v[0] + 2) % 3 }
        };
        let c4 = Coordinate::enumerate(&[vec![0]], 2, act4, 10).expect("small");
        let c3 = Coordinate::enumerate(&[vec![0]], 2, act3, 10).expect("small");
        let coords = vec![c4, c3];
        let t = ProductTable::build(&coords, &[0, 1], &[vec![0, 0]], 2, &BfsOptions::default());
        assert_eq!(t.entries(), 12);
        // Moves ±1 on both cycles at once: the product is a 12-cycle, and (k mod 4, k mod 3)
        // for k in -6..=6 is at distance |k|.
        for k in -6i32..=6 {
            let v = [k.rem_euclid(4) as u32, k.rem_euclid(3) as u32];
            let values = [
                coords[0].value_of(&[v[0] as u8]).expect("value"),
                coords[1].value_of(&[v[1] as u8]).expect("value"),
            ];
            assert_eq!(t.distance(&values) as i32, k.abs());
        }
    }
}
