//! CLI glue for the Kilominx.

use crate::args::{PlayArgs, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{CliError, CliResult, Ctx};

fn unavailable() -> CliError {
    CliError::failure(anyhow::anyhow!("the Kilominx is not available yet"))
}

/// `twisty scramble` for the Kilominx.
pub fn scramble(_ctx: &Ctx, _args: &ScrambleArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty show` for the Kilominx.
pub fn show(_ctx: &Ctx, _args: &ShowArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty solve` for the Kilominx.
pub fn solve(_ctx: &Ctx, _args: &SolveArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty play` for this puzzle.
pub fn play(_ctx: &Ctx, _args: &PlayArgs) -> CliResult {
    Err(unavailable())
}
