//! The two-phase search on the tables: a reusable per-thread context.
//!
//! The search runs over growing phase-1 lengths `length1`; for each, over the six start
//! states (three axis frames × the state and its inverse), and for each over sequences of
//! pre-moves. With pre-moves `Q1 … Qn` the search solves `Qn ⋯ Q1 · S` by `P` (phase 1
//! then phase 2), so `S` is solved by `P · Qn ⋯ Q1`; the phase-1 length is then
//! `length1 - n`, at least [`PRE_MOVES_FROM`]. Phase 2 is a depth-first search at the
//! largest length still useful (at most [`PHASE2_CAP`] in the first pass), then shortened
//! while it can be.
//!
//! Three cuts keep the search small:
//! - within phase 1, when a quarter turn leaves the distance estimate more than one above
//!   what is left, the half turn and the other quarter turn of that face cannot fit either
//!   (they are one move away from it), so the face is left;
//! - at the end of phase 1, when the phase-2 estimate exceeds the phase-2 budget by two or
//!   more, the other quarter turn of the last phase-1 face (a half turn away) is skipped;
//! - the last pre-move is always a clockwise quarter turn `X` of R, F, L or B, and each
//!   phase-1 solution is tried with both `X` and `X'` there: they differ by a half turn, a
//!   phase-2 move, so they share phase 1.

mod large1;
mod moves;
mod phase2;
mod small1;
mod split;

pub use split::SplitClaims;

use moves::{is_last_pre_move, may_follow, push_merged};

use super::coord;
use super::tables::Tables;
use crate::solver::{Limits, SolveError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use twisty_core::cube3::{Cube3Move, CubieCube};
use web_time::Instant;

/// Longest solution the buffers hold.
pub const MAX_MOVES: usize = 41;

/// Nodes between two checks of the time budget and the cancel flag.
const CHECK_EVERY: u64 = 512;

/// Smallest phase-1 length searched after pre-moves (as in min2phase): pre-move
/// sequences of length `n` are tried at phase-1 length `length1 - n ≥ PRE_MOVES_FROM`.
pub const PRE_MOVES_FROM: usize = 7;

/// Longest pre-move sequence.
pub const MAX_PRE_MOVES: usize = 20;

/// Longest pre-move sequence in the large-table mode. There each start costs a read of the
/// full table (often a cache miss) before its exact distance is known, and the sequences
/// grow fifteenfold with each move: beyond two pre-moves the starts cost more than the
/// phase-1 solutions they add (BENCHMARKS.md, "Two-phase: large tables").
pub const MAX_PRE_MOVES_LARGE: usize = 2;

/// Longest pre-move sequence in the large-table mode while improving an answer: the search
/// then reaches longer phase-1 lengths, where a third pre-move's starts pay a little (mean
/// length with a 10 ms budget over 10,000 states: 18.86–18.87 → 18.83 on one thread,
/// 18.73 → 18.72 on two).
pub const MAX_PRE_MOVES_LARGE_IMPROVING: usize = 3;

/// Longest phase 2 searched in the first pass. Long phase-2 searches rarely succeed and
/// cost much; a second, uncapped pass runs only when the first finds nothing, so the
/// search stays complete within the bound.
pub const PHASE2_CAP: usize = 13;

/// All six searches (three axis frames × the state and its inverse).
pub const ALL_VARIANTS: u8 = 0b11_1111;

/// Why the search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Timeout,
    Cancelled,
    /// Another thread's solution is at most the current phase-1 length long: nothing is
    /// left to search below it.
    Beaten,
}

/// What a search step tells its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// Stop: a solution is held and no more is asked for.
    Done,
    /// Go on with the next move.
    Next,
    /// The other turns of this face cannot succeed either: go on with the next face.
    NextFace,
}

