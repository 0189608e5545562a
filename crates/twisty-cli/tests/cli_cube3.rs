//! `twisty show / scramble / solve` on the 3x3x3.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use common::{seed_inputs, shared_tables};
use predicates::prelude::*;

const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir")
        .arg(shared_tables())
        .arg("--colour")
        .arg("never");
    c
}

fn with(s: &str, edits: &[(usize, char)]) -> String {
    let mut v: Vec<char> = s.chars().collect();
    for &(i, c) in edits {
        v[i] = c;
    }
    v.into_iter().collect()
}

#[test]
fn show_moves_prints_net_and_facelets() {
    twisty()
        .args(["show", "--puzzle", "3x3", "R U R' U'"])
        .assert()
        .success()
        .stdout(predicate::str::contains("       U U L\n"))
        .stdout(predicate::str::contains(
            "UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB",
        ));
}

#[test]
fn show_superflip_facelets() {
    twisty()
        .args(["show", "--facelets", SUPERFLIP])
        .assert()
        .success()
        .stdout(predicate::str::contains("B L F  L F R  F R B  R B L"))
        .stdout(predicate::str::contains(SUPERFLIP));
}

#[test]
fn bad_move_is_a_usage_error_naming_token_and_column() {
    twisty()
        .args(["show", "R U X"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`X`").and(predicate::str::contains("column 5")));
}

#[test]
fn impossible_facelets_fail_with_the_reason() {
    let cases = [
        (with(SOLVED, &[(8, 'F'), (9, 'U'), (20, 'R')]), "twist"),
        (with(SOLVED, &[(5, 'R'), (10, 'U')]), "flip"),
        (with(SOLVED, &[(10, 'F'), (19, 'R')]), "parity"),
        (with(SOLVED, &[(0, 'R')]), "colour count"),
    ];
    for (facelets, reason) in cases {
        // Drawn anyway, as written, so the wrong sticker can be found.
        let out = twisty()
            .args(["show", "--facelets", &facelets])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(reason));
        let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        assert!(text.lines().count() == 10 && text.contains(&facelets), "{text}");
    }
    // A bad state string given to `solve` is a state-string error, not a move error, and
    // colour letters are read through the centres.
    twisty()
        .args(["solve", "--facelets", &SOLVED[1..]])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("53 letters, expected 54"));
    twisty()
        .args([
            "solve",
            "--facelets",
            "WWGWWGWWGRRRRRRRRRGGYGGYGGYYYBYYBYYBOOOOOOOOOWBBWBBWBB",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Solution: R'"));
    twisty()
        .args(["show", "--facelets", "UUU"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("54 characters"));
}

#[test]
fn seeded_scrambles_are_deterministic() {
    let run = || {
        let out = twisty()
            .args(["scramble", "--puzzle", "3x3", "--seed", "5", "--count", "3"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let a = run();
    assert_eq!(a, run());
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.split_whitespace().count() == 25));
    assert_ne!(lines[0], lines[1]);
}

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

fn solution_of(out: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix("Solution: "))
        .unwrap()
        .to_string()
}

/// Applies `scramble` then `solution` with `twisty show` and checks the result is solved.
fn assert_solves(scramble: &str, solution: &str) {
    let out = stdout(twisty().args(["show", &format!("{scramble} {solution}")]));
    assert!(out.contains(SOLVED), "{scramble} / {solution}:\n{out}");
}

#[test]
fn solve_moves_with_two_phase() {
    let out = stdout(twisty().args(["solve", "R U R' U'"]));
    assert!(out.contains("Solver: two-phase"), "{out}");
    assert_solves("R U R' U'", &solution_of(&out));
    let out = stdout(twisty().args(["solve"]));
    assert!(out.contains("(already solved)"));
    // With a probe budget the search goes on for shorter solutions.
    let out = stdout(twisty().args(["solve", "--probes", "1000", "R U R' U'"]));
    assert!(out.contains("Length: 4 HTM"), "{out}");
    assert_solves("R U R' U'", &solution_of(&out));
}

#[test]
fn solve_superflip_in_20() {
    let out = stdout(twisty().args(["solve", "--max-length", "20", "--facelets", SUPERFLIP]));
    assert!(out.contains("Length: 20 HTM"), "{out}");
    let sol = solution_of(&out);
    let back = stdout(twisty().args(["show", &sol]));
    assert!(back.contains(SUPERFLIP), "{back}");
}

#[test]
fn solve_random_state_and_file() {
    let out = stdout(twisty().args(["solve", "--random-state", "--seed", "3"]));
    let n = solution_of(&out).split_whitespace().count();
    assert!((1..=21).contains(&n), "{out}");
    let mix = seed_inputs().join("dfinnis_Rubik_mix_spacing.txt");
    let out = stdout(twisty().arg("solve").arg(&mix));
    let text = std::fs::read_to_string(&mix).unwrap();
    assert_solves(&text.replace('\t', " "), &solution_of(&out));
}

#[test]
fn solve_bounds_are_reported() {
    twisty()
        .args(["solve", "--max-length", "2", "R U F"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution of at most 2 moves"));
    twisty().args(["solve", "--solver", "nope", "R"]).assert().code(2);
}

#[test]
fn random_state_scrambles() {
    let run = || stdout(twisty().args(["scramble", "--random-state", "--seed", "4", "--count", "2"]));
    let a = run();
    assert_eq!(a, run());
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines
        .iter()
        .all(|l| (15..=21).contains(&l.split_whitespace().count())));
}

#[test]
fn solve_moves_keeps_the_answer_to_the_faces_named() {
    let out = twisty()
        .args(["solve", "--moves", "R,U", "--json", "y R U R' U R U2 R'"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let m = m.as_str().unwrap();
        assert!(m.starts_with('R') || m.starts_with('U'), "{v}");
    }
    assert_eq!(v["solver"], "optimal");
    assert_eq!(v["details"]["moves"], "R, U");
    assert_eq!(v["length"], 7, "{v}");
    // Out of reach, a move set with a single turn, a solver that cannot keep to one.
    twisty()
        .args(["solve", "--moves", "R,U", "R U F"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "cannot be solved with the allowed moves",
        ));
    twisty()
        .args(["solve", "--moves", "R2,U", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`R2` in the move set"));
    twisty()
        .args(["solve", "--solver", "thistlethwaite", "--moves", "R,U", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot keep to a move set"));
}
