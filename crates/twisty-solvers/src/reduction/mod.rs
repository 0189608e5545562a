//! A solver for the ordinary N×N×N cube ([`twisty_core::cube_n`]) of every size, in stages
//! that each keep what the earlier ones solved.
//!
//! 0. **Centres by tables** (N = 4 to [`xcentres::MAX_TABLE_N`]): the first x-centre orbit,
//!    all the 4x4x4's centres, by three table-driven stages ([`xcentres`]) that also make
//!    the first wing orbit's permutation even.
//! 1. **Wing parity**: every wing orbit whose permutation is odd gets a quarter turn of one
//!    of its inner slices (the only moves that change it; nothing later does).
//! 2. **3x3x3 stage**: the corners (with the middle edges on odd N) are a 3x3x3 state (on
//!    even N with stand-in edges of the corners' parity); the two-phase solver
//!    ([`crate::twophase`]) solves it and its face turns are made as the outer face turns
//!    of the big cube.
//! 3. **Centres**, orbit by orbit, and 4. **edges** (the wing orbits), each with pure
//!    3-cycles ([`cycles`]): commutators that move three pieces of one orbit and nothing
//!    else, so every solved orbit, the corners and the middle edges stay solved.
//!
//! On the 4x4x4 (unless [`Reduction::with_pairing`] turns it off) the edges are paired
//! after stage 1 instead, by a beam search over sequences that keep the centres solved
//! ([`pairing`]; the 3x3x3 stage is tried after each of the [`PAIRING_CANDIDATES`]
//! shortest pairings and the shortest total kept), and the 3x3x3 stage then solves the
//! corners with the paired edges, which
//! leaves nothing for stage 4 ([`PAIRED_STAGES`]); if the pairing cannot be found the
//! stages above run as on other sizes.
//!
//! Every stage checks the time limit and the cancel flag of [`Limits`] (between orbits and
//! between the pairing's beam steps) and stops with [`SolveError::Timeout`] or
//! [`SolveError::Cancelled`].
//!
//! The same pipeline serves every N from 2 up ([`twisty_core::cube_n::MAX_N`]); the moves
//! of every stage are joined ([`simplify`]) and the answer is replayed on the input and
//! checked solved before it is returned. Each stage's moves and length (outer block turn
//! metric) are in [`SearchStats::phases`].

pub mod cycles;
pub mod pairing;
pub mod simplify;
pub mod xcentres;

#[cfg(test)]
mod tests;

use crate::solver::{verify, Limits, PhaseReport, SearchStats, Solution, SolveError, Solver};
use crate::twophase::TwoPhase;
use cycles::{Library, Orbit};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use twisty_core::cube3::{parity, Cube3, CubieCube};
use twisty_core::cube_n::{Block, CubeN, CubeNState};
use twisty_core::{Metric, Puzzle};
use web_time::Instant;
use xcentres::XCentreTables;

/// The staged N×N×N solver (see the module notes).
#[derive(Debug, Clone)]
pub struct Reduction {
    twophase: Option<TwoPhase>,
    xcentres: Option<Arc<XCentreTables>>,
    centre_tables: bool,
    pairing: bool,
    beam: usize,
}

/// Default width of the 3-cycle stages' beam search ([`cycles::CycleBook::solve`]).
pub const DEFAULT_BEAM: usize = 16;

impl Default for Reduction {
    fn default() -> Self {
        Reduction::new()
    }
}

/// The 3-cycle books of every size solved so far (built on first use, a fraction of a
/// second each).
static LIBRARIES: OnceLock<Mutex<HashMap<usize, Library>>> = OnceLock::new();

/// Names of the stages, in [`SearchStats::phases`] order.
pub const STAGES: [&str; 5] = ["centres (tables)", "wing parity", "3x3x3", "centres", "edges"];

/// Names of the stages when the 4x4x4's edges are paired before the 3x3x3 stage
/// ([`pairing`]), in [`SearchStats::phases`] order.
pub const PAIRED_STAGES: [&str; 5] = [
    "centres (tables)",
    "wing parity",
    "edge pairing",
    "3x3x3",
    "edges",
];

/// Width of the edge pairing's beam search ([`pairing::PairingBook::solve`]).
pub const PAIRING_BEAM: usize = 32;

/// How many of the shortest edge pairings the 3x3x3 stage is tried after (the shortest
/// joined total is kept).
pub const PAIRING_CANDIDATES: usize = 8;

