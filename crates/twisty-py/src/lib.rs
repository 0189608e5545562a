//! The Rust extension of the `twisty` Python package (`twisty._twisty`): the engine's
//! solve, batch solve, scrambles, catalog and puzzle objects for Python. Only argument
//! and result conversion lives here; everything about solving is the engine's.

mod convert;
mod engines;
mod errors;
mod interrupt;
mod prefixes;
mod progress;
mod puzzles;
mod solution;
mod solve;
mod wait;
mod worker;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _twisty(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_many_iter, m)?)?;
    m.add_function(wrap_pyfunction!(solve::scramble, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solvers, m)?)?;
    m.add_function(wrap_pyfunction!(solve::tables_dir, m)?)?;
    m.add_function(wrap_pyfunction!(solve::engine_seconds, m)?)?;
    m.add_function(wrap_pyfunction!(prefixes::prefixes, m)?)?;
    m.add_class::<solution::Solution>()?;
    m.add_class::<solution::Failure>()?;
    m.add_class::<solve::Batch>()?;
    m.add_class::<puzzles::Cube3>()?;
    m.add_class::<puzzles::Cube2>()?;
    m.add_class::<puzzles::Kilominx>()?;
    m.add_class::<puzzles::Supercube>()?;
    m.add_class::<puzzles::CubeN>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
