//! Progress inside the bound a long search is in, drawn on stderr while the search runs: a bar
//! over the bound's subtrees on a terminal, a plain line every minute otherwise (a scripted
//! research run otherwise shows nothing until an hour-long bound ends).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};
use twisty_solvers::IterationProgress;

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(500);
/// How often a line is printed when stderr is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(60);

/// The drawing of one search's [`IterationProgress`]; it stops when dropped.
pub struct BoundProgress {
    bar: ProgressBar,
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BoundProgress {
    /// Starts drawing `progress` (nothing at all when `show` is false).
    pub fn start(progress: Arc<IterationProgress>, show: bool) -> BoundProgress {
        if !show {
            return BoundProgress {
                bar: ProgressBar::hidden(),
                stop: None,
                thread: None,
            };
        }
        let terminal = std::io::stderr().is_terminal();
        let bar = if terminal {
            let bar = ProgressBar::new(0);
            if let Ok(style) = ProgressStyle::with_template("{bar:30} {msg}") {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let (stop, ticks) = mpsc::channel::<()>();
        let drawn = bar.clone();
        let thread = std::thread::spawn(move || {
            let mut bound = 0;
            let mut last_line = Instant::now();
            loop {
                match ticks.recv_timeout(TICK) {
                    Err(RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
                let s = progress.snapshot();
                if s.bound != bound {
                    bound = s.bound;
                    last_line = Instant::now();
                }
                if s.bound == 0 {
                    continue;
                }
                let text = s.to_string();
                if terminal {
                    drawn.set_length(s.subtrees.max(1));
                    drawn.set_position(s.done);
                    drawn.set_message(text);
                } else if last_line.elapsed() >= LINE_EVERY {
                    last_line = Instant::now();
                    eprintln!("{text}");
                }
            }
        });
        BoundProgress {
            bar,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Runs `f` (which prints on stdout) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }
}

impl Drop for BoundProgress {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_when_dropped() {
        let p = Arc::new(IterationProgress::new());
        p.start_bound(3, 2, 0);
        let drawing = BoundProgress::start(p.clone(), true);
        assert_eq!(drawing.suspend(|| 7), 7);
        drop(drawing);
        // The drawing thread has ended: the progress is only held here again.
        assert_eq!(Arc::strong_count(&p), 1);
    }
}
