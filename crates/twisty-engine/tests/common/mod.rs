//! What the engine's integration tests share.

use std::path::PathBuf;

/// A table directory shared by the tests of every test binary (under cargo's temporary
/// directory for tests, kept between runs): the small tables are built once per target
/// directory instead of once per test. The table cache writes each table under a unique
/// temporary name and renames it into place, so tests building one table at the same time
/// are safe. Tests of what a directory holds keep one of their own.
#[allow(dead_code)]
pub fn shared_tables() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shared-tables");
    std::fs::create_dir_all(&dir).expect("create the shared table directory");
    dir
}
pub mod cubing;
