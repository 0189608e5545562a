//! The two-phase search over relative moves: iterative deepening in phase 1, and for each
//! phase-1 solution an iterative-deepening phase 2 bounded by the best total so far, until
//! phase 1 alone is as long as the best answer or the node budget is spent.

use super::relative::{Rel, MOVES};
use super::tables::{dist, side_half, side_parity, ud, Tables, N_CORE2, N_HC, N_SIDE, PHASE2};
use crate::twophase::coord::{self, N_SLICE};
/// Longest phase 1 searched.
pub const MAX_PHASE1: usize = 14;
/// Longest phase 2 searched.
pub const MAX_PHASE2: usize = 20;
/// How far past its estimate phase 2 may go after the shortest phase 1s.
pub const SLACK: usize = 2;
/// No previous move.
const NONE: usize = usize::MAX;

/// Why the search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Every phase-1 length that could give a shorter answer was searched.
    Done,
    /// The node budget (after a first answer) ran out.
    Budget,
    /// The caller's limit (time, nodes, cancel) stopped it.
    Limit,
}

/// One search.
pub struct Search<'a, F: FnMut(u64) -> bool> {
    t: &'a Tables,
    start: Rel,
    p1: Vec<usize>,
    p2: Vec<usize>,
    /// Best answer so far (relative moves).
    pub best: Option<Vec<usize>>,
    /// Longest answer accepted.
    pub max_length: usize,
    /// Nodes generated.
    pub nodes: u64,
    /// Nodes generated in phase 2.
    pub nodes2: u64,
    /// Phase-1 solutions tried.
    pub tried: u64,
    /// Nodes the search goes on for once it has a first answer.
    pub budget: u64,
    /// Nodes when the first answer was found.
    first_at: Option<u64>,
    /// Called every few thousand nodes with the count; `true` stops the search.
    stop_now: F,
    stopped: Option<Stop>,
    /// How far past its estimate phase 2 may go at the current phase-1 length.
    slack: usize,
}

/// Whether move `j` may follow `last`: turns of one axis commute, so they come in
/// increasing slice order, each slice once.
#[inline]
fn canonical(last: usize, j: usize) -> bool {
    last == NONE || last / 9 != j / 9 || (j / 3) % 3 > (last / 3) % 3
}

impl<'a, F: FnMut(u64) -> bool> Search<'a, F> {
    /// A search from `start`.
    pub fn new(t: &'a Tables, start: Rel, max_length: usize, budget: u64, stop_now: F) -> Self {
        Search {
            t,
            start,
            p1: Vec::new(),
            p2: Vec::new(),
            best: None,
            max_length,
            nodes: 0,
            nodes2: 0,
            tried: 0,
            budget,
            first_at: None,
            stop_now,
            stopped: None,
            slack: 0,
        }
    }

