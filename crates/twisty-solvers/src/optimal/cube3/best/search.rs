//! The `best` heuristic as an IDA* problem: three axis probes of the position and of its
//! inverse, with the +1 rule.

use super::coset::{axis_coords, CosetCoords};
use super::{Axis, N_DSET};
use crate::optimal::cube3::coords::MOVES;
use twisty_core::cube3::{CubieCube, LaneCube};
use twisty_search::coset_bfs::BasePacked;
use twisty_search::ida::{IdaProblem, MovePruning};
use twisty_search::prefetch::{prefetch, prefetch_at};

/// Marks an inverse probe not computed yet.
const UNKNOWN: u8 = 0xff;

/// A search node: the raw coordinates on the three axes, the inverse cube conjugated onto
/// each axis, and the inverse probes known so far.
///
/// The inverse of `c · m` is `m⁻¹ · c⁻¹`, and conjugation is a homomorphism, so the inverse
/// on axis `A` moves by premultiplication with the conjugate of `m⁻¹`, itself a face move:
/// one byte shuffle per axis and node ([`LaneCube::premultiply_moves`]), no inverse and no
/// conjugation. The position is solved exactly when its inverse is.
///
/// Inheritance: the coset coordinate of axis `A` is the same for `h · x` as for `x` when
/// `h` is in that axis's subgroup, which holds every move turning a face of axis `A`. So a
/// child's inverse probe on the axis of its last move equals its parent's, and only two
/// inverse probes are new per node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestNode {
    pub(super) ax: [Axis; 3],
    pub(super) inv_cubes: [LaneCube; 3],
    /// Table indices whose loads were started: the three position probes from
    /// [`IdaProblem::apply`], then the new inverse probes from [`IdaProblem::prunes_child`].
    pub(super) idx: [u64; 3],
    pub(super) inv: [u8; 3],
    /// The position's bound, once its probes passed ([`UNKNOWN`] before).
    pub(super) pos: u8,
}

/// The `best` heuristic over a loaded table, as an IDA* problem.
#[derive(Debug)]
pub struct BestProblem<'a> {
    /// The coordinate tables.
    pub coords: &'a CosetCoords,
    /// The table.
    pub table: BasePacked<'a>,
    /// Move pruning.
    pub pruning: &'a MovePruning,
    /// Probe the inverse position too.
    pub inverse: bool,
    /// Search the children with the lowest bound (the most slack) first.
    pub order: bool,
}

/// The bound from three axis probes: their max, or `h + 1` when all three equal `h > 0`.
#[inline(always)]
pub fn plus_one(h: [u8; 3]) -> u32 {
    let m = h[0].max(h[1]).max(h[2]) as u32;
    if h[0] == h[1] && h[1] == h[2] && m > 0 {
        m + 1
    } else {
        m
    }
}

impl BestProblem<'_> {
    /// The search node of a cube.
    pub fn node(&self, c: &CubieCube) -> BestNode {
        let inv = c.inverse();
        let ax: [Axis; 3] = std::array::from_fn(|a| axis_coords(&self.coords.on_axis(c, a)));
        BestNode {
            idx: ax.map(|a| self.coords.index(&a)),
            ax,
            inv_cubes: std::array::from_fn(|a| LaneCube::from_cubie(&self.coords.on_axis(&inv, a))),
            inv: [UNKNOWN; 3],
            pos: UNKNOWN,
        }
    }

    /// The inverse position conjugated onto each axis.
    pub fn inverse_cubes(&self, n: &BestNode) -> [CubieCube; 3] {
        n.inv_cubes.map(|y| y.to_cubie())
    }

    /// The table index of the inverse position on axis `a`.
    #[inline(always)]
    fn inverse_index(&self, n: &BestNode, a: usize) -> u64 {
        self.coords.index(&self.coords.lane_coords(&n.inv_cubes[a]))
    }

    #[inline(always)]
    fn probe(&self, a: &Axis) -> u8 {
        self.table.get(self.coords.index(a))
    }

    /// The three axis probes of the position.
    pub fn probes(&self, n: &BestNode) -> [u8; 3] {
        n.ax.map(|a| self.probe(&a))
    }

    /// Whether the three axis probes of the position (with the +1 rule) exceed `remaining`;
    /// stops at the first probe that does.
    #[inline(always)]
    fn position_prunes(&self, n: &BestNode, remaining: u32) -> bool {
        self.three_prune(n.ax.map(|a| self.coords.index(&a)), remaining)
            .is_none()
    }

    /// The bound of three axis probes at table indices `idx` (with the +1 rule); `None`
    /// when it exceeds `remaining` (stopping at the first probe that does).
    #[inline(always)]
    fn three_prune(&self, idx: [u64; 3], remaining: u32) -> Option<u32> {
        let mut h = [0u8; 3];
        for a in 0..3 {
            h[a] = self.table.get(idx[a]);
            if h[a] as u32 > remaining {
                return None;
            }
        }
        Some(plus_one(h)).filter(|&b| b <= remaining)
    }

    /// The three axis probes of the inverse position.
    pub fn inverse_probes(&self, n: &BestNode) -> [u8; 3] {
        std::array::from_fn(|a| self.table.get(self.inverse_index(n, a)))
    }
}

