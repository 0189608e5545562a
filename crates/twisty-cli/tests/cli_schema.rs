//! `twisty solve --json` of every solver of every puzzle, and its errors, validate against
//! the engine's JSON Schema.

mod common;

use assert_cmd::Command;
use serde_json::Value;

fn twisty(dir: &std::path::Path) -> Command {
    let mut c = Command::cargo_bin("twisty").expect("the binary is built");
    c.env_remove("TWISTY_MAX_MEMORY");
    c.env_remove("TWISTY_TABLES").arg("--tables-dir").arg(dir);
    c
}

fn schema() -> jsonschema::Validator {
    let text = include_str!("../../twisty-engine/schema/solve-report.schema.json");
    let v: Value = serde_json::from_str(text).expect("the schema is JSON");
    jsonschema::validator_for(&v).expect("the schema compiles")
}

fn check(schema: &jsonschema::Validator, out: &[u8]) -> Value {
    let v: Value = serde_json::from_slice(out).expect("stdout is one JSON document");
    let errors: Vec<String> = schema.iter_errors(&v).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{v}\n{errors:?}");
    v
}

#[test]
fn every_solver_of_every_puzzle_prints_a_schema_valid_report() {
    let tables = common::shared_tables();
    let schema = schema();
    let cases: &[&[&str]] = &[
        &["--puzzle", "3x3", "R U R' U' F2"],
        &["--puzzle", "3x3", "--solver", "thistlethwaite", "R U F"],
        &[
            "--puzzle",
            "3x3",
            "--solver",
            "optimal",
            "--heuristic",
            "small",
            "R U F",
        ],
        &["--puzzle", "3x3", "--solver", "greedy", "--seed", "1", "R U"],
        &[
            "--puzzle",
            "3x3",
            "--solver",
            "pso",
            "--particles",
            "5",
            "--iterations",
            "30",
            "--seed",
            "1",
            "R U",
        ],
        &[
            "--puzzle",
            "3x3",
            "--solver",
            "aco",
            "--ants",
            "5",
            "--iterations",
            "20",
            "--seed",
            "1",
            "R U",
        ],
        &[
            "--puzzle",
            "3x3",
            "--solver",
            "dkho",
            "--krill",
            "5",
            "--iterations",
            "20",
            "--seed",
            "1",
            "R U",
        ],
        &["--puzzle", "2x2", "R U R' F"],
        &["--puzzle", "kilominx", "--timeout", "0.2", "R U"],
        &["--puzzle", "clock", "UR1+ y2 ALL3-"],
        &["--puzzle", "sq1", "(1,0) / (-1,-4) / (0,3) /"],
        &[
            "--puzzle",
            "supercube:2",
            "--solver",
            "ga",
            "--attempts",
            "2",
            "--seed",
            "3",
            "R U",
        ],
    ];
    for args in cases {
        let out = twisty(&tables)
            .arg("solve")
            .arg("--json")
            .args(*args)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v = check(&schema, &out.stdout);
        assert_eq!(v["verified"], true, "{args:?}");
    }
}

#[test]
fn errors_are_json_too() {
    // A directory of its own: the `tables` error needs the large tables to be absent.
    let dir = tempfile::tempdir().expect("temp dir");
    let schema = schema();
    for (args, kind, code) in [
        (vec!["R", "Q"], "parse", 2),
        (vec!["--solver", "bogus", "R"], "usage", 2),
        (vec!["--puzzle", "2x2", "--heuristic", "korf", "R"], "usage", 2),
        (vec!["--timeout", "1e30", "R"], "usage", 2),
        (vec!["--solver", "optimal", "R U"], "tables", 1),
        (
            vec![
                "--facelets",
                "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF",
            ],
            "impossible_state",
            1,
        ),
    ] {
        let out = twisty(dir.path())
            .arg("solve")
            .arg("--json")
            .args(&args)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let v = check(&schema, &out.stdout);
        assert_eq!(v["error"]["kind"], kind, "{args:?}: {v}");
    }
}
