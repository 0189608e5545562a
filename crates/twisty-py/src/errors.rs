//! Engine errors as Python exceptions: one class per [`ErrorKind`], all subclasses of
//! `twisty.TwistyError` (defined in `python/twisty/_errors.py`), carrying the error's fields.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use twisty_engine::{EngineError, ErrorKind};

/// The Python class name of an error kind (in `twisty._errors`).
pub fn class_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Parse => "ParseError",
        ErrorKind::ImpossibleState => "ImpossibleStateError",
        ErrorKind::Usage => "UsageError",
        ErrorKind::NoSolution => "NoSolutionError",
        ErrorKind::Timeout => "TimeoutError",
        ErrorKind::Cancelled => "CancelledError",
        ErrorKind::GaveUp => "GaveUpError",
        ErrorKind::Tables => "TablesError",
        ErrorKind::TooLarge => "TooLargeError",
        ErrorKind::Internal => "InternalError",
    }
}

/// The `reason` of an impossible state: the message without its `impossible state: ` lead.
pub fn reason(e: &EngineError) -> Option<String> {
    (e.kind == ErrorKind::ImpossibleState).then(|| {
        e.message
            .strip_prefix("impossible state: ")
            .unwrap_or(&e.message)
            .to_string()
    })
}

/// The error's fields as keyword arguments of its exception class.
pub fn fields<'py>(py: Python<'py>, e: &EngineError) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("kind", e.kind.name())?;
    d.set_item("token", e.token.as_deref())?;
    d.set_item("line", e.line)?;
    d.set_item("column", e.column)?;
    d.set_item("deepest_bound", e.deepest_bound)?;
    d.set_item("reason", reason(e))?;
    Ok(d)
}

/// The exception object for `e` (not raised).
pub fn exception<'py>(py: Python<'py>, e: &EngineError) -> PyResult<Bound<'py, PyAny>> {
    let module = py.import("twisty._errors")?;
    let class = module.getattr(class_name(e.kind))?;
    class.call((e.message.as_str(),), Some(&fields(py, e)?))
}

/// `e` as a Python error to raise.
pub fn to_py(py: Python<'_>, e: &EngineError) -> PyErr {
    match exception(py, e) {
        Ok(obj) => PyErr::from_value(obj),
        Err(err) => err,
    }
}

/// An unknown keyword argument (a solver option the solver does not have).
pub fn unknown_option(function: &str, name: &str, solver: &str, known: &[&str]) -> PyErr {
    PyTypeError::new_err(format!(
        "{function}() got an unexpected keyword argument '{name}': the {solver} solver {}",
        if known.is_empty() {
            "has no options".to_string()
        } else {
            format!("takes {}", known.join(", "))
        }
    ))
}
