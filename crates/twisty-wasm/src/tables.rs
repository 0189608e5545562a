//! The tables in memory, kept across visits by the page: the module hands out each table it
//! builds as a table file ([`export`]) and takes files back in ([`import`], or on demand
//! from the page's storage through a [`twisty_search::TableSource`]), each checked in full
//! (header, length, checksum) before use; one that fails is refused with the reason and the
//! table is built again.

use crate::routes::engine;
use serde_json::{json, Value};
use twisty_search::file::memory::Exported;

/// The tables the module holds: `{"tables": [{"file", "name", "bytes", "how"}]}`, where
/// `how` is `built` (in this module), `loaded` (from a table file) or `imported` (handed in,
/// not yet used by a solve).
pub fn list() -> Value {
    let tables: Vec<Value> = engine()
        .cache()
        .memory()
        .list()
        .into_iter()
        .map(|t| {
            json!({
                "file": t.file_name,
                "name": t.spec.name,
                "bytes": t.spec.data_len(),
                "how": t.how.as_str(),
            })
        })
        .collect();
    json!({ "tables": tables })
}

/// The file names of the tables built since the last call, each once: the ones to
/// [`export`] and keep.
pub fn built() -> Value {
    json!(engine().cache().memory().take_built())
}

/// The table file of a table in use, by file name (as [`list`] and [`built`] give it).
pub fn export(file_name: &str) -> Result<Exported, String> {
    engine().cache().memory().export(file_name)
}

/// Takes in a whole table file for the solves to come: `{"file", "name", "bytes"}` of the
/// table, or why the file is refused (it is then built when a solve needs it).
pub fn import(file: Vec<u8>) -> Result<Value, String> {
    let header = engine()
        .cache()
        .memory()
        .import(file)
        .map_err(|reason| format!("table file refused: {reason}; the table will be built again"))?;
    Ok(json!({
        "file": header.spec.file_name(),
        "name": header.spec.name,
        "bytes": header.spec.data_len(),
    }))
}
