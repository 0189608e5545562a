//! Thistlethwaite's four-phase solver for the 3x3x3.
//!
//! The cube is taken through the nested groups G0 ⊃ G1 ⊃ G2 ⊃ G3 ⊃ G4 = {solved}:
//!
//! | phase | moves allowed                    | coordinate                                   | size      | max depth |
//! |-------|----------------------------------|----------------------------------------------|-----------|-----------|
//! | 1     | all 18                           | edge orientation (11 bits)                   | 2,048     | 7         |
//! | 2     | no F/B quarter turns             | corner twist (2187) × E-slice positions (495)| 1,082,565 | 10        |
//! | 3     | also no R/L quarter turns        | corner permutation (40320) × M-slice edge positions among the 8 U/D-layer slots (70) | 2,822,400 | 13 |
//! | 4     | half turns only                  | half-turn group: corner perm (96) × M perm (24) × S perm (24) × E perm / parity (12) | 663,552 | 15 |
//!
//! The phase-3 coordinate is full corner permutation × M-slice positions: its size is
//! 8!·70 = 2,822,400 and it determines membership of G3 exactly (corners in the 96-element
//! half-turn corner group, M-slice edges in the M slice). Every table is an exact distance
//! table built by breadth-first search, so each phase's IDA* (f = g + h) finds an optimal
//! phase solution. Phase solutions are concatenated and adjacent same-face moves merged.
pub mod cache;

use std::collections::VecDeque;
use std::sync::OnceLock;
use web_time::Instant;

use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::Puzzle;

use crate::solver::{verify, Limits, PhaseReport, SearchStats, Solution, SolveError, Solver};

/// Table sizes of the four phases.
pub const TABLE_SIZES: [usize; 4] = [2048, 2187 * 495, 40320 * 70, 663_552];

const UNSEEN: u8 = 0xFF;

/// Moves allowed in each phase, as indices `3·face + amount − 1`.
fn phase_moves(phase: usize) -> Vec<Cube3Move> {
    Cube3Move::ALL
        .iter()
        .copied()
        .filter(|m| {
            let f = m.face();
            let half = m.amount() == 2;
            match phase {
                0 => true,
                1 => half || !(f == 2 || f == 5),
                2 => half || f == 0 || f == 3,
                _ => half,
            }
        })
        .collect()
}

