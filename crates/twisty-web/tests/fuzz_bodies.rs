//! Fuzzing of what the server decodes from a request, called directly (no HTTP): the JSON
//! bodies of `POST /api/solve`, `/api/validate` and `/api/replay`, and the query of the
//! `GET` routes that take a puzzle (`/api/scramble`, `/api/geometry`, `/api/solvers`). Each
//! target runs the shared seed corpus (as raw bodies and as the `moves` of a body), the
//! request bodies of the abusive inputs, then 100,000 generated inputs: raw bytes, random
//! characters, JSON objects with the routes' fields holding values of the right and wrong
//! types (extreme numbers, deep nesting, long strings, grammar-aware moves, edited facelet
//! strings, unknown fields), and byte edits of valid bodies.
//!
//! A target fails on a panic, on more than a few inputs slower than 10 ms, or on a broken
//! contract: an error is a client error (4xx, never 500) with a kind and a message; an
//! accepted solve has a time limit in (0, 60] s, one thread, and passes the engine's own
//! checks; an accepted move sequence holds at most [`MAX_INPUT_MOVES`] moves.
#![allow(clippy::unwrap_used)]

#[path = "../../twisty-core/tests/fuzz/mod.rs"]
mod fuzz;

use axum::extract::Query;
use axum::http::Uri;
use fuzz::{corpus, grammar, mixed, mutate, run, Gen};
use serde_json::{json, Map, Value};
use twisty_engine::{ErrorKind, Notation, PuzzleId};
use twisty_web::api::{puzzle_query, validated, ApiError, PuzzleQuery};
use twisty_web::puzzles::MAX_INPUT_MOVES;
use twisty_web::replay::replayed;
use twisty_web::server::MAX_BODY;
use twisty_web::solve::{solve_request, MAX_TIME_LIMIT};

const PUZZLES: [&str; 14] = [
    "3x3",
    "3x3x3",
    "2x2",
    "2x2x2",
    "kilominx",
    "supercube:1",
    "supercube:2",
    "supercube:3",
    "supercube:16",
    "supercube:17",
    "supercube:0",
    "supercube:-1",
    "megaminx",
    "",
];
const TOKENS: [&str; 30] = [
    "R", "U", "F", "L", "D", "B", "r", "M", "x", "y", "Rw", "Uw'", "3Rw", "2R", "R2", "U'", "F2'", "2-3r",
    "Q", "BL", "DBR'", "dbl2'", "x0", "y1", "z2'", "#17", "[", "]", ",", ":",
];
const SOLVERS: [&str; 12] = [
    "greedy",
    "pso",
    "aco",
    "dkho",
    "astar",
    "optimal",
    "twophase",
    "thistlethwaite",
    "ga",
    "fast",
    "",
    "nope",
];
const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// A JSON value of a random type, extreme numbers and deep nesting included.
fn any_value(g: &mut Gen) -> Value {
    match g.below(12) {
        0 => Value::Null,
        1 => json!(g.chance(50)),
        2 => json!(*g.pick(&[0i64, -1, 1, i64::MIN, i64::MAX, 60, 61])),
        3 => json!(u64::MAX),
        4 => json!(*g.pick(&[0.0f64, -0.0, 1e-300, 1e300, 59.999, 60.000_001, -5.5, 0.5])),
        5 => json!(fuzz::chars(g, 30)),
        6 => json!([1, "R", null]),
        7 => json!({"a": {"b": []}}),
        8 => {
            let depth = g.within(1, 120);
            let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            serde_json::from_str(&text).unwrap_or(Value::Null)
        }
        9 => json!("x".repeat(g.within(0, 70_000))),
        _ => json!(grammar(g, &TOKENS, 40)),
    }
}

fn moves_text(g: &mut Gen, corpus: &[String]) -> String {
    if g.chance(10) {
        g.pick(corpus).clone()
    } else {
        grammar(g, &TOKENS, 40)
    }
}

/// A maker of one field's value.
type Make = fn(&mut Gen) -> Value;

