//! Tables before solves: a request whose solver's tables are not loaded in this process and
//! would take long to load or build is answered 503 (`tables`, with `Retry-After` and how far
//! the build has come) at once while the tables load or build in the background, one build
//! per table set on the blocking pool, so that loading never counts against a solve's time
//! limit nor holds a solve slot, and other solvers keep being served meanwhile. Tables the
//! engine refuses to build on demand ([`Engine::refuses_to_build`], the one rule of the
//! engine and the server) are never built here: the engine answers with its `tables` error.
//!
//! [`Engine::refuses_to_build`]: twisty_engine::Engine::refuses_to_build

use crate::api::ApiError;
use crate::server::AppState;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use twisty_engine::catalog::TableNeed;
use twisty_engine::options::Resolved;
use twisty_engine::{
    human_seconds, EngineError, ErrorKind, Options, PuzzleId, Quiet, SolveRequest, SolverEntry,
};

/// Loads that take at most this many seconds happen within the request.
pub const QUICK_LOAD_SECONDS: f64 = 2.0;

/// Time limit of the one-move solve that loads a solver's tables (loading is not counted).
const WARM_TIMEOUT_SECONDS: f64 = 10.0;

/// Assumed speed of reading a table file, in bytes per second.
const LOAD_BYTES_PER_SECOND: f64 = 200.0 * 1024.0 * 1024.0;

/// A background load: when it started and how long it was expected to take.
#[derive(Debug, Clone, Copy)]
struct Loading {
    started: Instant,
    seconds: f64,
}

/// Which solvers' tables are loaded, which are loading, and which failed to load.
#[derive(Debug, Default)]
pub struct Warmth {
    ready: Mutex<HashSet<String>>,
    loading: Mutex<HashMap<String, Loading>>,
    failed: Mutex<HashMap<String, EngineError>>,
}

impl Warmth {
    /// Whether the tables under `key` are loaded in this process.
    pub fn is_ready(&self, key: &str) -> bool {
        self.ready.lock().unwrap_or_else(|e| e.into_inner()).contains(key)
    }

    /// Whether the tables under `key` are being loaded or built in the background.
    pub fn is_loading(&self, key: &str) -> bool {
        self.loading_of(key).is_some()
    }

    /// Records that the tables under `key` are loaded.
    pub fn mark_ready(&self, key: &str) {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).remove(key);
        self.ready
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_string());
    }

    /// Claims the background load of `key`, expected to take `seconds`; false when it is
    /// already running.
    fn claim(&self, key: &str, seconds: f64) -> bool {
        let mut loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
        if loading.contains_key(key) {
            return false;
        }
        loading.insert(
            key.to_string(),
            Loading {
                started: Instant::now(),
                seconds,
            },
        );
        true
    }

    fn loading_of(&self, key: &str) -> Option<Loading> {
        self.loading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(key)
            .copied()
    }

    fn release(&self, key: &str) {
        self.loading.lock().unwrap_or_else(|e| e.into_inner()).remove(key);
    }

    fn fail(&self, key: &str, e: EngineError) {
        self.failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key.to_string(), e);
    }

    /// The error of the last background load of `key`, if it failed; said once, so that
    /// the request after it tries again.
    fn take_failure(&self, key: &str) -> Option<EngineError> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).remove(key)
    }
}

/// The key of a solver's tables with its options: its id and table file names.
pub fn key(entry: &SolverEntry, needs: &[TableNeed]) -> String {
    let names: Vec<&str> = needs.iter().map(|n| n.name.as_str()).collect();
    format!("{}[{}]", entry.id, names.join(","))
}

/// What loading `needs` would take now: `None` when the engine refuses to build them
/// ([`twisty_engine::Engine::refuses_to_build`]), else the estimated seconds and whether
/// some must be built (not only read).
fn estimate(st: &AppState, needs: &[TableNeed]) -> Option<(f64, bool)> {
    if st.engine.refuses_to_build(needs) {
        return None;
    }
    let missing = st.engine.missing(needs);
    let build: f64 = missing.iter().map(|n| n.build_seconds).sum();
    let bytes: u64 = needs.iter().map(|n| n.bytes).sum();
    Some((build + bytes as f64 / LOAD_BYTES_PER_SECOND, !missing.is_empty()))
}

