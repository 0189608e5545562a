//! One search's subtrees shared out between threads.
//!
//! With [`SearchContext::set_split`], the contexts of one solve walk every search the same
//! way down to the *units* — each start after pre-moves, and each phase-1 node
//! [`SPLIT_DEPTH`] moves from a start without pre-moves (or an end of phase 1 nearer to
//! it) — numbered in the order the walk meets them. A context searches below a unit only
//! when it holds that unit's number: it takes numbers one at a time from a counter shared
//! by the solve's contexts, the next free one when it has passed its last. Above the units
//! the walk depends on the tables alone (a unit's result never cuts its siblings), so every
//! context numbers the units alike and each unit is searched by exactly one of them: the
//! first solution is found about `threads` times sooner, whichever of the six searches and
//! phase-1 lengths it comes from, and a thread that starts late or is held up by the system
//! only takes fewer units. A context's search alone is no longer complete; only all of the
//! solve's together are (see [`crate::twophase::parallel`]).

use super::{Flow, SearchContext};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Phase-1 depth of the units of a start without pre-moves.
pub const SPLIT_DEPTH: usize = 2;

/// A context's place in the shared walk.
#[derive(Debug, Clone)]
pub(super) struct Split {
    /// The next number to hand out, shared by the solve's contexts.
    claims: Arc<AtomicU64>,
    /// The number of the next unit met.
    pub(super) next_unit: u64,
    /// The number this context holds and has not reached yet.
    pub(super) held: Option<u64>,
}

/// What a unit tells its parent: never to skip the rest of its face, since the other
/// contexts walk those siblings (they are units too) and the walks must agree.
pub(super) fn unit_flow(flow: Flow) -> Flow {
    match flow {
        Flow::NextFace => Flow::Next,
        f => f,
    }
}

impl SearchContext {
    /// Makes this context search only the units whose numbers it takes from `claims` (see
    /// the module documentation); the contexts of one solve share one counter, starting at
    /// 0 for each solve. `None` searches everything the usual way. A counter of its own
    /// gives the whole search, walked as shares are (a unit's result does not cut its
    /// siblings), which visits a few more leaves than the usual way.
    pub fn set_split(&mut self, claims: Option<Arc<AtomicU64>>) {
        self.split = claims.map(|claims| Split {
            claims,
            next_unit: 0,
            held: None,
        });
    }

    /// Whether a phase-1 node `done` moves from its start is a unit: at the split depth, or
    /// an end of phase 1 (`end`) above it.
    #[inline]
    pub(super) fn is_unit(&self, done: usize, end: bool) -> bool {
        self.split.is_some() && self.pre_len == 0 && (done == SPLIT_DEPTH || (done < SPLIT_DEPTH && end))
    }

    /// Numbers the unit met now and says whether this context searches it.
    #[inline]
    pub(super) fn owns_unit(&mut self) -> bool {
        let Some(s) = &mut self.split else {
            return true;
        };
        let u = s.next_unit;
        s.next_unit += 1;
        // Every unit passed was held by this context or by another one when passed, so the
        // counter is past them all: a number taken now is `u` or later.
        let held = *s
            .held
            .get_or_insert_with(|| s.claims.fetch_add(1, Ordering::Relaxed));
        if held == u {
            s.held = None;
            return true;
        }
        false
    }
}