/// A JSON object with the fields of the solve, validate and replay bodies, each present with
/// some probability and of the right type most of the time.
fn body(g: &mut Gen, corpus: &[String]) -> Map<String, Value> {
    let mut o = Map::new();
    let right = |g: &mut Gen| g.chance(80);
    if g.chance(95) {
        let v = if right(g) {
            json!(*g.pick(&PUZZLES))
        } else {
            any_value(g)
        };
        o.insert("puzzle".into(), v);
    }
    if g.chance(70) {
        let v = if right(g) {
            json!(moves_text(g, corpus))
        } else {
            any_value(g)
        };
        o.insert("moves".into(), v);
    }
    if g.chance(20) {
        let alphabet: Vec<char> = "URFDLBx ’\n".chars().collect();
        let v = if right(g) {
            json!(mutate(g, SOLVED, &alphabet))
        } else {
            any_value(g)
        };
        o.insert("facelets".into(), v);
    }
    let optional: [(&str, Make); 7] = [
        ("solver", |g| json!(*g.pick(&SOLVERS))),
        ("options", |g| {
            let key = *g.pick(&["memory_mib", "heuristic", "population", "iterations", "x", ""]);
            let value = if g.chance(50) {
                json!(g.next_u64() >> g.below(64))
            } else {
                any_value(g)
            };
            json!({ key: value })
        }),
        ("max_length", |g| json!(g.next_u64() >> g.below(64))),
        ("time_limit", |g| {
            json!(*g.pick(&[0.0f64, -1.0, 1e-9, 0.001, 1.0, 60.0, 60.5, 1e19, 1e30, f64::MAX]))
        }),
        ("metric", |g| json!(*g.pick(&["htm", "qtm", "stm", "HTM", ""]))),
        ("seed", |g| json!(g.next_u64())),
        ("solution", |g| json!(grammar(g, &TOKENS, 20))),
    ];
    for (name, make) in optional {
        if g.chance(25) {
            let v = if right(g) { make(g) } else { any_value(g) };
            o.insert(name.into(), v);
        }
    }
    if g.chance(3) {
        o.insert(fuzz::chars(g, 8), any_value(g));
    }
    o
}

/// A request body: raw bytes, random characters, a generated object, or a byte edit of one.
fn request_bytes(g: &mut Gen, corpus: &[String]) -> Vec<u8> {
    match g.below(8) {
        0 => fuzz::bytes(g, 64),
        1 => fuzz::chars(g, 64).into_bytes(),
        2 => {
            let mut b = Value::Object(body(g, corpus)).to_string().into_bytes();
            for _ in 0..g.within(1, 4) {
                let len = b.len();
                match g.below(3) {
                    0 if len > 0 => b[g.below(len)] = g.next_u64() as u8,
                    1 if len > 0 => {
                        b.remove(g.below(len));
                    }
                    _ => b.insert(g.within(0, len), *g.pick(b"{}[]\",:\\0e-.")),
                }
            }
            b
        }
        _ => Value::Object(body(g, corpus)).to_string().into_bytes(),
    }
}

