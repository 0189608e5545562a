//! The short-answer pass: an IDA* over all 18 face moves up to [`SHORT_DEPTH`] moves, run
//! before the two-phase search so that a short input gets an optimal answer.
//!
//! The estimate is admissible for the whole cube: the phase-1 distance estimate (the
//! largest of the three phase-1 tables and the twist × flip table of the `y`-conjugated
//! state) taken in each of the three axis frames — reaching the phase-2 subgroup of any
//! axis is part of solving — and, when the solver has it, the corner database (8!·3⁷
//! entries, 4 bits each, shared with the optimal solver's cache file). A node is five
//! phase-1 coordinates per frame (and two corner coordinates), advanced by move tables; a
//! node whose estimate is zero at the bound is checked on its cubie cube.
//!
//! With the perimeter (every position within six moves, see [`super::perimeter`]) the
//! root is looked up first (an answer of at most six moves is read off the table), and a
//! bound `b` searches only `b − 6` moves deep: there each node's cube is looked up, and it
//! is solved within the bound exactly when it lies in the perimeter.
//!
//! Since the bound grows one move at a time from the root's estimate, the first solution
//! found is optimal, and a pass that ends without one within depth `d` proves that none
//! exists within `d`. The pass stops early at a node budget ([`SHORT_NODES`]).

use super::coord::{self, N_SLICE};
use super::perimeter::{Perimeter, TableBytes, PERIMETER_DEPTH};
use super::sym1::N_SYM1;
use super::tables::Tables;
use crate::optimal::cube3::coords::{self as ocoords, TWISTS};
use std::sync::atomic::Ordering;
use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_search::packed::Nibbles;
use web_time::Instant;

/// Deepest bound of the short-answer pass.
pub const SHORT_DEPTH: usize = 12;

/// Node budget of the short-answer pass.
pub const SHORT_NODES: u64 = 3_000_000;

/// The corner database with its two move tables (original frame).
#[derive(Debug)]
pub struct CornerDb {
    /// Corner permutation move table, `[perm · 18 + move]`.
    pub perm_move: Vec<u16>,
    /// Corner twist move table, `[twist · 18 + move]`.
    pub twist_move: Vec<u16>,
    /// 4-bit distances, index `perm · 2187 + twist`.
    pub data: TableBytes,
}

impl CornerDb {
    /// The database's distance of a corner permutation and twist.
    #[inline]
    fn get(&self, perm: u16, twist: u16) -> u8 {
        Nibbles(self.data.bytes()).get(perm as u64 * TWISTS + twist as u64)
    }
}

/// The phase-1 coordinates of one axis frame.
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    twist: u16,
    flip: u16,
    slice: u16,
    twist_c: u16,
    flip_c: u16,
}

/// A node: three frames and the corner coordinates.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    frames: [Frame; 3],
    cube: CubieCube,
    cperm: u16,
    ctwist: u16,
}

/// How the pass ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShortResult {
    /// An optimal solution (of at most the pass's depth).
    Found(Vec<Cube3Move>),
    /// No solution within the depth: the optimum is longer.
    Longer,
    /// The node or time budget ran out, or the search was cancelled.
    Stopped,
}

/// One run of the pass.
pub(crate) struct ShortSearch<'a> {
    tables: &'a Tables,
    corners: Option<&'a CornerDb>,
    perimeter: Option<&'a Perimeter>,
    /// The solution found.
    found: Vec<Cube3Move>,
    /// `frame_of[a][m]`: the frame-`a` move standing for original move `m`.
    frame_of: [[u8; 18]; 3],
    start: CubieCube,
    path: [u8; SHORT_DEPTH],
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a std::sync::atomic::AtomicBool>,
}

