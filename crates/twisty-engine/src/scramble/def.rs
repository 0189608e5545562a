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
use rand::Rng;
use twisty_core::def::{DefMove, DefPuzzle, DefState};
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

/// `n` random moves of `p`: never one face twice in a row, commuting faces in one order
/// where that leaves a choice (a Pyraminx tip commutes with every other face: after the last
/// face in that order any other face may follow).
pub fn random_moves(p: &DefPuzzle, rng: &mut TwistyRng, n: usize) -> Vec<DefMove> {
    let all = p.moves();
    let mut out: Vec<DefMove> = Vec::with_capacity(n);
    while out.len() < n && !all.is_empty() {
        let allowed: Vec<DefMove> = match out.last() {
            None => all.clone(),
            Some(&last) => {
                let canonical: Vec<DefMove> =
                    all.iter().copied().filter(|&m| p.may_follow(last, m)).collect();
                if canonical.is_empty() {
                    all.iter()
                        .copied()
                        .filter(|&m| p.face(m) != p.face(last))
                        .collect()
                } else {
                    canonical
                }
            }
        };
        if allowed.is_empty() {
            break;
        }
        out.push(allowed[rng.random_range(0..allowed.len())]);
    }
    out
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
) -> Result<Vec<DefMove>, EngineError> {
    let mut req = SolveRequest::new(PuzzleId::Def(d), "(a random state)");
    req.frame = Frame::Reference;
    // One thread: the first optimal solution found, so a seed gives one scramble.
    req.threads = Some(1);
    let r = engine.solve_state(&req, State::Def(state.clone()), &Quiet)?;
    Ok(p.parse_moves(&r.solution)?)
}
