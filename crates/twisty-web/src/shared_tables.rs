//! The tables of the solvers random-state scrambles use, loaded through the engine under the
//! engine's own cache keys, so that scrambles and solves share one copy per process.

use std::sync::Arc;
use twisty_core::Metric;
use twisty_engine::catalog::TableNeed;
use twisty_engine::{find, Engine, EngineError, Options, PuzzleId, Quiet};
use twisty_search::Origin;
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::optimal::cube2::Cube2Optimal;

/// The engine's cache key of the fast Kilominx solver.
const KILOMINX_FAST_KEY: &str = "kilominx/fast";
/// The engine's cache key of the 2x2x2 optimal solver in HTM.
const CUBE2_OPTIMAL_KEY: &str = "2x2/optimal-htm";

/// The tables the catalog says solver `id` of `p` needs with its default options.
fn needs(p: PuzzleId, id: &str) -> Result<Vec<TableNeed>, EngineError> {
    let entry = find(p, Some(id))?;
    let resolved = twisty_engine::options::resolve(entry.id, &(entry.options)(), &Options::new())?;
    Ok((entry.tables)(&resolved))
}

/// The fast Kilominx solver.
pub fn kilominx_fast(engine: &Engine) -> Result<Arc<KilominxFast>, EngineError> {
    let needs = needs(PuzzleId::Kilominx, "fast")?;
    let (s, _) = engine.load(
        KILOMINX_FAST_KEY,
        "the fast Kilominx solver",
        &needs,
        &Quiet,
        |cache, progress| {
            let s = KilominxFast::new(cache, progress)?;
            let origins: Vec<(String, Origin)> = s
                .origins()
                .into_iter()
                .map(|(spec, o)| (spec.file_name(), o))
                .collect();
            Ok((s, origins))
        },
    )?;
    Ok(s)
}

/// The 2x2x2 optimal solver (HTM).
pub fn cube2_optimal(engine: &Engine) -> Result<Arc<Cube2Optimal>, EngineError> {
    let needs = needs(PuzzleId::Cube2, "optimal")?;
    let (s, _) = engine.load(
        CUBE2_OPTIMAL_KEY,
        "the 2x2x2 distance table",
        &needs,
        &Quiet,
        |cache, progress| {
            let s = Cube2Optimal::with_progress(cache, Metric::Htm, progress)?;
            let origin = vec![(
                twisty_solvers::optimal::cube2::spec(Metric::Htm).file_name(),
                s.origin.clone(),
            )];
            Ok((s, origin))
        },
    )?;
    Ok(s)
}
