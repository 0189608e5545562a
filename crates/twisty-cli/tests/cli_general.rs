//! Command-line behaviour common to every puzzle: help, usage errors and exit codes.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(common::shared_tables());
    c.env_remove("TWISTY_TABLES");
    c
}

#[test]
fn help_lists_every_subcommand() {
    let out = twisty().arg("--help").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for sub in ["scramble", "show", "solve", "tables", "bench"] {
        assert!(text.contains(sub), "help does not mention {sub}:\n{text}");
    }
}

#[test]
fn unknown_puzzle_is_a_usage_error() {
    twisty()
        .args(["show", "--puzzle", "pyraminx"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown puzzle `pyraminx`"));
}

#[test]
fn supercube_size_is_bounded() {
    for bad in ["supercube:1", "supercube:17", "supercube:x"] {
        twisty()
            .args(["scramble", "--puzzle", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("supercube"));
    }
}

#[test]
fn zero_threads_is_a_usage_error() {
    twisty()
        .args(["--threads", "0", "scramble"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--threads"));
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    twisty().arg("frobnicate").assert().code(2);
}
