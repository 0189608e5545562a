//! The repository's test data (`tests/data/seed-inputs` at the workspace root).

use std::path::PathBuf;

/// The path of the seed input file `name` in the repository's test data.
pub(crate) fn seed_input(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/seed-inputs")
        .join(name)
}
