//! `POST /api/solve`: the body becomes one engine [`SolveRequest`]; the answer is the
//! engine's [`twisty_engine::SolveReport`] JSON unchanged, or its [`EngineError`] as
//! `{"error": …}` with an HTTP status by kind ([`crate::api::status_of`]).
//!
//! The server's own limits apply on top: a time limit per request (default
//! [`DEFAULT_TIME_LIMIT`], at most [`MAX_TIME_LIMIT`]), one thread per solve, options that
//! name no file and take no more memory or work than the server allows ([`crate::limits`]),
//! and as many solves at once as there are slots (more get 503 `busy`).

use crate::api::{body_bytes, input_of, json_bytes, puzzle, ApiError};
use crate::guard::Arrived;
use crate::puzzles::Input;
use crate::server::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use axum::Json;
use serde::Deserialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use twisty_engine::{EngineError, ErrorKind, Event, MetricName, Observer, Options, PuzzleId, SolveRequest};

/// Default solve time limit in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 10.0;
/// Largest solve time limit in seconds.
pub const MAX_TIME_LIMIT: f64 = 60.0;
/// Seconds the server waits past a solve's time limit before it cancels the solve itself
/// (the engine stops at the limit; solvers that search for shorter answers until the limit
/// need a moment to return the best one).
pub const DEADLINE_GRACE: f64 = 1.0;
/// The response header naming the solve (the id `GET /api/solves` lists).
pub const SOLVE_ID_HEADER: &str = "x-solve-id";

/// Body of `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveBody {
    /// Puzzle id (any name the engine accepts).
    pub puzzle: String,
    /// A move sequence from solved.
    pub moves: Option<String>,
    /// A state string (instead of `moves`): the cubes' facelets, the Kilominx's corners.
    pub facelets: Option<String>,
    /// Solver id or alias (default: the engine's default for the puzzle).
    pub solver: Option<String>,
    /// The solver's options by name (see `GET /api/solvers`).
    #[serde(default)]
    pub options: Options,
    /// Longest acceptable solution.
    pub max_length: Option<u32>,
    /// Time limit in seconds (default 10, at most 60).
    pub time_limit: Option<f64>,
    /// `htm` (default) or `qtm`.
    pub metric: Option<MetricName>,
    /// Seed of randomised solvers.
    pub seed: Option<u64>,
    /// Only these faces in the answer (`"R,U"`), as the engine's move set.
    pub allowed_moves: Option<String>,
}

/// A solve in progress, as `GET /api/solves` reports it.
#[derive(Debug, Clone)]
pub struct RunningSolve {
    /// Server-assigned id (also the `X-Solve-Id` header of the solve's answer).
    pub id: u64,
    /// Puzzle id.
    pub puzzle: String,
    /// Solver id.
    pub solver: String,
    /// When it started.
    pub started: Instant,
    /// Its time limit in seconds.
    pub time_limit: f64,
    /// The engine's latest progress message (the bound being searched, its nodes and rate),
    /// if it has sent one.
    pub progress: Arc<Mutex<Option<String>>>,
}

/// Raises the cancel flag when dropped: a solve whose request goes away (client disconnect,
/// page reload, server shutdown) is stopped.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Removes a solve from the running list and the active count when the blocking solve ends.
struct RunningGuard(Arc<AppState>, u64);

impl Drop for RunningGuard {
    fn drop(&mut self) {
        self.0.active.fetch_sub(1, Ordering::SeqCst);
        let mut r = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        r.retain(|x| x.id != self.1);
    }
}

fn with_id(mut r: Response, id: u64) -> Response {
    if let Ok(v) = HeaderValue::from_str(&id.to_string()) {
        r.headers_mut()
            .insert(HeaderName::from_static(SOLVE_ID_HEADER), v);
    }
    r
}

/// The engine request of a body, checked against the server's limits.
fn request(body: &SolveBody, p: PuzzleId) -> Result<(SolveRequest, f64), ApiError> {
    let input = match input_of(&body.moves, &body.facelets)? {
        // The page shows the Kilominx turned face by face, never rotated: the engine gets
        // the same turns so that its answer is in the frame on the screen.
        Input::Moves(m) if p == PuzzleId::Kilominx => crate::puzzles::parse_moves(p, m)?.join(" "),
        Input::Moves(m) => {
            // The page's bound on an input (at most MAX_INPUT_MOVES after expanding repeats),
            // as for validate and replay: the engine's own bound (100,000 moves) would let a
            // 30-byte body cost the 16x16x16 a quarter of a second of a solve slot.
            crate::puzzles::parse_moves(p, m)?;
            m.to_string()
        }
        Input::Facelets(f) if p == PuzzleId::Cube3 => f.chars().filter(|c| !c.is_whitespace()).collect(),
        Input::Facelets(f) if crate::puzzles::takes_state_string(p) => {
            let f = f.trim();
            // Read as a state string by the engine, never as moves.
            twisty_engine::input::state_string(p, f)?;
            f.to_string()
        }
        Input::Facelets(_) => {
            return Err(ApiError::usage(format!(
                "the {} takes moves only: its centres turn unseen, so stickers do not tell its state",
                p.title()
            )))
        }
    };
    let limit = match body.time_limit {
        None => DEFAULT_TIME_LIMIT,
        Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIME_LIMIT => t,
        Some(t) => {
            return Err(ApiError::usage(format!(
                "time_limit must be a number of seconds in (0, {MAX_TIME_LIMIT}], not {t}"
            )))
        }
    };
    if body.max_length == Some(0) {
        return Err(ApiError::usage("max_length must be at least 1"));
    }
    let mut req = SolveRequest::new(p, input);
    req.solver = body.solver.clone();
    req.options = body.options.clone();
    req.max_length = body.max_length;
    req.timeout = Some(limit);
    req.metric = body.metric.unwrap_or_default();
    req.seed = body.seed;
    req.moves = body.allowed_moves.clone();
    req.threads = Some(1);
    Ok((req, limit))
}

