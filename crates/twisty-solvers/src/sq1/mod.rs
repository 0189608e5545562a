//! A two-phase Square-1 solver in the WCA's twist metric (each `/` counts 1, turns of the
//! layers 0), the field's method (as in Chen Shuang's sq12phase, which TNoodle uses).
//!
//! Phase 1 ([`shape_table`]) brings the shape to both layers square, with the parity of the
//! pieces that phase 2 can solve, by a depth-first search on the 7,356 (shape, parity)
//! coordinates under an exact distance table. Phase 2 ([`square`]) solves the pieces and
//! the middle layer with 90° turns and the slice, under the larger of a corner and an edge
//! pruning table. Every end of phase 1 at its shortest (and up to [`PHASE1_EXTRA`] slices
//! longer) is followed by phase 2 deepened up to what would beat the best answer so far;
//! once one is found the search goes on for [`IMPROVE_NODES`] more nodes and keeps the
//! shortest (not proven optimal). The search counts nodes, not time, so an answer depends
//! on the state alone. Every answer is checked by applying it to the input, slice by slice
//! (each must be possible).

pub mod near;
pub mod shape_table;
pub mod square;

use crate::solver::{Limits, SearchStats, Solution, SolveError, Solver};
use shape_table::{ShapeTable, SQUARE};
use square::{coordinates, SquareTables, SLICES, TURNS};
use std::sync::Arc;
use twisty_core::sq1::notation::simplify;
use twisty_core::sq1::shape::layer_shape;
use twisty_core::sq1::{Sq1, Sq1Move, Sq1State};
use twisty_core::Puzzle;
use web_time::Instant;

/// The longest answer searched for: every state is within 13 slices of solved, and two
/// phases within a few more.
pub const MAX_TWISTS: u32 = 24;

/// Slices beyond phase 1's shortest that phase 1 may take.
pub const PHASE1_EXTRA: u32 = 2;

/// The two-phase solver and its tables (built in well under a second).
#[derive(Debug, Clone)]
pub struct Sq1TwoPhase {
    shapes: Arc<ShapeTable>,
    square: Arc<SquareTables>,
}

impl Default for Sq1TwoPhase {
    fn default() -> Self {
        Sq1TwoPhase::new()
    }
}

/// Nodes searched for a shorter answer after the first is found.
pub const IMPROVE_NODES: u64 = 400_000;

/// A search in progress.
struct Run<'a> {
    shapes: &'a ShapeTable,
    square: &'a SquareTables,
    start: Sq1State,
    /// Phase 1's steps so far: (a, b) then the slice.
    steps1: Vec<(u8, u8)>,
    /// Phase 2's turns so far (each but the last then the slice).
    steps2: Vec<usize>,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    limits: &'a Limits,
    stopped: bool,
    /// The shortest answer so far and its slices.
    found: Option<(Vec<Sq1Move>, u32)>,
    /// The longest answer wanted.
    max: u32,
}

