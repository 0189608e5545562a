//! `POST /api/replay` (its handler is [`crate::api::replay`]): a solution replayed on the display model, step by step, for the
//! page's animation. The solution is the engine's answer in the user's frame, so it applies
//! to the puzzle as shown after the input. A puzzle drawn as text ([`crate::flat`]) gets a
//! drawing of each step instead of a display state and an animation.

use crate::api::{input_of, json_bytes, puzzle, ApiError};
use crate::display::PuzzleDisplay;
use crate::geometry::Anim;
use crate::puzzles;
use serde::{Deserialize, Serialize};
use serde_json::json;
use twisty_engine::EngineError;

/// Body of `POST /api/replay`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayBody {
    /// Puzzle id.
    pub puzzle: String,
    /// The input moves from solved.
    pub moves: Option<String>,
    /// A state string (instead of `moves`): the cubes' facelets, the Kilominx's corners.
    pub facelets: Option<String>,
    /// The moves to replay after the input, separated by spaces.
    pub solution: String,
}

#[derive(Serialize)]
struct Step {
    #[serde(rename = "move")]
    mv: String,
    anim: Anim,
    state: Vec<u8>,
}

/// The answer of `POST /api/replay` to a body of `bytes`.
pub fn replayed(bytes: &[u8]) -> Result<serde_json::Value, ApiError> {
    let body: ReplayBody = json_bytes(bytes)?;
    let p = puzzle(&body.puzzle)?;
    crate::nesting::check(&body.solution)?;
    if crate::flat::is_flat(p) {
        let tokens: Vec<&str> = body.solution.split_whitespace().collect();
        let r = crate::flat::replay(p, &input_of(&body.moves, &body.facelets)?, &tokens)?;
        let steps: Vec<_> = tokens
            .iter()
            .zip(&r.steps)
            .map(|(t, v)| json!({ "move": t, "drawing": v.drawing, "solved": v.solved }))
            .collect();
        let solved = r.steps.last().map_or(r.start.solved, |v| v.solved);
        return Ok(json!({
            "puzzle": p.id(),
            "start": { "state": null, "drawing": r.start.drawing, "solved": r.start.solved },
            "steps": steps,
            "solved": solved,
        }));
    }
    let start = puzzles::parse_input(p, &input_of(&body.moves, &body.facelets)?)?;
    let model = p.model();
    let tokens: Vec<&str> = body.solution.split_whitespace().collect();
    if tokens.len() > puzzles::MAX_INPUT_MOVES {
        return Err(ApiError::usage(format!(
            "the solution has {} moves; at most {} are accepted",
            tokens.len(),
            puzzles::MAX_INPUT_MOVES
        )));
    }
    let mut state = start.state.clone();
    let mut steps = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        let anim = model.apply(&mut state, t).map_err(|_| {
            EngineError::new(
                twisty_engine::ErrorKind::Parse,
                format!(
                    "move {} of the solution, `{t}`, is not a move of the {}",
                    i + 1,
                    p.name()
                ),
            )
        })?;
        steps.push(Step {
            mv: (*t).to_string(),
            anim,
            state: state.clone(),
        });
    }
    Ok(json!({
        "puzzle": p.id(),
        "start": { "state": start.state, "solved": model.is_solved(&start.state) },
        "steps": steps,
        "solved": model.is_solved(&state),
    }))
}
