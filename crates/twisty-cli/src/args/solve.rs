//! Flags of `twisty solve`: the solve itself, its batch mode and the 2x2x2 A* solver's.

use super::{FrameArg, GaArgs, MetricArg, PuzzleKind, StateArgs, SwarmArgs};
use clap::{Args, Parser, ValueEnum};
use std::path::PathBuf;

/// `twisty solve`.
#[derive(Debug, Args, Clone)]
pub struct SolveArgs {
    /// Puzzle: 3x3, 2x2, NxN, kilominx, clock, sq1, supercube:N, pyraminx, skewb, megaminx, fto, dino,
    /// helicopter, def:NAME or def:PATH (a definition file); `--puzzle list` lists them.
    #[arg(long, short, default_value = "3x3")]
    pub puzzle: PuzzleKind,
    /// The state.
    #[command(flatten)]
    pub state: StateArgs,
    /// Solve a random scramble of N moves (N ≥ 1; without N: the puzzle's usual length);
    /// printed.
    #[arg(long, value_name = "N", num_args = 0..=1,
          conflicts_with_all = ["moves", "file", "facelets"])]
    pub random: Option<Option<usize>>,
    /// Solve a uniformly random state.
    #[arg(long, conflicts_with_all = ["moves", "file", "facelets", "random"])]
    pub random_state: bool,
    /// Seed for --random / --random-state / randomised solvers.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Solver (default: the puzzle's default solver; `--solver list` lists them).
    #[arg(long, short)]
    pub solver: Option<String>,
    /// Heuristic of the optimal solvers (3x3x3: best, best-tiny, h48-7, h48-8, h48-7-quick, h48-tiny, korf-inverse, korf, small, small-inverse;
    /// Kilominx: best, best-exact, best-forward, best-rotations, faces, seed, sparse; best-mirror is the former name of best-forward); given without --solver, it selects the optimal solver.
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Any option of the solver's catalog entry, as NAME=VALUE (repeatable; `--solver list`
    /// shows each solver's options), e.g. `--option probes=100`. Some defaults depend on
    /// the use: one 3x3x3 solve searches for shorter answers for `budget=70` ms, a batch
    /// answers at once (`budget=0`); either is overridden with `--option budget=MS`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Two-phase: answer with up to K solutions, each shorter than the one before, shortest
    /// first (searched for within --timeout, default 1 s).
    #[arg(long, value_name = "K")]
    pub count: Option<u32>,
    /// Answer with these moves only: faces separated by commas (`--moves R,U`: every turn
    /// of R and U, as you hold the puzzle). Optimal solvers of the 3x3x3 (with the strongest
    /// of its best, korf-inverse or small-inverse tables at hand), the 2x2x2 and the puzzles
    /// given by a definition; a state those moves cannot solve is refused at once.
    #[arg(long = "moves", id = "move_set", value_name = "FACES")]
    pub move_set: Option<String>,
    /// Longest acceptable solution.
    #[arg(long)]
    pub max_length: Option<u32>,
    /// Time budget in seconds (fractions allowed).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Two-phase: after the first solution, keep searching for shorter ones until N phase-2
    /// searches have been tried (or --timeout runs out).
    #[arg(long, value_name = "N")]
    pub probes: Option<u64>,
    /// Length metric.
    #[arg(long, value_enum, default_value_t = MetricArg::Htm)]
    pub metric: MetricArg,
    /// Machine-readable output: the engine's solve report (schema:
    /// crates/twisty-engine/schema/solve-report.schema.json); errors as JSON too.
    #[arg(long)]
    pub json: bool,
    /// The frame of the answer: `held` (as you hold the puzzle after the input; the
    /// default) or `reference` (the solvers' internal fixed-piece frame).
    #[arg(long, value_enum, default_value_t = FrameArg::Held)]
    pub frame: FrameArg,
    /// Show the scramble being applied step by step, then the solution step by step.
    #[arg(long)]
    pub visualize: bool,
    /// Delay between visualizer frames, in milliseconds (terminal only).
    #[arg(long, value_name = "MS", default_value_t = 400)]
    pub delay: u64,
    /// With the Thistlethwaite solver: after the solution, print each phase's moves, length,
    /// time and the cube after that phase.
    #[arg(long)]
    pub groups: bool,
    /// With the Thistlethwaite solver: try up to K solutions of each phase and keep the
    /// shortest total (1 = the classic algorithm; time grows about as K³).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub search_phases: u32,
    /// Optimal solvers: print every optimal solution (3x3x3 `--solver optimal`).
    #[arg(long)]
    pub all: bool,
    /// Batch mode: many states, one per line.
    #[command(flatten, next_help_heading = "Batch (--batch)")]
    pub batch: Box<BatchArgs>,
    /// Options of the 2x2x2 A* solver.
    #[command(flatten)]
    pub astar: AStarArgs,
    /// Options of the 3x3x3 metaheuristic solvers (greedy, pso, aco, dkho).
    #[command(flatten)]
    pub swarm: SwarmArgs,
    /// Options of the supercube GA solver.
    #[command(flatten, next_help_heading = "Supercube GA (--puzzle supercube:N)")]
    pub ga: Box<GaArgs>,
}

