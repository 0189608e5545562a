//! CLI glue for the 3x3x3.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use std::sync::Mutex;
use std::time::Duration;
use twisty_core::cube3::{facelets, render_net, Cube3, Cube3Move, CubieCube};
use twisty_core::{InvalidState, Puzzle};
use twisty_solvers::thistlethwaite::Thistlethwaite;
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
        vec!["two-phase", "thistlethwaite"]
    }

    fn solve(
        &self,
        ctx: &Ctx,
        solver: &str,
        state: &CubieCube,
        args: &SolveArgs,
    ) -> CliResult<Solution<Cube3Move>> {
        if solver == "thistlethwaite" {
            let limits = Limits {
                max_length: args.max_length,
                metric: args.metric.into(),
                ..Limits::default()
            };
            let sol = Thistlethwaite::global().solve(self, state, &limits)?;
            if args.groups {
                let phases = Thistlethwaite::global().solve_phases(state)?;
                let mut text = String::new();
                let mut cur = *state;
                for (i, (moves, _, secs)) in phases.iter().enumerate() {
                    self.apply_all(&mut cur, moves);
                    text.push_str(&format!(
                        "Phase {} (G{} -> G{}): {} ({} HTM, {:.3} ms)\n{}\n",
                        i + 1,
                        i,
                        i + 1,
                        if moves.is_empty() {
                            "-".to_string()
                        } else {
                            self.format_moves(moves)
                        },
                        moves.len(),
                        secs * 1e3,
                        render_net(&cur, ctx.colour)
                    ));
                }
                if let Ok(mut g) = GROUPS.lock() {
                    *g = Some(text);
                }
            }
            return Ok(sol);
        }
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
        Ok(TwoPhase::global().solve_with_probes(self, state, &limits, args.probes.unwrap_or(0))?)
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
    commands::solve::run(ctx, &Cube3, args)?;
    if args.groups {
        if let Some(text) = GROUPS.lock().ok().and_then(|mut g| g.take()) {
            print!("{text}");
        }
    }
    Ok(())
}

/// Per-phase report of the last Thistlethwaite solve, printed after the solution by `--groups`.
static GROUPS: Mutex<Option<String>> = Mutex::new(None);

/// `twisty play` for the 3x3x3.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &Cube3, PuzzleKind::Cube3, args)
}
