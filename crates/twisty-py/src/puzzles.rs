//! Puzzle objects: `Cube3`, `Cube2`, `CubeN(n)`, `Kilominx` and `Supercube(n)`. They are immutable:
//! `apply` returns a new object, so objects can be dict keys and set members.

use crate::errors;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use twisty_core::cube2::Cube2 as Cube2Model;
use twisty_core::cube3::{facelets, Cube3 as Cube3Model};
use twisty_core::cube_n::CubeN as CubeNModel;
use twisty_core::kilominx::Kilominx as KiloModel;
use twisty_core::supercube::Supercube as SuperModel;
use twisty_core::Held;
use twisty_engine::input::{self, Parsed};
use twisty_engine::{EngineError, Notation, PuzzleId, State, MAX_INPUT_BYTES};

/// A state held by a puzzle object.
#[derive(Clone)]
pub struct Obj<P: Held> {
    p: P,
    state: P::State,
    frame: P::Frame,
    /// The moves applied from solved, while they are known and short (solved through the
    /// engine's input parser, so the answer is in the frame the puzzle is held in).
    history: Option<String>,
}

impl<P: Held + Clone> Obj<P>
where
    P::State: Clone + Eq + Hash,
{
    fn solved(p: P) -> Self {
        Obj {
            state: p.solved(),
            frame: p.home_frame(),
            p,
            history: Some(String::new()),
        }
    }

    fn parsed(p: P, parsed: Parsed<P>, text: &str) -> Self {
        Obj {
            p,
            state: parsed.state,
            frame: parsed.frame,
            history: (!parsed.from_state_string).then(|| text.trim().to_string()),
        }
    }

    fn random(p: P, seed: Option<u64>) -> Self {
        let mut rng = twisty_core::seeded_rng(seed.unwrap_or_else(twisty_core::rng::fresh_seed));
        Obj {
            state: p.random_state(&mut rng),
            frame: p.home_frame(),
            p,
            history: None,
        }
    }

    fn apply(&self, text: &str) -> Result<Self, EngineError> {
        let mut next = self.clone();
        next.p.apply_held(&mut next.state, &mut next.frame, text)?;
        next.history = self.history.as_ref().and_then(|h| {
            let joined = format!("{h} {}", text.trim());
            (joined.len() <= MAX_INPUT_BYTES).then(|| joined.trim().to_string())
        });
        Ok(next)
    }

    fn is_solved(&self) -> bool {
        self.p.is_solved(&self.state)
    }

    fn same(&self, other: &Self) -> bool {
        self.state == other.state && self.frame == other.frame
    }

    fn hash(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.state.hash(&mut h);
        format!("{:?}", self.frame).hash(&mut h);
        h.finish()
    }
}

/// What `solve` does with a puzzle object: parse its move history, or solve its state.
#[derive(Clone)]
pub enum Input {
    /// Moves from solved, in the user's notation.
    Text(String),
    /// A state (solved as held in its home orientation).
    State(State, String),
}

fn input_of<P: Held>(o: &Obj<P>, state: State, label: Option<String>) -> Input {
    match &o.history {
        Some(h) => Input::Text(h.clone()),
        None => Input::State(state, label.unwrap_or_default()),
    }
}

