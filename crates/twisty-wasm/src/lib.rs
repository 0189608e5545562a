//! The engine compiled to WebAssembly: the web API (`twisty serve`'s `/api/…` routes) as
//! one function, [`api`], taking a route and a JSON body and returning the JSON the server
//! answers, for a page that runs without a server (in a Web Worker) or for Node.
//!
//! Every answer is computed by the same functions the server's handlers call
//! ([`twisty_web::api`], [`twisty_web::request`], [`twisty_web::replay`]); only the
//! transport differs. A query route (`scramble`, `geometry`, `solvers`) takes its query as a
//! JSON object (`{"puzzle": "3x3x3", "seed": 7}`). An error is the server's error body,
//! `{"error": {"kind", "message", …}, "status": 422}` (the HTTP status the server would give),
//! and no answer has an `error` field otherwise.
//!
//! The limits on WebAssembly: one thread; a solve's time limit is the request's
//! (`time_limit`, default [`twisty_web::request::DEFAULT_TIME_LIMIT`] seconds), enforced by
//! the engine; tables are built in memory on first use (no table directory) and kept for
//! the module's life, at most [`MAX_TABLE_BYTES`] for one solver, so the default solvers
//! (the 2x2x2's optimal, the 3x3x3's two-phase on its small tables, the Kilominx's fast
//! solver) fit in the memory a browser gives a page.

mod routes;

pub use routes::{answer, respond, MAX_TABLE_BYTES, ROUTES};

use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// The function progress lines go to (see [`set_progress`]).
    static PROGRESS: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Answers `route` (`puzzles`, `solvers`, `scramble`, `geometry`, `validate`, `replay` or
/// `solve`, with or without a leading `/api/`) for the JSON `body_json`, as JSON text.
#[wasm_bindgen]
pub fn api(route: &str, body_json: &str) -> String {
    respond(route, body_json, &|line: &str| {
        PROGRESS.with(|p| {
            if let Some(f) = p.borrow().as_ref() {
                // A failing callback must not stop the solve.
                let _ = f.call1(
                    &wasm_bindgen::JsValue::NULL,
                    &wasm_bindgen::JsValue::from_str(line),
                );
            }
        });
    })
}

/// Sets the function that receives progress lines while a request runs (a table being
/// built, a bound searched): called with one string each time; `undefined` or `null` for
/// none.
#[wasm_bindgen]
pub fn set_progress(callback: Option<js_sys::Function>) {
    PROGRESS.with(|p| *p.borrow_mut() = callback);
}

/// The crate's version (the workspace's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The module's memory in bytes: its peak, since WebAssembly memory only grows (the tables
/// built so far, the largest search's working memory). 0 off WebAssembly.
#[wasm_bindgen]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        (core::arch::wasm32::memory_size(0) * 65536) as f64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}
