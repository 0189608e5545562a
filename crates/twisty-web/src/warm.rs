//! Tables before solves: a request whose solver's tables are not loaded in this process and
//! would take long to load or build is answered 503 (`tables`, with `Retry-After`) at once
//! while the tables load in the background, so that loading never counts against a solve's
//! time limit nor holds a solve slot. Tables over [`LARGE_TABLE_BYTES`] that are not built
//! are never built here: the engine refuses them with its `tables` error.

use crate::api::ApiError;
use crate::server::AppState;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use twisty_engine::catalog::TableNeed;
use twisty_engine::options::Resolved;
use twisty_engine::{
    human_seconds, EngineError, ErrorKind, Options, PuzzleId, Quiet, SolveRequest, SolverEntry,
    LARGE_TABLE_BYTES,
};

/// Loads that take at most this many seconds happen within the request.
pub const QUICK_LOAD_SECONDS: f64 = 2.0;

/// Time limit of the one-move solve that loads a solver's tables (loading is not counted).
const WARM_TIMEOUT_SECONDS: f64 = 10.0;

/// Assumed speed of reading a table file, in bytes per second.
const LOAD_BYTES_PER_SECOND: f64 = 200.0 * 1024.0 * 1024.0;

/// Which solvers' tables are loaded, and which are loading.
#[derive(Debug, Default)]
pub struct Warmth {
    ready: Mutex<HashSet<String>>,
    loading: Mutex<HashSet<String>>,
}

impl Warmth {
    /// Whether the tables under `key` are loaded in this process.
    pub fn is_ready(&self, key: &str) -> bool {
        self.ready.lock().unwrap_or_else(|e| e.into_inner()).contains(key)
    }

    /// Records that the tables under `key` are loaded.
    pub fn mark_ready(&self, key: &str) {
        self.ready
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_string());
    }

    /// Claims the background load of `key`; false when it is already running.
    fn claim(&self, key: &str) -> bool {
        self.loading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_string())
    }

    fn release(&self, key: &str) {
        self.loading.lock().unwrap_or_else(|e| e.into_inner()).remove(key);
    }
}

/// The key of a solver's tables with its options: its id and table file names.
pub fn key(entry: &SolverEntry, needs: &[TableNeed]) -> String {
    let names: Vec<&str> = needs.iter().map(|n| n.name.as_str()).collect();
    format!("{}[{}]", entry.id, names.join(","))
}

/// What loading `needs` would take now: `None` when the engine would refuse to build them
/// (missing tables over [`LARGE_TABLE_BYTES`]), else the estimated seconds.
fn estimate(st: &AppState, needs: &[TableNeed]) -> Option<f64> {
    let cache = st.engine.cache();
    let missing: Vec<&TableNeed> = needs.iter().filter(|n| !cache.path(&n.spec).is_file()).collect();
    let missing_bytes: u64 = missing.iter().map(|n| n.bytes).sum();
    if missing_bytes > LARGE_TABLE_BYTES && !st.engine.config().build_large_tables {
        return None;
    }
    let build: f64 = missing.iter().map(|n| n.build_seconds).sum();
    let bytes: u64 = needs.iter().map(|n| n.bytes).sum();
    Some(build + bytes as f64 / LOAD_BYTES_PER_SECOND)
}

/// A short input of `p` whose solve loads the solver's tables.
fn warm_input(p: PuzzleId) -> &'static str {
    match p {
        PuzzleId::Kilominx => "U",
        _ => "R",
    }
}

/// Checks that the tables of `entry` with `resolved` options can be used within a request.
/// Returns the estimated seconds of loading left to do inline (0 when loaded), or the 503
/// answer to give while they load in the background.
pub fn ready(
    st: &Arc<AppState>,
    puzzle: PuzzleId,
    entry: &'static SolverEntry,
    resolved: &Resolved,
    options: &Options,
) -> Result<f64, ApiError> {
    let needs = (entry.tables)(resolved);
    if needs.is_empty() {
        return Ok(0.0);
    }
    let key = key(entry, &needs);
    if st.warmth.is_ready(&key) {
        return Ok(0.0);
    }
    let Some(seconds) = estimate(st, &needs) else {
        // The engine answers with its `tables` error naming the size and the command.
        return Ok(0.0);
    };
    if seconds <= QUICK_LOAD_SECONDS {
        return Ok(seconds);
    }
    start_loading(st, puzzle, entry, options.clone(), key);
    let bytes: u64 = needs.iter().map(|n| n.bytes).sum();
    let e = EngineError::new(
        ErrorKind::Tables,
        format!(
            "the tables of the {} solver are being built or loaded ({:.0} MiB, {}); retry shortly",
            entry.id,
            bytes as f64 / (1024.0 * 1024.0),
            human_seconds(seconds)
        ),
    );
    Err(ApiError::engine(e).retry_after(seconds.ceil().clamp(1.0, 3600.0) as u64))
}

/// Loads the tables of `entry` with `options` in the background (once at a time per key).
fn start_loading(
    st: &Arc<AppState>,
    puzzle: PuzzleId,
    entry: &'static SolverEntry,
    options: Options,
    key: String,
) {
    if !st.warmth.claim(&key) {
        return;
    }
    let st = st.clone();
    tokio::task::spawn_blocking(move || {
        load_now(&st, puzzle, entry, options, &key);
        st.warmth.release(&key);
    });
}

/// Loads the tables by solving a one-move input (the tables are loaded before the search).
fn load_now(st: &AppState, puzzle: PuzzleId, entry: &SolverEntry, options: Options, key: &str) {
    let mut req = SolveRequest::new(puzzle, warm_input(puzzle)).solver(entry.id);
    req.options = options;
    req.threads = Some(1);
    req.timeout = Some(WARM_TIMEOUT_SECONDS);
    // The server's tables serve many solves: those that pay only then are loaded too.
    req.purpose = twisty_engine::Purpose::Batch;
    match st.engine.solve(&req, &Quiet) {
        Err(e) if e.kind == ErrorKind::Tables => {}
        _ => st.warmth.mark_ready(key),
    }
}

/// Loads, in the background, the default tables of every solver of the listed puzzles whose
/// tables may be built here (and the in-memory tables of the default solvers), quickest
/// first.
pub fn warm_up(st: &Arc<AppState>) {
    let mut jobs: Vec<(f64, PuzzleId, &'static SolverEntry, String)> = Vec::new();
    // The page refuses the puzzles given by a definition: nothing of theirs to warm.
    for p in PuzzleId::listed()
        .into_iter()
        .filter(|p| !matches!(p, PuzzleId::Def(_)))
    {
        for entry in twisty_engine::solvers_for(p) {
            let Ok(resolved) = twisty_engine::options::resolve(entry.id, &(entry.options)(), &Options::new())
            else {
                continue;
            };
            let needs = (entry.tables)(&resolved);
            if needs.is_empty() && !entry.default {
                // Nothing on disk to load; the defaults still warm their in-memory tables.
                continue;
            }
            let key = key(entry, &needs);
            if let Some(s) = estimate(st, &needs) {
                if !jobs.iter().any(|j| j.3 == key) {
                    jobs.push((s, p, entry, key));
                }
            }
        }
    }
    jobs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let st = st.clone();
    tokio::task::spawn_blocking(move || {
        for (_, p, entry, key) in jobs {
            if st.warmth.claim(&key) {
                load_now(&st, p, entry, Options::new(), &key);
                st.warmth.release(&key);
            }
        }
    });
}
