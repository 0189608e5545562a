//! Placeholder; filled in by the cube2 model.
