//! [`Engine`]: the table cache and the tables loaded in this process, shared by every solve.

use crate::catalog::TableNeed;
use crate::error::{EngineError, ErrorKind};
use crate::observer::{Event, Observer};
use crate::options::Resolved;
use std::any::Any;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use twisty_search::file::human_bytes;
use twisty_search::{Origin, TableCache, TableError};
use twisty_solvers::Limits;
use web_time::Instant;

/// Tables larger than this are built only when the caller allows it
/// ([`EngineConfig::build_large_tables`]).
pub const LARGE_TABLE_BYTES: u64 = 100 << 20;

/// How an [`Engine`] finds and builds its tables.
#[derive(Debug, Clone)]
pub struct EngineConfig {
    /// The table cache directory. Empty: none ([`TableCache::in_memory`]): tables are built
    /// in memory when first needed and kept for the engine's life only (WebAssembly).
    pub tables_dir: PathBuf,
    /// Refuse to build or load more than this many bytes of tables for one solver.
    pub max_memory: Option<u64>,
    /// Build missing tables over [`LARGE_TABLE_BYTES`] on demand (otherwise such a solve
    /// fails with a [`ErrorKind::Tables`] error naming the size, the time and the command).
    pub build_large_tables: bool,
    /// Draw progress bars on stderr while building tables.
    pub progress: bool,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            tables_dir: twisty_search::default_dir(),
            max_memory: None,
            build_large_tables: false,
            progress: false,
        }
    }
}

/// The engine: configuration plus every solver's tables loaded so far in this process.
pub struct Engine {
    config: EngineConfig,
    cache: TableCache,
    loaded: Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>,
    /// The table files of each loaded value and the mapping generation its load started at
    /// (a mapping of one of those files from that generation on is the value's).
    sources: Mutex<HashMap<String, (Vec<PathBuf>, u64)>>,
    /// One lock per key: two solves needing the same tables load them once, while tables
    /// under other keys load beside them (a long build never holds up another solver).
    loading: Mutex<HashMap<String, Arc<Mutex<()>>>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").field("config", &self.config).finish()
    }
}

impl Engine {
    /// An engine over the table cache of `config`.
    pub fn new(config: EngineConfig) -> Engine {
        let cache = TableCache::new(&config.tables_dir).with_max_memory(config.max_memory);
        Engine {
            config,
            cache,
            loaded: Mutex::new(HashMap::new()),
            sources: Mutex::new(HashMap::new()),
            loading: Mutex::new(HashMap::new()),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The table cache.
    pub fn cache(&self) -> &TableCache {
        &self.cache
    }

    /// Whether the tables `needs` are all in the cache.
    pub fn cached(&self, needs: &[TableNeed]) -> bool {
        needs.iter().all(|n| self.cache.has_file(&n.spec))
    }

    /// The tables of `needs` that are not in the cache.
    pub fn missing<'a>(&self, needs: &'a [TableNeed]) -> Vec<&'a TableNeed> {
        needs.iter().filter(|n| !self.cache.has_file(&n.spec)).collect()
    }

    /// Whether this engine refuses to build the missing tables of `needs` on demand: one of
    /// them is too large ([`TableNeed::too_large_to_build_on_demand`]) and the configuration
    /// does not allow building large tables. [`Engine::load`] refuses exactly then.
    pub fn refuses_to_build(&self, needs: &[TableNeed]) -> bool {
        !self.config.build_large_tables
            && self
                .missing(needs)
                .iter()
                .any(|n| n.too_large_to_build_on_demand())
    }

