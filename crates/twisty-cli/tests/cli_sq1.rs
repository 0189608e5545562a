//! `twisty solve / show / scramble` on the Square-1: a cubing.js scramble solved and the
//! answer replayed, the event's scrambles, and bad input named with its position.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use common::shared_tables;
use predicates::prelude::*;
use serde_json::Value;

/// A scramble of cubing.js's `randomScrambleForEvent("sq1")` (cubing 0.63.4), as it writes
/// them: a space after each comma, no `/` after the last turn.
const CUBING_SCRAMBLE: &str = "(-5, 0) / (0, -3) / (2, 5) / (4, 1) / (-3, 3) / (6, 0) / (-4, 0) / (0, 3) / (0, 3) / (6, -1) / (-4, 1) / (-4, 0) / (4, 0)";

fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(shared_tables());
    c
}

fn json(c: &mut Command, args: &[&str]) -> Value {
    let out = c.args(args).assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

/// `show --json` of the Square-1 after `moves`.
fn show(moves: &str) -> Value {
    json(&mut twisty(), &["show", "--puzzle", "sq1", "--json", moves])
}

#[test]
fn a_cubing_js_scramble_is_solved_and_the_answer_replays() {
    let r = json(
        &mut twisty(),
        &["solve", "--puzzle", "sq1", "--json", CUBING_SCRAMBLE],
    );
    assert_eq!(r["puzzle"], "sq1");
    assert_eq!(r["solver"], "two-phase");
    assert_eq!(r["metric"], "twist");
    assert_eq!(r["verified"], true);
    let solution = r["solution"].as_str().unwrap();
    // The twist metric: each `/` counts 1.
    let slices = solution.split_whitespace().filter(|t| *t == "/").count();
    assert_eq!(r["length"].as_u64(), Some(slices as u64), "{solution}");
    assert!((1..=13).contains(&slices), "{solution}");
    // Replayed after the scramble by the command line's own reading: solved.
    assert_eq!(show(CUBING_SCRAMBLE)["solved"], false);
    let v = show(&format!("{CUBING_SCRAMBLE} {solution}"));
    assert_eq!(v["solved"], true, "{solution}");
    assert_eq!(v["state"], "AAaBBbCCcDDd/eEEfFFgGGhHH/0");
    // The state string is an input too, and gives an answer of the same length.
    let state = show(CUBING_SCRAMBLE)["state"].as_str().unwrap().to_string();
    let by_state = json(
        &mut twisty(),
        &["solve", "--puzzle", "square1", "--json", "--facelets", &state],
    );
    assert_eq!(by_state["length"], r["length"]);
}

#[test]
fn show_and_scramble_take_the_square_1() {
    let v = show("(1,0) /");
    assert_eq!(v["state"], "dAAaBBeEEfFF/bCCcDDgGGhHH/1");
    twisty()
        .args(["show", "--puzzle", "sq1", "--info", "(1,0) /"])
        .assert()
        .success()
        .stdout(predicate::str::contains("the slice can turn"))
        .stdout(predicate::str::contains("middle turned over"));
    // Random moves: 20 twists by default, each read back.
    let out = twisty()
        .args(["scramble", "--puzzle", "sq1", "--seed", "1", "--count", "2"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in text.lines() {
        assert_eq!(
            line.split_whitespace().filter(|t| *t == "/").count(),
            20,
            "{line}"
        );
        assert_eq!(show(line)["solved"], false);
    }
    // The event: random state, reproducible, its state string that of the scramble.
    let args = ["scramble", "--event", "sq1", "--seed", "1", "--json"];
    let a = json(&mut twisty(), &args);
    assert_eq!(a, json(&mut twisty(), &args));
    assert_eq!(a["kind"], "random-state");
    assert_eq!(a["puzzle"], "sq1");
    let scramble = a["scramble"].as_str().unwrap();
    assert_eq!(show(scramble)["state"], a["state"], "{scramble}");
}

#[test]
fn a_malformed_turn_is_named_with_its_column() {
    twisty()
        .args(["solve", "--puzzle", "sq1", "(1,0) / (-3,3 /"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not closed by `)`").and(predicate::str::contains("column 9")));
}

#[test]
fn an_impossible_slice_is_named_with_its_column_and_the_corner_in_the_way() {
    // Turned two slots, the top has its corner D across the slice line.
    twisty()
        .args(["solve", "--puzzle", "sq1", "(2,0) /"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("slice 1")
                .and(predicate::str::contains("column 7"))
                .and(predicate::str::contains("corner D across the slice line")),
        );
}