macro_rules! common_methods {
    ($class:ident, $name:literal) => {
        #[pymethods]
        impl $class {
            /// A new object with `moves` applied (the object itself is unchanged).
            fn apply(&self, py: Python<'_>, moves: &str) -> PyResult<Self> {
                let obj = self.0.apply(moves).map_err(|e| errors::to_py(py, &e))?;
                Ok(self.with(obj))
            }

            /// Whether the puzzle is solved.
            fn is_solved(&self) -> bool {
                self.0.is_solved()
            }

            /// The state string (3x3x3, 2x2x2 and N×N×N facelets as held, the supercube's
            /// hex code), or `None` for the Kilominx.
            fn state_string(&self) -> Option<String> {
                self.string()
            }

            /// The unfolded net as text.
            fn render(&self) -> String {
                self.net()
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .downcast::<$class>()
                    .is_ok_and(|o| self.0.same(&o.borrow().0) && self.id() == o.borrow().id())
            }

            fn __hash__(&self) -> u64 {
                self.0.hash()
            }

            fn __repr__(&self) -> String {
                let what = match (&self.0.history, self.string()) {
                    (Some(h), _) if h.is_empty() => "solved".to_string(),
                    (Some(h), _) if h.len() <= 80 => format!("moves={h:?}"),
                    (_, Some(s)) => format!("state={s:?}"),
                    _ => format!(
                        "solved={}",
                        if self.0.is_solved() { "True" } else { "False" }
                    ),
                };
                format!("<{} {}>", $name, what)
            }

            fn __str__(&self) -> String {
                self.net()
            }

            /// The puzzle's name as `solve` takes it.
            #[getter]
            fn puzzle(&self) -> String {
                self.id().to_string()
            }
        }
    };
}

/// The 3x3x3 cube.
#[pyclass(frozen, module = "twisty._twisty")]
#[derive(Clone)]
pub struct Cube3(Obj<Cube3Model>);

impl Cube3 {
    fn with(&self, obj: Obj<Cube3Model>) -> Self {
        Cube3(obj)
    }
    fn id(&self) -> PuzzleId {
        PuzzleId::Cube3
    }
    fn string(&self) -> Option<String> {
        Some(facelets::to_facelets(&self.0.state))
    }
    fn net(&self) -> String {
        twisty_core::cube3::render_net(&self.0.state, false)
    }
    /// The input `solve` uses.
    pub fn input(&self) -> (PuzzleId, Input) {
        (
            self.id(),
            input_of(&self.0, State::Cube3(self.0.state), self.string()),
        )
    }
}

#[pymethods]
impl Cube3 {
    /// A solved cube, or the cube after `state` (moves or a 54-letter facelet string).
    #[new]
    #[pyo3(signature = (state = None))]
    fn py_new(py: Python<'_>, state: Option<&str>) -> PyResult<Self> {
        Ok(Cube3(match state {
            None => Obj::solved(Cube3Model),
            Some(t) => Obj::parsed(
                Cube3Model,
                input::cube3(t, Notation::Standard).map_err(|e| errors::to_py(py, &e))?,
                t,
            ),
        }))
    }

    /// A uniformly random cube (`seed` makes it reproducible).
    #[staticmethod]
    #[pyo3(signature = (seed = None))]
    fn random(seed: Option<u64>) -> Self {
        Cube3(Obj::random(Cube3Model, seed))
    }
}
common_methods!(Cube3, "Cube3");

/// The 2x2x2 cube.
#[pyclass(frozen, module = "twisty._twisty")]
#[derive(Clone)]
pub struct Cube2(Obj<Cube2Model>);

impl Cube2 {
    fn with(&self, obj: Obj<Cube2Model>) -> Self {
        Cube2(obj)
    }
    fn id(&self) -> PuzzleId {
        PuzzleId::Cube2
    }
    fn string(&self) -> Option<String> {
        Some(self.0.state.to_facelets())
    }
    fn net(&self) -> String {
        Cube2Model.render_net(&self.0.state, false)
    }
    /// The input `solve` uses.
    pub fn input(&self) -> (PuzzleId, Input) {
        (
            self.id(),
            input_of(&self.0, State::Cube2(self.0.state), self.string()),
        )
    }
}

#[pymethods]
impl Cube2 {
    /// A solved cube, or the cube after `state` (moves or a 24-letter state string).
    #[new]
    #[pyo3(signature = (state = None))]
    fn py_new(py: Python<'_>, state: Option<&str>) -> PyResult<Self> {
        Ok(Cube2(match state {
            None => Obj::solved(Cube2Model),
            Some(t) => Obj::parsed(
                Cube2Model,
                input::cube2(t, Notation::Standard).map_err(|e| errors::to_py(py, &e))?,
                t,
            ),
        }))
    }

