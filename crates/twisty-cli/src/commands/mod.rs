//! Subcommand implementations: generic over [`crate::puzzles::CliPuzzle`], dispatched on
//! `--puzzle` in [`dispatch`].

pub mod astar;
pub mod batch;
pub mod bench;
pub mod bench_fast3x3;
pub mod bench_fast_kilominx;
pub mod bench_metaheuristics;
pub mod bench_optimal_cube3;
pub mod bench_optimal_kilominx;
pub mod bench_research_kilominx;
pub mod keys;
pub mod play;
pub mod scramble;
pub mod serve;
pub mod show;
pub mod solve;
pub mod supercube;
pub mod swarm;
pub mod tables;
pub mod visualize;

mod dispatch;

use crate::args::{Cli, Command};
pub use crate::context::{CliError, CliResult, Ctx};

/// Runs the parsed command line; `matches` tells which flags were given.
pub fn run(cli: Cli, matches: &clap::ArgMatches) -> CliResult {
    let ctx = Ctx::new(&cli.global);
    if let Some(t) = ctx.threads {
        if t == 0 {
            return Err(CliError::usage(anyhow::anyhow!("--threads must be at least 1")));
        }
        // Ignored if a pool already exists.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(t).build_global();
    }
    match cli.command {
        Command::Scramble(a) => dispatch::scramble(&ctx, &a),
        Command::Show(a) => dispatch::show(&ctx, &a),
        Command::Solve(a) => dispatch::solve(&ctx, &a, matches.subcommand_matches("solve")),
        Command::Tables(a) => dispatch::tables(&ctx, &a),
        Command::Bench(a) => dispatch::bench(&ctx, &a),
        Command::Play(a) => dispatch::play(&ctx, &a),
        Command::Serve(a) => serve::run(&ctx, &a),
    }
}
