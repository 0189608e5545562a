//! The repository's test data, shared by the integration tests.

use std::path::PathBuf;

/// The directory of the seed inputs in the repository (`tests/data/seed-inputs` at the
/// workspace root).
pub fn seed_inputs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/seed-inputs")
}
