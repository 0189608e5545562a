//! API tests against a real server on an ephemeral loopback port.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use twisty_search::TableCache;
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_web::{start, RunningServer, ServerConfig};

/// The fast Kilominx solver's tables (67 MiB), built once per run of this test binary into
/// cargo's temporary directory for tests (kept between runs, checked by the table cache).
fn kilominx_fast_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("twisty-web-kilominx-fast");
        std::fs::create_dir_all(&dir).unwrap();
        KilominxFast::new(&TableCache::new(&dir), false).unwrap();
        dir
    })
}

async fn server(slow: bool, max_solves: Option<usize>) -> (RunningServer, String, tempfile::TempDir) {
    // Tables go to a directory of this test's own, removed when the test ends; the fast
    // Kilominx solver's tables are linked in from the copy built once for all tests.
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().to_path_buf();
    let shared = kilominx_fast_tables();
    let cache = TableCache::new(shared);
    for spec in twisty_solvers::kilominx_fast::specs() {
        let from = cache.path(&spec);
        let to = tables.join(from.file_name().unwrap());
        if std::fs::hard_link(&from, &to).is_err() {
            std::fs::copy(&from, &to).unwrap();
        }
    }
    let config = ServerConfig {
        port: 0,
        max_concurrent_solves: max_solves,
        slow_solver_for_tests: slow,
        tables_dir: Some(tables),
        ..ServerConfig::default()
    };
    let s = start(config).await.unwrap();
    assert!(s.addr.ip().is_loopback());
    let base = format!("http://{}", s.addr);
    (s, base, dir)
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(90))
        .build()
        .unwrap()
}