/// The node budget of the 3x3x3 stage after each pairing candidate but the first, which
/// must beat the best total so far.
pub const CANDIDATE_NODES: u64 = 20_000;

/// The 4x4x4's pairing book (built on first use, once per process; `None` if it cannot be).
static PAIRING: OnceLock<Option<pairing::PairingBook>> = OnceLock::new();

/// The error for a stop by `limits`: the cancel flag, else the time limit.
fn stopped(limits: &Limits) -> SolveError {
    if limits.cancelled() {
        SolveError::Cancelled { deepest_bound: None }
    } else {
        SolveError::Timeout { deepest_bound: None }
    }
}

impl Reduction {
    /// The solver on the process-wide two-phase tables ([`TwoPhase::global`]).
    pub fn new() -> Reduction {
        Reduction {
            twophase: None,
            xcentres: None,
            centre_tables: true,
            pairing: true,
            beam: DEFAULT_BEAM,
        }
    }

    /// The width of the 3-cycle stages' beam search (1: greedy).
    pub fn with_beam(mut self, width: usize) -> Reduction {
        self.beam = width.max(1);
        self
    }

    /// Whether the 4x4x4's edges are paired before the 3x3x3 stage (the default; see
    /// [`pairing`]) or by 3-cycles after it, as on other sizes.
    pub fn with_pairing(mut self, on: bool) -> Reduction {
        self.pairing = on;
        self
    }

    /// The names of the stages this solver reports for a cube of size `n`.
    pub fn stage_names(&self, n: usize) -> [&'static str; 5] {
        if n == 4 && self.pairing {
            PAIRED_STAGES
        } else {
            STAGES
        }
    }

    /// Whether the first x-centre orbit (the 4x4x4's centres) is solved by table-driven
    /// search first (the default) or by 3-cycles with the others.
    pub fn with_centre_tables(mut self, on: bool) -> Reduction {
        self.centre_tables = on;
        self
    }

    /// The solver on the given two-phase solver (e.g. one loaded from the table cache).
    pub fn with_twophase(twophase: TwoPhase) -> Reduction {
        Reduction {
            twophase: Some(twophase),
            xcentres: None,
            centre_tables: true,
            pairing: true,
            beam: DEFAULT_BEAM,
        }
    }

    /// The first x-centre orbit's tables to use (e.g. loaded from the table cache) for the
    /// sizes of their parity; other sizes, and a solver not given them, use tables built in
    /// memory once per process.
    pub fn with_xcentre_tables(mut self, tables: Arc<XCentreTables>) -> Reduction {
        self.xcentres = Some(tables);
        self
    }

    fn twophase(&self) -> &TwoPhase {
        self.twophase.as_ref().unwrap_or_else(|| TwoPhase::global())
    }

