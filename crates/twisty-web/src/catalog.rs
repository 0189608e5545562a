//! The solvers the page offers: exactly the engine's catalog for each puzzle, each with
//! whether this server can run it now and, when not, what it would take.

use crate::display::PuzzleDisplay;
use serde_json::{json, Value};
use twisty_engine::{human_seconds, solvers_for, Engine, PuzzleId, SolverInfo};
use twisty_search::file::human_bytes;

/// Every solver of `p` as the engine describes it, the default first.
pub fn solvers(p: PuzzleId) -> Vec<SolverInfo> {
    solvers_for(p).into_iter().map(|e| e.info()).collect()
}

/// [`solvers`] as JSON for the page, each with `available` (its tables with the default
/// options are in `engine`'s cache or the engine builds them on first use, see
/// [`Engine::refuses_to_build`]) and, when not, a `note` saying what it needs and the
/// command that builds it.
pub fn solvers_json(engine: &Engine, p: PuzzleId) -> Vec<Value> {
    solvers(p)
        .into_iter()
        .map(|info| {
            let missing = engine.missing(&info.tables);
            let bytes: u64 = missing.iter().map(|t| t.bytes).sum();
            let large = engine.refuses_to_build(&info.tables);
            let mut v = serde_json::to_value(&info).unwrap_or(Value::Null);
            if let Value::Object(o) = &mut v {
                o.insert("available".into(), Value::Bool(!large));
                if large {
                    let secs: f64 = missing.iter().map(|t| t.build_seconds).sum();
                    o.insert(
                        "note".into(),
                        json!(format!(
                            "needs {} of tables not built on this server ({} to build once on two cores): \
                             run `twisty tables build --puzzle {}` where the server runs, then reload",
                            human_bytes(bytes),
                            human_seconds(secs).trim_start_matches("about ").to_string(),
                            p.id()
                        )),
                    );
                }
            }
            v
        })
        .collect()
}
