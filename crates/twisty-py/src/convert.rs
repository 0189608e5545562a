//! Converting between Python values and the engine's types: keyword arguments to a
//! [`SolveRequest`], JSON values to Python objects and back.

use crate::errors;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use pyo3::IntoPyObjectExt;
use serde::de::DeserializeOwned;
use serde_json::Value;
use twisty_engine::{PuzzleId, SolveRequest};

/// A JSON value as a Python object (objects become dicts, arrays lists).
pub fn to_py(py: Python<'_>, v: &Value) -> PyResult<PyObject> {
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_py_any(py)?,
            (None, Some(u)) => u.into_py_any(py)?,
            _ => n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?,
        },
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(to_py(py, x)?)?;
            }
            list.into_py_any(py)?
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_py_any(py)?
        }
    })
}

/// A Python option value (bool, int, float, str or None) as JSON.
pub fn from_py(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    if v.is_none() {
        Ok(Value::Null)
    } else if v.is_instance_of::<PyBool>() {
        Ok(Value::Bool(v.extract()?))
    } else if v.is_instance_of::<PyInt>() {
        let i: i64 = v
            .extract()
            .map_err(|_| PyValueError::new_err(format!("option `{name}` is out of range")))?;
        Ok(Value::from(i))
    } else if v.is_instance_of::<PyFloat>() {
        Ok(Value::from(v.extract::<f64>()?))
    } else if v.is_instance_of::<PyString>() {
        Ok(Value::String(v.extract()?))
    } else {
        Err(PyTypeError::new_err(format!(
            "option `{name}` must be a bool, int, float or str, not {}",
            v.get_type().name()?
        )))
    }
}

/// A name parsed as one of the engine's serde enums (`htm`, `held`, `standard`, …).
pub fn named<T: DeserializeOwned>(what: &str, name: &str) -> PyResult<T> {
    serde_json::from_value(Value::String(name.to_ascii_lowercase()))
        .map_err(|_| PyValueError::new_err(format!("unknown {what} `{name}`")))
}

/// A puzzle name (`3x3`, `2x2`, `kilominx`, `supercube:4`, …).
pub fn puzzle(py: Python<'_>, name: &str) -> PyResult<PuzzleId> {
    name.parse().map_err(|e| errors::to_py(py, &e))
}

/// The arguments shared by `solve` and `solve_many`.
#[derive(Debug, Clone)]
pub struct Common<'a> {
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// The solver id or alias.
    pub solver: Option<String>,
    /// Longest acceptable solution.
    pub max_length: Option<u32>,
    /// Time budget in seconds.
    pub timeout: Option<f64>,
    /// `htm` or `qtm`.
    pub metric: &'a str,
    /// `held` or `reference`.
    pub frame: &'a str,
    /// `standard` or `seed`.
    pub notation: &'a str,
    /// Seed of randomised solvers.
    pub seed: Option<u64>,
    /// Only these faces in the answer (`"R,U"`), or every move.
    pub allowed_moves: Option<String>,
}

/// A request template (empty input) from the common arguments and the solver options given
/// as keyword arguments. An option the solver does not have is a `TypeError` naming it;
/// other bad values are the engine's typed errors.
pub fn request(
    py: Python<'_>,
    function: &str,
    c: &Common<'_>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<SolveRequest> {
    let mut req = SolveRequest::new(c.puzzle, "");
    req.solver = c.solver.clone();
    req.max_length = c.max_length;
    req.timeout = c.timeout;
    req.metric = named("metric", c.metric)?;
    req.frame = named("frame", c.frame)?;
    req.notation = named("notation", c.notation)?;
    req.seed = c.seed;
    req.moves = c.allowed_moves.clone();
    // The solver the engine will run (with a move set, the puzzle's first that keeps to it).
    let (entry, _) = twisty_engine::checked(&req).map_err(|e| errors::to_py(py, &e))?;
    let specs = (entry.options)();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let name: String = k.extract()?;
            if !specs.iter().any(|s| s.name == name.replace('-', "_")) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(errors::unknown_option(function, &name, entry.id, &known));
            }
            let value = from_py(&name, &v)?;
            req.options.insert(name, value);
        }
    }
    twisty_engine::checked(&req).map_err(|e| errors::to_py(py, &e))?;
    req.timeout().map_err(|e| errors::to_py(py, &e))?;
    Ok(req)
}

/// The memory cap of a call: `max_memory` in bytes (an int) or as a size such as `"4G"`,
/// else `$TWISTY_MAX_MEMORY` (the command-line tool's variable), else none. A table larger
/// than the cap is refused with a `TablesError` naming its size.
pub fn max_memory(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return match std::env::var("TWISTY_MAX_MEMORY") {
            Ok(text) if !text.trim().is_empty() => twisty_engine::parse_size(&text)
                .map(Some)
                .map_err(|e| PyValueError::new_err(format!("TWISTY_MAX_MEMORY: {e}"))),
            _ => Ok(None),
        };
    };
    if v.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "max_memory must be a number of bytes or a size such as \"4G\", not a bool",
        ));
    }
    if v.is_instance_of::<PyInt>() {
        return match v.extract::<i128>() {
            Ok(n) if n > 0 => Ok(Some(u64::try_from(n).unwrap_or(u64::MAX))),
            _ => Err(PyValueError::new_err(format!(
                "max_memory must be a positive number of bytes, not {v}"
            ))),
        };
    }
    let text: String = v
        .extract()
        .map_err(|_| PyTypeError::new_err("max_memory must be a number of bytes or a size such as \"4G\""))?;
    twisty_engine::parse_size(&text)
        .map(Some)
        .map_err(|e| PyValueError::new_err(format!("max_memory: {e}")))
}
