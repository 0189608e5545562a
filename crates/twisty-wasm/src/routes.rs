//! The routes: a route name and a JSON body to the server's answer, with one engine kept
//! for the module's life.

use serde_json::Value;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use twisty_engine::{Engine, EngineConfig, Event, Observer};
use twisty_web::api::{self, ApiError, PuzzleQuery};
use twisty_web::puzzles::Env;

/// The largest table size one solver may load or build, in bytes: 256 MiB, so a solve stays
/// well inside the 400 MB a browser tab can count on (the Kilominx's fast solver, the
/// largest default, takes 67 MiB).
pub const MAX_TABLE_BYTES: u64 = 256 << 20;

/// The routes [`answer`] knows.
pub const ROUTES: &[&str] = &[
    "puzzles", "solvers", "scramble", "geometry", "validate", "replay", "solve",
];

/// The engine and the scramblers over its tables.
struct Served {
    engine: Arc<Engine>,
    env: Env,
}

fn served() -> &'static Served {
    static SERVED: OnceLock<Served> = OnceLock::new();
    SERVED.get_or_init(|| {
        let engine = Arc::new(Engine::new(EngineConfig {
            // No table directory: tables are built in memory on first use.
            tables_dir: PathBuf::new(),
            max_memory: Some(MAX_TABLE_BYTES),
            build_large_tables: false,
            progress: false,
        }));
        Served {
            env: Env::new(engine.clone()),
            engine,
        }
    })
}

/// The module's engine (its table cache holds the tables in memory).
pub fn engine() -> &'static Engine {
    &served().engine
}

/// Hands the engine's progress lines to a function.
struct Progress<'a>(&'a (dyn Fn(&str) + Sync));

impl Observer for Progress<'_> {
    fn event(&self, event: &Event) {
        // A note (a stored table refused and built again) goes with the progress lines.
        let line = match event {
            Event::Note { message } => Some(message.clone()),
            e => e.progress_line(),
        };
        if let Some(line) = line {
            (self.0)(&line);
        }
    }
}

/// The body as bytes: an empty one is an empty object (the routes that take no body).
fn bytes(body: &str) -> &[u8] {
    if body.trim().is_empty() {
        b"{}"
    } else {
        body.as_bytes()
    }
}

/// The query of a query route, given as a JSON object.
fn query(body: &str) -> Result<PuzzleQuery, ApiError> {
    api::json_bytes(bytes(body))
}

/// The answer of the server's route `route` (a name of [`ROUTES`], with or without a leading
/// `/api/`) to the JSON `body`, or its error; `progress` gets the engine's progress lines.
pub fn answer(route: &str, body: &str, progress: &(dyn Fn(&str) + Sync)) -> Result<Value, ApiError> {
    let name = route.trim_start_matches('/').trim_start_matches("api/");
    let st = served();
    match name {
        "puzzles" => Ok(api::puzzles_json(&st.engine)),
        "solvers" => Ok(api::catalog_json(query(body)?.puzzle()?)),
        "geometry" => Ok(api::geometry_json(query(body)?.puzzle()?)),
        "scramble" => api::scramble_answer(&st.env, &api::json_bytes(bytes(body))?),
        "validate" => api::validated(bytes(body)),
        "replay" => twisty_web::replay::replayed(bytes(body)),
        "solve" => {
            let prepared =
                twisty_web::request::prepared(bytes(body), twisty_web::limits::DEFAULT_SOLVE_MEMORY_MIB)?;
            let report = st.engine.solve(&prepared.request, &Progress(progress))?;
            serde_json::to_value(report).map_err(|e| {
                ApiError::engine(twisty_engine::EngineError::new(
                    twisty_engine::ErrorKind::Internal,
                    format!("the report could not be written as JSON: {e}"),
                ))
            })
        }
        _ => Err(ApiError::not_found(route)),
    }
}

/// [`answer`] as JSON text: the answer, or the server's error body `{"error": {…}}` with
/// the HTTP status the server would give beside it (`"status": 422`).
pub fn respond(route: &str, body: &str, progress: &(dyn Fn(&str) + Sync)) -> String {
    match answer(route, body, progress) {
        Ok(v) => v.to_string(),
        Err(e) => {
            let mut v = e.body().clone();
            if let Some(o) = v.as_object_mut() {
                o.insert("status".into(), e.status().as_u16().into());
            }
            v.to_string()
        }
    }
}
