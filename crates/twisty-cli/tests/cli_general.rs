//! Command-line behaviour common to every puzzle: help, usage errors and exit codes.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(common::shared_tables());
    c.env_remove("TWISTY_TABLES");
    c
}

#[test]
fn help_lists_every_subcommand() {
    let out = twisty().arg("--help").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for sub in ["scramble", "show", "solve", "tables", "bench"] {
        assert!(text.contains(sub), "help does not mention {sub}:\n{text}");
    }
}

#[test]
fn unknown_puzzle_is_a_usage_error() {
    twisty()
        .args(["show", "--puzzle", "gearcube"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown puzzle `gearcube`"));
}

#[test]
fn supercube_size_is_bounded() {
    for bad in ["supercube:1", "supercube:17", "supercube:x"] {
        twisty()
            .args(["scramble", "--puzzle", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("supercube"));
    }
}

#[test]
fn zero_threads_is_a_usage_error() {
    twisty()
        .args(["--threads", "0", "scramble"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--threads"));
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    twisty().arg("frobnicate").assert().code(2);
}

#[test]
fn every_flag_solver_list_shows_is_accepted() {
    for puzzle in ["3x3", "2x2", "kilominx", "supercube:3"] {
        let out = twisty()
            .args(["solve", "--puzzle", puzzle, "--solver", "list"])
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        let mut solver = String::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("  ") {
                if !rest.starts_with(' ') {
                    solver = rest.split_whitespace().next().unwrap().to_string();
                    continue;
                }
            }
            let Some(option) = line.trim().strip_prefix("--") else {
                continue;
            };
            let (flag, rest) = option.split_once(" (").unwrap();
            // `(70; 0 in a batch, …)`: the single solve's default first.
            let default = rest.split_once("):").unwrap().0;
            let default = default.split(';').next().unwrap().trim_matches('"');
            if default == "null" {
                continue;
            }
            let mut args = vec!["solve", "--puzzle", puzzle, "--solver", &solver];
            let given;
            if let Some(name) = flag.strip_prefix("option ") {
                given = format!("{}{default}", name.trim_end_matches("VALUE"));
                args.extend(["--option", &given]);
            } else {
                given = format!("--{flag}");
                args.push(&given);
                if default != "false" && default != "true" {
                    args.push(default);
                }
            }
            // A move that does not parse: the command line itself must be accepted.
            args.push("Q");
            let out = twisty().args(&args).assert().code(2);
            let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
            assert!(
                err.contains("cannot parse `Q`"),
                "{puzzle} {solver}: `{}` was refused: {err}",
                args.join(" ")
            );
        }
    }
}

#[test]
fn a_solver_option_given_as_a_flag_it_lacks_names_the_option_form() {
    twisty()
        .args(["solve", "--budget", "100", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--option budget=100"));
}

#[test]
fn random_zero_is_refused_and_reference_answers_say_the_rotation() {
    twisty()
        .args(["solve", "--random", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--random 0 is no scramble"));
    twisty()
        .args(["solve", "--frame", "reference", "y R"])
        .assert()
        .success()
        .stderr(predicate::str::contains("first turn the whole puzzle by `y'`"));
}

/// Every README `console` block, the ones marked ignored (big tables, long runs) too, run
/// and compared by `scripts/check_readme.py` (CI runs the others through
/// `scripts/check_readme.sh`). `TWISTY_TABLES` may name a cache holding the big tables.
#[test]
#[ignore = "builds the big tables the README's examples use: hours the first time"]
fn readme_examples_all() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tables = std::env::var_os("TWISTY_TABLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(common::shared_tables);
    let status = std::process::Command::new("python3")
        .arg(root.join("scripts/check_readme.py"))
        .arg("--twisty")
        .arg(env!("CARGO_BIN_EXE_twisty"))
        .arg("--tables")
        .arg(&tables)
        .arg("--all")
        .status()
        .expect("python3 runs the README check");
    assert!(status.success(), "README examples differ (see the output above)");
}

#[test]
fn the_clock_scrambles_solves_and_shows_through_the_command_line() {
    let out = |args: &[&str]| {
        let a = twisty().env("NO_COLOR", "1").args(args).assert().success();
        String::from_utf8(a.get_output().stdout.clone()).unwrap()
    };
    let json = out(&[
        "scramble", "--event", "clock", "--seed", "4", "--count", "2", "--json",
    ]);
    let lines: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["puzzle"], "clock");
    assert_eq!(lines[0]["kind"], "random-state");
    assert_eq!(
        out(&["scramble", "--event", "clock", "--seed", "4", "--count", "2", "--json"]),
        json
    );
    // --puzzle clock --random-state is the event's scramble.
    let scramble = lines[0]["scramble"].as_str().unwrap().to_string();
    let plain = out(&["scramble", "--puzzle", "clock", "--random-state", "--seed", "4"]);
    assert_eq!(plain.trim(), scramble);
    // The answer is optimal and, given back after the scramble, solves the clock as held.
    let solve = out(&["solve", "--puzzle", "clock", "--json", &scramble]);
    let r: serde_json::Value = serde_json::from_str(&solve).unwrap();
    assert_eq!(r["optimal"], true);
    let answer = r["solution"].as_str().unwrap();
    let shown = out(&[
        "show",
        "--puzzle",
        "clock",
        "--json",
        &format!("{scramble} {answer}"),
    ]);
    let s: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(s["solved"], true, "{scramble} {answer}");
    // The state string as held after the scramble is what show prints, and solve reads it.
    let state = lines[0]["state"].as_str().unwrap();
    let drawn = out(&["show", "--puzzle", "clock", &scramble]);
    assert!(
        drawn.starts_with("back (facing)") && drawn.trim_end().ends_with(state),
        "{drawn}"
    );
    let from_string = out(&["solve", "--puzzle", "clock", "--json", "--facelets", state]);
    let t: serde_json::Value = serde_json::from_str(&from_string).unwrap();
    assert_eq!(t["length"], r["length"]);
    // A bad token is named with its column.
    twisty()
        .args(["solve", "--puzzle", "clock", "UR1+ XX2+"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`XX2+`").and(predicate::str::contains("column 6")));
}
