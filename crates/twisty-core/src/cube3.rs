//! Placeholder; filled in by the cube3 model.
