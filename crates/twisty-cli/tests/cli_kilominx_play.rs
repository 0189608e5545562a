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

/// cubing.js's verdict (`oracle/check.mjs`) on each (puzzle, scramble, solution).
fn cubing_js_solved(lines: &[serde_json::Value]) -> Vec<serde_json::Value> {
    use std::io::Write;
    let oracle = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../oracle");
    assert!(
        oracle.join("node_modules/cubing/package.json").is_file(),
        "cubing.js is not installed for the oracle: run `npm ci --prefix oracle`"
    );
    let mut child = std::process::Command::new("node")
        .arg(oracle.join("check.mjs"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node runs the oracle");
    {
        let mut stdin = child.stdin.take().unwrap();
        for l in lines {
            writeln!(stdin, "{l}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The text after `prefix` on the first line of `text` that starts with it.
fn line_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines().find_map(|l| l.strip_prefix(prefix))
}

#[test]
fn play_scramble_and_solve_agree_with_cubing_js_and_show() {
    // Each puzzle, held at home and after moves that turn the frame (rotations, turns of
    // the faces of a fixed piece): SCRAMBLE's printed moves give the puzzle drawn (as
    // `twisty show` draws those moves) and SOLVE's printed answer solves them in cubing.js.
    let cases = [
        ("3x3", "3x3x3", ""),
        ("3x3", "3x3x3", "y Rw"),
        ("2x2", "2x2x2", ""),
        ("2x2", "2x2x2", "x D L"),
        ("kilominx", "kilominx", ""),
        ("kilominx", "kilominx", "U Rv F"),
    ];
    let mut lines = Vec::new();
    for (puzzle, cubing, before) in cases {
        for seed in 1..=6 {
            let input = format!("{before}\nSCRAMBLE 6\nSOLVE --timeout 0.2\nQUIT\n");
            let mut c = twisty_default();
            let out = c
                .args(["play", "--puzzle", puzzle, "--seed", &seed.to_string()])
                .write_stdin(input)
                .assert()
                .success();
            let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
            let scramble = line_after(&text, "scramble: ").unwrap_or_else(|| panic!("{text}"));
            let solution = line_after(&text, "solution (")
                .and_then(|l| l.split_once("): "))
                .map(|(_, s)| s.trim_end_matches(" — solved"))
                .unwrap_or_else(|| panic!("{text}"));
            // The net drawn after SCRAMBLE is `twisty show`'s drawing of the moves.
            let drawn: String = text
                .split("> SCRAMBLE 6\n")
                .nth(1)
                .and_then(|t| t.split("scramble: ").next())
                .unwrap_or_default()
                .to_string();
            let all = format!("{before} {scramble}");
            let mut c = twisty_default();
            let shown = c
                .args(["show", "--puzzle", puzzle, all.trim()])
                .assert()
                .success();
            let shown = String::from_utf8_lossy(&shown.get_output().stdout).to_string();
            assert!(
                !drawn.is_empty() && shown.starts_with(&drawn),
                "{puzzle} seed {seed}: play drew\n{drawn}\nshow draws\n{shown}"
            );
            lines.push(serde_json::json!({
                "puzzle": cubing,
                "scramble": all.trim(),
                "solution": solution,
            }));
        }
    }
    let answers = cubing_js_solved(&lines);
    assert_eq!(answers.len(), lines.len());
    let failed: Vec<String> = lines
        .iter()
        .zip(&answers)
        .filter(|(_, a)| a["solved"] != true)
        .map(|(l, a)| format!("{l} -> {a}"))
        .collect();
    assert!(
        failed.is_empty(),
        "play's answers cubing.js does not solve:\n{}",
        failed.join("\n")
    );
}

#[test]
fn play_steps_through_an_answer_and_prefers_a_shorter_inverse() {
    // Seven Kilominx turns: the answer is their inverse (7 moves), not the fast solver's.
    let mut c = twisty_default();
    let out = c
        .args(["play", "--puzzle", "kilominx", "--seed", "1"])
        .write_stdin("R U F BL DR B2 L'\nSOLVE STEP\nNEXT\nNEXT 2\nUNDO\nNEXT ALL\nNEXT\nquit\n")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let answer = line_after(&text, "solution (7 moves, ").unwrap_or_else(|| panic!("{text}"));
    assert!(answer.contains("L B2' DR' BL' F' U' R'"), "{text}");
    assert!(text.contains("NEXT applies it move by move (7 to go"), "{text}");
    assert!(text.contains("\nL (6 to go: B2' DR' BL' F' U' R')"), "{text}");
    assert!(text.contains("\nB2' DR' (4 to go"), "{text}");
    // UNDO takes back one move of the answer, and the answer goes on from there.
    assert!(text.contains("undone"), "{text}");
    assert!(
        text.contains("DR' BL' F' U' R' (the end of the answer) — solved"),
        "{text}"
    );
    assert!(text.contains("error: no answer to step through"), "{text}");
}

/// `show` prints the Kilominx's state string as held, and reads it back with `--facelets`.
#[test]
fn kilominx_show_prints_and_reads_its_state_string() {
    let json = |args: &[&str]| -> serde_json::Value {
        let mut c = Command::cargo_bin("twisty").unwrap();
        c.env_remove("TWISTY_MAX_MEMORY");
        c.arg("--tables-dir").arg(common::shared_tables());
        let out = c
            .args(["show", "--puzzle", "kilominx", "--json"])
            .args(args)
            .assert()
            .success();
        serde_json::from_slice(&out.get_output().stdout).unwrap()
    };
    let solved = json(&[""]);
    let solved_string = solved["state"].as_str().expect("a state string").to_string();
    assert_eq!(solved_string.split(' ').count(), 20, "{solved_string}");
    let turned = json(&["x2 R U' F"]);
    let string = turned["state"].as_str().expect("a state string").to_string();
    assert_ne!(string, solved_string);
    assert_eq!(turned["solved"], false);
    // Read back: the same state, held the same way.
    let back = json(&["--facelets", &string]);
    assert_eq!(back["state"].as_str(), Some(string.as_str()));
    assert_eq!(back["solved"], false);
    assert_eq!(json(&["--facelets", &solved_string])["solved"], true);
    // A letter that is no colour: a usage error saying which sticker.
    let bad = string.replacen(|c: char| c.is_ascii_alphabetic(), "Q", 1);
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(common::shared_tables());
    c.args(["show", "--puzzle", "kilominx", "--facelets", &bad])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`Q` (sticker 1)"));
}
