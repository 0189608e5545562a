//! One adapter per puzzle: parse moves and facelets, scramble, and replay everything on the
//! display model ([`crate::geometry`]) so the page only draws. Solving is the engine's
//! ([`crate::solve`]).
//!
//! Moves are exchanged as notation tokens. Where the core puzzle model exists, the adapter
//! parses with it; the formatted moves are then replayed on the display model.

mod scrambles;

pub use scrambles::{event_scramble, scramble, Scramble};

use crate::core_adapter;
use crate::geometry::{Anim, DisplayState};
use twisty_core::cube2::Cube2;
use twisty_core::cube3::{facelets as cube3_facelets_io, Cube3};
use twisty_core::kilominx::{HeldNames, KiloFrame, Kilominx};
use twisty_core::{alg, ParseError};
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::optimal::cube2::Cube2Optimal;

use crate::display::PuzzleDisplay;
pub use twisty_engine::PuzzleId;

/// Longest move sequence accepted as input (after expanding repeats).
pub const MAX_INPUT_MOVES: usize = 10_000;

/// The solvers random-state scrambles use, with the engine's tables (shared with its solves,
/// see [`crate::shared_tables`]).
#[derive(Debug, Clone)]
pub struct Env {
    engine: std::sync::Arc<twisty_engine::Engine>,
}

impl Env {
    /// Scrambles over `engine`'s tables.
    pub fn new(engine: std::sync::Arc<twisty_engine::Engine>) -> Env {
        Env { engine }
    }

    /// The fast Kilominx solver (67 MiB of tables, built in a few seconds when missing).
    fn kilominx_fast(&self) -> Result<std::sync::Arc<KilominxFast>, PuzzleError> {
        crate::shared_tables::kilominx_fast(&self.engine).map_err(PuzzleError::Engine)
    }

    fn cube2_optimal(&self) -> Result<std::sync::Arc<Cube2Optimal>, PuzzleError> {
        crate::shared_tables::cube2_optimal(&self.engine).map_err(PuzzleError::Engine)
    }
}

/// What went wrong, with enough detail for the page to point at it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Unknown puzzle id.
    #[error("{0}")]
    UnknownPuzzle(String),
    /// Unknown or unavailable solver.
    #[error("{0}")]
    Solver(String),
    /// A move sequence that does not parse.
    #[error("{0}")]
    Parse(ParseError),
    /// A state that cannot be reached from solved.
    #[error("impossible state: {0}")]
    Impossible(String),
    /// A request that is well-formed JSON but asks for something unsupported.
    #[error("{0}")]
    BadRequest(String),
    /// The solver ran out of time or was cancelled, or found nothing within the limits.
    #[error("{0}")]
    NoSolution(String),
    /// A bug: e.g. a solution that does not solve.
    #[error("internal error: {0}")]
    Internal(String),
    /// An error as the engine reports it (e.g. a facelet string the core model refuses).
    #[error("{0}")]
    Engine(twisty_engine::EngineError),
}

/// The state to work on.
#[derive(Debug, Clone)]
pub enum Input<'a> {
    /// A move sequence applied to the solved puzzle.
    Moves(&'a str),
    /// A state string: the cubes' facelets, the Kilominx's corners (not the supercubes).
    Facelets(&'a str),
}

/// A parsed input.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The input moves (empty for facelets), one token each, as the puzzle formats them.
    pub moves: Vec<String>,
    /// The display state reached.
    pub state: DisplayState,
    /// Animation of the last input move, from the state before it.
    pub last: Option<Anim>,
    /// The facelet string, for facelet input.
    pub facelets: Option<String>,
}

