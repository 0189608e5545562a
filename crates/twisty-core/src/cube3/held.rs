//! The 3x3x3 as held: input in the full notation, answers as the faces the user sees.

use super::frame::CubeFrame;
use super::{notation, Cube3, Cube3Move, CubieCube};
use crate::error::ParseError;
use crate::held::Held;

impl Held for Cube3 {
    type Frame = CubeFrame;

    fn home_frame(&self) -> CubeFrame {
        CubeFrame::HOME
    }

    fn apply_held(&self, state: &mut CubieCube, frame: &mut CubeFrame, text: &str) -> Result<(), ParseError> {
        let mut f = *frame;
        let moves = notation::parse_held(text, &mut f)?;
        for m in moves {
            state.apply_move(m);
        }
        *frame = f;
        Ok(())
    }

    fn held_moves(&self, frame: CubeFrame, moves: &[Cube3Move]) -> Vec<String> {
        moves
            .iter()
            .map(|m| frame.held_token(m.face(), m.amount()).to_string())
            .collect()
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<Cube3Move>> {
        let mut frame = CubeFrame::HOME;
        notation::parse_held(text, &mut frame).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn y2_f_is_answered_with_f_prime() {
        let (s, frame) = Cube3.parse_held("y2 F").unwrap_or_default();
        assert_eq!(s, Cube3.state_after(&Cube3.parse_moves("B").unwrap_or_default()));
        let answer = Cube3.held_moves(frame, &[Cube3Move::new(5, 3).unwrap_or(Cube3Move::ALL[0])]);
        assert_eq!(answer, ["F'"]);
    }

    #[test]
    fn a_bad_token_leaves_state_and_frame_alone() {
        let mut s = CubieCube::SOLVED;
        let mut f = CubeFrame::HOME;
        assert!(Cube3.apply_held(&mut s, &mut f, "x R Q").is_err());
        assert_eq!((s, f), (CubieCube::SOLVED, CubeFrame::HOME));
        Cube3.apply_held(&mut s, &mut f, "3Rw").unwrap_or_default();
        assert_eq!(f, CubeFrame::HOME.rotated(1, 1));
        assert_eq!(s, CubieCube::SOLVED);
    }
}
