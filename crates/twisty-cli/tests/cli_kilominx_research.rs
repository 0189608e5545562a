//! The optimal Kilominx solver's research runs on the command line: `bench optimal --puzzle
//! kilominx --complete-iteration D` (complete iterations, every solution of each bound
//! counted) and `solve --solver optimal --all` (every optimal solution, written in the
//! user's frame and the default notation). The small `sparse` databases, in the shared table
//! directory.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;
use twisty_core::held::Held;
use twisty_core::kilominx::{KiloState, Kilominx};
use twisty_core::Puzzle;

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(common::shared_tables());
    c.env_remove("TWISTY_TABLES");
    c
}

/// `twisty --notation seed bench optimal --puzzle kilominx --heuristic sparse`, more to follow.
fn research() -> Command {
    let mut c = twisty();
    c.args([
        "--notation",
        "seed",
        "bench",
        "optimal",
        "--puzzle",
        "kilominx",
        "--heuristic",
        "sparse",
    ]);
    c
}

/// Whether `solution`, typed after `input` on the puzzle as held, solves it.
fn solves(input: &str, solution: &str) -> bool {
    let k = Kilominx;
    let mut s = KiloState::SOLVED;
    let mut f = k.home_frame();
    k.apply_held(&mut s, &mut f, input).unwrap();
    k.apply_held(&mut s, &mut f, solution).unwrap();
    k.is_solved(&s)
}

/// `--part I/N` of the run `whole` (JSON) over `file`: per scramble and bound, the parts'
/// nodes and solutions add up to the whole's; bad parts are refused.
fn parts_add_up_to_the_whole(file: &Path, whole: &serde_json::Value) {
    let n = 3;
    let parts: Vec<serde_json::Value> = (1..=n)
        .map(|i| {
            let out = research()
                .args([
                    "--complete-iteration",
                    "5",
                    "--json",
                    "--part",
                    &format!("{i}/{n}"),
                ])
                .arg("--from-file")
                .arg(file)
                .assert()
                .success();
            serde_json::from_slice(&out.get_output().stdout).unwrap()
        })
        .collect();
    let field = |v: &serde_json::Value, c: usize, b: usize, f: &str| {
        v["cases"][c]["iterations"][b][f].as_u64().unwrap()
    };
    let cases = whole["cases"].as_array().unwrap();
    let mut split = 0;
    for (c, case) in cases.iter().enumerate() {
        for b in 0..case["iterations"].as_array().unwrap().len() {
            for f in ["nodes", "solutions"] {
                let sum: u64 = parts.iter().map(|p| field(p, c, b, f)).sum();
                assert_eq!(sum, field(whole, c, b, f), "case {c}, bound {b}, {f}");
                split += parts.iter().filter(|p| field(p, c, b, f) > 0).count();
            }
        }
    }
    // Work was found in more than one part.
    assert!(split > cases.len() * 2, "{split}");
    assert_eq!(parts[1]["part"]["index"], 2);
    assert_eq!(parts[1]["part"]["count"], 3);
    assert!(parts[1]["cases"][0]["optimal"].is_null());
    research()
        .args(["--complete-iteration", "5", "--part", "2/3", "--from-file"])
        .arg(file)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(part 2/3: subtrees 2, 5, 8, … two moves deep)",
        ))
        .stdout(predicate::str::contains("in this part"));
    for (bad, says) in [
        ("0/3", "part 0 of 3: the part must be between 1 and 3"),
        ("3/2", "between 1 and 2"),
        ("1/0", "the number of parts must be between 1 and 1000"),
        ("half", "'half' is not a part: write I/N"),
    ] {
        research()
            .args(["--complete-iteration", "5", "--part", bad, "--from-file"])
            .arg(file)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    // A part is of a complete iteration.
    research()
        .args(["--part", "1/2", "--from-file"])
        .arg(file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--complete-iteration"));
}

/// Both parts write their input files in one temporary directory.
#[test]
fn complete_iterations_every_optimal_solution_limits_and_errors() {
    let files = tempfile::tempdir().unwrap();
    complete_iterations_and_every_optimal_solution(files.path());
    research_limits_and_errors(files.path());
}

/// The research run and `solve --all`, with the input files in `files`.
fn complete_iterations_and_every_optimal_solution(files: &Path) {
    let file = files.join("scrambles.txt");
    // A scramble alone per line (the seed's notation), and a line of the seed's file.
    std::fs::write(
        &file,
        "# research inputs\nR BL' DB2\n\nU2 R' U2\n5\tDR DBL' F2 L DB\t5\tx\t0\n",
    )
    .unwrap();
    let out = research()
        .args(["--complete-iteration", "5", "--json", "--from-file"])
        .arg(&file)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["complete_iteration"], 5);
    assert_eq!(v["heuristic"], "sparse");
    let cases = v["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    let mut optimal_counts = Vec::new();
    for c in cases {
        assert!(c["stopped"].is_null());
        let its = c["iterations"].as_array().unwrap();
        let start = c["start_bound"].as_u64().unwrap().max(1);
        let bounds: Vec<u64> = its.iter().map(|i| i["bound"].as_u64().unwrap()).collect();
        assert_eq!(bounds, (start..=5).collect::<Vec<_>>(), "{c}");
        // The optimal length is the first bound with a solution; a complete run goes on.
        let opt = c["optimal"].as_u64().unwrap();
        let first = its.iter().find(|i| i["solutions"].as_u64().unwrap() > 0).unwrap();
        assert_eq!(first["bound"].as_u64(), Some(opt));
        assert!(its
            .iter()
            .all(|i| i["nodes"].as_u64().is_some() && i["seconds"].as_f64().is_some()));
        optimal_counts.push((opt, first["solutions"].as_u64().unwrap()));
    }
    // `U2 R' U2` is undone in three moves: U2' R U2' (and nothing shorter).
    assert_eq!(optimal_counts[0].0, 3);
    assert_eq!(optimal_counts[1].0, 3);
    assert_eq!(cases[2]["seed_length"], 5);
    assert_eq!(cases[2]["optimal"], 5);
    parts_add_up_to_the_whole(&file, &v);
    // The table, as text: a row per bound and the verdict against the file.
    research()
        .args(["--complete-iteration", "5", "--from-file"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "complete iterations up to depth 5, 3 scramble(s)",
        ))
        .stdout(predicate::str::is_match(r"bound\s+nodes\s+time\s+M nodes/s\s+cpu\s+solutions").unwrap())
        .stdout(predicate::str::contains("optimal 5 (= seed)"))
        .stdout(predicate::str::is_match(r"(?m)^\s+5\s+\d+\s+.*\s\d+$").unwrap());

    // `solve --all` lists as many solutions as the research run counted at the optimal bound,
    // each one verified and written in the default (cubing) notation, in the user's frame.
    let scrambles = [("R BL' DB2", optimal_counts[0]), ("U2 R' U2", optimal_counts[1])];
    for (seed_moves, (opt, count)) in scrambles {
        let out = twisty()
            .args([
                "--notation",
                "seed",
                "solve",
                "--puzzle",
                "kilominx",
                "--heuristic",
                "sparse",
            ])
            .args(["--all", "--json", seed_moves])
            .assert()
            .success();
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(v["length"].as_u64(), Some(opt));
        assert_eq!(v["details"]["all_complete"], true);
        assert_eq!(v["details"]["solutions"].as_array().unwrap().len() as u64, count);
    }
    // Default notation, with a whole-puzzle rotation in the input.
    let input = "R U x2 F";
    let out = twisty()
        .args([
            "solve",
            "--puzzle",
            "kilominx",
            "--solver",
            "optimal",
            "--heuristic",
            "sparse",
        ])
        .args(["--all", input])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"^\d+ optimal solution\(s\) of 3 HTM:\n").unwrap());
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let listed: Vec<&str> = text
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("Solver:"))
        .collect();
    assert!(!listed.is_empty());
    for s in &listed {
        assert_eq!(s.split_whitespace().count(), 3, "{s}");
        assert!(solves(input, s), "{s} does not solve {input}");
    }
    let distinct: std::collections::HashSet<&&str> = listed.iter().collect();
    assert_eq!(distinct.len(), listed.len());
}

