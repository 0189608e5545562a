//! CLI glue for the N×N×N supercube.

use crate::context::CliResult;
use crate::puzzles::CliPuzzle;
use twisty_core::supercube::{render, Supercube, SupercubeState, SCRAMBLE_LENGTH};

impl CliPuzzle for Supercube {
    fn scramble_length(&self) -> usize {
        SCRAMBLE_LENGTH
    }

    fn render(&self, state: &SupercubeState, colour: bool) -> String {
        render::render(state, colour)
    }

    /// The seed's cube code: the state byte of every position, two hex digits each,
    /// positions in `(z·N + y)·N + x` order.
    fn state_string(&self, state: &SupercubeState) -> Option<String> {
        Some(state.code().iter().map(|b| format!("{b:02x}")).collect())
    }

    fn parse_state_string(&self, text: &str) -> CliResult<SupercubeState> {
        Ok(twisty_engine::input::supercube_code(self, text)?)
    }

    fn engine_state(&self, state: &SupercubeState) -> twisty_engine::State {
        twisty_engine::State::Supercube(state.clone())
    }
}
