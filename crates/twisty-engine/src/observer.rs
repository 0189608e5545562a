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

impl Event {
    /// The event as one line for a progress display: the reading inside a long bound, a
    /// finished bound (`no solution of 16 moves: 1234 nodes in 2.5 s`), or a table being
    /// loaded; `None` for a note, which is not progress.
    pub fn progress_line(&self) -> Option<String> {
        match self {
            Event::Step { message } | Event::Tables { message } => Some(message.clone()),
            Event::Bound {
                bound,
                nodes,
                elapsed,
                ..
            } => Some(format!(
                "no solution of {bound} moves: {nodes} nodes in {:.1} s",
                elapsed.as_secs_f64()
            )),
            Event::Note { .. } => None,
        }
    }
}

/// Receives [`Event`]s. Called from the solving thread, and for progress inside a long bound
/// from a thread beside it; must be cheap.
pub trait Observer: Sync {
    /// One event.
    fn event(&self, event: &Event);

    /// Whether it uses the [`Event::Step`] readings sent every second inside a long bound of
    /// an optimal search; the engine runs no reporting thread beside the search for one that
    /// does not (a batch of short solves then starts one thread fewer per solve).
    fn wants_steps(&self) -> bool {
        true
    }
}

/// An observer that ignores everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Observer for Quiet {
    fn event(&self, _: &Event) {}

    fn wants_steps(&self) -> bool {
        false
    }
}

impl<F: Fn(&Event) + Sync> Observer for F {
    fn event(&self, event: &Event) {
        self(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_events_read_as_one_line() {
        let step = Event::Step {
            message: String::from("bound 17: 3/1000 subtrees, 5 nodes, 0.00 M nodes/s, 1.0 s"),
        };
        assert_eq!(
            step.progress_line().as_deref(),
            Some("bound 17: 3/1000 subtrees, 5 nodes, 0.00 M nodes/s, 1.0 s")
        );
        let bound = Event::Bound {
            bound: 16,
            nodes: 1234,
            elapsed: Duration::from_millis(2500),
            total: Duration::from_secs(3),
        };
        assert_eq!(
            bound.progress_line().as_deref(),
            Some("no solution of 16 moves: 1234 nodes in 2.5 s")
        );
        let note = Event::Note {
            message: String::from("a default was chosen"),
        };
        assert_eq!(note.progress_line(), None);
    }
}