impl IdaProblem for BestProblem<'_> {
    type Node = BestNode;

    /// Children are generated, their position probes' loads started ([`IdaProblem::generated`]),
    /// then tested on the position, their new inverse probes' loads started
    /// ([`IdaProblem::kept`]), then tested on the inverse.
    const PASSES: bool = true;

    const ORDERS: bool = true;

    #[inline]
    fn order_key(&self, n: &BestNode) -> u32 {
        if !self.order {
            return 0;
        }
        let inv = if self.inverse { plus_one(n.inv) } else { 0 };
        (n.pos as u32).max(inv)
    }

    fn num_moves(&self) -> usize {
        MOVES
    }

    #[inline]
    fn apply(&self, n: &BestNode, m: usize) -> BestNode {
        let c = self.coords;
        let ax = [
            c.apply(&n.ax[0], m),
            c.apply(&n.ax[1], c.axis_move[1][m] as usize),
            c.apply(&n.ax[2], c.axis_move[2][m] as usize),
        ];
        let a = c.move_axis[m] as usize;
        let mut inv = [UNKNOWN; 3];
        inv[a] = n.inv[a];
        let idx = ax.map(|x| c.index(&x));
        let mut inv_cubes = n.inv_cubes;
        LaneCube::premultiply_moves(&mut inv_cubes, &c.inv_premove[m]);
        BestNode {
            ax,
            inv_cubes,
            idx,
            inv,
            pos: UNKNOWN,
        }
    }

    fn heuristic(&self, n: &BestNode) -> u32 {
        let h = plus_one(self.probes(n));
        if self.inverse {
            h.max(plus_one(self.inverse_probes(n)))
        } else {
            h
        }
    }

    #[inline]
    fn prunes(&self, n: &BestNode, remaining: u32) -> bool {
        if self.position_prunes(n, remaining) {
            return true;
        }
        self.inverse && plus_one(self.inverse_probes(n)) > remaining
    }

    /// Starts loading the symmetry entries of the child's corner parts (the first table each
    /// axis's index reads), so `apply` finds them in the cache.
    #[inline]
    fn prefetch_child(&self, n: &BestNode, m: usize) {
        let c = self.coords;
        for a in 0..3 {
            let q = c.axis_move[a][m] as usize;
            let t = c.twist_move[n.ax[a][0] as usize * MOVES + q] as usize;
            let d = c.dset_move[n.ax[a][3] as usize * MOVES + q] as usize;
            prefetch_at(&c.raw_to_sym, t * N_DSET + d);
        }
    }

    #[inline]
    fn prunes_child(&self, n: &mut BestNode, remaining: u32) -> bool {
        let Some(bound) = self.three_prune(n.idx, remaining) else {
            return true;
        };
        n.pos = bound as u8;
        if self.inverse {
            for a in 0..3 {
                if n.inv[a] == UNKNOWN {
                    n.idx[a] = self.inverse_index(n, a);
                }
            }
        }
        false
    }

    /// Starts loading the child's position probes, all siblings' back to back.
    #[inline]
    fn generated(&self, n: &BestNode) {
        for &i in &n.idx {
            prefetch(self.table.bytes, BasePacked::offset(i));
        }
    }

    /// Starts loading the kept child's new inverse probes, all siblings' back to back.
    #[inline]
    fn kept(&self, n: &BestNode) {
        if self.inverse {
            for a in 0..3 {
                if n.inv[a] == UNKNOWN {
                    prefetch(self.table.bytes, BasePacked::offset(n.idx[a]));
                }
            }
        }
    }

    #[inline]
    fn prunes_child_late(&self, n: &mut BestNode, remaining: u32) -> bool {
        if !self.inverse {
            return false;
        }
        for a in 0..3 {
            if n.inv[a] == UNKNOWN {
                n.inv[a] = self.table.get(n.idx[a]);
            }
            if n.inv[a] as u32 > remaining {
                return true;
            }
        }
        plus_one(n.inv) > remaining
    }

    /// A child inherits its inverse probe on the axis of its move from the parent, so when
    /// that probe is already at the parent's remaining depth, every move of that axis leads
    /// to a pruned child: none is generated.
    #[inline(always)]
    fn skips_move(&self, n: &BestNode, m: usize, remaining: u32) -> bool {
        let v = n.inv[self.coords.move_axis[m] as usize];
        self.inverse && v != UNKNOWN && v as u32 >= remaining
    }

    #[inline]
    fn is_goal(&self, n: &BestNode) -> bool {
        n.inv_cubes[0] == LaneCube::SOLVED
    }

    fn pruning(&self) -> &MovePruning {
        self.pruning
    }
}
