//! CLI glue for the Square-1: its two layers slot by slot and the middle layer, the state
//! string of the pieces in their slots.

use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use twisty_core::sq1::render::{from_state_string, render, to_state_string};
use twisty_core::sq1::{Sq1, Sq1State};
use twisty_core::InvalidState;

impl CliPuzzle for Sq1 {
    /// Twists (each a turn of the layers then the slice), as TNoodle's 40 random moves.
    fn scramble_length(&self) -> usize {
        twisty_engine::scramble::default_length(twisty_engine::PuzzleId::Sq1)
    }

    fn render(&self, state: &Sq1State, _colour: bool) -> String {
        render(state)
    }

    fn state_string(&self, state: &Sq1State) -> Option<String> {
        Some(to_state_string(state))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<Sq1State> {
        from_state_string(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad Square-1 state string: {e}")),
            other => CliError::from(other),
        })
    }

    fn info(&self) -> Option<String> {
        Some(
            "sq1: two layers of 12 slots (30° each) holding 8 corners (two slots each) and 8 edges, a middle layer of two halves\n\
             moves: (a,b) turns the top a and the bottom b slots (clockwise seen from each), / turns the right half over (only when no corner is across the slice line); lengths in the twist metric (each / counts 1)\n\
             state string: the top's slots from slot 0, /, the bottom's, /, the middle (0 square, 1 turned): AAaBBbCCcDDd/eEEfFFgGGhHH/0\n"
                .to_string(),
        )
    }

    fn engine_state(&self, state: &Sq1State) -> twisty_engine::State {
        twisty_engine::State::Sq1(*state)
    }
}
