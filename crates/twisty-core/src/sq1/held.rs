//! The Square-1 as held: the notation has no rotations, so the frame never changes; moves
//! are checked from the state they start in (a slice must be possible there).

use super::notation::{format, parse_from};
use super::{Sq1, Sq1Move, Sq1State};
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;

impl Held for Sq1 {
    /// No whole-puzzle rotation is written: one frame.
    type Frame = ();

    fn home_frame(&self) {}

    fn apply_held(&self, state: &mut Sq1State, _frame: &mut (), text: &str) -> Result<(), ParseError> {
        let moves = parse_from(text, state)?;
        self.apply_all(state, &moves);
        Ok(())
    }

    /// The moves in TNoodle's form, one token per turn or slice.
    fn held_moves(&self, _frame: (), moves: &[Sq1Move]) -> Vec<String> {
        let text = format(moves);
        text.split(' ')
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect()
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<Sq1Move>> {
        self.parse_moves(text).ok()
    }
}
