//! The JSON API: request and response types and the route handlers.

use crate::puzzles::{self, Input, PuzzleError, PuzzleId};
use crate::server::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use twisty_solvers::Limits;

/// Default solve time limit in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 10.0;
/// Largest solve time limit in seconds.
pub const MAX_TIME_LIMIT: f64 = 60.0;

/// An API error: an HTTP status and a JSON body `{"error": {"kind", "message", …}}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: Value,
    retry_after: Option<u32>,
}

impl ApiError {
    /// An error of `kind` with `message`.
    pub fn new(status: StatusCode, kind: &str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            body: json!({ "error": { "kind": kind, "message": message.into() } }),
            retry_after: None,
        }
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

impl From<PuzzleError> for ApiError {
    fn from(e: PuzzleError) -> Self {
        let msg = e.to_string();
        match e {
            PuzzleError::Parse(p) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                body: json!({ "error": {
                    "kind": "parse",
                    "message": msg,
                    "token": p.token,
                    "line": p.line,
                    "column": p.column,
                    "reason": p.reason,
                }}),
                retry_after: None,
            },
            PuzzleError::UnknownPuzzle(_) => Self::new(StatusCode::BAD_REQUEST, "unknown_puzzle", msg),
            PuzzleError::Solver(_) => Self::new(StatusCode::BAD_REQUEST, "solver", msg),
            PuzzleError::Impossible(_) => Self::new(StatusCode::UNPROCESSABLE_ENTITY, "impossible", msg),
            PuzzleError::BadRequest(_) => Self::new(StatusCode::BAD_REQUEST, "bad_request", msg),
            PuzzleError::NoSolution(_) => Self::new(StatusCode::UNPROCESSABLE_ENTITY, "no_solution", msg),
            PuzzleError::Internal(_) => Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", msg),
        }
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

/// Decodes a JSON body, turning every failure into a precise 400 (or 413 when too large).
fn json_body<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        let status = e.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                status,
                "too_large",
                format!("request body larger than {} bytes", crate::server::MAX_BODY),
            )
        } else {
            ApiError::new(StatusCode::BAD_REQUEST, "bad_body", e.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_json",
            format!("invalid JSON at line {}, column {}: {e}", e.line(), e.column()),
        )
    })
}

fn puzzle(id: &str) -> Result<PuzzleId, ApiError> {
    PuzzleId::parse(id).map_err(|e| PuzzleError::UnknownPuzzle(e).into())
}

/// The 3x3x3 facelet string of a display state (for the sticker editor).
fn facelets(p: PuzzleId, state: &[u8]) -> Option<String> {
    if p == PuzzleId::Cube3 {
        p.model().cube_facelets(&state.to_vec())
    } else {
        None
    }
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
pub async fn list_puzzles() -> Json<Value> {
    let list: Vec<Value> = PuzzleId::all()
        .into_iter()
        .map(|p| {
            let solvers = puzzles::solvers(p);
            json!({
                "id": p.id(),
                "name": p.name(),
                "facelets": p == PuzzleId::Cube3,
                "solvers": solvers,
                "can_solve": solvers.iter().any(|s| s.available),
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

fn required_puzzle(q: &PuzzleQuery) -> Result<PuzzleId, ApiError> {
    match &q.puzzle {
        Some(p) => puzzle(p),
        None => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "missing query parameter `puzzle` (e.g. ?puzzle=3x3x3)",
        )),
    }
}

/// `GET /api/scramble?puzzle=…[&seed=…]`.
pub async fn scramble(
    State(st): State<Arc<AppState>>,
    q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let Query(q) = q.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.body_text()))?;
    let p = required_puzzle(&q)?;
    // Fresh seeds stay below 2^53 so that JavaScript shows them exactly.
    let seed = q
        .seed
        .unwrap_or_else(|| twisty_core::rng::fresh_seed() & ((1 << 53) - 1));
    // A random-state scramble runs a solver: keep it off the async threads.
    let (s, parsed) = tokio::task::spawn_blocking(move || {
        let s = puzzles::scramble(p, seed, &st.env);
        let parsed = puzzles::parse_input(p, &Input::Moves(&s.scramble));
        (s, parsed)
    })
    .await
    .map_err(|e| PuzzleError::Internal(format!("scramble task failed: {e}")))?;
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

/// `GET /api/geometry?puzzle=…`: pieces, colours and rotation group of the display model.
pub async fn geometry(q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>) -> ApiResult {
    let Query(q) = q.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.body_text()))?;
    let p = required_puzzle(&q)?;
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
    }))
    .into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    Ok(r)
}

