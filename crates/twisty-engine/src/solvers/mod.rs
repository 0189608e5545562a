//! The solver catalog's entries, one file per solver family. Adding a solver: its file
//! here and one line in [`ALL`].

mod astar;
pub(crate) mod clock_optimal;
pub(crate) mod cube2_optimal;
pub(crate) mod cube3_optimal;
pub(crate) mod def_optimal;
pub mod genetic;
pub(crate) mod kilominx_fast;
pub(crate) mod kilominx_optimal;
mod reduction;
pub(crate) mod sq1_twophase;
pub(crate) mod supercube2_optimal;
pub(crate) mod supercube3_twophase;
pub mod swarm;
mod thistlethwaite;
pub(crate) mod twophase;

use crate::catalog::{SolverEntry, TableNeed};
use crate::engine::Ctx;
use crate::observer::Event;
use std::sync::Arc;
use std::time::Duration;
use twisty_search::ida::BoundReport;
use twisty_search::TableSpec;
use twisty_solvers::{IterationProgress, Limits};
use web_time::Instant;

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
    supercube2_optimal::ENTRY,
    supercube3_twophase::ENTRY,
    genetic::ENTRY,
    reduction::ENTRY,
    def_optimal::ENTRY,
    clock_optimal::ENTRY,
    sq1_twophase::ENTRY,
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

/// How often [`with_bound_progress`] reports.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// Runs `f` with the request's limits plus an [`IterationProgress`], and while it runs sends
/// the observer a [`Event::Step`] with the reading every second once a bound has started
/// (e.g. `bound 15: 557/1536 subtrees, 373363096 nodes, 6.22 M nodes/s, 60.0 s`), for a
/// solver whose bounds can take minutes. For an observer that wants no steps
/// ([`crate::Observer::wants_steps`]), just `f` with the request's limits.
pub(crate) fn with_bound_progress<R>(ctx: &Ctx<'_>, f: impl FnOnce(&Limits) -> R) -> R {
    if !ctx.observer.wants_steps() {
        return f(&ctx.limits);
    }
    let progress = Arc::new(IterationProgress::new());
    let limits = Limits {
        progress: Some(progress.clone()),
        ..ctx.limits.clone()
    };
    let observer = ctx.observer;
    progress.watch(
        PROGRESS_EVERY,
        |reading| {
            observer.event(&Event::Step {
                message: reading.to_string(),
            })
        },
        || f(&limits),
    )
}

/// Nothing to load.
pub(crate) fn nothing_to_prepare(_: &Ctx<'_>) -> Result<(), crate::EngineError> {
    Ok(())
}

/// No tables.
pub(crate) fn no_tables(_: &crate::options::Resolved) -> Vec<TableNeed> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Resolved;
    use crate::{Engine, EngineConfig};
    use std::sync::Mutex;

    #[test]
    fn a_long_bound_is_reported_as_steps_until_the_solve_returns() {
        let dir = tempfile::tempdir().unwrap();
        let engine = Engine::new(EngineConfig {
            tables_dir: dir.path().to_path_buf(),
            ..EngineConfig::default()
        });
        let options = Resolved::default();
        let steps = Mutex::new(Vec::new());
        let observer = |e: &Event| {
            if let Event::Step { message } = e {
                steps.lock().unwrap().push(message.clone());
            }
        };
        let ctx = Ctx {
            engine: &engine,
            options: &options,
            limits: Limits {
                max_length: Some(7),
                ..Limits::default()
            },
            observer: &observer,
            seed: None,
            tables_seconds: Default::default(),
            input_length: None,
            purpose: Default::default(),
            used: Default::default(),
        };
        let out = with_bound_progress(&ctx, |limits| {
            // The request's limits come through, with the progress added.
            assert_eq!(limits.max_length, Some(7));
            let p = limits.progress.as_ref().unwrap();
            p.start_bound(15, 4, 0);
            p.set_nodes(1000);
            p.finish_subtree();
            // A "search" that lasts until it has been reported (however slow the machine).
            while steps.lock().unwrap().is_empty() {
                std::thread::sleep(Duration::from_millis(10));
            }
            42
        });
        assert_eq!(out, 42);
        let seen = steps.lock().unwrap().clone();
        assert!(
            seen[0].starts_with("bound 15: 1/4 subtrees, 1000 nodes, "),
            "{seen:?}"
        );
        // Nothing is reported after the solve has returned.
        let n = seen.len();
        std::thread::sleep(PROGRESS_EVERY + Duration::from_millis(200));
        assert_eq!(steps.lock().unwrap().len(), n);
        // An observer that wants no steps gets the request's limits as they are.
        let quiet = Ctx {
            observer: &crate::Quiet,
            ..ctx
        };
        let had = with_bound_progress(&quiet, |limits| (limits.max_length, limits.progress.is_some()));
        assert_eq!(had, (Some(7), false));
    }
}
