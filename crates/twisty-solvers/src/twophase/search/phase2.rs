//! Phase 2 of the two-phase search: its coordinates and estimate, the search from the end
//! of phase 1, and the solution's assembly.

use super::{may_follow, push_merged, Flow, SearchContext, Stop, MAX_MOVES, P2};
use crate::twophase::coord::{self, N_CCOMBP, N_SPERM};
use crate::twophase::sym::N_SYM;
use crate::twophase::tables::PHASE2_MOVES;
use std::sync::atomic::Ordering;
use twisty_core::cube3::{Cube3Move, CubieCube};

impl SearchContext {
    /// The phase-2 coordinates of a cube.
    #[inline]
    pub(super) fn coords2(&self, c: &CubieCube) -> P2 {
        let p = &self.tables.phase2;
        let cs = p.corners.raw_to_sym[coord::cperm(c) as usize];
        let es = p.edges.raw_to_sym[coord::eperm(c) as usize];
        P2 {
            corner: cs >> 4,
            csym: (cs & 15) as u8,
            edge: es >> 4,
            esym: (es & 15) as u8,
            sperm: coord::sperm(c) as u8,
            ccombp: coord::ccombp(c) as u8,
        }
    }

    /// The three table distances of a phase-2 state: corner × slice, edge × slice and edge
    /// × corner combination.
    #[inline]
    pub(super) fn distances2(&self, x: &P2) -> [usize; 3] {
        let p = &self.tables.phase2;
        let sp = x.sperm as usize * N_SYM;
        let cc = p.ccombp_conj[x.ccombp as usize * N_SYM + x.esym as usize] as usize;
        [
            p.corner_sperm_prune
                .get(x.corner as usize * N_SPERM + p.sperm_conj[sp + x.csym as usize] as usize),
            p.edge_sperm_prune
                .get(x.edge as usize * N_SPERM + p.sperm_conj[sp + x.esym as usize] as usize),
            p.edge_ccombp_prune.get(x.edge as usize * N_CCOMBP + cc),
        ]
        .map(usize::from)
    }

    /// The same three distances for the inverse of the state (the same moves, inverted and
    /// reversed, solve both).
    #[inline]
    pub(super) fn inverse_distances2(&self, x: &P2) -> [usize; 3] {
        let p = &self.tables.phase2;
        // The inverse state: corners s⁻¹·R⁻¹·s with R⁻¹ = u⁻¹·Ri·u, so class Ri and
        // symmetry u·s; likewise the edges.
        let ci = p.corners.inverse[x.corner as usize];
        let wc = p.sym_mult[(ci & 15) as usize][x.csym as usize] as usize;
        let ei = p.edges.inverse[x.edge as usize];
        let we = p.sym_mult[(ei & 15) as usize][x.esym as usize] as usize;
        let spi = p.sperm_inv[x.sperm as usize] as usize * N_SYM;
        let (ci, ei) = ((ci >> 4) as usize, (ei >> 4) as usize);
        let v = p.sym_mult[we][p.sym_inv[wc] as usize] as usize;
        let cci = p.ccombp_conj[p.class_ccombp[ci] as usize * N_SYM + v] as usize;
        [
            p.corner_sperm_prune
                .get(ci * N_SPERM + p.sperm_conj[spi + wc] as usize),
            p.edge_sperm_prune
                .get(ei * N_SPERM + p.sperm_conj[spi + we] as usize),
            p.edge_ccombp_prune.get(ei * N_CCOMBP + cci),
        ]
        .map(usize::from)
    }