/// Body of `POST /api/validate` and `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateRequest {
    /// Puzzle id.
    pub puzzle: String,
    /// A move sequence from solved.
    pub moves: Option<String>,
    /// A 3x3x3 facelet string (instead of `moves`).
    pub facelets: Option<String>,
    /// Solver id (solve only; default: the first available).
    pub solver: Option<String>,
    /// Longest acceptable solution (solve only).
    pub max_length: Option<u32>,
    /// Time limit in seconds (solve only; default 10, at most 60).
    pub time_limit: Option<f64>,
}

impl StateRequest {
    fn input(&self) -> Result<Input<'_>, ApiError> {
        match (&self.moves, &self.facelets) {
            (Some(m), None) => Ok(Input::Moves(m)),
            (None, Some(f)) => Ok(Input::Facelets(f)),
            (Some(_), Some(_)) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "give either `moves` or `facelets`, not both",
            )),
            (None, None) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "missing `moves` (a move sequence) or `facelets` (a 3x3x3 facelet string)",
            )),
        }
    }
}

/// `POST /api/validate`: parses moves or facelets; returns the normalised moves and the state.
pub async fn validate(body: Result<Bytes, BytesRejection>) -> ApiResult {
    let req: StateRequest = json_body(body)?;
    let p = puzzle(&req.puzzle)?;
    let parsed = puzzles::parse_input(p, &req.input()?)?;
    let solved = p.model().is_solved(&parsed.state);
    Ok(Json(json!({
        "valid": true,
        "puzzle": p.id(),
        "moves": parsed.moves,
        "length": parsed.moves.len(),
        "state": parsed.state,
        "solved": solved,
        "last": parsed.last,
        "facelets": facelets(p, &parsed.state),
    }))
    .into_response())
}

/// A solve stopped by the request's time limit comes back from the solver as "cancelled"
/// (the limit raises the cancel flag); say which limit stopped it, keeping the solver's note
/// on the deepest bound searched.
fn time_limit_error(e: PuzzleError, timed: bool, limit: f64) -> PuzzleError {
    match e {
        PuzzleError::NoSolution(msg) if timed => match msg.strip_prefix("cancelled") {
            Some(rest) => PuzzleError::NoSolution(format!("stopped by the time limit of {limit} s{rest}")),
            None => PuzzleError::NoSolution(msg),
        },
        e => e,
    }
}

/// Raises the cancel flag when dropped: a solve whose request goes away (client disconnect,
/// page reload, server shutdown) is stopped.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// A solve in progress, as `GET /api/solves` reports it.
#[derive(Debug, Clone)]
pub struct RunningSolve {
    /// Server-assigned id (also returned as the `X-Solve-Id` header of the solve).
    pub id: u64,
    /// Puzzle id.
    pub puzzle: String,
    /// Solver id.
    pub solver: String,
    /// When it started.
    pub started: std::time::Instant,
    /// Its time limit in seconds.
    pub time_limit: f64,
}

/// Removes a solve from the running list when the blocking solve ends.
struct RunningGuard(Arc<AppState>, u64);

impl Drop for RunningGuard {
    fn drop(&mut self) {
        let mut r = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        r.retain(|x| x.id != self.1);
    }
}

/// `GET /api/solves`: the solves running now with their elapsed time and time limit, for
/// progress display while a `POST /api/solve` is pending.
pub async fn running_solves(State(st): State<Arc<AppState>>) -> ApiResult {
    let r = st.running.lock().unwrap_or_else(|e| e.into_inner());
    let list: Vec<_> = r
        .iter()
        .map(|x| {
            serde_json::json!({
                "id": x.id,
                "puzzle": x.puzzle,
                "solver": x.solver,
                "elapsed_ms": x.started.elapsed().as_secs_f64() * 1e3,
                "time_limit_ms": x.time_limit * 1e3,
            })
        })
        .collect();
    Ok(Json(serde_json::json!({ "solves": list, "max_solves": st.max_solves })).into_response())
}

