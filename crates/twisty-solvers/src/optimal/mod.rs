//! Optimal solvers.
//!
//! - [`cube2`]: the 2x2x2 from a complete breadth-first distance table (HTM and QTM).
//! - [`kilominx`]: the Kilominx by IDA* with pattern databases.

pub mod cube2;
pub mod kilominx;
