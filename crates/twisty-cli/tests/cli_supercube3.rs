//! `--puzzle supercube:3`: two-phase answers by default (the GA with `--solver ga`), for
//! moves, random states and random-state scrambles, and `bench supercube3`.
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
    let v = json(&["show", "-p", "supercube:3", "--notation", "seed", moves]);
    v["solved"] == true
}

#[test]
fn the_default_solver_is_two_phase_and_its_answers_solve() {
    let scramble = "x0 y1' z2^2 x1 y0 z1' x2^2 y1 z0 x1' y2 z1^2";
    let v = json(&["solve", "-p", "supercube:3", "--notation", "seed", scramble]);
    assert_eq!(v["solver"], "twophase", "{v}");
    assert_eq!(v["optimal"], false, "{v}");
    let solution = v["solution"].as_str().unwrap();
    assert!(solution.split_whitespace().count() <= 12, "{v}");
    assert!(solved_after(&format!("{scramble} {solution}")));
    // A whole-cube turn is three slice turns: the core must come home too.
    let v = json(&["solve", "-p", "supercube:3", "--notation", "seed", "y0 y1 y2"]);
    let solution = v["solution"].as_str().unwrap();
    assert_eq!(solution.split_whitespace().count(), 3, "{v}");
    assert!(solved_after(&format!("y0 y1 y2 {solution}")));
    // The GA is still there by name.
    twisty()
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--seed",
            "1",
            "--notation",
            "seed",
            "x0 y1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Solution:"));
    // A GA option is not one of the two-phase solver's; a budget out of range is refused.
    twisty()
        .args(["solve", "-p", "supercube:3", "--attempts", "2", "x0"])
        .assert()
        .code(2);
    twisty()
        .args(["solve", "-p", "supercube:3", "--option", "improve_nodes=-1", "x0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("must be a whole number from 0"));
    // An unreachable state (the core turned alone) is refused with the reason.
    let mut code = "00".repeat(27);
    code.replace_range(26..28, "44");
    twisty()
        .args(["solve", "-p", "supercube:3", "--facelets", &code])
        .assert()
        .code(predicate::ne(0))
        .stderr(predicate::str::contains("not reachable"));
}

#[test]
fn random_states_are_solved_and_random_state_scrambles_reach_their_state() {
    for seed in ["1", "2"] {
        let v = json(&[
            "solve",
            "-p",
            "supercube:3",
            "--random-state",
            "--seed",
            seed,
            "--notation",
            "seed",
        ]);
        assert_eq!(v["solver"], "twophase", "{v}");
        let n = v["solution"].as_str().unwrap().split_whitespace().count();
        assert!((15..=30).contains(&n), "{v}");
        let s = json(&[
            "scramble",
            "-p",
            "supercube:3",
            "--random-state",
            "--seed",
            seed,
            "--notation",
            "seed",
        ]);
        let scramble = s["scramble"].as_str().unwrap().to_string();
        assert_eq!(s["state"].as_str().unwrap().len(), 54);
        // The scramble reaches the state: its answer undoes it.
        let a = json(&[
            "solve",
            "-p",
            "supercube:3",
            "--notation",
            "seed",
            "--facelets",
            s["state"].as_str().unwrap(),
        ]);
        let answer = a["solution"].as_str().unwrap();
        assert!(
            solved_after(&format!("{scramble} {answer}")),
            "{scramble} / {answer}"
        );
        let again = json(&[
            "scramble",
            "-p",
            "supercube:3",
            "--random-state",
            "--seed",
            seed,
            "--notation",
            "seed",
        ]);
        assert_eq!(again["scramble"], s["scramble"]);
    }
}

#[test]
fn bench_reports_both_solvers() {
    let v = json(&["bench", "supercube3", "--count", "3", "--ga", "1", "--seed", "3"]);
    assert_eq!(v["twophase"]["count"], 3);
    assert_eq!(v["ga"]["count"], 1);
    assert!(v["twophase"]["max_length"].as_u64().unwrap() <= 40);
}
