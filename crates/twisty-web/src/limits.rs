//! The server's own bounds on a solve's options, on top of the engine's ranges.
//!
//! A request names no file on the server: an option whose value is free text (the GA's
//! `macros`, a path on the CLI) is refused, and so is the GA's `learn` (it reads and
//! writes the server's macro library, and makes answers depend on earlier requests).
//! Every option that sets how much memory or work a solve may take is held to the server's
//! limit ([`CAPS`]; A* `memory_mib` to [`crate::ServerConfig::solve_memory_mib`]): a value
//! given over it is refused with the limit named, a default over it is lowered to it. With
//! [`crate::ServerConfig::max_concurrent_solves`] slots at once, the memory of all solves
//! together is bounded by slots × `solve_memory_mib` (plus the tables, bounded by
//! [`crate::ServerConfig::max_table_memory`]).

use crate::api::ApiError;
use serde_json::Value;
use twisty_engine::{OptionKind, OptionSpec, SolveRequest};

/// Default memory budget of one solve on the server, in MiB (A* `memory_mib`).
pub const DEFAULT_SOLVE_MEMORY_MIB: u64 = 256;

/// Options the server holds below the engine's own ranges: name, largest value on the
/// server. Each sets the size of a solver's working set or the work of one step that runs
/// between two checks of the time limit.
pub const CAPS: &[(&str, i64)] = &[
    // GA (supercube): memory is population × chromosome per run, runs at once ≤ threads.
    ("population", 2_000),
    ("chromosome", 100),
    ("generations", 10_000),
    ("attempts", 16),
    ("max_gas", 200_000),
    ("macros_limit", 10_000),
    // Swarms: agents held at once, iterations, the work of one fitness call.
    ("particles", 1_000),
    ("ants", 1_000),
    ("krill", 1_000),
    ("iterations", 100_000),
    ("evaluations", 10),
    ("eval_nodes", 1_000_000),
    // Searches that go on after a first answer: bounded by the server's time limit.
    ("probes", 1_000_000),
    ("budget", 60_000),
    // A*: expanded nodes (its stored nodes are bounded by `memory_mib`).
    ("max_expanded", 20_000_000),
];

/// Options refused whatever their value: they read or write files on the server.
const REFUSED_FLAGS: &[&str] = &["learn"];

/// The server's largest value of option `name`, if it holds that option below the engine's
/// range; `memory_mib` is the server's memory per solve.
pub fn cap(name: &str, solve_memory_mib: u64) -> Option<i64> {
    if name == "memory_mib" {
        return Some(i64::try_from(solve_memory_mib).unwrap_or(i64::MAX).max(1));
    }
    CAPS.iter().find(|(n, _)| *n == name).map(|&(_, c)| c)
}

/// Holds `req`'s options to the server's limits: refuses options that name files and values
/// over a cap (naming the option and the cap), and lowers defaults over a cap to the cap in
/// `req.options`. `specs` are the options of `solver`, the solver the request resolved to.
pub fn bound_options(
    req: &mut SolveRequest,
    solver: &str,
    specs: &[OptionSpec],
    solve_memory_mib: u64,
) -> Result<(), ApiError> {
    let given = |name: &str| {
        req.options
            .iter()
            .find(|(k, v)| k.replace('-', "_") == name && !v.is_null())
            .map(|(_, v)| v.clone())
    };
    let mut lowered = Vec::new();
    for spec in specs {
        let value = given(spec.name);
        if spec.kind == OptionKind::Text && value.is_some() {
            return Err(ApiError::usage(format!(
                "option `{}` names a file; the server reads no file a request names (the CLI does)",
                spec.name
            )));
        }
        if REFUSED_FLAGS.contains(&spec.name) && value.as_ref().is_some_and(truthy) {
            return Err(ApiError::usage(format!(
                "option `{}` is not available on the server (it reads and writes the server's files; the CLI has it)",
                spec.name
            )));
        }
        let Some(cap) = cap(spec.name, solve_memory_mib) else {
            continue;
        };
        match value {
            Some(v) => {
                if number(&v).is_some_and(|n| n > cap as f64) {
                    return Err(ApiError::usage(format!(
                        "option `{}` of the {solver} solver is at most {cap} on this server, not {v}",
                        spec.name
                    )));
                }
            }
            None => {
                if spec.default.as_i64().is_some_and(|d| d > cap) {
                    lowered.push(spec.name);
                }
            }
        }
        // A default of a batch is not used here: the web solves one input per request.
    }
    for name in lowered {
        if let Some(c) = cap(name, solve_memory_mib) {
            req.options.insert(name.to_string(), Value::from(c));
        }
    }
    Ok(())
}

/// A JSON value as a number (numbers and numeric strings, as the engine accepts them).
fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Whether a flag's value turns it on (as the engine reads it).
fn truthy(v: &Value) -> bool {
    matches!(v, Value::Bool(true)) || v.as_str() == Some("true")
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_engine::PuzzleId;

    #[test]
    fn memory_is_the_servers_and_other_caps_are_fixed() {
        assert_eq!(cap("memory_mib", 64), Some(64));
        assert_eq!(cap("population", 64), Some(2_000));
        assert_eq!(cap("weight", 64), None);
    }

    #[test]
    fn defaults_over_a_cap_are_lowered() {
        let specs = [OptionSpec::int("memory_mib", 1, 65_536, Some(512), "m")];
        let mut req = SolveRequest::new(PuzzleId::Cube2, "R U");
        assert!(bound_options(&mut req, "astar", &specs, 100).is_ok());
        assert_eq!(req.options.get("memory_mib"), Some(&Value::from(100)));
    }
}
