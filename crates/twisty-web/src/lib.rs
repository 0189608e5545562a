//! The local web viewer and solver page served by `twisty serve`.
//!
//! One binary, no network: the page (HTML, CSS, JS and a vendored three.js) is embedded with
//! `include_str!`. The server ([`server::serve`]) exposes a small JSON API ([`api`]) over the
//! puzzle adapters ([`puzzles`]), which replay every state on a display model
//! ([`geometry`]) so the browser only draws pieces.
#![forbid(unsafe_code)]

pub mod api;
pub mod core_adapter;
pub mod geometry;
pub mod puzzles;
pub mod server;

pub use server::{serve, start, RunningServer, ServeError, ServerConfig};
