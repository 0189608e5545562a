//! The `h48` heuristic as an IDA* problem: the table probed on the position and on its
//! inverse.
//!
//! A node carries the position and its inverse. A move `m` appended to the position changes
//! the inverse to `m⁻¹ · c⁻¹`; both are one byte shuffle per lane ([`LaneCube::compose`]).
//! Children are handled in passes: all generated with the table indices of both sides,
//! then both sides' table lines prefetched back to back, then tested on the changed side,
//! then on the other. Prefetches issued together overlap their address translations and
//! memory reads (BENCHMARKS.md: 20–30 % less time than a prefetch issued as each child is
//! made); the other side's index is computed even for the children the first test prunes,
//! which costs less than waiting for its read later.
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
//!
//! # Switching to the inverse
//!
//! Symmetrically, if the *position's* bound is tight, no solution ends with a half turn.
//! The search may then choose the solution's moves from its end: a move `x` chosen there
//! is appended to the inverse (`c⁻¹ · x`) and prepended to the position (`x⁻¹ · c`), and
//! the solution found is the moves chosen at the front followed by the inverses of those
//! chosen at the end, last chosen first. With switching on, a node extends the front when
//! the inverse's bound is tight, the end when only the position's is, and otherwise the
//! side its parent extended; half turns are skipped on the chosen side whenever its rule
//! holds. Moves `0..18` extend the front and `18..36` the end; each side keeps its own
//! canonical order (no two moves of a face in a row, commuting faces in one order). Every
//! move sequence is reached along one path at most (the side chosen at each node is a
//! function of the node), so the search is complete and finds each solution once; but the
//! two halves meet without a canonical check, so a listing of every optimal solution
//! (`--all`) is made without switching, to list each solution in its canonical form once.

use super::coords::H48Coords;
use crate::optimal::cube3::coords::MOVES;
use twisty_core::cube3::{CubieCube, LaneCube};
use twisty_search::coset_bfs::BasePacked;
use twisty_search::ida::{IdaProblem, MovePruning};
use twisty_search::prefetch::prefetch;

/// Marks a probe not made yet.
const UNKNOWN: u8 = 0xff;

/// Marks no move made on a side yet.
const NO_FACE: u8 = 0xff;

/// A search node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct H48Node {
    /// The position (0) and its inverse (1).
    cube: [LaneCube; 2],
    /// Table indices of both (once computed).
    idx: [u64; 2],
    /// Bounds of both (once read; [`UNKNOWN`] before).
    val: [u8; 2],
    /// The side the last move was made on (0: front, appended to the position; 1: end).
    side: u8,
    /// The face of the last move made on each side ([`NO_FACE`] for none).
    last: [u8; 2],
    /// Where its children are made (see [`H48Problem::plan`]), once both bounds are read
    /// for the depth it is searched at; [`UNKNOWN`] before.
    plan: u8,
}

/// The heuristic over a loaded table.
#[derive(Debug)]
pub struct H48Problem<'a> {
    /// The coordinate tables.
    pub coords: &'a H48Coords,
    /// The table.
    pub table: BasePacked<'a>,
    /// The canonical order of the 18 moves (applied on each side).
    pub pruning: &'a MovePruning,
    /// `11 −` the flip bits kept.
    pub shift: u32,
    /// Skip half turns when a bound is tight.
    pub half_turn_rule: bool,
    /// Choose moves at either end of the solution (see the module docs): 36 moves, no
    /// canonical order left to the search driver.
    pub switching: bool,
    /// "No order" over the 36 moves, for the search driver when switching.
    pub open: MovePruning,
    /// Search the children with the lowest bound (the most slack) first.
    pub order: bool,
}

/// The inverse of each move.
fn inverse_move(m: usize) -> u8 {
    (3 * (m / 3) + 2 - m % 3) as u8
}

impl<'a> H48Problem<'a> {
    /// A problem over `table`; `switching` as in the module docs.
    pub fn new(
        coords: &'a H48Coords,
        table: BasePacked<'a>,
        pruning: &'a MovePruning,
        flip_bits: u32,
        half_turn_rule: bool,
        switching: bool,
    ) -> Self {
        H48Problem {
            coords,
            table,
            pruning,
            shift: 11 - flip_bits,
            half_turn_rule,
            switching: switching && half_turn_rule,
            open: MovePruning::none(2 * MOVES),
            order: true,
        }
    }

    /// The table index of a cube.
    #[inline(always)]
    pub fn index(&self, y: &LaneCube) -> u64 {
        self.coords.lane_index(y) >> self.shift
    }

    /// The bound stored for a cube.
    pub fn value(&self, c: &CubieCube) -> u8 {
        self.table.get(self.index(&LaneCube::from_cubie(c)))
    }