/// The engine request of a `POST /api/solve` body of `bytes` and its time limit in seconds:
/// the JSON decoded, the puzzle named, exactly one input, the server's limits checked. The
/// engine checks the rest ([`twisty_engine::checked`], then the input as it solves).
pub fn solve_request(bytes: &[u8]) -> Result<(SolveRequest, f64), ApiError> {
    let body: SolveBody = json_bytes(bytes)?;
    let p = puzzle(&body.puzzle)?;
    request(&body, p)
}

/// `POST /api/solve`. The time limit counts from the request's arrival ([`Arrived`]):
/// reading its body, checking it and waiting for a thread count against it.
pub async fn solve(
    State(st): State<Arc<AppState>>,
    arrived: Option<Extension<Arrived>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let arrived = arrived.map_or_else(Instant::now, |Extension(Arrived(at))| at);
    let (mut req, limit) = solve_request(&body_bytes(body)?)?;
    req.arrived = Some(arrived);
    let p = req.puzzle;
    let (entry, _) = twisty_engine::checked(&req)?;
    crate::limits::bound_options(&mut req, entry.id, &(entry.options)(), st.solve_memory_mib)?;
    let (entry, resolved) = twisty_engine::checked(&req)?;
    let loading = crate::warm::ready(&st, p, entry, &resolved, &req.options)?;

    let Ok(permit) = st.solves.clone().try_acquire_owned() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            format!("{} solves are already running; retry shortly", st.max_solves),
        )
        .retry_after(1));
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(cancel.clone());
    let flag = cancel.clone();
    req.cancel = Some(cancel.clone());
    st.active.fetch_add(1, Ordering::SeqCst);
    let id = st.next_id.fetch_add(1, Ordering::SeqCst);
    let progress = Arc::new(Mutex::new(None));
    st.running
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(RunningSolve {
            id,
            puzzle: p.to_string(),
            solver: entry.id.to_string(),
            started: Instant::now(),
            time_limit: limit,
            progress: progress.clone(),
        });
    let running = RunningGuard(st.clone(), id);
    let tables_key = crate::warm::key(entry, &(entry.tables)(&resolved));
    let work = {
        let st = st.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _running = running;
            let observer = |e: &Event| {
                if let Some(text) = e.progress_line() {
                    *progress.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
                }
            };
            if st.slow_solver_for_tests {
                // Stands in for a long search: reports a step, then runs until the cancel
                // flag is raised.
                observer.event(&Event::Step {
                    message: String::from("bound 1: searching (test stand-in)"),
                });
                while !cancel.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                return Err(EngineError::new(ErrorKind::Cancelled, "the solve was cancelled"));
            }
            let r = st.engine.solve(&req, &observer);
            if !matches!(&r, Err(e) if e.kind == ErrorKind::Tables) {
                st.warmth.mark_ready(&tables_key);
            }
            r
        })
    };
    // The engine stops the search at the time limit; this deadline is the server's backstop
    // (a quick table load of the request is not counted against the limit).
    let mut shutdown = st.shutdown.clone();
    let deadline = tokio::time::sleep_until(tokio::time::Instant::from_std(
        arrived + Duration::from_secs_f64(limit + loading + DEADLINE_GRACE),
    ));
    tokio::pin!(deadline);
    tokio::pin!(work);
    let mut timed = false;
    let mut watching = !*shutdown.borrow();
    if !watching {
        flag.store(true, Ordering::SeqCst);
    }
    let joined = loop {
        tokio::select! {
            r = &mut work => break r,
            _ = &mut deadline, if !timed => {
                timed = true;
                flag.store(true, Ordering::SeqCst);
            }
            _ = shutdown.changed(), if watching => {
                watching = false;
                flag.store(true, Ordering::SeqCst);
            }
        }
    };
    let result = joined
        .map_err(|e| EngineError::new(ErrorKind::Internal, format!("the solve task failed: {e}")))
        .and_then(|r| r)
        .map_err(|e| stopped_by_limit(e, timed, limit));
    Ok(match result {
        Ok(report) => with_id(Json(report).into_response(), id),
        Err(e) => with_id(ApiError::engine(e).into_response(), id),
    })
}

/// A solve stopped by the server's deadline comes back from the engine as cancelled: say
/// which limit stopped it (kind `timeout`), keeping the deepest bound searched.
fn stopped_by_limit(e: EngineError, timed: bool, limit: f64) -> EngineError {
    if timed && e.kind == ErrorKind::Cancelled {
        EngineError {
            kind: ErrorKind::Timeout,
            message: format!("stopped by the time limit of {limit} s"),
            ..e
        }
    } else {
        e
    }
}
