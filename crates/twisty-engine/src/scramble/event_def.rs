//! The WCA events of puzzles given by a definition, in the form TNoodle (the WCA's
//! scrambler) gives them:
//!
//! - `pyram`: a uniformly random Pyraminx state at least 6 moves from solved, tips counted
//!   (TNoodle's minimum distance), written as exactly 11 moves of the big layers (`U L R B`)
//!   followed by one turn of each tip that needs one (`u l r b`, in that order);
//! - `skewb`: a uniformly random Skewb state at least 7 moves from solved, written as
//!   exactly 11 moves (`U L R B`, cubing.js's Skewb notation);
//! - `minx`: Stefan Pochmann's random moves, 7 lines of 10 moves alternating `R++`/`R--`
//!   and `D++`/`D--`, each line ending with `U` after `D++` and `U'` after `D--`.
//!
//! A random state is solved optimally (one thread, so a seed gives one scramble); when the
//! answer is shorter than 11 moves the scramble is made that long by a random prefix P
//! of body moves followed by the inverse of an optimal answer to the state P leaves to do,
//! drawn again until the lengths add up to 11 and no face turns twice in a row. The scramble
//! is checked to reach the drawn state.
//!
//! The state string of these events is the puzzle as held after the scramble, as the orbits
//! of twisty's definition in cubing.js's pattern layout: a JSON object `{"ORBIT":
//! {"pieces": […], "orientation": […]}}`, with `orientationMod` where an orientation is not
//! counted (the Skewb's centres).

use super::def::solve_state;
use super::Scramble;
use crate::defs::DefId;
use crate::engine::Engine;
use crate::error::{EngineError, ErrorKind};
use rand::Rng;
use serde_json::{json, Map, Value};
use twisty_core::def::{DefMove, DefPuzzle, DefState};
use twisty_core::{Held, Puzzle, TwistyRng};

/// Moves of the big layers in a Pyraminx or Skewb scramble, as TNoodle writes them.
pub const EXACT_LENGTH: usize = 11;
/// TNoodle's minimum distance from solved of a Pyraminx scramble, tip turns counted.
pub const PYRAMINX_MIN_DISTANCE: usize = 6;
/// TNoodle's minimum distance from solved of a Skewb scramble.
pub const SKEWB_MIN_DISTANCE: usize = 7;
/// Lines of a megaminx scramble.
pub const MINX_LINES: usize = 7;
/// `R` and `D` moves per megaminx line (then one `U` turn).
pub const MINX_LINE_MOVES: usize = 10;

/// Most random prefixes tried to write a state in exactly [`EXACT_LENGTH`] moves.
const MAX_TRIES: usize = 10_000;

fn internal(msg: impl Into<String>) -> EngineError {
    EngineError::new(ErrorKind::Internal, msg)
}

/// Whether `m` turns a tip alone (a Pyraminx tip: a lower-case move name).
fn is_tip(p: &DefPuzzle, m: DefMove) -> bool {
    p.move_info()[m.index()]
        .name
        .starts_with(|c: char| c.is_ascii_lowercase())
}

/// The moves split into body moves (in order) and tip moves (sorted by face: `u l r b`).
fn split(p: &DefPuzzle, moves: &[DefMove]) -> (Vec<DefMove>, Vec<DefMove>) {
    let (body, mut tips): (Vec<DefMove>, Vec<DefMove>) = moves.iter().partition(|&&m| !is_tip(p, m));
    tips.sort_by_key(|&m| p.face(m));
    (body, tips)
}

/// `n` random body moves, no face twice in a row.
fn random_body(p: &DefPuzzle, rng: &mut TwistyRng, n: usize) -> Vec<DefMove> {
    let body: Vec<DefMove> = p.moves().into_iter().filter(|&m| !is_tip(p, m)).collect();
    let mut out: Vec<DefMove> = Vec::with_capacity(n);
    while out.len() < n {
        let allowed: Vec<DefMove> = body
            .iter()
            .copied()
            .filter(|&m| out.last().is_none_or(|&l| p.face(l) != p.face(m)))
            .collect();
        if allowed.is_empty() {
            break;
        }
        out.push(allowed[rng.random_range(0..allowed.len())]);
    }
    out
}

