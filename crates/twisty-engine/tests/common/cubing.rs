//! The cubing.js oracle (`oracle/check.mjs`, installed by `npm ci --prefix oracle`) for the
//! N×N×N cubes: its verdict on a scramble and an answer as held, and the facelets of the cube
//! it makes; and the cubing.js scrambles stored with their facelets.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The oracle's directory.
pub fn oracle_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../oracle")
}

/// cubing.js's name of the N×N×N cube (`4x4x4`; it has them up to 7x7x7).
pub fn cubing_name(n: usize) -> String {
    format!("{n}x{n}x{n}")
}

/// One oracle line: `scramble` then `solution` (both as the user types them, the second
/// continuing on the cube as the first left it held) on the N×N×N cube; with `facelets`,
/// the answer also carries cubing.js's facelet string of the cube after both, as held.
pub fn line(n: usize, scramble: &str, solution: &str, facelets: bool) -> Value {
    json!({ "puzzle": cubing_name(n), "scramble": scramble, "solution": solution, "facelets": facelets })
}

/// cubing.js's answer to each line, in order: `{"solved": bool, "error": null | "…",
/// "facelets"?: "…"}`. Panics with the way to install it when cubing.js is missing.
pub fn verdicts(lines: &[Value]) -> Vec<Value> {
    let dir = oracle_dir();
    let module = dir.join("node_modules/cubing/package.json");
    assert!(
        module.is_file(),
        "cubing.js is not installed for the oracle: run `npm ci --prefix oracle` (node and npm are needed); {} is missing",
        module.display()
    );
    let mut child = Command::new("node")
        .arg(dir.join("check.mjs"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs the oracle");
    {
        let mut stdin = child.stdin.take().expect("a pipe");
        for l in lines {
            writeln!(stdin, "{l}").expect("the oracle reads its input");
        }
    }
    let out = child.wait_with_output().expect("the oracle ends");
    assert!(out.status.success(), "the oracle failed: {out:?}");
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(answers.len(), lines.len(), "one answer per line");
    answers
}

/// Checks answers in cubing.js: each `(n, scramble, answer)` solves the cube as held. The
/// failures, with cubing.js's error when it refused a move.
pub fn unsolved(cases: &[(usize, String, String)]) -> Vec<String> {
    let lines: Vec<Value> = cases.iter().map(|(n, s, a)| line(*n, s, a, false)).collect();
    verdicts(&lines)
        .iter()
        .zip(cases)
        .filter(|(v, _)| v["solved"] != true)
        .map(|(v, (n, s, a))| format!("{n}x{n}x{n}: {s} / {a}: {v}"))
        .collect()
}

/// A stored cubing.js scramble: the size, the scramble and cubing.js's facelets of the cube
/// after it, as held.
pub struct Stored {
    /// N.
    pub n: usize,
    /// The scramble as cubing.js printed it.
    pub scramble: String,
    /// The cube after it, as held.
    pub facelets: String,
}

/// The stored cubing.js scrambles of the 4x4x4 to 7x7x7 (`tests/data/cube_n_cubingjs.tsv`,
/// written by `oracle/cube_n_scrambles.mjs`).
pub fn stored_scrambles() -> Vec<Stored> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/cube_n_cubingjs.tsv");
    let text = std::fs::read_to_string(&path).expect("the stored scrambles");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "{l}");
            Stored {
                n: f[0].parse().expect("a size"),
                scramble: f[1].to_string(),
                facelets: f[2].to_string(),
            }
        })
        .collect()
}
