//! The fast Kilominx solver (`--solver fast`): a three-phase reduction with a search across
//! the phase boundaries for shorter totals.
//!
//! In the UFL-fixed frame of the model:
//! 1. **Phase 1** (all 48 moves) brings home the other four cubies of the U face
//!    (UBL, UFR, UBR, UBM). Exact table: 19·18·17·16 positions × 3⁴ twists = 7,534,944.
//! 2. **Phase 2** (the 28 moves that keep the U face: U, DL, DR, DBL, DBR, DB, D) brings home
//!    the five other cubies of L ∪ F (MFL, MFR, FMD, MBL, FLD) among the 15 free positions.
//!    Exact table: 15·14·13·12·11 × 3⁵ = 87,567,480.
//! 3. **Phase 3** solves the last ten cubies inside ⟨D, DB, DBR⟩ (the ⟨U, R, F⟩ subgroup seen
//!    from the opposite corner) by IDA* on its permutation and twist tables
//!    ([`subgroup`]).
//!
//! All six tables are 4-bit distance tables in the table cache (67 MiB in all), built by the
//! parallel breadth-first search of `twisty-search` in a few seconds.
//!
//! The search, like min2phase, enumerates phase-1 solutions by increasing length, for each the
//! phase-2 solutions by increasing length, and for each finishes with an optimal phase 3
//! bounded by the best total so far; a phase solution never ends with a move of the next
//! phase (that would repeat a shorter one). The first solution takes about a millisecond; the
//! search for shorter ones continues until `max_length` is reached, the time budget (default
//! 1 s) is spent, or the enumeration is exhausted. The time budget bounds only this
//! improvement search: the first solution is always completed (unless cancelled).

mod pieces;
pub mod subgroup;

pub use pieces::PiecePhase;
pub use subgroup::{SubState, Subgroup};

use crate::{verify, Limits, PhaseReport, SearchStats, Solution, SolveError, Solver};
use std::time::Duration;
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx};
use twisty_core::Puzzle;
use twisty_search::ida::MovePruning;
use twisty_search::{Origin, TableCache, TableError, TableSpec};
use web_time::Instant;

/// Cubies of phase 1: the U face without UFL.
pub const PHASE1_CUBIES: [u8; 4] = [1, 2, 4, 6];
/// Cubies of phase 2: L ∪ F without the U face.
pub const PHASE2_CUBIES: [u8; 5] = [3, 5, 8, 11, 16];
/// The default time budget.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(1);
/// How many moves past its shortest solution each of phases 1 and 2 is explored.
const EXTRA: u8 = 3;
/// Longest phase-3 solution searched (the subgroup's diameter).
const SUB_DIAMETER: u8 = 14;

/// Where each move takes each position, and the twist it adds there.
#[derive(Debug)]
pub(crate) struct MoveGeometry {
    /// `dest[m][p]`: the position the cubie at `p` goes to under move `m`.
    pub(crate) dest: [[u8; 20]; 48],
    /// `gain[m][p]`: the twist that cubie gains.
    pub(crate) gain: [[u8; 20]; 48],
}

impl MoveGeometry {
    fn new() -> MoveGeometry {
        let k = Kilominx;
        let mut dest = [[0u8; 20]; 48];
        let mut gain = [[0u8; 20]; 48];
        for (m, mv) in k.moves().into_iter().enumerate() {
            let s = k.state_after(&[mv]);
            for d in 0..20 {
                dest[m][s.cubie(d) as usize] = d as u8;
                gain[m][s.cubie(d) as usize] = s.twist(d);
            }
        }
        MoveGeometry { dest, gain }
    }

    /// The moves that leave every position of `solved` (cubie and twist) alone.
    pub(crate) fn moves_fixing(&self, solved: &[u8]) -> Vec<KiloMove> {
        Kilominx
            .moves()
            .into_iter()
            .filter(|m| {
                let i = m.index() as usize;
                solved
                    .iter()
                    .all(|&p| self.dest[i][p as usize] == p && self.gain[i][p as usize] == 0)
            })
            .collect()
    }

    /// Whether turns of faces `a` and `b` commute.
    pub(crate) fn commute(&self, a: u8, b: u8) -> bool {
        Kilominx.faces_commute(a, b)
    }
}

/// Time, node and cancel checks shared by the phases.
pub(crate) struct Stop<'a> {
    limits: &'a Limits,
    deadline: Option<Instant>,
    /// Nodes generated.
    pub(crate) nodes: u64,
    /// Set once a limit is hit; every search then unwinds.
    pub(crate) stopped: bool,
    /// Whether the time/node limits apply yet (not before the first solution).
    armed: bool,
}

