//! The JSON API: request and response types and the route handlers (the solve itself is in
//! [`crate::solve`]).
//!
//! Every error is `{"error": {"kind", "message", …}}`. Errors about a request's content carry
//! the engine's kinds ([`twisty_engine::ErrorKind`]) with an HTTP status chosen by kind
//! ([`status_of`]); errors about the HTTP exchange itself (an unknown route, a wrong method,
//! host or content type, a full server) carry the server's own kinds.

use crate::display::PuzzleDisplay;
use crate::puzzles::{self, Input, PuzzleError, PuzzleId};
use crate::server::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use twisty_engine::{EngineError, ErrorKind};

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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, Json(self.body)).into_response();
        if let Some(s) = self.retry_after {
            if let Ok(v) = HeaderValue::from_str(&s.to_string()) {
                r.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        r
    }
}

type ApiResult = Result<Response, ApiError>;

/// Decodes a JSON body, turning every failure into a precise `usage` error (400), or
/// `too_large` (413).
pub fn json_body<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    json_bytes(&body_bytes(body)?)
}

/// The bytes of a body, or the reason they could not be read: `too_large` (413) past
/// [`crate::server::MAX_BODY`], `usage` (400) otherwise.
pub fn body_bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::engine(EngineError::new(
                ErrorKind::TooLarge,
                format!(
                    "the request body is larger than {} bytes",
                    crate::server::MAX_BODY
                ),
            ))
        } else {
            ApiError::usage(e.body_text())
        }
    })
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
/// [`crate::display::MAX_WEB_CUBE_N`]).
pub fn puzzle(id: &str) -> Result<PuzzleId, ApiError> {
    let p = id.parse::<PuzzleId>().map_err(ApiError::engine)?;
    if let PuzzleId::Def(_) = p {
        return Err(ApiError::engine(twisty_engine::EngineError::usage(format!(
            "the page does not draw puzzles given by a definition ({}) yet: solve them with the command line (`twisty solve --puzzle {p}`) or Python",
            p.title()
        ))));
    }
    if p == PuzzleId::Clock {
        return Err(ApiError::engine(twisty_engine::EngineError::usage(
            "the page does not draw the clock yet: solve it with the command line (`twisty solve --puzzle clock`) or Python; its event scrambles come from /api/scramble?event=clock",
        )));
    }
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
    p.model().state_string(&state.to_vec())
}

/// `GET /api/health`.
pub async fn health(State(st): State<Arc<AppState>>) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "active_solves": st.active.load(Ordering::SeqCst),
        "max_concurrent_solves": st.max_solves,
    }))
}

