//! The `twisty` command-line tool: scramble, show, solve, tables, bench.
#![forbid(unsafe_code)]
#![allow(clippy::needless_range_loop)]

mod args;
mod bound_progress;
mod commands;
mod context;
mod input;
mod observer;
mod output;
mod puzzles;

use clap::{CommandFactory, FromArgMatches};
use std::process::ExitCode;

fn main() -> ExitCode {
    output::exit_quietly_on_broken_pipe();
    let matches = args::Cli::command().get_matches();
    let cli = match args::Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    match commands::run(cli, &matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            if !e.printed {
                eprintln!("error: {e:#}");
            }
            ExitCode::from(code)
        }
    }
}