/// Parses `text` into move tokens of puzzle `p` (with the core model where there is one).
pub fn parse_moves(p: PuzzleId, text: &str) -> Result<Vec<String>, PuzzleError> {
    match p {
        PuzzleId::Cube3 => return core_adapter::parse_with(&Cube3, text).map(|(_, tokens)| tokens),
        PuzzleId::Cube2 => return core_adapter::parse_with(&Cube2, text).map(|(_, tokens)| tokens),
        PuzzleId::Kilominx => return kilominx_turns(text),
        PuzzleId::CubeN(n) => return cube_n_turns(usize::from(n), text),
        _ => {}
    }
    let model = p.model();
    let hint = p.notation_hint();
    let ids = alg::parse_alg(
        text,
        |tok| {
            model
                .move_id(tok)
                .map(|id| vec![id])
                .ok_or_else(|| format!("not a move of the {}: {hint}", p.name()))
        },
        |id| model.inverse_id(id),
    )
    .map_err(PuzzleError::Parse)?;
    if ids.len() > MAX_INPUT_MOVES {
        return Err(PuzzleError::BadRequest(format!(
            "the sequence has {} moves; at most {MAX_INPUT_MOVES} are accepted",
            ids.len()
        )));
    }
    Ok(ids.iter().map(|&i| model.move_name(i).to_string()).collect())
}

/// Parses N×N×N moves (the core's WCA / SiGN parser: wide, numbered wide, inner layers,
/// ranges, `M E S` on odd N, rotations) into the display model's tokens, as typed (the cube
/// held as the user turns it): a block that holds a face as that face's wide turn (`R`,
/// `Rw`, `3Rw`…), a rotation as `x y z`, and a block of inner layers as its layers one by
/// one (`2-3r` is `2R 3R`, `M` is `3L` on a 5x5x5), the same turn.
fn cube_n_turns(n: usize, text: &str) -> Result<Vec<String>, PuzzleError> {
    let blocks = twisty_core::wca::parse_blocks(n, text).map_err(PuzzleError::Parse)?;
    let mut out = Vec::with_capacity(blocks.len());
    for b in blocks {
        let (axis, lo, hi) = (b.axis as usize % 3, b.lo as usize, b.hi as usize);
        // Angle 0 is a quarter turn positive about the axis: clockwise seen from L, D, B.
        let negative_suffix = ["", "2", "'"][b.angle as usize % 3];
        let positive_suffix = ["'", "2", ""][b.angle as usize % 3];
        let width = hi + 1 - lo;
        if lo == 0 && hi + 1 == n {
            out.push(format!("{}{positive_suffix}", ["x", "y", "z"][axis]));
        } else if hi + 1 == n {
            let f = ["R", "U", "F"][axis];
            out.push(match width {
                1 => format!("{f}{positive_suffix}"),
                w => format!("{w}{f}w{positive_suffix}"),
            });
        } else if lo == 0 {
            let f = ["L", "D", "B"][axis];
            out.push(match width {
                1 => format!("{f}{negative_suffix}"),
                w => format!("{w}{f}w{negative_suffix}"),
            });
        } else {
            let f = ["R", "U", "F"][axis];
            out.extend((lo..=hi).map(|s| format!("{}{f}{positive_suffix}", n - s)));
        }
        if out.len() > MAX_INPUT_MOVES {
            return Err(PuzzleError::BadRequest(format!(
                "the sequence has more than {MAX_INPUT_MOVES} moves; at most {MAX_INPUT_MOVES} are accepted"
            )));
        }
    }
    Ok(out)
}

/// Parses Kilominx moves in cubing.js notation (rotations included) into the face turns a
/// person makes on the puzzle held at home without rotating it: the display model turns
/// faces only, and the engine then answers in the frame the page shows.
fn kilominx_turns(text: &str) -> Result<Vec<String>, PuzzleError> {
    let mut frame = KiloFrame::HOME;
    let moves = Kilominx
        .held_reference_moves(HeldNames::Cubing, &mut frame, text)
        .map_err(PuzzleError::Parse)?;
    if moves.len() > MAX_INPUT_MOVES {
        return Err(PuzzleError::BadRequest(format!(
            "the sequence has {} moves; at most {MAX_INPUT_MOVES} are accepted",
            moves.len()
        )));
    }
    Ok(kilominx_tokens(&moves))
}