impl Run<'_> {
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.budget
            || (self.nodes & 0xfff == 0
                && (self.limits.cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The most slices an answer may still have to beat the best so far.
    fn cap(&self) -> u32 {
        match &self.found {
            Some((_, n)) => n.saturating_sub(1),
            None => self.max,
        }
    }

    /// Phase 1: exactly `left` more slices to the square shape, then phase 2.
    fn phase1(&mut self, shape: u16, parity: u8, left: u32) {
        if left == 0 {
            let n = self.shapes.finish[usize::from(shape)].len();
            for k in 0..n {
                let (a, b, flip) = self.shapes.finish[usize::from(shape)][k];
                if parity ^ flip == self.shapes.target_parity {
                    self.enter_phase2(a, b);
                    if self.stopped {
                        return;
                    }
                }
            }
            return;
        }
        let n = self.shapes.steps[usize::from(shape)].len();
        for k in 0..n {
            let st = self.shapes.steps[usize::from(shape)][k];
            // A slice right after a slice undoes it.
            if (st.a, st.b) == (0, 0) && !self.steps1.is_empty() {
                continue;
            }
            let p = parity ^ st.flip;
            if u32::from(self.shapes.distance(st.next, p)) >= left {
                continue;
            }
            self.nodes += 1;
            if self.out_of_time() {
                return;
            }
            self.steps1.push((st.a, st.b));
            self.phase1(st.next, p, left - 1);
            self.steps1.pop();
            if self.stopped {
                return;
            }
        }
    }

    /// The state at the end of phase 1, turned `(a, b)` into the square shape.
    fn phase1_state(&self, a: u8, b: u8) -> Sq1State {
        let mut s = self.start;
        for &(x, y) in &self.steps1 {
            s.turn(x, y);
            s.slash();
        }
        s.turn(a, b);
        s
    }

    /// Phase 2 from the end of phase 1 turned `(a, b)`, by deepening up to what would beat
    /// the best answer so far.
    fn enter_phase2(&mut self, a: u8, b: u8) {
        let s = self.phase1_state(a, b);
        if layer_shape(s.top()) != SQUARE || layer_shape(s.bottom()) != SQUARE {
            return;
        }
        let d1 = self.steps1.len() as u32;
        let Some(room) = self.cap().checked_sub(d1) else {
            return;
        };
        let (c, e) = coordinates(&s);
        let lb = u32::from(self.square.bound(c, e, s.middle()));
        for depth in lb..=room {
            self.steps2.clear();
            if self.phase2(c, e, s.middle(), depth) {
                self.record(a, b);
                return;
            }
            if self.stopped {
                return;
            }
        }
    }

    /// Keeps the answer of the current phase 1 and phase 2 steps.
    fn record(&mut self, a: u8, b: u8) {
        let mut moves = Vec::new();
        let push_turn = |moves: &mut Vec<Sq1Move>, x: u8, y: u8| {
            if !x.is_multiple_of(12) {
                moves.push(Sq1Move::Top(x % 12));
            }
            if !y.is_multiple_of(12) {
                moves.push(Sq1Move::Bottom(y % 12));
            }
        };
        for &(x, y) in &self.steps1 {
            push_turn(&mut moves, x, y);
            moves.push(Sq1Move::Slash);
        }
        push_turn(&mut moves, a, b);
        let n2 = self.steps2.len();
        for (k, &step) in self.steps2.iter().enumerate() {
            let t = step % TURNS;
            push_turn(&mut moves, 3 * (t / 4) as u8, 3 * (t % 4) as u8);
            if k + 1 < n2 {
                if step / TURNS == 1 {
                    push_turn(&mut moves, 1, 1);
                    moves.push(Sq1Move::Slash);
                    push_turn(&mut moves, 11, 11);
                } else {
                    moves.push(Sq1Move::Slash);
                }
            }
        }
        // The goal is solved turned (0,-1).
        moves.push(Sq1Move::Bottom(1));
        let moves = simplify(&moves);
        let n = moves.iter().filter(|m| **m == Sq1Move::Slash).count() as u32;
        if self.found.as_ref().is_none_or(|(_, best)| n < *best) {
            if self.found.is_none() {
                // Look a little further for a shorter one, then stop.
                self.budget = self.budget.min(self.nodes.saturating_add(IMPROVE_NODES));
            }
            self.found = Some((moves, n));
        }
    }

    /// Phase 2: at most `left` more slices; `steps2` ends with the finishing turn when found.
    fn phase2(&mut self, c: u16, e: u16, middle: bool, left: u32) -> bool {
        if let Some(t) = self.square.finishing_turn(c, e, middle) {
            self.steps2.push(t);
            return true;
        }
        if left == 0 {
            return false;
        }
        for step in 0..TURNS * SLICES {
            let (t, kind) = (step % TURNS, step / TURNS);
            // A zero turn between two slices of one kind undoes them (phase 1's last slice
            // and a zero turn into phase 2 cancel too; they are merged away afterwards).
            if t == 0 && self.steps2.last().is_some_and(|&p| p / TURNS == kind) {
                continue;
            }
            let sq = self.square;
            let ct = sq.corner_slice[kind][usize::from(sq.turn[usize::from(c) * TURNS + t])];
            let et = sq.edge_slice[kind][usize::from(sq.turn[usize::from(e) * TURNS + t])];
            if u32::from(sq.bound(ct, et, !middle)) >= left {
                continue;
            }
            self.nodes += 1;
            if self.out_of_time() {
                return false;
            }
            self.steps2.push(step);
            if self.phase2(ct, et, !middle, left - 1) {
                return true;
            }
            self.steps2.pop();
        }
        false
    }
}

impl Sq1TwoPhase {
    /// The solver with its tables.
    pub fn new() -> Sq1TwoPhase {
        Sq1TwoPhase {
            shapes: Arc::new(ShapeTable::new()),
            square: Arc::new(SquareTables::new()),
        }
    }

    /// Phase 1's table.
    pub fn shapes(&self) -> &ShapeTable {
        &self.shapes
    }

    /// Phase 2's tables.
    pub fn square(&self) -> &SquareTables {
        &self.square
    }

    /// Solves `state` in at most `max` slices, within a node budget: the moves, the nodes.
    fn search(
        &self,
        state: &Sq1State,
        max: u32,
        budget: u64,
        limits: &Limits,
    ) -> Result<(Vec<Sq1Move>, u64), SolveError> {
        let start = Instant::now();
        // A state whose slice is blocked is first turned the least to free it.
        let mut pre = (0u8, 0u8);
        let mut s = *state;
        if !s.can_slash() {
            let mut best: Option<(u32, u8, u8)> = None;
            for a in 0..12u8 {
                for b in 0..12u8 {
                    let mut t = *state;
                    t.turn(a, b);
                    let cost = twisty_core::sq1::signed(a).unsigned_abs()
                        + twisty_core::sq1::signed(b).unsigned_abs();
                    if t.can_slash() && best.is_none_or(|(c, _, _)| cost < c) {
                        best = Some((cost, a, b));
                    }
                }
            }
            let Some((_, a, b)) = best else {
                return Err(SolveError::Invalid(twisty_core::InvalidState::Other(
                    "no turn of the layers lets the slice through".into(),
                )));
            };
            pre = (a, b);
            s.turn(a, b);
        }
        let (shape, parity) = self.shapes.coord(&s).ok_or_else(|| {
            SolveError::Invalid(twisty_core::InvalidState::Other(
                "the pieces do not fill the layers".into(),
            ))
        })?;
        let mut run = Run {
            shapes: &self.shapes,
            square: &self.square,
            start: s,
            steps1: Vec::new(),
            steps2: Vec::new(),
            nodes: 0,
            budget,
            deadline: limits.deadline(start),
            limits,
            stopped: false,
            found: None,
            max,
        };
        let h1 = u32::from(self.shapes.distance(shape, parity));
        // Phase 1 at its shortest and a little longer (another end of phase 1 may leave
        // phase 2 less to do); each phase 2 deepened to what would beat the best so far.
        for d1 in h1..=max.min(h1 + PHASE1_EXTRA) {
            if run.cap() < d1 {
                break;
            }
            run.steps1.clear();
            run.phase1(shape, parity, d1);
            if run.stopped {
                break;
            }
        }
        if let Some((found, _)) = run.found.take() {
            let mut moves = Vec::new();
            if pre.0 != 0 {
                moves.push(Sq1Move::Top(pre.0));
            }
            if pre.1 != 0 {
                moves.push(Sq1Move::Bottom(pre.1));
            }
            moves.extend(found);
            return Ok((simplify(&moves), run.nodes));
        }
        if run.stopped {
            return Err(if limits.cancelled() {
                SolveError::Cancelled { deepest_bound: None }
            } else if run.nodes >= budget {
                SolveError::GaveUp(format!("after {budget} nodes"))
            } else {
                SolveError::Timeout { deepest_bound: None }
            });
        }
        Err(SolveError::NoSolutionWithin { max_length: max })
    }
}

impl Solver<Sq1> for Sq1TwoPhase {
    fn name(&self) -> &'static str {
        "twophase"
    }

    fn solve(
        &self,
        puzzle: &Sq1,
        state: &Sq1State,
        limits: &Limits,
    ) -> Result<Solution<Sq1Move>, SolveError> {
        let start = Instant::now();
        let max = limits.max_length.unwrap_or(MAX_TWISTS).min(MAX_TWISTS);
        let budget = limits.max_nodes.unwrap_or(u64::MAX);
        let (moves, nodes) = self.search(state, max, budget, limits)?;
        // Checked slice by slice: each must be possible, and the end solved.
        let mut s = *state;
        if s.try_apply_all(&moves).is_err() || !puzzle.is_solved(&s) {
            return Err(SolveError::Unverified);
        }
        Ok(Solution {
            length: puzzle.length(&moves, limits.metric),
            moves,
            optimal: false,
            stats: SearchStats {
                nodes,
                expanded: 0,
                elapsed: start.elapsed(),
                breakdown: Vec::new(),
                phases: Vec::new(),
            },
        })
    }
}

#[cfg(test)]
mod tests;
