//! `twisty solve --solver thistlethwaite` on the 3x3x3.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const SCRAMBLE: &str = "R U2 F' L D B2 R' U F2 D' L2 B U' R2 F";

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir")
        .arg(common::shared_tables())
        .arg("--colour")
        .arg("never");
    c
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

#[test]
fn solve_with_groups() {
    let out = stdout(twisty().args(["solve", "--solver", "thistlethwaite", "--groups", SCRAMBLE]));
    assert!(out.contains("Solver: thistlethwaite"), "{out}");
    for p in 1..=4 {
        assert!(out.contains(&format!("Phase {p} (G{} -> G{p})", p - 1)), "{out}");
    }
    let sol = solution_of(&out);
    assert!(
        out.find("Solution: ").unwrap() < out.find("Phase 1").unwrap(),
        "{out}"
    );
    let back = stdout(twisty().args(["show", &format!("{SCRAMBLE} {sol}")]));
    assert!(back.contains(SOLVED), "{back}");
}

#[test]
fn solved_state_and_listing() {
    let out = stdout(twisty().args(["solve", "--solver", "thistlethwaite"]));
    assert!(out.contains("(already solved)"), "{out}");
}

#[test]
fn groups_in_json_and_search_phases() {
    let out = stdout(twisty().args([
        "solve",
        "--solver",
        "thistlethwaite",
        "--search-phases",
        "3",
        "--json",
        SCRAMBLE,
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let phases = v["details"]["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 4);
    assert_eq!(phases[0]["name"], "G0 -> G1");
    let total: u64 = phases.iter().map(|p| p["length"].as_u64().unwrap()).sum();
    assert!(v["length"].as_u64().unwrap() <= total);
    let sol = v["solution"].as_str().unwrap();
    let back = stdout(twisty().args(["show", &format!("{SCRAMBLE} {sol}")]));
    assert!(back.contains(SOLVED), "{back}");
}

#[test]
fn absurd_search_phases_refused() {
    let out = twisty()
        .args([
            "solve",
            "--solver",
            "thistlethwaite",
            "--search-phases",
            "0",
            SCRAMBLE,
        ])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("search-phases"));
}