impl Stop<'_> {
    /// Counts a node; every 256 nodes checks the limits. Returns whether to stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && !self.stopped {
            let late = self.armed
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.limits.max_nodes.is_some_and(|n| self.nodes >= n));
            self.stopped = late || self.limits.cancelled();
        }
        self.stopped
    }
}

/// Why the fast solver stopped looking for shorter solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FastStop {
    /// A solution within `max_length` was found.
    MaxLength,
    /// Every solution the search enumerates was tried.
    Exhausted,
    /// The improvement budget was spent.
    Budget,
    /// The time limit came first.
    TimeLimit,
    /// The node budget was spent.
    NodeLimit,
}

impl FastStop {
    /// Its name in reports: `max_length`, `exhausted`, `budget`, `time_limit`, `node_limit`.
    pub fn name(self) -> &'static str {
        match self {
            FastStop::MaxLength => "max_length",
            FastStop::Exhausted => "exhausted",
            FastStop::Budget => "budget",
            FastStop::TimeLimit => "time_limit",
            FastStop::NodeLimit => "node_limit",
        }
    }
}

/// The fast Kilominx solver.
#[derive(Debug)]
pub struct KilominxFast {
    phase1: PiecePhase,
    phase2: PiecePhase,
    sub: Subgroup,
    p1_pruning: MovePruning,
    p2_pruning: MovePruning,
    /// Per phase-1 move: whether it is also a phase-2 move.
    p1_in_p2: Vec<bool>,
    /// Per phase-2 move: whether it is also a phase-3 move.
    p2_in_p3: Vec<bool>,
}

/// Every table the solver uses.
pub fn specs() -> Vec<TableSpec> {
    let geo = MoveGeometry::new();
    let solved1 = phase2_solved();
    vec![
        pieces::spec("p1", 19, &PHASE1_CUBIES),
        pieces::spec("p2", 15, &PHASE2_CUBIES),
        subgroup::perm_spec(),
        subgroup::quad_spec(0),
        subgroup::quad_spec(1),
        subgroup::quad_spec(2),
        pieces::moves_spec("p1", 19, &PHASE1_CUBIES, geo.moves_fixing(&[0]).len()),
        pieces::moves_spec("p2", 15, &PHASE2_CUBIES, geo.moves_fixing(&solved1).len()),
    ]
}

/// The positions solved before phase 2: the fixed cubie and phase 1's.
fn phase2_solved() -> Vec<u8> {
    let mut solved = vec![0u8];
    solved.extend(PHASE1_CUBIES);
    solved
}

/// The best solution found so far, split by phase.
#[derive(Debug, Clone, Default)]
struct Best {
    phases: [Vec<KiloMove>; 3],
    len: usize,
}

/// State of one solve.
struct Run<'a> {
    stop: Stop<'a>,
    start: KiloState,
    best: Option<Best>,
    /// Stop as soon as a solution of at most this length is found.
    target: usize,
    path1: Vec<usize>,
    path2: Vec<usize>,
    /// When the first solution was found.
    first_at: Option<Instant>,
}

impl KilominxFast {
    /// Loads the tables from `cache`, building missing or invalid ones (a few seconds; with a
    /// progress bar on stderr when `progress`).
    pub fn new(cache: &TableCache, progress: bool) -> Result<KilominxFast, TableError> {
        let geo = MoveGeometry::new();
        let phase1 = PiecePhase::new(&geo, "p1", &[0], &PHASE1_CUBIES, cache, progress)?;
        let solved1 = phase2_solved();
        let phase2 = PiecePhase::new(&geo, "p2", &solved1, &PHASE2_CUBIES, cache, progress)?;
        let mut solved2 = solved1.clone();
        solved2.extend(PHASE2_CUBIES);
        let sub = Subgroup::new(&geo, &solved2, cache, progress)?;
        let pruning = |moves: &[KiloMove]| {
            let faces: Vec<u8> = moves.iter().map(|m| m.face()).collect();
            MovePruning::new(&faces, |a, b| geo.commute(a, b))
        };
        let p1_in_p2 = phase1.moves.iter().map(|m| phase2.moves.contains(m)).collect();
        let p2_in_p3 = phase2.moves.iter().map(|m| sub.moves.contains(m)).collect();
        Ok(KilominxFast {
            p1_pruning: pruning(&phase1.moves),
            p2_pruning: pruning(&phase2.moves),
            phase1,
            phase2,
            sub,
            p1_in_p2,
            p2_in_p3,
        })
    }

