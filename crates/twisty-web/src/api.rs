//! The JSON API: request and response types, errors, and every route's answer as a function
//! of the request (its body or query) alone, without HTTP: the server's handlers
//! ([`http`], with the `server` feature) and the WebAssembly build call the same functions.
//! The solve request is in [`crate::request`].
//!
//! Every error is `{"error": {"kind", "message", …}}`. Errors about a request's content carry
//! the engine's kinds ([`twisty_engine::ErrorKind`]) with an HTTP status chosen by kind
//! ([`status_of`]); errors about the HTTP exchange itself (an unknown route, a wrong method,
//! host or content type, a full server) carry the server's own kinds.

#[cfg(feature = "server")]
pub mod http;
#[cfg(feature = "server")]
pub use http::*;

use crate::display::PuzzleDisplay;
use crate::puzzles::{self, Env, Input, PuzzleError, PuzzleId};
use ::http::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};
use twisty_engine::{Engine, EngineError, ErrorKind};

/// The HTTP status of an engine error of `kind`.
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Usage => StatusCode::BAD_REQUEST,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::Parse
        | ErrorKind::ImpossibleState
        | ErrorKind::NoSolution
        | ErrorKind::Timeout
        | ErrorKind::Cancelled
        | ErrorKind::GaveUp => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::Tables => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// An API error: an HTTP status and a JSON body `{"error": {"kind", "message", …}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: Value,
    retry_after: Option<u64>,
}

impl ApiError {
    /// An error of the server's own `kind` (not an engine kind) with `message`.
    pub fn new(status: StatusCode, kind: &str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            body: json!({ "error": { "kind": kind, "message": message.into() } }),
            retry_after: None,
        }
    }

    /// An engine error, with the status of its kind.
    pub fn engine(e: EngineError) -> Self {
        ApiError {
            status: status_of(e.kind),
            body: json!({ "error": e }),
            retry_after: None,
        }
    }

    /// A request error of kind `usage` (400).
    pub fn usage(message: impl Into<String>) -> Self {
        Self::engine(EngineError::usage(message))
    }

    /// The same error with a `Retry-After` header of `seconds`.
    pub fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The JSON body: `{"error": {"kind", "message", …}}`.
    pub fn body(&self) -> &Value {
        &self.body
    }

    /// 404 for unknown routes.
    pub fn not_found(path: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no such route: {path}"),
        )
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        Self::engine(e)
    }
}

impl From<PuzzleError> for ApiError {
    fn from(e: PuzzleError) -> Self {
        Self::engine(engine_error(e))
    }
}

/// The engine's view of a display-side error: the same kinds everywhere.
pub fn engine_error(e: PuzzleError) -> EngineError {
    let message = e.to_string();
    match e {
        PuzzleError::Parse(p) => EngineError::from(p),
        PuzzleError::Engine(e) => e,
        PuzzleError::UnknownPuzzle(_) | PuzzleError::Solver(_) | PuzzleError::BadRequest(_) => {
            EngineError::usage(message)
        }
        PuzzleError::Impossible(_) => EngineError::new(ErrorKind::ImpossibleState, message),
        PuzzleError::NoSolution(_) => EngineError::new(ErrorKind::NoSolution, message),
        PuzzleError::Internal(_) => EngineError::new(ErrorKind::Internal, message),
    }
}

impl From<PuzzleError> for EngineError {
    fn from(e: PuzzleError) -> Self {
        engine_error(e)
    }
}

/// Decodes the bytes of a JSON body, turning a failure into a precise `usage` error (400).
pub fn json_bytes<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::usage(format!(
            "invalid JSON body at line {}, column {}: {e}",
            e.line(),
            e.column()
        ))
    })
}

/// The puzzle named `id`, parsed by the engine (the page takes N×N×N cubes up to
/// [`crate::display::MAX_WEB_CUBE_N`], and draws the puzzles without a 3D model as text:
/// [`crate::flat`]).
pub fn puzzle(id: &str) -> Result<PuzzleId, ApiError> {
    let p = id.parse::<PuzzleId>().map_err(ApiError::engine)?;
    if let PuzzleId::CubeN(n) = p {
        let max = crate::display::MAX_WEB_CUBE_N;
        if n > max {
            return Err(ApiError::engine(twisty_engine::EngineError::usage(format!(
                "the page draws N×N×N cubes up to {max}x{max}, not {n}x{n} (the command line and Python take them up to {0}x{0})",
                twisty_engine::MAX_CUBE_N
            ))));
        }
    }
    Ok(p)
}

/// The state string of a display state (for the sticker editor and the page's link): the
/// cubes' facelets, the Kilominx's corners; `None` for the supercubes.
pub fn facelets(p: PuzzleId, state: &[u8]) -> Option<String> {
    if crate::flat::is_flat(p) {
        return None;
    }
    p.model().state_string(&state.to_vec())
}

/// Query of `GET /api/scramble`, `GET /api/geometry` and `GET /api/solvers`.
#[derive(Debug, Deserialize)]
pub struct PuzzleQuery {
    /// Puzzle id.
    pub puzzle: Option<String>,
    /// Seed for reproducible scrambles.
    pub seed: Option<u64>,
}

