//! Joining move sequences of the N×N×N: turns of one block merge, turns of one axis commute.

use twisty_core::cube_n::{Block, CubeN};
use twisty_core::{Metric, Puzzle};

/// Appends `mv` to `out`, merging it with a turn of the same block among the last turns of
/// its axis (which commute with it) and dropping turns that cancel.
pub fn push(out: &mut Vec<Block>, mv: Block) {
    let mut i = out.len();
    while i > 0 && out[i - 1].axis == mv.axis {
        i -= 1;
        let b = out[i];
        if b.lo == mv.lo && b.hi == mv.hi {
            let q = (b.angle as u32 + mv.angle as u32 + 2) % 4;
            if q == 0 {
                out.remove(i);
            } else {
                out[i].angle = (q - 1) as u8;
            }
            return;
        }
    }
    out.push(mv);
}

/// Appends every move of `moves` with [`push`].
pub fn extend(out: &mut Vec<Block>, moves: &[Block]) {
    for &m in moves {
        push(out, m);
    }
}

/// A sequence joined with [`push`].
pub fn simplified(moves: &[Block]) -> Vec<Block> {
    let mut out = Vec::with_capacity(moves.len());
    extend(&mut out, moves);
    out
}

/// The inverse of a sequence.
pub fn inverse(moves: &[Block]) -> Vec<Block> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

/// Length of a sequence in the outer block turn metric.
pub fn obtm(cube: &CubeN, moves: &[Block]) -> u32 {
    moves.iter().map(|&m| cube.move_length(m, Metric::Obtm)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(axis: u8, lo: u8, hi: u8, angle: u8) -> Block {
        Block { axis, lo, hi, angle }
    }

    #[test]
    fn same_block_merges_and_cancels_across_its_axis() {
        let mut v = Vec::new();
        push(&mut v, b(0, 3, 3, 0));
        push(&mut v, b(0, 1, 1, 0));
        push(&mut v, b(0, 3, 3, 0));
        assert_eq!(v, vec![b(0, 3, 3, 1), b(0, 1, 1, 0)]);
        push(&mut v, b(0, 3, 3, 1));
        assert_eq!(v, vec![b(0, 1, 1, 0)]);
        push(&mut v, b(1, 1, 1, 0));
        push(&mut v, b(0, 1, 1, 2));
        assert_eq!(v.len(), 3, "a turn of another axis in between blocks the merge");
    }
}
