//! Placeholder; filled in by the supercube model.