/// Per-search working state: move stacks and the solution buffer. Reusable: solving with
/// the same context allocates nothing.
#[derive(Debug)]
pub struct SearchContext {
    tables: Arc<Tables>,
    /// Start states per search (3 axis frames × state/inverse).
    starts: [CubieCube; 6],
    /// Phase-1 moves of the current path (move indices in the search's frame).
    p1: [u8; MAX_MOVES],
    /// `p1_cubes[i]`: the start state after the first `i` phase-1 moves (valid up to
    /// `valid1`).
    p1_cubes: [CubieCube; MAX_MOVES + 1],
    valid1: usize,
    /// Phase-2 moves of the current path.
    p2: [u8; MAX_MOVES],
    /// The pre-moves of the current search, in the order chosen (`pre[0]` outermost).
    pre: [u8; MAX_PRE_MOVES],
    pre_len: usize,
    /// The solution found, in the original frame.
    solution: [Cube3Move; MAX_MOVES],
    solution_len: usize,
    /// The search being run (0..6).
    variant: usize,
    /// Phase-1 plus pre-move length of this round, and the phase-1 length.
    length1: usize,
    depth1: usize,
    /// Longest phase 2 worth searching now.
    max_depth2: usize,
    /// Longest phase 2 of this pass.
    cap2: usize,
    /// Whether phase 1 may end before `depth1` (only at the shortest phase 1 after
    /// pre-moves, whose shorter phase-1 solutions no other round tries).
    allow_shorter: bool,
    /// Whether a solution is held (possibly while searching on for a shorter one).
    have_solution: bool,
    /// Keep searching for shorter solutions until this many phase-2 searches were started.
    min_probes: u64,
    /// Which of the six searches run (bit `k` for search `k`).
    variants: u8,
    /// Longest pre-move sequence, when not the mode's own (see [`Self::set_max_pre_moves`]).
    max_pre: Option<usize>,
    /// This thread's share of every search's subtrees (see [`Self::set_split`]).
    split: Option<split::Split>,
    /// Raised by another thread's search to stop this one.
    peer_stop: Option<Arc<AtomicBool>>,
    /// When set, a held solution is improved until this instant (see [`Self::set_improve_until`]).
    improve_until: Option<Instant>,
    /// Whether the last search proved that no shorter solution than the one returned exists
    /// (or no solution within the bound at all).
    proven: bool,
    /// Whether the search stopped because it showed no shorter solution can exist.
    exhausted: bool,
    /// The length of the best solution of all threads improving together.
    shared_best: Option<Arc<AtomicUsize>>,
    /// Total length bound (lowered to find shorter solutions).
    max_length: usize,
    nodes: u64,
    max_nodes: u64,
    /// Node count at which `tick` next checks the budgets: every 4096 nodes, and exactly at
    /// the node budget.
    check_at: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    phase2_probes: u64,
    nodes2: u64,
}

/// A phase-1 state: twist, flip and slice, and the twist and flip of the state
/// conjugated by `y` (see [`Tables::conj_y`]).
#[derive(Debug, Clone, Copy)]
struct P1 {
    twist: u16,
    flip: u16,
    slice: u16,
    twist_c: u16,
    flip_c: u16,
}

/// A phase-2 state: corner class and symmetry, edge class and symmetry (see
/// [`super::sym`]), slice permutation, corner combination and parity.
#[derive(Debug, Clone, Copy)]
struct P2 {
    corner: u16,
    csym: u8,
    edge: u16,
    esym: u8,
    sperm: u8,
    ccombp: u8,
}