    /// How each table was obtained (loaded, built, or rebuilt with the reason).
    pub fn origins(&self) -> Vec<(TableSpec, Origin)> {
        let s = specs();
        vec![
            (s[0].clone(), self.phase1.origin.clone()),
            (s[1].clone(), self.phase2.origin.clone()),
            (s[2].clone(), self.sub.origins[0].clone()),
            (s[3].clone(), self.sub.origins[1].clone()),
            (s[4].clone(), self.sub.origins[2].clone()),
            (s[5].clone(), self.sub.origins[3].clone()),
            (s[6].clone(), self.phase1.moves_origin.clone()),
            (s[7].clone(), self.phase2.moves_origin.clone()),
        ]
    }

    /// The final phase (for tests of the subgroup).
    pub fn subgroup(&self) -> &Subgroup {
        &self.sub
    }

    /// Solves `state`: the first solution, then shorter ones until `limits.max_length` is
    /// met, the time budget (`limits.timeout`, default [`DEFAULT_BUDGET`]) is spent or the
    /// search is exhausted. The solution is verified.
    pub fn solve_state(&self, state: &KiloState, limits: &Limits) -> Result<Solution<KiloMove>, SolveError> {
        self.solve_within(state, limits, None).map(|(s, _)| s)
    }

    /// [`KilominxFast::solve_state`] with an improvement budget apart from the time limit:
    /// shorter solutions are looked for until `budget` (`None`: the time limit, or
    /// [`DEFAULT_BUDGET`] without one) or the time limit, whichever comes first. Returns why
    /// the search stopped as well.
    pub fn solve_within(
        &self,
        state: &KiloState,
        limits: &Limits,
        budget: Option<Duration>,
    ) -> Result<(Solution<KiloMove>, FastStop), SolveError> {
        state.validate()?;
        let t0 = Instant::now();
        let improve = budget.or(limits.timeout).unwrap_or(DEFAULT_BUDGET);
        let improve = limits.timeout.map_or(improve, |t| improve.min(t));
        // Whether the budget, not the time limit, ends the search.
        let by_budget = budget.is_some_and(|b| limits.timeout.is_none_or(|t| b < t));
        let mut run = Run {
            stop: Stop {
                limits,
                deadline: Some(t0 + improve),
                nodes: 0,
                stopped: false,
                armed: false,
            },
            start: *state,
            best: None,
            target: limits.max_length.map_or(0, |l| l as usize),
            path1: Vec::new(),
            path2: Vec::new(),
            first_at: None,
        };
        let c1 = self
            .phase1
            .coord(state)
            .ok_or_else(|| SolveError::Unsupported(String::from("phase-1 coordinate")))?;
        let d1 = self.phase1.dist(c1);
        for extra in 0..=EXTRA {
            let len = d1 + extra;
            if run.best.as_ref().is_some_and(|b| b.len <= len as usize) {
                break;
            }
            self.dfs1(&mut run, c1, len, None);
            if run.stop.stopped || run.best.as_ref().is_some_and(|b| b.len <= run.target) {
                break;
            }
        }
        if limits.cancelled() {
            return Err(SolveError::Cancelled { deepest_bound: None });
        }
        let why = if !run.stop.stopped {
            if run.best.as_ref().is_some_and(|b| b.len <= run.target) {
                FastStop::MaxLength
            } else {
                FastStop::Exhausted
            }
        } else if limits.max_nodes.is_some_and(|n| run.stop.nodes >= n) {
            FastStop::NodeLimit
        } else if by_budget {
            FastStop::Budget
        } else {
            FastStop::TimeLimit
        };
        let best = run.best.ok_or(SolveError::Timeout { deepest_bound: None })?;
        if let Some(l) = limits.max_length.filter(|&l| best.len > l as usize) {
            return Err(SolveError::GaveUp(format!(
                "at --max-length {l}: the shortest solution found has {} moves (this solver is not optimal; a shorter one may exist)",
                best.len
            )));
        }
        let moves: Vec<KiloMove> = best.phases.concat();
        verify(&Kilominx, state, &moves)?;
        let length = moves
            .iter()
            .map(|&m| Kilominx.move_length(m, limits.metric))
            .sum();
        let phases = ["U face", "L and F faces", "<D, DB, DBR>"]
            .iter()
            .zip(&best.phases)
            .map(|(name, ms)| PhaseReport {
                name: String::from(*name),
                moves: ms.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "),
                length: ms.len() as u32,
                nodes: 0,
                seconds: 0.0,
            })
            .collect();
        let first = run.first_at.map_or(0.0, |t| t.duration_since(t0).as_secs_f64());
        let sol = Solution {
            moves,
            length,
            optimal: false,
            stats: SearchStats {
                nodes: run.stop.nodes,
                elapsed: t0.elapsed(),
                breakdown: vec![(String::from("first solution"), 0, first)],
                phases,
                ..SearchStats::default()
            },
        };
        Ok((sol, why))
    }