impl PuzzleQuery {
    /// The puzzle the query names, which every route taking one needs.
    pub fn puzzle(&self) -> Result<PuzzleId, ApiError> {
        match &self.puzzle {
            Some(p) => puzzle(p),
            None => Err(ApiError::usage(
                "missing query parameter `puzzle` (e.g. ?puzzle=3x3x3)",
            )),
        }
    }
}

/// The answer of `GET /api/puzzles`: every puzzle with its names, its solvers (as
/// [`crate::catalog::solvers_json`] says for `engine`) and its keyboard map.
pub fn puzzles_json(engine: &Engine) -> Value {
    let list: Vec<Value> = PuzzleId::all()
        .into_iter()
        .map(|p| {
            let solvers = crate::catalog::solvers_json(engine, p);
            json!({
                "id": p.id(),
                "aliases": match p {
                    PuzzleId::Supercube(n) => vec![format!("supercube-{n}")],
                    PuzzleId::CubeN(n) => vec![format!("{n}x{n}x{n}"), format!("{n}{n}{n}")],
                    fixed => fixed.aliases().iter().map(|a| a.to_string()).collect(),
                },
                "name": p.name(),
                "facelets": p.model().has_state_string(),
                "drawing": if crate::flat::is_flat(p) { "text" } else { "3d" },
                "solvers": solvers,
                "can_solve": !solvers.is_empty(),
                "events": twisty_engine::scramble::event::EVENTS
                    .iter()
                    .filter(|(_, e)| e.puzzle().ok() == Some(p))
                    .map(|(id, _)| *id)
                    .collect::<Vec<_>>(),
                "keys": p.keys().iter().map(|(k, t)| json!({"key": k.to_string(), "move": t})).collect::<Vec<_>>(),
                "double_turns": if p == PuzzleId::Kilominx { "Alt: X2, Alt+Shift: X2'" } else { "Alt: X2" },
            })
        })
        .collect();
    json!({ "puzzles": list })
}

/// The answer of `GET /api/scramble` for puzzle `p`: a scramble made with `seed`, or with a
/// fresh seed below 2^53 (which JavaScript shows exactly), with its moves and state.
pub fn scrambled(env: &Env, p: PuzzleId, seed: Option<u64>) -> Result<Value, ApiError> {
    let seed = seed.unwrap_or_else(fresh_web_seed);
    let s = puzzles::scramble(p, seed, env);
    if crate::flat::is_flat(p) {
        let r = crate::flat::replay(p, &Input::Moves(&s.scramble), &[])?;
        return Ok(json!({
            "puzzle": p.id(),
            "scramble": s.scramble,
            "moves": r.moves,
            "kind": s.kind,
            "seed": seed,
            "state": null,
            "facelets": null,
            "drawing": r.start.drawing,
        }));
    }
    let parsed = puzzles::parse_input(p, &Input::Moves(&s.scramble))?;
    Ok(json!({
        "puzzle": p.id(),
        "scramble": s.scramble,
        "moves": parsed.moves,
        "kind": s.kind,
        "seed": seed,
        "state": parsed.state,
        "facelets": facelets(p, &parsed.state),
    }))
}

/// Query of `GET /api/scramble` (the WebAssembly build takes it as a JSON object).
#[derive(Debug, Deserialize)]
pub struct ScrambleQuery {
    /// Puzzle id.
    pub puzzle: Option<String>,
    /// A WCA event id (`333bf`): the event's scramble, of the event's puzzle.
    pub event: Option<String>,
    /// Seed for reproducible scrambles.
    pub seed: Option<u64>,
}

/// The answer of `GET /api/scramble`: a WCA event's scramble when the query names an event,
/// else the puzzle's (see [`scrambled`]). May run a solver (random-state scrambles).
pub fn scramble_answer(env: &Env, q: &ScrambleQuery) -> Result<Value, ApiError> {
    match &q.event {
        Some(event) => event_scrambled(env, event, q.puzzle.as_deref(), q.seed),
        None => {
            let p = PuzzleQuery {
                puzzle: q.puzzle.clone(),
                seed: q.seed,
            }
            .puzzle()?;
            scrambled(env, p, q.seed)
        }
    }
}