impl<'a> ShortSearch<'a> {
    /// A pass on `tables` (and the corner database, if any).
    pub(crate) fn new(
        tables: &'a Tables,
        corners: Option<&'a CornerDb>,
        perimeter: Option<&'a Perimeter>,
    ) -> ShortSearch<'a> {
        let mut frame_of = [[0u8; 18]; 3];
        for (a, f) in tables.frame_moves.iter().enumerate() {
            for (m_frame, &m) in f.iter().enumerate() {
                frame_of[a][m as usize % 18] = m_frame as u8;
            }
        }
        ShortSearch {
            tables,
            corners,
            perimeter,
            found: Vec::new(),
            frame_of,
            start: CubieCube::SOLVED,
            path: [0; SHORT_DEPTH],
            nodes: 0,
            max_nodes: SHORT_NODES,
            deadline: None,
            cancel: None,
        }
    }

    /// Sets the node budget, the deadline and the cancel flag.
    pub(crate) fn with_budget(
        mut self,
        max_nodes: u64,
        deadline: Option<Instant>,
        cancel: Option<&'a std::sync::atomic::AtomicBool>,
    ) -> Self {
        self.max_nodes = max_nodes;
        self.deadline = deadline;
        self.cancel = cancel;
        self
    }

    /// Nodes generated.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn frame(&self, c: &CubieCube) -> Frame {
        let t = self.tables;
        let conj = t.conj_y.multiply(c).multiply(&t.conj_y.inverse());
        Frame {
            twist: coord::twist(c),
            flip: coord::flip(c),
            slice: coord::slice(c),
            twist_c: coord::twist(&conj),
            flip_c: coord::flip(&conj),
        }
    }

    fn root(&self, c: &CubieCube) -> Node {
        Node {
            frames: std::array::from_fn(|a| self.frame(&self.tables.to_frame(c, a))),
            cube: *c,
            cperm: ocoords::corner_perm(c),
            ctwist: ocoords::twist(c),
        }
    }

    /// The estimate of a node.
    #[inline]
    fn h(&self, n: &Node) -> usize {
        let p = &self.tables.phase1;
        let mut h = self.corners.map_or(0, |db| db.get(n.cperm, n.ctwist));
        for f in &n.frames {
            let [a, b, c] = p.distances(f.twist, f.flip, f.slice);
            h = h.max(a).max(b).max(c).max(p.twist_flip(f.twist_c, f.flip_c));
        }
        h as usize
    }

    /// The node after original move `m`, or `None` when its estimate exceeds `togo`.
    #[inline]
    fn step(&self, n: &Node, m: usize, togo: usize) -> Option<Node> {
        let t = self.tables;
        let p = &t.phase1;
        let mut out = *n;
        let mut h = 0u8;
        if let Some(db) = self.corners {
            out.cperm = db.perm_move[n.cperm as usize * 18 + m];
            out.ctwist = db.twist_move[n.ctwist as usize * 18 + m];
            h = db.get(out.cperm, out.ctwist);
            if h as usize > togo {
                return None;
            }
        }
        for (a, f) in n.frames.iter().enumerate() {
            let mf = self.frame_of[a][m] as usize;
            let twist = t.twist_move[f.twist as usize * 18 + mf];
            let slice = t.slice_move[f.slice as usize * 18 + mf];
            let ts = p.twist.raw_to_sym[twist as usize] as usize;
            let d = p
                .twist_slice_prune
                .get((ts >> 3) * N_SLICE + p.slice_conj[slice as usize * N_SYM1 + (ts & 7)] as usize);
            if d as usize > togo {
                return None;
            }
            let flip = t.flip_move[f.flip as usize * 18 + mf];
            let mc = t.conj_moves[mf] as usize;
            let twist_c = t.twist_move[f.twist_c as usize * 18 + mc];
            let flip_c = t.flip_move[f.flip_c as usize * 18 + mc];
            let [_, b, c] = p.distances(twist, flip, slice);
            let e = p.twist_flip(twist_c, flip_c);
            h = h.max(d).max(b).max(c).max(e);
            if h as usize > togo {
                return None;
            }
            out.frames[a] = Frame {
                twist,
                flip,
                slice,
                twist_c,
                flip_c,
            };
        }
        if self.perimeter.is_some() {
            out.cube = n.cube.after(Cube3Move::ALL[m % 18]);
        }
        Some(out)
    }

    /// Runs the pass on `state` up to `depth` moves (at most [`SHORT_DEPTH`]).
    pub(crate) fn run(&mut self, state: &CubieCube, depth: usize) -> ShortResult {
        let depth = depth.min(SHORT_DEPTH);
        self.start = *state;
        self.nodes = 0;
        if *state == CubieCube::SOLVED {
            return ShortResult::Found(Vec::new());
        }
        let root = self.root(state);
        let mut h0 = self.h(&root).max(1);
        if let Some(p) = self.perimeter {
            // Within the perimeter the table answers; outside it the optimum is longer.
            if let Some(moves) = p.path(state) {
                return if moves.len() <= depth {
                    ShortResult::Found(moves)
                } else {
                    ShortResult::Longer
                };
            }
            h0 = h0.max(PERIMETER_DEPTH + 1);
        }
        for bound in h0..=depth {
            match self.dfs(&root, 0, bound, 6) {
                Some(true) => return ShortResult::Found(std::mem::take(&mut self.found)),
                Some(false) => {}
                None => return ShortResult::Stopped,
            }
        }
        ShortResult::Longer
    }

    /// Whether the path of length `bound` solves the start; if so it is kept.
    fn solves(&mut self, g: usize, tail: &[Cube3Move]) -> bool {
        let mut c = self.start;
        let moves = self.path[..g]
            .iter()
            .map(|&m| Cube3Move::ALL[m as usize % 18])
            .chain(tail.iter().copied());
        self.found.clear();
        for m in moves {
            c.apply_move(m);
            self.found.push(m);
        }
        c == CubieCube::SOLVED
    }

    /// Depth-first step: `Some(true)` when solved (kept in `self.found`), `None` when the
    /// budget ran out.
    fn dfs(&mut self, n: &Node, g: usize, bound: usize, last: u8) -> Option<bool> {
        if let Some(p) = self.perimeter {
            if g + PERIMETER_DEPTH == bound {
                // The perimeter holds every position within its depth: look the node up.
                return Some(match p.path(&n.cube) {
                    Some(tail) => self.solves(g, &tail),
                    None => false,
                });
            }
        }
        if g == bound {
            return Some(self.solves(g, &[]));
        }
        let togo = bound - g - 1;
        for m in 0..18u8 {
            let face = m / 3;
            if last < 6 && (last == face || (last % 3 == face % 3 && face < last)) {
                continue;
            }
            self.nodes += 1;
            if self.nodes & 0xfff == 0 && self.out_of_budget() {
                return None;
            }
            let Some(next) = self.step(n, m as usize, togo) else {
                continue;
            };
            self.path[g] = m;
            if self.dfs(&next, g + 1, bound, face)? {
                return Some(true);
            }
        }
        Some(false)
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.max_nodes
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

impl CornerDb {
    /// Builds the corner database and its move tables (both cores; a progress bar on stderr
    /// when `progress` is set).
    pub fn build(progress: bool) -> CornerDb {
        let maps = ocoords::MoveMaps::new();
        CornerDb {
            perm_move: ocoords::corner_perm_table(&maps),
            twist_move: ocoords::twist_table(&maps),
            data: TableBytes::Owned(crate::optimal::cube3::pdb::build_corners(&maps, progress)),
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.data.bytes().len() + 2 * (self.perm_move.len() + self.twist_move.len())
    }
}
