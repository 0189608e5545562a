//! The solver catalog's entries, one file per solver family. Adding a solver: its file
//! here and one line in [`ALL`].

mod astar;
pub(crate) mod cube2_optimal;
pub(crate) mod cube3_optimal;
pub mod genetic;
pub(crate) mod kilominx_fast;
pub(crate) mod kilominx_optimal;
pub mod swarm;
mod thistlethwaite;
pub(crate) mod twophase;

use crate::catalog::{SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::observer::Event;
use std::time::Instant;
use twisty_search::ida::BoundReport;
use twisty_search::TableSpec;

/// Every solver, registered once.
pub static ALL: &[SolverEntry] = &[
    twophase::ENTRY,
    thistlethwaite::ENTRY,
    cube3_optimal::ENTRY,
    swarm::GREEDY,
    swarm::PSO,
    swarm::ACO,
    swarm::DKHO,
    cube2_optimal::ENTRY,
    astar::ENTRY,
    kilominx_fast::ENTRY,
    kilominx_optimal::ENTRY,
    genetic::ENTRY,
];

/// A table need from a spec and an estimated build rate in seconds per entry.
pub(crate) fn need(spec: TableSpec, secs_per_entry: f64) -> TableNeed {
    TableNeed {
        name: spec.file_name(),
        bytes: spec.data_len(),
        build_seconds: spec.entries as f64 * secs_per_entry,
        spec,
    }
}

/// A callback for iterative-deepening bounds that reports them to the observer.
pub(crate) fn bound_reporter<'a>(ctx: &'a Ctx<'a>) -> impl FnMut(&BoundReport) + Send + 'a {
    let start = Instant::now();
    move |b: &BoundReport| {
        ctx.observer.event(&Event::Bound {
            bound: b.bound,
            nodes: b.nodes,
            elapsed: b.elapsed,
            total: start.elapsed(),
        })
    }
}

/// Nothing to load.
pub(crate) fn nothing_to_prepare(_: &Ctx<'_>) -> Result<(), crate::EngineError> {
    Ok(())
}

/// No tables.
pub(crate) fn no_tables(_: &crate::options::Resolved) -> Vec<TableNeed> {
    Vec::new()
}
