//! Output helpers: durations, JSON printing.

use crate::context::{CliError, CliResult};
use std::time::Duration;

/// A duration for humans: µs below 1 ms, ms below 1 s, s above.
pub fn human_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.3} ms", s * 1e3)
    } else if s < 120.0 {
        format!("{s:.3} s")
    } else {
        let m = (s / 60.0).floor();
        format!("{m:.0} min {:.1} s", s - m * 60.0)
    }
}

/// Prints a JSON value on stdout, pretty-printed. A closed stdout ends the program quietly
/// with success ([`exit_quietly_on_broken_pipe`]).
pub fn print_json(v: &serde_json::Value) -> CliResult {
    use std::io::Write;
    let text = serde_json::to_string_pretty(v).map_err(CliError::failure)?;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => closed_stdout(),
        Err(e) => Err(CliError::failure(anyhow::anyhow!("writing to stdout: {e}"))),
    }
}

/// Ends the program with success: the reader of stdout has gone (`twisty … | head -1`),
/// which is how Unix tools treat a closed pipe. Table files are written to a temporary
/// name and renamed, so nothing half-written is left behind.
fn closed_stdout() -> ! {
    std::process::exit(0)
}

/// Whether a panic message is the one `println!` raises when stdout is a closed pipe.
fn is_broken_pipe_panic(message: &str) -> bool {
    message.starts_with("failed printing to stdout")
        && (message.contains("Broken pipe") || message.contains("os error 32"))
}

/// Makes every `println!` on a closed stdout (`twisty scramble --count 100000 | head -1`)
/// end the program quietly with success instead of a panic: the standard library ignores
/// SIGPIPE, so the write fails with `EPIPE` and `println!` panics; this panic hook turns
/// that one panic into exit status 0. Any other failed print to stdout (a full disk,
/// `> /dev/full`) becomes an error message and exit status 1; every other panic's report
/// is left alone.
pub fn exit_quietly_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied());
        if message.is_some_and(is_broken_pipe_panic) {
            closed_stdout();
        }
        // Any other failed write of stdout (`twisty solve "R U" > /dev/full`): an error
        // message and exit status 1, not a panic's report and 101.
        if let Some(m) = message.and_then(|m| m.strip_prefix("failed printing to stdout: ")) {
            eprintln!("error: cannot write to standard output: {m}");
            std::process::exit(1);
        }
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_pipe_panics_are_recognised() {
        assert!(is_broken_pipe_panic(
            "failed printing to stdout: Broken pipe (os error 32)"
        ));
        assert!(!is_broken_pipe_panic(
            "failed printing to stdout: No space left on device (os error 28)"
        ));
        assert!(!is_broken_pipe_panic("index out of bounds"));
    }
}
