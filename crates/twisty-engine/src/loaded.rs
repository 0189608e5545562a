//! The solvers behind the catalog, loaded through the engine's table cache for callers that
//! drive a solver directly (benchmarks, research tools): the same tables, built and loaded
//! the same way and once per process, as every [`crate::Engine::solve`] request uses.

use crate::catalog::find;
use crate::engine::{Ctx, Engine};
use crate::error::EngineError;
use crate::observer::Observer;
use crate::options::{resolve, Options};
use crate::puzzle_id::PuzzleId;
use crate::solvers;
use std::sync::Arc;
use twisty_core::Metric;
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::optimal::cube2::Cube2Optimal;
use twisty_solvers::optimal::cube3::Cube3Optimal;
use twisty_solvers::optimal::kilominx::KilominxOptimal;
use twisty_solvers::twophase::TwoPhase;
use twisty_solvers::Limits;

/// Runs `load` with the context of a request for `solver` of `puzzle` with options `given`
/// (checked against the catalog, defaults filled in).
fn with_ctx<T>(
    engine: &Engine,
    puzzle: PuzzleId,
    solver: &str,
    given: &Options,
    observer: &dyn Observer,
    load: impl FnOnce(&Ctx<'_>) -> Result<T, EngineError>,
) -> Result<T, EngineError> {
    let entry = find(puzzle, Some(solver))?;
    let options = resolve(entry.id, &(entry.options)(), given)?;
    let ctx = Ctx {
        engine,
        options: &options,
        limits: Limits::default(),
        observer,
        seed: None,
        tables_seconds: Default::default(),
        input_length: None,
        // A solver driven directly serves many solves.
        purpose: crate::Purpose::Batch,
        used: Default::default(),
    };
    load(&ctx)
}

/// One option by name.
fn option(name: &str, value: &str) -> Options {
    Options::from([(name.to_string(), serde_json::Value::from(value))])
}

/// The optimal 2x2x2 solver's distance table for `metric`.
pub fn cube2_optimal(
    engine: &Engine,
    metric: Metric,
    observer: &dyn Observer,
) -> Result<Arc<Cube2Optimal>, EngineError> {
    with_ctx(
        engine,
        PuzzleId::Cube2,
        "optimal",
        &Options::new(),
        observer,
        |ctx| solvers::cube2_optimal::load(ctx, metric),
    )
}

/// The optimal 2x2x2 supercube solver's distance table.
pub fn supercube2_optimal(
    engine: &Engine,
    observer: &dyn Observer,
) -> Result<Arc<twisty_solvers::supercube2::Supercube2Optimal>, EngineError> {
    with_ctx(
        engine,
        PuzzleId::Supercube(2),
        "optimal",
        &Options::new(),
        observer,
        solvers::supercube2_optimal::load,
    )
}

/// The optimal 3x3x3 solver with `heuristic` (`best`, `korf`, `small`, …); tables over
/// 100 MiB that are not cached are built only when the engine's configuration allows it.
pub fn cube3_optimal(
    engine: &Engine,
    heuristic: &str,
    observer: &dyn Observer,
) -> Result<Arc<Cube3Optimal>, EngineError> {
    with_ctx(
        engine,
        PuzzleId::Cube3,
        "optimal",
        &option("heuristic", heuristic),
        observer,
        solvers::cube3_optimal::load,
    )
}

/// The two-phase solver with its default tables (the short-answer tables included).
pub fn two_phase(engine: &Engine, observer: &dyn Observer) -> Result<Arc<TwoPhase>, EngineError> {
    with_ctx(
        engine,
        PuzzleId::Cube3,
        "two-phase",
        &Options::new(),
        observer,
        solvers::twophase::load,
    )
}

/// The fast Kilominx solver.
pub fn kilominx_fast(engine: &Engine, observer: &dyn Observer) -> Result<Arc<KilominxFast>, EngineError> {
    with_ctx(
        engine,
        PuzzleId::Kilominx,
        "fast",
        &Options::new(),
        observer,
        solvers::kilominx_fast::load,
    )
}

/// The optimal Kilominx solver with `heuristic` (`best`, `seed`, `sparse`, …).
pub fn kilominx_optimal(
    engine: &Engine,
    heuristic: &str,
    observer: &dyn Observer,
) -> Result<Arc<KilominxOptimal>, EngineError> {
    with_ctx(
        engine,
        PuzzleId::Kilominx,
        "optimal",
        &option("heuristic", heuristic),
        observer,
        solvers::kilominx_optimal::load,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EngineConfig, Quiet};

    #[test]
    fn loads_once_and_checks_options() {
        let dir = tempfile::tempdir().expect("temp dir");
        let engine = Engine::new(EngineConfig {
            tables_dir: dir.path().to_path_buf(),
            ..EngineConfig::default()
        });
        let a = cube2_optimal(&engine, Metric::Htm, &Quiet).expect("loads");
        let b = cube2_optimal(&engine, Metric::Htm, &Quiet).expect("loads");
        assert!(Arc::ptr_eq(&a, &b), "loaded once per engine");
        let e = cube3_optimal(&engine, "no-such", &Quiet).expect_err("unknown heuristic");
        assert!(e.to_string().contains("heuristic"), "{e}");
        // Over 100 MiB and not cached: refused with the build command, not built.
        let e = cube3_optimal(&engine, "best", &Quiet).expect_err("large tables");
        assert!(e.to_string().contains("twisty tables build"), "{e}");
    }
}
