//! Optimal solvers.
//!
//! - [`cube2`]: the 2x2x2 from a complete breadth-first distance table (HTM and QTM).
//! - [`kilominx`]: the Kilominx by IDA* with pattern databases.
//! - [`cube3`]: the 3x3x3 by IDA* with pattern databases (Korf's method).

pub mod cube2;
mod cube2_restricted;
pub mod cube3;
pub mod kilominx;
