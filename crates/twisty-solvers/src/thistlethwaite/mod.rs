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
use std::collections::VecDeque;
use std::sync::OnceLock;
use std::time::Instant;

use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::Puzzle;

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};

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
        // Phase 4 first: enumerate the half-turn group, numbering corner permutations.
        let mut corner96 = vec![UNSEEN; 40320];
        let mut reps: Vec<CubieCube> = Vec::new();
        // Enumerate corner group first (small BFS on corners alone).
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
        let mut t = Tables {
            dist: [Vec::new(), Vec::new(), Vec::new(), Vec::new()],
            corner96,
        };
        t.dist[3] = t.bfs(3, std::slice::from_ref(&solved));
        t.dist[2] = t.bfs(2, &reps);
        t.dist[1] = t.bfs(1, std::slice::from_ref(&solved));
        t.dist[0] = t.bfs(0, std::slice::from_ref(&solved));
        t
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
pub struct Thistlethwaite {
    tables: Tables,
}

static GLOBAL: OnceLock<Thistlethwaite> = OnceLock::new();

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

    /// Solves `state` phase by phase; returns the phase solutions and per-phase (nodes, seconds).
    pub fn solve_phases(&self, state: &CubieCube) -> Result<Vec<(Vec<Cube3Move>, u64, f64)>, SolveError> {
        let mut cur = *state;
        let mut out = Vec::with_capacity(4);
        for phase in 0..4 {
            let start = Instant::now();
            let moves = phase_moves(phase);
            let h = self.tables.h(phase, &cur);
            if h == UNSEEN {
                return Err(SolveError::Table(format!(
                    "phase {} state not in table",
                    phase + 1
                )));
            }
            let mut path = Vec::new();
            let mut nodes = 0u64;
            let mut bound = h;
            loop {
                if self.dfs(phase, &moves, &cur, 0, bound, 6, &mut path, &mut nodes) {
                    break;
                }
                bound += 1;
                if bound > 20 {
                    return Err(SolveError::Table(format!("phase {} not solved", phase + 1)));
                }
            }
            for &m in &path {
                cur.apply_move(m);
            }
            out.push((path, nodes, start.elapsed().as_secs_f64()));
        }
        Ok(out)
    }

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
        nodes: &mut u64,
    ) -> bool {
        *nodes += 1;
        let h = self.tables.h(phase, c);
        if h == 0 {
            return true;
        }
        if g + h > bound {
            return false;
        }
        for &m in moves {
            let f = m.face();
            if prev < 6 && (f == prev || (f % 3 == prev % 3 && f < prev)) {
                continue;
            }
            let n = c.after(m);
            path.push(m);
            if self.dfs(phase, moves, &n, g + 1, bound, f, path, nodes) {
                return true;
            }
            path.pop();
        }
        false
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
        state.validate()?;
        let start = Instant::now();
        let phases = self.solve_phases(state)?;
        let all: Vec<Cube3Move> = phases.iter().flat_map(|p| p.0.iter().copied()).collect();
        let moves = simplify(&all);
        verify(puzzle, state, &moves)?;
        let length = puzzle.length(&moves, limits.metric);
        if let Some(max) = limits.max_length {
            if length > max {
                return Err(SolveError::NoSolutionWithin { max_length: max });
            }
        }
        let mut stats = SearchStats::default();
        for (i, (_, n, s)) in phases.iter().enumerate() {
            stats.nodes += n;
            stats.breakdown.push((format!("phase {}", i + 1), *n, *s));
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
