//! The `twisty` command-line tool: scramble, show, solve, tables, bench.
#![forbid(unsafe_code)]
#![allow(clippy::needless_range_loop)]

mod args;
mod commands;
mod input;
mod output;
mod puzzles;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    output::exit_quietly_on_broken_pipe();
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            eprintln!("error: {e:#}");
            ExitCode::from(code)
        }
    }
}
