//! The local web viewer and solver page served by `twisty serve`.
//!
//! Without the `server` feature (on by default) only the API's answers remain, as functions
//! of a request ([`api`], [`request`], [`replay`]): what the WebAssembly build serves.
//!
//! One binary, no network: the page (HTML, CSS, JS and a vendored three.js) is embedded with
//! `include_str!`. The server ([`server::serve`]) exposes a small JSON API ([`api`]): solves
//! go to the engine ([`solve`], [`catalog`]); the puzzle adapters ([`puzzles`]) replay every
//! state on a display model ([`geometry`]) so the browser only draws pieces.
#![forbid(unsafe_code)]

pub mod api;
pub mod catalog;
pub mod core_adapter;
pub mod display;
pub mod flat;
pub mod geometry;
#[cfg(feature = "server")]
pub mod guard;
pub mod limits;
#[cfg(feature = "server")]
pub mod listener;
pub mod nesting;
pub mod puzzles;
pub mod replay;
pub mod request;
#[cfg(feature = "server")]
pub mod server;
pub mod shared_tables;
#[cfg(feature = "server")]
pub mod solve;
#[cfg(feature = "server")]
pub mod warm;

#[cfg(feature = "server")]
pub use server::{serve, start, RunningServer, ServeError, ServerConfig};
