//! `solve`, `solve_many`, `scramble` and `solvers`: arguments converted, the engine called
//! with the GIL released, results and errors converted back.

use crate::convert::{self, Common};
use crate::progress::PyProgress;
use crate::solution::{Failure, Solution};
use crate::{engines, errors, interrupt, puzzles, wait, worker};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::IntoPyObjectExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use twisty_engine::{
    catalog, ordered, scramble as scr, Engine, EngineError, Notation, Observer, Quiet, SolveReport,
    SolveRequest,
};

fn runtime(e: std::io::Error) -> PyErr {
    PyRuntimeError::new_err(format!("could not start a solving thread: {e}"))
}

/// Solves one state.
///
/// `state` is moves, a state string or a puzzle object; `options` are the solver's options;
/// `allowed_moves` (e.g. `"R,U"`) keeps the answer to those faces as the puzzle is held.
#[pyfunction]
#[pyo3(signature = (state, puzzle = "3x3", solver = None, max_length = None, timeout = None,
    metric = "htm", frame = "held", notation = "standard", seed = None, tables_dir = None,
    max_memory = None, progress = None, allowed_moves = None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    puzzle: &str,
    solver: Option<String>,
    max_length: Option<u32>,
    timeout: Option<f64>,
    metric: &str,
    frame: &str,
    notation: &str,
    seed: Option<u64>,
    tables_dir: Option<PathBuf>,
    max_memory: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    allowed_moves: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Solution> {
    let max_memory = convert::max_memory(max_memory)?;
    let (id, input) = match puzzles::object_input(state) {
        Some(found) => found,
        None => {
            let text: String = state.extract().map_err(|_| {
                PyTypeError::new_err(
                    "state must be a str (moves or a state string) or a twisty puzzle object",
                )
            })?;
            (convert::puzzle(py, puzzle)?, puzzles::Input::Text(text))
        }
    };
    let common = Common {
        puzzle: id,
        solver,
        max_length,
        timeout,
        metric,
        frame,
        notation,
        seed,
        allowed_moves,
    };
    let req = convert::request(py, "solve", &common, options)?;
    let engine = engines::engine(tables_dir, max_memory);
    match interrupt::mode(py) {
        interrupt::Mode::InPlace(flag) => {
            let cancel = flag.clone().unwrap_or_default();
            let observer = PyProgress::new(progress, cancel.clone())?;
            solve_in_place(py, &engine, req, &input, (cancel, flag.is_some()), &observer)
        }
        interrupt::Mode::HandOff => {
            let cancel = Arc::new(AtomicBool::new(false));
            let observer = Arc::new(PyProgress::new(progress, cancel.clone())?);
            solve_handed_off(py, engine, req, input, cancel, observer)
        }
    }
}

fn run_one(
    engine: &Engine,
    req: &mut SolveRequest,
    input: &puzzles::Input,
    observer: &dyn Observer,
) -> Result<SolveReport, EngineError> {
    match input {
        puzzles::Input::Text(text) => {
            req.input.clone_from(text);
            engine.solve(req, observer)
        }
        puzzles::Input::State(s, label) => {
            req.input.clone_from(label);
            engine.solve_state(req, s.clone(), observer)
        }
    }
}

/// Solves on this thread with the GIL released; `cancel` is raised by Ctrl-C when
/// `interruptible` (see [`interrupt`]), and by the progress callable when it raises.
fn solve_in_place(
    py: Python<'_>,
    engine: &Engine,
    mut req: SolveRequest,
    input: &puzzles::Input,
    (cancel, interruptible): (Arc<AtomicBool>, bool),
    observer: &PyProgress,
) -> PyResult<Solution> {
    req.cancel = Some(cancel.clone());
    // A Ctrl-C that came after Python last ran its handlers but before `interrupt::mode`
    // cleared the flag is pending in Python only: run the handlers now, or the solve would
    // not see it and run to its end.
    py.check_signals()?;
    loop {
        let r = py.allow_threads(|| run_one(engine, &mut req, input, observer));
        if let Some(e) = observer.take_error() {
            // The progress callable raised: its exception, not the cancelled solve's.
            cancel.store(false, Ordering::Relaxed);
            return Err(e);
        }
        let interrupted = interruptible && cancel.swap(false, Ordering::Relaxed);
        if interrupted {
            // Python's handler runs here: KeyboardInterrupt (or the user's exception).
            py.check_signals()?;
            // The handler let the program go on: so does the solve, from the start (the
            // flag may have cut it short, e.g. a budget's best answer so far).
            continue;
        }
        return finish(py, Some(r));
    }
}

