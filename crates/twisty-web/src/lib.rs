//! The local web viewer and solver page served by `twisty serve`.
#![forbid(unsafe_code)]

pub mod geometry;
pub mod puzzles;