    /// Phase-1 solutions of exactly `left` more moves from `c`.
    fn dfs1(&self, run: &mut Run<'_>, c: u32, left: u8, prev: Option<u8>) {
        if left == 0 {
            if self.phase1.is_goal(c) {
                self.phase1_done(run);
            }
            return;
        }
        if run.stop.tick() {
            return;
        }
        for m in 0..self.phase1.moves.len() {
            if !self.p1_pruning.allowed(prev, m) || (left == 1 && self.p1_in_p2[m]) {
                continue;
            }
            let n = self.phase1.apply(c, m);
            if self.phase1.dist(n) >= left {
                continue;
            }
            run.path1.push(m);
            self.dfs1(run, n, left - 1, Some(self.phase1.moves[m].face()));
            run.path1.pop();
            if run.stop.stopped || run.best.as_ref().is_some_and(|b| b.len <= run.target) {
                return;
            }
        }
    }

    fn phase1_done(&self, run: &mut Run<'_>) {
        let mut s = run.start;
        for &m in &run.path1 {
            Kilominx.apply(&mut s, self.phase1.moves[m]);
        }
        let Some(c2) = self.phase2.coord(&s) else {
            return;
        };
        let d2 = self.phase2.dist(c2);
        let l1 = run.path1.len();
        let prev = run.path1.last().map(|&m| self.phase1.moves[m].face());
        for extra in 0..=EXTRA {
            let len = d2 + extra;
            if run.best.as_ref().is_some_and(|b| b.len <= l1 + len as usize) {
                break;
            }
            self.dfs2(run, c2, len, prev);
            if run.stop.stopped || run.best.as_ref().is_some_and(|b| b.len <= run.target) {
                return;
            }
        }
    }

    /// Phase-2 solutions of exactly `left` more moves from `c`.
    fn dfs2(&self, run: &mut Run<'_>, c: u32, left: u8, prev: Option<u8>) {
        if left == 0 {
            if self.phase2.is_goal(c) {
                self.phase2_done(run);
            }
            return;
        }
        if run.stop.tick() {
            return;
        }
        for m in 0..self.phase2.moves.len() {
            let face = self.phase2.moves[m].face();
            if !self.p2_pruning.allowed(prev, m) || (left == 1 && self.p2_in_p3[m]) {
                continue;
            }
            let n = self.phase2.apply(c, m);
            if self.phase2.dist(n) >= left {
                continue;
            }
            run.path2.push(m);
            self.dfs2(run, n, left - 1, Some(face));
            run.path2.pop();
            if run.stop.stopped || run.best.as_ref().is_some_and(|b| b.len <= run.target) {
                return;
            }
        }
    }

    fn phase2_done(&self, run: &mut Run<'_>) {
        let mut s = run.start;
        for &m in &run.path1 {
            Kilominx.apply(&mut s, self.phase1.moves[m]);
        }
        for &m in &run.path2 {
            Kilominx.apply(&mut s, self.phase2.moves[m]);
        }
        let Some(sub) = self.sub.coord(&s) else {
            return;
        };
        let used = run.path1.len() + run.path2.len();
        let cap = match &run.best {
            Some(b) if b.len <= used + 1 => return,
            Some(b) => (b.len - used - 1).min(SUB_DIAMETER as usize) as u8,
            None => SUB_DIAMETER,
        };
        if self.sub.h(&sub) > cap {
            return;
        }
        let prev = run
            .path2
            .last()
            .map(|&m| self.phase2.moves[m].face())
            .or_else(|| run.path1.last().map(|&m| self.phase1.moves[m].face()));
        if let Some(p3) = self.sub.solve(&sub, cap, prev, &mut run.stop) {
            let phases = [
                run.path1.iter().map(|&m| self.phase1.moves[m]).collect(),
                run.path2.iter().map(|&m| self.phase2.moves[m]).collect(),
                p3,
            ];
            let len = phases.iter().map(Vec::len).sum();
            run.best = Some(Best { phases, len });
            run.first_at.get_or_insert_with(Instant::now);
            run.stop.armed = true;
        }
    }
}

impl Solver<Kilominx> for KilominxFast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn solve(
        &self,
        _puzzle: &Kilominx,
        state: &KiloState,
        limits: &Limits,
    ) -> Result<Solution<KiloMove>, SolveError> {
        self.solve_state(state, limits)
    }
}
