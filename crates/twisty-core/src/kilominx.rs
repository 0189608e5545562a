//! Placeholder; filled in by the kilominx model.
