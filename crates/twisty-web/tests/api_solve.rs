//! API tests of solving against a real server on an ephemeral loopback port: every
//! puzzle's solvers, replays of their answers, and solve errors.
#![allow(clippy::unwrap_used)]

mod common;

use common::{get, kind, post, server};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Replays `solution` after the input on the display model, as the page does, and returns
/// whether it ends solved, checking one step per move of the report.
async fn replay_solves(base: &str, puzzle: &str, input: Value, report: &Value) -> bool {
    let mut body = json!({"puzzle": puzzle, "solution": report["solution"]});
    let key = if input.as_str().is_some_and(|t| t.len() == 54 && !t.contains(' ')) {
        "facelets"
    } else {
        "moves"
    };
    body[key] = input;
    let (st, v) = post(base, "/api/replay", &body).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(
        v["steps"].as_array().unwrap().len(),
        report["moves"].as_array().unwrap().len()
    );
    v["solved"] == true
}

/// Whether the replay of `report`'s solution after the state string `state` of `puzzle` ends
/// solved.
async fn replay_solves_state(base: &str, puzzle: &str, state: &Value, report: &Value) -> bool {
    let body = json!({"puzzle": puzzle, "facelets": state, "solution": report["solution"]});
    let (st, v) = post(base, "/api/replay", &body).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v["solved"] == true
}

