//! Scrambles of puzzles given by a definition: random moves, and uniformly random states
//! (from the stabiliser chain of the group the moves generate) written as the inverse of the
//! optimal solver's answer, checked to reach the state.

use super::Scramble;
use crate::defs::DefId;
use crate::engine::Engine;
use crate::error::{EngineError, ErrorKind};
use crate::observer::Quiet;
use crate::puzzle_id::PuzzleId;
use crate::request::{Notation, SolveRequest};
use crate::solve::State;
use crate::Frame;
use twisty_core::def::{DefPuzzle, DefState};
use twisty_core::{Held, Puzzle, TwistyRng};

/// The usual random-move scramble length of a definition: the WCA's for its events (a
/// random-state scramble is what the WCA uses), about the diameter for the rest.
pub fn length(d: DefId) -> usize {
    match d.builtin_name() {
        Some("pyraminx") => 11,
        Some("skewb") => 11,
        Some("2x2x2") => 11,
        Some("megaminx") => 70,
        Some("dino") => 15,
        _ => 25,
    }
}

/// A uniformly random state of `d` and its scramble (the inverse of an optimal solution,
/// checked to reach the state's pattern), in `notation`.
pub fn random_state(
    engine: &Engine,
    d: DefId,
    notation: Notation,
    rng: &mut TwistyRng,
) -> Result<Scramble, EngineError> {
    let p = d.puzzle();
    let state = p.random_state(rng);
    let moves = solve_state(engine, d, &p, &state)?;
    let scramble = p.invert_all(&moves);
    let reached = p.state_after(&scramble);
    if p.pattern(&reached.0) != p.pattern(&state.0) {
        return Err(EngineError::new(
            ErrorKind::Internal,
            "internal error: the random-state scramble does not reach its state",
        ));
    }
    let text = match notation {
        Notation::Standard => p.held_moves(p.home_frame(), &scramble).join(" "),
        Notation::Seed => p.format_moves(&scramble),
    };
    Ok(Scramble {
        scramble: text,
        state: None,
    })
}

/// An optimal solution of `state` (reference frame) by the engine's default solver.
pub fn solve_state(
    engine: &Engine,
    d: DefId,
    p: &DefPuzzle,
    state: &DefState,
) -> Result<Vec<twisty_core::def::DefMove>, EngineError> {
    let mut req = SolveRequest::new(PuzzleId::Def(d), "(a random state)");
    req.frame = Frame::Reference;
    let r = engine.solve_state(&req, State::Def(state.clone()), &Quiet)?;
    Ok(p.parse_moves(&r.solution)?)
}
