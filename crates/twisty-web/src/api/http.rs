//! The server's side of the API: errors as HTTP responses, request bodies and queries as
//! axum gives them, and the route handlers, each a thin wrapper of its answer in
//! [`crate::api`] (run off the async threads where it may take long).

use super::{
    catalog_json, geometry_json, json_bytes, puzzles_json, scramble_answer, validated, ApiError, PuzzleQuery,
    ScrambleQuery,
};
use crate::puzzles::PuzzleId;
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
    Json(puzzles_json(&st.engine))
}

/// The decoded query of `GET /api/scramble`, `/api/geometry` and `/api/solvers`, with its
/// puzzle (which every one of them needs).
pub fn puzzle_query(
    q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<(PuzzleId, PuzzleQuery), ApiError> {
    let Query(q) = q.map_err(|e| ApiError::usage(e.body_text()))?;
    Ok((q.puzzle()?, q))
}

/// `GET /api/scramble?puzzle=…|event=…[&seed=…]`.
pub async fn scramble(
    State(st): State<Arc<AppState>>,
    q: Result<Query<ScrambleQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult {
    let Query(q) = q.map_err(|e| ApiError::usage(e.body_text()))?;
    // A random-state scramble runs a solver: keep it off the async threads.
    let v = tokio::task::spawn_blocking(move || scramble_answer(&st.env, &q))
        .await
        .map_err(|e| EngineError::new(ErrorKind::Internal, format!("scramble task failed: {e}")))??;
    Ok(Json(v).into_response())
}

/// `GET /api/geometry?puzzle=…`: pieces, colours and rotation group of the display model.
pub async fn geometry(q: Result<Query<PuzzleQuery>, axum::extract::rejection::QueryRejection>) -> ApiResult {
    let (p, _) = puzzle_query(q)?;
    let mut r = Json(geometry_json(p)).into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    Ok(r)
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
    Ok(Json(catalog_json(p)).into_response())
}

/// `POST /api/replay`: `{start: {state, solved}, steps: [{move, anim, state}], solved}`.
pub async fn replay(
    State(st): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = body_bytes(body)?;
    let v = off_async(&st, move || crate::replay::replayed(&bytes)).await?;
    Ok(Json(v).into_response())
}