    /// The value stored under `key`, loading it with `load` the first time. `needs` are the
    /// table files `load` reads or builds: one over the configuration's memory cap is refused,
    /// missing ones are refused when [`Engine::refuses_to_build`] them; a rebuilt file is
    /// reported to
    /// `observer`. Returns the value and the seconds spent loading (0 when already loaded).
    pub fn load<T: Send + Sync + 'static>(
        &self,
        key: &str,
        what: &str,
        needs: &[TableNeed],
        observer: &dyn Observer,
        load: impl FnOnce(&TableCache, bool) -> Result<(T, Vec<(String, Origin)>), EngineError>,
    ) -> Result<(Arc<T>, f64), EngineError> {
        if let Some(v) = self.get::<T>(key) {
            return Ok((v, 0.0));
        }
        let lock = self
            .loading
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(key.to_string())
            .or_default()
            .clone();
        let _guard = lock.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(v) = self.get::<T>(key) {
            return Ok((v, 0.0));
        }
        let start = Instant::now();
        // Over the memory cap: refused before anything is announced, built or read.
        if let Some(cap) = self.config.max_memory {
            if let Some(n) = needs.iter().find(|n| n.spec.data_len() > cap) {
                return Err(TableError::OverMemory {
                    name: n.spec.name.clone(),
                    needed: n.spec.data_len(),
                    cap,
                }
                .into());
            }
        }
        let missing = self.missing(needs);
        if !missing.is_empty() {
            let bytes: u64 = missing.iter().map(|n| n.bytes).sum();
            let secs: f64 = missing.iter().map(|n| n.build_seconds).sum();
            if self.refuses_to_build(needs) {
                return Err(EngineError::new(
                    ErrorKind::Tables,
                    format!(
                        "{what} needs {} table file(s) not yet built ({} in all, {} on two cores{}); \
                         build them once with `twisty tables build {}` or allow building now with --build-tables{}",
                        missing.len(),
                        human_bytes(bytes),
                        human_seconds(secs),
                        build_peak(key).map_or(String::new(), |p| format!(", {p} of memory while building")),
                        build_hint(key),
                        smaller_routes(key),
                    ),
                ));
            }
            let place = if self.cache.is_in_memory() {
                String::from("in memory")
            } else {
                format!("into {}", self.cache.dir().display())
            };
            observer.event(&Event::Tables {
                message: format!(
                    "building {what}: {} table file(s), {} ({}) {place}",
                    missing.len(),
                    human_bytes(bytes),
                    human_seconds(secs),
                ),
            });
        }
        let generation = twisty_search::file::mapping_generation();
        let (value, origins) = load(&self.cache, self.config.progress)?;
        for (name, origin) in origins {
            match origin {
                Origin::Rebuilt(reason) => observer.event(&Event::Note {
                    message: format!("warning: table {name}: {reason}; rebuilt"),
                }),
                // Built again by every run until the cache can store it: say so, once per load.
                Origin::Unsaved(reason) => observer.event(&Event::Note {
                    message: format!(
                        "warning: table {name}: {reason}; every run builds it again until the table directory ({}) can store it",
                        self.cache.dir().display()
                    ),
                }),
                Origin::Loaded | Origin::Built => {}
            }
        }
        let value: Arc<T> = Arc::new(value);
        self.loaded
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key.to_string(), value.clone());
        let paths = needs.iter().map(|n| self.cache.path(&n.spec)).collect();
        self.sources
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key.to_string(), (paths, generation));
        Ok((value, start.elapsed().as_secs_f64()))
    }

    /// After a solve that loaded `keys`: the error for a table file among theirs that was
    /// truncated while mapped (the search read zeros past its end), naming the file. Every
    /// value loaded from a truncated file is dropped, so the next solve loads the file again
    /// (and, finding it short, rebuilds it).
    pub(crate) fn changed_tables(&self, keys: &[String]) -> Option<EngineError> {
        let damaged = twisty_search::file::damaged_mappings();
        if damaged.is_empty() {
            return None;
        }
        let mut sources = self.sources.lock().unwrap_or_else(|p| p.into_inner());
        let hit = |paths: &[PathBuf], generation: u64| {
            damaged
                .iter()
                .find(|(p, g)| *g >= generation && paths.contains(p))
                .map(|(p, _)| p.clone())
        };
        let found = keys
            .iter()
            .find_map(|k| sources.get(k).and_then(|(paths, g)| hit(paths, *g)));
        let stale: Vec<String> = sources
            .iter()
            .filter(|(_, (paths, g))| hit(paths, *g).is_some())
            .map(|(k, _)| k.clone())
            .collect();
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        for k in &stale {
            loaded.remove(k);
            sources.remove(k);
        }
        found.map(|path| TableError::ChangedOnDisk { path }.into())
    }

    /// Whether something is loaded under `key` in this process.
    pub fn is_loaded(&self, key: &str) -> bool {
        self.loaded
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(key)
    }

    fn get<T: Send + Sync + 'static>(&self, key: &str) -> Option<Arc<T>> {
        let map = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        map.get(key).cloned().and_then(|v| v.downcast::<T>().ok())
    }
}

