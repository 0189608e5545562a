//! The progress of a breadth-first table build, depth by depth: a bar on a terminal, a plain
//! line per depth otherwise (a scripted `twisty tables build` of a quarter of an hour would
//! otherwise show nothing until it ends).

use indicatif::{HumanCount, ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;

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
        })
    }

    /// A depth starts: `depth` describes it, `position` is the count so far.
    pub(crate) fn depth(&self, depth: &str, position: u64) {
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

    /// `n` more items of the current depth.
    pub(crate) fn inc(&self, n: u64) {
        self.bar.inc(n);
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
        let line = c.line("12 (backward, 40 reached)", 0);
        assert!(
            line.starts_with("3x3x3 corners: now depth 12 (backward, 40 reached), "),
            "{line}"
        );
        b.finish();
        c.finish();
    }
}
