//! Progress inside the bound a long search is in, drawn on stderr while the search runs: a bar
//! over the bound's subtrees on a terminal, a plain line every minute otherwise (a scripted
//! research run otherwise shows nothing until an hour-long bound ends).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};
use twisty_solvers::{IterationProgress, ProgressSnapshot};

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(500);
/// How often a line is printed when stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(60);

/// The drawing of a search's [`IterationProgress`] on stderr.
pub struct BoundProgress {
    bar: ProgressBar,
    show: bool,
    terminal: bool,
}

impl BoundProgress {
    /// A drawing (nothing at all when `show` is false).
    pub fn new(show: bool) -> BoundProgress {
        let terminal = show && std::io::stderr().is_terminal();
        let bar = if terminal {
            let bar = ProgressBar::new(0);
            if let Ok(style) = ProgressStyle::with_template("{bar:30} {msg}") {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        BoundProgress { bar, show, terminal }
    }

    /// Runs `search`, drawing `progress` while it runs; the bar is cleared when it returns.
    pub fn run<R>(&self, progress: &IterationProgress, search: impl FnOnce() -> R) -> R {
        if !self.show {
            return search();
        }
        let mut bound = 0;
        let mut last_line = Instant::now();
        let out = progress.watch(
            TICK,
            |s: ProgressSnapshot| {
                if s.bound != bound {
                    bound = s.bound;
                    last_line = Instant::now();
                }
                let text = s.to_string();
                if self.terminal {
                    // The share of the work done when the last bound's counts give it, else
                    // the share of the subtrees (which under-reads: the largest go first).
                    match s.estimated_share() {
                        Some(share) => {
                            self.bar.set_length(1000);
                            self.bar.set_position((share * 1000.0) as u64);
                        }
                        None => {
                            self.bar.set_length(s.subtrees.max(1));
                            self.bar.set_position(s.done);
                        }
                    }
                    self.bar.set_message(text);
                } else if last_line.elapsed() >= LINE_EVERY {
                    last_line = Instant::now();
                    eprintln!("{text}");
                }
            },
            search,
        );
        self.bar.finish_and_clear();
        out
    }

    /// Runs `f` (which prints on stdout) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_the_search_and_returns_its_result() {
        let p = IterationProgress::new();
        p.start_bound(3, 2, 0);
        for show in [false, true] {
            let drawing = BoundProgress::new(show);
            assert_eq!(drawing.run(&p, || drawing.suspend(|| 7)), 7);
        }
    }
}