/// Solves on a worker thread while this one waits without the GIL, answering Ctrl-C.
fn solve_handed_off(
    py: Python<'_>,
    engine: Arc<Engine>,
    mut req: SolveRequest,
    input: puzzles::Input,
    cancel: Arc<AtomicBool>,
    observer: Arc<PyProgress>,
) -> PyResult<Solution> {
    req.cancel = Some(cancel.clone());
    let (tx, rx) = mpsc::channel::<Result<SolveReport, EngineError>>();
    let seen = observer.clone();
    let run = move || {
        let _ = tx.send(run_one(&engine, &mut req, &input, &*seen));
    };
    worker::run(Box::new(run)).map_err(runtime)?;
    let got = match py.allow_threads(move || wait::spin(rx)) {
        Ok(r) => Some(r),
        Err(rx) => wait::recv(py, rx, &cancel).0?,
    };
    match observer.take_error() {
        // The progress callable raised: its exception, not the cancelled solve's.
        Some(e) => Err(e),
        None => finish(py, got),
    }
}

fn finish(py: Python<'_>, got: Option<Result<SolveReport, EngineError>>) -> PyResult<Solution> {
    match got {
        Some(Ok(report)) => Ok(Solution::new(report)),
        Some(Err(e)) => Err(errors::to_py(py, &e)),
        None => Err(PyRuntimeError::new_err(
            "the solving thread stopped without an answer",
        )),
    }
}

/// The results of `solve_many`, in input order.
#[pyclass(module = "twisty._twisty")]
pub struct Batch {
    rx: Mutex<Option<Receiver<ordered::Item>>>,
    cancel: Arc<AtomicBool>,
    /// Raised by Ctrl-C while the batch lives (see [`interrupt::stop_on_interrupt`]).
    interrupted: Arc<AtomicBool>,
    _on_interrupt: interrupt::OnInterrupt,
    inputs: Arc<Vec<String>>,
    raise: bool,
}