impl SearchContext {
    /// A context on `tables`.
    pub fn new(tables: Arc<Tables>) -> SearchContext {
        SearchContext {
            tables,
            starts: [CubieCube::SOLVED; 6],
            p1: [0; MAX_MOVES],
            p1_cubes: [CubieCube::SOLVED; MAX_MOVES + 1],
            valid1: 0,
            p2: [0; MAX_MOVES],
            pre: [0; MAX_PRE_MOVES],
            pre_len: 0,
            solution: [Cube3Move::ALL[0]; MAX_MOVES],
            solution_len: 0,
            variant: 0,
            length1: 0,
            depth1: 0,
            max_depth2: 0,
            cap2: PHASE2_CAP,
            allow_shorter: false,
            have_solution: false,
            min_probes: 0,
            variants: ALL_VARIANTS,
            max_pre: None,
            split: None,
            peer_stop: None,
            improve_until: None,
            proven: false,
            exhausted: false,
            shared_best: None,
            max_length: 0,
            nodes: 0,
            max_nodes: u64::MAX,
            check_at: 0,
            deadline: None,
            cancel: None,
            phase2_probes: 0,
            nodes2: 0,
        }
    }

    /// Nodes generated by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// After a first solution, keep searching for shorter ones until `probes` phase-2
    /// searches have been started in all (or the time or node budget runs out, or no shorter
    /// solution exists); 0 (the default) returns the first solution within the bound.
    pub fn set_min_probes(&mut self, probes: u64) {
        self.min_probes = probes;
    }

    /// After a first solution, keep searching for shorter ones until `until` (or until the
    /// search shows that none exists, see [`Self::proven`]); `None` (the default) turns this
    /// off. The time limit of the solve still applies before the first solution.
    pub fn set_improve_until(&mut self, until: Option<Instant>) {
        self.improve_until = until;
    }

    /// Runs only the searches of `mask` (bit `k`: search `k`, the state in axis frame
    /// `k / 2`, inverted when `k` is odd); [`ALL_VARIANTS`] by default. Each search alone is
    /// complete, so any non-empty subset finds a solution within the bound if one exists.
    pub fn set_variants(&mut self, mask: u8) {
        self.variants = if mask & ALL_VARIANTS == 0 {
            ALL_VARIANTS
        } else {
            mask & ALL_VARIANTS
        };
    }

    /// The longest pre-move sequence (at most [`MAX_PRE_MOVES`]); `None`: the mode's own,
    /// [`MAX_PRE_MOVES`] on the small tables, [`MAX_PRE_MOVES_LARGE`] on the large ones
    /// ([`MAX_PRE_MOVES_LARGE_IMPROVING`] while improving).
    pub fn set_max_pre_moves(&mut self, n: Option<usize>) {
        self.max_pre = n.map(|n| n.min(MAX_PRE_MOVES));
    }

