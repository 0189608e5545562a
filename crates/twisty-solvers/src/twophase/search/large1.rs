//! Phase 1 on the full phase-1 table (the large-table mode, see [`crate::twophase::large`]).
//!
//! The node's exact phase-1 distance `h` is known (from the walk down at the start, then
//! from each parent), and each child's follows from its 2-bit entry. A child is kept only
//! when its distance is below the moves left after it, so no path that cannot reach the
//! subgroup at the phase-1 length is walked at all; the small tables' cuts (a quarter turn
//! too far rules out its face) apply unchanged, as the distances are exact.

use super::{may_follow, Flow, SearchContext, Stop, P1};
use crate::twophase::coord::N_FLIP;
use crate::twophase::large::down::DownMoves;
use crate::twophase::large::{symmove, Phase1Full};
use crate::twophase::tables::Tables;

impl SearchContext {
    /// Starts phase 1 on `x` (small-table estimate `h`, at most `depth1`): on the full
    /// table when the tables have one, otherwise on the small tables.
    /// `t` are the context's own tables.
    pub(super) fn start_phase1(&mut self, t: &Tables, x: P1, h: u8) -> Result<Flow, Stop> {
        let Some(big) = t.large.as_deref() else {
            return self.phase1(x, h, self.depth1, 6);
        };
        let max = self.depth1.min(u8::MAX as usize) as u8;
        match big.distance_at_most(t, x.twist, x.flip, x.slice, max) {
            Some(d) => {
                let fs = big.sym.raw_to_sym[x.slice as usize * N_FLIP + x.flip as usize];
                self.phase1_large(big, t, x.twist, fs, d, self.depth1, 6)
            }
            // Farther than the phase-1 length (the loader checked the table walks).
            None => Ok(Flow::Next),
        }
    }

    /// Phase-1 IDA* step on exact distances: the node's raw twist, flip-slice class and
    /// symmetry `fs` (see [`crate::twophase::large::symmove`]) and distance `h`, `togo`
    /// moves left of `depth1`, `last` the last face (6 = none).
    #[allow(clippy::too_many_arguments)]
    fn phase1_large(
        &mut self,
        big: &Phase1Full,
        t: &Tables,
        twist: u16,
        fs: u32,
        h: u8,
        togo: usize,
        last: u8,
    ) -> Result<Flow, Stop> {
        let done = self.depth1 - togo;
        if self.is_unit(done, h == 0 && togo < 5) {
            if !self.owns_unit() {
                return Ok(Flow::Next);
            }
            return self
                .phase1_large_unit(big, t, twist, fs, h, togo, last)
                .map(super::split::unit_flow);
        }
        self.phase1_large_unit(big, t, twist, fs, h, togo, last)
    }

    /// [`Self::phase1_large`] past the thread's share test.
    #[allow(clippy::too_many_arguments)]
    fn phase1_large_unit(
        &mut self,
        big: &Phase1Full,
        t: &Tables,
        twist: u16,
        fs: u32,
        h: u8,
        togo: usize,
        last: u8,
    ) -> Result<Flow, Stop> {
        if h == 0 && togo < 5 {
            return self.end_phase1(togo);
        }
        let done = self.depth1 - togo;
        if togo == h as usize {
            if let Some(down) = &big.down {
                return self.phase1_tight(big, down, t, twist, fs, h, togo, last);
            }
        }
        // The children's flip-slice classes come from one row of the class move table;
        // every child's entry is read before any is used, so the reads (mostly cache
        // misses) overlap.
        let kids = big.moves.steps(fs);
        let twists: &[u16] = &t.twist_move[twist as usize * 18..twist as usize * 18 + 18];
        let mut idx = [0usize; 18];
        for (mi, i) in idx.iter_mut().enumerate() {
            if last < 6 && !may_follow(last, mi as u8 / 3) {
                continue;
            }
            *i = symmove::index(&big.sym, kids[mi], twists[mi]);
        }
        let vals = idx.map(|i| big.entry(i));
        for face in 0..6u8 {
            if last < 6 && !may_follow(last, face) {
                continue;
            }
            for power in 0..3u8 {
                let m = face * 3 + power;
                let mi = m as usize;
                self.tick()?;
                let d = Phase1Full::next_distance(h, vals[mi]);
                // A turn of this face too far rules out the others (one move from it).
                if d as usize > togo {
                    break;
                } else if d as usize == togo {
                    continue;
                }
                self.p1[done] = m;
                self.valid1 = self.valid1.min(done);
                match self.phase1_large(big, t, twists[mi], kids[mi], d, togo - 1, face)? {
                    Flow::Done => return Ok(Flow::Done),
                    Flow::NextFace => break,
                    Flow::Next => {}
                }
            }
        }
        Ok(Flow::Next)
    }

    /// A node exactly its distance from the end of the phase-1 length (`togo == h`): only
    /// the moves that come closer can be followed, read from its own entry of the
    /// closer-move table; their entries are fetched before the first is searched.
    #[allow(clippy::too_many_arguments)]
    fn phase1_tight(
        &mut self,
        big: &Phase1Full,
        down: &DownMoves,
        t: &Tables,
        twist: u16,
        fs: u32,
        h: u8,
        togo: usize,
        last: u8,
    ) -> Result<Flow, Stop> {
        let done = self.depth1 - togo;
        let mut mask = down.mask(
            &big.moves,
            symmove::index(&big.sym, fs, twist),
            (fs & 15) as usize,
        );
        if last < 6 {
            for face in 0..6u8 {
                if !may_follow(last, face) {
                    mask &= !(7 << (face * 3));
                }
            }
        }
        let mut kids = [(0u16, 0u32); 18];
        let mut rest = mask;
        while rest != 0 {
            let m = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let k = (t.twist_move[twist as usize * 18 + m], big.moves.step(fs, m));
            down.prefetch(symmove::index(&big.sym, k.1, k.0));
            kids[m] = k;
        }
        let mut rest = mask;
        let mut skip_face = 6u8;
        while rest != 0 {
            let m = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let face = m / 3;
            if face == skip_face {
                continue;
            }
            self.tick()?;
            self.p1[done] = m;
            self.valid1 = self.valid1.min(done);
            let (kt, kf) = kids[m as usize];
            match self.phase1_large(big, t, kt, kf, h - 1, togo - 1, face)? {
                Flow::Done => return Ok(Flow::Done),
                Flow::NextFace => skip_face = face,
                Flow::Next => {}
            }
        }
        Ok(Flow::Next)
    }
}
