//! Generic search machinery: packed tables, the table-file format and cache, and IDA*.
//!
//! - [`rank`]: Lehmer codes of full and partial permutations, combinations, orientation digits.
//! - [`bfs`]: parallel breadth-first distance tables (forward and backward passes).
//! - [`blockbfs_mod3`]: block-structured parallel breadth-first 2-bit (distance mod 3)
//!   tables over cubie patterns.
//! - [`coset_bfs`]: block-structured parallel BFS of symmetry-reduced coset tables, stored
//!   as 2-bit entries relative to a base with a per-unit fallback minimum.
//! - [`packed`]: 4-bit and 2-bit (distance mod 3) packed tables.
//! - [`mod@file`]: the one table-file format (header, checksum), atomic writes, memory-mapped
//!   loads, and the cache directory that rebuilds corrupt, truncated or foreign files.
//! - [`canon`]: the canonical-sequence automaton of any puzzle from its faces and which
//!   commute.
//! - [`coord`]: coordinates found by enumerating a projection of the state, with move tables.
//! - [`product`]: exact distance tables over tuples of coordinates, grouped to a memory cap.
//! - [`ida`]: a parallel IDA* with canonical-sequence move pruning.
//! - [`progress`]: counters of the bound a long search is in, for a front end to draw.
#![allow(clippy::needless_range_loop)]

pub mod bfs;
pub mod blockbfs_mod3;
pub mod canon;
pub mod coord;
pub mod coset_bfs;
mod depth_bar;
pub mod file;
pub mod ida;
pub mod packed;
pub mod prefetch;
pub mod product;
pub mod progress;
pub mod rank;
pub mod threads;

pub use file::{default_dir, MemoryStore, Origin, Table, TableCache, TableError, TableSource, TableSpec};
pub use progress::{IterationProgress, ProgressSnapshot};
