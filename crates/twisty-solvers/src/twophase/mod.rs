//! Kociemba's two-phase solver for the 3x3x3, the default 3x3x3 solver.
//!
//! Phase 1 brings the cube into the subgroup ⟨U, D, R2, L2, F2, B2⟩ (corners twisted right,
//! edges flipped right, slice edges in the slice); phase 2 solves it with those ten moves.
//! For growing phase-1 depths, every phase-1 solution that ends with a quarter turn of R, F,
//! L or B is completed by a phase-2 search within what is left of the length bound, and the
//! first total within `max_length` (default 21) is returned.
//!
//! As in min2phase, six searches are interleaved at each phase-1 length: the state in its
//! three axis frames (the cube turned about its URF–DBL diagonal, so that phase 1 aims at
//! the R/L or F/B axis instead of U/D), each for the state and its inverse; from phase-1
//! length 7 on, each is also run after sequences of pre-moves (if Q·S·P is solved then
//! S·(P·Q) is). Phase 2 is a depth-first search within what is left of the bound, capped at
//! 13 moves in a first pass, and its estimate uses the state and its inverse. See
//! [`search`] for the cuts.
//!
//! Tables (see [`tables`], [`sym1`], [`sym`]): coordinate move tables and six pruning
//! tables reduced by symmetry (1.3 MB in all, so the search runs in the processor's cache),
//! built in memory on first use in a few hundred milliseconds ([`TwoPhase::new`],
//! [`TwoPhase::global`]) or loaded from the table cache ([`TwoPhase::from_cache`], see
//! [`cache`]), and shared (`Arc`) between threads. A [`SearchContext`] holds the
//! per-thread working state; once made, solving with it allocates nothing, so it can serve
//! as a fitness function.
//!
//! A short-answer pass (see [`short`]), an IDA* over all 18 moves up to 12 moves, gives an
//! input whose optimum is at most 12 moves an optimal answer (marked `optimal`). It runs
//! only where it can matter ([`TwoPhase::solve_known`]): before the two-phase search on an
//! input of at most its depth in moves; never on a longer move sequence; on a state, after
//! the two-phase answer and only below its length. On the phase-1 tables alone a pass to 12
//! costs tens of milliseconds on a state far from solved, so [`TwoPhase::new`] and
//! [`TwoPhase::global`] run it to [`PLAIN_SHORT_DEPTH`] (9) moves only (tens of
//! microseconds); [`TwoPhase::from_cache`] adds the corner database and a perimeter of all
//! positions within six moves (see [`perimeter`]), which make it several times cheaper, and
//! runs it to 12. [`TwoPhase::with_short_depth`] sets the depth (0: off).
//!
//! [`TwoPhase::solve_with_plan`] runs the search as a [`SearchPlan`] says (see
//! [`parallel`]): on several threads (kept between solves, see [`pool`]), each taking a
//! share of every search's subtrees, the first solution within the bound stopping the
//! others; or, with a deadline, improving the answer until then and
//! marking it optimal only when the search ran out of shorter lengths.

pub mod cache;
pub mod coord;
pub mod large;
pub mod parallel;
pub mod perimeter;
pub mod pool;
pub mod search;
pub mod short;
pub mod sym;
pub mod sym1;
pub mod tables;

pub use parallel::{SearchOutcome, SearchPlan};
pub use perimeter::Perimeter;
pub use search::SearchContext;
pub use short::{CornerDb, ShortResult, SHORT_DEPTH};
pub use tables::Tables;

use crate::solver::{Limits, SearchStats, Solution, SolveError, Solver};
use std::sync::{Arc, OnceLock};
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::{Metric, Puzzle};
use web_time::Instant;

/// Depth of the short-answer pass of [`TwoPhase::new`] and [`TwoPhase::global`] (on the
/// phase-1 tables alone; deeper costs tens of milliseconds on every state far from solved).
pub const PLAIN_SHORT_DEPTH: usize = 9;

/// Default longest solution.
pub const DEFAULT_MAX_LENGTH: u32 = 21;

/// The two-phase solver: shared, thread-safe tables.
#[derive(Debug, Clone)]
pub struct TwoPhase {
    tables: Arc<Tables>,
    /// The corner database of the short-answer pass, when loaded.
    corners: Option<Arc<CornerDb>>,
    /// The perimeter of the short-answer pass, when loaded.
    perimeter: Option<Arc<Perimeter>>,
    /// Depth of the short-answer pass (0: none).
    short_depth: usize,
}

impl Default for TwoPhase {
    fn default() -> Self {
        Self::new()
    }
}