    /// The search node of a cube (both probes made). `root_face`: the face of a move that
    /// precedes the cube (a split search's prefix), which the next front move must follow
    /// canonically.
    pub fn node(&self, c: &CubieCube, root_face: Option<u8>) -> H48Node {
        let cube = [LaneCube::from_cubie(c), LaneCube::from_cubie(&c.inverse())];
        let idx = [self.index(&cube[0]), self.index(&cube[1])];
        H48Node {
            cube,
            idx,
            val: [self.table.get(idx[0]), self.table.get(idx[1])],
            side: 0,
            last: [root_face.unwrap_or(NO_FACE), NO_FACE],
            plan: UNKNOWN,
        }
    }

    /// The bounds of the position and of its inverse.
    pub fn probes(&self, n: &H48Node) -> [u8; 2] {
        [
            self.table.get(self.index(&n.cube[0])),
            self.table.get(self.index(&n.cube[1])),
        ]
    }

    /// The moves (indices into `Cube3Move::ALL`) of the solution a search path stands for.
    pub fn solution_moves(&self, path: &[usize]) -> Vec<usize> {
        let front = path.iter().filter(|&&m| m < MOVES).copied();
        let end = path
            .iter()
            .rev()
            .filter(|&&m| m >= MOVES)
            .map(|&m| inverse_move(m - MOVES) as usize);
        front.chain(end).collect()
    }

    /// The side a node's children are made on (bit 0) and whether half turns are skipped
    /// there (bit 1), with `remaining` moves left.
    #[inline(always)]
    fn plan(&self, n: &H48Node, remaining: u32) -> u8 {
        let tight = |v: u8| v != UNKNOWN && v as u32 >= remaining;
        if !self.half_turn_rule {
            return 0;
        }
        if tight(n.val[1]) {
            2
        } else if self.switching && tight(n.val[0]) {
            3
        } else if self.switching {
            n.side
        } else {
            0
        }
    }
}

