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
//!
//! Tables across visits: the page keeps the table files the module builds and hands them
//! back on the next visit. [`tables_built`] names the tables built since it was last asked,
//! [`tables_export`] hands one out as a table file (header with checksum, then the data);
//! [`set_table_source`] gives the module synchronous access to the files the page keeps (a
//! solve reads the one it needs when it needs it), [`tables_import`] hands one in directly.
//! A file is checked in full (header, length, checksum, and the table it holds against the
//! one the solver asks for); one that fails is refused with the reason (a progress line,
//! or the error of [`tables_import`]) and the table is built again. [`tables_list`] lists
//! what the module holds.

mod routes;
pub mod tables;

pub use routes::{answer, respond, MAX_TABLE_BYTES, ROUTES};

use std::cell::RefCell;
use std::sync::Arc;
use twisty_search::file::HEADER_LEN;
use twisty_search::TableSource;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsError, JsValue};

thread_local! {
    /// The function progress lines go to (see [`set_progress`]).
    static PROGRESS: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    /// The page's storage of table files: `has(file)` and `read(file)` (see
    /// [`set_table_source`]).
    static SOURCE: RefCell<Option<(js_sys::Function, js_sys::Function)>> = const { RefCell::new(None) };
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

/// The tables the module holds, as JSON: `{"tables": [{"file", "name", "bytes", "how"}]}`
/// with `how` one of `built` (built by this module), `loaded` (from a table file handed in
/// or read from the page's storage) and `imported` (handed in, not yet used).
#[wasm_bindgen]
pub fn tables_list() -> String {
    tables::list().to_string()
}

/// The file names of the tables built since the last call (each once), as a JSON array:
/// the tables to hand out with [`tables_export`] and keep.
#[wasm_bindgen]
pub fn tables_built() -> String {
    tables::built().to_string()
}

/// The table file of the table `file` the module holds (built or loaded): a new
/// `Uint8Array`, the 128-byte header (name, sizes, checksum of the data) then the data.
/// Throws an `Error` when no solver holds such a table.
#[wasm_bindgen]
pub fn tables_export(file: &str) -> Result<js_sys::Uint8Array, JsError> {
    let e = tables::export(file).map_err(|m| JsError::new(&m))?;
    let too_big = || JsError::new(&format!("the table {file} is too large to hand out"));
    let len = u32::try_from(e.len()).map_err(|_| too_big())?;
    let out = js_sys::Uint8Array::new_with_length(len);
    // Copied straight from the module's memory to the array, header then data.
    out.subarray(0, HEADER_LEN as u32).copy_from(&e.header);
    out.subarray(HEADER_LEN as u32, len).copy_from(e.data());
    Ok(out)
}

/// Hands in a whole table file (as [`tables_export`] gives it) for the solves to come;
/// returns `{"file", "name", "bytes"}` as JSON. Throws an `Error` saying why when the file
/// is not a valid table file (bad header, wrong length, checksum mismatch).
#[wasm_bindgen]
pub fn tables_import(file: Vec<u8>) -> Result<String, JsError> {
    tables::import(file)
        .map(|v| v.to_string())
        .map_err(|m| JsError::new(&m))
}

/// The page's storage of table files, read synchronously when a solve needs a table the
/// module does not hold: `has(file)` says whether a file of that name is kept (cheap), and
/// `read(file)` returns its bytes as a `Uint8Array` (or `undefined`). A file read is checked
/// as an imported one. `undefined` or `null` for either: no storage.
#[wasm_bindgen]
pub fn set_table_source(has: Option<js_sys::Function>, read: Option<js_sys::Function>) {
    let both = has.zip(read);
    let on = both.is_some();
    SOURCE.with(|s| *s.borrow_mut() = both);
    let source: Option<Arc<dyn TableSource>> = on.then(|| Arc::new(PageStorage) as Arc<dyn TableSource>);
    routes::engine().cache().memory().set_source(source);
}

/// The page's storage, through the functions of [`set_table_source`].
struct PageStorage;

impl TableSource for PageStorage {
    fn has(&self, file_name: &str) -> bool {
        SOURCE.with(|s| {
            s.borrow().as_ref().is_some_and(|(has, _)| {
                has.call1(&JsValue::NULL, &JsValue::from_str(file_name))
                    .is_ok_and(|v| v.is_truthy())
            })
        })
    }

    fn read(&self, file_name: &str) -> Option<Vec<u8>> {
        SOURCE.with(|s| {
            let s = s.borrow();
            let (_, read) = s.as_ref()?;
            // A failing or odd answer is no file: the table is built.
            let v = read.call1(&JsValue::NULL, &JsValue::from_str(file_name)).ok()?;
            v.dyn_into::<js_sys::Uint8Array>().ok().map(|a| a.to_vec())
        })
    }
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