/// `twisty solve --batch`: many states, one per line, answered as JSON Lines.
#[derive(Debug, Args, Clone, Default)]
pub struct BatchArgs {
    /// Solve many states: one input per line of FILE (`-` or no FILE: standard input),
    /// moves or a state string; blank lines and `#` / `//` comment lines are skipped. Writes
    /// JSON Lines (one report or error record per line, with its `line`) in input order.
    /// Options default to throughput (two-phase: `budget=0`, `target=20`, `state_depth=8`).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-",
          conflicts_with_all = ["moves", "file", "facelets", "random", "random_state", "visualize"])]
    pub batch: Option<PathBuf>,
    /// Batch: states solved at once (default: the cores; solvers that can use several
    /// threads per state get the cores split between the jobs).
    #[arg(long, value_name = "N", requires = "batch")]
    pub jobs: Option<usize>,
    /// Batch: write the records to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE", requires = "batch")]
    pub output: Option<PathBuf>,
    /// Batch: continue an interrupted run into --output FILE: lines already answered there
    /// are skipped, a truncated last record is dropped, new records are appended. Refused
    /// when the input is not the one FILE was written from (recorded in FILE.input.json).
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Batch: also write the summary as one JSON object, to FILE or (no FILE) as the last
    /// line on standard error.
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", requires = "batch")]
    pub summary_json: Option<PathBuf>,
}

impl BatchArgs {
    /// Whether any batch flag was given (the batch path then checks that `--batch` was).
    pub fn given(&self) -> bool {
        self.batch.is_some()
            || self.jobs.is_some()
            || self.output.is_some()
            || self.resume
            || self.summary_json.is_some()
    }
}

/// Options of the 2x2x2 A* solver (`--puzzle 2x2 --solver astar`).
#[derive(Debug, Args, Clone)]
pub struct AStarArgs {
    /// A* (seed 001's method, kept faithful): goal `fixed` (one colouring, 12 quarter turns)
    /// or `any-orientation` (24 colourings, turns of top, right and front only). It answers
    /// short scrambles (about 12 quarter turns); most random states exhaust its memory
    /// budget: `--solver optimal`, the 2x2x2 default, solves any state optimally.
    #[arg(long, value_enum, default_value_t = AStarGoal::Fixed)]
    pub goal: AStarGoal,
    /// Divisor p of the misplaced-sticker count.
    #[arg(long, default_value_t = 3.0)]
    pub weight: f64,
    /// Divide as integers (the seed's Python 2 behaviour); the weight must be an integer.
    #[arg(long)]
    pub integer_heuristic: bool,
    /// Stop after this many expanded nodes.
    #[arg(long, default_value_t = 5_000_000)]
    pub max_expanded: u64,
}

/// A* goal mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AStarGoal {
    /// One goal colouring, all 12 quarter turns.
    Fixed,
    /// Any of the 24 orientations of the goal, 6 quarter turns.
    AnyOrientation,
}

impl SolveArgs {
    /// The defaults of `twisty solve --puzzle <puzzle>` followed by `extra` options (used by
    /// `play`'s SOLVE command), with the matches that tell which flags were given.
    pub fn from_words_with_matches(
        puzzle: PuzzleKind,
        extra: &[&str],
    ) -> Result<(SolveArgs, clap::ArgMatches), clap::Error> {
        use clap::{CommandFactory, FromArgMatches};
        #[derive(Debug, Parser)]
        #[command(name = "SOLVE", no_binary_name = true, disable_help_flag = true)]
        struct Wrapper {
            #[command(flatten)]
            args: SolveArgs,
        }
        let puzzle = puzzle.to_string();
        let mut words = vec!["--puzzle", puzzle.as_str()];
        words.extend_from_slice(extra);
        let matches = Wrapper::command().try_get_matches_from(words)?;
        let w = Wrapper::from_arg_matches(&matches)?;
        Ok((w.args, matches))
    }
}
