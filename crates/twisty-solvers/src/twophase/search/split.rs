//! One search's subtrees shared out between threads.
//!
//! With [`SearchContext::set_split`], the contexts of one solve walk every search the same
//! way down to the *units* — each start after pre-moves, and each phase-1 node
//! [`SPLIT_DEPTH`] moves from a start without pre-moves (or an end of phase 1 nearer to
//! it) — numbered in the order the walk meets them within each *segment* (one pass over
//! one phase-1 length, all six searches). A context searches below a unit only when it
//! holds that unit's number: it takes numbers one at a time from the segment's counter,
//! shared by the solve's contexts, the next free one when it has passed its last. Above
//! the units the walk of a segment depends on the tables alone (a unit's result never cuts
//! its siblings), so every context numbers the units alike and each unit is searched by
//! exactly one of them: the first solution is found about `threads` times sooner, whichever
//! of the six searches and phase-1 lengths it comes from, and a thread that starts late or
//! is held up by the system only takes fewer units. A context leaves a segment early only
//! when nothing in it can matter any more (a solution is held and none is wanted shorter,
//! or the segment's length is beyond the best answer of all). A context's search alone is
//! no longer complete; only all of the solve's together are (see
//! [`crate::twophase::parallel`]).

use super::{Flow, SearchContext, MAX_MOVES};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Phase-1 depth of the units of a start without pre-moves.
pub const SPLIT_DEPTH: usize = 2;

/// The counters of one solve's segments, shared by its contexts.
#[derive(Debug)]
pub struct SplitClaims(Vec<AtomicU64>);

impl SplitClaims {
    /// Fresh counters (one set per solve).
    pub fn new() -> SplitClaims {
        SplitClaims((0..2 * (MAX_MOVES + 1)).map(|_| AtomicU64::new(0)).collect())
    }
}

impl Default for SplitClaims {
    fn default() -> Self {
        SplitClaims::new()
    }
}

/// A context's place in the shared walk.
#[derive(Debug, Clone)]
pub(super) struct Split {
    /// The segments' counters.
    claims: Arc<SplitClaims>,
    /// The segment walked now.
    segment: usize,
    /// The number of the next unit met.
    next_unit: u64,
    /// The number this context holds and has not reached yet.
    held: Option<u64>,
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
    /// the module documentation); the contexts of one solve share one [`SplitClaims`], new
    /// for each solve. `None` searches everything the usual way. Counters of its own give
    /// the whole search, walked as shares are (a unit's result does not cut its siblings),
    /// which visits a few more leaves than the usual way.
    pub fn set_split(&mut self, claims: Option<Arc<SplitClaims>>) {
        self.split = claims.map(|claims| Split {
            claims,
            segment: 0,
            next_unit: 0,
            held: None,
        });
    }

    /// Starts the segment of pass `pass` (0: phase 2 capped, 1: uncapped) at phase-1 length
    /// `length1`.
    pub(super) fn begin_segment(&mut self, pass: usize, length1: usize) {
        if let Some(s) = &mut self.split {
            s.segment = (pass.min(1) * (MAX_MOVES + 1) + length1).min(s.claims.0.len() - 1);
            s.next_unit = 0;
            s.held = None;
        }
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
        let counter = &s.claims.0[s.segment];
        let held = *s
            .held
            .get_or_insert_with(|| counter.fetch_add(1, Ordering::Relaxed));
        if held == u {
            s.held = None;
            return true;
        }
        false
    }
}
