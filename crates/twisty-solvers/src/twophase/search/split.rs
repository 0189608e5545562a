//! One search's subtrees shared out between threads.
//!
//! With [`SearchContext::set_split`], thread `index` of `threads` walks every search the
//! same way down to the *units* — each start after pre-moves, and each phase-1 node
//! [`SPLIT_DEPTH`] moves from a start without pre-moves (or an end of phase 1 nearer to
//! it) — numbered in the order the walk
//! meets them, and searches below unit `u` only when `u mod threads = index`. Above the
//! units the walk depends on the tables alone (a unit's result never cuts its siblings), so
//! every thread numbers the units alike and the shares partition the search exactly: the
//! first solution is found about `threads` times sooner, whichever of the six searches and
//! phase-1 lengths it comes from. A thread's search alone is no longer complete; only all
//! the shares together are (see [`crate::twophase::parallel`]).

use super::{Flow, SearchContext};

/// Phase-1 depth of the units of a start without pre-moves.
pub const SPLIT_DEPTH: usize = 2;

/// A thread's share of the units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Split {
    index: u64,
    threads: u64,
    /// The number of the next unit met.
    pub(super) next_unit: u64,
}

/// What a unit tells its parent: never to skip the rest of its face, since the other
/// threads walk those siblings (they are units too) and the walks must agree.
pub(super) fn unit_flow(flow: Flow) -> Flow {
    match flow {
        Flow::NextFace => Flow::Next,
        f => f,
    }
}

impl SearchContext {
    /// Makes this context search only share `index` of `threads` (see the module
    /// documentation); `threads` = 0 searches everything the usual way. One share of one
    /// is the whole search, walked as shares are (a unit's result does not cut its
    /// siblings), which visits a few more leaves than the usual way.
    pub fn set_split(&mut self, index: usize, threads: usize) {
        self.split = (threads > 0).then_some(Split {
            index: (index % threads) as u64,
            threads: threads as u64,
            next_unit: 0,
        });
    }

    /// Whether a phase-1 node `done` moves from its start is a unit: at the split depth, or
    /// an end of phase 1 (`end`) above it.
    #[inline]
    pub(super) fn is_unit(&self, done: usize, end: bool) -> bool {
        self.split.is_some() && self.pre_len == 0 && (done == SPLIT_DEPTH || (done < SPLIT_DEPTH && end))
    }

    /// Numbers the unit met now and says whether it is this thread's.
    #[inline]
    pub(super) fn owns_unit(&mut self) -> bool {
        match &mut self.split {
            None => true,
            Some(s) => {
                let u = s.next_unit;
                s.next_unit += 1;
                u % s.threads == s.index
            }
        }
    }
}
