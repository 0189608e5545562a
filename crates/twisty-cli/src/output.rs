//! Output helpers: durations, JSON printing.

use crate::commands::{CliError, CliResult};
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

/// Prints a JSON value on stdout, pretty-printed.
pub fn print_json(v: &serde_json::Value) -> CliResult {
    let text = serde_json::to_string_pretty(v).map_err(CliError::failure)?;
    println!("{text}");
    Ok(())
}
