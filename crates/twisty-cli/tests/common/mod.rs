//! The repository's test data and the shared table directory, used by the integration tests.
// Each test binary compiles this whole module and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// The directory of the seed inputs in the repository (`tests/data/seed-inputs` at the
/// workspace root).
pub fn seed_inputs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/seed-inputs")
}

/// A table directory shared by the tests of every test binary (under cargo's temporary
/// directory for tests, kept between runs): the small tables are built once per target
/// directory instead of once per test. The table cache writes each table under a unique
/// temporary name and renames it into place, so tests building one table at the same time
/// are safe. Tests of building on first use, of the cache itself or of `tables` keep a
/// directory of their own.
pub fn shared_tables() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shared-tables");
    std::fs::create_dir_all(&dir).expect("create the shared table directory");
    dir
}