    /// A flag that, once raised (by another thread), stops the search as a cancel would.
    pub fn set_peer_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.peer_stop = flag;
    }

    /// A length shared by threads improving one solve together (see
    /// [`Self::set_improve_until`]): each lowers it to the length of its solutions and
    /// searches only below it. Start it at `usize::MAX`.
    pub fn set_shared_best(&mut self, best: Option<Arc<AtomicUsize>>) {
        self.shared_best = best;
    }

    /// Whether the last search proved its answer optimal: it went through every shorter
    /// total length with phase 2 uncapped and found nothing (this is only attempted while
    /// improving, see [`Self::set_improve_until`], or when the bound is short).
    pub fn proven(&self) -> bool {
        self.proven
    }

    /// Phase-2 nodes of the last search.
    pub fn phase2_nodes(&self) -> u64 {
        self.nodes2
    }

    /// Phase-2 searches started by the last search.
    pub fn probes(&self) -> u64 {
        self.phase2_probes
    }

    /// Solves `state` within `max_length` moves (HTM) and the time, node and cancel limits
    /// of `limits` (its `max_length` is ignored). Returns the solution, borrowed from the
    /// context. Allocates nothing.
    pub fn solve(
        &mut self,
        state: &CubieCube,
        max_length: u32,
        limits: &Limits,
        start: Instant,
    ) -> Result<&[Cube3Move], SolveError> {
        state.validate()?;
        self.nodes = 0;
        self.phase2_probes = 0;
        self.nodes2 = 0;
        self.solution_len = 0;
        self.have_solution = false;
        self.proven = false;
        self.exhausted = false;
        self.max_length = (max_length as usize).min(MAX_MOVES - 1);
        let bound = self.max_length;
        self.max_nodes = limits.max_nodes.unwrap_or(u64::MAX);
        self.check_at = CHECK_EVERY.min(self.max_nodes);
        self.deadline = limits.deadline(start);
        self.cancel.clone_from(&limits.cancel);
        let inverse = state.inverse();
        for frame in 0..3 {
            self.starts[2 * frame] = self.tables.to_frame(state, frame);
            self.starts[2 * frame + 1] = self.tables.to_frame(&inverse, frame);
        }
        match self.search() {
            Ok(()) => {}
            // A solution already held is returned when the budget runs out.
            Err(_) if self.have_solution => {}
            Err(Stop::Timeout) => return Err(SolveError::Timeout { deepest_bound: None }),
            Err(Stop::Cancelled | Stop::Beaten) => return Err(SolveError::Cancelled { deepest_bound: None }),
        }
        if self.have_solution {
            return Ok(&self.solution[..self.solution_len]);
        }
        Err(SolveError::NoSolutionWithin {
            max_length: bound as u32,
        })
    }

    /// Both passes: phase 2 capped at [`PHASE2_CAP`], then (only when nothing was found and
    /// the cap mattered, or when improving) uncapped. A pass that runs out of lengths when
    /// its cap is at least the (lowered) bound proves that nothing shorter than the solution
    /// held exists: every phase-1 length was searched with phase 2 up to the bound.
    fn search(&mut self) -> Result<(), Stop> {
        // One handle for the whole search: the phase-1 starts borrow from it rather than
        // each touching the shared count (which the threads of one solve would fight over).
        let tables = self.tables.clone();
        let improving = self.improve_until.is_some();
        for cap in [PHASE2_CAP, MAX_MOVES] {
            if cap > PHASE2_CAP && (self.max_length <= PHASE2_CAP || (self.have_solution && !improving)) {
                break;
            }
            self.cap2 = cap;
            self.exhausted = false;
            let mut length1 = 0;
            'lengths: while length1 <= self.max_length {
                self.length1 = length1;
                self.begin_segment(usize::from(cap > PHASE2_CAP), length1);
                self.max_depth2 = self.cap2.min(self.max_length - length1);
                for k in 0..6 {
                    // A search whose start equals an earlier one's (symmetric states) is
                    // redundant.
                    if self.variants >> k & 1 == 0 || self.starts[..k].contains(&self.starts[k]) {
                        continue;
                    }
                    self.variant = k;
                    let s = self.starts[k];
                    let flow = match self.pre_moves(&tables, &s, 0, 18) {
                        Ok(flow) => flow,
                        // Every phase-1 length below this one was searched to the bound.
                        Err(Stop::Beaten) => {
                            self.exhausted = true;
                            Flow::Done
                        }
                        Err(e) => return Err(e),
                    };
                    if flow == Flow::Done {
                        if self.exhausted && self.cap2 < self.max_length && improving {
                            // Nothing shorter with phase 2 capped: try uncapped.
                            break 'lengths;
                        }
                        self.proven = self.exhausted && self.cap2 >= self.max_length;
                        return Ok(());
                    }
                }
                length1 += 1;
            }
            if self.cap2 >= self.max_length {
                self.proven = true;
                return Ok(());
            }
        }
        Ok(())
    }

    /// Runs phase 1 on `cc` (the start after `n` pre-moves, the last one `last`, 18 =
    /// none) when it ends with an allowed pre-move, then extends the pre-moves.
    fn pre_moves(&mut self, t: &Tables, cc: &CubieCube, n: usize, last: u8) -> Result<Flow, Stop> {
        // A start after pre-moves is a unit of the split (see `split`).
        if n == 0 || (is_last_pre_move(last) && self.owns_unit()) {
            self.pre_len = n;
            self.depth1 = self.length1 - n;
            self.allow_shorter = n > 0 && self.depth1 == PRE_MOVES_FROM;
            self.p1_cubes[0] = *cc;
            self.valid1 = 0;
            // The large table gives the exact distance (after a walk bounded by the small
            // tables): the conjugated state's coordinates would only sharpen the first cut.
            let (x, h) = if t.large.is_some() {
                let x = P1 {
                    twist: coord::twist(cc),
                    flip: coord::flip(cc),
                    slice: coord::slice(cc),
                    twist_c: 0,
                    flip_c: 0,
                };
                let [a, b, c] = t.phase1.distances(x.twist, x.flip, x.slice);
                (x, a.max(b).max(c))
            } else {
                let x = self.coords1(cc);
                (x, self.h1(&x))
            };
            if h as usize <= self.depth1 && self.start_phase1(t, x, h)? == Flow::Done {
                return Ok(Flow::Done);
            }
        }
        let max_pre = self
            .max_pre
            .unwrap_or(match (t.large.is_some(), self.improve_until.is_some()) {
                (false, _) => MAX_PRE_MOVES,
                (true, false) => MAX_PRE_MOVES_LARGE,
                (true, true) => MAX_PRE_MOVES_LARGE_IMPROVING,
            });
        if n >= max_pre || n + PRE_MOVES_FROM >= self.length1 {
            return Ok(Flow::Next);
        }
        let last_level = n + 1 + PRE_MOVES_FROM >= self.length1;
        for m in 0..18u8 {
            if last < 18 && (m / 3) % 3 == (last / 3) % 3 {
                continue;
            }
            if last_level && !is_last_pre_move(m) {
                continue;
            }
            self.tick()?;
            let cd = CubieCube::of_move(Cube3Move::ALL[m as usize]).multiply(cc);
            self.pre[n] = m;
            if self.pre_moves(t, &cd, n + 1, m)? == Flow::Done {
                return Ok(Flow::Done);
            }
        }
        Ok(Flow::Next)
    }

    /// Counts a node and, every [`CHECK_EVERY`] nodes (and when the node budget is reached), checks
    /// the budgets.
    #[inline]
    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes >= self.check_at {
            self.check_at = (self.nodes + CHECK_EVERY).min(self.max_nodes.max(self.nodes + 1));
            if self.nodes >= self.max_nodes {
                return Err(Stop::Timeout);
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Stop::Timeout);
            }
            if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Stop::Cancelled);
            }
            if self.peer_stop.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Stop::Cancelled);
            }
            let best = self
                .shared_best
                .as_ref()
                .map_or(usize::MAX, |b| b.load(Ordering::Relaxed));
            if (self.have_solution || best < usize::MAX)
                && self.improve_until.is_some_and(|d| Instant::now() >= d)
            {
                return Err(Stop::Timeout);
            }
            if best <= self.max_length {
                // Another thread holds a solution within this bound: search below it.
                if best <= self.length1 {
                    return Err(Stop::Beaten);
                }
                self.max_length = best - 1;
                self.max_depth2 = self.cap2.min(self.max_length - self.length1);
            }
        }
        Ok(())
    }

    /// In the subgroup with `togo < 5` moves left. Nothing below can end phase 1 again (no
    /// sequence of at most four moves ending with a quarter turn of R, F, L or B leads from
    /// the subgroup back into it; a test checks this), so this is the end of phase 1 —
    /// which must be at `depth1` unless shorter ones are allowed.
    fn end_phase1(&mut self, togo: usize) -> Result<Flow, Stop> {
        if togo == 0 || self.allow_shorter {
            let full = self.depth1;
            self.depth1 -= togo;
            let r = self.init_phase2();
            self.depth1 = full;
            return r;
        }
        Ok(Flow::Next)
    }
}

#[cfg(test)]
mod tests;