/// A WCA event's scramble: `moves`, `state` and `facelets` as for a puzzle's scramble; for
/// a puzzle drawn as text (the Pyraminx, Skewb, megaminx, Square-1 and clock) `state` and
/// `facelets` are `null` and `drawing` is the scrambled state as text. `named`, if given,
/// must be the event's puzzle.
pub fn event_scrambled(
    env: &Env,
    event: &str,
    named: Option<&str>,
    seed: Option<u64>,
) -> Result<Value, ApiError> {
    use twisty_engine::scramble::event::Event;
    let event: Event = event.parse().map_err(ApiError::engine)?;
    let p = event.puzzle().map_err(ApiError::engine)?;
    if let Some(named) = named {
        if named.parse::<PuzzleId>().ok() != Some(p) {
            return Err(ApiError::usage(format!(
                "the event `{event}` is scrambled on the {}, not `{named}`: give the event alone",
                p.title()
            )));
        }
    }
    let seed = seed.unwrap_or_else(fresh_web_seed);
    let s = puzzles::event_scramble(event, seed, env)?;
    if crate::flat::is_flat(p) {
        let r = crate::flat::replay(p, &Input::Moves(&s.scramble), &[])?;
        return Ok(json!({
            "event": event.id(),
            "puzzle": p.id(),
            "scramble": s.scramble,
            "moves": r.moves,
            "kind": event.kind(),
            "seed": seed,
            "state": null,
            "facelets": null,
            "drawing": r.start.drawing,
        }));
    }
    let parsed = puzzles::parse_input(p, &Input::Moves(&s.scramble))?;
    Ok(json!({
        "event": event.id(),
        "puzzle": p.id(),
        "scramble": s.scramble,
        "moves": parsed.moves,
        "kind": event.kind(),
        "seed": seed,
        "state": parsed.state,
        "facelets": facelets(p, &parsed.state),
    }))
}

/// A fresh seed below 2^53, so that JavaScript shows it exactly.
pub fn fresh_web_seed() -> u64 {
    twisty_core::rng::fresh_seed() & ((1 << 53) - 1)
}

/// The answer of `GET /api/geometry` for puzzle `p`: pieces, colours and rotation group of
/// the display model (no pieces for a puzzle drawn as text, `drawing` says which).
pub fn geometry_json(p: PuzzleId) -> Value {
    let m = p.model();
    let group: Vec<[f32; 9]> = m
        .group
        .mats
        .iter()
        .map(|r| {
            let mut a = [0f32; 9];
            for i in 0..3 {
                for j in 0..3 {
                    a[3 * i + j] = r[i][j] as f32;
                }
            }
            a
        })
        .collect();
    json!({
        "puzzle": p.id(),
        "pieces": m.pieces,
        "colours": m.colours,
        "group": group,
        "ghost_unsolved": m.ghost_unsolved,
        "net": m.net,
        "drawing": if crate::flat::is_flat(p) { "text" } else { "3d" },
    })
}

/// The answer of `GET /api/solvers` for puzzle `p`: the engine's catalog (ids, aliases,
/// defaults, typed options with ranges, tables).
pub fn catalog_json(p: PuzzleId) -> Value {
    json!({ "puzzle": p.id(), "solvers": crate::catalog::solvers(p) })
}

/// Body of `POST /api/validate`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateRequest {
    /// Puzzle id.
    pub puzzle: String,
    /// A move sequence from solved.
    pub moves: Option<String>,
    /// A state string (instead of `moves`): the cubes' facelets, the Kilominx's corners.
    pub facelets: Option<String>,
}

/// `moves` or `facelets` of a request body, exactly one of them.
pub fn input_of<'a>(moves: &'a Option<String>, facelets: &'a Option<String>) -> Result<Input<'a>, ApiError> {
    if let Some(m) = moves {
        crate::nesting::check(m)?;
    }
    match (moves, facelets) {
        (Some(m), None) => Ok(Input::Moves(m)),
        (None, Some(f)) => Ok(Input::Facelets(f)),
        (Some(_), Some(_)) => Err(ApiError::usage("give either `moves` or `facelets`, not both")),
        (None, None) => Err(ApiError::usage(
            "missing `moves` (a move sequence) or `facelets` (a state string)",
        )),
    }
}

impl StateRequest {
    fn input(&self) -> Result<Input<'_>, ApiError> {
        input_of(&self.moves, &self.facelets)
    }
}

/// The answer of `POST /api/validate` to a body of `bytes`: the JSON decoded, the puzzle and
/// its input parsed, as `{valid, puzzle, moves, length, state, solved, last, facelets}`; for
/// a puzzle drawn as text, `state`, `last` and `facelets` are `null`, `drawing` is the state
/// as text and `state_string` its state string (the clock and the Square-1).
pub fn validated(bytes: &[u8]) -> Result<Value, ApiError> {
    let req: StateRequest = json_bytes(bytes)?;
    let p = puzzle(&req.puzzle)?;
    if crate::flat::is_flat(p) {
        let r = crate::flat::replay(p, &req.input()?, &[])?;
        return Ok(json!({
            "valid": true,
            "puzzle": p.id(),
            "length": r.moves.len(),
            "moves": r.moves,
            "state": null,
            "solved": r.start.solved,
            "last": null,
            "facelets": null,
            "drawing": r.start.drawing,
            "state_string": r.start.state_string,
        }));
    }
    let parsed = puzzles::parse_input(p, &req.input()?)?;
    let solved = p.model().is_solved(&parsed.state);
    Ok(json!({
        "valid": true,
        "puzzle": p.id(),
        "moves": parsed.moves,
        "length": parsed.moves.len(),
        "state": parsed.state,
        "solved": solved,
        "last": parsed.last,
        "facelets": facelets(p, &parsed.state),
    }))
}
