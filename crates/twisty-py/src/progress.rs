//! `solve(..., progress=...)`: the engine's progress events handed to Python as one-line
//! texts, either to a callable or written to `sys.stderr` (Python's, so that a notebook
//! shows them in the cell, where the process's own stderr is not shown).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use twisty_engine::{Event, Observer};

/// Where the lines go.
enum Sink {
    /// Called with each line.
    Callable(Py<PyAny>),
    /// Written to `sys.stderr`, one line each.
    Stderr,
}

/// An observer handing each progress line to Python. A callable that raises stops the solve
/// (through the request's cancel flag) and its exception is raised by `solve`.
pub struct PyProgress {
    sink: Option<Sink>,
    cancel: Arc<AtomicBool>,
    error: Mutex<Option<PyErr>>,
}

impl PyProgress {
    /// The observer of a `progress` argument: `None` or `False` for none, `True` for lines
    /// on `sys.stderr`, or a callable taking one `str`. `cancel` is the solve's cancel flag.
    pub fn new(progress: Option<&Bound<'_, PyAny>>, cancel: Arc<AtomicBool>) -> PyResult<PyProgress> {
        let sink = match progress {
            None => None,
            Some(p) if p.is_none() => None,
            Some(p) if p.is_instance_of::<pyo3::types::PyBool>() => {
                p.extract::<bool>()?.then_some(Sink::Stderr)
            }
            Some(p) if p.is_callable() => Some(Sink::Callable(p.clone().unbind())),
            Some(p) => {
                return Err(PyTypeError::new_err(format!(
                    "progress must be True, False, None or a callable taking one str, not {}",
                    p.get_type().name()?
                )))
            }
        };
        Ok(PyProgress {
            sink,
            cancel,
            error: Mutex::new(None),
        })
    }

    /// The exception the callable raised, if it did (taken: a second call returns `None`).
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    fn hand_over(&self, py: Python<'_>, line: String) -> PyResult<()> {
        match &self.sink {
            None => Ok(()),
            Some(Sink::Callable(f)) => f.call1(py, (line,)).map(|_| ()),
            Some(Sink::Stderr) => {
                let stderr = py.import("sys")?.getattr("stderr")?;
                stderr.call_method1("write", (format!("{line}\n"),))?;
                stderr.call_method0("flush").map(|_| ())
            }
        }
    }
}

impl Observer for PyProgress {
    fn wants_steps(&self) -> bool {
        self.sink.is_some()
    }

    fn event(&self, event: &Event) {
        if self.sink.is_none() {
            return;
        }
        let Some(line) = event.progress_line() else {
            return;
        };
        if self.cancel.load(Ordering::Relaxed) {
            // Stopping (a callable raised, or Ctrl-C): nothing more is handed over.
            return;
        }
        // The lock is not held while Python runs.
        if let Err(e) = Python::with_gil(|py| self.hand_over(py, line)) {
            self.cancel.store(true, Ordering::Relaxed);
            self.error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    }
}
