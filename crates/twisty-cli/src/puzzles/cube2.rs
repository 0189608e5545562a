//! CLI glue for the 2x2x2.

use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::CubeFrame;
use twisty_core::InvalidState;

impl CliPuzzle for Cube2 {
    fn scramble_length(&self) -> usize {
        11
    }

    fn render(&self, state: &Cube2State, colour: bool) -> String {
        self.render_net(state, colour)
    }

    fn state_string(&self, state: &Cube2State) -> Option<String> {
        Some(state.to_facelets())
    }

    fn render_held(&self, state: &Cube2State, frame: CubeFrame, colour: bool) -> String {
        self.render_net_held(state, frame, colour)
    }

    fn state_string_held(&self, state: &Cube2State, frame: CubeFrame) -> Option<String> {
        Some(state.to_facelets_held(frame))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<Cube2State> {
        Cube2State::from_facelets(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad 2x2x2 state string: {e}")),
            other => CliError::from(other),
        })
    }

    fn parse_state_string_held(&self, text: &str) -> CliResult<(Cube2State, CubeFrame)> {
        Cube2State::from_facelets_held(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad state string: {e}")),
            other => CliError::from(other),
        })
    }

    fn render_state_string(&self, text: &str, colour: bool) -> Option<String> {
        let letters: Vec<char> = text.trim().chars().map(|c| c.to_ascii_uppercase()).collect();
        (letters.len() == 24).then(|| twisty_core::colour::cube_net(&letters, 2, colour))
    }

    fn fixed_stickers(&self) -> Vec<usize> {
        // The DBL corner: D3 (15), L3 (18), B4 (23).
        vec![14, 18, 23]
    }

    fn engine_state(&self, state: &Cube2State) -> twisty_engine::State {
        twisty_engine::State::Cube2(*state)
    }
}