    /// A uniformly random cube (`seed` makes it reproducible).
    #[staticmethod]
    #[pyo3(signature = (seed = None))]
    fn random(seed: Option<u64>) -> Self {
        Cube2(Obj::random(Cube2Model, seed))
    }
}
common_methods!(Cube2, "Cube2");

/// The Kilominx.
#[pyclass(frozen, module = "twisty._twisty")]
#[derive(Clone)]
pub struct Kilominx(Obj<KiloModel>);

impl Kilominx {
    fn with(&self, obj: Obj<KiloModel>) -> Self {
        Kilominx(obj)
    }
    fn id(&self) -> PuzzleId {
        PuzzleId::Kilominx
    }
    fn string(&self) -> Option<String> {
        None
    }
    fn net(&self) -> String {
        twisty_core::kilominx::render_net(&self.0.state, false)
    }
    /// The input `solve` uses.
    pub fn input(&self) -> (PuzzleId, Input) {
        (self.id(), input_of(&self.0, State::Kilominx(self.0.state), None))
    }
}

#[pymethods]
impl Kilominx {
    /// A solved Kilominx, or the Kilominx after `moves` (cubing.js notation).
    #[new]
    #[pyo3(signature = (moves = None))]
    fn py_new(py: Python<'_>, moves: Option<&str>) -> PyResult<Self> {
        Ok(Kilominx(match moves {
            None => Obj::solved(KiloModel),
            Some(t) => Obj::parsed(
                KiloModel,
                input::kilominx(t, Notation::Standard).map_err(|e| errors::to_py(py, &e))?,
                t,
            ),
        }))
    }

    /// A uniformly random Kilominx (`seed` makes it reproducible).
    #[staticmethod]
    #[pyo3(signature = (seed = None))]
    fn random(seed: Option<u64>) -> Self {
        Kilominx(Obj::random(KiloModel, seed))
    }
}
common_methods!(Kilominx, "Kilominx");

/// The N×N×N supercube (every cubie's orientation counts).
#[pyclass(frozen, module = "twisty._twisty")]
#[derive(Clone)]
pub struct Supercube(Obj<SuperModel>, u8);

fn super_model(py: Python<'_>, n: u8) -> PyResult<SuperModel> {
    let id = PuzzleId::Supercube(n);
    let _ = id
        .to_string()
        .parse::<PuzzleId>()
        .map_err(|e| errors::to_py(py, &e))?;
    SuperModel::new(usize::from(n)).map_err(|e| errors::to_py(py, &EngineError::usage(e.to_string())))
}

impl Supercube {
    fn with(&self, obj: Obj<SuperModel>) -> Self {
        Supercube(obj, self.1)
    }
    fn id(&self) -> PuzzleId {
        PuzzleId::Supercube(self.1)
    }
    fn string(&self) -> Option<String> {
        Some(self.0.state.code().iter().map(|b| format!("{b:02x}")).collect())
    }
    fn net(&self) -> String {
        twisty_core::supercube::render::render(&self.0.state, false)
    }
    /// The input `solve` uses.
    pub fn input(&self) -> (PuzzleId, Input) {
        let state = State::Supercube(self.0.state.clone());
        (self.id(), input_of(&self.0, state, self.string()))
    }
}

#[pymethods]
impl Supercube {
    /// A solved N×N×N supercube, or the cube after `state` (WCA moves or the hex code).
    #[new]
    #[pyo3(signature = (n, state = None))]
    fn py_new(py: Python<'_>, n: i64, state: Option<&str>) -> PyResult<Self> {
        let n = u8::try_from(n).map_err(|_| PyTypeError::new_err(format!("bad supercube size {n}")))?;
        let cube = super_model(py, n)?;
        Ok(Supercube(
            match state {
                None => Obj::solved(cube),
                Some(t) => {
                    let parsed =
                        input::supercube(&cube, t, Notation::Standard).map_err(|e| errors::to_py(py, &e))?;
                    Obj::parsed(cube, parsed, t)
                }
            },
            n,
        ))
    }