/// Binomial coefficient for small arguments.
const fn binom(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Rank of the set of positions `i` (0..n) where `mark(i)` holds, 4 marked out of n.
fn comb_rank(marks: impl Iterator<Item = bool>) -> usize {
    let mut r = 0;
    let mut k = 0;
    for (i, m) in marks.enumerate() {
        if m {
            k += 1;
            r += binom(i, k);
        }
    }
    r
}

/// Lexicographic rank of a permutation of distinct small values.
fn perm_rank(p: &[u8]) -> usize {
    let mut r = 0;
    for i in 0..p.len() {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (p.len() - i) + smaller;
    }
    r
}

fn coord0(c: &CubieCube) -> usize {
    let eo = c.edge_oris();
    (0..11).fold(0, |acc, i| acc | ((eo[i] as usize & 1) << i))
}

fn coord1(c: &CubieCube) -> usize {
    let co = c.corner_oris();
    let twist = (0..7).fold(0, |acc, i| acc * 3 + co[i] as usize);
    let ep = c.edge_perms();
    twist * 495 + comb_rank(ep.iter().map(|&e| e >= 8))
}

const UD_SLOTS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

fn is_m_edge(e: u8) -> bool {
    e == 1 || e == 3 || e == 5 || e == 7
}

fn coord2(c: &CubieCube) -> usize {
    let ep = c.edge_perms();
    perm_rank(&c.corner_perms()) * 70 + comb_rank(UD_SLOTS.iter().map(|&i| is_m_edge(ep[i])))
}

fn edge_index4(c: &CubieCube) -> usize {
    let ep = c.edge_perms();
    let m = perm_rank(&[ep[1], ep[3], ep[5], ep[7]]);
    let s = perm_rank(&[ep[0], ep[2], ep[4], ep[6]]);
    let e = perm_rank(&[ep[8], ep[9], ep[10], ep[11]]);
    (m * 24 + s) * 12 + e / 2
}

/// The half-turn corner group: the map from corner permutation rank (0..40320) to its index
/// in the group (`UNSEEN` outside it), and one cube per group element in index order.
fn corner_group() -> (Vec<u8>, Vec<CubieCube>) {
    let mut corner96 = vec![UNSEEN; 40320];
    let mut reps: Vec<CubieCube> = Vec::new();
    let half = phase_moves(3);
    let mut q = VecDeque::new();
    let solved = CubieCube::default();
    corner96[perm_rank(&solved.corner_perms())] = 0;
    reps.push(solved);
    q.push_back(solved);
    while let Some(c) = q.pop_front() {
        for &m in &half {
            let n = c.after(m);
            let r = perm_rank(&n.corner_perms());
            if corner96[r] == UNSEEN {
                corner96[r] = reps.len() as u8;
                reps.push(n);
                q.push_back(n);
            }
        }
    }
    (corner96, reps)
}

/// The four exact distance tables and the corner map of the half-turn group.
pub struct Tables {
    dist: [Vec<u8>; 4],
    /// Corner permutation rank (0..40320) → index in the 96-element half-turn corner group.
    corner96: Vec<u8>,
}

impl Tables {
    fn coord(&self, phase: usize, c: &CubieCube) -> usize {
        match phase {
            0 => coord0(c),
            1 => coord1(c),
            2 => coord2(c),
            _ => {
                let ci = self.corner96[perm_rank(&c.corner_perms())] as usize;
                ci * 6912 + edge_index4(c)
            }
        }
    }

    /// Builds all four tables by breadth-first search.
    pub fn build() -> Tables {
        let (corner96, reps) = corner_group();
        let mut t = Tables {
            dist: [Vec::new(), Vec::new(), Vec::new(), Vec::new()],
            corner96,
        };
        for phase in (0..4).rev() {
            t.dist[phase] = t.build_phase(phase, &reps);
        }
        t
    }

    /// The distance table of `phase`, built breadth-first (`reps`: the half-turn corner
    /// group, from [`corner_group`]; `corner96` must be set).
    fn build_phase(&self, phase: usize, reps: &[CubieCube]) -> Vec<u8> {
        let solved = CubieCube::default();
        if phase == 2 {
            self.bfs(2, reps)
        } else {
            self.bfs(phase, std::slice::from_ref(&solved))
        }
    }

    fn bfs(&self, phase: usize, seeds: &[CubieCube]) -> Vec<u8> {
        let moves = phase_moves(phase);
        let mut dist = vec![UNSEEN; TABLE_SIZES[phase]];
        let mut q = VecDeque::new();
        for s in seeds {
            let i = self.coord(phase, s);
            if dist[i] == UNSEEN {
                dist[i] = 0;
                q.push_back(*s);
            }
        }
        while let Some(c) = q.pop_front() {
            let d = dist[self.coord(phase, &c)];
            for &m in &moves {
                let n = c.after(m);
                let i = self.coord(phase, &n);
                if dist[i] == UNSEEN {
                    dist[i] = d + 1;
                    q.push_back(n);
                }
            }
        }
        dist
    }

    /// Number of entries reached and maximum depth of the table of `phase` (0..4).
    pub fn stats(&self, phase: usize) -> (usize, usize, u8) {
        let d = &self.dist[phase];
        let reached = d.iter().filter(|&&x| x != UNSEEN).count();
        let max = d.iter().copied().filter(|&x| x != UNSEEN).max().unwrap_or(0);
        (d.len(), reached, max)
    }

    fn h(&self, phase: usize, c: &CubieCube) -> u8 {
        self.dist[phase][self.coord(phase, c)]
    }
}

/// Thistlethwaite's four-phase solver.
///
/// By default each phase takes the first optimal phase solution found. With
/// [`Thistlethwaite::solve_with`] and `search_phases = K > 1`, each of the first three
/// phases offers up to K distinct phase solutions (all of the phase's optimal length, then
/// one move longer if fewer than K exist), every combination is followed to the end (a
/// depth-first search over phases, cut as soon as the moves so far reach the best total),
/// and the shortest total after simplification is returned. The cost grows roughly as K³
/// (phase searches are microseconds each); the gain is a few moves on average (measured in
/// BENCHMARKS.md).
pub struct Thistlethwaite {
    tables: Tables,
}

static GLOBAL: OnceLock<Thistlethwaite> = OnceLock::new();

/// Names of the four phases.
pub const PHASE_NAMES: [&str; 4] = ["G0 -> G1", "G1 -> G2", "G2 -> G3", "G3 -> G4"];

/// One phase's solution found by [`Thistlethwaite::solve_phases`].
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseSolution {
    /// The phase's moves.
    pub moves: Vec<Cube3Move>,
    /// Nodes generated by the phase's searches.
    pub nodes: u64,
    /// Seconds spent in the phase's searches.
    pub seconds: f64,
}

/// Budget bookkeeping shared by the phase searches of one solve.
struct Budget<'a> {
    nodes: u64,
    limits: &'a Limits,
    deadline: Option<Instant>,
    max_nodes: u64,
}