/// A uniformly random state of the built-in definition `name`, at least `min_distance`
/// moves from solved, written as exactly [`EXACT_LENGTH`] body moves then its tip turns.
fn exact_random_state(
    engine: &Engine,
    name: &str,
    min_distance: usize,
    rng: &mut TwistyRng,
) -> Result<Scramble, EngineError> {
    let d = DefId::builtin(name)?;
    let p = d.puzzle();
    let (state, first) = loop {
        let s = p.random_state(rng);
        let answer = solve_state(engine, d, &p, &s)?;
        if answer.len() >= min_distance {
            break (s, answer);
        }
    };
    let (mut body, mut tips) = split(&p, &p.invert_all(&first));
    let mut tries = 0;
    while body.len() != EXACT_LENGTH {
        tries += 1;
        if tries > MAX_TRIES || body.len() > EXACT_LENGTH {
            return Err(internal(format!(
                "no {EXACT_LENGTH}-move scramble of a {name} state found ({} moves optimal)",
                body.len()
            )));
        }
        // Q·P reaches the state when Q reaches state·P⁻¹.
        let prefix = random_body(&p, rng, EXACT_LENGTH - body.len());
        let layout = p.layout();
        let rest = DefState(layout.compose(&state.0, &layout.invert(&p.transform_of(&prefix))));
        let (b, t) = split(&p, &p.invert_all(&solve_state(engine, d, &p, &rest)?));
        let joins = match (b.last(), prefix.first()) {
            (Some(&x), Some(&y)) => p.face(x) != p.face(y),
            _ => true,
        };
        if b.len() + prefix.len() == EXACT_LENGTH && joins {
            body = b.into_iter().chain(prefix).collect();
            tips = t;
        }
    }
    let moves: Vec<DefMove> = body.into_iter().chain(tips).collect();
    if p.pattern(&p.state_after(&moves).0) != p.pattern(&state.0) {
        return Err(internal(format!(
            "internal error: the {name} scramble does not reach its state"
        )));
    }
    let scramble = p.held_moves(p.home_frame(), &moves).join(" ");
    Ok(Scramble {
        state: Some(held_state(&p, &scramble)?),
        scramble,
    })
}

/// A `pyram` scramble.
pub fn pyram(engine: &Engine, rng: &mut TwistyRng) -> Result<Scramble, EngineError> {
    exact_random_state(engine, "pyraminx", PYRAMINX_MIN_DISTANCE, rng)
}

/// A `skewb` scramble.
pub fn skewb(engine: &Engine, rng: &mut TwistyRng) -> Result<Scramble, EngineError> {
    exact_random_state(engine, "skewb", SKEWB_MIN_DISTANCE, rng)
}

/// A `minx` scramble: [`MINX_LINES`] lines (separated by `\n`).
pub fn minx(rng: &mut TwistyRng) -> Result<Scramble, EngineError> {
    let mut lines = Vec::with_capacity(MINX_LINES);
    for _ in 0..MINX_LINES {
        let mut line: Vec<&str> = Vec::with_capacity(MINX_LINE_MOVES + 1);
        let mut last_up = true;
        for j in 0..MINX_LINE_MOVES {
            last_up = rng.random_bool(0.5);
            line.push(match (j % 2 == 0, last_up) {
                (true, true) => "R++",
                (true, false) => "R--",
                (false, true) => "D++",
                (false, false) => "D--",
            });
        }
        line.push(if last_up { "U" } else { "U'" });
        lines.push(line.join(" "));
    }
    let scramble = lines.join("\n");
    let p = DefId::builtin("megaminx")?.puzzle();
    Ok(Scramble {
        state: Some(held_state(&p, &scramble)?),
        scramble,
    })
}

/// The puzzle as held after `scramble`, as a JSON object in cubing.js's pattern layout (see
/// [the module](self)).
pub fn held_state(p: &DefPuzzle, scramble: &str) -> Result<String, EngineError> {
    let (state, frame) = p.parse_held(scramble)?;
    let held = p.layout().compose(&state.0, &p.frame_transform(frame));
    let mods = p.orientation_mods();
    let mut orbits = Map::new();
    for (name, o) in p.orbits() {
        let pieces = &held[o.offset..o.offset + o.pieces];
        let orientation = &held[o.offset + o.pieces..o.offset + 2 * o.pieces];
        let mut entry = json!({ "pieces": pieces, "orientation": orientation });
        let modulus: Vec<u8> = pieces
            .iter()
            .map(|&k| mods[o.offset + k as usize].max(1))
            .collect();
        if modulus.iter().any(|&m| m != o.orientations) {
            entry["orientationMod"] = Value::from(modulus);
        }
        orbits.insert(name.to_string(), entry);
    }
    Ok(Value::Object(orbits).to_string())
}
