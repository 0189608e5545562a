//! The supercube as a person holds it: WCA notation in the user's frame.
//!
//! The frame is a whole-cube rotation ([`CubeFrame`], one of the 24): the matrix that takes
//! reference coordinates to the user's (`v_user = M · v_ref`). Input is WCA notation
//! ([`super::wca`], the paper's codes accepted too), every token read in the user's frame.
//! A rotation `x`, `y` or `z` changes **only the frame**, never the state: the cubies have
//! not moved relative to each other, so a reference solution needs no final rotation and
//! the answer is written for the cube as it is held. Every other token (faces, inner
//! layers, wide turns, `M E S`, paper codes) turns slices, which the frame maps to
//! reference slices; wide turns do not change the frame (every slice is a move of the
//! model, so nothing is held fixed).

use super::orientation::Matrix;
use super::wca::{self, parse_blocks, transform};
use super::{group, SuperMove, Supercube, SupercubeState};
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;

/// A whole-cube orientation: an index into [`group`] (0 = home).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CubeFrame(pub u8);

impl CubeFrame {
    /// The matrix taking reference coordinates to the user's.
    pub fn matrix(self) -> &'static Matrix {
        &group().matrix[self.0 as usize % 24]
    }

    /// The inverse matrix (user coordinates to reference).
    pub fn inverse_matrix(self) -> &'static Matrix {
        let g = group();
        &g.matrix[g.inv[self.0 as usize % 24] as usize]
    }

    /// The frame after the user turns the whole cube by `angle + 1` positive quarter turns
    /// about the user's `axis`.
    pub fn rotated(self, axis: u8, angle: u8) -> CubeFrame {
        let g = group();
        let r = g.turn[axis as usize % 3][angle as usize % 3];
        CubeFrame(g.mul[r as usize][self.0 as usize % 24])
    }
}

impl Supercube {
    /// The reference-frame slice turn of a turn written in the user's frame.
    pub fn to_reference(&self, frame: CubeFrame, mv: SuperMove) -> SuperMove {
        transform(self.n, frame.inverse_matrix(), mv)
    }

    /// The user's-frame slice turn of a reference-frame turn.
    pub fn to_held(&self, frame: CubeFrame, mv: SuperMove) -> SuperMove {
        transform(self.n, frame.matrix(), mv)
    }
}

impl Held for Supercube {
    type Frame = CubeFrame;

    fn home_frame(&self) -> CubeFrame {
        CubeFrame(0)
    }

    fn apply_held(
        &self,
        state: &mut SupercubeState,
        frame: &mut CubeFrame,
        text: &str,
    ) -> Result<(), ParseError> {
        let blocks = parse_blocks(self.n, text)?;
        for b in blocks {
            if b.is_rotation(self.n) {
                *frame = frame.rotated(b.axis, b.angle);
            } else {
                for m in b.moves() {
                    self.apply(state, self.to_reference(*frame, m));
                }
            }
        }
        Ok(())
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<SuperMove>> {
        let mut frame = self.home_frame();
        let mut out = Vec::new();
        for b in parse_blocks(self.n, text).ok()? {
            if b.is_rotation(self.n) {
                frame = frame.rotated(b.axis, b.angle);
            } else {
                out.extend(b.moves().map(|m| self.to_reference(frame, m)));
            }
        }
        Some(out)
    }

    fn held_moves(&self, frame: CubeFrame, moves: &[SuperMove]) -> Vec<String> {
        moves
            .iter()
            .map(|&m| wca::move_name(self.n, self.to_held(frame, m)))
            .collect()
    }
}