    fn h1(&self, tw: usize, fl: usize, sl: usize, cen: usize) -> usize {
        let t = self.t;
        let nc = 48;
        let a = dist(&t.twist_slice, tw * N_SLICE + sl);
        let b = dist(&t.flip_slice, fl * N_SLICE + sl);
        let c = dist(&t.twist_centres, tw * nc + cen);
        let d = dist(&t.flip_centres, fl * nc + cen);
        a.max(b).max(c).max(d) as usize
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if (self.stop_now)(self.nodes) {
                self.stopped = Some(Stop::Limit);
            } else if self
                .first_at
                .is_some_and(|f| self.nodes >= f.saturating_add(self.budget))
            {
                self.stopped = Some(Stop::Budget);
            }
        }
    }

    /// Runs the search; the best answer is in [`Search::best`].
    pub fn run(&mut self) -> Stop {
        let s = self.start;
        let tw = coord::twist(&s.cube) as usize;
        let fl = coord::flip(&s.cube) as usize;
        let sl = coord::slice(&s.cube) as usize;
        let cen = side_parity(&s.spins) * 3 + super::relative::coset(s.core);
        let h = self.h1(tw, fl, sl, cen);
        for d1 in h..=MAX_PHASE1.min(self.max_length) {
            if self.best.as_ref().is_some_and(|b| d1 >= b.len()) {
                return Stop::Done;
            }
            // Phase 2 is the expensive part when it runs far past its estimate: short
            // phase 1s get a tight phase 2, longer ones (more of them) a looser one.
            self.slack = SLACK + (d1 - h);
            self.phase1(tw, fl, sl, cen, d1, NONE);
            if let Some(why) = self.stopped {
                return why;
            }
        }
        Stop::Done
    }

    fn phase1(&mut self, tw: usize, fl: usize, sl: usize, cen: usize, left: usize, last: usize) {
        if left == 0 {
            // A phase-1 answer ending with a phase-2 move was met one move earlier.
            if tw == 0 && fl == 0 && sl == 0 && cen == 0 && (last == NONE || !PHASE2.contains(&last)) {
                self.phase2_from_here();
            }
            return;
        }
        let t = self.t;
        for j in 0..MOVES {
            if !canonical(last, j) {
                continue;
            }
            self.tick();
            let tw2 = t.twist[tw * MOVES + j] as usize;
            let fl2 = t.flip[fl * MOVES + j] as usize;
            let sl2 = t.slice[sl * MOVES + j] as usize;
            let cen2 = ((cen / 3) ^ t.parity[j] as usize) * 3 + t.coset[(cen % 3) * MOVES + j] as usize;
            if self.h1(tw2, fl2, sl2, cen2) >= left {
                continue;
            }
            self.p1.push(j);
            self.phase1(tw2, fl2, sl2, cen2, left - 1, j);
            self.p1.pop();
            if self.stopped.is_some() {
                return;
            }
        }
    }

    fn h2(&self, cp: usize, ep: usize, sp: usize, ce: usize) -> usize {
        let t = self.t;
        let u = ce / (N_SIDE * N_CORE2);
        let a = dist(&t.cperm_sperm, cp * 24 + sp);
        let b = dist(&t.eperm_sperm, ep * 24 + sp);
        let c = dist(&t.cent_sperm, ce * 24 + sp);
        let d = dist(&t.cperm_ud, cp * 16 + u);
        let e = dist(&t.eperm_ud, ep * 16 + u);
        let hc = ce % N_HC;
        let f = dist(&t.cperm_hc, cp * N_HC + hc);
        let g = dist(&t.eperm_hc, ep * N_HC + hc);
        a.max(b).max(c).max(d).max(e).max(f).max(g) as usize
    }

    fn phase2_from_here(&mut self) {
        let t = self.t;
        let mut r = self.start;
        for &j in &self.p1 {
            t.rel.apply(&mut r, j);
        }
        let core = t.core2[r.core as usize];
        if core == u8::MAX {
            return;
        }
        let cp = coord::cperm(&r.cube) as usize;
        let ep = coord::eperm(&r.cube) as usize;
        let sp = coord::sperm(&r.cube) as usize;
        let ce = (ud(&r.spins) * N_SIDE + side_half(&r.spins)) * N_CORE2 + core as usize;
        let d1 = self.p1.len();
        let limit = match &self.best {
            Some(b) => b.len().saturating_sub(1),
            None => self.max_length,
        };
        if limit < d1 {
            return;
        }
        let h = self.h2(cp, ep, sp, ce);
        let bound = (limit - d1).min(MAX_PHASE2).min(h + self.slack);
        self.tried += 1;
        let last = self.p1.last().copied().unwrap_or(NONE);
        for d2 in h..=bound {
            if self.phase2(cp, ep, sp, ce, d2, last) {
                let mut all = self.p1.clone();
                all.extend_from_slice(&self.p2);
                self.p2.clear();
                self.best = Some(all);
                self.first_at.get_or_insert(self.nodes);
                return;
            }
            if self.stopped.is_some() {
                return;
            }
        }
    }

    fn phase2(&mut self, cp: usize, ep: usize, sp: usize, ce: usize, left: usize, last: usize) -> bool {
        if left == 0 {
            return cp == 0 && ep == 0 && sp == 0 && ce == 0;
        }
        let t = self.t;
        let k2 = PHASE2.len();
        for (k, &j) in PHASE2.iter().enumerate() {
            if !canonical(last, j) {
                continue;
            }
            self.tick();
            self.nodes2 += 1;
            let cp2 = t.cperm[cp * k2 + k] as usize;
            let ep2 = t.eperm[ep * k2 + k] as usize;
            let sp2 = t.sperm[sp * k2 + k] as usize;
            let ce2 = t.cent[ce * k2 + k] as usize;
            if self.h2(cp2, ep2, sp2, ce2) >= left {
                continue;
            }
            self.p2.push(j);
            if self.phase2(cp2, ep2, sp2, ce2, left - 1, j) {
                return true;
            }
            self.p2.pop();
            if self.stopped.is_some() {
                return false;
            }
        }
        false
    }
}