async fn get(base: &str, path: &str) -> (StatusCode, Value) {
    let r = client().get(format!("{base}{path}")).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn post(base: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    post_raw(base, path, body.to_string()).await
}

/// Posts `body`; a 503 `tables` answer (tables still loading or building in the
/// background, e.g. the two-phase solver's 79 MiB on first use) is retried for up to 3 min.
async fn post_raw(base: &str, path: &str, body: String) -> (StatusCode, Value) {
    for _ in 0..180 {
        let r = client()
            .post(format!("{base}{path}"))
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await
            .unwrap();
        let status = r.status();
        let v = r.json().await.unwrap_or(Value::Null);
        if status != StatusCode::SERVICE_UNAVAILABLE || v["error"]["kind"] != "tables" {
            return (status, v);
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    panic!("the tables of {path} were not ready within 3 minutes")
}

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

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

#[tokio::test]
async fn health_puzzles_geometry_and_assets() {
    let (s, base, _tables) = server(false, None).await;
    let (st, v) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["active_solves"], 0);

    let (st, v) = get(&base, "/api/puzzles").await;
    assert_eq!(st, StatusCode::OK);
    let ids: Vec<&str> = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    for want in [
        "3x3",
        "2x2",
        "kilominx",
        "supercube:2",
        "supercube:7",
        "supercube:16",
    ] {
        assert!(ids.contains(&want), "{want} missing from {ids:?}");
    }
    for p in v["puzzles"].as_array().unwrap() {
        let solvers = p["solvers"].as_array().unwrap();
        assert!(!solvers.is_empty());
        for s in solvers {
            assert!(s["default"].is_boolean());
            assert!(!s["summary"].as_str().unwrap().is_empty());
        }
        assert_eq!(solvers[0]["default"], true);
    }

    for p in ["3x3x3", "kilominx", "supercube:7"] {
        let (st, g) = get(&base, &format!("/api/geometry?puzzle={p}")).await;
        assert_eq!(st, StatusCode::OK, "{p}");
        assert!(g["pieces"].as_array().unwrap().len() >= 20);
        let n = g["group"].as_array().unwrap().len();
        assert_eq!(n, if p == "kilominx" { 60 } else { 24 });
    }

    let c = client();
    for (path, mime) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/vendor/three.module.min.js", "text/javascript"),
    ] {
        let r = c.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        let ct = r.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(mime), "{path}: {ct}");
        assert!(!r.bytes().await.unwrap().is_empty());
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_routes_are_404() {
    let (s, base, _tables) = server(false, None).await;
    let (st, v) = get(&base, "/api/nope").await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    assert_eq!(kind(&v), "not_found");
    let r = client().get(format!("{base}/nope.html")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // Wrong method on a known route.
    let r = client().get(format!("{base}/api/solve")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn scramble_is_reproducible_and_validates() {
    let (s, base, _tables) = server(false, None).await;
    for p in ["3x3x3", "2x2x2", "kilominx", "supercube:4"] {
        let (st, a) = get(&base, &format!("/api/scramble?puzzle={p}&seed=42")).await;
        assert_eq!(st, StatusCode::OK, "{p}");
        let (_, b) = get(&base, &format!("/api/scramble?puzzle={p}&seed=42")).await;
        assert_eq!(a["scramble"], b["scramble"]);
        assert_eq!(a["seed"], 42);
        let (st, v) = post(
            &base,
            "/api/validate",
            &json!({"puzzle": p, "moves": a["scramble"]}),
        )
        .await;
        assert_eq!(st, StatusCode::OK);
        assert_eq!(v["state"], a["state"]);
        assert_eq!(v["solved"], false);
    }
    let (st, v) = get(&base, "/api/scramble?puzzle=megaminx").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&v), "usage");
    assert!(v["error"]["message"].as_str().unwrap().contains("megaminx"));
    let (st, v) = get(&base, "/api/scramble").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("puzzle"));
    let (st, _) = get(&base, "/api/scramble?puzzle=3x3x3&seed=-1").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn validate_reports_columns_and_impossible_states() {
    let (s, base, _tables) = server(false, None).await;
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R U R' U'"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["moves"], json!(["R", "U", "R'", "U'"]));
    assert_eq!(v["solved"], false);
    let (_, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "(R U R' U')6"}),
    )
    .await;
    assert_eq!(v["solved"], true);
    assert_eq!(v["length"], 24);

    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R U\nF Xq D"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "parse");
    assert_eq!(v["error"]["token"], "Xq");
    assert_eq!(v["error"]["line"], 2);
    assert_eq!(v["error"]["column"], 3);
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "kilominx", "moves": "U BL2' M"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"]["column"], 8);

    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["solved"], true);
    // One corner twisted in place.
    let mut c: Vec<char> = solved.chars().collect();
    (c[8], c[9], c[20]) = ('F', 'U', 'R');
    let twisted: String = c.into_iter().collect();
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "facelets": twisted}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "impossible_state", "{v}");
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "facelets": "UUU"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "parse", "{v}");
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "kilominx", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&v), "usage");
    let (st, v) = post(&base, "/api/validate", &json!({"puzzle": "3x3x3"})).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("moves"));
    let (st, _) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_bodies() {
    let (s, base, _tables) = server(false, None).await;
    for body in [
        "{bad",
        "",
        "[]",
        "{\"puzzle\": 3}",
        "{\"puzzle\":\"3x3x3\",\"moves\":\"R\",\"bogus\":1}",
    ] {
        let (st, v) = post_raw(&base, "/api/solve", body.to_string()).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(kind(&v), "usage", "{body}");
        let (st, _) = post_raw(&base, "/api/validate", body.to_string()).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");
    }
    let big = json!({"puzzle": "3x3x3", "moves": "R ".repeat(40_000)}).to_string();
    assert!(big.len() > 64 * 1024);
    let (st, v) = post_raw(&base, "/api/validate", big).await;
    assert_eq!(st, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(kind(&v), "too_large");
    // Under the byte limit but over the move limit.
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "(R U)9999"}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("at most"));
    // Non-UTF-8 and control characters never panic.
    let (st, _) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R\u{0}U\u{202e}"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    // A raw control character inside a JSON string is not JSON.
    let (st, _) = post_raw(
        &base,
        "/api/validate",
        "{\"puzzle\":\"3x3x3\",\"moves\":\"R\u{0}\"}".into(),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let r = client()
        .post(format!("{base}/api/validate"))
        .header("content-type", "application/json")
        .body(vec![0xff, 0xfe, 0x00])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn solve_2x2_and_check_every_step() {
    let (s, base, _tables) = server(false, None).await;
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
    let (s, base, _tables) = server(false, None).await;
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
    let (s, base, _tables) = server(false, None).await;
    let scramble = "R 2U' F2 D L' x B 2R";
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "supercube:3", "moves": scramble, "time_limit": 30, "seed": 1}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solver"], "ga");
    assert_eq!(v["seed"], 1);
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
    let (s, base, _tables) = server(false, None).await;
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
    let (s, base, _tables) = server(false, None).await;
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

async fn wait_idle(base: &str, within: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        let (_, h) = get(base, "/api/health").await;
        if h["active_solves"] == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test]
async fn time_limit_cancels_the_solve() {
    let (s, base, _tables) = server(true, Some(2)).await;
    let t = Instant::now();
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2x2", "moves": "R", "time_limit": 0.3}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "timeout");
    let msg = v["error"]["message"].as_str().unwrap_or_default();
    assert!(msg.contains("stopped by the time limit of 0.3 s"), "{msg}");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert!(wait_idle(&base, Duration::from_secs(2)).await);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn client_disconnect_cancels_the_solve() {
    let (s, base, _tables) = server(true, Some(2)).await;
    let c = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let r = c
        .post(format!("{base}/api/solve"))
        .header("content-type", "application/json")
        .body(json!({"puzzle": "2x2x2", "moves": "R", "time_limit": 60}).to_string())
        .send()
        .await;
    assert!(
        r.is_err(),
        "the slow solve should still run when the client gives up"
    );
    drop(c);
    // The 60 s limit has not passed: only the disconnect can have stopped it.
    assert!(
        wait_idle(&base, Duration::from_secs(5)).await,
        "solve still running after disconnect"
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn too_many_solves_get_503() {
    let (s, base, _tables) = server(true, Some(1)).await;
    let b = base.clone();
    let first = tokio::spawn(async move {
        post(
            &b,
            "/api/solve",
            &json!({"puzzle": "2x2x2", "moves": "R", "time_limit": 2}),
        )
        .await
    });
    // Wait until the first solve holds the only permit.
    let start = Instant::now();
    loop {
        let (_, h) = get(&base, "/api/health").await;
        if h["active_solves"] == 1 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5));
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let r = client()
        .post(format!("{base}/api/solve"))
        .header("content-type", "application/json")
        .body(json!({"puzzle": "2x2x2", "moves": "R"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(r.headers()["retry-after"], "1");
    let v: Value = r.json().await.unwrap();
    assert_eq!(kind(&v), "busy");
    let (st, _) = first.await.unwrap();
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn shutdown_cancels_running_solves() {
    let (s, base, _tables) = server(true, Some(2)).await;
    let b = base.clone();
    let pending = tokio::spawn(async move {
        post(
            &b,
            "/api/solve",
            &json!({"puzzle": "2x2x2", "moves": "R", "time_limit": 60}),
        )
        .await
    });
    let start = Instant::now();
    while get(&base, "/api/health").await.1["active_solves"] != 1 {
        assert!(start.elapsed() < Duration::from_secs(5));
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let t = Instant::now();
    s.shutdown().await.unwrap();
    assert!(t.elapsed() < Duration::from_secs(5));
    let (st, _) = pending.await.unwrap();
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
}

#[test]
fn page_weight_without_three_js_is_small() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let total: u64 = ["index.html", "app.js", "app.css"]
        .iter()
        .map(|f| std::fs::metadata(format!("{dir}/{f}")).unwrap().len())
        .sum();
    assert!(total <= 300 * 1024, "page weight {total} bytes");
}

#[tokio::test]
async fn running_solves_report_progress() {
    let (s, base, _tables) = server(true, Some(2)).await;
    let (st, v) = get(&base, "/api/solves").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["solves"].as_array().unwrap().len(), 0);
    let b = base.clone();
    let pending = tokio::spawn(async move {
        let r = client()
            .post(format!("{b}/api/solve"))
            .header("content-type", "application/json")
            .body(json!({"puzzle": "2x2x2", "moves": "R", "time_limit": 1.5}).to_string())
            .send()
            .await
            .unwrap();
        let id: u64 = r.headers()["x-solve-id"].to_str().unwrap().parse().unwrap();
        (r.status(), id)
    });
    // While the (slow) solve runs, it is listed with a growing elapsed time.
    let mut seen = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (_, v) = get(&base, "/api/solves").await;
        if let Some(x) = v["solves"].as_array().and_then(|a| a.first()).cloned() {
            seen = Some(x);
            break;
        }
    }
    let x = seen.expect("the running solve is listed");
    assert_eq!(x["puzzle"], "2x2");
    // The solver's id as the engine names it, not a debug rendering.
    assert_eq!(x["solver"], "optimal");
    assert_eq!(x["time_limit_ms"], 1500.0);
    assert!(x["elapsed_ms"].as_f64().unwrap() >= 0.0);
    let (st, id) = pending.await.unwrap();
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    // The answer names the solve the list showed.
    assert_eq!(x["id"], id);
    // Finished solves leave the list.
    let (_, v) = get(&base, "/api/solves").await;
    assert_eq!(v["solves"].as_array().unwrap().len(), 0);
    s.shutdown().await.unwrap();
}