/// Reference-frame Kilominx moves as cubing.js face turns on the puzzle held at home.
fn kilominx_tokens(moves: &[twisty_core::kilominx::KiloMove]) -> Vec<String> {
    Kilominx.held_tokens(HeldNames::Cubing, KiloFrame::HOME, moves)
}

/// Parses an input and replays it on the display model.
pub fn parse_input(p: PuzzleId, input: &Input<'_>) -> Result<Parsed, PuzzleError> {
    let model = p.model();
    match input {
        Input::Moves(text) => {
            let moves = parse_moves(p, text)?;
            let mut state = model.solved();
            let mut last = None;
            for m in &moves {
                last = Some(
                    model
                        .apply(&mut state, m)
                        .map_err(|e| PuzzleError::Internal(e.to_string()))?,
                );
            }
            Ok(Parsed {
                moves,
                state,
                last,
                facelets: None,
            })
        }
        Input::Facelets(text) if p != PuzzleId::Cube3 => {
            let text = text.trim();
            let letters = check_state_string(p, text)?;
            let state = model.from_state_string(&letters).map_err(PuzzleError::Internal)?;
            Ok(Parsed {
                moves: Vec::new(),
                state,
                last: None,
                facelets: Some(letters),
            })
        }
        Input::Facelets(text) => {
            let state = cube3_facelets(text)?;
            Ok(Parsed {
                moves: Vec::new(),
                state,
                last: None,
                facelets: Some(text.chars().filter(|c| !c.is_whitespace()).collect()),
            })
        }
    }
}

/// Whether `p` takes a state string from the page (every puzzle but the supercubes, whose
/// centres turn unseen).
pub fn takes_state_string(p: PuzzleId) -> bool {
    p.model().has_state_string()
}

/// Reads a state string of `p` other than the 3x3x3 with the engine's reader (its shape, then
/// the state: colour counts, twist, parity…, with the engine's message) and writes it back as
/// the display model reads it (face letters for colours, the seed's 2x2x2 net as facelets).
fn check_state_string(p: PuzzleId, text: &str) -> Result<String, PuzzleError> {
    use twisty_engine::input;
    let engine = |e: twisty_engine::EngineError| PuzzleError::Engine(e);
    if !takes_state_string(p) {
        return Err(PuzzleError::BadRequest(format!(
            "the {} takes moves only: its centres turn unseen, so stickers do not tell its state",
            p.name()
        )));
    }
    input::state_string(p, text).map_err(engine)?;
    let notation = twisty_engine::Notation::Standard;
    match p {
        PuzzleId::Cube2 => input::cube2(text, notation).map(|r| r.state.to_facelets_held(r.frame)),
        PuzzleId::Kilominx => {
            input::kilominx(text, notation).map(|r| twisty_core::kilominx::to_state_string(&r.state, r.frame))
        }
        PuzzleId::CubeN(n) => {
            let cube = twisty_core::cube_n::CubeN::new(usize::from(n))
                .map_err(|e| PuzzleError::BadRequest(format!("no {n}x{n}x{n} cube: {e:?}")))?;
            input::cube_n(&cube, text, notation).map(|r| cube.to_facelets_held(&r.state, r.frame))
        }
        _ => Ok(text.to_string()),
    }
    .map_err(engine)
}

/// Reads a 3x3x3 facelet string, checked by the core model (colour counts, centres, twist,
/// flip, parity).
fn cube3_facelets(text: &str) -> Result<DisplayState, PuzzleError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    cube3_facelets_io::from_facelets(&t.to_ascii_uppercase()).map_err(|e| PuzzleError::Engine(e.into()))?;
    PuzzleId::Cube3
        .model()
        .from_cube3_facelets(&t.to_ascii_uppercase())
        .map_err(PuzzleError::Internal)
}

#[cfg(test)]
mod tests;