static GLOBAL: OnceLock<TwoPhase> = OnceLock::new();

impl TwoPhase {
    /// Builds the tables.
    pub fn new() -> TwoPhase {
        TwoPhase {
            tables: Arc::new(Tables::build()),
            corners: None,
            perimeter: None,
            short_depth: PLAIN_SHORT_DEPTH,
        }
    }

    /// A process-wide instance, built on first use.
    pub fn global() -> &'static TwoPhase {
        GLOBAL.get_or_init(TwoPhase::new)
    }

    /// The tables.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The shared tables (for [`parallel::solve`] and contexts).
    pub fn tables_arc(&self) -> Arc<Tables> {
        self.tables.clone()
    }

    /// The corner database of the short-answer pass, if the solver has one.
    pub fn corners(&self) -> Option<&CornerDb> {
        self.corners.as_deref()
    }

    /// The same solver with `corners` as the short-answer pass's corner database.
    pub fn with_corners(mut self, corners: Option<Arc<CornerDb>>) -> TwoPhase {
        self.corners = corners;
        self
    }

    /// Depth of the short-answer pass.
    pub fn short_depth(&self) -> usize {
        self.short_depth
    }

    /// The same solver with a short-answer pass of `depth` moves (at most [`SHORT_DEPTH`];
    /// 0 turns it off, leaving the two-phase search alone).
    pub fn with_short_depth(mut self, depth: usize) -> TwoPhase {
        self.short_depth = depth.min(SHORT_DEPTH);
        self
    }

    /// The same solver with the short-answer pass's perimeter built in memory (35 MiB,
    /// one to three seconds) and the pass at its full depth [`SHORT_DEPTH`];
    /// [`TwoPhase::from_cache`] loads the perimeter instead.
    pub fn with_perimeter(mut self) -> TwoPhase {
        self.perimeter = Some(Arc::new(Perimeter::build()));
        self.short_depth = SHORT_DEPTH;
        self
    }

    /// The short-answer pass alone on `state` up to `depth` moves (at most
    /// [`SHORT_DEPTH`]) within `max_nodes` nodes: an optimal solution, a proof that the
    /// optimum is longer, or a stop at the budget. Returns the nodes generated as well.
    pub fn short_pass(&self, state: &CubieCube, depth: usize, max_nodes: u64) -> (ShortResult, u64) {
        let mut s = short::ShortSearch::new(&self.tables, self.corners.as_deref(), self.perimeter.as_deref())
            .with_budget(max_nodes, None, None);
        let r = s.run(state, depth);
        (r, s.nodes())
    }

    /// The same solver in the large-table mode: phase 1 searched on the exact distances of
    /// `large` (see [`large`]).
    pub fn with_large(mut self, large: Arc<large::Phase1Full>) -> TwoPhase {
        let mut tables = Arc::unwrap_or_clone(self.tables);
        tables.large = Some(large);
        self.tables = Arc::new(tables);
        self
    }

    /// Whether the solver runs in the large-table mode.
    pub fn is_large(&self) -> bool {
        self.tables.large.is_some()
    }

    /// A reusable search context (one per thread).
    pub fn context(&self) -> SearchContext {
        SearchContext::new(self.tables.clone())
    }
}

impl TwoPhase {
    /// Like [`Solver::solve`], but after the first solution within the bound keeps searching
    /// for shorter ones until `min_probes` phase-2 searches have been started (or the time
    /// or node budget of `limits` runs out, in which case the best solution so far is
    /// returned). `min_probes = 0` is [`Solver::solve`].
    pub fn solve_with_probes(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
        min_probes: u64,
    ) -> Result<Solution<twisty_core::cube3::Cube3Move>, SolveError> {
        self.solve_with_short(puzzle, state, limits, min_probes, self.short_depth)
    }

    /// [`TwoPhase::solve_with_probes`] with the short-answer pass limited to `short_depth`
    /// moves for this call (at most the solver's own depth; 0 skips it).
    pub fn solve_with_short(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
        min_probes: u64,
        short_depth: usize,
    ) -> Result<Solution<twisty_core::cube3::Cube3Move>, SolveError> {
        let plan = SearchPlan {
            min_probes,
            ..SearchPlan::default()
        };
        self.solve_with_plan(puzzle, state, limits, &plan, short_depth)
    }

    /// [`TwoPhase::solve_known`] on a state of which nothing else is known.
    pub fn solve_with_plan(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
        plan: &SearchPlan,
        short_depth: usize,
    ) -> Result<Solution<twisty_core::cube3::Cube3Move>, SolveError> {
        self.solve_known(puzzle, state, limits, plan, short_depth, Known::State)
    }

