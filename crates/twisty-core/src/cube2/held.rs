//! The 2x2x2 as held: input with all six faces, rotations and wide moves; answers as the
//! faces the user sees, `D L B` included.

use super::{normalise, parse_token, Cube2, Cube2Move, Cube2State, Written};
use crate::alg::parse_alg;
use crate::cube3::CubeFrame;
use crate::error::ParseError;
use crate::held::Held;

impl Held for Cube2 {
    type Frame = CubeFrame;

    fn home_frame(&self) -> CubeFrame {
        CubeFrame::HOME
    }

    fn apply_held(
        &self,
        state: &mut Cube2State,
        frame: &mut CubeFrame,
        text: &str,
    ) -> Result<(), ParseError> {
        let written = parse_alg(text, parse_token, Written::inverse)?;
        for m in normalise(&written, frame) {
            state.turn_any(m.face() as usize, m.amount());
        }
        Ok(())
    }

    fn held_moves(&self, frame: CubeFrame, moves: &[Cube2Move]) -> Vec<String> {
        moves
            .iter()
            .map(|m| frame.held_token(m.face(), m.amount()).to_string())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn l_u_is_answered_on_the_faces_as_held() {
        let (s, frame) = Cube2.parse_held("L U").unwrap_or_default();
        // L and then U (the reference B after the cube turned with L) hold DBL: each turns
        // the frame with its layer.
        assert_eq!(frame, CubeFrame::HOME.rotated(4, 1).rotated(0, 1));
        let reference = Cube2.invert_all(&Cube2.parse_moves("L U").unwrap_or_default());
        let answer = Cube2.held_moves(frame, &reference);
        assert_eq!(answer, ["D'", "F'"]);
        let mut t = s;
        let mut f = frame;
        Cube2
            .apply_held(&mut t, &mut f, &answer.join(" "))
            .unwrap_or_default();
        assert!(Cube2.is_solved(&t));
    }

    #[test]
    fn state_strings_carry_their_frame() {
        let (s, frame) = Cube2.parse_held("R U' z F2 D Lw'").unwrap_or_default();
        let text = s.to_facelets_held(frame);
        let (t, g) = Cube2State::from_facelets_held(&text).unwrap_or_default();
        assert_eq!(t, s);
        // The frame read from a string is determined up to nothing: DBL fixes it.
        assert_eq!(g, frame);
    }
}