/// Decrements the active-solve counter when the blocking solve ends.
struct ActiveGuard(Arc<AppState>);

impl Drop for ActiveGuard {
    fn drop(&mut self) {
        self.0.active.fetch_sub(1, Ordering::SeqCst);
    }
}

#[derive(Serialize)]
struct Step {
    #[serde(rename = "move")]
    mv: String,
    anim: crate::geometry::Anim,
    state: Vec<u8>,
}

/// `POST /api/solve`.
pub async fn solve(State(st): State<Arc<AppState>>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let req: StateRequest = json_body(body)?;
    let p = puzzle(&req.puzzle)?;
    let input = req.input()?;
    let limit = match req.time_limit {
        None => DEFAULT_TIME_LIMIT,
        Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIME_LIMIT => t,
        Some(t) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("time_limit must be a number of seconds in (0, {MAX_TIME_LIMIT}], not {t}"),
            ))
        }
    };
    if let Some(0) = req.max_length {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "max_length must be at least 1",
        ));
    }
    let solver = puzzles::pick_solver(p, req.solver.as_deref())?;
    let parsed = puzzles::parse_input(p, &input)?;

    let Ok(permit) = st.solves.clone().try_acquire_owned() else {
        let mut e = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!("{} solves are already running; retry shortly", st.max_solves),
        );
        e.retry_after = Some(1);
        return Err(e);
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let _guard = CancelOnDrop(cancel.clone());
    let limits = Limits {
        max_length: req.max_length,
        timeout: Some(Duration::from_secs_f64(limit)),
        cancel: Some(cancel.clone()),
        threads: Some(1),
        ..Limits::default()
    };
    st.active.fetch_add(1, Ordering::SeqCst);
    let active = ActiveGuard(st.clone());
    let id = st.next_id.fetch_add(1, Ordering::SeqCst);
    st.running
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(RunningSolve {
            id,
            puzzle: req.puzzle.clone(),
            solver: format!("{solver:?}"),
            started: std::time::Instant::now(),
            time_limit: limit,
        });
    let running = RunningGuard(st.clone(), id);
    let start_state = parsed.clone();
    let work = {
        let st = st.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _active = active;
            let _running = running;
            if st.slow_solver_for_tests {
                // Stands in for a long search: runs until the cancel flag is raised.
                while !limits.cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                return Err(PuzzleError::NoSolution("cancelled".into()));
            }
            puzzles::solve(p, &start_state, solver, &limits, &st.env)
        })
    };
    let mut shutdown = st.shutdown.clone();
    let deadline = tokio::time::sleep(Duration::from_secs_f64(limit));
    tokio::pin!(deadline);
    tokio::pin!(work);
    let mut timed = false;
    let mut watching = !*shutdown.borrow();
    if !watching {
        cancel.store(true, Ordering::SeqCst);
    }
    let joined = loop {
        tokio::select! {
            r = &mut work => break r,
            _ = &mut deadline, if !timed => {
                timed = true;
                cancel.store(true, Ordering::SeqCst);
            }
            _ = shutdown.changed(), if watching => {
                watching = false;
                cancel.store(true, Ordering::SeqCst);
            }
        }
    };
    let solved = joined
        .map_err(|e| PuzzleError::Internal(format!("solver task failed: {e}")))?
        .map_err(|e| time_limit_error(e, timed, limit))?;

    let model = p.model();
    let mut state = parsed.state.clone();
    let mut steps = Vec::with_capacity(solved.moves.len());
    for m in &solved.moves {
        let anim = model
            .apply(&mut state, m)
            .map_err(|e| PuzzleError::Internal(e.to_string()))?;
        steps.push(Step {
            mv: m.clone(),
            anim,
            state: state.clone(),
        });
    }
    Ok(Json(json!({
        "puzzle": p.id(),
        "solver": solver,
        "input_moves": parsed.moves,
        "solution": solved.moves,
        "solution_text": solved.moves.join(" "),
        "length": solved.length,
        "metric": solved.metric,
        "optimal": solved.optimal,
        "stats": solved.stats,
        "start": { "state": parsed.state, "solved": model.is_solved(&parsed.state) },
        "steps": steps,
    }))
    .into_response())
}
