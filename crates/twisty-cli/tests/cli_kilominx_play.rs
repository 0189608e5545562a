//! The Kilominx on the command line, interactive play driven through standard input, and the
//! solve visualizer.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    // These tests use the seed's notation (appendix C of seed 000).
    c.arg("--tables-dir")
        .arg(common::shared_tables())
        .args(["--notation", "seed"]);
    c
}

#[test]
fn kilominx_show_scramble_and_errors() {
    let mut c = twisty();
    c.args(["show", "--puzzle", "kilominx", "DBR2', D2, DL, F, R2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("upper half").and(predicate::str::contains("DBR")));
    let mut c = twisty();
    c.args(["show", "--puzzle", "kilominx", "DBR2' Q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`Q`").and(predicate::str::contains("column 7")));
    let mut a = twisty();
    let mut b = twisty();
    let x = a
        .args(["scramble", "--puzzle", "kilominx", "--seed", "11"])
        .assert()
        .success();
    let y = b
        .args(["scramble", "--puzzle", "kilominx", "--seed", "11"])
        .assert()
        .success();
    assert_eq!(x.get_output().stdout, y.get_output().stdout);
    assert_eq!(
        String::from_utf8_lossy(&x.get_output().stdout)
            .split_whitespace()
            .count(),
        30
    );
}

#[test]
fn play_through_stdin() {
    let mut c = twisty();
    let out = c
        .args(["play", "--puzzle", "3x3", "--seed", "1"])
        .write_stdin("R U\nundo\nUNDO\nredo\nHISTORY\nSCRAMBLE 4\nSOLVE\nEDIT U1 R\nEDIT CANCEL\nR X\nquit\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("applied 2 moves"), "{text}");
    assert!(text.contains("undone"));
    assert!(text.contains("redone"));
    assert!(text.contains("1. MOVES    R U"));
    assert!(text.contains("scramble: "));
    assert!(text.contains("— solved"), "{text}");
    assert!(
        text.contains("not applied yet: impossible state: colour count"),
        "{text}"
    );
    assert!(text.contains("error: cannot parse `X`"));
    assert!(text.contains("edit draft dropped") && !text.contains("error: edit draft"));
}

#[test]
fn play_refuses_fixed_pieces_and_impossible_states() {
    let mut c = twisty();
    let out = c
        .args(["play", "--puzzle", "3x3"])
        .write_stdin(
            "EDIT U5 R\nEDIT UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF\nSOLVE --solver nope\n",
        )
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("fixed piece"), "{text}");
    assert!(text.contains("error: "), "{text}");
    assert!(text.contains("unknown solver `nope`"), "{text}");
}

#[test]
fn play_2x2_and_kilominx_moves() {
    let mut c = twisty();
    c.args(["play", "--puzzle", "2x2"])
        .write_stdin("R U R'\nSOLVE\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("— solved"));
    let mut c = twisty();
    c.args(["play", "--puzzle", "kilominx"])
        .write_stdin("BL2' DR\nUNDO\nUNDO\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("undone — solved"));
}

#[test]
fn keys_mode_needs_a_terminal() {
    let mut c = twisty();
    c.args(["play", "--keys"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("terminal"));
}

#[test]
fn visualizer_prints_every_frame() {
    let mut c = twisty();
    let out = c
        .args(["solve", "--puzzle", "2x2", "--visualize", "R U"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("Scramble 0/2: solved"));
    assert!(text.contains("Scramble 2/2: U"));
    assert!(text.contains("Scrambled state"));
    assert!(text.contains("Solution 2/2"));
    assert!(text.trim_end().contains("Solved"));
}

#[test]
fn kilominx_edit_by_cubie() {
    let mut c = twisty();
    let out = c
        .args(["play", "--puzzle", "kilominx"])
        .write_stdin("EDIT UFR UBR\nEDIT UBR UFR\nEDIT MFR UBM\nEDIT UBM MFR\nEDIT UFL UBL\nEDIT UFR DBR 3\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("not applied yet: duplicate piece"), "{text}");
    assert!(text.contains("not applied yet: parity"), "{text}");
    assert!(text.contains("edited"), "{text}");
    assert!(text.contains("UFL cubie is fixed"), "{text}");
    assert!(text.contains("is not a twist"), "{text}");
}

/// The tool with its default notation (cubing.js's for the Kilominx), over the shared table
/// directory.
fn twisty_default() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir")
        .arg(common::shared_tables())
        .arg("--colour")
        .arg("never");
    c
}

#[test]
fn show_draws_the_puzzle_as_held() {
    // After `x` the front colour is on top and the top colour at the back.
    let mut c = twisty_default();
    let out = c.args(["show", "x"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let first: String = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(first, "FFF", "{text}");
    assert!(text.contains("FFFFFFFFF"), "{text}");
    // The 2x2x2 likewise, and a state string held in another orientation reads back as
    // that orientation.
    let mut c = twisty_default();
    let out = c.args(["show", "--puzzle", "2x2", "x R"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let first: String = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(first, "FD", "{text}");
    // The Kilominx: labelled in cubing.js's names, and a rotation changes the drawing.
    let mut a = twisty_default();
    let mut b = twisty_default();
    let plain = a.args(["show", "--puzzle", "kilominx", "R"]).assert().success();
    let turned = b
        .args(["show", "--puzzle", "kilominx", "x2 R x2"])
        .assert()
        .success();
    let plain = String::from_utf8_lossy(&plain.get_output().stdout).to_string();
    let turned = String::from_utf8_lossy(&turned.get_output().stdout).to_string();
    assert!(plain.contains("FL ") && plain.contains("DR "), "{plain}");
    assert_ne!(plain, turned);
}

#[test]
fn play_reads_cubing_notation_and_rotations_as_held() {
    let mut c = twisty_default();
    let out = c
        .args(["play", "--puzzle", "kilominx", "--seed", "3"])
        .write_stdin("x2 FL B2'\nHISTORY\nSOLVE\nDBL\nquit\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("applied 2 moves"), "{text}");
    assert!(text.contains("1. MOVES    x2 FL B2'"), "{text}");
    assert!(text.contains("— solved"), "{text}");
    // The seed's names are not cubing.js's.
    assert!(text.contains("error: cannot parse `DBL`"), "{text}");
    // The 3x3x3 after a rotation: the solution is written for the cube as held.
    let mut c = twisty_default();
    let out = c
        .args(["play", "--puzzle", "3x3", "--seed", "3"])
        .write_stdin("y R\nSOLVE\nquit\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("— solved"), "{text}");
    assert!(text.contains("solution (1 moves"), "{text}");
    assert!(text.trim_end().contains(": R'"), "{text}");
}
