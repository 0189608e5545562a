//! The `h48` heuristic as an IDA* problem: the table probed on the position and on its
//! inverse.
//!
//! A node carries the position and its inverse; a move `m` changes the inverse to
//! `m⁻¹ · c⁻¹`, one byte shuffle ([`LaneCube::premultiply_moves`]). Children are handled in
//! passes: all generated (the position's table line prefetched), then tested on the
//! position (the inverse's line prefetched), then on the inverse.
//!
//! # The half-turn rule
//!
//! Every half turn is in the target group. If the inverse's bound equals the moves left,
//! `r`, no solution starts with a half turn `h`: a solution `h · t` makes `t⁻¹ · h` a
//! solution of the inverse, so `t⁻¹` (`r − 1` moves) would take the inverse into the
//! target group, and its table distance would be at most `r − 1`. Such children are not
//! generated ([`IdaProblem::skips_move`]). For the same reason a half turn leaves the
//! inverse's table entry unchanged (it premultiplies the inverse by a member of the target
//! group), so such a child inherits its parent's inverse probe.

use super::coords::H48Coords;
use crate::optimal::cube3::coords::MOVES;
use twisty_core::cube3::{Cube3Move, CubieCube, LaneCube};
use twisty_search::coset_bfs::BasePacked;
use twisty_search::ida::{IdaProblem, MovePruning};
use twisty_search::prefetch::prefetch;

/// Marks a probe not made yet.
const UNKNOWN: u8 = 0xff;

/// A search node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct H48Node {
    pos: CubieCube,
    inv: LaneCube,
    /// Table indices of the position and of the inverse (once computed).
    idx: [u64; 2],
    /// The inverse's bound, once read.
    inv_val: u8,
}

/// The heuristic over a loaded table.
#[derive(Debug)]
pub struct H48Problem<'a> {
    /// The coordinate tables.
    pub coords: &'a H48Coords,
    /// The table.
    pub table: BasePacked<'a>,
    /// Move pruning.
    pub pruning: &'a MovePruning,
    /// `11 −` the flip bits kept.
    pub shift: u32,
    /// Skip half turns when the inverse's bound is tight.
    pub half_turn_rule: bool,
}

/// The inverse of each move.
fn inverse_move(m: usize) -> u8 {
    (3 * (m / 3) + 2 - m % 3) as u8
}

impl H48Problem<'_> {
    /// The table index of a cube.
    #[inline(always)]
    pub fn index(&self, y: &LaneCube) -> u64 {
        self.coords.full_index(&self.coords.raw_lane(y)).1 >> self.shift
    }

    /// The bound stored for a cube.
    pub fn value(&self, c: &CubieCube) -> u8 {
        self.table.get(self.index(&LaneCube::from_cubie(c)))
    }

    /// The search node of a cube (both probes made).
    pub fn node(&self, c: &CubieCube) -> H48Node {
        let inv = LaneCube::from_cubie(&c.inverse());
        let idx = [self.index(&LaneCube::from_cubie(c)), self.index(&inv)];
        H48Node {
            pos: *c,
            inv,
            idx,
            inv_val: self.table.get(idx[1]),
        }
    }

    /// The bounds of the position and of its inverse.
    pub fn probes(&self, n: &H48Node) -> [u8; 2] {
        [self.table.get(n.idx[0]), self.table.get(self.index(&n.inv))]
    }
}

