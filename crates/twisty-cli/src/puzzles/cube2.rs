//! CLI glue for the 2x2x2.

use crate::args::{PlayArgs, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{CliError, CliResult, Ctx};

fn unavailable() -> CliError {
    CliError::failure(anyhow::anyhow!("the 2x2x2 is not available yet"))
}

/// `twisty scramble` for the 2x2x2.
pub fn scramble(_ctx: &Ctx, _args: &ScrambleArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty show` for the 2x2x2.
pub fn show(_ctx: &Ctx, _args: &ShowArgs) -> CliResult {
    Err(unavailable())
}

/// `twisty solve` for the 2x2x2.
pub fn solve(ctx: &Ctx, args: &SolveArgs) -> CliResult {
    if args.solver.as_deref() == Some("astar") {
        return crate::commands::astar::solve(ctx, args);
    }
    Err(unavailable())
}

/// `twisty play` for this puzzle.
pub fn play(_ctx: &Ctx, _args: &PlayArgs) -> CliResult {
    Err(unavailable())
}