/// A short input of `p` whose solve loads the solver's tables: one move of the puzzle.
fn warm_input(p: PuzzleId) -> String {
    match p {
        PuzzleId::Kilominx => "U".into(),
        PuzzleId::Clock => "UR1+".into(),
        PuzzleId::Sq1 => "(1,0)".into(),
        PuzzleId::Def(d) => {
            let def = d.puzzle();
            def.base_moves()
                .first()
                .map_or_else(|| "R".into(), |m| m.name.clone())
        }
        _ => "R".into(),
    }
}

/// Checks that the tables of `entry` with `resolved` options can be used within a request.
/// Returns the estimated seconds of loading left to do inline (0 when loaded), or the 503
/// answer to give while they load in the background (started here when not yet running).
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
    if let Some(e) = st.warmth.take_failure(&key) {
        return Err(ApiError::engine(e));
    }
    let Some((seconds, build)) = estimate(st, &needs) else {
        // The engine answers with its `tables` error naming the size and the command.
        return Ok(0.0);
    };
    let running = st.warmth.loading_of(&key);
    if running.is_none() && seconds <= QUICK_LOAD_SECONDS {
        return Ok(seconds);
    }
    let running = match running {
        Some(l) => l,
        None => start_loading(st, puzzle, entry, options.clone(), key, seconds),
    };
    let elapsed = running.started.elapsed().as_secs_f64();
    let left = (running.seconds - elapsed).max(1.0);
    let bytes: u64 = needs.iter().map(|n| n.bytes).sum();
    let e = EngineError::new(
        ErrorKind::Tables,
        format!(
            "the tables of the {} solver are being {} in the background ({:.0} MiB, {} in all; \
             {elapsed:.0} s done): retry in {}",
            entry.id,
            if build { "built" } else { "loaded" },
            bytes as f64 / (1024.0 * 1024.0),
            human_seconds(running.seconds),
            human_seconds(left).trim_start_matches("about "),
        ),
    );
    Err(ApiError::engine(e).retry_after(left.ceil().clamp(1.0, 3600.0) as u64))
}

/// Loads the tables of `entry` with `options` in the background, once at a time per key
/// (a second call while one runs returns the running one).
fn start_loading(
    st: &Arc<AppState>,
    puzzle: PuzzleId,
    entry: &'static SolverEntry,
    options: Options,
    key: String,
    seconds: f64,
) -> Loading {
    let started = Loading {
        started: Instant::now(),
        seconds,
    };
    if !st.warmth.claim(&key, seconds) {
        return st.warmth.loading_of(&key).unwrap_or(started);
    }
    let st = st.clone();
    tokio::task::spawn_blocking(move || {
        load_now(&st, puzzle, entry, options, &key);
        st.warmth.release(&key);
    });
    started
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
        // Said to every later request of these tables instead of building them again.
        Err(e) if e.kind == ErrorKind::Tables => st.warmth.fail(key, e),
        _ => st.warmth.mark_ready(key),
    }
}

/// Loads, in the background, the default tables of every solver of the listed puzzles whose
/// tables may be built here (and the in-memory tables of the default solvers), quickest
/// first.
pub fn warm_up(st: &Arc<AppState>) {
    let mut jobs: Vec<(f64, PuzzleId, &'static SolverEntry, String)> = Vec::new();
    for p in PuzzleId::listed() {
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
            if let Some((s, _)) = estimate(st, &needs) {
                if !jobs.iter().any(|j| j.3 == key) {
                    jobs.push((s, p, entry, key));
                }
            }
        }
    }
    jobs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let st = st.clone();
    tokio::task::spawn_blocking(move || {
        for (seconds, p, entry, key) in jobs {
            if st.warmth.claim(&key, seconds) {
                load_now(&st, p, entry, Options::new(), &key);
                st.warmth.release(&key);
            }
        }
    });
}
