//! CLI glue for the N×N×N supercube.

use crate::args::{PlayArgs, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{CliError, CliResult, Ctx};

fn unavailable() -> CliError {
    CliError::failure(anyhow::anyhow!("the N×N×N supercube is not available yet"))
}

/// `twisty scramble` for the N×N×N supercube.
pub fn scramble(_n: usize, _ctx: &Ctx, _args: &ScrambleArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty show` for the N×N×N supercube.
pub fn show(_n: usize, _ctx: &Ctx, _args: &ShowArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty solve` for the N×N×N supercube.
pub fn solve(_n: usize, _ctx: &Ctx, _args: &SolveArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty play` for this puzzle.
pub fn play(_n: usize, _ctx: &Ctx, _args: &PlayArgs) -> CliResult {
    Err(unavailable())
}
