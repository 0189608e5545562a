//! The optimal Kilominx solver on the command line: `tables build --puzzle kilominx`,
//! `solve --heuristic`, `bench optimal --puzzle kilominx` from a file and from random
//! scrambles, and their error paths. The real runs use the small `sparse` databases.
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

/// `twisty bench optimal --puzzle kilominx --heuristic HEURISTIC`, more arguments to follow.
fn bench_kilominx(dir: &Path, heuristic: &str) -> Command {
    let mut c = twisty(dir);
    c.args([
        "bench",
        "optimal",
        "--puzzle",
        "kilominx",
        "--heuristic",
        heuristic,
    ]);
    c
}

const SEED_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/seed-inputs/puddles31_HonoursProject_Report_c-testing_kilominx_scrambles.tsv"
);

#[test]
fn tables_solve_and_bench_with_the_sparse_databases() {
    let dir = tempfile::tempdir().unwrap();
    twisty(dir.path())
        .args(["tables", "build", "--puzzle", "kilominx", "--heuristic", "sparse"])
        .assert()
        .success()
        .stdout(predicate::str::contains("kilominx/pdb/UFR-MBR-DFM-BLD"))
        .stderr(predicate::str::contains(
            "building the optimal Kilominx solver: 5 table file(s)",
        ));
    // Solve: optimal, with a progress line per bound.
    twisty(dir.path())
        .args([
            "solve",
            "--puzzle",
            "kilominx",
            "--heuristic",
            "sparse",
            "R BL' DB2 D DBL' U2 F'",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Length: 7 HTM (optimal)"))
        .stderr(predicate::str::contains("no solution of 6 moves"))
        .stderr(predicate::str::contains("warning: building").not());
    // Bench from a file: short scrambles with their known optimal lengths.
    let tsv = dir.path().join("short.tsv");
    std::fs::write(
        &tsv,
        "scramble_length\tscramble\tsolution_length\tsolution\ttime\n\
         3\tR, BL', DB2\t3\tx\t0\n4\tR, BL', DB2, D\t4\tx\t0\n4\tR, R', DB2, D\t2\tx\t0\n",
    )
    .unwrap();
    bench_kilominx(dir.path(), "sparse")
        .args(["--from-file"])
        .arg(&tsv)
        .args(["--lengths", "3-4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("optimal  2 (= seed)"))
        .stdout(predicate::str::is_match(r"(?m)^\s+4\s+2\s+2\s.*\s2/2\s+-$").unwrap());
    // Two heuristics in one run, compared; and as JSON, one object per heuristic.
    bench_kilominx(dir.path(), "sparse,sparse")
        .args(["--file"])
        .arg(&tsv)
        .assert()
        .success()
        .stdout(predicate::str::contains("Kilominx optimal, --heuristic sparse, 3 scramble(s)").count(2))
        .stdout(predicate::str::contains("--heuristic sparse against sparse"))
        .stdout(predicate::str::is_match(r"(?m)^\s+4 moves: .* vs .* faster\), \d+ vs \d+ nodes").unwrap());
    let out = bench_kilominx(dir.path(), "sparse, sparse")
        .args(["--json", "--file"])
        .arg(&tsv)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    for r in runs {
        assert_eq!(r["heuristic"], "sparse");
        assert_eq!(r["by_length"][0]["matches_seed"], 1);
        assert_eq!(r["by_length"][1]["matches_seed"], 2);
    }
    // Random scrambles generated the seed's way, as JSON.
    let out = bench_kilominx(dir.path(), "sparse")
        .args(["--depth", "5", "--count", "3", "--seed", "4", "--json"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["seed"], 4);
    assert_eq!(v["by_length"][0]["scramble_length"], 5);
    assert_eq!(v["by_length"][0]["solved"], 3);
    for s in v["solves"].as_array().unwrap() {
        assert!(s["length"].as_u64().unwrap() <= 5);
    }
    // A solve stopped by the time limit in the bench: the deepest bound and the nodes of the
    // completed bounds.
    bench_kilominx(dir.path(), "sparse")
        .args(["--depth", "16", "--count", "1", "--seed", "3", "--timeout", "0.3"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(
            r"random 1  scramble 16: stopped by the time limit \(no solution of ≤ \d+ moves exists\) after .* \(\d+ nodes in the completed bounds\)",
        ).unwrap())
        .stdout(predicate::str::is_match(r"(?m)^\s+16\s+1\s+0\s").unwrap());
    // A timeout reports the deepest bound completed.
    twisty(dir.path())
        .args([
            "solve",
            "--puzzle",
            "kilominx",
            "--heuristic",
            "sparse",
            "--timeout",
            "0.3",
        ])
        .arg("R BL' DB2 D DBL' U2 F' BR2 L DR' DB DBR2' F U' R2")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution of ≤"));
}

#[test]
fn bench_optimal_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bench = |args: &[&str]| {
        let mut c = twisty(dir.path());
        c.args(["bench", "optimal"]).args(args);
        c
    };
    bench(&[
        "--puzzle",
        "kilominx",
        "--from-file",
        SEED_FILE,
        "--lengths",
        "12-x",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains("`12-x` in --lengths"));
    bench(&[
        "--puzzle",
        "kilominx",
        "--from-file",
        SEED_FILE,
        "--lengths",
        "30",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains("no scrambles of the chosen lengths"));
    bench(&["--puzzle", "kilominx", "--from-file", "/nonexistent.tsv"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("/nonexistent.tsv"));
    bench(&["--puzzle", "kilominx"]).assert().code(2);
    bench(&["--puzzle", "2x2", "--depth", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not supported"));
    bench(&["--puzzle", "kilominx", "--depth", "3", "--heuristic", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "available: best, best-exact, best-forward, best-rotations, faces, seed, sparse, best-mirror",
        ));
    bench(&[
        "--puzzle",
        "kilominx",
        "--depth",
        "3",
        "--heuristic",
        "sparse,bogus",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains(
        "unknown Kilominx heuristic `bogus` in --heuristic",
    ));
    bench(&["--puzzle", "kilominx", "--depth", "3", "--heuristic", "best,"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("an empty heuristic name in --heuristic"));
    let bad = dir.path().join("bad.tsv");
    std::fs::write(&bad, "10\tR, Q2, U\t10\tx\t0\n").unwrap();
    bench(&["--puzzle", "kilominx", "--from-file"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.tsv:1: scramble"))
        .stderr(predicate::str::contains("Q2"));
    std::fs::write(&bad, "3\tR, U\t3\tx\t0\n").unwrap();
    bench(&["--puzzle", "kilominx", "--from-file"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the scramble has 2 moves, the line says 3",
        ));
    twisty(dir.path())
        .args(["solve", "--puzzle", "kilominx", "--heuristic", "nope", "R"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "option `heuristic` of the optimal solver must be one of best, best-exact, best-forward, best-rotations, faces, seed, sparse, best-mirror",
        ));
    // Nothing was built by the failing runs.
    let tables = std::fs::read_dir(dir.path())
        .map(|d| {
            d.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "tbl"))
            })
            .count()
        })
        .unwrap_or(0);
    assert_eq!(tables, 0);
}