#[pymethods]
impl Batch {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let taken = self.rx.lock().unwrap_or_else(|p| p.into_inner()).take();
        let Some(rx) = taken else {
            return Ok(None);
        };
        // Stopped by Ctrl-C (its KeyboardInterrupt raised wherever it surfaced): the rest
        // of the inputs are not solved, and saying so beats ending the iteration early.
        if self.interrupted.load(Ordering::Relaxed) {
            return Err(PyKeyboardInterrupt::new_err(
                "solve_many was interrupted (Ctrl-C): its workers have stopped",
            ));
        }
        let (got, rx) = wait::recv(py, rx, &self.cancel);
        let item = match got {
            Ok(Some(item)) => item,
            Ok(None) => return Ok(None),
            Err(e) => return Err(e),
        };
        match item {
            (_, Ok(report)) => {
                *self.rx.lock().unwrap_or_else(|p| p.into_inner()) = Some(rx);
                Solution::new(report).into_py_any(py).map(Some)
            }
            (i, Err(e)) if self.raise => {
                self.cancel.store(true, Ordering::Relaxed);
                let err = errors::to_py(py, &e);
                let _ = err.value(py).setattr("index", i);
                Err(err)
            }
            (i, Err(e)) => {
                *self.rx.lock().unwrap_or_else(|p| p.into_inner()) = Some(rx);
                let input = self.inputs.get(i).cloned().unwrap_or_default();
                Failure::new(e, i, input).into_py_any(py).map(Some)
            }
        }
    }

    /// The number of inputs.
    fn __len__(&self) -> usize {
        self.inputs.len()
    }

    /// Stops the workers after their current solves.
    fn close(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        *self.rx.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Starts solving many inputs in parallel; iterate the result for answers in input order.
/// `threads` is each solve's thread count (default: one when `jobs` > 1, else all cores).
/// `min_length` and `continue_input` are the engine's hints for a search split by move
/// prefixes (`twisty.ray.solve_optimal`).
#[pyfunction]
#[pyo3(signature = (states, puzzle = "3x3", solver = None, max_length = None, timeout = None,
    metric = "htm", frame = "held", notation = "standard", seed = None, tables_dir = None,
    max_memory = None, jobs = None, threads = None, errors = "return", min_length = None,
    continue_input = false, allowed_moves = None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many_iter(
    py: Python<'_>,
    states: Vec<String>,
    puzzle: &str,
    solver: Option<String>,
    max_length: Option<u32>,
    timeout: Option<f64>,
    metric: &str,
    frame: &str,
    notation: &str,
    seed: Option<u64>,
    tables_dir: Option<PathBuf>,
    max_memory: Option<&Bound<'_, PyAny>>,
    jobs: Option<usize>,
    threads: Option<usize>,
    errors: &str,
    min_length: Option<u32>,
    continue_input: bool,
    allowed_moves: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Batch> {
    let max_memory = convert::max_memory(max_memory)?;
    let raise = match errors {
        "return" => false,
        "raise" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be \"return\" or \"raise\", not {other:?}"
            )))
        }
    };
    let common = Common {
        puzzle: convert::puzzle(py, puzzle)?,
        solver,
        max_length,
        timeout,
        metric,
        frame,
        notation,
        seed,
        allowed_moves,
    };
    let mut template = convert::request(py, "solve_many", &common, options)?;
    let jobs = match jobs {
        Some(0) => return Err(PyValueError::new_err("jobs must be at least 1")),
        Some(j) if j > twisty_engine::MAX_THREADS => {
            return Err(PyValueError::new_err(format!(
                "jobs must be from 1 to {}, not {j}",
                twisty_engine::MAX_THREADS
            )))
        }
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if jobs > 1 {
        template.threads = Some(1);
    }
    template.min_length = min_length;
    template.continue_input = continue_input;
    if let Some(t) = threads {
        if t == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        template.threads = Some(t);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    template.cancel = Some(cancel.clone());
    let inputs = Arc::new(states);
    let rx = ordered::start(
        engines::engine(tables_dir, max_memory),
        template,
        inputs.clone(),
        jobs,
        cancel.clone(),
    )
    .map_err(runtime)?;
    Ok(Batch {
        rx: Mutex::new(Some(rx)),
        _on_interrupt: interrupt::stop_on_interrupt(py, cancel.clone(), interrupted.clone()),
        cancel,
        interrupted,
        inputs,
        raise,
    })
}

/// A scramble: a uniformly random state (written as moves), `length` random moves, or a WCA
/// event's scramble in the event's form (`event="333bf"`). `count=None` returns one
/// string; `count=N` a list of `N`, drawn in order from one generator seeded with `seed`
/// (the same list as `twisty scramble --seed S --count N`).
#[pyfunction]
#[pyo3(signature = (puzzle = None, random_state = None, length = None, seed = None,
    notation = "standard", tables_dir = None, max_memory = None, event = None, count = None))]
