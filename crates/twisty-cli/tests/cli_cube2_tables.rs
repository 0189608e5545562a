//! The 2x2x2 on the command line and the table cache: solve, state strings, scrambles,
//! `tables list|build|verify|clean`, corrupted files, the memory cap, `bench optimal2x2`.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

/// The tool over the table directory `dir`.
fn twisty_in(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(dir);
    c.env_remove("TWISTY_TABLES");
    c
}

/// The tool over the shared table directory.
fn twisty() -> Command {
    twisty_in(&common::shared_tables())
}

/// Applies a printed solution after the scramble and checks the result is solved.
fn assert_solves(dir: &Path, scramble: &str, stdout: &[u8]) {
    let text = String::from_utf8_lossy(stdout);
    let line = text.lines().find(|l| l.starts_with("Solution: ")).unwrap();
    let sol = line.trim_start_matches("Solution: ");
    let out = twisty_in(dir)
        .args(["show", "--puzzle", "2x2", "--json", &format!("{scramble} {sol}")])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["solved"], true, "{scramble} / {sol}");
}

#[test]
fn solves_optimally_and_builds_the_table_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = twisty_in(dir.path())
        .args(["solve", "--puzzle", "2x2", "R U R' F2 U R2 F"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Length: 7 HTM (optimal)"))
        .stderr(predicate::str::contains("building the 2x2x2 distance table"));
    assert_solves(dir.path(), "R U R' F2 U R2 F", &out.get_output().stdout);
    // Second run: loaded, no build message.
    twisty_in(dir.path())
        .args(["solve", "--puzzle", "2x2", "R U"])
        .assert()
        .success()
        .stderr(predicate::str::contains("building").not());
    // QTM.
    twisty_in(dir.path())
        .args(["solve", "--puzzle", "2x2", "--metric", "qtm", "R2 U2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Length: 4 QTM (optimal)"));
}

#[test]
fn state_strings_valid_and_invalid() {
    twisty()
        .args([
            "solve",
            "--puzzle",
            "2x2",
            "--facelets",
            "UUUURRRRFFFFDDDDLLLLBBBB",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("(already solved)"));
    for (bad, msg) in [
        ("RUUURRRRFFFFDDDDLLLLBBBB", "colour count"),
        ("UUURURRRFFFFDDDDLLLLBBBB", "no such piece"),
    ] {
        twisty()
            .args(["solve", "--puzzle", "2x2", "--facelets", bad])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(msg));
    }
    twisty()
        .args(["show", "--puzzle", "2x2", "--facelets", "UUU"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("24 characters"));
    twisty()
        .args(["solve", "--puzzle", "2x2", "R U M"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 5"));
}

#[test]
fn json_and_random_state_scrambles() {
    let out = twisty()
        .args([
            "solve",
            "--puzzle",
            "2x2",
            "--json",
            "--random-state",
            "--seed",
            "7",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["optimal"], true);
    assert!(v["length"].as_u64().unwrap() <= 11);
    let a = twisty()
        .args([
            "scramble",
            "--puzzle",
            "2x2",
            "--random-state",
            "--seed",
            "5",
            "--count",
            "3",
        ])
        .assert()
        .success();
    let b = twisty()
        .args([
            "scramble",
            "--puzzle",
            "2x2",
            "--random-state",
            "--seed",
            "5",
            "--count",
            "3",
        ])
        .assert()
        .success();
    assert_eq!(a.get_output().stdout, b.get_output().stdout);
    let text = String::from_utf8_lossy(&a.get_output().stdout).to_string();
    assert_eq!(text.lines().count(), 3);
    for line in text.lines() {
        // At least 4 moves (WCA), and the scramble is a real state.
        assert!(line.split_whitespace().count() >= 4, "{line}");
    }
}

#[test]
fn tables_commands_detect_and_rebuild_corruption() {
    let dir = tempfile::tempdir().unwrap();
    twisty_in(dir.path())
        .args(["tables", "list"])
        .assert()
        .success()
        .stdout(predicate::str::contains("not built"));
    // stderr is not a terminal here: the build is told as lines, one per depth.
    twisty_in(dir.path())
        .args(["tables", "build", "--puzzle", "2x2"])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("2x2x2 htm: 1/3,674,160 states reached; now depth 1, ")
                .and(predicate::str::contains("states reached; now depth 11, "))
                .and(predicate::str::contains("2x2x2 htm done in ")),
        );
    twisty_in(dir.path())
        .args(["tables", "verify"])
        .assert()
        .success()
        .stdout(predicate::str::contains("ok"));
    let file = dir.path().join("2x2x2-distance-htm.tbl");
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[500] ^= 0x11;
    std::fs::write(&file, &bytes).unwrap();
    twisty_in(dir.path())
        .args(["tables", "verify"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("checksum mismatch"));
    twisty_in(dir.path())
        .args(["solve", "--puzzle", "2x2", "R U"])
        .assert()
        .success()
        .stderr(predicate::str::contains("warning").and(predicate::str::contains("rebuilt")));
    twisty_in(dir.path())
        .args(["tables", "verify"])
        .assert()
        .success();
    // Truncated file.
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..1000]).unwrap();
    twisty_in(dir.path())
        .args(["tables", "list"])
        .assert()
        .success()
        .stdout(predicate::str::contains("INVALID"));
    // With no --puzzle or --heuristic: the total first, the default solvers' tables only
    // (every solver's needs --all).
    twisty_in(dir.path())
        .args(["tables", "build", "--max-memory", "1K"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("to build: ").and(predicate::str::contains("add --all")))
        .stderr(predicate::str::contains("over the memory cap"));
    twisty_in(dir.path())
        .args(["tables", "build", "--max-memory", "lots"])
        .assert()
        .code(2);
    twisty_in(dir.path())
        .args(["tables", "clean"])
        .assert()
        .success()
        .stdout(predicate::str::contains("removed 1"));
}

#[test]
fn bench_optimal2x2_small() {
    twisty()
        .args(["bench", "optimal2x2", "--count", "50", "--seed", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("median").and(predicate::str::contains("all")));
    twisty()
        .args(["bench", "optimal2x2", "--count", "0"])
        .assert()
        .code(2);
}
