//! Reference-frame `Held` implementations, used until each puzzle tracks its frame.

use crate::cube2::Cube2;
use crate::cube3::Cube3;
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;

macro_rules! reference_held {
    ($t:ty) => {
        impl Held for $t {
            type Frame = ();
            fn home_frame(&self) {}
            fn apply_held(&self, state: &mut Self::State, _: &mut (), text: &str) -> Result<(), ParseError> {
                let moves = self.parse_moves(text)?;
                self.apply_all(state, &moves);
                Ok(())
            }
            fn held_moves(&self, _: (), moves: &[Self::Move]) -> Vec<String> {
                moves.iter().map(|&m| self.format_move(m)).collect()
            }
        }
    };
}

reference_held!(Cube3);
reference_held!(Cube2);
