//! The `twisty` command-line tool: scramble, show, solve, tables, bench.
#![forbid(unsafe_code)]
#![allow(clippy::needless_range_loop)]

mod args;
mod bound_progress;
mod bounded;
mod commands;
mod context;
mod input;
mod observer;
mod output;
mod puzzles;

use clap::{CommandFactory, FromArgMatches};
use std::process::ExitCode;

/// For an unknown `--NAME` that is a solver option of the catalog: how to give it.
fn option_hint(e: &clap::Error) -> Option<String> {
    if e.kind() != clap::error::ErrorKind::UnknownArgument {
        return None;
    }
    let arg = match e.get(clap::error::ContextKind::InvalidArg)? {
        clap::error::ContextValue::String(s) => s.clone(),
        _ => return None,
    };
    // The value: after `=`, else the next word on the command line.
    let next = std::env::args()
        .skip_while(|a| *a != arg)
        .nth(1)
        .filter(|v| !v.starts_with('-'));
    let (flag, value) = match arg.split_once('=') {
        Some((f, v)) => (f, v.to_string()),
        None => (arg.as_str(), next.unwrap_or_else(|| String::from("VALUE"))),
    };
    let name = flag.strip_prefix("--")?.replace('-', "_");
    let mut ids: Vec<&str> = twisty_engine::solvers::ALL
        .iter()
        .filter(|s| (s.options)().iter().any(|o| o.name == name))
        .map(|s| s.id)
        .collect();
    if ids.is_empty() {
        return None;
    }
    ids.dedup();
    Some(format!(
        "note: `{name}` is an option of the {} solver(s): give it as `--option {name}={value}` (`twisty solve --solver list` shows every option)",
        ids.join(", ")
    ))
}

/// Whether the command line asks for the list of puzzles (`--puzzle list`, `-p list`).
fn wants_puzzle_list() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--puzzle=list" || a == "-plist")
        || args
            .windows(2)
            .any(|w| (w[0] == "--puzzle" || w[0] == "-p") && w[1] == "list")
}

/// The puzzles `--puzzle` takes, one a line: the name and what it is.
fn puzzle_list() -> String {
    let mut out = String::new();
    for p in twisty_engine::PuzzleId::listed() {
        out.push_str(&format!(
            "{:<14} {}
",
            p.to_string(),
            p.title()
        ));
    }
    out.push_str(&format!(
        "{:<14} any N×N×N cube, {} ≤ N ≤ {}
{:<14} the N×N×N supercube, {} ≤ N ≤ {}
",
        "NxN",
        twisty_engine::MIN_CUBE_N,
        twisty_engine::MAX_CUBE_N,
        "supercube:N",
        twisty_engine::MIN_SUPERCUBE,
        twisty_engine::MAX_SUPERCUBE
    ));
    for name in twisty_core::def::builtin_names() {
        if !twisty_engine::defs::PLAIN_NAMES.contains(&name) {
            out.push_str(&format!(
                "{:<14} the {name} written as a definition (for cross-checks)
",
                format!("def:{name}")
            ));
        }
    }
    out.push_str(&format!(
        "{:<14} a definition file: twsearch .tws or cubing.js KPuzzle JSON
",
        "def:PATH"
    ));
    out
}

/// The environment variables the tool reads as flags (`TWISTY_TABLES` for `--tables-dir`,
/// `TWISTY_MAX_MEMORY` for `--max-memory`).
const ENV_FLAGS: &[&str] = &["TWISTY_TABLES", "TWISTY_MAX_MEMORY"];

fn main() -> ExitCode {
    output::exit_quietly_on_broken_pipe();
    // An empty variable (`TWISTY_TABLES=`) means unset, as for NO_COLOR; read as a value
    // it would be an empty cache path or an unparsable size for every command. Done
    // before any other thread starts.
    for name in ENV_FLAGS {
        if std::env::var_os(name).is_some_and(|v| v.is_empty()) {
            std::env::remove_var(name);
        }
    }
    if wants_puzzle_list() {
        print!("{}", puzzle_list());
        return ExitCode::SUCCESS;
    }
    let matches = match args::Cli::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            // A solver option given as a flag it does not have: say how to give it.
            if let Some(hint) = option_hint(&e) {
                let _ = e.print();
                eprintln!("{hint}");
                return ExitCode::from(2);
            }
            e.exit()
        }
    };
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
