//! Subcommand implementations: generic over [`crate::puzzles::CliPuzzle`], dispatched on
//! `--puzzle` in [`dispatch`].

pub mod astar;
pub mod batch;
mod batch_input;
mod batch_paths;
pub mod bench;
pub mod bench_fast3x3;
pub mod bench_fast_kilominx;
pub mod bench_metaheuristics;
pub mod bench_optimal_cube3;
pub mod bench_optimal_kilominx;
pub mod bench_research_kilominx;
pub mod bench_supercube2;
pub mod bench_supercube3;
pub mod gods;
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

/// Refuses an absurd `--threads` before any thread is started (thousands of threads take
/// tens of seconds just to start), and says when a count is well above the cores.
fn check_threads(t: usize) -> CliResult {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if !(1..=twisty_engine::MAX_THREADS).contains(&t) {
        return Err(CliError::usage(anyhow::anyhow!(
            "--threads must be from 1 to {} (this machine has {cores} core(s)), not {t}",
            twisty_engine::MAX_THREADS
        )));
    }
    if t > 4 * cores {
        eprintln!(
            "note: --threads {t} is more than four threads per core ({cores} core(s)): expect no speed-up"
        );
    }
    Ok(())
}

/// Runs the parsed command line; `matches` tells which flags were given.
pub fn run(cli: Cli, matches: &clap::ArgMatches) -> CliResult {
    let ctx = Ctx::new(&cli.global);
    if let Some(t) = ctx.threads {
        check_threads(t)?;
        // Ignored if a pool already exists.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(t).build_global();
    }
    match cli.command {
        Command::Scramble(a) => dispatch::scramble(&ctx, &a),
        Command::Show(a) => dispatch::show(&ctx, &a),
        Command::Solve(a) => dispatch::solve(&ctx, &a, matches.subcommand_matches("solve")),
        Command::Tables(a) => dispatch::tables(&ctx, &a),
        Command::Bench(a) => dispatch::bench(&ctx, &a),
        Command::Gods(a) => gods::run(&ctx, &a),
        Command::Play(a) => dispatch::play(&ctx, &a),
        Command::Serve(a) => serve::run(&ctx, &a),
    }
}
