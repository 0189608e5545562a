//! The local web viewer and solver page served by `twisty serve`.
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
pub mod geometry;
pub mod guard;
pub mod limits;
pub mod listener;
pub mod nesting;
pub mod puzzles;
pub mod replay;
pub mod server;
pub mod shared_tables;
pub mod solve;
pub mod warm;

pub use server::{serve, start, RunningServer, ServeError, ServerConfig};