/// The seed corpus as raw bodies and as the `moves` of a body for every puzzle.
fn body_corpus() -> (Vec<String>, Vec<Vec<u8>>) {
    let lines = corpus();
    let mut inputs: Vec<Vec<u8>> = lines.iter().map(|l| l.clone().into_bytes()).collect();
    for l in &lines {
        for p in ["3x3", "2x2", "kilominx", "supercube:3", "supercube:16"] {
            inputs.push(json!({"puzzle": p, "moves": l}).to_string().into_bytes());
            inputs.push(
                json!({"puzzle": p, "moves": "R", "solution": l})
                    .to_string()
                    .into_bytes(),
            );
        }
    }
    // The abusive requests of RELIABILITY.md as bodies: a 20 KB nesting bomb, the 232-byte
    // supercube expansion, 9.6 KB of repeats, absurd limits, deep JSON, a body at the limit.
    let bomb = format!("{}U{}", "(".repeat(10_000), ")".repeat(10_000));
    let expand = format!("{}((U)1000)1000{}", "(".repeat(60), ")'".repeat(60));
    for (p, m) in [
        ("3x3", bomb.as_str()),
        ("supercube:3", expand.as_str()),
        ("3x3", &"((R)1000)1000 (".repeat(600)),
        ("3x3", "((R U)1000)50"),
    ] {
        inputs.push(json!({"puzzle": p, "moves": m}).to_string().into_bytes());
    }
    for t in [1e30, 1e19, -1.0, 0.0] {
        inputs.push(
            json!({"puzzle": "2x2", "moves": "R", "time_limit": t})
                .to_string()
                .into_bytes(),
        );
    }
    inputs.push(br#"{"puzzle":"2x2","moves":"R","time_limit":1e999}"#.to_vec());
    inputs.push(br#"{"puzzle":"2x2","moves":"R","seed":-1}"#.to_vec());
    inputs.push(br#"{"puzzle":"2x2","moves":"R","seed":18446744073709551616}"#.to_vec());
    inputs.push(
        json!({"puzzle": "2x2", "moves": "R", "max_length": 0})
            .to_string()
            .into_bytes(),
    );
    inputs.push(
        json!({"puzzle": "3x3", "moves": "R", "facelets": SOLVED})
            .to_string()
            .into_bytes(),
    );
    inputs.push(
        json!({"puzzle": "3x3", "moves": "R", "extra": 1})
            .to_string()
            .into_bytes(),
    );
    inputs.push(format!("{}{}", "[".repeat(20_000), "]".repeat(20_000)).into_bytes());
    inputs.push(
        format!(
            "{{\"puzzle\":\"3x3\",\"moves\":\"{}\"}}",
            "R ".repeat(MAX_BODY / 2)
        )
        .into_bytes(),
    );
    inputs.push(b"\xff\xfe{}".to_vec());
    inputs.push(Vec::new());
    (lines, inputs)
}

/// The contract of a refused request: a client error with a kind and a message.
fn check_error(e: &ApiError) {
    let status = e.status();
    assert!(status.is_client_error(), "{status}: {}", e.body());
    let err = &e.body()["error"];
    let kind = err["kind"].as_str().unwrap_or("");
    assert!(!kind.is_empty(), "{}", e.body());
    assert!(
        err["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{}",
        e.body()
    );
    assert_eq!(status == 413, kind == "too_large", "{status}: {}", e.body());
}

#[test]
fn fuzz_solve_bodies() {
    let (lines, inputs) = body_corpus();
    run(
        "POST /api/solve body",
        11,
        &inputs,
        |g| request_bytes(g, &lines),
        |b| match solve_request(b) {
            Ok((req, limit)) => {
                assert!(limit > 0.0 && limit <= MAX_TIME_LIMIT, "{limit}");
                assert_eq!(req.timeout, Some(limit));
                assert_eq!(req.threads, Some(1));
                // The engine's own checks of the request and of its input (as it solves)
                // refuse with its kinds, never a panic or an internal error.
                let checked = twisty_engine::checked(&req).map(|_| ());
                let input = match req.puzzle {
                    PuzzleId::Cube3 => {
                        twisty_engine::input::cube3(&req.input, Notation::Standard).map(|_| ())
                    }
                    PuzzleId::Cube2 => {
                        twisty_engine::input::cube2(&req.input, Notation::Standard).map(|_| ())
                    }
                    PuzzleId::Kilominx => {
                        twisty_engine::input::kilominx(&req.input, Notation::Standard).map(|_| ())
                    }
                    PuzzleId::Clock => {
                        twisty_engine::input::clock(&req.input, Notation::Standard).map(|_| ())
                    }
                    PuzzleId::Sq1 => twisty_engine::input::sq1(&req.input, Notation::Standard).map(|_| ()),
                    PuzzleId::Supercube(n) => {
                        let cube = twisty_core::supercube::Supercube::new(usize::from(n)).unwrap();
                        twisty_engine::input::supercube(&cube, &req.input, Notation::Standard).map(|_| ())
                    }
                    PuzzleId::CubeN(n) => {
                        let cube = twisty_core::cube_n::CubeN::new(usize::from(n)).unwrap();
                        twisty_engine::input::cube_n(&cube, &req.input, Notation::Standard).map(|_| ())
                    }
                    PuzzleId::Def(d) => {
                        twisty_engine::input::def(&d.puzzle(), &req.input, Notation::Standard).map(|_| ())
                    }
                };
                for e in [checked.err(), input.err(), req.timeout().err()]
                    .into_iter()
                    .flatten()
                {
                    assert_ne!(e.kind, ErrorKind::Internal, "{e}");
                    check_error(&ApiError::engine(e));
                }
            }
            Err(e) => check_error(&e),
        },
    );
}

#[test]
fn fuzz_validate_bodies() {
    let (lines, inputs) = body_corpus();
    run(
        "POST /api/validate body",
        12,
        &inputs,
        |g| request_bytes(g, &lines),
        |b| match validated(b) {
            Ok(v) => {
                assert_eq!(v["valid"], true);
                let moves = v["moves"].as_array().unwrap();
                assert!(moves.len() <= MAX_INPUT_MOVES, "{} moves", moves.len());
                assert_eq!(v["length"].as_u64(), Some(moves.len() as u64));
                assert!(v["puzzle"].as_str().unwrap().parse::<PuzzleId>().is_ok(), "{v}");
                // A display state, or a drawing for a puzzle drawn as text.
                assert!(
                    v["state"].as_array().is_some_and(|a| !a.is_empty()) || v["drawing"].is_string(),
                    "{v}"
                );
            }
            Err(e) => check_error(&e),
        },
    );
}

#[test]
fn fuzz_replay_bodies() {
    let (lines, inputs) = body_corpus();
    run(
        "POST /api/replay body",
        13,
        &inputs,
        |g| {
            let mut o = body(g, &lines);
            if g.chance(80) {
                o.insert("solution".into(), json!(grammar(g, &TOKENS, 30)));
            }
            o.remove("solver");
            if g.chance(15) {
                request_bytes(g, &lines)
            } else {
                Value::Object(o).to_string().into_bytes()
            }
        },
        |b| match replayed(b) {
            Ok(v) => {
                // One step per token of the solution, each with the state after it.
                let sent: Value = serde_json::from_slice(b).unwrap();
                let tokens = sent["solution"].as_str().unwrap().split_whitespace().count();
                let steps = v["steps"].as_array().unwrap();
                assert!(steps.len() <= MAX_INPUT_MOVES);
                assert_eq!(steps.len(), tokens);
                let last = steps.last().unwrap_or(&v["start"]);
                // A display state, or a drawing for a puzzle drawn as text.
                assert!(
                    last["state"].as_array().is_some_and(|a| !a.is_empty()) || last["drawing"].is_string(),
                    "{v}"
                );
                assert!(v["solved"].is_boolean());
            }
            Err(e) => check_error(&e),
        },
    );
}

#[test]
fn fuzz_puzzle_queries() {
    const PIECES: [&str; 12] = [
        "puzzle=",
        "seed=",
        "&",
        "=",
        "%",
        "%2",
        "%3A",
        "+",
        "supercube:",
        "3x3",
        "18446744073709551616",
        "-1",
    ];
    let mut inputs: Vec<String> = corpus();
    for q in [
        "puzzle=3x3",
        "puzzle=supercube%3A16&seed=18446744073709551615",
        "puzzle=3x3&seed=18446744073709551616",
        "puzzle=3x3&seed=-1",
        "puzzle=3x3&puzzle=2x2",
        "seed=1",
        "puzzle=%FF%FE",
        "puzzle=supercube:99999999999999999999",
    ] {
        inputs.push(q.to_string());
    }
    run(
        "GET query with a puzzle",
        14,
        &inputs,
        |g| mixed(g, |g| grammar(g, &PIECES, 12).replace(' ', "")),
        |b| {
            // What hyper does not parse as a URI never reaches a handler.
            let text = String::from_utf8_lossy(b);
            let Ok(uri) = format!("/api/scramble?{text}").parse::<Uri>() else {
                return;
            };
            match puzzle_query(Query::<PuzzleQuery>::try_from_uri(&uri)) {
                Ok((p, q)) => {
                    let named = q.puzzle.unwrap();
                    assert_eq!(named.parse::<PuzzleId>().ok(), Some(p));
                    if let PuzzleId::Supercube(n) = p {
                        assert!((twisty_engine::MIN_SUPERCUBE..=twisty_engine::MAX_SUPERCUBE).contains(&n));
                    }
                }
                Err(e) => check_error(&e),
            }
        },
    );
}
