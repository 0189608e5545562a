//! CLI glue for the 3x3x3.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use twisty_core::cube3::{facelets, render_net, Cube3, CubieCube};
use twisty_core::InvalidState;
use twisty_solvers::Solution;

impl CliPuzzle for Cube3 {
    fn scramble_length(&self) -> usize {
        25
    }

    fn render(&self, state: &CubieCube, colour: bool) -> String {
        render_net(state, colour)
    }

    fn state_string(&self, state: &CubieCube) -> Option<String> {
        Some(facelets::to_facelets(state))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<CubieCube> {
        facelets::from_facelets(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad facelet string: {e}")),
            other => CliError::from(other),
        })
    }

    fn fixed_stickers(&self) -> Vec<usize> {
        (0..6).map(|f| 9 * f + 4).collect()
    }

    fn solver_names(&self) -> Vec<&'static str> {
        vec!["two-phase"]
    }

    fn solve(
        &self,
        _ctx: &Ctx,
        _solver: &str,
        _state: &CubieCube,
        _args: &SolveArgs,
    ) -> CliResult<Solution<twisty_core::cube3::Cube3Move>> {
        Err(CliError::failure(anyhow::anyhow!(
            "the two-phase solver is not available yet"
        )))
    }
}

/// `twisty scramble` for the 3x3x3.
pub fn scramble(ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    commands::scramble::run(ctx, &Cube3, args)
}

/// `twisty show` for the 3x3x3.
pub fn show(ctx: &Ctx, args: &ShowArgs) -> CliResult {
    commands::show::run(ctx, &Cube3, args)
}

/// `twisty solve` for the 3x3x3.
pub fn solve(ctx: &Ctx, args: &SolveArgs) -> CliResult {
    commands::solve::run(ctx, &Cube3, args)
}

/// `twisty play` for the 3x3x3.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &Cube3, PuzzleKind::Cube3, args)
}
