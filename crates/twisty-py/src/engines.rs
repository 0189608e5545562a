//! One [`Engine`] per table directory and memory cap per process, shared by every call:
//! tables are loaded once and reused by `solve`, `solve_many` and the puzzle objects.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use twisty_engine::{Engine, EngineConfig};

type Key = (PathBuf, Option<u64>);

static ENGINES: OnceLock<Mutex<HashMap<Key, Arc<Engine>>>> = OnceLock::new();

/// The table directory: `dir` if given, else `$TWISTY_TABLES`, else the user cache
/// directory (the same cache as the command-line tool).
pub fn tables_dir(dir: Option<PathBuf>) -> PathBuf {
    dir.or_else(|| {
        std::env::var_os("TWISTY_TABLES")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
    .unwrap_or_else(|| EngineConfig::default().tables_dir)
}

/// The process-wide engine over the table directory chosen by [`tables_dir`] that refuses
/// tables larger than `max_memory` bytes (see [`crate::convert::max_memory`]).
pub fn engine(dir: Option<PathBuf>, max_memory: Option<u64>) -> Arc<Engine> {
    let dir = tables_dir(dir);
    let map = ENGINES.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = map.lock().unwrap_or_else(|p| p.into_inner());
    map.entry((dir.clone(), max_memory))
        .or_insert_with(|| {
            Arc::new(Engine::new(EngineConfig {
                tables_dir: dir,
                max_memory,
                ..EngineConfig::default()
            }))
        })
        .clone()
}