impl IdaProblem for H48Problem<'_> {
    type Node = H48Node;

    const PASSES: bool = true;

    const ORDERS: bool = true;

    #[inline]
    fn order_key(&self, n: &H48Node) -> u32 {
        if self.order {
            n.val[0].max(n.val[1]) as u32
        } else {
            0
        }
    }

    fn num_moves(&self) -> usize {
        if self.switching {
            2 * MOVES
        } else {
            MOVES
        }
    }

    #[inline]
    fn apply(&self, n: &H48Node, m: usize) -> H48Node {
        let s = m / MOVES;
        let o = 1 - s;
        let mv = m % MOVES;
        let mut cube = n.cube;
        cube[s] = cube[s].then_move(mv as u8);
        cube[o] = cube[o].move_then(inverse_move(mv));
        let i = self.index(&cube[s]);
        // A half turn on one side premultiplies the other by a member of the target group,
        // which changes no piece's tetrad, slice or orientation: its entry is the parent's.
        let half = mv % 3 == 1;
        let mut idx = [0; 2];
        let mut val = [UNKNOWN; 2];
        idx[s] = i;
        if half {
            idx[o] = n.idx[o];
            val[o] = n.val[o];
        } else {
            idx[o] = self.index(&cube[o]);
        }
        let mut last = n.last;
        last[s] = self.pruning.face(mv).unwrap_or(NO_FACE);
        H48Node {
            cube,
            idx,
            val,
            side: s as u8,
            last,
            plan: UNKNOWN,
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
        let s = n.side as usize;
        n.val[s] = self.table.get(n.idx[s]);
        if n.val[s] as u32 > remaining {
            return true;
        }
        false
    }

    #[inline]
    fn generated(&self, n: &H48Node) {
        prefetch(self.table.bytes, BasePacked::offset(n.idx[n.side as usize]));
        let o = 1 - n.side as usize;
        if n.val[o] == UNKNOWN {
            prefetch(self.table.bytes, BasePacked::offset(n.idx[o]));
        }
    }

    #[inline]
    fn prunes_child_late(&self, n: &mut H48Node, remaining: u32) -> bool {
        let o = 1 - n.side as usize;
        if n.val[o] == UNKNOWN {
            n.val[o] = self.table.get(n.idx[o]);
        }
        if n.val[o] as u32 > remaining {
            return true;
        }
        // The child is searched with `remaining` moves left: its plan is known now.
        n.plan = self.plan(n, remaining);
        false
    }

    #[inline(always)]
    fn skips_move(&self, n: &H48Node, m: usize, remaining: u32) -> bool {
        let plan = if n.plan != UNKNOWN {
            n.plan
        } else {
            self.plan(n, remaining)
        };
        let (s, mv) = (m / MOVES, m % MOVES);
        if s != (plan & 1) as usize || (plan & 2 != 0 && mv % 3 == 1) {
            return true;
        }
        // Without switching the driver keeps the canonical order of the front.
        self.switching && {
            let last = n.last[s];
            !self.pruning.allowed((last != NO_FACE).then_some(last), mv)
        }
    }

    #[inline]
    fn is_goal(&self, n: &H48Node) -> bool {
        n.cube[0] == LaneCube::SOLVED
    }

    fn pruning(&self) -> &MovePruning {
        if self.switching {
            &self.open
        } else {
            self.pruning
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::cube3::Cube3Move;
    use twisty_core::rng::seeded_rng;

    fn problem<'a>(
        co: &'a H48Coords,
        bytes: &'a [u8],
        pruning: &'a MovePruning,
        switching: bool,
    ) -> H48Problem<'a> {
        H48Problem::new(co, BasePacked { bytes, base: 5 }, pruning, 0, true, switching)
    }

    #[test]
    fn nodes_follow_moves_on_both_sides() {
        let co = H48Coords::new();
        let bytes = vec![0u8; 64];
        let pruning = MovePruning::none(MOVES);
        let p = problem(&co, &bytes, &pruning, true);
        assert_eq!(p.num_moves(), 2 * MOVES);
        let mut rng = seeded_rng(4);
        let start = CubieCube::random(&mut rng);
        let mut n = p.node(&start, None);
        // The node's position is (end moves)⁻¹ · start · (front moves).
        let (mut front, mut end) = (CubieCube::SOLVED, CubieCube::SOLVED);
        for step in 0..120 {
            let m = (step * 7 + step / 5 + (step / 3) * 18) % (2 * MOVES);
            let mv = Cube3Move::ALL[m % MOVES];
            if m < MOVES {
                front = front.after(mv);
            } else {
                end = CubieCube::of_move(mv).inverse().multiply(&end);
            }
            n = p.apply(&n, m);
            assert!(!p.prunes_child(&mut n, 100));
            assert!(!p.prunes_child_late(&mut n, 100));
            let want = end.multiply(&start).multiply(&front);
            let w = p.node(&want, None);
            assert_eq!(n.cube, w.cube, "step {step}, move {m}");
            // Indices (inherited after a half turn) are the cube's own.
            assert_eq!(n.idx, w.idx, "step {step}, move {m}");
            assert_eq!(n.side as usize, m / MOVES);
        }
        assert!(p.is_goal(&p.node(&CubieCube::SOLVED, None)));
        // A half turn leaves the other side's index unchanged.
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

    #[test]
    fn a_path_over_both_sides_stands_for_its_solution() {
        let co = H48Coords::new();
        let bytes = vec![0u8; 64];
        let pruning = MovePruning::none(MOVES);
        let p = problem(&co, &bytes, &pruning, true);
        let mut rng = seeded_rng(9);
        for _ in 0..100 {
            let path: Vec<usize> = (0..14)
                .map(|_| rand::Rng::random_range(&mut rng, 0..2 * MOVES))
                .collect();
            let moves = p.solution_moves(&path);
            assert_eq!(moves.len(), path.len());
            // The cube this path solves: the inverse of its solution.
            let sol = moves
                .iter()
                .fold(CubieCube::SOLVED, |c, &m| c.after(Cube3Move::ALL[m]));
            let start = sol.inverse();
            let mut n = p.node(&start, None);
            for &m in &path {
                n = p.apply(&n, m);
            }
            assert!(p.is_goal(&n), "{path:?}");
        }
        // Without switching a path is its solution.
        let q = problem(&co, &bytes, &pruning, false);
        assert_eq!(q.num_moves(), MOVES);
        assert_eq!(q.solution_moves(&[3, 7, 11]), vec![3, 7, 11]);
    }

    #[test]
    fn the_side_follows_the_tight_bound() {
        let co = H48Coords::new();
        let bytes = vec![0u8; 64];
        let pruning = MovePruning::none(MOVES);
        let p = problem(&co, &bytes, &pruning, true);
        let mut n = p.node(&CubieCube::SOLVED, None);
        // Inverse tight: front, half turns skipped.
        n.val = [3, 5];
        assert!(!p.skips_move(&n, 0, 5) && p.skips_move(&n, 1, 5) && p.skips_move(&n, MOVES, 5));
        // Position tight only: end, half turns skipped.
        n.val = [5, 3];
        assert!(p.skips_move(&n, 0, 5) && !p.skips_move(&n, MOVES, 5) && p.skips_move(&n, MOVES + 1, 5));
        // Neither: the parent's side, every move.
        n.val = [3, 3];
        n.side = 1;
        assert!(p.skips_move(&n, 0, 5) && !p.skips_move(&n, MOVES + 1, 5));
        // Without switching: always the front.
        let q = problem(&co, &bytes, &pruning, false);
        n.val = [5, 3];
        assert!(!q.skips_move(&n, 1, 5));
        n.val = [3, 5];
        assert!(q.skips_move(&n, 1, 5) && !q.skips_move(&n, 0, 5));
    }
}
