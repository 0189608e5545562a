//! The independent oracle: every quick solver's answers, applied after their scrambles in
//! cubing.js (`oracle/check.mjs`, installed by `npm ci --prefix oracle`), solve the puzzle as
//! it is held — random-move scrambles with rotations, wide and slice moves, commutators and
//! conjugates, and random-state scrambles, for the 3x3x3, the 2x2x2 and the Kilominx.

mod common;

use rand::Rng;
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use twisty_core::seeded_rng;
use twisty_engine::scramble::random_state;
use twisty_engine::{Engine, EngineConfig, Notation, PuzzleId, Quiet, SolveRequest};

fn oracle_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../oracle")
}

/// A random sequence of `n` tokens: turns from `tokens` with random suffixes, and now and
/// then one of the whole tokens `extra` (rotations).
fn random_tokens(
    rng: &mut twisty_core::TwistyRng,
    tokens: &[&str],
    suffixes: &[&str],
    extra: &[&str],
    n: usize,
) -> String {
    (0..n)
        .map(|_| {
            if !extra.is_empty() && rng.random_range(0..5) == 0 {
                return extra[rng.random_range(0..extra.len())].to_string();
            }
            let t = tokens[rng.random_range(0..tokens.len())];
            let s = suffixes[rng.random_range(0..suffixes.len())];
            format!("{t}{s}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A solver to check: puzzle, id, options.
type QuickSolver = (PuzzleId, &'static str, &'static [(&'static str, &'static str)]);

/// The cubing.js puzzle name of a puzzle.
fn cubing_name(p: PuzzleId) -> &'static str {
    match p {
        PuzzleId::Cube3 => "3x3x3",
        PuzzleId::Cube2 => "2x2x2",
        _ => "kilominx",
    }
}

#[test]
fn answers_solve_the_puzzle_as_held_in_cubing_js() {
    let dir = oracle_dir();
    let module = dir.join("node_modules/cubing/package.json");
    assert!(
        module.is_file(),
        "cubing.js is not installed for the oracle: run `npm ci --prefix oracle` (node and npm are needed); {} is missing",
        module.display()
    );
    let engine = Engine::new(EngineConfig {
        tables_dir: common::shared_tables(),
        ..EngineConfig::default()
    });
    let mut rng = seeded_rng(2026);
    // (puzzle, scramble) pairs: random moves of every kind, and random states.
    let mut scrambles: Vec<(PuzzleId, String)> = Vec::new();
    let cube3 = [
        "U", "D", "L", "R", "F", "B", "Rw", "Uw", "Fw", "r", "l", "d", "M", "E", "S", "x", "y", "z",
    ];
    let cube2 = ["U", "D", "L", "R", "F", "B", "x", "y", "z"];
    let kilo = ["U", "F", "R", "L", "BR", "BL", "FR", "FL", "DR", "DL", "B", "D"];
    let kilo_rotations = ["x2", "y", "y'", "Rv", "Uv'"];
    for _ in 0..12 {
        let n = rng.random_range(1..14);
        scrambles.push((
            PuzzleId::Cube3,
            random_tokens(&mut rng, &cube3, &["", "'", "2"], &[], n),
        ));
        let n = rng.random_range(1..12);
        scrambles.push((
            PuzzleId::Cube2,
            random_tokens(&mut rng, &cube2, &["", "'", "2"], &[], n),
        ));
        let n = rng.random_range(1..10);
        scrambles.push((
            PuzzleId::Kilominx,
            random_tokens(&mut rng, &kilo, &["", "'", "2", "2'"], &kilo_rotations, n),
        ));
    }
    // Commutators, conjugates, repeats and primes of brackets, and pauses, as cubing.js reads
    // them.
    for (p, alg) in [
        (PuzzleId::Cube3, "[R, U]"),
        (PuzzleId::Cube3, "R . [R, U] . . U2"),
        (PuzzleId::Cube3, "[R U R', D]2"),
        (PuzzleId::Cube3, "[F: [R, U]]"),
        (PuzzleId::Cube3, "[R: U]' x [r, U']"),
        (PuzzleId::Cube3, "([R, U] y)2 [M', U2]'"),
        (PuzzleId::Cube3, "[Rw: [U, R' D R]]3"),
        (PuzzleId::Cube3, "2R U 2F' 2U2 [2R, U] 2L' 2D 2B"),
        (PuzzleId::Cube2, "[R, U] [F: R2]'"),
        (PuzzleId::Cube2, "[R U': [F, D']]2 y"),
        (PuzzleId::Kilominx, "[R, U]"),
        (PuzzleId::Kilominx, "[BR: F2'] [FL, DR']2"),
        (PuzzleId::Kilominx, "[U: [R, BL']]'"),
    ] {
        scrambles.push((p, alg.to_string()));
    }
    for p in [PuzzleId::Cube3, PuzzleId::Cube2, PuzzleId::Kilominx] {
        for _ in 0..4 {
            let s = random_state(&engine, p, Notation::Standard, &mut rng).expect("random state");
            scrambles.push((p, s.scramble));
        }
    }
    // Every quick solver of each puzzle answers every scramble of its puzzle.
    let solvers: &[QuickSolver] = &[
        (PuzzleId::Cube3, "two-phase", &[]),
        (PuzzleId::Cube3, "thistlethwaite", &[]),
        (PuzzleId::Cube3, "optimal", &[("heuristic", "small")]),
        (PuzzleId::Cube2, "optimal", &[]),
        (PuzzleId::Cube2, "astar", &[("goal", "any-orientation")]),
        (PuzzleId::Kilominx, "fast", &[]),
    ];
    let mut lines = Vec::new();
    for (puzzle, scramble) in &scrambles {
        for (p, solver, options) in solvers {
            if p != puzzle {
                continue;
            }
            // The optimal 3x3x3 with a small heuristic only on short scrambles (brackets
            // expand to long ones).
            if *solver == "optimal"
                && *p == PuzzleId::Cube3
                && (scramble.split(' ').count() > 8 || scramble.contains('['))
            {
                continue;
            }
            let mut req = SolveRequest::new(*p, scramble.clone()).solver(solver);
            for (k, v) in *options {
                req = req.option(k, *v);
            }
            // The fast Kilominx solver looks for shorter solutions until its time budget
            // ends: its default second is enough here (a long budget only makes the test
            // slower); the others stop at their answer, the limit only guards against a hang.
            if *solver != "fast" {
                req.timeout = Some(30.0);
            }
            let r = engine
                .solve(&req, &Quiet)
                .unwrap_or_else(|e| panic!("{solver} on {scramble}: {e}"));
            lines.push(json!({
                "puzzle": cubing_name(*p),
                "scramble": scramble,
                "solution": r.solution,
                "solver": solver,
            }));
        }
    }
    let mut child = Command::new("node")
        .arg(dir.join("check.mjs"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs (install Node.js to run the oracle)");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        for l in &lines {
            writeln!(stdin, "{l}").expect("write to the oracle");
        }
    }
    let out = child.wait_with_output().expect("the oracle finishes");
    assert!(
        out.status.success(),
        "the oracle failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON line per input"))
        .collect();
    assert_eq!(answers.len(), lines.len(), "one answer per input");
    let mut failed = Vec::new();
    for (l, a) in lines.iter().zip(&answers) {
        if a["solved"] != true {
            failed.push(format!("{l} -> {a}"));
        }
    }
    println!(
        "cubing.js oracle: {} answers checked ({} scrambles), {} solved as held",
        lines.len(),
        scrambles.len(),
        lines.len() - failed.len()
    );
    assert!(
        failed.is_empty(),
        "not solved as held in cubing.js:\n{}",
        failed.join("\n")
    );
}