/// `--puzzle P --heuristic H` for the table-build hint of a load key `puzzle/heuristic`.
fn build_hint(key: &str) -> String {
    match key.split_once('/') {
        Some((p, h)) => format!("--puzzle {p} --heuristic {h}"),
        None => format!("--puzzle {key}"),
    }
}

/// The peak memory of a large table build, where it is well above the table (BENCHMARKS.md).
fn build_peak(key: &str) -> Option<&'static str> {
    match key {
        "3x3/best" => Some("about 5 GiB"),
        "3x3/h48-7" => Some("about 8.3 GB"),
        "3x3/h48-8" => Some("about 12.1 GB"),
        "3x3/h48-7-quick" => Some("about 4.1 GB"),
        _ => None,
    }
}

/// The cheaper ways to the same kind of answer, for the refusal of a large table build.
fn smaller_routes(key: &str) -> &'static str {
    match key.split_once('/') {
        Some(("3x3", "korf" | "korf-inverse")) => {
            ". Smaller: `--heuristic small` (45 MiB, seconds to build; short scrambles); the default \
             two-phase solver answers inputs of up to 12 moves optimally"
        }
        Some(("3x3", h)) if h != "two-phase-large" => {
            ". Smaller: `--heuristic korf-inverse` (529 MiB, about 90 s to build; 12-13-move \
             scrambles in about a second), `--heuristic small` (45 MiB, seconds; short scrambles); \
             the default two-phase solver answers inputs of up to 12 moves optimally"
        }
        Some(("kilominx", h)) if h != "fast" && h != "sparse" => {
            ". Smaller: `--heuristic sparse` (18 MiB, seconds to build; scrambles of up to about \
             10 moves); the default fast solver answers any state in milliseconds, not proved optimal"
        }
        _ => "",
    }
}

/// Seconds for people.
pub fn human_seconds(s: f64) -> String {
    if s < 1.5 {
        "about a second".into()
    } else if s < 90.0 {
        format!("about {s:.0} s")
    } else {
        format!("about {:.0} min", s / 60.0)
    }
}

/// What a runner gets: the engine, the checked options and limits, the observer.
pub struct Ctx<'a> {
    /// The engine (tables).
    pub engine: &'a Engine,
    /// The solver's options, checked, defaults filled in.
    pub options: &'a Resolved,
    /// Limits of the search.
    pub limits: Limits,
    /// Where progress goes.
    pub observer: &'a dyn Observer,
    /// The request's seed (randomised solvers draw one when `None`).
    pub seed: Option<u64>,
    /// Seconds spent loading tables so far (runners add to it).
    pub tables_seconds: Mutex<f64>,
    /// When the input was a move sequence: its length after cancellation (half-turn
    /// metric). Its inverse solves the input, so no answer need be longer.
    pub input_length: Option<usize>,
    /// What the solve is for: a solver may load tables for many solves only when it is
    /// one of many.
    pub purpose: crate::Purpose,
    /// The engine keys loaded for this solve (see [`Engine::load`]).
    pub used: Mutex<Vec<String>>,
}

impl Ctx<'_> {
    /// Loads through the engine, adding the time to [`Ctx::tables_seconds`].
    pub fn load<T: Send + Sync + 'static>(
        &self,
        key: &str,
        what: &str,
        needs: &[TableNeed],
        load: impl FnOnce(&TableCache, bool) -> Result<(T, Vec<(String, Origin)>), EngineError>,
    ) -> Result<Arc<T>, EngineError> {
        let (v, secs) = self.engine.load(key, what, needs, self.observer, load)?;
        self.used
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(key.to_string());
        *self.tables_seconds.lock().unwrap_or_else(|p| p.into_inner()) += secs;
        Ok(v)
    }

    /// The cancel flag of the request (a fresh one when none was given).
    pub fn cancel(&self) -> Arc<AtomicBool> {
        self.limits.cancel.clone().unwrap_or_default()
    }

    /// The time budget, if any.
    pub fn timeout(&self) -> Option<Duration> {
        self.limits.timeout
    }
}
