//! The progress of a breadth-first table build, depth by depth: a bar on a terminal, plain
//! lines otherwise (a scripted `twisty tables build` of a quarter of an hour would otherwise
//! show nothing until it ends): one per depth, and one a minute inside a long depth.

use indicatif::{HumanCount, ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use web_time::Instant;

/// How often a line is printed inside a depth when stderr is not a terminal, and how often
/// the bar's message is updated on one, in milliseconds.
const LINE_EVERY_MS: u64 = 60_000;
const MESSAGE_EVERY_MS: u64 = 1_000;

/// What a position counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counts {
    /// The states reached so far (the build's `len` in all).
    Reached,
    /// The entries scanned in the current depth (reset at each depth).
    Scanned,
}

/// One build's progress; `None` from [`DepthBar::new`] draws nothing.
pub(crate) struct DepthBar {
    bar: ProgressBar,
    /// Lines instead of a bar (stderr is not a terminal).
    lines: bool,
    label: String,
    len: u64,
    unit: &'static str,
    counts: Counts,
    started: Instant,
    /// The current depth's description, what of the table it has scanned, and when (in ms
    /// after `started`) a line or message last said so.
    depth: Mutex<String>,
    scanned: AtomicU64,
    said: AtomicU64,
    /// How often to say it, in ms.
    every: u64,
}

impl DepthBar {
    /// The progress of a build of `len` items (`unit` names them) labelled `label`; `None`
    /// without a label.
    pub(crate) fn new(
        label: Option<&String>,
        len: u64,
        unit: &'static str,
        counts: Counts,
    ) -> Option<DepthBar> {
        let label = label?;
        let lines = !std::io::stderr().is_terminal();
        let bar = if lines {
            ProgressBar::hidden()
        } else {
            let bar = ProgressBar::new(len);
            let template = format!(
                "{{prefix}} depth {{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} {unit}, ETA {{eta}}"
            );
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar.set_prefix(label.clone());
            bar
        };
        Some(DepthBar {
            bar,
            lines,
            label: label.clone(),
            len,
            unit,
            counts,
            started: Instant::now(),
            depth: Mutex::new(String::new()),
            scanned: AtomicU64::new(0),
            said: AtomicU64::new(0),
            every: if lines { LINE_EVERY_MS } else { MESSAGE_EVERY_MS },
        })
    }

    fn ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// A depth starts: `depth` describes it, `position` is the count so far.
    pub(crate) fn depth(&self, depth: &str, position: u64) {
        *self.depth.lock().unwrap_or_else(|e| e.into_inner()) = depth.to_string();
        self.scanned.store(0, Relaxed);
        self.said.store(self.ms(), Relaxed);
        self.bar.set_message(depth.to_string());
        self.bar.set_position(position);
        if self.lines {
            eprintln!("{}", self.line(depth, position));
        }
    }

    /// The line printed when stderr is not a terminal.
    fn line(&self, depth: &str, position: u64) -> String {
        let secs = self.started.elapsed().as_secs_f64();
        match self.counts {
            Counts::Reached => format!(
                "{}: {}/{} {} reached; now depth {depth}, {secs:.1} s",
                self.label,
                HumanCount(position),
                HumanCount(self.len),
                self.unit
            ),
            Counts::Scanned => format!("{}: now depth {depth}, {secs:.1} s", self.label),
        }
    }

    /// `n` more of the table's `len` items scanned in the current depth (from any thread).
    /// A line a minute says how far the depth has got when stderr is not a terminal; on one,
    /// the bar's message does, every second.
    pub(crate) fn scanned(&self, n: u64) {
        let done = self.scanned.fetch_add(n, Relaxed) + n;
        if self.counts == Counts::Scanned {
            self.bar.inc(n);
        }
        let (now, last) = (self.ms(), self.said.load(Relaxed));
        if now < last.saturating_add(self.every)
            || self.said.compare_exchange(last, now, Relaxed, Relaxed).is_err()
        {
            return;
        }
        let depth = self.depth.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if self.lines {
            eprintln!("{}", self.scan_line(&depth, done));
        } else if self.counts == Counts::Reached {
            self.bar
                .set_message(format!("{depth} ({} % scanned)", self.percent(done)));
        }
    }

    fn percent(&self, done: u64) -> u64 {
        done.min(self.len) * 100 / self.len.max(1)
    }

    /// The line printed inside a long depth when stderr is not a terminal.
    fn scan_line(&self, depth: &str, done: u64) -> String {
        format!(
            "{}: depth {depth}, {} % scanned, {:.1} s",
            self.label,
            self.percent(done),
            self.started.elapsed().as_secs_f64()
        )
    }

    /// The build has ended.
    pub(crate) fn finish(self) {
        self.bar.finish_and_clear();
        if self.lines {
            eprintln!(
                "{} done in {:.1} s",
                self.label,
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_label_draws_nothing_and_lines_read_whole() {
        assert!(DepthBar::new(None, 10, "states", Counts::Reached).is_none());
        let label = String::from("3x3x3 corners");
        let b = DepthBar::new(Some(&label), 88_179_840, "states", Counts::Reached).unwrap();
        let line = b.line("7", 1_234_567);
        assert!(
            line.starts_with("3x3x3 corners: 1,234,567/88,179,840 states reached; now depth 7, "),
            "{line}"
        );
        let c = DepthBar::new(Some(&label), 5, "entries scanned", Counts::Scanned).unwrap();
        let line = b.scan_line("9", 88_179_840 / 4);
        assert!(
            line.starts_with("3x3x3 corners: depth 9, 25 % scanned, "),
            "{line}"
        );
        let line = c.line("12 (backward, 40 reached)", 0);
        assert!(
            line.starts_with("3x3x3 corners: now depth 12 (backward, 40 reached), "),
            "{line}"
        );
        b.finish();
        c.finish();
    }

    #[test]
    fn the_scan_of_a_depth_is_said_when_due() {
        let label = String::from("test table");
        let mut b = DepthBar::new(Some(&label), 1000, "states", Counts::Reached).unwrap();
        b.depth("3", 1);
        b.scanned(100);
        assert_eq!(b.scanned.load(Relaxed), 100);
        // Not due yet (a minute or a second): nothing said since the depth started.
        let started = b.said.load(Relaxed);
        b.scanned(100);
        assert_eq!(b.said.load(Relaxed), started);
        // Due at once: said now, counting from the depth's start.
        b.every = 0;
        std::thread::sleep(std::time::Duration::from_millis(5));
        b.scanned(300);
        assert!(b.said.load(Relaxed) > started);
        assert!(b
            .scan_line("3", 500)
            .starts_with("test table: depth 3, 50 % scanned, "));
        // A new depth starts the count again.
        b.depth("4", 600);
        assert_eq!(b.scanned.load(Relaxed), 0);
        b.finish();
    }
}
