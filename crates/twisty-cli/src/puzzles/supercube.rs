//! CLI glue for the N×N×N supercube.

use crate::context::{CliError, CliResult};
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
        let text = text.trim();
        let want = 2 * self.cubies();
        if text.len() != want || !text.is_ascii() {
            return Err(CliError::usage(anyhow::anyhow!(
                "a {0}x{0}x{0} state string has {want} hex digits (two per cubie), got {1} characters",
                self.n,
                text.chars().count()
            )));
        }
        let mut code = Vec::with_capacity(self.cubies());
        for i in 0..self.cubies() {
            let pair = &text[2 * i..2 * i + 2];
            let b = u8::from_str_radix(pair, 16).map_err(|_| {
                CliError::usage(anyhow::anyhow!(
                    "`{pair}` at column {} is not a hex byte",
                    2 * i + 1
                ))
            })?;
            code.push(b);
        }
        Ok(self.state_from_code(&code)?)
    }

    fn engine_state(&self, state: &SupercubeState) -> twisty_engine::State {
        twisty_engine::State::Supercube(state.clone())
    }
}
