//! The N×N×N cube as a person holds it.
//!
//! The frame is a whole-cube rotation ([`CubeFrame`], one of the 24): the matrix that takes
//! reference coordinates to the user's (`v_user = M · v_ref`), as for the supercube. Input is
//! the WCA / SiGN notation of [`crate::wca`], every token read in the user's frame:
//!
//! - a rotation (`x`, `y`, `z`, `Rv`…) changes only the frame;
//! - any other token is a block, mapped to the reference frame and applied there; when it
//!   holds the anchor (the DBL corner's slice on even N, the middle slice on odd N) the
//!   anchor turns with it, so the frame turns by the same rotation as the block.
//!
//! Answers ([`Held::held_moves`]) are the reference moves written in the user's frame one by
//! one, the frame tracked through the blocks that hold the anchor, so they are the turns a
//! person makes without regripping.

use super::{Block, CubeN, CubeNState};
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;
use crate::supercube::CubeFrame;
use crate::wca::{block_token, parse_blocks_within, transform_block};

impl CubeN {
    /// The reference-frame block of a block written in the user's frame.
    pub fn to_reference(&self, frame: CubeFrame, b: Block) -> Block {
        transform_block(self.size(), frame.inverse_matrix(), b)
    }

    /// The user's-frame block of a reference-frame block.
    pub fn to_held(&self, frame: CubeFrame, b: Block) -> Block {
        transform_block(self.size(), frame.matrix(), b)
    }

    /// Parses blocks written in the user's frame, refusing a sequence that would move more
    /// than [`crate::alg::MAX_WORK`] pieces in all ([`CubeN::block_work`] each).
    fn parse_blocks(&self, text: &str) -> Result<Vec<Block>, ParseError> {
        parse_blocks_within(self.size(), text, |b| self.block_work(*b))
    }

    /// The pieces turning `b` moves: N² for each outer layer turned and 4·(N−1) for each
    /// inner one (a block that holds the anchor turns the other slices); none for a rotation.
    /// An upper bound of the work of [`Puzzle::apply`], whatever the frame maps `b` to.
    pub fn block_work(&self, b: Block) -> u64 {
        let n = self.size() as u64;
        if b.is_rotation(self.size()) || n < 2 {
            return 0;
        }
        let width = u64::from(b.hi.saturating_sub(b.lo)) + 1;
        let outer = u64::from(b.lo == 0) + u64::from(u64::from(b.hi) + 1 == n);
        let cost = |width: u64, outer: u64| outer * n * n + width.saturating_sub(outer) * 4 * (n - 1);
        // The block or the other slices of its axis, as the frame maps it: the larger.
        cost(width, outer).max(cost(n.saturating_sub(width), 2u64.saturating_sub(outer)))
    }

    /// Reads blocks written in the user's frame starting in `frame`: calls `turn` with each
    /// reference block and leaves in `frame` the frame after them.
    fn walk(&self, frame: &mut CubeFrame, blocks: &[Block], mut turn: impl FnMut(Block)) {
        for &b in blocks {
            if b.is_rotation(self.size()) {
                *frame = frame.rotated(b.axis, b.angle);
                continue;
            }
            let r = self.to_reference(*frame, b);
            turn(r);
            if self.holds_anchor(r) {
                *frame = frame.rotated(b.axis, b.angle);
            }
        }
    }

    /// The frame after `moves` (reference blocks, as a solver returns them) are turned on a
    /// cube held in `frame`.
    pub fn frame_after(&self, mut frame: CubeFrame, moves: &[Block]) -> CubeFrame {
        for &m in moves {
            if self.holds_anchor(m) {
                let u = self.to_held(frame, m);
                frame = frame.rotated(u.axis, u.angle);
            }
        }
        frame
    }
}

/// The reference moves of `text` typed on the cube held at home (rotations dropped, later
/// tokens read in the frame they leave).
pub(crate) fn reference_blocks(c: &CubeN, text: &str) -> Result<Vec<Block>, ParseError> {
    let blocks = c.parse_blocks(text)?;
    let mut frame = CubeFrame(0);
    let mut out = Vec::with_capacity(blocks.len());
    c.walk(&mut frame, &blocks, |b| out.push(b));
    Ok(out)
}

impl Held for CubeN {
    type Frame = CubeFrame;

    fn home_frame(&self) -> CubeFrame {
        CubeFrame(0)
    }

    fn apply_held(
        &self,
        state: &mut CubeNState,
        frame: &mut CubeFrame,
        text: &str,
    ) -> Result<(), ParseError> {
        let blocks = self.parse_blocks(text)?;
        self.walk(frame, &blocks, |b| self.apply(state, b));
        Ok(())
    }

    fn held_moves(&self, frame: CubeFrame, moves: &[Block]) -> Vec<String> {
        let mut f = frame;
        moves
            .iter()
            .map(|&m| {
                let u = self.to_held(f, m);
                if self.holds_anchor(m) {
                    f = f.rotated(u.axis, u.angle);
                }
                block_token(self.size(), u)
            })
            .collect()
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<Block>> {
        reference_blocks(self, text).ok()
    }
}
