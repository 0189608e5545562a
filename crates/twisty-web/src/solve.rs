//! `POST /api/solve`: the body becomes one engine [`twisty_engine::SolveRequest`] ([`crate::request`]); the
//! answer is the engine's [`twisty_engine::SolveReport`] JSON unchanged, or its
//! [`EngineError`] as `{"error": …}` with an HTTP status by kind ([`crate::api::status_of`]).
//!
//! The server's own limits apply on top of the request's ([`crate::request`]): as many
//! solves at once as there are slots (more get 503 `busy`), and a deadline of its own past
//! the time limit.

pub use crate::request::{solve_request, SolveBody, DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT};

use crate::api::{body_bytes, ApiError};
use crate::guard::Arrived;
use crate::server::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use axum::Json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use twisty_engine::{EngineError, ErrorKind, Event, Observer};

/// Seconds the server waits past a solve's time limit before it cancels the solve itself
/// (the engine stops at the limit; solvers that search for shorter answers until the limit
/// need a moment to return the best one).
pub const DEADLINE_GRACE: f64 = 1.0;
/// The response header naming the solve (the id `GET /api/solves` lists).
pub const SOLVE_ID_HEADER: &str = "x-solve-id";

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

/// `POST /api/solve`. The time limit counts from the request's arrival ([`Arrived`]):
/// reading its body, checking it and waiting for a thread count against it.
pub async fn solve(
    State(st): State<Arc<AppState>>,
    arrived: Option<Extension<Arrived>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let arrived = arrived.map_or_else(Instant::now, |Extension(Arrived(at))| at);
    let crate::request::Prepared {
        request: mut req,
        time_limit: limit,
        entry,
        resolved,
    } = crate::request::prepared(&body_bytes(body)?, st.solve_memory_mib)?;
    req.arrived = Some(arrived);
    let p = req.puzzle;
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
