//! CLI glue for the Rubik's Clock: its two sides drawn as hours, the state string of the
//! dials as held.

use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use twisty_core::clock::render::{from_state_string, render, to_state_string};
use twisty_core::clock::{Clock, ClockState, Side};

impl CliPuzzle for Clock {
    fn scramble_length(&self) -> usize {
        14
    }

    fn render(&self, state: &ClockState, _colour: bool) -> String {
        render(state, Side::Front)
    }

    fn state_string(&self, state: &ClockState) -> Option<String> {
        Some(to_state_string(state, Side::Front))
    }

    fn render_held(&self, state: &ClockState, frame: Side, _colour: bool) -> String {
        render(state, frame)
    }

    fn state_string_held(&self, state: &ClockState, frame: Side) -> Option<String> {
        Some(to_state_string(state, frame))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<ClockState> {
        from_state_string(text).map_err(|e| CliError::usage(anyhow::anyhow!("bad clock state string: {e}")))
    }

    fn info(&self) -> Option<String> {
        Some(
            "clock: 18 dials (9 a side; the 4 corners one gear seen from both sides), 14 independent, 12^14 = 1,283,918,464,548,864 states\n\
             moves: pin settings UR DR DL UL U R D L ALL turned 0+ to 6+ or 1- to 5-, y2 turns the puzzle over\n"
                .to_string(),
        )
    }

    fn engine_state(&self, state: &ClockState) -> twisty_engine::State {
        twisty_engine::State::Clock(*state)
    }
}