    /// The moves of every stage, unjoined, for `state` (validated first).
    pub fn stages(
        &self,
        cube: &CubeN,
        state: &CubeNState,
        limits: &Limits,
    ) -> Result<Vec<(Vec<Block>, f64)>, SolveError> {
        cube.validate(state)?;
        if state.n() != cube.n {
            return Err(SolveError::Unsupported(format!(
                "a {0}x{0}x{0} state given to the {1}x{1}x{1} solver",
                state.n(),
                cube.n
            )));
        }
        let begun = Instant::now();
        let deadline = limits.deadline(begun);
        let stop = || limits.cancelled() || deadline.is_some_and(|d| Instant::now() >= d);
        let check = || if stop() { Err(stopped(limits)) } else { Ok(()) };
        let mut s = state.clone();
        let mut out = Vec::new();

        // 0. The first x-centre orbit by table-driven search (its wing parity made even).
        let clock = Instant::now();
        let pre = if self.centre_tables {
            match &self.xcentres {
                Some(t) if t.is_odd() == cube.is_odd() => t.solve(cube, &s),
                _ => xcentres::solve(cube, &s),
            }
            .unwrap_or_default()
        } else {
            Vec::new()
        };
        cube.apply_all(&mut s, &pre);
        out.push((pre, clock.elapsed().as_secs_f64()));
        check()?;

        let clock = Instant::now();

        // 1. Wing parity.
        let mut par = Vec::new();
        for k in 0..cube.wing_orbits() {
            if parity(s.wings(k)) {
                par.push(Block {
                    axis: 0,
                    lo: (k + 1) as u8,
                    hi: (k + 1) as u8,
                    angle: 0,
                });
            }
        }
        cube.apply_all(&mut s, &par);
        out.push((par, clock.elapsed().as_secs_f64()));
        check()?;

        // The 4x4x4: the edges paired now, then the 3x3x3 with its real edges.
        let paired_stages = cube.n == 4 && self.pairing;
        if paired_stages {
            let clock = Instant::now();
            let candidates = self.pair_edges(cube, &s, limits, &stop)?;
            let paired = clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            // Each candidate pairing with its 3x3x3; the shortest joined total wins. The
            // first gets the two-phase solver's default bound, the others must beat the
            // best so far, within a node budget each.
            let mut best: Option<(u32, Vec<Block>, Vec<Block>)> = None;
            for pairs in candidates.into_iter().flatten() {
                let mut t = s.clone();
                cube.apply_all(&mut t, &pairs);
                let Some(edges) = pairing::paired_edges(cube, &t) else {
                    continue;
                };
                check()?;
                let pair_len = simplify::obtm(cube, &pairs);
                let c3 = match &best {
                    None => self.solve_cube3(cube, &t, Some(edges), limits, None)?,
                    Some((total, _, _)) => {
                        let Some(room) = total.checked_sub(pair_len + 1).filter(|&r| r > 0) else {
                            continue;
                        };
                        match self.solve_cube3(cube, &t, Some(edges), limits, Some(room)) {
                            Ok(c3) => c3,
                            Err(SolveError::Timeout { .. } | SolveError::Cancelled { .. }) => {
                                check()?;
                                continue;
                            }
                            Err(_) => continue,
                        }
                    }
                };
                cube.apply_all(&mut t, &c3);
                if !cube.is_solved(&t) {
                    return Err(SolveError::Unverified);
                }
                let mut joined = pairs.clone();
                simplify::extend(&mut joined, &c3);
                let total = simplify::obtm(cube, &joined);
                if best.as_ref().is_none_or(|b| total < b.0) {
                    best = Some((total, pairs, c3));
                }
            }
            if let Some((_, pairs, c3)) = best {
                out.push((pairs, paired));
                out.push((c3, clock.elapsed().as_secs_f64()));
                out.push((Vec::new(), 0.0));
                return Ok(out);
            }
            let clock = Instant::now();
            // Not paired (the book could not): the 3-cycle stages below do it.
            out.push((Vec::new(), clock.elapsed().as_secs_f64()));
        }

        // 2. The 3x3x3 stage.
        let clock = Instant::now();
        let c3 = self.solve_cube3(cube, &s, None, limits, None)?;
        cube.apply_all(&mut s, &c3);
        let corners_home = (0..8).all(|i| s.corner_perm(i) as usize == i && s.corner_twist(i) == 0);
        let midges_home =
            !cube.is_odd() || (0..12).all(|i| s.midge_perm(i) as usize == i && s.midge_flip(i) == 0);
        if !(corners_home && midges_home) {
            return Err(SolveError::Unverified);
        }
        out.push((c3, clock.elapsed().as_secs_f64()));

        // 3. and 4. Centres, then wings, orbit by orbit.
        let libraries = LIBRARIES.get_or_init(Mutex::default);
        let orbits = [
            (0..cube.centre_orbits()).map(Orbit::Centre).collect::<Vec<_>>(),
            (0..cube.wing_orbits()).map(Orbit::Wing).collect(),
        ];
        for group in orbits {
            let clock = Instant::now();
            let mut moves = Vec::new();
            for orbit in group {
                check()?;
                let book = {
                    let mut all = libraries.lock().unwrap_or_else(|e| e.into_inner());
                    all.entry(cube.n).or_default().book(cube, orbit)
                };
                check()?;
                let m = book
                    .solve(cube, orbit, orbit.pieces(&s), self.beam)
                    .map_err(|e| {
                        SolveError::GaveUp(format!("on {:?}: no 3-cycle of the orbit helps", e.0))
                    })?;
                cube.apply_all(&mut s, &m);
                simplify::extend(&mut moves, &m);
            }
            out.push((moves, clock.elapsed().as_secs_f64()));
        }
        if !cube.is_solved(&s) {
            return Err(SolveError::Unverified);
        }
        if paired_stages {
            // The stage list of the pairing: the 3-cycle centres (none on the 4x4x4) and
            // edges as one.
            if let Some((edges, t)) = out.pop() {
                if let Some(last) = out.last_mut() {
                    simplify::extend(&mut last.0, &edges);
                    last.1 += t;
                }
            }
        }
        Ok(out)
    }