/// The state string the page gets for `moves` on `puzzle` (what its sticker editor shows),
/// checked to read back as the same displayed state.
async fn state_string_of(base: &str, puzzle: &str, moves: &str) -> Value {
    let (st, v) = post(base, "/api/validate", &json!({"puzzle": puzzle, "moves": moves})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let state = v["facelets"].clone();
    assert!(state.is_string(), "{puzzle}: {v}");
    let (st, w) = post(
        base,
        "/api/validate",
        &json!({"puzzle": puzzle, "facelets": state}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{puzzle}: {w}");
    // The same stickers (the bigger cubes' identical centres may sit the other way round).
    assert_eq!(w["facelets"], state, "{puzzle}");
    if ["2x2x2", "3x3x3", "kilominx"].contains(&puzzle) {
        assert_eq!(w["state"], v["state"], "{puzzle}: {state}");
    }
    state
}

#[tokio::test]
async fn state_strings_of_every_puzzle_with_stickers() {
    let (s, base) = server(false, None).await;
    for (puzzle, moves) in [
        ("2x2x2", "R U F'"),
        ("4x4", "R Uw 2F' x"),
        ("5x5", "R 3Uw M'"),
        ("7x7", "3R U' 2F"),
        ("kilominx", "R U BL2 x2 FR'"),
        ("3x3x3", "R U F'"),
    ] {
        state_string_of(&base, puzzle, moves).await;
    }
    // The 2x2x2 solved from its stickers (the optimal solver: no tables to wait for).
    let state = state_string_of(&base, "2x2x2", "R U2 F' R' U").await;
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "facelets": state, "solver": "optimal"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert!(replay_solves_state(&base, "2x2x2", &state, &v).await, "{v}");

    // Impossible states say why, as the engine reads them.
    let solved2 = "UUUURRRRFFFFDDDDLLLLBBBB";
    let mut c: Vec<char> = solved2.chars().collect();
    c.swap(2, 8);
    let mut twisted: Vec<char> = solved2.chars().collect();
    (twisted[3], twisted[4], twisted[9]) = ('F', 'U', 'R');
    let solved4 = "U".repeat(16)
        + &"R".repeat(16)
        + &"F".repeat(16)
        + &"D".repeat(16)
        + &"L".repeat(16)
        + &"B".repeat(16);
    let mut count4: Vec<char> = solved4.chars().collect();
    count4[0] = 'R';
    let mut kilo: Vec<char> =
        "WGR WGP WRB GRE WBY RBK WPY BYL REK PYO BKL GPC YLO EKA PCO ECA GEC COA KLA LOA"
            .chars()
            .filter(|c| *c != ' ')
            .collect();
    kilo[9..12].rotate_left(1);
    for (puzzle, state, kind_wanted, says) in [
        (
            "2x2x2",
            twisted.iter().collect::<String>(),
            "impossible_state",
            "twist",
        ),
        (
            "4x4",
            count4.iter().collect::<String>(),
            "impossible_state",
            "colour count",
        ),
        (
            "kilominx",
            kilo.iter().collect::<String>(),
            "impossible_state",
            "corner twist",
        ),
        ("kilominx", "WGR".to_string(), "parse", "60 colour letters"),
        ("2x2x2", c.iter().collect::<String>(), "impossible_state", ""),
    ] {
        for route in ["/api/validate", "/api/solve"] {
            let (st, v) = post(&base, route, &json!({"puzzle": puzzle, "facelets": state})).await;
            assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{puzzle} {state}: {v}");
            assert_eq!(kind(&v), kind_wanted, "{puzzle} {state}: {v}");
            let m = v["error"]["message"].as_str().unwrap();
            assert!(m.contains(says), "{puzzle} {state}: {m}");
        }
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn solve_2x2_and_check_every_step() {
    let (s, base) = server(false, None).await;
    let scramble = "R U F' U2 R' F";
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "moves": scramble, "solver": "optimal"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let sol: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(!sol.is_empty());
    assert_eq!(v["solution"], sol.join(" "));
    assert_eq!(v["length"].as_u64().unwrap() as usize, sol.len());
    assert_eq!(
        (v["optimal"].clone(), v["verified"].clone()),
        (json!(true), json!(true))
    );
    assert!(v["nodes"].as_u64().is_some());
    // The page's replay: every step, ending solved.
    assert!(replay_solves(&base, "2x2x2", json!(scramble), &v).await);
    let (_, r) = post(
        &base,
        "/api/replay",
        &json!({"puzzle": "2x2x2", "moves": scramble, "solution": v["solution"]}),
    )
    .await;
    assert_eq!(r["start"]["solved"], false);

    // A solved input gives an empty solution.
    let (st, v) = post(&base, "/api/solve", &json!({"puzzle": "2x2x2", "moves": ""})).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["length"], 0);
    assert_eq!(v["solution"], "");
    // A replay with a move the puzzle does not have is a parse error.
    let (st, r) = post(
        &base,
        "/api/replay",
        &json!({"puzzle": "2x2x2", "moves": "R", "solution": "R Q"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&r), "parse");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn kilominx_fast_solver_and_random_state_scramble() {
    let (s, base) = server(false, None).await;
    // The fast solver is listed first, so it is the page's default.
    let (_, v) = get(&base, "/api/puzzles").await;
    let kilo = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "kilominx")
        .unwrap();
    assert_eq!(kilo["solvers"][0]["id"], "fast");
    assert_eq!(kilo["solvers"][0]["default"], true);

    let (st, sc) = get(&base, "/api/scramble?puzzle=kilominx&seed=5").await;
    assert_eq!(st, StatusCode::OK, "{sc}");
    assert_eq!(sc["kind"], "random-state");
    let (_, again) = get(&base, "/api/scramble?puzzle=kilominx&seed=5").await;
    assert_eq!(sc["scramble"], again["scramble"]);
    let scramble = sc["scramble"].as_str().unwrap();
    // No solver named: the default, the fast solver.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "kilominx", "moves": scramble}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "fast");
    assert_eq!(v["optimal"], false);
    // It stops when its answer is good enough (its budget, as on the command line), not at
    // the page's time limit of 10 s, and says so.
    assert_eq!(v["details"]["options"]["budget"], 1000, "{v}");
    let stopped = v["details"]["stopped"].as_str().unwrap_or("");
    assert!(["budget", "exhausted"].contains(&stopped), "{v}");
    let n = v["length"].as_u64().unwrap();
    assert!(n > 0 && n as usize == v["moves"].as_array().unwrap().len());
    assert!(replay_solves(&base, "kilominx", json!(scramble), &v).await, "{v}");
    // The page speaks cubing.js's notation: every face turns itself.
    for tok in scramble.split_whitespace() {
        let face = tok.trim_end_matches(['\'', '2']);
        assert!(
            ["U", "F", "R", "L", "BR", "BL", "FR", "FL", "DR", "DL", "B", "D"].contains(&face),
            "{scramble}"
        );
    }
    // An explicit request with a short time limit still returns a verified solution, also
    // after whole-puzzle rotations (the page shows the turns without the rotations, and
    // the answer solves what it shows).
    for input in ["R DL2' F", "x2 R U BR2' Uv FL"] {
        let (st, v) = post(
            &base,
            "/api/solve",
            &json!({"puzzle": "kilominx", "moves": input, "solver": "fast", "time_limit": 0.5}),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{v}");
        assert!(
            replay_solves(&base, "kilominx", json!(input), &v).await,
            "{input}: {v}"
        );
    }
    // The same puzzle given by its stickers, as the page's editor sends it.
    let state = state_string_of(&base, "kilominx", "R DL2' F BR U'").await;
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "kilominx", "facelets": state, "solver": "fast", "time_limit": 2}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert!(replay_solves_state(&base, "kilominx", &state, &v).await, "{v}");
    // cubing.js's names are read as cubing.js means them: `FL` and `B` are faces here.
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "kilominx", "moves": "FL B DBL"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn supercube_genetic_solver_for_small_cubes() {
    let (s, base) = server(false, None).await;
    let scramble = "R 2U' F2 D L' x B 2R";
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "supercube:3", "solver": "ga", "moves": scramble, "time_limit": 30, "seed": 1}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "ga");
    assert_eq!(v["seed"], 1);
    assert!(
        replay_solves(&base, "supercube:3", json!(scramble), &v).await,
        "{v}"
    );
    // The 3x3x3's default is the two-phase solver, through the same engine.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "supercube:3", "moves": scramble, "time_limit": 30}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "twophase");
    assert!(
        replay_solves(&base, "supercube:3", json!(scramble), &v).await,
        "{v}"
    );
    // The engine's limits: sizes up to 16, the same solver ids and aliases as the CLI.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "supercube:17", "moves": "R"}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(kind(&v), "usage");
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "supercube:2", "moves": "R U", "solver": "genetic", "time_limit": 30}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "ga");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn solve_3x3x3_random_state_and_facelets() {
    let (s, base) = server(false, None).await;
    let (st, sc) = get(&base, "/api/scramble?puzzle=3x3x3&seed=9").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(sc["kind"], "random-state");
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3x3", "moves": sc["scramble"]}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "two-phase");
    assert!(v["length"].as_u64().unwrap() <= 21);
    assert!(
        replay_solves(&base, "3x3x3", sc["scramble"].clone(), &v).await,
        "{v}"
    );
    // The same state as facelets.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3x3", "facelets": sc["facelets"], "max_length": 22}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert!(
        replay_solves(&base, "3x3x3", sc["facelets"].clone(), &v).await,
        "{v}"
    );
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3x3", "moves": "R", "max_length": 99}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    // The Thistlethwaite solver on the same state, given as facelets (the time limit covers
    // building its tables: 2-30 s in a test build on a busy machine).
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3x3", "facelets": sc["facelets"], "solver": "thistlethwaite", "time_limit": 60}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "thistlethwaite");
    // The phases take at most 7 + 10 + 13 + 15 moves.
    assert!(v["length"].as_u64().unwrap() <= 45, "{v}");
    assert!(
        replay_solves(&base, "3x3x3", sc["facelets"].clone(), &v).await,
        "{v}"
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn solve_errors() {
    let (s, base) = server(false, None).await;
    let (st, v) = post(&base, "/api/solve", &json!({"puzzle": "rubik", "moves": "R"})).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&v), "usage");
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "moves": "R", "solver": "magic"}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&v), "usage");
    assert!(v["error"]["message"].as_str().unwrap().contains("optimal"));
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "moves": "R Q", "solver": "optimal"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "parse");
    assert_eq!(v["error"]["column"], 3);
    for t in [0.0, -1.0, 61.0] {
        let (st, v) = post(
            &base,
            "/api/solve",
            &json!({"puzzle": "2x2x2", "moves": "R", "time_limit": t}),
        )
        .await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{t}");
        assert!(v["error"]["message"].as_str().unwrap().contains("time_limit"));
    }
    // Options are the engine's, checked by type and name.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3", "moves": "R", "options": {"heuristic": "korf"}}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("heuristic"));
    // An impossible state.
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let mut c: Vec<char> = solved.chars().collect();
    (c[8], c[9], c[20]) = ('F', 'U', 'R');
    let twisted: String = c.into_iter().collect();
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3", "facelets": twisted}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "impossible_state");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn allowed_moves_keep_the_answer_to_the_faces_named() {
    let (s, base) = server(false, None).await;
    let scramble = "R U R' U R U2 R'";
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "moves": scramble, "solver": "optimal", "allowed_moves": "R,U"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| m.as_str().unwrap().starts_with(['R', 'U'])),
        "{v}"
    );
    assert_eq!(v["details"]["moves"], "R, U");
    assert!(replay_solves(&base, "2x2x2", json!(scramble), &v).await);
    // A state the set cannot solve, and a solver that cannot keep to a set.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "moves": "R U F", "allowed_moves": "R,U"}),
    )
    .await;
    assert!(st.is_client_error(), "{st} {v}");
    assert!(v.to_string().contains("allowed moves"), "{v}");
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3x3", "moves": "R U", "solver": "twophase", "allowed_moves": "R,U"}),
    )
    .await;
    assert!(st.is_client_error(), "{st} {v}");
    assert!(v.to_string().contains("cannot keep to a move set"), "{v}");
    s.shutdown().await.unwrap();
}
