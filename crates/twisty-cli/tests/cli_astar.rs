//! `twisty solve --puzzle 2x2 --solver astar` and `twisty bench astar2x2` on the seed's inputs.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(common::shared_tables());
    c
}

fn seed_input(name: &str) -> PathBuf {
    common::seed_inputs().join(format!("Hangary_CS440-2016FA_HW1_data_{name}.txt"))
}

#[test]
fn solves_a_seed_net_optimally() {
    twisty()
        .args(["solve", "--puzzle", "2x2", "--solver", "astar", "--weight", "3"])
        .arg(seed_input("cube1_3"))
        .assert()
        .success()
        .stdout(predicate::str::contains("Length: 6 quarter turns (optimal)"));
}

#[test]
fn any_orientation_json() {
    let out = twisty()
        .args([
            "solve",
            "--puzzle",
            "2x2",
            "--solver",
            "astar",
            "--goal",
            "any-orientation",
            "--json",
        ])
        .arg(seed_input("cube3_1"))
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["length"], 7);
    assert_eq!(v["optimal"], true);
    assert!(v["expanded"].as_u64().unwrap() > 0);
}

#[test]
fn moves_in_either_notation() {
    // Standard notation: the answer in half turns; the seed's letters (T for U): its
    // quarter-turn path.
    for (moves, length) in [
        ("R U R' F2", "Length: 4 HTM"),
        ("R T R' F F", "Length: 5 quarter turns"),
    ] {
        twisty()
            .args(["solve", "--puzzle", "2x2", "--solver", "astar", moves])
            .assert()
            .success()
            .stdout(predicate::str::contains(length));
    }
}

#[test]
fn impossible_net_is_refused_with_reason() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.txt");
    let text = std::fs::read_to_string(seed_input("cube1_1")).unwrap();
    std::fs::write(&f, text.replacen("y o r r p b", "o o r r p b", 1)).unwrap();
    twisty()
        .args(["solve", "--puzzle", "2x2", "--solver", "astar"])
        .arg(&f)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("colour count"));
}

#[test]
fn bad_move_and_bad_weight() {
    twisty()
        .args(["solve", "--puzzle", "2x2", "--solver", "astar", "R X"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 3"));
    twisty()
        .args([
            "solve",
            "--puzzle",
            "2x2",
            "--solver",
            "astar",
            "--weight=-1",
            "R",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "option `weight` of the astar solver must be a number",
        ));
}

#[test]
fn bench_prints_both_figures() {
    twisty()
        .args(["bench", "astar2x2", "--weights", "3,9", "--inputs"])
        .arg(seed_input("cube1_1").parent().unwrap())
        .assert()
        .success()
        .stdout(predicate::str::contains("Figure 7").and(predicate::str::contains("Figure 12")));
    // The bundled inputs, from a directory with no seed inputs; the same starts as the files.
    let here = tempfile::tempdir().unwrap();
    let run = |inputs: bool| {
        let mut c = twisty();
        c.current_dir(here.path())
            .args(["bench", "astar2x2", "--weights", "3", "--json"]);
        if inputs {
            c.arg("--inputs").arg(common::seed_inputs());
        }
        let out = c.assert().success().get_output().stdout.clone();
        let mut v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        for row in v.as_array_mut().unwrap() {
            row.as_object_mut().unwrap().remove("time_ms");
        }
        v
    };
    let bundled = run(false);
    assert_eq!(bundled.as_array().map(Vec::len), Some(7));
    assert_eq!(bundled, run(true));
    twisty()
        .args(["bench", "astar2x2", "--inputs"])
        .arg(here.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Hangary_CS440-2016FA_HW1_data_cube1_1.txt",
        ));
    twisty()
        .args(["bench", "astar2x2", "--weights", "0..3"])
        .assert()
        .code(2);
}

#[test]
fn visualize_the_a_star_path() {
    let out = twisty()
        .args([
            "solve",
            "--puzzle",
            "2x2",
            "--solver",
            "astar",
            "--visualize",
            "R T",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("Scramble 2/2: T"), "{text}");
    assert!(text.contains("Solution 2/2"), "{text}");
    assert!(text.contains("Solved\nr r b b g g"), "{text}");
}
