//! The one layer between the twisty solvers and every front end (CLI, web, batch, Python).
//!
//! - [`PuzzleId`]: every puzzle's one name, parser and limits.
//! - The solver catalog ([`catalog`]): each solver registered once with its id, aliases,
//!   puzzles, optimality, typed options ([`OptionSpec`]) and tables.
//! - [`Engine::solve`]: one [`SolveRequest`] → one verified [`SolveReport`] (one JSON
//!   schema, `schema/solve-report.schema.json`), progress to an [`Observer`], errors as one
//!   typed [`EngineError`].
//! - The table cache: tables built once and loaded once per process ([`Engine`]).
//! - Answers in the user's frame: the solvers work in fixed-piece frames; the answer is
//!   written as the turns a person holding the puzzle makes ([`Frame::Held`], the default).
//!
//! ```no_run
//! use twisty_engine::{Engine, EngineConfig, PuzzleId, Quiet, SolveRequest};
//!
//! let engine = Engine::new(EngineConfig::default());
//! let request = SolveRequest::new(PuzzleId::Cube2, "R U R' F2 U");
//! let report = engine.solve(&request, &Quiet)?;
//! println!("{} ({} moves, optimal: {})", report.solution, report.length, report.optimal);
//! # Ok::<(), twisty_engine::EngineError>(())
//! ```

pub mod batch;
pub mod catalog;
pub mod defs;
mod engine;
mod error;
pub mod gods;
pub mod input;
pub mod loaded;
mod move_set;
mod observer;
pub mod options;
pub mod ordered;
mod puzzle_id;
mod report;
mod request;
pub mod scramble;
pub mod simplify;
mod size;
mod solve;
pub mod solvers;
pub mod tables;

pub use batch::{run_batch, BatchConfig, BatchProgress, BatchRecord, BatchSummary};
pub use catalog::{find, solvers_for, SolverEntry, SolverInfo};
pub use defs::DefId;
pub use engine::{human_seconds, Ctx, Engine, EngineConfig, LARGE_TABLE_BYTES};
pub use error::{EngineError, ErrorKind};
pub use observer::{Event, Observer, Quiet};
pub use options::{OptionKind, OptionSpec, Options};
pub use puzzle_id::{PuzzleId, MAX_CUBE_N, MAX_SUPERCUBE, MIN_CUBE_N, MIN_SUPERCUBE};
pub use report::{Frame, SolveReport};
pub use request::{MetricName, Notation, Purpose, SolveRequest, MAX_INPUT_BYTES, MAX_TIMEOUT_SECONDS};
pub use size::parse_size;
pub use solve::{checked, State, MAX_THREADS};
