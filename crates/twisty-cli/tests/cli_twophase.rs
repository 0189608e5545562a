//! `twisty solve` with the two-phase solver: random mixes, bounds and time limits.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

/// The tool over the table directory `dir`.
fn twisty_in(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(dir).arg("--colour").arg("never");
    c
}

/// The tool over the shared table directory.
fn twisty() -> Command {
    twisty_in(&common::shared_tables())
}

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

fn field<'a>(out: &'a str, name: &str) -> &'a str {
    out.lines().find_map(|l| l.strip_prefix(name)).unwrap()
}

#[test]
fn random_mix_of_given_length_is_printed_and_solved() {
    let out = stdout(twisty().args(["solve", "--random", "12", "--seed", "5"]));
    let mix = field(&out, "Scramble: ");
    assert_eq!(mix.split_whitespace().count(), 12, "{out}");
    let sol = field(&out, "Solution: ");
    assert!(sol.split_whitespace().count() <= 21, "{out}");
    let back = stdout(twisty().args(["show", &format!("{mix} {sol}")]));
    assert!(back.contains(SOLVED), "{back}");
    // The same seed gives the same mix.
    let again = stdout(twisty().args(["solve", "--random", "12", "--seed", "5"]));
    assert_eq!(field(&again, "Scramble: "), mix);
}

#[test]
fn bounds_and_time_limits_are_failures() {
    twisty()
        .args(["solve", "--max-length", "3", "R U F D"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution of at most 3 moves"));
    twisty()
        .args([
            "solve",
            "--max-length",
            "18",
            "--timeout",
            "0.05",
            "--facelets",
            SUPERFLIP,
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("time limit"));
    twisty()
        .args(["solve", "--max-length", "99", "R"])
        .assert()
        .code(2);
}

/// With large-table files in the cache that do not hold a phase-1 table, the default
/// (`tables=auto`, in a batch) refuses to solve with the file and the fix named; one solve,
/// `tables=small` and random-state scrambles use the small tables.
#[test]
fn damaged_large_tables_are_a_clear_error() {
    use twisty_solvers::twophase::large::cache;
    // A directory of its own: the damaged files stay out of the shared one.
    let dir = tempfile::tempdir().unwrap();
    let tc = twisty_search::TableCache::new(dir.path());
    for spec in [cache::table_spec(), cache::sym_spec()] {
        tc.store(&spec, &vec![0u8; spec.data_len() as usize]).unwrap();
    }
    // One solve does not load the large tables (their loading would take longer than the
    // solve): the damaged files are not read.
    let out = stdout(twisty_in(dir.path()).args(["solve", "--option", "short_depth=0", "R U F"]));
    assert!(out.contains("Solution: "), "{out}");
    // A batch does (many solves share them): the damage is its error, named with the fix.
    twisty_in(dir.path())
        .args(["solve", "--batch", "-", "--option", "short_depth=0"])
        .write_stdin("R U F\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "3x3x3-twophase-phase1-full.tbl: not a phase-1 distance table",
        ))
        .stdout(predicate::str::contains(
            "twisty tables build --heuristic two-phase-large",
        ));
    let out = stdout(twisty_in(dir.path()).args([
        "solve",
        "--option",
        "tables=small",
        "--option",
        "short_depth=0",
        "R U F",
    ]));
    assert!(out.contains("Solution: "), "{out}");
    let out = stdout(twisty_in(dir.path()).args(["scramble", "--random-state", "--seed", "3"]));
    assert!(!out.is_empty());
}
