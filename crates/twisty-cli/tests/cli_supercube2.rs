//! `--puzzle supercube:2`: optimal answers by default (the GA with `--solver ga`),
//! random-state scrambles that reach their state, and `bench supercube2`.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use common::shared_tables;
use predicates::prelude::*;
use serde_json::Value;

fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(shared_tables());
    c.env_remove("TWISTY_TABLES");
    c
}

fn json(args: &[&str]) -> Value {
    let out = twisty().args(args).arg("--json").assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

fn solved_after(moves: &str) -> bool {
    let v = json(&["show", "-p", "supercube:2", "--notation", "seed", moves]);
    v["solved"] == true
}

#[test]
fn the_default_solver_is_optimal_and_its_answers_solve() {
    // Three moves on different axes: no shorter answer exists (the brute-force checks are in
    // the solver's tests); the answer is verified by replay here.
    let scramble = "x0 y1' z0^2";
    let v = json(&["solve", "-p", "supercube:2", "--notation", "seed", scramble]);
    assert_eq!(v["solver"], "optimal", "{v}");
    assert_eq!(v["optimal"], true, "{v}");
    let solution = v["solution"].as_str().unwrap();
    assert_eq!(solution.split_whitespace().count(), 3, "{v}");
    assert!(solved_after(&format!("{scramble} {solution}")));
    // One move: its inverse.
    let v = json(&["solve", "-p", "supercube:2", "--notation", "seed", "y1"]);
    assert_eq!(v["solution"], "y1'");
    // A whole-cube turn is two slice turns.
    let v = json(&["solve", "-p", "supercube:2", "--notation", "seed", "x0 x1"]);
    assert_eq!(v["solution"].as_str().unwrap().split_whitespace().count(), 2);
    // The GA is still there by name.
    twisty()
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--seed",
            "1",
            "--notation",
            "seed",
            "x0",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Solution:"));
    // A GA option is not one of the optimal solver's.
    twisty()
        .args(["solve", "-p", "supercube:2", "--attempts", "2", "x0"])
        .assert()
        .code(2);
}

#[test]
fn random_state_scrambles_reach_their_state_and_are_optimal_inverses() {
    for seed in ["1", "2", "3"] {
        let v = json(&[
            "scramble",
            "-p",
            "supercube:2",
            "--random-state",
            "--seed",
            seed,
            "--notation",
            "seed",
        ]);
        let scramble = v["scramble"].as_str().unwrap().to_string();
        let state = v["state"].as_str().unwrap().to_string();
        assert_eq!(state.len(), 16);
        // The state's optimal answer has the scramble's length, and the scramble reaches it:
        // scramble then answer is solved.
        let s = json(&[
            "solve",
            "-p",
            "supercube:2",
            "--notation",
            "seed",
            "--facelets",
            &state,
        ]);
        let answer = s["solution"].as_str().unwrap();
        assert_eq!(
            answer.split_whitespace().count(),
            scramble.split_whitespace().count(),
            "{scramble} / {answer}"
        );
        assert!(
            solved_after(&format!("{scramble} {answer}")),
            "{scramble} / {answer}"
        );
        // Same seed, same scramble.
        let again = json(&[
            "scramble",
            "-p",
            "supercube:2",
            "--random-state",
            "--seed",
            seed,
            "--notation",
            "seed",
        ]);
        assert_eq!(again["scramble"], v["scramble"]);
    }
    // Sizes above 3: no scramble yet, but the state is given, and `solve --random-state`
    // uses it.
    twisty()
        .args(["scramble", "-p", "supercube:4", "--random-state", "--seed", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs a solver"))
        .stderr(predicate::str::is_match("[0-9a-f]{128}").unwrap());
}

#[test]
fn bench_prints_the_distance_distribution() {
    let v = json(&["bench", "supercube2", "--count", "50", "--seed", "3"]);
    assert_eq!(v["states"], 88_179_840u64);
    let dist: Vec<u64> = serde_json::from_value(v["distribution"].clone()).unwrap();
    assert_eq!(&dist[..3], &[1, 18, 243]);
    assert_eq!(dist.iter().sum::<u64>(), 88_179_840);
    assert_eq!(v["count"], 50);
}
