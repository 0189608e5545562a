//! The order in which a split search takes its subtrees.
//!
//! Each subtree (a root: a canonical prefix of the split depth) is searched in every
//! iteration. A subtree that generated many nodes at the last bound is one where the
//! heuristic left much slack, and so the likeliest to hold a solution at the next bound:
//! with [`IdaOptions::learn`](super::IdaOptions::learn) the roots are taken by decreasing node
//! count of the last complete iteration, then (roots new at this bound, and ties) by
//! [`IdaProblem::order_key`].

use super::IdaProblem;
use crate::progress::IterationProgress;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};

/// A subtree of a split search: the moves from the start, the node they reach, and the face
/// of the last move.
pub(super) type Root<N> = (Vec<usize>, N, Option<u8>);

/// Node counts of each subtree of a split search in its last complete iteration, keyed by
/// the subtree's moves (any searcher that splits its tree by prefixes can keep one).
#[derive(Debug)]
pub struct SubtreeCounts<K> {
    nodes: HashMap<K, u64>,
}

impl<K> Default for SubtreeCounts<K> {
    fn default() -> Self {
        SubtreeCounts {
            nodes: HashMap::new(),
        }
    }
}

impl<K: Hash + Eq> SubtreeCounts<K> {
    /// True before the first iteration is kept.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The count of a subtree in the last iteration kept (0 for a subtree it did not have:
    /// one pruned at the split depth then).
    pub fn get(&self, key: &K) -> u64 {
        self.nodes.get(key).copied().unwrap_or(0)
    }

    /// Each subtree's count at the last iteration (`keys` in the order the subtrees are
    /// searched), told to `progress` as the weights of its estimate of the share of the
    /// bound done; empty without a progress (nothing before the first split iteration is
    /// known, so the estimate starts at the second).
    pub fn tell_progress<'k>(
        &self,
        keys: impl IntoIterator<Item = &'k K>,
        progress: Option<&IterationProgress>,
    ) -> Vec<u64>
    where
        K: 'k,
    {
        let Some(p) = progress else {
            return Vec::new();
        };
        let last: Vec<u64> = keys.into_iter().map(|k| self.get(k)).collect();
        p.set_last_nodes(last.iter().sum());
        last
    }

    /// Keeps the counts of a complete iteration (`counts[i]` for `keys[i]`) for the next.
    pub fn learn(&mut self, keys: impl IntoIterator<Item = K>, counts: &[AtomicU64]) {
        self.nodes = keys
            .into_iter()
            .zip(counts)
            .map(|(k, c)| (k, c.load(Ordering::Relaxed)))
            .collect();
    }
}

/// Runs `f(0)`, `f(1)`, … `f(len − 1)` on every thread of the current rayon pool, each
/// thread taking the next index in order (a shared queue: the first indices start first).
pub fn for_each_in_order(len: usize, f: impl Fn(usize) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    rayon::broadcast(|_| loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= len {
            break;
        }
        f(i);
    });
}

/// Sorts the roots of one iteration: by decreasing count of the last iteration (when there
/// is one), then by the problem's key.
pub(super) fn sort_roots<P: IdaProblem>(
    history: &SubtreeCounts<Vec<usize>>,
    p: &P,
    roots: &mut [Root<P::Node>],
) {
    if history.is_empty() {
        roots.sort_by_key(|r| p.order_key(&r.1));
    } else {
        roots.sort_by_cached_key(|r| (Reverse(history.get(&r.0)), p.order_key(&r.1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ida::MovePruning;

    /// Nodes are numbers; the key is the number.
    struct Keyed(MovePruning);

    impl IdaProblem for Keyed {
        type Node = u32;
        fn num_moves(&self) -> usize {
            1
        }
        fn apply(&self, n: &u32, _m: usize) -> u32 {
            *n
        }
        fn heuristic(&self, _n: &u32) -> u32 {
            0
        }
        fn order_key(&self, n: &u32) -> u32 {
            *n
        }
        fn is_goal(&self, _n: &u32) -> bool {
            false
        }
        fn pruning(&self) -> &MovePruning {
            &self.0
        }
    }

    #[test]
    fn every_index_runs_once() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        let hits: Vec<AtomicU64> = (0..100).map(|_| AtomicU64::new(0)).collect();
        pool.install(|| {
            for_each_in_order(hits.len(), |i| {
                hits[i].fetch_add(1, Ordering::Relaxed);
            })
        });
        assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
        for_each_in_order(0, |_| panic!("no index"));
    }

    #[test]
    fn roots_go_by_last_count_then_key() {
        let p = Keyed(MovePruning::none(1));
        let root = |moves: &[usize], key: u32| (moves.to_vec(), key, None);
        let mut roots = vec![root(&[0], 5), root(&[1], 3), root(&[2], 4), root(&[3], 1)];
        let mut h = SubtreeCounts::default();
        // No history: by key.
        sort_roots(&h, &p, &mut roots);
        let order = |r: &[Root<u32>]| r.iter().map(|x| x.0[0]).collect::<Vec<_>>();
        assert_eq!(order(&roots), vec![3, 1, 2, 0]);
        // Counts of [3], [1], [2], [0]: 10, 70, 0, 70.
        let counts: Vec<AtomicU64> = [10, 70, 0, 70].into_iter().map(AtomicU64::new).collect();
        h.learn(roots.iter().map(|r| r.0.clone()), &counts);
        assert_eq!((h.get(&vec![1]), h.get(&vec![2]), h.get(&vec![9])), (70, 0, 0));
        // The next iteration has a new root [4] (key 0) and lost [2].
        let mut next = vec![root(&[0], 5), root(&[4], 0), root(&[1], 3), root(&[3], 1)];
        sort_roots(&h, &p, &mut next);
        // 70 (key 3), 70 (key 5), 10, then the new root.
        assert_eq!(order(&next), vec![1, 0, 3, 4]);
    }
}