/// `GET /api/puzzles`.
pub async fn list_puzzles(State(st): State<Arc<AppState>>) -> Json<Value> {
    let list: Vec<Value> = PuzzleId::all()
        .into_iter()
        .map(|p| {
            let solvers = crate::catalog::solvers_json(&st.engine, p);
            json!({
                "id": p.id(),
                "aliases": match p {
                    PuzzleId::Supercube(n) => vec![format!("supercube-{n}")],
                    PuzzleId::CubeN(n) => vec![format!("{n}x{n}x{n}"), format!("{n}{n}{n}")],
                    fixed => fixed.aliases().iter().map(|a| a.to_string()).collect(),
                },
                "name": p.name(),
                "facelets": p.model().has_state_string(),
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
    Json(json!({ "puzzles": list }))
}

/// Query of `GET /api/scramble` and `GET /api/geometry`.
#[derive(Debug, Deserialize)]
pub struct PuzzleQuery {
    /// Puzzle id.
    pub puzzle: Option<String>,
    /// Seed for reproducible scrambles.
    pub seed: Option<u64>,
}

/// The decoded query of `GET /api/scramble`, `/api/geometry` and `/api/solvers`, with its
/// puzzle (which every one of them needs).
pub fn puzzle_query(
    q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<(PuzzleId, PuzzleQuery), ApiError> {
    let Query(q) = q.map_err(|e| ApiError::usage(e.body_text()))?;
    let p = match &q.puzzle {
        Some(p) => puzzle(p)?,
        None => {
            return Err(ApiError::usage(
                "missing query parameter `puzzle` (e.g. ?puzzle=3x3x3)",
            ))
        }
    };
    Ok((p, q))
}

/// Query of `GET /api/scramble`.
#[derive(Debug, Deserialize)]
pub struct ScrambleQuery {
    /// Puzzle id.
    pub puzzle: Option<String>,
    /// A WCA event id (`333bf`): the event's scramble, of the event's puzzle.
    pub event: Option<String>,
    /// Seed for reproducible scrambles.
    pub seed: Option<u64>,
}

/// `GET /api/scramble?puzzle=…|event=…[&seed=…]`.
pub async fn scramble(
    State(st): State<Arc<AppState>>,
    q: Result<Query<ScrambleQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let Query(q) = q.map_err(|e| ApiError::usage(e.body_text()))?;
    if let Some(event) = &q.event {
        return event_scramble(st, event, &q).await;
    }
    let (p, q) = puzzle_query(Ok(Query(PuzzleQuery {
        puzzle: q.puzzle,
        seed: q.seed,
    })))?;
    let seed = q.seed.unwrap_or_else(fresh_web_seed);
    // A random-state scramble runs a solver: keep it off the async threads.
    let (s, parsed) = tokio::task::spawn_blocking(move || {
        let s = puzzles::scramble(p, seed, &st.env);
        let parsed = puzzles::parse_input(p, &Input::Moves(&s.scramble));
        (s, parsed)
    })
    .await
    .map_err(|e| EngineError::new(ErrorKind::Internal, format!("scramble task failed: {e}")))?;
    let parsed = parsed?;
    Ok(Json(json!({
        "puzzle": p.id(),
        "scramble": s.scramble,
        "moves": parsed.moves,
        "kind": s.kind,
        "seed": seed,
        "state": parsed.state,
        "facelets": facelets(p, &parsed.state),
    }))
    .into_response())
}

/// A fresh seed below 2^53, so that JavaScript shows it exactly.
fn fresh_web_seed() -> u64 {
    twisty_core::rng::fresh_seed() & ((1 << 53) - 1)
}

/// `GET /api/scramble?event=…`: the engine's scramble of a WCA event; `moves`, `state` and
/// `facelets` as for a puzzle's scramble where the page draws the event's puzzle, `null`
/// where it does not (the Pyraminx, Skewb, megaminx and clock).
async fn event_scramble(st: Arc<AppState>, event: &str, q: &ScrambleQuery) -> ApiResult {
    use twisty_engine::scramble::event::Event;
    let event: Event = event.parse().map_err(ApiError::engine)?;
    let p = event.puzzle().map_err(ApiError::engine)?;
    if let Some(named) = &q.puzzle {
        if named.parse::<PuzzleId>().ok() != Some(p) {
            return Err(ApiError::usage(format!(
                "the event `{event}` is scrambled on the {}, not `{named}`: give the event alone",
                p.title()
            )));
        }
    }
    let seed = q.seed.unwrap_or_else(fresh_web_seed);
    let drawn = puzzle(&p.to_string()).is_ok();
    let (s, parsed) = tokio::task::spawn_blocking(move || {
        let s = puzzles::event_scramble(event, seed, &st.env)?;
        let parsed = drawn
            .then(|| puzzles::parse_input(p, &Input::Moves(&s.scramble)))
            .transpose()?;
        Ok::<_, ApiError>((s, parsed))
    })
    .await
    .map_err(|e| EngineError::new(ErrorKind::Internal, format!("scramble task failed: {e}")))??;
    Ok(Json(json!({
        "event": event.id(),
        "puzzle": p.id(),
        "scramble": s.scramble,
        "moves": parsed.as_ref().map(|x| &x.moves),
        "kind": event.kind(),
        "seed": seed,
        "state": parsed.as_ref().map(|x| &x.state),
        "facelets": parsed.as_ref().and_then(|x| facelets(p, &x.state)),
    }))
    .into_response())
}

/// `GET /api/geometry?puzzle=…`: pieces, colours and rotation group of the display model.
pub async fn geometry(q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>) -> ApiResult {
    let (p, _) = puzzle_query(q)?;
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
    let mut r = Json(json!({
        "puzzle": p.id(),
        "pieces": m.pieces,
        "colours": m.colours,
        "group": group,
        "ghost_unsolved": m.ghost_unsolved,
        "net": m.net,
    }))
    .into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    Ok(r)
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

/// `POST /api/validate`: parses moves or facelets; returns the normalised moves and the state.
pub async fn validate(State(st): State<Arc<AppState>>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let bytes = body_bytes(body)?;
    let v = off_async(&st, move || validated(&bytes)).await?;
    Ok(Json(v).into_response())
}

/// Runs `work` (parsing and applying moves: up to the input limit on the largest puzzles,
/// seconds of work) on the blocking pool, at most [`AppState::parses`] at once (more get
/// 503 `busy`), so that the async threads keep answering every other request.
pub async fn off_async<T: Send + 'static>(
    st: &AppState,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let Ok(permit) = st.parses.clone().try_acquire_owned() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "as many input checks as allowed are running; retry shortly",
        )
        .retry_after(1));
    };
    let out = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| EngineError::new(ErrorKind::Internal, format!("input task failed: {e}")))?;
    out
}

/// The answer of `POST /api/validate` to a body of `bytes`: the JSON decoded, the puzzle and
/// its input parsed, as `{valid, puzzle, moves, length, state, solved, last, facelets}`.
pub fn validated(bytes: &[u8]) -> Result<Value, ApiError> {
    let req: StateRequest = json_bytes(bytes)?;
    let p = puzzle(&req.puzzle)?;
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

/// `GET /api/solves`: the solves running now with their elapsed time, time limit and the
/// engine's latest progress message (or null), for progress display while a `POST
/// /api/solve` is pending.
pub async fn running_solves(State(st): State<Arc<AppState>>) -> ApiResult {
    let r = st.running.lock().unwrap_or_else(|e| e.into_inner());
    let list: Vec<_> = r
        .iter()
        .map(|x| {
            json!({
                "id": x.id,
                "puzzle": x.puzzle,
                "solver": x.solver,
                "elapsed_ms": x.started.elapsed().as_secs_f64() * 1e3,
                "time_limit_ms": x.time_limit * 1e3,
                "progress": *x.progress.lock().unwrap_or_else(|e| e.into_inner()),
            })
        })
        .collect();
    Ok(Json(json!({ "solves": list, "max_solves": st.max_solves })).into_response())
}

/// `GET /api/solvers?puzzle=…`: the engine's catalog for the puzzle (ids, aliases, defaults,
/// typed options with ranges, tables).
pub async fn list_solvers(
    q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let (p, _) = puzzle_query(q)?;
    Ok(Json(json!({ "puzzle": p.id(), "solvers": crate::catalog::solvers(p) })).into_response())
}