    /// A uniformly random N×N×N supercube (`seed` makes it reproducible).
    #[staticmethod]
    #[pyo3(signature = (n, seed = None))]
    fn random(py: Python<'_>, n: u8, seed: Option<u64>) -> PyResult<Self> {
        Ok(Supercube(Obj::random(super_model(py, n)?, seed), n))
    }

    /// The size N.
    #[getter]
    fn n(&self) -> u8 {
        self.1
    }
}
common_methods!(Supercube, "Supercube");

/// The ordinary N×N×N cube (4 ≤ N ≤ 64; centres of one colour are interchangeable).
#[pyclass(frozen, module = "twisty._twisty")]
#[derive(Clone)]
pub struct CubeN(Obj<CubeNModel>, u8);

fn cube_n_model(py: Python<'_>, n: i64) -> PyResult<(CubeNModel, u8)> {
    let id: PuzzleId = format!("{n}x{n}").parse().map_err(|e| errors::to_py(py, &e))?;
    let PuzzleId::CubeN(k) = id else {
        return Err(errors::to_py(
            py,
            &EngineError::usage(format!("the {n}x{n}x{n} is not a CubeN: use Cube{n}")),
        ));
    };
    let cube =
        CubeNModel::new(usize::from(k)).map_err(|e| errors::to_py(py, &EngineError::usage(e.to_string())))?;
    Ok((cube, k))
}

impl CubeN {
    fn with(&self, obj: Obj<CubeNModel>) -> Self {
        CubeN(obj, self.1)
    }
    fn id(&self) -> PuzzleId {
        PuzzleId::CubeN(self.1)
    }
    fn string(&self) -> Option<String> {
        Some(self.0.p.to_facelets(&self.0.state))
    }
    fn net(&self) -> String {
        self.0
            .p
            .render_net_held(&self.0.state, self.0.p.home_frame(), false)
    }
    /// The input `solve` uses.
    pub fn input(&self) -> (PuzzleId, Input) {
        let state = State::CubeN(self.0.state.clone());
        (self.id(), input_of(&self.0, state, self.string()))
    }
}

#[pymethods]
impl CubeN {
    /// A solved N×N×N cube, or the cube after `state` (WCA moves as cubing.js prints them,
    /// or a facelet string of 6·N² stickers, faces U R F D L B, in any orientation).
    #[new]
    #[pyo3(signature = (n, state = None))]
    fn py_new(py: Python<'_>, n: i64, state: Option<&str>) -> PyResult<Self> {
        let (cube, k) = cube_n_model(py, n)?;
        Ok(CubeN(
            match state {
                None => Obj::solved(cube),
                Some(t) => {
                    let parsed =
                        input::cube_n(&cube, t, Notation::Standard).map_err(|e| errors::to_py(py, &e))?;
                    Obj::parsed(cube, parsed, t)
                }
            },
            k,
        ))
    }

    /// A uniformly random N×N×N cube (`seed` makes it reproducible).
    #[staticmethod]
    #[pyo3(signature = (n, seed = None))]
    fn random(py: Python<'_>, n: i64, seed: Option<u64>) -> PyResult<Self> {
        let (cube, k) = cube_n_model(py, n)?;
        Ok(CubeN(Obj::random(cube, seed), k))
    }

    /// The size N.
    #[getter]
    fn n(&self) -> u8 {
        self.1
    }
}
common_methods!(CubeN, "CubeN");

/// The puzzle and input of a puzzle object, or `None` when `obj` is not one.
pub fn object_input(obj: &Bound<'_, PyAny>) -> Option<(PuzzleId, Input)> {
    if let Ok(o) = obj.downcast::<Cube3>() {
        return Some(o.get().input());
    }
    if let Ok(o) = obj.downcast::<Cube2>() {
        return Some(o.get().input());
    }
    if let Ok(o) = obj.downcast::<Kilominx>() {
        return Some(o.get().input());
    }
    if let Ok(o) = obj.downcast::<Supercube>() {
        return Some(o.get().input());
    }
    if let Ok(o) = obj.downcast::<CubeN>() {
        return Some(o.get().input());
    }
    None
}