    /// Whether the phase-2 estimate of `x` (the largest of the state's and its inverse's
    /// table distances) is below `togo`. The same lookups as [`Self::distances2`] and
    /// [`Self::inverse_distances2`], each made only when the ones before it pass.
    #[inline(always)]
    pub(super) fn h2_below(&self, x: &P2, togo: usize) -> bool {
        let p = &self.tables.phase2;
        let sp = x.sperm as usize * N_SYM;
        let (corner, edge) = (x.corner as usize, x.edge as usize);
        if p.corner_sperm_prune
            .get(corner * N_SPERM + p.sperm_conj[sp + x.csym as usize] as usize) as usize
            >= togo
            || p.edge_sperm_prune
                .get(edge * N_SPERM + p.sperm_conj[sp + x.esym as usize] as usize) as usize
                >= togo
        {
            return false;
        }
        let cc = p.ccombp_conj[x.ccombp as usize * N_SYM + x.esym as usize] as usize;
        if p.edge_ccombp_prune.get(edge * N_CCOMBP + cc) as usize >= togo {
            return false;
        }
        let ci = p.corners.inverse[corner];
        let wc = p.sym_mult[(ci & 15) as usize][x.csym as usize] as usize;
        let spi = p.sperm_inv[x.sperm as usize] as usize * N_SYM;
        let ci = (ci >> 4) as usize;
        if p.corner_sperm_prune
            .get(ci * N_SPERM + p.sperm_conj[spi + wc] as usize) as usize
            >= togo
        {
            return false;
        }
        let ei = p.edges.inverse[edge];
        let we = p.sym_mult[(ei & 15) as usize][x.esym as usize] as usize;
        let ei = (ei >> 4) as usize;
        if p.edge_sperm_prune
            .get(ei * N_SPERM + p.sperm_conj[spi + we] as usize) as usize
            >= togo
        {
            return false;
        }
        let v = p.sym_mult[we][p.sym_inv[wc] as usize] as usize;
        let cci = p.ccombp_conj[p.class_ccombp[ci] as usize * N_SYM + v] as usize;
        (p.edge_ccombp_prune.get(ei * N_CCOMBP + cci) as usize) < togo
    }

    /// The phase-2 estimate of `x`.
    pub(super) fn h2(&self, x: &P2) -> usize {
        let [a, b, c] = self.distances2(x);
        let [d, e, f] = self.inverse_distances2(x);
        a.max(b).max(c).max(d).max(e).max(f)
    }

    /// The phase-2 state after phase-2 move `j` (0..10).
    #[inline]
    pub(super) fn step2(&self, x: &P2, j: usize) -> P2 {
        let t = &self.tables;
        let p = &t.phase2;
        // c = s⁻¹·R·s, so c·m = s⁻¹·(R·m')·s with m' = s·m·s⁻¹; R·m' = t⁻¹·R'·t from the
        // class move table, so the new symmetry is t·s.
        let mc = p.sym_move[x.csym as usize][j] as usize;
        let pc = p.corners.moves[x.corner as usize * 10 + mc];
        let me = p.sym_move[x.esym as usize][j] as usize;
        let pe = p.edges.moves[x.edge as usize * 10 + me];
        P2 {
            corner: pc >> 4,
            csym: p.sym_mult[(pc & 15) as usize][x.csym as usize],
            edge: pe >> 4,
            esym: p.sym_mult[(pe & 15) as usize][x.esym as usize],
            sperm: t.sperm_move[x.sperm as usize * 10 + j] as u8,
            ccombp: t.ccombp_move[x.ccombp as usize * 10 + j] as u8,
        }
    }

