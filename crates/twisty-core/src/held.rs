//! Puzzles as a person holds them.
//!
//! Solvers work in a fixed reference frame: the 2x2x2 keeps its DBL corner home, the
//! Kilominx its UFL cubie, the 3x3x3 its centres after rotations. A person holding the
//! puzzle knows none of that: after a scramble with rotations, wide moves or turns of the
//! fixed piece's faces, the puzzle in their hands is the reference state seen through a
//! whole-puzzle rotation, the *frame*. [`Held`] parses input the way it is held and writes
//! a reference-frame solution as the turns a person makes on the puzzle as held, with no
//! regrip.

use crate::error::ParseError;
use crate::puzzle::Puzzle;
use std::fmt::Debug;

/// A puzzle whose input and answers are in the user's frame.
pub trait Held: Puzzle {
    /// A whole-puzzle orientation: how the reference frame sits in the user's hands.
    type Frame: Copy + Debug + PartialEq + Eq + Send + Sync + 'static;

    /// The frame of a puzzle held in the reference orientation.
    fn home_frame(&self) -> Self::Frame;

    /// Applies moves written in the user's notation to `state` (reference frame) held in
    /// `frame`, tracking the frame through rotations, wide moves and turns of the faces that
    /// hold the fixed piece.
    fn apply_held(
        &self,
        state: &mut Self::State,
        frame: &mut Self::Frame,
        text: &str,
    ) -> Result<(), ParseError>;

    /// Parses moves from the solved puzzle held at home: the reference-frame state and the
    /// frame after them.
    fn parse_held(&self, text: &str) -> Result<(Self::State, Self::Frame), ParseError> {
        let mut state = self.solved();
        let mut frame = self.home_frame();
        self.apply_held(&mut state, &mut frame, text)?;
        Ok((state, frame))
    }

    /// Writes a reference-frame solution `moves` as the tokens a person holding the puzzle
    /// in `frame` turns, in the user's notation. Applying them with
    /// [`Held::apply_held`] to the held state solves it.
    fn held_moves(&self, frame: Self::Frame, moves: &[Self::Move]) -> Vec<String>;

    /// The puzzle's own moves that `text`, typed on the puzzle held at home, amounts to in
    /// the reference frame: applied to the solved state they give the state of
    /// [`Held::parse_held`]. `None` when the text does not parse or when a held turn is not
    /// one of the puzzle's moves (the 2x2x2's turns of the faces of its fixed corner).
    fn reference_moves(&self, text: &str) -> Option<Vec<Self::Move>> {
        let _ = text;
        None
    }
}
