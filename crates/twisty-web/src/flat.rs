//! The puzzles the page draws as text, having no 3D model: the puzzles given by a definition
//! (pyraminx, skewb, megaminx, …), the clock and the Square-1. The engine reads their input
//! ([`twisty_engine::input`]) and the core models draw their states, as `twisty show` prints
//! them; the page shows the drawing in a `<pre>` and hides its 3D view.

use crate::puzzles::{Input, MAX_INPUT_MOVES};
use serde::Serialize;
use twisty_core::Held;
use twisty_engine::input::{self, Parsed};
use twisty_engine::{EngineError, ErrorKind, Notation, PuzzleId};

/// Whether the page draws `p` as text (no 3D model).
pub fn is_flat(p: PuzzleId) -> bool {
    matches!(p, PuzzleId::Def(_) | PuzzleId::Clock | PuzzleId::Sq1)
}

/// One state of a puzzle drawn as text.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    /// The state drawn as text (the core model's drawing, as `twisty show` prints it).
    pub drawing: String,
    /// Whether it is solved.
    pub solved: bool,
    /// Its state string as held (the clock's dials, the Square-1's slots), if it has one.
    pub state_string: Option<String>,
}

/// An input of a puzzle drawn as text, read by the engine, and the states after each move of
/// a sequence applied to it.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The input's moves, one token each as written (empty for a state string).
    pub moves: Vec<String>,
    /// The state after the input.
    pub start: View,
    /// The state after each move of the sequence.
    pub steps: Vec<View>,
}

/// Reads `input` of the flat puzzle `p` with the engine (moves as held, or the clock's and
/// the Square-1's state strings) and applies the moves `then` to it one by one, as held (the
/// frame of the engine's answers). A move of `then` that is not a move of `p` is a `parse`
/// error naming it and its place.
pub fn replay(p: PuzzleId, input: &Input<'_>, then: &[&str]) -> Result<Replayed, EngineError> {
    let text = match *input {
        Input::Moves(m) => m,
        Input::Facelets(f) => {
            let f = f.trim();
            let ok = match p {
                PuzzleId::Clock => twisty_core::clock::render::looks_like_state_string(f),
                PuzzleId::Sq1 => twisty_core::sq1::render::looks_like_state_string(f),
                _ => false,
            };
            if !ok {
                return Err(EngineError::usage(state_string_hint(p)));
            }
            f
        }
    };
    let moves = match input {
        Input::Moves(m) => m.split_whitespace().map(str::to_string).collect(),
        Input::Facelets(_) => Vec::new(),
    };
    let notation = Notation::Standard;
    match p {
        PuzzleId::Clock => {
            use twisty_core::clock::render::{render, to_state_string};
            let clock = twisty_core::clock::Clock;
            run(p, &clock, input::clock(text, notation)?, moves, then, |s, f| {
                (render(s, f), Some(to_state_string(s, f)))
            })
        }
        PuzzleId::Sq1 => {
            use twisty_core::sq1::render::{render, to_state_string};
            let sq1 = twisty_core::sq1::Sq1;
            run(p, &sq1, input::sq1(text, notation)?, moves, then, |s, _| {
                (render(s), Some(to_state_string(s)))
            })
        }
        PuzzleId::Def(d) => {
            let def = d.puzzle();
            let parsed = input::def(&def, text, notation)?;
            run(p, &*def, parsed, moves, then, |s, _| {
                (twisty_core::def::render::render(&def, s), None)
            })
        }
        _ => Err(EngineError::new(
            ErrorKind::Internal,
            format!("the {} has a 3D model, not a drawing as text", p.title()),
        )),
    }
}

/// Checks an input of the flat puzzle `p` as the page takes it (read by the engine, at most
/// [`MAX_INPUT_MOVES`] moves) and returns the text the engine solves.
pub fn solve_input(p: PuzzleId, input: &Input<'_>) -> Result<String, EngineError> {
    replay(p, input, &[])?;
    Ok(match *input {
        Input::Moves(m) => m.to_string(),
        Input::Facelets(f) => f.trim().to_string(),
    })
}

fn state_string_hint(p: PuzzleId) -> String {
    match p {
        PuzzleId::Clock => "not a clock state string: give the 9 dials of the side facing you (0 to 11, or 12 for 0), `/`, the 9 of the other side, as `twisty show --puzzle clock` prints them".into(),
        PuzzleId::Sq1 => "not a Square-1 state string: give the top's slots, `/`, the bottom's, `/`, the middle, as `twisty show --puzzle sq1` prints them".into(),
        _ => format!(
            "the {} takes moves only (it has no state string): give `moves`",
            p.title()
        ),
    }
}

fn run<P: Held>(
    id: PuzzleId,
    p: &P,
    parsed: Parsed<P>,
    moves: Vec<String>,
    then: &[&str],
    draw: impl Fn(&P::State, P::Frame) -> (String, Option<String>),
) -> Result<Replayed, EngineError>
where
    P::Frame: Copy,
{
    if let Some(m) = &parsed.input_moves {
        if m.len() > MAX_INPUT_MOVES {
            return Err(EngineError::usage(format!(
                "the sequence has {} moves; at most {MAX_INPUT_MOVES} are accepted",
                m.len()
            )));
        }
    }
    if then.len() > MAX_INPUT_MOVES {
        return Err(EngineError::usage(format!(
            "the solution has {} moves; at most {MAX_INPUT_MOVES} are accepted",
            then.len()
        )));
    }
    let view = |s: &P::State, f: P::Frame| {
        let (drawing, state_string) = draw(s, f);
        View {
            drawing,
            solved: p.is_solved(s),
            state_string,
        }
    };
    let mut state = parsed.state;
    let mut frame = parsed.frame;
    let start = view(&state, frame);
    let mut steps = Vec::with_capacity(then.len());
    for (i, t) in then.iter().enumerate() {
        p.apply_held(&mut state, &mut frame, t).map_err(|e| {
            EngineError::new(
                ErrorKind::Parse,
                format!(
                    "move {} of the solution, `{t}`, is not a move of the {}: {}",
                    i + 1,
                    id.title(),
                    e.reason
                ),
            )
        })?;
        steps.push(view(&state, frame));
    }
    Ok(Replayed { moves, start, steps })
}
