//! API tests of the puzzles the page draws as text (the Pyraminx and the other built-in
//! definitions, the clock, the Square-1) against a real server: solves whose answers the
//! engine replays to solved, their drawings, scrambles, and bad input.
#![allow(clippy::unwrap_used)]

mod common;

use common::{get, kind, post, server};
use reqwest::StatusCode;
use serde_json::{json, Value};
use twisty_core::Held;
use twisty_engine::{input, Notation, PuzzleId};

/// Whether the engine, reading the input then the answer's moves as held, ends solved.
fn engine_replays_to_solved(puzzle: &str, scramble: &str, report: &Value) -> bool {
    let moves: Vec<&str> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let text = format!("{scramble} {}", moves.join(" "));
    let p: PuzzleId = puzzle.parse().unwrap();
    let n = Notation::Standard;
    match p {
        PuzzleId::Clock => {
            let r = input::clock(&text, n).unwrap();
            twisty_core::Puzzle::is_solved(&twisty_core::clock::Clock, &r.state)
        }
        PuzzleId::Sq1 => {
            let r = input::sq1(&text, n).unwrap();
            twisty_core::Puzzle::is_solved(&twisty_core::sq1::Sq1, &r.state)
        }
        PuzzleId::Def(d) => {
            let def = d.puzzle();
            let (state, _) = def.parse_held(&text).unwrap();
            twisty_core::Puzzle::is_solved(&*def, &state)
        }
        other => panic!("{other} is not drawn as text"),
    }
}

#[tokio::test]
async fn pyraminx_clock_and_sq1_solve_and_replay_to_solved() {
    let (s, base) = server(false, None).await;
    let cases = [
        // cubing.js's Pyraminx scramble: 11 big-layer moves, then the tips.
        ("pyraminx", "U' L' U' R' L B' R' U L' B U u' l r"),
        (
            "clock",
            "UR5- DR2+ DL3- UL1+ U4- R3+ D2+ L0+ ALL3- y2 U1+ R4- D5+ L6+ ALL2-",
        ),
        ("sq1", "(1,0) / (-3,3) / (2,-1) / (0,3) /"),
        ("skewb", "R U L' B R' U'"),
    ];
    // The Square-1's event scramble (random-state) as well.
    let (st, event) = get(&base, "/api/scramble?event=sq1&seed=7").await;
    assert_eq!(st, StatusCode::OK, "{event}");
    let sq1_event = event["scramble"].as_str().unwrap().to_string();
    let cases = cases.into_iter().chain([("sq1", sq1_event.as_str())]);
    for (puzzle, scramble) in cases {
        let (st, r) = post(&base, "/api/solve", &json!({"puzzle": puzzle, "moves": scramble})).await;
        assert_eq!(st, StatusCode::OK, "{puzzle}: {r}");
        assert!(!r["moves"].as_array().unwrap().is_empty(), "{puzzle}: {r}");
        assert!(engine_replays_to_solved(puzzle, scramble, &r), "{puzzle}: {r}");
        // The page's replay: a drawing per step, ending solved.
        let (st, v) = post(
            &base,
            "/api/replay",
            &json!({"puzzle": puzzle, "moves": scramble, "solution": r["solution"]}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{puzzle}: {v}");
        assert_eq!(v["start"]["solved"], false, "{puzzle}");
        assert!(v["start"]["drawing"].as_str().unwrap().contains('\n'), "{v}");
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps.len(), r["moves"].as_array().unwrap().len(), "{puzzle}");
        assert_eq!(v["solved"], true, "{puzzle}: {v}");
        // Validate draws the scrambled state as the engine's text drawing.
        let (st, v) = post(
            &base,
            "/api/validate",
            &json!({"puzzle": puzzle, "moves": scramble}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{puzzle}: {v}");
        assert_eq!(v["solved"], false);
        assert!(v["state"].is_null());
        assert!(!v["drawing"].as_str().unwrap().trim().is_empty(), "{v}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_drawing_is_the_engines_and_a_replay_that_does_not_solve_says_so() {
    let (s, base) = server(false, None).await;
    let (_, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "sq1", "moves": "(1,0) /"}),
    )
    .await;
    let state = input::sq1("(1,0) /", Notation::Standard).unwrap().state;
    assert_eq!(v["drawing"], twisty_core::sq1::render::render(&state));
    assert_eq!(
        v["state_string"],
        twisty_core::sq1::render::to_state_string(&state)
    );
    // The state string reads back as the same state.
    let (st, w) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "sq1", "facelets": v["state_string"]}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{w}");
    assert_eq!(w["drawing"], v["drawing"]);
    let (st, v) = post(
        &base,
        "/api/replay",
        &json!({"puzzle": "clock", "moves": "UR1+", "solution": "UR2+"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solved"], false);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_input_of_a_puzzle_drawn_as_text_is_refused_clearly() {
    let (s, base) = server(false, None).await;
    // Not a Pyraminx move: parse error naming the token.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "pyraminx", "moves": "U L F"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(kind(&v), "parse");
    assert!(v["error"]["message"].as_str().unwrap().contains('F'), "{v}");
    // A slice the Square-1 cannot turn there.
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "sq1", "moves": "(1,0) / (1,0) /"}),
    )
    .await;
    assert!(
        st == StatusCode::UNPROCESSABLE_ENTITY || st == StatusCode::BAD_REQUEST,
        "{st}: {v}"
    );
    assert!(!v["error"]["message"].as_str().unwrap().is_empty(), "{v}");
    // A state string for a puzzle that has none.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "skewb", "facelets": "WWWW"}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("moves only"),
        "{v}"
    );
    // A clock state string that is not one.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "clock", "facelets": "UR1+"}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("clock state string"),
        "{v}"
    );
    // A replayed solution move that is not the clock's, with its place.
    let (st, v) = post(
        &base,
        "/api/replay",
        &json!({"puzzle": "clock", "moves": "UR1+", "solution": "UR1- R"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("move 2"), "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn puzzles_drawn_as_text_are_listed_and_scrambled() {
    let (s, base) = server(false, None).await;
    let (_, list) = get(&base, "/api/puzzles").await;
    let puzzles = list["puzzles"].as_array().unwrap();
    for id in ["pyraminx", "skewb", "megaminx", "clock", "sq1"] {
        let p = puzzles
            .iter()
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("{id} missing"));
        assert_eq!(p["drawing"], "text", "{p}");
        assert_eq!(p["can_solve"], true, "{p}");
        let (st, a) = get(&base, &format!("/api/scramble?puzzle={id}&seed=5")).await;
        assert_eq!(st, StatusCode::OK, "{id}: {a}");
        assert!(a["state"].is_null());
        assert!(!a["drawing"].as_str().unwrap().is_empty(), "{a}");
        let (_, b) = get(&base, &format!("/api/scramble?puzzle={id}&seed=5")).await;
        assert_eq!(a["scramble"], b["scramble"]);
    }
    let p3 = puzzles.iter().find(|p| p["id"] == "3x3").unwrap();
    assert_eq!(p3["drawing"], "3d");
    let (_, g) = get(&base, "/api/geometry?puzzle=pyraminx").await;
    assert_eq!(g["drawing"], "text");
    assert!(g["pieces"].as_array().unwrap().is_empty());
    let (st, e) = get(&base, "/api/scramble?event=pyram&seed=3").await;
    assert_eq!(st, StatusCode::OK, "{e}");
    assert!(e["drawing"].is_string(), "{e}");
    s.shutdown().await.unwrap();
}