    /// The 4x4x4's edge pairing of `s` ([`pairing`]): `Ok(None)` when the book cannot pair
    /// them (the 3-cycle stages then do), the time-limit or cancel error when `stop` says so.
    fn pair_edges(
        &self,
        cube: &CubeN,
        s: &CubeNState,
        limits: &Limits,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Vec<Vec<Block>>>, SolveError> {
        let book = PAIRING.get_or_init(|| {
            let libraries = LIBRARIES.get_or_init(Mutex::default);
            let cycles = {
                let mut all = libraries.lock().unwrap_or_else(|e| e.into_inner());
                all.entry(cube.n).or_default().book(cube, Orbit::Wing(0))
            };
            pairing::PairingBook::build(cube, &cycles, pairing::BOOK_DEPTH).ok()
        });
        let Some(book) = book else {
            return Ok(None);
        };
        match book.solve_many(cube, s, PAIRING_BEAM, PAIRING_CANDIDATES, stop) {
            Ok(Some(m)) => Ok(Some(m)),
            Ok(None) => Err(stopped(limits)),
            Err(_) => Ok(None),
        }
    }

    /// Outer face turns that solve the corners (and middle edges) of `s`; with `within`,
    /// in at most that many turns and [`CANDIDATE_NODES`] search nodes (else an error).
    fn solve_cube3(
        &self,
        cube: &CubeN,
        s: &CubeNState,
        edges: Option<([u8; 12], [u8; 12])>,
        limits: &Limits,
        within: Option<u32>,
    ) -> Result<Vec<Block>, SolveError> {
        let cp: [u8; 8] = std::array::from_fn(|i| s.corner_perm(i));
        let co: [u8; 8] = std::array::from_fn(|i| s.corner_twist(i));
        let (mut ep, mut eo): ([u8; 12], [u8; 12]) = (std::array::from_fn(|i| i as u8), [0; 12]);
        if let Some((p, o)) = edges {
            (ep, eo) = (p, o);
        } else if cube.is_odd() {
            ep = std::array::from_fn(|i| s.midge_perm(i));
            eo = std::array::from_fn(|i| s.midge_flip(i));
        } else if parity(&cp) {
            ep.swap(0, 1);
        }
        let c = CubieCube::from_parts(cp, co, ep, eo).ok_or(SolveError::Unverified)?;
        let sub = Limits {
            metric: Metric::Htm,
            timeout: limits.timeout,
            cancel: limits.cancel.clone(),
            threads: Some(1),
            max_length: within,
            max_nodes: within.map(|_| CANDIDATE_NODES),
            ..Limits::default()
        };
        let sol = self.twophase().solve(&Cube3, &c, &sub)?;
        // Turned on the cube as held: on even N a turn of L, D or B turns the reference
        // frame (the DBL corner stays home), and the model takes care of the rest.
        let physical: Vec<Block> = sol
            .moves
            .iter()
            .map(|m| {
                cube.face_block(m.face(), 1, m.amount())
                    .ok_or(SolveError::Unverified)
            })
            .collect::<Result<_, _>>()?;
        Ok(cycles::to_reference(cube, &physical))
    }
}

impl Solver<CubeN> for Reduction {
    fn name(&self) -> &'static str {
        "reduction"
    }

    fn solve(
        &self,
        cube: &CubeN,
        state: &CubeNState,
        limits: &Limits,
    ) -> Result<Solution<Block>, SolveError> {
        let start = Instant::now();
        let stages = self.stages(cube, state, limits)?;
        let mut moves = Vec::new();
        let mut phases = Vec::new();
        for ((m, seconds), name) in stages.iter().zip(self.stage_names(cube.n)) {
            simplify::extend(&mut moves, m);
            phases.push(PhaseReport {
                name: name.to_string(),
                moves: cube.format_moves(m),
                length: simplify::obtm(cube, m),
                nodes: 0,
                seconds: *seconds,
            });
        }
        verify(cube, state, &moves)?;
        Ok(Solution {
            length: cube.length(&moves, limits.metric),
            optimal: false,
            stats: SearchStats {
                elapsed: start.elapsed(),
                phases,
                ..SearchStats::default()
            },
            moves,
        })
    }
}
