//! Progress of a solve, delivered to an [`Observer`] the caller passes: the CLI draws bars
//! from it, the web streams it, a batch runner counts it.

use std::time::Duration;

/// One progress event.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Tables are being loaded or built before the search.
    Tables {
        /// What is happening, for people (e.g. "building the 2x2x2 distance table (1.8 MiB)").
        message: String,
    },
    /// A depth bound of an iterative-deepening search finished with no solution.
    Bound {
        /// The bound.
        bound: u32,
        /// Nodes generated at that bound.
        nodes: u64,
        /// Time spent at that bound.
        elapsed: Duration,
        /// Time since the search started.
        total: Duration,
    },
    /// A phase of a staged solver, a step of a heuristic one, or every second the progress
    /// inside a long bound of an optimal search.
    Step {
        /// A one-line description.
        message: String,
    },
    /// A note the user should see (a warning, a default chosen for them).
    Note {
        /// The note.
        message: String,
    },
}

/// Receives [`Event`]s. Called from the solving thread, and for progress inside a long bound
/// from a thread beside it; must be cheap.
pub trait Observer: Sync {
    /// One event.
    fn event(&self, event: &Event);
}

/// An observer that ignores everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Observer for Quiet {
    fn event(&self, _: &Event) {}
}

impl<F: Fn(&Event) + Sync> Observer for F {
    fn event(&self, event: &Event) {
        self(event)
    }
}
