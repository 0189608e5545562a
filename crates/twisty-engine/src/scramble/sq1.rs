//! Square-1 scrambles as the WCA's scrambler (TNoodle) makes them: a uniformly random state
//! among those in which the slice can turn (the middle layer square or turned with even
//! odds), drawn again while it is solved in [`MIN_DISTANCE`]` − 1` moves or fewer, counting
//! each turn `(a,b)` and each slice `/` as one move as TNoodle does; the scramble is the
//! inverse of the two-phase solver's answer, written as TNoodle writes it:
//! `(1,0) / (-3,3) / … / (a,b)`.

use super::Scramble;
use crate::engine::Engine;
use crate::error::{EngineError, ErrorKind};
use crate::observer::Quiet;
use crate::puzzle_id::PuzzleId;
use crate::request::{Notation, SolveRequest};
use crate::Frame;
use std::sync::OnceLock;
use twisty_core::sq1::notation::{format, parse_from};
use twisty_core::sq1::render::to_state_string;
use twisty_core::sq1::{Sq1, Sq1State};
use twisty_core::{Puzzle, TwistyRng};
use twisty_solvers::sq1::near::NearSolved;

/// TNoodle's minimum distance of a Square-1 scramble: a random state solved in fewer moves
/// (each `(a,b)` and each `/` one) is drawn again.
pub const MIN_DISTANCE: u32 = 11;

/// The states too near solved to be scrambles, listed once per process.
pub fn too_near() -> &'static NearSolved {
    static NEAR: OnceLock<NearSolved> = OnceLock::new();
    NEAR.get_or_init(|| NearSolved::new(MIN_DISTANCE - 1))
}

/// A random-state scramble: the state drawn from `rng` (again while too near solved), the
/// inverse of the engine's verified answer, checked to reach the state from solved. Its
/// state string is [`to_state_string`]'s. The notation is TNoodle's in both notations (the
/// Square-1 has one).
pub fn random_state(
    engine: &Engine,
    _notation: Notation,
    rng: &mut TwistyRng,
) -> Result<Scramble, EngineError> {
    let state = loop {
        let s = Sq1.random_state(rng);
        if !too_near().contains(&s) {
            break s;
        }
    };
    Ok(Scramble {
        scramble: scramble_of(engine, &state)?,
        state: Some(to_state_string(&state)),
    })
}

/// The scramble of `state`: the inverse of the default solver's answer (a node budget, no
/// clock: the same state gives the same scramble on every machine).
pub fn scramble_of(engine: &Engine, state: &Sq1State) -> Result<String, EngineError> {
    let mut req = SolveRequest::new(PuzzleId::Sq1, to_state_string(state));
    req.frame = Frame::Reference;
    let r = engine.solve(&req, &Quiet)?;
    let answer = parse_from(&r.solution, state)?;
    let scramble = format(&Sq1.invert_all(&answer));
    let mut made = Sq1State::default();
    let reached = match parse_from(&scramble, &Sq1State::default()) {
        Ok(moves) => made.try_apply_all(&moves).is_ok(),
        Err(_) => false,
    };
    if !reached || made != *state {
        return Err(EngineError::new(
            ErrorKind::Internal,
            "the Square-1 scramble does not reach its state",
        ));
    }
    Ok(scramble)
}