/// Time limits and usage errors, with the input files in `files`.
fn research_limits_and_errors(files: &Path) {
    let file = files.join("deep.txt");
    std::fs::write(&file, "R BL' DB2 D DBL' U2 F' BR2 L DR' DB DBR2' F U' R2\n").unwrap();
    // A time limit stops a deep run inside a bound; it says where.
    research()
        .args(["--complete-iteration", "20", "--timeout", "0.3", "--from-file"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"stopped by the time limit in bound \d+ after \d+ nodes").unwrap());
    let out = research()
        .args([
            "--complete-iteration",
            "20",
            "--timeout",
            "0.3",
            "--json",
            "--file",
        ])
        .arg(&file)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["cases"][0]["stopped"]["reason"], "timeout");
    assert!(v["cases"][0]["optimal"].is_null());
    // `solve --all` with a time limit before any solution: the usual error.
    twisty()
        .args([
            "--notation",
            "seed",
            "solve",
            "--puzzle",
            "kilominx",
            "--heuristic",
            "sparse",
        ])
        .args([
            "--all",
            "--timeout",
            "0.3",
            "R BL' DB2 D DBL' U2 F' BR2 L DR' DB DBR2' F U' R2",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution of ≤"));
    let bench = |args: &[&str]| {
        let mut c = twisty();
        c.args(["bench", "optimal"]).args(args);
        c
    };
    for bad in ["0", "41"] {
        bench(&[
            "--puzzle",
            "kilominx",
            "--depth",
            "3",
            "--complete-iteration",
            bad,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--complete-iteration must be between 1 and 40",
        ));
    }
    bench(&["--puzzle", "kilominx", "--depth", "3", "--timeout=-1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--timeout must be a positive number"));
    bench(&["--puzzle", "3x3", "--random-state", "--complete-iteration", "5"])
        .assert()
        .code(2);
    bench(&["--puzzle", "3x3", "--file"])
        .arg(&file)
        .args(["--complete-iteration", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--complete-iteration is for --puzzle kilominx",
        ));
    let bad = files.join("bad.txt");
    std::fs::write(&bad, "R Q2\n").unwrap();
    bench(&["--puzzle", "kilominx", "--complete-iteration", "3", "--from-file"])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.txt:1: scramble"));
}
