//! CLI glue for the 3x3x3.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use std::time::Duration;
use twisty_core::cube3::{facelets, render_net, Cube3, Cube3Move, CubieCube};
use twisty_core::{InvalidState, Puzzle};
use twisty_solvers::twophase::{TwoPhase, DEFAULT_MAX_LENGTH};
use twisty_solvers::{Limits, Solution, Solver};

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
        ctx: &Ctx,
        solver: &str,
        state: &CubieCube,
        args: &SolveArgs,
    ) -> CliResult<Solution<Cube3Move>> {
        if solver != "two-phase" {
            return Err(CliError::usage(anyhow::anyhow!(
                "unknown 3x3x3 solver `{solver}`"
            )));
        }
        if args.max_length.is_some_and(|m| m > 40) {
            return Err(CliError::usage(anyhow::anyhow!(
                "--max-length must be at most 40 for the two-phase solver"
            )));
        }
        let limits = Limits {
            max_length: Some(args.max_length.unwrap_or(DEFAULT_MAX_LENGTH)),
            timeout: args.timeout.map(Duration::from_secs_f64),
            max_nodes: None,
            cancel: Some(ctx.cancel.clone()),
            threads: ctx.threads,
            metric: args.metric.into(),
        };
        Ok(TwoPhase::global().solve(self, state, &limits)?)
    }

    fn random_state_scramble(
        &self,
        ctx: &Ctx,
        rng: &mut twisty_core::TwistyRng,
    ) -> CliResult<(CubieCube, Vec<Cube3Move>)> {
        let state = self.random_state(rng);
        let limits = Limits {
            max_length: Some(DEFAULT_MAX_LENGTH),
            cancel: Some(ctx.cancel.clone()),
            ..Limits::default()
        };
        let sol = TwoPhase::global().solve(self, &state, &limits)?;
        Ok((state, self.invert_all(&sol.moves)))
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
