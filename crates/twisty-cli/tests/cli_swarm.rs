//! `twisty solve --solver greedy|pso|aco|dkho` and `twisty bench metaheuristics`.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use twisty_core::cube3::Cube3;
use twisty_core::Puzzle;

const SCRAMBLE: &str = "F2 L D2 B2 F";

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

fn check_solution(scramble: &str, out: &str) {
    let p = Cube3;
    let sol = out.lines().find_map(|l| l.strip_prefix("Solution: ")).unwrap();
    let mut s = p.state_after(&p.parse_moves(scramble).unwrap());
    p.apply_all(&mut s, &p.parse_moves(sol).unwrap());
    assert!(p.is_solved(&s), "{out}");
}

#[test]
fn each_solver_solves_and_prints_the_paper_columns() {
    for (solver, extra, scramble) in [
        ("greedy", vec!["--iterations", "100"], SCRAMBLE),
        (
            "pso",
            vec!["--particles", "10", "--iterations", "300", "--simplify"],
            "R U",
        ),
        (
            "aco",
            vec!["--ants", "3", "--iterations", "10", "--seed-quirks"],
            "R",
        ),
        ("dkho", vec!["--krill", "5", "--iterations", "20"], SCRAMBLE),
        (
            "dkho",
            vec!["--krill", "5", "--iterations", "20", "--seed-quirks"],
            "R U",
        ),
        ("greedy", vec!["--iterations", "100", "--fitness", "pdb"], "R U"),
        (
            "greedy",
            vec![
                "--fitness",
                "optimal-bound",
                "--evaluations",
                "3",
                "--vary",
                "symmetries",
            ],
            "R U F",
        ),
    ] {
        let out = stdout(
            twisty()
                .args(["solve", "--solver", solver, "--seed", "5"])
                .args(&extra)
                .arg(scramble),
        );
        assert!(out.contains("Success: yes"), "{solver}: {out}");
        for col in [
            "Actual:",
            "Obtained:",
            "MinFit:",
            "First iteration:",
            "NFE:",
            "Agents solved:",
            "Total time:",
        ] {
            assert!(out.contains(col), "{solver}: no {col} in {out}");
        }
        check_solution(scramble, &out);
    }
}

#[test]
fn json_output_carries_the_counters() {
    let out = stdout(twisty().args(["solve", "--solver", "greedy", "--seed", "1", "--json", SCRAMBLE]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let swarm = &v["details"]["swarm"];
    assert!(swarm["nfe"].as_u64().unwrap() > 0, "{out}");
    assert!(swarm["cache_hits"].is_u64(), "{out}");
    assert_eq!(v["seed"], 1, "{out}");
}

#[test]
fn bad_parameters_are_usage_errors() {
    twisty()
        .args(["solve", "--solver", "pso", "--particles", "0", SCRAMBLE])
        .assert()
        .code(2);
    twisty()
        .args(["solve", "--solver", "aco", "--alpha", "NaN", SCRAMBLE])
        .assert()
        .code(2);
    twisty()
        .args(["solve", "--solver", "greedy", "--evaluations", "0", SCRAMBLE])
        .assert()
        .code(2);
    twisty()
        .args([
            "bench",
            "metaheuristics",
            "--lengths",
            "5",
            "--algorithms",
            "pso-x-1",
        ])
        .assert()
        .code(2);
    // A run that finds nothing is a failure (exit 1), not a panic.
    twisty()
        .args([
            "solve",
            "--solver",
            "greedy",
            "--iterations",
            "1",
            "--seed",
            "1",
            "R U F D L B R U",
        ])
        .assert()
        .code(1);
}

#[test]
fn bench_reproduces_the_tables_on_small_budgets() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scrambles.txt");
    std::fs::write(&file, "# test\n5\tF2 L D2 B2 F\n5\tB U' R2 B F'\n").unwrap();
    let out = stdout(twisty().args([
        "bench",
        "metaheuristics",
        "--scrambles",
        file.to_str().unwrap(),
        "--attempts",
        "2",
        "--algorithms",
        "greedy-100,dkho-5-10",
    ]));
    assert!(out.contains("Two-phase fitness alone: median"), "{out}");
    assert!(out.contains("greedy-100"), "{out}");
    assert!(out.contains("dkho-5-10"), "{out}");
    assert!(out.contains("Summary"), "{out}");
    let out = stdout(twisty().args([
        "bench",
        "metaheuristics",
        "--lengths",
        "4",
        "--attempts",
        "2",
        "--algorithms",
        "greedy-50",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["runs"].as_array().unwrap().len(), 2);
    assert!(v["runs"][0]["nfe"].as_u64().unwrap() > 0);
}

#[test]
fn aco_rule_deposit_and_greedy_tie_flags() {
    for (solver, extra, scramble) in [
        ("aco", vec!["--ants", "10", "--iterations", "100"], "R U F"),
        (
            "aco",
            vec![
                "--ants",
                "3",
                "--iterations",
                "10",
                "--aco-rule",
                "adjacent",
                "--aco-immediate-deposit",
            ],
            "R",
        ),
        ("greedy", vec!["--iterations", "100", "--random-ties"], SCRAMBLE),
    ] {
        let out = stdout(
            twisty()
                .args(["solve", "--solver", solver, "--seed", "3"])
                .args(&extra)
                .arg(scramble),
        );
        assert!(out.contains("Success: yes"), "{solver} {extra:?}: {out}");
        check_solution(scramble, &out);
    }
    twisty()
        .args(["solve", "--solver", "aco", "--aco-rule", "sideways", "R"])
        .assert()
        .code(2);
}
