//! Breadth-first generation of a complete distance table over a ranked state space.
//!
//! The space is `0..states`; `neighbour(i, k)` applies move `k` (of `moves`) to the state of
//! rank `i` and returns the rank of the result (typically two move-table lookups). The move
//! set must be closed under inverses (the move graph is undirected), which holds for every
//! puzzle's face-turn metrics.
//!
//! Distances are stored 4 bits per entry ([`crate::packed::Nibbles`] layout), 15 meaning
//! unreached, so depths up to 14 are exact. Each depth is one parallel pass (rayon) over the
//! whole table, with no frontier list:
//! - forward, while the frontier is small: every entry at depth `d` marks its unreached
//!   neighbours `d + 1`;
//! - backward, once the frontier outnumbers the unreached states: every unreached entry with a
//!   neighbour at depth `d` becomes `d + 1` (stopping at the first such neighbour).
//!
//! Entries are updated with atomic byte operations, so passes need no locks.

use crate::depth_bar::{Counts, DepthBar};
use crate::packed::NibblesMut;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// The value of an unreached entry.
pub const UNREACHED: u8 = 15;
/// The deepest depth a 4-bit table holds.
pub const MAX_DEPTH: u8 = 14;
const CHUNK: u64 = 1 << 14;

/// Options of a breadth-first build.
#[derive(Debug, Clone, Default)]
pub struct BfsOptions {
    /// Show a progress bar on stderr (depth, states reached, ETA) with this label.
    pub progress: Option<String>,
}

/// A built distance table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distances {
    /// The packed 4-bit table.
    pub table: NibblesMut,
    /// `counts[d]` = number of states at distance `d`.
    pub counts: Vec<u64>,
    /// States never reached (deeper than [`MAX_DEPTH`] or disconnected).
    pub unreached: u64,
}

#[inline]
fn get(t: &[AtomicU8], i: u64) -> u8 {
    (t[(i >> 1) as usize].load(Relaxed) >> ((i & 1) * 4)) & 15
}

/// Sets entry `i` to `v` if it is still unreached; returns whether it did.
#[inline]
fn claim(t: &[AtomicU8], i: u64, v: u8) -> bool {
    let shift = (i & 1) * 4;
    t[(i >> 1) as usize]
        .fetch_update(Relaxed, Relaxed, |b| {
            ((b >> shift) & 15 == UNREACHED).then_some((b & !(15 << shift)) | (v << shift))
        })
        .is_ok()
}

