//! CLI glue for the Kilominx.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use twisty_core::kilominx::{render_net, KiloMove, KiloState, Kilominx};
use twisty_solvers::Solution;

impl CliPuzzle for Kilominx {
    fn scramble_length(&self) -> usize {
        30
    }

    fn render(&self, state: &KiloState, colour: bool) -> String {
        render_net(state, colour)
    }

    fn solver_names(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn solve(
        &self,
        _ctx: &Ctx,
        solver: &str,
        _state: &KiloState,
        _args: &SolveArgs,
    ) -> CliResult<Solution<KiloMove>> {
        Err(CliError::failure(anyhow::anyhow!(
            "no Kilominx solver `{solver}` is available yet"
        )))
    }
}

/// `twisty scramble` for the Kilominx.
pub fn scramble(ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    commands::scramble::run(ctx, &Kilominx, args)
}

/// `twisty show` for the Kilominx.
pub fn show(ctx: &Ctx, args: &ShowArgs) -> CliResult {
    commands::show::run(ctx, &Kilominx, args)
}

/// `twisty solve` for the Kilominx.
pub fn solve(ctx: &Ctx, args: &SolveArgs) -> CliResult {
    commands::solve::run(ctx, &Kilominx, args)
}

/// `twisty play` for the Kilominx.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &Kilominx, PuzzleKind::Kilominx, args)
}
