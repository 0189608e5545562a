//! Flags of the benchmarks with many options.

use super::{PuzzleKind, SwarmArgs};
use clap::Args;
use std::path::PathBuf;
use twisty_solvers::genetic::DEFAULT_ATTEMPTS;

/// `twisty bench supercube`.
#[derive(Debug, Args)]
pub struct BenchSupercubeArgs {
    /// Cube sizes: a range `2-6` or a comma-separated list `3,5,8`.
    #[arg(long, default_value = "2-6")]
    pub sizes: String,
    /// Runs per size (each a fresh 100-move scramble).
    #[arg(long, default_value_t = 10)]
    pub runs: usize,
    /// Macros known before the runs (learning is off during the runs, as in the paper):
    /// taken from the seed program's stores (Release, Debug, Debug .org, duplicates skipped).
    #[arg(long, default_value_t = 200)]
    pub macros: usize,
    /// Use this macro library instead of the seed's stores.
    #[arg(long, value_name = "FILE")]
    pub macros_file: Option<PathBuf>,
    /// Directory holding the seed's input files (robertswita_RubikCube_6bd668f_bin_*)
    /// [default: the copies built into twisty].
    #[arg(long, value_name = "DIR")]
    pub inputs: Option<PathBuf>,
    /// Independent GA runs per step (1 = the paper's loop exactly; see `solve --attempts`).
    #[arg(long, default_value_t = DEFAULT_ATTEMPTS, value_name = "N")]
    pub attempts: usize,
    /// First seed (run r uses seed + r for its scramble and its GA).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a run after this many seconds (counted as a failure).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Compare the merged length (`--simplify-parallel` of `solve`: same-slice moves across
    /// commuting parallel slices cancel or merge) with the paper's instead of the raw one.
    #[arg(long)]
    pub simplify_parallel: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `twisty bench metaheuristics`.
#[derive(Debug, Args)]
pub struct BenchMetaArgs {
    /// Scramble file, one `<length><TAB><moves>` per line (`#` comments), e.g. the thesis's
    /// Table 4.5 in tests/data/seed-inputs/JishnuJeevan_thesis_Table4.5_scrambles.txt.
    #[arg(long, value_name = "FILE", conflicts_with = "lengths")]
    pub scrambles: Option<PathBuf>,
    /// Fresh random scrambles of these lengths (the seed's generator: no face repeated
    /// within three moves), e.g. `5,10,15,20,25,30`.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub lengths: Vec<usize>,
    /// Attempts per length: with --scrambles, attempt i runs the i-th scramble of that
    /// length (cycling); with --lengths, each attempt is a fresh scramble.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub attempts: u64,
    /// Algorithms as `name-agents-iterations` (greedy: `greedy-iterations`).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "pso-25-100,pso-50-10000,greedy-100,greedy-10000,aco-25-100,dkho-25-100"
    )]
    pub algorithms: Vec<String>,
    /// Skip ACO above this scramble length (the paper did not run it at 25 moves).
    #[arg(long, default_value_t = 20)]
    pub aco_max_length: usize,
    /// Seed of the scrambles and of the runs (printed).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Fitness and algorithm options (the algorithm list sets agents and iterations).
    #[command(flatten)]
    pub swarm: SwarmArgs,
}

/// `twisty bench heuristic`.
#[derive(Debug, Args)]
pub struct BenchHeuristicArgs {
    /// Puzzle (3x3).
    #[arg(long, short, default_value = "3x3")]
    pub puzzle: PuzzleKind,
    /// Heuristics, comma-separated (best, best-tiny, h48-7, h48-8, h48-7-quick, h48-tiny, korf, korf-inverse, small, small-inverse).
    #[arg(long, default_value = "korf")]
    pub heuristic: String,
    /// Number of random states.
    #[arg(long, short, default_value_t = 1_000_000)]
    pub count: usize,
    /// Random seed (printed when not given).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}
