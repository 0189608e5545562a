//! The clock as held: which side faces the user after the input's `y2`s.

use super::notation::{format_sides, parse_written, to_moves};
use super::{Clock, ClockMove, ClockState, Side};
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;

impl Held for Clock {
    /// The side of the reference frame that faces the user.
    type Frame = Side;

    fn home_frame(&self) -> Side {
        Side::Front
    }

    fn apply_held(&self, state: &mut ClockState, frame: &mut Side, text: &str) -> Result<(), ParseError> {
        let (moves, facing) = to_moves(&parse_written(text)?, *frame);
        self.apply_all(state, &moves);
        *frame = facing;
        Ok(())
    }

    /// The side facing the user first, then `y2` and the other side; no `y2` at the end.
    fn held_moves(&self, frame: Side, moves: &[ClockMove]) -> Vec<String> {
        format_sides(moves, frame, false)
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<ClockMove>> {
        self.parse_moves(text).ok()
    }
}