#[allow(clippy::too_many_arguments)]
pub fn scramble(
    py: Python<'_>,
    puzzle: Option<&str>,
    random_state: Option<bool>,
    length: Option<usize>,
    seed: Option<u64>,
    notation: &str,
    tables_dir: Option<PathBuf>,
    max_memory: Option<&Bound<'_, PyAny>>,
    event: Option<&str>,
    count: Option<usize>,
) -> PyResult<PyObject> {
    let max_memory = convert::max_memory(max_memory)?;
    let n = count.unwrap_or(1);
    if n == 0 || n > scr::MAX_COUNT {
        return Err(PyValueError::new_err(format!(
            "count must be between 1 and {}, not {n}",
            scr::MAX_COUNT
        )));
    }
    let notation: Notation = convert::named("notation", notation)?;
    let seed = seed.unwrap_or_else(twisty_core::rng::fresh_seed);
    let engine = engines::engine(tables_dir, max_memory);
    let mut out = Vec::with_capacity(n.min(1024));
    if let Some(event) = event {
        let given = [
            ("puzzle", puzzle.is_some()),
            ("random_state", random_state.is_some()),
            ("length", length.is_some()),
            ("notation", notation != Notation::Standard),
        ];
        if let Some((name, _)) = given.iter().find(|(_, g)| *g) {
            return Err(PyValueError::new_err(format!(
                "`{name}` does not apply to an event's scramble: the event `{event}` fixes the puzzle, \
                 the form and the notation"
            )));
        }
        let event: scr::event::Event = event.parse().map_err(|e| errors::to_py(py, &e))?;
        let mut runs = scr::event::scrambles(&engine, event, seed);
        for _ in 0..n {
            let s = py.allow_threads(|| runs.next());
            match s {
                Some(Ok(s)) => out.push(s.scramble),
                Some(Err(e)) => return Err(errors::to_py(py, &e)),
                None => break,
            }
            py.check_signals()?;
        }
    } else {
        let name = puzzle.unwrap_or("3x3");
        let id = name.parse().map_err(|e: EngineError| {
            let hint = match name.parse::<scr::event::Event>() {
                Ok(ev) => EngineError::usage(format!(
                    "{}; `{name}` is a WCA event: scramble(event=\"{ev}\") scrambles it",
                    e.message
                )),
                Err(_) => e,
            };
            errors::to_py(py, &hint)
        })?;
        let random_state = random_state.unwrap_or(true);
        if random_state && length.is_some() {
            return Err(PyValueError::new_err(
                "a random-state scramble has no length: pass random_state=False for random moves",
            ));
        }
        let mut rng = twisty_core::seeded_rng(seed);
        for _ in 0..n {
            let s = py.allow_threads(|| {
                if random_state {
                    scr::random_state(&engine, id, notation, &mut rng)
                } else {
                    let k = length.unwrap_or_else(|| scr::default_length(id));
                    scr::random_moves(id, k, notation, &mut rng)
                }
            });
            out.push(s.map_err(|e| errors::to_py(py, &e))?.scramble);
            py.check_signals()?;
        }
    }
    match count {
        None => out.into_iter().next().unwrap_or_default().into_py_any(py),
        Some(_) => out.into_py_any(py),
    }
}

/// The solvers of a puzzle, the default first: id, aliases, default, optimal, options
/// (with types, ranges, defaults and help) and tables (with sizes).
#[pyfunction]
#[pyo3(signature = (puzzle = "3x3"))]
pub fn solvers(py: Python<'_>, puzzle: &str) -> PyResult<Vec<PyObject>> {
    let id = convert::puzzle(py, puzzle)?;
    catalog::solvers_for(id)
        .iter()
        .map(|e| {
            let v = serde_json::to_value(e.info()).unwrap_or_default();
            convert::to_py(py, &v)
        })
        .collect()
}

/// The table directory calls use when given none (`$TWISTY_TABLES` or the user cache).
#[pyfunction]
#[pyo3(signature = (tables_dir = None))]
pub fn tables_dir(tables_dir: Option<PathBuf>) -> PathBuf {
    engines::tables_dir(tables_dir)
}

/// Seconds per call of the engine's own `solve` on `state`, timed in Rust over `repeat`
/// calls (the baseline for measuring the Python call overhead).
#[pyfunction]
#[pyo3(signature = (state, puzzle = "3x3", repeat = 1000, tables_dir = None, max_memory = None))]
pub fn engine_seconds(
    py: Python<'_>,
    state: String,
    puzzle: &str,
    repeat: u32,
    tables_dir: Option<PathBuf>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let max_memory = convert::max_memory(max_memory)?;
    let mut req = twisty_engine::SolveRequest::new(convert::puzzle(py, puzzle)?, state);
    req.threads = Some(1);
    let engine = engines::engine(tables_dir, max_memory);
    let r = py.allow_threads(move || {
        engine.solve(&req, &Quiet)?;
        let start = std::time::Instant::now();
        for _ in 0..repeat.max(1) {
            engine.solve(&req, &Quiet)?;
        }
        Ok::<f64, EngineError>(start.elapsed().as_secs_f64() / f64::from(repeat.max(1)))
    });
    r.map_err(|e| errors::to_py(py, &e))
}