impl Budget<'_> {
    /// Counts a node and every 4096 nodes checks time, node budget and cancellation.
    #[inline]
    fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            if self.nodes >= self.max_nodes || self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(SolveError::Timeout { deepest_bound: None });
            }
            if self.limits.cancelled() {
                return Err(SolveError::Cancelled { deepest_bound: None });
            }
        }
        Ok(())
    }
}

impl Thistlethwaite {
    /// The shared instance, building the tables on first use.
    pub fn global() -> &'static Thistlethwaite {
        GLOBAL.get_or_init(|| Thistlethwaite {
            tables: Tables::build(),
        })
    }

    /// The tables.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Solves `state` phase by phase, taking the first optimal solution of each phase.
    pub fn solve_phases(&self, state: &CubieCube) -> Result<Vec<PhaseSolution>, SolveError> {
        self.solve_phases_within(state, &Limits::default(), 1)
    }

    /// Solves `state` phase by phase within the time, node and cancel limits of `limits`
    /// (its `max_length` is not used here), trying up to `search_phases` solutions per phase
    /// (see the type's documentation). Returns the four phase solutions of the shortest
    /// total found.
    pub fn solve_phases_within(
        &self,
        state: &CubieCube,
        limits: &Limits,
        search_phases: usize,
    ) -> Result<Vec<PhaseSolution>, SolveError> {
        self.search_phases(state, limits, search_phases).map(|(p, _)| p)
    }

    /// [`Thistlethwaite::solve_phases_within`] with the total node count of all the phase
    /// searches made.
    fn search_phases(
        &self,
        state: &CubieCube,
        limits: &Limits,
        search_phases: usize,
    ) -> Result<(Vec<PhaseSolution>, u64), SolveError> {
        state.validate()?;
        let start = Instant::now();
        let mut budget = Budget {
            nodes: 0,
            limits,
            deadline: limits.deadline(start),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
        };
        if limits.cancelled() {
            return Err(SolveError::Cancelled { deepest_bound: None });
        }
        if budget.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(SolveError::Timeout { deepest_bound: None });
        }
        let mut best: Option<(usize, Vec<PhaseSolution>)> = None;
        let mut stack = Vec::with_capacity(4);
        self.over_phases(state, 0, search_phases.max(1), &mut budget, &mut stack, &mut best)?;
        best.map(|(_, p)| (p, budget.nodes))
            .ok_or_else(|| SolveError::Table("no phase solution found".to_string()))
    }

    /// Depth-first search over phases: each candidate solution of `phase`, then the rest.
    fn over_phases(
        &self,
        state: &CubieCube,
        phase: usize,
        k: usize,
        budget: &mut Budget<'_>,
        stack: &mut Vec<PhaseSolution>,
        best: &mut Option<(usize, Vec<PhaseSolution>)>,
    ) -> Result<(), SolveError> {
        let so_far: usize = stack.iter().map(|p| p.moves.len()).sum();
        if phase == 4 {
            let all: Vec<Cube3Move> = stack.iter().flat_map(|p| p.moves.iter().copied()).collect();
            let len = simplify(&all).len();
            if best.as_ref().is_none_or(|(b, _)| len < *b) {
                *best = Some((len, stack.clone()));
            }
            return Ok(());
        }
        // The phases still to come need at least this phase's table distance in all; the
        // simplification saves at most one move at each of the three joins (a phase cannot
        // start by undoing the previous phase's last move: that move would not have been
        // needed).
        if let Some((b, _)) = best {
            let h = self.tables.h(phase, state) as usize;
            if so_far + h >= *b + 3 {
                return Ok(());
            }
        }
        // The last phase has a unique optimal length and nothing after it: one solution.
        let want = if phase == 3 { 1 } else { k };
        let t0 = Instant::now();
        let n0 = budget.nodes;
        let candidates = self.phase_solutions(phase, state, want, budget)?;
        let seconds = t0.elapsed().as_secs_f64() / candidates.len().max(1) as f64;
        let nodes = (budget.nodes - n0) / candidates.len().max(1) as u64;
        for moves in candidates {
            let mut next = *state;
            for &m in &moves {
                next.apply_move(m);
            }
            stack.push(PhaseSolution {
                moves,
                nodes,
                seconds,
            });
            let r = self.over_phases(&next, phase + 1, k, budget, stack, best);
            stack.pop();
            match r {
                Ok(()) => {}
                // Out of time with a complete solution in hand: keep it.
                Err(SolveError::Timeout { .. }) if best.is_some() => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Up to `want` distinct solutions of `phase` from `state`: every one of the optimal
    /// phase length, then of one more move if fewer than `want` exist.
    fn phase_solutions(
        &self,
        phase: usize,
        state: &CubieCube,
        want: usize,
        budget: &mut Budget<'_>,
    ) -> Result<Vec<Vec<Cube3Move>>, SolveError> {
        let moves = phase_moves(phase);
        let h = self.tables.h(phase, state);
        if h == UNSEEN {
            return Err(SolveError::Table(format!(
                "phase {} state not in table",
                phase + 1
            )));
        }
        let mut out = Vec::new();
        let mut path = Vec::with_capacity(20);
        let mut bound = h;
        let mut extra = 0;
        loop {
            self.dfs(
                phase, &moves, state, 0, bound, 6, &mut path, &mut out, want, budget,
            )?;
            if !out.is_empty() {
                extra += 1;
            }
            if out.len() >= want || extra > 1 {
                break;
            }
            bound += 1;
            if bound > 20 {
                return Err(SolveError::Table(format!("phase {} not solved", phase + 1)));
            }
        }
        Ok(out)
    }

    /// IDA* step of a phase: collects solutions of exactly `bound` moves into `out` until it
    /// holds `want`.
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        phase: usize,
        moves: &[Cube3Move],
        c: &CubieCube,
        g: u8,
        bound: u8,
        prev: u8,
        path: &mut Vec<Cube3Move>,
        out: &mut Vec<Vec<Cube3Move>>,
        want: usize,
        budget: &mut Budget<'_>,
    ) -> Result<(), SolveError> {
        budget.tick()?;
        let h = self.tables.h(phase, c);
        if h == 0 {
            if g == bound {
                out.push(path.clone());
            }
            return Ok(());
        }
        if g + h > bound {
            return Ok(());
        }
        for &m in moves {
            let f = m.face();
            if prev < 6 && (f == prev || (f % 3 == prev % 3 && f < prev)) {
                continue;
            }
            let n = c.after(m);
            path.push(m);
            self.dfs(phase, moves, &n, g + 1, bound, f, path, out, want, budget)?;
            path.pop();
            if out.len() >= want {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Solves with up to `search_phases` candidate solutions per phase (1 = the classic
    /// algorithm). The solution's [`SearchStats::phases`] holds each phase's own moves.
    pub fn solve_with(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
        search_phases: usize,
    ) -> Result<Solution<Cube3Move>, SolveError> {
        let start = Instant::now();
        let (phases, nodes) = self.search_phases(state, limits, search_phases)?;
        let all: Vec<Cube3Move> = phases.iter().flat_map(|p| p.moves.iter().copied()).collect();
        let moves = simplify(&all);
        verify(puzzle, state, &moves)?;
        let length = puzzle.length(&moves, limits.metric);
        if let Some(max) = limits.max_length {
            if length > max {
                return Err(SolveError::NoSolutionWithin { max_length: max });
            }
        }
        let mut stats = SearchStats {
            nodes,
            ..SearchStats::default()
        };
        for (i, p) in phases.iter().enumerate() {
            stats
                .breakdown
                .push((format!("phase {}", i + 1), p.nodes, p.seconds));
            stats.phases.push(PhaseReport {
                name: PHASE_NAMES[i].to_string(),
                moves: puzzle.format_moves(&p.moves),
                length: p.moves.len() as u32,
                nodes: p.nodes,
                seconds: p.seconds,
            });
        }
        stats.elapsed = start.elapsed();
        Ok(Solution {
            moves,
            length,
            optimal: false,
            stats,
        })
    }
}

/// Merges adjacent moves of the same face (`R R2` → `R'`, `R R'` → nothing).
pub fn simplify(moves: &[Cube3Move]) -> Vec<Cube3Move> {
    let mut out: Vec<Cube3Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        if let Some(&last) = out.last() {
            if last.face() == m.face() {
                out.pop();
                let amount = (last.amount() + m.amount()) % 4;
                if let Some(n) = Cube3Move::new(m.face(), amount) {
                    out.push(n);
                }
                continue;
            }
        }
        out.push(m);
    }
    out
}

impl Solver<Cube3> for Thistlethwaite {
    fn name(&self) -> &'static str {
        "thistlethwaite"
    }

    fn solve(
        &self,
        puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
    ) -> Result<Solution<Cube3Move>, SolveError> {
        self.solve_with(puzzle, state, limits, 1)
    }
}
