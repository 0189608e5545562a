//! The engine's progress drawn on stderr.

use std::sync::Mutex;
use twisty_engine::{Event, Observer};

/// Prints the engine's progress on stderr: table builds, notes, finished bounds, steps.
pub struct CliObserver {
    /// Print bounds and steps (not with `--json`).
    verbose: bool,
    /// The spinner of step events, when stderr is a terminal.
    pub spinner: Mutex<Option<indicatif::ProgressBar>>,
}

impl Observer for CliObserver {
    fn event(&self, e: &Event) {
        match e {
            Event::Tables { message } | Event::Note { message } => eprintln!("{message}"),
            Event::Bound {
                bound,
                nodes,
                elapsed,
                total,
            } if self.verbose => {
                let secs = elapsed.as_secs_f64().max(1e-9);
                eprintln!(
                    "no solution of {bound} moves: {nodes} nodes in {secs:.2} s ({:.1} M nodes/s, {:.1} s total)",
                    *nodes as f64 / secs / 1e6,
                    total.as_secs_f64()
                );
            }
            Event::Step { message } => {
                if let Some(pb) = self.spinner.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
                    pb.set_message(message.clone());
                    pb.tick();
                }
            }
            _ => {}
        }
    }

    fn wants_steps(&self) -> bool {
        self.spinner.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }
}

impl CliObserver {
    /// An observer printing table builds and notes, and with `verbose` finished bounds; step
    /// events go to `spinner` when there is one.
    pub fn new(verbose: bool, spinner: Option<indicatif::ProgressBar>) -> CliObserver {
        CliObserver {
            verbose,
            spinner: Mutex::new(spinner),
        }
    }

    /// Table builds and notes only (benchmarks, which print their own lines).
    pub fn tables_only() -> CliObserver {
        CliObserver::new(false, None)
    }
}
