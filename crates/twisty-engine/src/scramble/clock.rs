//! Clock scrambles as the WCA's scrambler writes them: a uniformly random state as the 14
//! turns `UR DR DL UL U R D L ALL y2 U R D L ALL` with their amounts. The 14 turns are a
//! basis of the dials over Z/12, so each state is exactly one such scramble and uniform
//! states give uniform amounts; no final pin setting (the WCA dropped it in 2024).

use super::Scramble;
use crate::request::Notation;
use twisty_core::clock::linear::{scramble_amounts, scramble_tokens, SCRAMBLE_TURNS};
use twisty_core::clock::render::to_state_string;
use twisty_core::clock::{Clock, ClockMove};
use twisty_core::{Held, Puzzle, TwistyRng};

/// A uniformly random state's scramble; its state string is the puzzle as held after it
/// (the back facing the user, after the `y2`).
pub fn random_state(notation: Notation, rng: &mut TwistyRng) -> Scramble {
    let state = Clock.random_state(rng);
    let scramble = match notation {
        Notation::Standard => scramble_tokens(&state).join(" "),
        // The solvers' reference frame: the same turns, the back's between two `y2`.
        Notation::Seed => {
            let moves: Vec<ClockMove> = SCRAMBLE_TURNS
                .iter()
                .zip(scramble_amounts(&state))
                .filter(|(_, h)| *h != 0)
                .map(|(&(side, pins), hours)| ClockMove { side, pins, hours })
                .collect();
            Clock.format_moves(&moves)
        }
    };
    let held = Clock
        .parse_held(&scramble)
        .ok()
        .map(|(s, facing)| to_state_string(&s, facing));
    Scramble {
        scramble,
        state: held,
    }
}