/// Builds the distance table of `0..states` from the `starts` (distance 0).
///
/// Out-of-range starts are ignored; `neighbour` must return ranks below `states`.
pub fn distance_table<F>(
    states: u64,
    starts: &[u64],
    moves: usize,
    neighbour: F,
    opts: &BfsOptions,
) -> Distances
where
    F: Fn(u64, usize) -> u64 + Sync,
{
    let table: Vec<AtomicU8> = (0..states.div_ceil(2)).map(|_| AtomicU8::new(0xff)).collect();
    let mut frontier = 0u64;
    for &s in starts.iter().filter(|&&s| s < states) {
        frontier += claim(&table, s, 0) as u64;
    }
    let bar = DepthBar::new(opts.progress.as_ref(), states, "states", Counts::Reached);
    let mut counts = vec![frontier];
    let mut reached = frontier;
    let mut d = 0u8;
    while frontier > 0 && d < MAX_DEPTH {
        if let Some(b) = &bar {
            b.depth(&(d + 1).to_string(), reached);
        }
        let backward = frontier > states - reached;
        let found = AtomicU64::new(0);
        let chunks = states.div_ceil(CHUNK);
        (0..chunks).into_par_iter().for_each(|c| {
            let mut local = 0u64;
            let end = ((c + 1) * CHUNK).min(states);
            for i in c * CHUNK..end {
                let v = get(&table, i);
                if backward {
                    if v == UNREACHED
                        && (0..moves).any(|k| get(&table, neighbour(i, k)) == d)
                        && claim(&table, i, d + 1)
                    {
                        local += 1;
                    }
                } else if v == d {
                    for k in 0..moves {
                        local += claim(&table, neighbour(i, k), d + 1) as u64;
                    }
                }
            }
            found.fetch_add(local, Relaxed);
            if let Some(b) = &bar {
                b.scanned(end - c * CHUNK);
            }
        });
        frontier = found.into_inner();
        reached += frontier;
        if frontier > 0 {
            counts.push(frontier);
        }
        d += 1;
    }
    if let Some(b) = bar {
        b.finish();
    }
    Distances {
        table: NibblesMut(table.into_iter().map(AtomicU8::into_inner).collect()),
        counts,
        unreached: states - reached,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::{rank_perm, unrank_perm, FACT};

    /// Permutations of 6 under adjacent transpositions: distance = inversion count.
    #[test]
    fn adjacent_transpositions_give_inversion_counts() {
        let n = 6;
        let states = FACT[n];
        let neighbour = |i: u64, k: usize| {
            let mut p = [0u8; 6];
            unrank_perm(i, &mut p);
            p.swap(k, k + 1);
            rank_perm(&p)
        };
        let d = distance_table(states, &[0], n - 1, neighbour, &BfsOptions::default());
        // Mahonian numbers for n = 6.
        assert_eq!(
            d.counts,
            vec![1, 5, 14, 29, 49, 71, 90, 101, 101, 90, 71, 49, 29, 14, 5, 1][..=MAX_DEPTH as usize]
                .to_vec()
        );
        assert_eq!(d.unreached, 1);
        for i in 0..states {
            let mut p = [0u8; 6];
            unrank_perm(i, &mut p);
            let inv = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|&(a, b)| p[a] > p[b])
                .count() as u8;
            assert_eq!(d.table.get(i), inv.min(UNREACHED));
        }
    }

    /// A cycle of odd length: both directions, forward and backward passes.
    #[test]
    fn cycle_and_disconnected_states() {
        let n = 25u64;
        let neighbour = |i: u64, k: usize| {
            if i >= n {
                i // isolated states n..n+3
            } else if k == 0 {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            }
        };
        let d = distance_table(n + 3, &[0, 99], 2, neighbour, &BfsOptions::default());
        for i in 0..n {
            let exact = i.min(n - i) as u8;
            assert_eq!(d.table.get(i), exact.min(UNREACHED));
        }
        assert_eq!(d.table.get(n), UNREACHED);
        assert_eq!(d.counts, vec![1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
        assert_eq!(d.unreached, 3);
        // Several starts.
        let d = distance_table(n, &[0, 12], 2, neighbour, &BfsOptions::default());
        assert_eq!(d.counts[0], 2);
        assert_eq!(d.counts.iter().sum::<u64>(), n);
    }

    /// A circulant graph whose frontier quickly outgrows the unreached states (backward
    /// passes), against a plain sequential breadth-first search.
    #[test]
    fn matches_a_sequential_search() {
        let n = 50_000u64;
        let steps = [1u64, 37, 613, 4099];
        let neighbour = |i: u64, k: usize| {
            let s = steps[k / 2];
            if k.is_multiple_of(2) {
                (i + s) % n
            } else {
                (i + n - s) % n
            }
        };
        let d = distance_table(n, &[0], 8, neighbour, &BfsOptions::default());
        let mut exact = vec![u8::MAX; n as usize];
        exact[0] = 0;
        let mut queue = std::collections::VecDeque::from([0u64]);
        while let Some(i) = queue.pop_front() {
            for k in 0..8 {
                let j = neighbour(i, k);
                if exact[j as usize] == u8::MAX {
                    exact[j as usize] = exact[i as usize] + 1;
                    queue.push_back(j);
                }
            }
        }
        for i in 0..n {
            let e = exact[i as usize];
            let want = if e <= MAX_DEPTH { e } else { UNREACHED };
            assert_eq!(d.table.get(i), want, "state {i}");
        }
        assert_eq!(d.counts.iter().sum::<u64>() + d.unreached, n);
    }
}