    /// The two-phase search as `plan` says (on one thread or several, returning the first
    /// solution within the bound or improving it for a while), with the short-answer pass
    /// (up to `short_depth` moves, at most the solver's own depth; 0: none) only where it
    /// can matter, as `known` says:
    ///
    /// - an input of `k` moves within the depth: the pass to `k` first (it finds the
    ///   optimum, at most `k`);
    /// - an input of more moves: no pass (its inverse is an answer no longer than it);
    /// - a state, while improving: the pass first (the budget is spent anyway);
    /// - a state otherwise: the pass after the two-phase answer and only below its length,
    ///   to `min(depth, answer − 1)` (at once when the tables' lower bound is above that).
    ///
    /// The answer is marked optimal only when proven: by the short-answer pass, or by the
    /// search running out of shorter lengths while improving.
    pub fn solve_known(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
        plan: &SearchPlan,
        short_depth: usize,
        known: Known,
    ) -> Result<Solution<twisty_core::cube3::Cube3Move>, SolveError> {
        let start = Instant::now();
        state.validate()?;
        let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        // The short-answer pass (half-turn metric only): an optimal answer of at most its
        // depth, or the proof that the optimum is longer.
        let cap = if limits.metric == Metric::Htm {
            short_depth.min(self.short_depth).min(max_length as usize)
        } else {
            0
        };
        let mut pass = Pass::default();
        let before = match known {
            Known::Moves(k) if k <= cap => Some(k),
            Known::State if plan.improve_until.is_some() && cap > 0 => Some(cap),
            Known::Moves(_) | Known::State => None,
        };
        if let Some(depth) = before {
            if let Some(sol) = self.pass(puzzle, state, limits, start, depth, &mut pass)? {
                return Ok(sol);
            }
        }
        let out = parallel::solve(&self.tables, state, max_length, limits, start, plan)?;
        let mut moves = out.moves;
        crate::solver::verify(puzzle, state, &moves)?;
        let mut proven = limits.metric == Metric::Htm && out.proven;
        if before.is_none() && known == Known::State && !moves.is_empty() && !proven {
            // Only a shorter answer can help: the pass below the two-phase answer's length.
            let depth = cap.min(moves.len() - 1);
            if depth == 0 && limits.metric == Metric::Htm {
                // One move, and the state is not solved: nothing is shorter.
                pass.proven_longer = Some(0);
            } else if depth > 0 {
                if let Some(sol) = self.pass(puzzle, state, limits, start, depth, &mut pass)? {
                    moves = sol.moves;
                    proven = true;
                }
            }
        }
        Ok(Solution {
            length: puzzle.length(&moves, limits.metric),
            // Nothing within `d` moves and an answer of d + 1: optimal.
            optimal: moves.is_empty() || proven || pass.proven_longer.is_some_and(|d| moves.len() == d + 1),
            stats: SearchStats {
                nodes: out.nodes + pass.nodes,
                expanded: 0,
                elapsed: start.elapsed(),
                breakdown: vec![
                    ("short-pass nodes".to_string(), pass.nodes, 0.0),
                    ("phase-1 nodes".to_string(), out.nodes - out.phase2_nodes, 0.0),
                    ("phase-2 nodes".to_string(), out.phase2_nodes, 0.0),
                    ("phase-2 probes".to_string(), out.probes, 0.0),
                ],
                ..SearchStats::default()
            },
            moves,
        })
    }

    /// The short-answer pass to `depth` moves: the optimal solution when one is within it
    /// (verified, marked optimal), else `None`, the proof (if it got that far) kept in `pass`.
    fn pass(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
        start: Instant,
        depth: usize,
        pass: &mut Pass,
    ) -> Result<Option<Solution<twisty_core::cube3::Cube3Move>>, SolveError> {
        let mut s = short::ShortSearch::new(&self.tables, self.corners.as_deref(), self.perimeter.as_deref())
            .with_budget(
                limits.max_nodes.unwrap_or(u64::MAX).min(short::SHORT_NODES),
                limits.deadline(start),
                limits.cancel.as_deref(),
            );
        let r = s.run(state, depth);
        pass.nodes += s.nodes();
        match r {
            ShortResult::Found(moves) => {
                crate::solver::verify(puzzle, state, &moves)?;
                Ok(Some(Solution {
                    length: puzzle.length(&moves, limits.metric),
                    optimal: true,
                    stats: SearchStats {
                        nodes: pass.nodes,
                        expanded: 0,
                        elapsed: start.elapsed(),
                        breakdown: vec![("short-pass nodes".to_string(), pass.nodes, 0.0)],
                        ..SearchStats::default()
                    },
                    moves,
                }))
            }
            ShortResult::Longer => {
                pass.proven_longer = Some(depth);
                Ok(None)
            }
            ShortResult::Stopped => Ok(None),
        }
    }
}

