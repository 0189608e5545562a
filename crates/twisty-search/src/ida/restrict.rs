//! A search problem with some of its moves left out ([`super::IdaOptions::moves`]): the same
//! nodes, heuristic and goal, with a move pruning rule that never generates the others. The
//! heuristic of the whole move set stays admissible: a state is no nearer with fewer moves.

use super::{IdaProblem, MovePruning};

/// `inner` searched with `pruning` (its own rule restricted to the kept moves).
pub(super) struct Restricted<'a, P> {
    pub(super) inner: &'a P,
    pub(super) pruning: MovePruning,
}

impl<P: IdaProblem> IdaProblem for Restricted<'_, P> {
    type Node = P::Node;
    const PASSES: bool = P::PASSES;
    const ORDERS: bool = P::ORDERS;

    fn num_moves(&self) -> usize {
        self.inner.num_moves()
    }

    #[inline]
    fn apply(&self, node: &Self::Node, m: usize) -> Self::Node {
        self.inner.apply(node, m)
    }

    fn heuristic(&self, node: &Self::Node) -> u32 {
        self.inner.heuristic(node)
    }

    #[inline]
    fn prunes(&self, node: &Self::Node, remaining: u32) -> bool {
        self.inner.prunes(node, remaining)
    }

    #[inline]
    fn prefetch_child(&self, node: &Self::Node, m: usize) {
        self.inner.prefetch_child(node, m)
    }

    #[inline]
    fn prunes_child(&self, node: &mut Self::Node, remaining: u32) -> bool {
        self.inner.prunes_child(node, remaining)
    }

    #[inline]
    fn generated(&self, node: &Self::Node) {
        self.inner.generated(node)
    }

    #[inline]
    fn kept(&self, node: &Self::Node) {
        self.inner.kept(node)
    }

    #[inline]
    fn prunes_child_late(&self, node: &mut Self::Node, remaining: u32) -> bool {
        self.inner.prunes_child_late(node, remaining)
    }

    #[inline]
    fn skips_move(&self, node: &Self::Node, m: usize, remaining: u32) -> bool {
        self.inner.skips_move(node, m, remaining)
    }

    #[inline]
    fn order_key(&self, node: &Self::Node) -> u32 {
        self.inner.order_key(node)
    }

    fn is_goal(&self, node: &Self::Node) -> bool {
        self.inner.is_goal(node)
    }

    fn pruning(&self) -> &MovePruning {
        &self.pruning
    }
}
