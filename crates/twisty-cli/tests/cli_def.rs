//! Puzzles given by a definition in the command line: `solve` (text, `--json`, `--batch`),
//! `show` (the per-orbit listing, `--info` with the group order), `scramble --random-state`,
//! definition files, and the refusals (malformed files with their line, unknown names,
//! puzzles too large for the optimal solver).
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn twisty(tables: &std::path::Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(tables);
    c.env_remove("TWISTY_TABLES");
    c.env("NO_COLOR", "1");
    c
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

fn json(a: &assert_cmd::assert::Assert) -> serde_json::Value {
    serde_json::from_slice(&a.get_output().stdout).unwrap()
}

#[test]
fn pyraminx_and_skewb_solve_optimally_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", "pyraminx", "R U L' B"])
        .assert()
        .success();
    let out = stdout(&a);
    assert!(out.contains("B' L U' R'"), "{out}");
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", "skewb", "--json", "R U L' B r"])
        .assert()
        .failure();
    // `r` is a Pyraminx tip, not a Skewb move (the error as JSON on stdout).
    assert_eq!(json(&a)["error"]["token"], "r", "{}", stdout(&a));
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", "skewb", "--json", "R U L' B"])
        .assert()
        .success();
    let v = json(&a);
    assert_eq!(v["puzzle"], "skewb");
    assert_eq!(v["solver"], "optimal");
    assert_eq!(v["length"], 4);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["verified"], true);
}

#[test]
fn the_dedicated_puzzle_is_named_for_its_definition() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", "def:2x2x2", "--json", "R U2 F'"])
        .assert()
        .success();
    let v = json(&a);
    assert_eq!(v["length"], 3);
    assert!(v["details"]["dedicated"]
        .as_str()
        .unwrap()
        .contains("--puzzle 2x2"));
    twisty(dir.path())
        .args(["solve", "--puzzle", "def:2x2x2", "R U2 F'"])
        .assert()
        .success()
        .stderr(predicate::str::contains("--puzzle 2x2"));
}

#[test]
fn a_batch_of_definition_scrambles_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["scramble", "--puzzle", "pyraminx", "--count", "3", "--seed", "4"])
        .assert()
        .success();
    let scrambles = stdout(&a);
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", "pyraminx", "--batch", "-"])
        .write_stdin(scrambles.clone())
        .assert()
        .success();
    let lines: Vec<serde_json::Value> = stdout(&a)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{}", stdout(&a));
    for l in &lines {
        assert_eq!(l["verified"], true, "{l}");
        assert_eq!(l["optimal"], true, "{l}");
        assert_eq!(l["puzzle"], "pyraminx");
    }
}

#[test]
fn show_lists_the_orbits_and_the_group_order() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["show", "--puzzle", "pyraminx", "--info", "u"])
        .assert()
        .success();
    let out = stdout(&a);
    assert!(out.contains("EDGES"), "{out}");
    assert!(out.contains("group order: 75582720"), "{out}");
    assert!(out.contains("states: 75582720"), "{out}");
    // The tip turned: the edges are solved, the tips not.
    let edges = out.lines().find(|l| l.starts_with("EDGES ")).unwrap();
    assert!(edges.contains("(solved)"), "{out}");
    for (puzzle, states) in [
        ("skewb", "3149280"),
        ("def:2x2x2", "3674160"),
        ("def:3x3x3", "43252003274489856000"),
    ] {
        let a = twisty(dir.path())
            .args(["show", "--puzzle", puzzle, "--info", "--json"])
            .assert()
            .success();
        let v = json(&a);
        let info = v["info"].as_str().unwrap();
        assert!(info.contains(&format!("states: {states}\n")), "{puzzle}: {info}");
        assert_eq!(v["solved"], true);
    }
}

#[test]
fn random_state_scrambles_are_optimal_and_reach_their_state() {
    let dir = tempfile::tempdir().unwrap();
    for puzzle in ["pyraminx", "skewb"] {
        let a = twisty(dir.path())
            .args([
                "scramble",
                "--puzzle",
                puzzle,
                "--random-state",
                "--count",
                "4",
                "--seed",
                "11",
            ])
            .assert()
            .success();
        let out = stdout(&a);
        assert_eq!(out.lines().count(), 4);
        for s in out.lines() {
            // An optimal scramble: the solver finds no shorter answer.
            let a = twisty(dir.path())
                .args(["solve", "--puzzle", puzzle, "--json", s])
                .assert()
                .success();
            let v = json(&a);
            assert_eq!(
                v["length"].as_u64().unwrap() as usize,
                s.split_whitespace().count(),
                "{s}"
            );
        }
        // The same seed, the same scrambles.
        let again = twisty(dir.path())
            .args([
                "scramble",
                "--puzzle",
                puzzle,
                "--random-state",
                "--count",
                "4",
                "--seed",
                "11",
            ])
            .assert()
            .success();
        assert_eq!(stdout(&again), out);
    }
}

const TINY: &str = "Name Tiny
Set A 3 2
Solved
A
1 2 3
0 0 0
End
Move X
A
2 3 1
1 0 0
End
";

#[test]
fn definition_files_are_read_and_malformed_ones_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("tiny.tws");
    std::fs::write(&good, TINY).unwrap();
    let puzzle = format!("def:{}", good.display());
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", &puzzle, "--json", "X X"])
        .assert()
        .success();
    let v = json(&a);
    // X has order 6: X X is one move, X2.
    assert_eq!(v["length"], 1);
    assert_eq!(v["verified"], true);
    let bad = dir.path().join("bad.tws");
    std::fs::write(&bad, TINY.replace("Move X\nA", "Move X\nC")).unwrap();
    twisty(dir.path())
        .args(["solve", "--puzzle", &format!("def:{}", bad.display()), "X"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("line 9").and(predicate::str::contains("unknown set `C`")));
    twisty(dir.path())
        .args(["solve", "--puzzle", "def:nosuch", "X"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown definition `nosuch`"));
}

#[test]
fn a_puzzle_too_large_is_refused_with_what_it_would_need() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["scramble", "--puzzle", "megaminx", "--seed", "2"])
        .assert()
        .success();
    let s = stdout(&a);
    assert_eq!(s.split_whitespace().count(), 70);
    twisty(dir.path())
        .args(["solve", "--puzzle", "megaminx", s.trim()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("too large for the optimal solver"));
}

#[test]
fn the_puzzle_list_names_the_definitions() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["solve", "--puzzle", "list"])
        .assert()
        .success();
    let out = stdout(&a);
    for name in [
        "pyraminx",
        "skewb",
        "megaminx",
        "fto",
        "dino",
        "helicopter",
        "def:3x3x3",
        "def:PATH",
        "3x3",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}: {out}");
    }
}
