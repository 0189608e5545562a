//! The results Python sees: [`Solution`] (a verified answer, the engine's `SolveReport`)
//! and [`Failure`] (one input of `solve_many` that could not be solved).

use crate::convert::to_py;
use crate::errors;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use twisty_engine::{EngineError, SolveReport};

/// A verified answer.
#[pyclass(frozen, module = "twisty._twisty")]
pub struct Solution {
    report: SolveReport,
}

impl Solution {
    /// Wraps a report.
    pub fn new(report: SolveReport) -> Self {
        Solution { report }
    }
}

#[pymethods]
impl Solution {
    /// The moves, one string per move, in the user's frame (empty when already solved).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.report.moves.clone()
    }

    /// The moves separated by single spaces.
    #[getter]
    fn text(&self) -> &str {
        &self.report.solution
    }

    /// Length in the metric asked for.
    #[getter]
    fn length(&self) -> u32 {
        self.report.length
    }

    /// Whether the solver proved the length optimal.
    #[getter]
    fn optimal(&self) -> bool {
        self.report.optimal
    }

    /// The solver's id.
    #[getter]
    fn solver(&self) -> &str {
        &self.report.solver
    }

    /// The puzzle's name.
    #[getter]
    fn puzzle(&self) -> String {
        self.report.puzzle.to_string()
    }

    /// The input as given.
    #[getter]
    fn input(&self) -> &str {
        &self.report.input
    }

    /// `htm` or `qtm`.
    #[getter]
    fn metric(&self) -> &str {
        &self.report.metric
    }

    /// Always true: a result is a solution.
    #[getter]
    fn ok(&self) -> bool {
        true
    }

    /// Search statistics: nodes, expanded, search_seconds, tables_seconds, seed.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("nodes", self.report.nodes)?;
        d.set_item("expanded", self.report.expanded)?;
        d.set_item("search_seconds", self.report.search_seconds)?;
        d.set_item("tables_seconds", self.report.tables_seconds)?;
        d.set_item("seed", self.report.seed)?;
        Ok(d)
    }

    /// Solver-specific extras (per-bound or per-phase breakdowns, further solutions, the
    /// options used).
    #[getter]
    fn details(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.report.details)
    }

    /// The report as a dict with the field names of the engine's JSON schema
    /// (`solve-report.schema.json`).
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.report.to_json())
    }

    /// The report as JSON text (the same as the command-line tool's `--json`).
    fn to_json(&self) -> String {
        self.report.to_json().to_string()
    }

    /// A solution from the JSON text of [`Solution::to_json`].
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        serde_json::from_str(text)
            .map(Solution::new)
            .map_err(|e| PyValueError::new_err(format!("not a solve report: {e}")))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from = slf.get_type().getattr("from_json")?;
        Ok((from, (slf.get().to_json(),)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<Solution>()
            .is_ok_and(|o| o.get().report == self.report)
    }

    fn __len__(&self) -> usize {
        self.report.moves.len()
    }

    fn __str__(&self) -> &str {
        &self.report.solution
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution({:?}, length={}, optimal={}, solver={:?})",
            self.report.solution,
            self.report.length,
            if self.report.optimal { "True" } else { "False" },
            self.report.solver
        )
    }
}

/// An input of `solve_many` that failed: the error's kind, message and place, and the
/// input's index in the batch.
#[pyclass(frozen, module = "twisty._twisty")]
pub struct Failure {
    error: EngineError,
    index: usize,
    input: String,
}

impl Failure {
    /// The failure of input number `index`.
    pub fn new(error: EngineError, index: usize, input: String) -> Self {
        Failure { error, index, input }
    }
}

#[pymethods]
impl Failure {
    /// Always false: a failure is no solution.
    #[getter]
    fn ok(&self) -> bool {
        false
    }

    /// The error kind (`parse`, `impossible_state`, `timeout`, …).
    #[getter]
    fn kind(&self) -> &'static str {
        self.error.kind.name()
    }

    /// A full sentence for people.
    #[getter]
    fn message(&self) -> &str {
        &self.error.message
    }

    /// For parse errors: the offending token.
    #[getter]
    fn token(&self) -> Option<&str> {
        self.error.token.as_deref()
    }

    /// For parse errors: the 1-based line within the input.
    #[getter]
    fn line(&self) -> Option<usize> {
        self.error.line
    }

    /// For parse errors: the 1-based column within the input.
    #[getter]
    fn column(&self) -> Option<usize> {
        self.error.column
    }

    /// For timeouts of optimal searches: the deepest bound searched completely.
    #[getter]
    fn deepest_bound(&self) -> Option<u32> {
        self.error.deepest_bound
    }

    /// The 0-based position of the input in the batch.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// The input as given.
    #[getter]
    fn input(&self) -> &str {
        &self.input
    }

    /// A failure from its error as JSON (see [`Failure::to_dict`]), index and input.
    #[staticmethod]
    fn from_json(text: &str, index: usize, input: String) -> PyResult<Self> {
        serde_json::from_str(text)
            .map(|e| Failure::new(e, index, input))
            .map_err(|e| PyValueError::new_err(format!("not an engine error: {e}")))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, usize, String))> {
        let from = slf.get_type().getattr("from_json")?;
        let f = slf.get();
        let text = serde_json::to_string(&f.error).unwrap_or_default();
        Ok((from, (text, f.index, f.input.clone())))
    }

    /// The exception `twisty.solve` would have raised for this input.
    fn exception<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        errors::exception(py, &self.error)
    }

    /// The error as a dict (`kind`, `message`, `token`, `line`, `column`, `deepest_bound`,
    /// `index`, `input`), as the batch runner writes it.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        let mut v = serde_json::to_value(&self.error).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            o.insert("index".into(), self.index.into());
            o.insert("input".into(), self.input.clone().into());
        }
        to_py(py, &v)
    }

    fn __repr__(&self) -> String {
        format!(
            "Failure(index={}, kind={:?}, message={:?})",
            self.index,
            self.error.kind.name(),
            self.error.message
        )
    }
}
