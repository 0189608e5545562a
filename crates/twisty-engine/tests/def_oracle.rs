//! The Pyraminx and the Skewb against cubing.js: twisty's optimal answers to cubing.js's own
//! random-state scrambles (`randomScrambleForEvent("pyram")`, `"skewb"`, stored in
//! `tests/data/def_cubingjs.tsv` by `oracle/def_scrambles.mjs`; Pyraminx scrambles end with tip
//! turns) solve the puzzle in cubing.js.

mod common;

use common::cubing;
use serde_json::json;
use twisty_engine::{Engine, EngineConfig, PuzzleId, Quiet, SolveRequest};

/// The stored scrambles: `(puzzle, scramble)`.
fn stored() -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/def_cubingjs.tsv");
    let text = std::fs::read_to_string(&path).expect("the stored scrambles");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (p, s) = l.split_once('\t').expect("puzzle<TAB>scramble");
            (p.to_string(), s.to_string())
        })
        .collect()
}

#[test]
fn answers_to_cubing_js_scrambles_solve_them_in_cubing_js() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = Engine::new(EngineConfig {
        tables_dir: dir.path().to_path_buf(),
        ..EngineConfig::default()
    });
    let cases = stored();
    for p in ["pyraminx", "skewb"] {
        assert!(
            cases.iter().filter(|(n, _)| n == p).count() >= 5,
            "{p} scrambles are stored"
        );
    }
    let mut lines = Vec::new();
    for (puzzle, scramble) in &cases {
        let id: PuzzleId = puzzle.parse().expect("a puzzle");
        let r = engine
            .solve(&SolveRequest::new(id, scramble.as_str()), &Quiet)
            .unwrap_or_else(|e| panic!("{puzzle} {scramble}: {e}"));
        assert!(r.optimal && r.verified);
        // cubing.js's scrambles are at least as long as the optimum (its Pyraminx scrambles
        // are optimal for the body and add one move per tip).
        assert!(
            r.length as usize <= scramble.split_whitespace().count(),
            "{scramble}"
        );
        lines.push(json!({ "puzzle": puzzle, "scramble": scramble, "solution": r.solution }));
        // A wrong answer is caught: the scramble alone leaves the puzzle unsolved.
        lines.push(json!({ "puzzle": puzzle, "scramble": scramble, "solution": "" }));
    }
    let verdicts = cubing::verdicts(&lines);
    for (v, l) in verdicts.iter().zip(&lines) {
        let expect = l["solution"] != "";
        assert_eq!(v["error"], serde_json::Value::Null, "{l}: {v}");
        assert_eq!(v["solved"] == true, expect, "{l}: {v}");
    }
}
