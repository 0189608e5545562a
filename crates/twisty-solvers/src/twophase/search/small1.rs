//! Phase 1 on the small tables: the estimate is the largest of the pair tables' distances
//! (and the conjugated twist × flip), a lower bound, so the search walks some paths that
//! cannot reach the subgroup in time (the large-table mode, [`super::large1`], walks none).

use super::{may_follow, split, Flow, SearchContext, Stop, P1};
use crate::twophase::coord::{self, N_FLIP, N_SLICE};
use crate::twophase::sym1::N_SYM1;
use twisty_core::cube3::CubieCube;

impl SearchContext {
    /// The phase-1 coordinates of a cube.
    pub(super) fn coords1(&self, c: &CubieCube) -> P1 {
        let t = &self.tables;
        let conj = t.conj_y.multiply(c).multiply(&t.conj_y.inverse());
        P1 {
            twist: coord::twist(c),
            flip: coord::flip(c),
            slice: coord::slice(c),
            twist_c: coord::twist(&conj),
            flip_c: coord::flip(&conj),
        }
    }

    /// The phase-1 estimate: the largest of the three table distances and the twist ×
    /// flip distance of the conjugated state.
    #[inline]
    pub(super) fn h1(&self, x: &P1) -> u8 {
        let p = &self.tables.phase1;
        let [a, b, c] = p.distances(x.twist, x.flip, x.slice);
        a.max(b).max(c).max(p.twist_flip(x.twist_c, x.flip_c))
    }

    /// Phase-1 IDA* step: the node's coordinates and estimate `h`, `togo` moves left of
    /// `depth1`, `last` the last face (6 = none).
    pub(super) fn phase1(&mut self, x: P1, h: u8, togo: usize, last: u8) -> Result<Flow, Stop> {
        let done = self.depth1 - togo;
        if self.is_unit(done, h == 0 && togo < 5) {
            if !self.owns_unit() {
                return Ok(Flow::Next);
            }
            return self.phase1_unit(x, h, togo, last).map(split::unit_flow);
        }
        self.phase1_unit(x, h, togo, last)
    }

    /// [`Self::phase1`] past the thread's share test.
    fn phase1_unit(&mut self, x: P1, h: u8, togo: usize, last: u8) -> Result<Flow, Stop> {
        if h == 0 && togo < 5 {
            return self.end_phase1(togo);
        }
        let done = self.depth1 - togo;
        for face in 0..6u8 {
            if last < 6 && !may_follow(last, face) {
                continue;
            }
            for power in 0..3u8 {
                let m = face * 3 + power;
                let mi = m as usize;
                self.tick()?;
                let t = &self.tables;
                let p = &t.phase1;
                // Cheapest test first; a value above `togo` rules out the whole face.
                let nt = t.twist_move[x.twist as usize * 18 + mi];
                let ns = t.slice_move[x.slice as usize * 18 + mi] as usize * N_SYM1;
                let ts = p.twist.raw_to_sym[nt as usize] as usize;
                let (tc, tsym) = (ts >> 3, ts & 7);
                let a = p
                    .twist_slice_prune
                    .get(tc * N_SLICE + p.slice_conj[ns + tsym] as usize) as usize;
                if a > togo {
                    break;
                } else if a == togo {
                    continue;
                }
                let nf = t.flip_move[x.flip as usize * 18 + mi];
                let fs = p.flip.raw_to_sym[nf as usize] as usize;
                let (fc, fsym) = (fs >> 3, fs & 7);
                let b = p
                    .flip_slice_prune
                    .get(fc * N_SLICE + p.slice_conj[ns + fsym] as usize) as usize;
                if b > togo {
                    break;
                } else if b == togo {
                    continue;
                }
                let c = p
                    .twist_flip_prune
                    .get(tc * N_FLIP + p.flip_conj[nf as usize * N_SYM1 + tsym] as usize)
                    as usize;
                if c > togo {
                    break;
                } else if c == togo {
                    continue;
                }
                // The conjugated state moves by the conjugated move.
                let mc = t.conj_moves[mi] as usize;
                let ntc = t.twist_move[x.twist_c as usize * 18 + mc];
                let nfc = t.flip_move[x.flip_c as usize * 18 + mc];
                let d = p.twist_flip(ntc, nfc) as usize;
                if d > togo {
                    break;
                } else if d == togo {
                    continue;
                }
                let next = P1 {
                    twist: nt,
                    flip: nf,
                    slice: (ns / N_SYM1) as u16,
                    twist_c: ntc,
                    flip_c: nfc,
                };
                self.p1[done] = m;
                self.valid1 = self.valid1.min(done);
                match self.phase1(next, a.max(b).max(c).max(d) as u8, togo - 1, face)? {
                    Flow::Done => return Ok(Flow::Done),
                    Flow::NextFace => break,
                    Flow::Next => {}
                }
            }
        }
        Ok(Flow::Next)
    }
}
