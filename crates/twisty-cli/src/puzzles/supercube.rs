//! CLI glue for the N×N×N supercube.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use twisty_core::rng::fresh_seed;
use twisty_core::supercube::{render, SuperMove, Supercube, SupercubeState, SCRAMBLE_LENGTH};
use twisty_core::Puzzle;
use twisty_solvers::{SearchStats, Solution};

impl CliPuzzle for Supercube {
    fn scramble_length(&self) -> usize {
        SCRAMBLE_LENGTH
    }

    fn render(&self, state: &SupercubeState, colour: bool) -> String {
        render::render(state, colour)
    }

    /// The seed's cube code: the state byte of every position, two hex digits each,
    /// positions in `(z·N + y)·N + x` order.
    fn state_string(&self, state: &SupercubeState) -> Option<String> {
        Some(state.code().iter().map(|b| format!("{b:02x}")).collect())
    }

    fn parse_state_string(&self, text: &str) -> CliResult<SupercubeState> {
        let text = text.trim();
        let want = 2 * self.cubies();
        if text.len() != want || !text.is_ascii() {
            return Err(CliError::usage(anyhow::anyhow!(
                "a {0}x{0}x{0} state string has {want} hex digits (two per cubie), got {1} characters",
                self.n,
                text.chars().count()
            )));
        }
        let mut code = Vec::with_capacity(self.cubies());
        for i in 0..self.cubies() {
            let pair = &text[2 * i..2 * i + 2];
            let b = u8::from_str_radix(pair, 16).map_err(|_| {
                CliError::usage(anyhow::anyhow!(
                    "`{pair}` at column {} is not a hex byte",
                    2 * i + 1
                ))
            })?;
            code.push(b);
        }
        Ok(self.state_from_code(&code)?)
    }

    fn solver_names(&self) -> Vec<&'static str> {
        vec!["ga"]
    }

    fn solve(
        &self,
        ctx: &Ctx,
        solver: &str,
        state: &SupercubeState,
        args: &SolveArgs,
    ) -> CliResult<Solution<SuperMove>> {
        if solver != "ga" {
            return Err(CliError::usage(anyhow::anyhow!(
                "unknown supercube solver `{solver}`"
            )));
        }
        let seed = args.seed.unwrap_or_else(fresh_seed);
        let s = commands::supercube::run_ga(ctx, self, state, &args.ga, seed, args.timeout)?;
        let played = s.moves.len() as u64;
        let merged = s.merged.len() as u64;
        let simplified = s.simplified.len() as u64;
        if !args.json {
            eprintln!(
                "GA seed: {seed}; steps: {}, GA runs: {} ({} per step), generations: {}, macro improvements: {}, macros learned: {}",
                s.ga_count, s.ga_runs, args.ga.attempts, s.generations, s.macro_hits, s.learned
            );
            eprintln!(
                "played length: {played}, merged across parallel slices: {merged}, simplified length: {simplified}"
            );
        }
        let moves = if args.swarm.simplify {
            s.simplified
        } else if args.ga.simplify_parallel {
            s.merged
        } else {
            s.moves
        };
        let metric: twisty_core::Metric = args.metric.into();
        Ok(Solution {
            length: self.length(&moves, metric),
            moves,
            optimal: false,
            stats: SearchStats {
                elapsed: s.elapsed,
                breakdown: vec![
                    (String::from("ga_seed"), seed, 0.0),
                    (String::from("ga_steps"), s.ga_count, s.elapsed.as_secs_f64()),
                    (String::from("ga_runs"), s.ga_runs, 0.0),
                    (String::from("generations"), s.generations, 0.0),
                    (String::from("macro_improvements"), s.macro_hits, 0.0),
                    (String::from("macros_learned"), s.learned as u64, 0.0),
                    (String::from("played_length"), played, 0.0),
                    (String::from("merged_length"), merged, 0.0),
                    (String::from("simplified_length"), simplified, 0.0),
                ],
                ..SearchStats::default()
            },
        })
    }
}

fn cube(n: usize) -> CliResult<Supercube> {
    Supercube::new(n).map_err(CliError::usage)
}

/// `twisty scramble` for the N×N×N supercube.
pub fn scramble(n: usize, ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    if args.random_state {
        return Err(CliError::usage(anyhow::anyhow!(
            "the supercube has no random-state scrambles: use random moves (--length)"
        )));
    }
    commands::scramble::run(ctx, &cube(n)?, args)
}

/// `twisty show` for the N×N×N supercube.
pub fn show(n: usize, ctx: &Ctx, args: &ShowArgs) -> CliResult {
    commands::show::run(ctx, &cube(n)?, args)
}

/// `twisty play` for this puzzle.
pub fn play(n: usize, ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &cube(n)?, PuzzleKind::Supercube(n), args)
}
