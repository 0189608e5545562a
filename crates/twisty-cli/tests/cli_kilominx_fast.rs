//! The fast Kilominx solver on the command line: the default solver, random-state solves and
//! scrambles, its tables in `tables build|list` (a corrupt file is rebuilt), `bench
//! fast-kilominx`, usage errors.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn twisty(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    // These tests use the seed's notation (appendix C of seed 000).
    c.arg("--tables-dir").arg(dir).args(["--notation", "seed"]);
    c.env_remove("TWISTY_TABLES");
    c
}

/// Checks with `show` that `moves` leave the Kilominx solved.
fn assert_solved(dir: &Path, moves: &str) {
    let out = twisty(dir)
        .args(["show", "--puzzle", "kilominx", "--json", moves])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["solved"], true, "{moves}");
}

#[test]
fn fast_is_the_default_and_its_solutions_solve() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Tables: built once, with their sizes, then listed as valid.
    twisty(d)
        .args(["tables", "build", "--puzzle", "kilominx", "--heuristic", "fast"])
        .assert()
        .success()
        .stdout(predicate::str::contains("kilominx/fast/p2-3.5.8.11.16"))
        .stdout(predicate::str::contains("kilominx/fast/sub-perm"));
    twisty(d).args(["tables", "list"]).assert().success().stdout(
        predicate::str::is_match(r"kilominx +fast +kilominx/fast/p1-1\.2\.4\.6 .*present, valid").unwrap(),
    );
    // The default solver is `fast`; the solution solves the scramble.
    let scramble = "DBR2' D2 DL F R2 U BL2 DB' L R' F2' D DR BR2 DBL";
    let out = twisty(d)
        .args([
            "solve",
            "--puzzle",
            "kilominx",
            "--timeout",
            "0.05",
            "--json",
            scramble,
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["solver"], "fast");
    let sol = v["solution"].as_str().unwrap().to_string();
    assert_solved(d, &format!("{scramble} {sol}"));
    // A length this solver cannot reach is a give-up that names the limit, not a time-out.
    twisty(d)
        .args([
            "solve",
            "--puzzle",
            "kilominx",
            "--timeout",
            "0.05",
            "--max-length",
            "3",
            scramble,
        ])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("gave up at --max-length 3: the shortest solution found has")
                .and(predicate::str::contains("time limit").not()),
        );
    // `--solver list` names both.
    twisty(d)
        .args(["solve", "--puzzle", "kilominx", "--solver", "list"])
        .assert()
        .success()
        .stdout(predicate::str::contains("fast, optimal (default: fast)"));
    // A uniformly random state, with its seed printed.
    twisty(d)
        .args([
            "solve",
            "--puzzle",
            "kilominx",
            "--random-state",
            "--seed",
            "9",
            "--timeout",
            "0.02",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Solver: fast"));
    // Random-state scrambles: the inverse of a solution; solving them back gives solved.
    let out = twisty(d)
        .args([
            "scramble",
            "--puzzle",
            "kilominx",
            "--random-state",
            "--seed",
            "4",
            "--count",
            "2",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("seed: 4"));
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].split_whitespace().count() >= 15, "{}", lines[0]);
    assert_ne!(lines[0], lines[1]);
    // Same seed, same scrambles.
    twisty(d)
        .args([
            "scramble",
            "--puzzle",
            "kilominx",
            "--random-state",
            "--seed",
            "4",
            "--count",
            "2",
        ])
        .assert()
        .success()
        .stdout(text.clone());
    // The benchmark.
    twisty(d)
        .args([
            "bench",
            "fast-kilominx",
            "--count",
            "3",
            "--seed",
            "2",
            "--budgets",
            "0.01,0.02",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("3 random states, seed 2"))
        .stdout(predicate::str::contains("mean length"));
    // A corrupt table is detected and rebuilt.
    let file = d.join("kilominx-fast-sub-perm.tbl");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    twisty(d)
        .args(["solve", "--puzzle", "kilominx", "--timeout", "0.01", "R U"])
        .assert()
        .success()
        .stderr(predicate::str::contains("truncated").and(predicate::str::contains("rebuilt")));
}

#[test]
fn fast_kilominx_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    twisty(dir.path())
        .args(["bench", "fast-kilominx", "--count", "3", "--budgets", "0,x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--budgets"));
    twisty(dir.path())
        .args(["solve", "--puzzle", "kilominx", "--solver", "quick", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected one of fast, optimal"));
    twisty(dir.path())
        .args(["solve", "--puzzle", "kilominx", "DBR3"])
        .assert()
        .code(2);
    // The memory cap refuses the 41.8 MiB phase-2 table.
    twisty(dir.path())
        .args([
            "tables",
            "build",
            "--puzzle",
            "kilominx",
            "--heuristic",
            "fast",
            "--max-memory",
            "10M",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("over the memory cap"));
}
