//! Optimal solvers.
//!
//! - [`cube2`]: the 2x2x2 from a complete breadth-first distance table (HTM and QTM).

pub mod cube2;