    /// At the end of phase 1: the phase-2 coordinates of the reached state (and, after
    /// pre-moves, of the state with the last pre-move inverted), then phase 2.
    pub(super) fn init_phase2(&mut self) -> Result<Flow, Stop> {
        if self.have_solution && self.improve_until.is_none() && self.phase2_probes >= self.min_probes {
            // The probe budget for shorter solutions is spent: return the best one.
            return Ok(Flow::Done);
        }
        self.phase2_probes += 1;
        let d1 = self.depth1;
        for i in self.valid1..d1 {
            let mv = Cube3Move::ALL[self.p1[i] as usize];
            self.p1_cubes[i + 1] = self.p1_cubes[i].after(mv);
        }
        self.valid1 = d1;
        let c = self.p1_cubes[d1];
        let first = self.coords2(&c);
        let h_first = self.h2(&first);
        // With pre-moves, the last one (a clockwise quarter turn X) may as well be X'.
        let (second, h_second) = if self.pre_len > 0 {
            let x2 = self.pre[self.pre_len - 1] + 1;
            let c2 = CubieCube::of_move(Cube3Move::ALL[x2 as usize]).multiply(&c);
            let s = self.coords2(&c2);
            (s, self.h2(&s))
        } else {
            (first, usize::MAX)
        };
        let h = h_first.min(h_second);
        if h > self.max_depth2 {
            return Ok(if h >= self.max_depth2 + 2 {
                Flow::NextFace
            } else {
                Flow::Next
            });
        }
        let last = if d1 > 0 { self.p1[d1 - 1] / 3 } else { 6 };
        let mut depth2 = self.max_depth2;
        let mut found = false;
        loop {
            let mut spare = None;
            let mut flipped = false;
            if h_first <= depth2 {
                spare = self.phase2(first, depth2, 0, last)?;
            }
            if spare.is_none() && h_second <= depth2 {
                spare = self.phase2(second, depth2, 0, last)?;
                flipped = true;
            }
            let Some(spare) = spare else { break };
            let d2 = depth2 - spare;
            self.record(d2, flipped);
            self.have_solution = true;
            found = true;
            if self.solution_len == 0 || d2 == 0 {
                break;
            }
            depth2 = d2 - 1;
            if depth2 < h {
                break;
            }
        }
        if !found {
            return Ok(Flow::Next);
        }
        if self.solution_len == 0 {
            self.exhausted = true;
            return Ok(Flow::Done);
        }
        if self.improve_until.is_none() && self.phase2_probes >= self.min_probes {
            return Ok(Flow::Done);
        }
        if let Some(b) = &self.shared_best {
            b.fetch_min(self.solution_len, Ordering::Relaxed);
        }
        // Search on for a strictly shorter solution.
        self.max_length = self.max_length.min(self.solution_len - 1);
        self.max_depth2 = self.cap2.min(self.max_length.saturating_sub(self.length1));
        if self.length1 > self.max_length {
            // Every shorter total was searched at the shorter phase-1 lengths before.
            self.exhausted = true;
            return Ok(Flow::Done);
        }
        Ok(Flow::Next)
    }

    /// Phase-2 depth-first step on (corner perm, U/D edge perm, slice perm, corner comb +
    /// parity) with `togo` moves left; returns how many were left unused on success.
    pub(super) fn phase2(
        &mut self,
        x: P2,
        togo: usize,
        done: usize,
        last: u8,
    ) -> Result<Option<usize>, Stop> {
        if x.corner == 0 && x.edge == 0 && x.sperm == 0 {
            return Ok(Some(togo));
        }
        if togo == 0 {
            return Ok(None);
        }
        for (j, &m) in PHASE2_MOVES.iter().enumerate() {
            let face = m / 3;
            if last < 6 && !may_follow(last, face) {
                continue;
            }
            self.tick()?;
            self.nodes2 += 1;
            let next = self.step2(&x, j);
            if !self.h2_below(&next, togo) {
                continue;
            }
            self.p2[done] = m;
            if let Some(spare) = self.phase2(next, togo - 1, done + 1, face)? {
                return Ok(Some(spare));
            }
        }
        Ok(None)
    }

    /// Stores the solution of the current search (phase 1, `d2` phase-2 moves, then the
    /// pre-moves from the last chosen to the first, the last one inverted when `flipped`),
    /// mapped back to the original frame and, for the inverse searches, inverted.
    pub(super) fn record(&mut self, d2: usize, flipped: bool) {
        let d1 = self.depth1;
        let mut moves = [0u8; MAX_MOVES];
        let mut n = 0;
        for i in 0..d1 + d2 {
            let m = if i < d1 { self.p1[i] } else { self.p2[i - d1] };
            push_merged(&mut moves, &mut n, m);
        }
        for i in (0..self.pre_len).rev() {
            let mut q = self.pre[i];
            if flipped && i == self.pre_len - 1 {
                q += 2;
            }
            push_merged(&mut moves, &mut n, q);
        }
        let frame = &self.tables.frame_moves[self.variant / 2];
        let inverse = self.variant % 2 == 1;
        for (i, &m) in moves[..n].iter().enumerate() {
            let mv = Cube3Move::ALL[frame[m as usize] as usize];
            if inverse {
                self.solution[n - 1 - i] = mv.inverse();
            } else {
                self.solution[i] = mv;
            }
        }
        self.solution_len = n;
    }
}