/// What the short-answer passes of one solve did.
#[derive(Debug, Default)]
struct Pass {
    /// Nodes generated.
    nodes: u64,
    /// The depth within which the pass proved no solution exists.
    proven_longer: Option<usize>,
}

/// What the caller knows of an input before the search, which decides where the
/// short-answer pass can matter (see [`TwoPhase::solve_known`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Known {
    /// A state, nothing more.
    #[default]
    State,
    /// The input was this many moves (half-turn metric, after cancellation): its inverse
    /// solves it, so no answer need be longer.
    Moves(usize),
}

impl Solver<Cube3> for TwoPhase {
    fn name(&self) -> &'static str {
        "two-phase"
    }

    fn solve(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
    ) -> Result<Solution<twisty_core::cube3::Cube3Move>, SolveError> {
        self.solve_with_probes(puzzle, state, limits, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::cube3::Cube3Move;

    #[test]
    fn frames_map_moves_to_other_axes() {
        let tp = TwoPhase::global();
        let t = tp.tables();
        for (a, frame) in t.frame_moves.iter().enumerate() {
            let mut seen = [false; 18];
            for (i, &m) in frame.iter().enumerate() {
                seen[m as usize] = true;
                // Amounts are kept, faces permuted.
                assert_eq!(m % 3, i as u8 % 3);
                if a > 0 {
                    assert_ne!(m / 3 % 3, i as u8 / 3 % 3, "frame {a} keeps the axis of move {i}");
                }
            }
            assert!(seen.iter().all(|&s| s), "frame {a} is not a permutation");
        }
        // y · m · y⁻¹ is a move of the same axis class (U/D stays U/D).
        for (i, &m) in t.conj_moves.iter().enumerate() {
            let y = t.conj_y;
            assert_eq!(
                y.multiply(&CubieCube::of_move(Cube3Move::ALL[i]))
                    .multiply(&y.inverse()),
                CubieCube::of_move(Cube3Move::ALL[m as usize])
            );
            assert_eq!((i as u8 / 3).is_multiple_of(3), (m / 3 % 3 == 0));
        }
        let r = t.rotation;
        assert_eq!(r.multiply(&r).multiply(&r), CubieCube::SOLVED);
        let c = Cube3.state_after(&Cube3.parse_moves("R U F").unwrap_or_default());
        assert!(t.to_frame(&c, 1).is_legal());
        let _ = Cube3Move::ALL;
    }

    #[test]
    fn prune_table_sizes_and_depths() {
        let t = TwoPhase::global().tables();
        assert_eq!(t.phase2.corners.classes(), 2768);
        assert_eq!(t.phase2.edges.classes(), 2768);
        let cases = [
            (&t.phase1.twist_slice_prune, 324 * 495, 9),
            (&t.phase1.flip_slice_prune, 336 * 495, 9),
            (&t.phase1.twist_flip_prune, 324 * 2048, 9),
            (&t.phase2.corner_sperm_prune, 2768 * 24, 14),
            (&t.phase2.edge_sperm_prune, 2768 * 24, 12),
            (&t.phase2.edge_ccombp_prune, 2768 * 140, 13),
        ];
        for (k, (table, len, depth)) in cases.into_iter().enumerate() {
            assert_eq!(table.len(), len, "table {k}");
            let h = table.histogram();
            // Every entry reached (no 15 = unreached), one solved entry, the known depth.
            assert_eq!(h.len() - 1, depth, "table {k}: {h:?}");
            assert_eq!(h[0], 1, "table {k}");
            assert_eq!(h.iter().sum::<usize>(), len);
        }
        // One move from solved: a quarter turn of R, F, L or B leaves the subgroup, U and
        // the half turns keep it.
        for (text, want) in [
            ("R", 1),
            ("F'", 1),
            ("B", 1),
            ("U", 0),
            ("L2", 0),
            ("U R", 1),
            ("R U", 2),
        ] {
            let c = Cube3.state_after(&Cube3.parse_moves(text).unwrap_or_default());
            let d = t
                .phase1
                .distances(coord::twist(&c), coord::flip(&c), coord::slice(&c));
            assert_eq!(d.into_iter().max(), Some(want), "{text}: {d:?}");
        }
    }
}