impl IdaProblem for H48Problem<'_> {
    type Node = H48Node;

    const PASSES: bool = true;

    fn num_moves(&self) -> usize {
        MOVES
    }

    #[inline]
    fn apply(&self, n: &H48Node, m: usize) -> H48Node {
        let pos = n.pos.after(Cube3Move::ALL[m]);
        let mut inv = [n.inv];
        LaneCube::premultiply_moves(&mut inv, &[inverse_move(m)]);
        let i = self.index(&LaneCube::from_cubie(&pos));
        prefetch(self.table.bytes, BasePacked::offset(i));
        // A half turn premultiplies the inverse by a member of the target group, which
        // changes no piece's tetrad, slice or orientation: the inverse's entry is the parent's.
        let half = m % 3 == 1;
        H48Node {
            pos,
            inv: inv[0],
            idx: [i, if half { n.idx[1] } else { 0 }],
            inv_val: if half { n.inv_val } else { UNKNOWN },
        }
    }

    fn heuristic(&self, n: &H48Node) -> u32 {
        let [a, b] = self.probes(n);
        a.max(b) as u32
    }

    #[inline]
    fn prunes(&self, n: &H48Node, remaining: u32) -> bool {
        self.heuristic(n) > remaining
    }

    #[inline]
    fn prunes_child(&self, n: &mut H48Node, remaining: u32) -> bool {
        if self.table.get(n.idx[0]) as u32 > remaining {
            return true;
        }
        if n.inv_val == UNKNOWN {
            n.idx[1] = self.index(&n.inv);
            prefetch(self.table.bytes, BasePacked::offset(n.idx[1]));
        }
        false
    }

    #[inline]
    fn prunes_child_late(&self, n: &mut H48Node, remaining: u32) -> bool {
        if n.inv_val == UNKNOWN {
            n.inv_val = self.table.get(n.idx[1]);
        }
        n.inv_val as u32 > remaining
    }

    #[inline(always)]
    fn skips_move(&self, n: &H48Node, m: usize, remaining: u32) -> bool {
        self.half_turn_rule && m % 3 == 1 && n.inv_val != UNKNOWN && n.inv_val as u32 >= remaining
    }

    #[inline]
    fn is_goal(&self, n: &H48Node) -> bool {
        n.pos == CubieCube::SOLVED
    }

    fn pruning(&self) -> &MovePruning {
        self.pruning
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;

    #[test]
    fn nodes_follow_moves() {
        let co = H48Coords::new();
        let bytes = vec![0u8; 64];
        let pruning = MovePruning::none(MOVES);
        let p = H48Problem {
            coords: &co,
            table: BasePacked {
                bytes: &bytes,
                base: 5,
            },
            pruning: &pruning,
            shift: 11,
            half_turn_rule: true,
        };
        let mut rng = seeded_rng(4);
        let mut c = CubieCube::random(&mut rng);
        let mut n = p.node(&c);
        for step in 0..90 {
            let m = (step * 7 + step / 5) % MOVES;
            c = c.after(Cube3Move::ALL[m]);
            n = p.apply(&n, m);
            assert!(!p.prunes_child(&mut n, 100));
            assert!(!p.prunes_child_late(&mut n, 100));
            let want = p.node(&c);
            assert_eq!(n.pos, want.pos);
            assert_eq!(n.inv, want.inv);
            assert_eq!(n.idx[0], want.idx[0]);
            // The inverse index (inherited after a half turn) is the inverse's own.
            assert_eq!(n.idx[1], want.idx[1], "step {step}, move {m}");
            assert!(!p.is_goal(&n) || c == CubieCube::SOLVED);
        }
        assert!(p.is_goal(&p.node(&CubieCube::SOLVED)));
        // A half turn leaves the inverse's index unchanged; a quarter turn changes it.
        for _ in 0..200 {
            let c = CubieCube::random(&mut rng);
            let i = p.index(&LaneCube::from_cubie(&c.inverse()));
            for m in 0..MOVES {
                let j = p.index(&LaneCube::from_cubie(&c.after(Cube3Move::ALL[m]).inverse()));
                if m % 3 == 1 {
                    assert_eq!(i, j, "move {m}");
                }
            }
        }
        for m in 0..MOVES {
            let a = CubieCube::SOLVED.after(Cube3Move::ALL[m]);
            assert_eq!(
                a.after(Cube3Move::ALL[inverse_move(m) as usize]),
                CubieCube::SOLVED
            );
        }
    }
}
