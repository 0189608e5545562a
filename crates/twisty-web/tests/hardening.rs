//! The server as a front end of the engine (its catalog, its report schema, its error kinds)
//! and its defences: hosts, content types, methods, body sizes, slow and idle clients,
//! security headers.
#![allow(clippy::unwrap_used)]

mod common;

use reqwest::StatusCode;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use twisty_engine::PuzzleId;
use twisty_web::{start, RunningServer, ServerConfig};

/// A server on an ephemeral port with its tables in `dir`.
async fn server_in(config: ServerConfig, dir: &Path) -> (RunningServer, String) {
    let config = ServerConfig {
        port: 0,
        tables_dir: Some(dir.to_path_buf()),
        ..config
    };
    let s = start(config).await.unwrap();
    let base = format!("http://{}", s.addr);
    (s, base)
}

/// A server with its tables in the directory the test binaries share (built once per
/// target directory, see tests/common).
async fn server(config: ServerConfig) -> (RunningServer, String) {
    server_in(config, &common::shared_tables()).await
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(90))
        .build()
        .unwrap()
}

/// Posts `body`; a 503 `tables` answer (tables loading in the background) is retried after
/// its `Retry-After`, for up to two minutes.
async fn post(base: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    let start = Instant::now();
    loop {
        let (st, v, retry) = post_once(base, path, body).await;
        match retry {
            Some(secs) if kind(&v) == "tables" && start.elapsed() < Duration::from_secs(120) => {
                tokio::time::sleep(Duration::from_secs(secs)).await
            }
            _ => return (st, v),
        }
    }
}

async fn post_once(base: &str, path: &str, body: &Value) -> (StatusCode, Value, Option<u64>) {
    let r = client()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let st = r.status();
    let retry = r
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok()?.parse().ok());
    (st, r.json().await.unwrap_or(Value::Null), retry)
}

async fn get(base: &str, path: &str) -> (StatusCode, Value) {
    let r = client().get(format!("{base}{path}")).send().await.unwrap();
    let st = r.status();
    (st, r.json().await.unwrap_or(Value::Null))
}

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

/// Sends `request` as is and returns what the server answers until it closes (at most 5 s).
async fn raw(addr: SocketAddr, request: &str) -> String {
    let mut c = TcpStream::connect(addr).await.unwrap();
    c.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), c.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

fn schema() -> jsonschema::Validator {
    let text = include_str!("../../twisty-engine/schema/solve-report.schema.json");
    let v: Value = serde_json::from_str(text).unwrap();
    jsonschema::validator_for(&v).unwrap()
}

fn assert_valid(schema: &jsonschema::Validator, v: &Value) {
    let errors: Vec<String> = schema.iter_errors(v).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{v}\n{errors:?}");
}

#[tokio::test]
async fn the_solver_list_is_the_engine_catalog() {
    let (s, base) = server(ServerConfig::default()).await;
    let (_, list) = get(&base, "/api/puzzles").await;
    let puzzles = list["puzzles"].as_array().unwrap();
    assert_eq!(
        puzzles.len(),
        3 + 4 + 15 + 2 + 6,
        "3x3, 2x2, 4x4 to 7x7, Kilominx, supercubes 2 to 16, clock, Square-1 and the six listed definitions"
    );
    for p in puzzles {
        let id: PuzzleId = p["id"].as_str().unwrap().parse().unwrap();
        // Through JSON text, as the answer came, so that numbers compare alike.
        let infos: Vec<_> = twisty_engine::solvers_for(id)
            .into_iter()
            .map(|e| e.info())
            .collect();
        let engine: Vec<Value> = serde_json::from_str(&serde_json::to_string(&infos).unwrap()).unwrap();
        // Every puzzle has a solver but the N×N×N cubes, until one takes them.
        assert!(!engine.is_empty() || matches!(id, PuzzleId::CubeN(_)), "{id}");
        assert_eq!(p["can_solve"], !engine.is_empty(), "{id}");
        assert_eq!(
            without_availability(&p["solvers"], true),
            Value::Array(engine.clone()),
            "{id}"
        );
        let (st, v) = get(&base, &format!("/api/solvers?puzzle={id}")).await;
        assert_eq!(st, StatusCode::OK);
        assert_eq!(
            without_availability(&v["solvers"], false),
            Value::Array(engine),
            "{id}"
        );
    }
    let (_, cube3) = get(&base, "/api/solvers?puzzle=3x3x3").await;
    let ids: Vec<&str> = cube3["solvers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"optimal") && ids.contains(&"pso"), "{ids:?}");
    let (st, v) = get(&base, "/api/solvers?puzzle=supercube:17").await;
    assert_eq!((st, kind(&v)), (StatusCode::BAD_REQUEST, "usage"));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn every_solve_answer_follows_the_report_schema() {
    let (s, base) = server(ServerConfig::default()).await;
    let schema = schema();
    let twisted = {
        let mut c: Vec<char> = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
            .chars()
            .collect();
        (c[8], c[9], c[20]) = ('F', 'U', 'R');
        c.into_iter().collect::<String>()
    };
    let cases = [
        (json!({"puzzle": "2x2", "moves": "R U F'"}), StatusCode::OK),
        (json!({"puzzle": "2x2", "moves": ""}), StatusCode::OK),
        (json!({"puzzle": "3x3", "moves": "R U R' U' x y"}), StatusCode::OK),
        (
            json!({"puzzle": "3x3", "moves": "R U", "solver": "thistlethwaite", "time_limit": 60}),
            StatusCode::OK,
        ),
        (
            json!({"puzzle": "supercube:2", "moves": "R U", "solver": "ga", "seed": 3, "time_limit": 30}),
            StatusCode::OK,
        ),
        (
            json!({"puzzle": "3x3", "moves": "R Q"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"puzzle": "3x3", "facelets": twisted}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"puzzle": "3x3", "moves": "R", "solver": "nope"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"puzzle": "3x3", "moves": "R", "bogus": 1}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"puzzle": "kilominx", "facelets": "U"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"puzzle": "supercube:2", "facelets": "U"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"puzzle": "2x2", "moves": "R U F", "max_length": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (body, want) in cases {
        let (st, v) = post(&base, "/api/solve", &body).await;
        assert_eq!(st, want, "{body}: {v}");
        assert_valid(&schema, &v);
        if st == StatusCode::OK {
            assert_eq!(v["verified"], true);
            let moves: Vec<&str> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            assert_eq!(v["solution"], moves.join(" "));
        }
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn large_missing_tables_are_refused_not_built() {
    // A directory of its own: the test looks at what was built into it.
    let t = tempfile::tempdir().unwrap();
    let (s, base) = server_in(ServerConfig::default(), t.path()).await;
    // The optimal 3x3x3 solver needs gigabytes of tables: never built on a request.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "3x3", "moves": "R U", "solver": "optimal"}),
    )
    .await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(kind(&v), "tables");
    assert_valid(&schema(), &v);
    let built: u64 = std::fs::read_dir(t.path())
        .unwrap()
        .filter_map(|e| e.ok()?.metadata().ok())
        .map(|m| m.len())
        .sum();
    assert!(built < 100 << 20, "{built} bytes of tables built");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_nesting_bomb_is_refused_and_the_server_answers_on() {
    let (s, base) = server(ServerConfig::default()).await;
    let bomb = format!("{}U{}", "(".repeat(10_000), ")".repeat(10_000));
    for path in ["/api/solve", "/api/validate"] {
        let (st, v) = post(&base, path, &json!({"puzzle": "3x3", "moves": bomb})).await;
        assert!(st.is_client_error(), "{path}: {st} {v}");
        assert_eq!(kind(&v), "parse", "{v}");
        assert_eq!(v["error"]["column"], 65);
    }
    let (st, v) = post(
        &base,
        "/api/replay",
        &json!({"puzzle": "3x3", "moves": "R", "solution": bomb}),
    )
    .await;
    assert!(st.is_client_error(), "{st} {v}");
    let (st, _) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_origin_must_be_this_servers_scheme_host_and_port_once() {
    let (s, base) = server(ServerConfig::default()).await;
    let port = s.addr.port();
    let get_with = |origins: Vec<String>| {
        let lines: String = origins.iter().map(|o| format!("Origin: {o}\r\n")).collect();
        format!("GET /api/health HTTP/1.1\r\nHost: localhost:{port}\r\n{lines}Connection: close\r\n\r\n")
    };
    let own = format!("http://localhost:{port}");
    let r = raw(s.addr, &get_with(vec![own.clone()])).await;
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    for origins in [
        vec![format!("http://localhost:{}", port.wrapping_add(1).max(1))],
        vec![format!("chrome-extension://localhost:{port}")],
        vec![String::from("chrome-extension://localhost")],
        vec![format!("https://localhost:{port}")],
        vec![own.clone(), String::from("http://evil.example")],
        vec![own.clone(), own.clone()],
    ] {
        let r = raw(s.addr, &get_with(origins.clone())).await;
        assert!(r.starts_with("HTTP/1.1 403"), "{origins:?}: {r}");
        assert!(r.contains("\"cross_origin\""), "{r}");
    }
    let (st, _) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn hosts_origins_content_types_and_methods_are_checked() {
    let (s, base) = server(ServerConfig::default()).await;
    let port = s.addr.port();
    // A DNS-rebound name is not served.
    let r = raw(
        s.addr,
        &format!("GET /api/health HTTP/1.1\r\nHost: rebound.example:{port}\r\nConnection: close\r\n\r\n"),
    )
    .await;
    assert!(r.starts_with("HTTP/1.1 421"), "{r}");
    assert!(r.contains("\"bad_host\""), "{r}");
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "LOCALHOST".to_string(),
    ] {
        let r = raw(
            s.addr,
            &format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        )
        .await;
        assert!(r.starts_with("HTTP/1.1 200"), "{host}: {r}");
    }
    // A cross-origin form post (text/plain needs no preflight) is refused.
    let body = json!({"puzzle": "3x3", "moves": "R"}).to_string();
    let r = client()
        .post(format!("{base}/api/solve"))
        .header("content-type", "text/plain")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let v: Value = r.json().await.unwrap();
    assert_eq!(kind(&v), "unsupported_media_type");
    let r = client()
        .post(format!("{base}/api/solve"))
        .header("content-type", "application/json")
        .header("origin", "http://evil.example")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    // The page's own origin is fine (a 503 while the solver's tables load is retried).
    let mut r = None;
    for _ in 0..180 {
        let a = client()
            .post(format!("{base}/api/solve"))
            .header("content-type", "application/json; charset=utf-8")
            .header("origin", base.clone())
            .body(json!({"puzzle": "3x3", "moves": "R"}).to_string())
            .send()
            .await
            .unwrap();
        if a.status() != StatusCode::SERVICE_UNAVAILABLE {
            r = Some(a);
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let r = r.expect("the solver's tables load within 3 minutes");
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers().contains_key("x-solve-id"));
    // A wrong method gets 405 with JSON.
    let r = client().get(format!("{base}/api/solve")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let v: Value = r.json().await.unwrap();
    assert_eq!(kind(&v), "method_not_allowed");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn security_headers_on_every_answer() {
    let (s, base) = server(ServerConfig::default()).await;
    for path in ["/", "/app.js", "/api/health", "/api/nope", "/nope.html"] {
        let r = client().get(format!("{base}{path}")).send().await.unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_announced_oversize_body_is_refused_before_it_is_sent() {
    let (s, _base) = server(ServerConfig::default()).await;
    let port = s.addr.port();
    let t = Instant::now();
    let r = raw(
        s.addr,
        &format!(
            "POST /api/solve HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: application/json\r\n\
             Content-Length: 100000000\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n"
        ),
    )
    .await;
    assert!(r.starts_with("HTTP/1.1 413"), "{r}");
    assert!(!r.contains("100 Continue"), "{r}");
    assert!(r.contains("\"too_large\""), "{r}");
    assert!(t.elapsed() < Duration::from_secs(3));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn idle_and_slow_clients_do_not_block_others() {
    let config = ServerConfig {
        header_timeout: Duration::from_secs(1),
        ..ServerConfig::default()
    };
    let (s, base) = server(config).await;
    // Idle connections that never send a byte: 300 (or `TWISTY_IDLE_CONNECTIONS`).
    let count: usize = std::env::var("TWISTY_IDLE_CONNECTIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut idle = Vec::new();
    for _ in 0..count {
        idle.push(TcpStream::connect(s.addr).await.unwrap());
    }
    let t = Instant::now();
    let (st, v) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    println!("/api/health with {count} idle connections: {:?}", t.elapsed());
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    // A client that starts a request and stalls is dropped after the header timeout.
    let mut slow = TcpStream::connect(s.addr).await.unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: loc")
        .await
        .unwrap();
    let t = Instant::now();
    let mut out = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut out)).await;
    assert!(read.is_ok(), "the stalled connection is still open after 5 s");
    assert!(t.elapsed() >= Duration::from_millis(500));
    assert!(!String::from_utf8_lossy(&out).contains("200 OK"));
    // The idle ones are closed too.
    let mut first = idle.swap_remove(0);
    let mut buf = [0u8; 16];
    let n = tokio::time::timeout(Duration::from_secs(5), first.read(&mut buf)).await;
    assert!(matches!(n, Ok(Ok(0)) | Ok(Err(_))), "{n:?}");
    drop(idle);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn connections_over_the_cap_are_closed_at_once() {
    let config = ServerConfig {
        max_connections: 4,
        ..ServerConfig::default()
    };
    let (s, base) = server(config).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(s.addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut over = TcpStream::connect(s.addr).await.unwrap();
    let mut buf = [0u8; 16];
    let n = tokio::time::timeout(Duration::from_secs(3), over.read(&mut buf)).await;
    assert!(matches!(n, Ok(Ok(0)) | Ok(Err(_))), "{n:?}");
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (st, _) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_largest_supercube_is_shown_scrambled_and_solved_in_time() {
    let (s, base) = server(ServerConfig::default()).await;
    let t = Instant::now();
    let (st, g) = get(&base, "/api/geometry?puzzle=supercube:16").await;
    assert_eq!(st, StatusCode::OK);
    println!(
        "supercube:16 geometry: {} pieces in {:?}",
        g["pieces"].as_array().unwrap().len(),
        t.elapsed()
    );
    let (st, sc) = get(&base, "/api/scramble?puzzle=supercube:16&seed=1").await;
    assert_eq!(st, StatusCode::OK, "{sc}");
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "supercube:16", "moves": sc["scramble"]}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["solved"], false);
    // A short solve within the server's time limit (the GA stops at the limit otherwise).
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "supercube:16", "moves": "R", "time_limit": 30}),
    )
    .await;
    assert!(st == StatusCode::OK || kind(&v) == "timeout", "{st} {v}");
    if st == StatusCode::OK {
        let (_, r) = post(
            &base,
            "/api/replay",
            &json!({"puzzle": "supercube:16", "moves": "R", "solution": v["solution"]}),
        )
        .await;
        assert_eq!(r["solved"], true, "{v}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn scrambles_and_solves_share_one_copy_of_the_tables() {
    let (s, base) = server(ServerConfig::default()).await;
    // The random-state 2x2x2 scramble loads the optimal solver's table ...
    let (st, sc) = get(&base, "/api/scramble?puzzle=2x2&seed=3").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(sc["kind"], "random-state");
    // ... which the solve then finds loaded.
    let (st, v) = post(
        &base,
        "/api/solve",
        &json!({"puzzle": "2x2", "moves": sc["scramble"]}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["tables_seconds"], 0.0, "{v}");
    s.shutdown().await.unwrap();
}

/// The server's solver list less what the puzzle list adds to the engine's entries (when
/// `added`): whether this server can run each solver now (`available`) and why not (`note`).
fn without_availability(list: &Value, added: bool) -> Value {
    let mut list = list.clone();
    for e in list.as_array_mut().into_iter().flatten() {
        let o = e.as_object_mut().expect("a solver entry is an object");
        let available = o.remove("available");
        assert_eq!(available.is_some(), added, "{o:?}");
        assert!(available.is_none_or(|a| a.is_boolean()), "{o:?}");
        if let Some(n) = o.remove("note") {
            assert!(n.as_str().is_some_and(|n| !n.is_empty()), "{n}");
        }
    }
    list
}

#[tokio::test]
async fn input_checks_run_off_the_async_threads_and_overflow_is_busy() {
    // One solve slot: four input-check slots. Sixteen heavy checks at once each get their
    // answer or a 503 `busy` with Retry-After, and the server answers its health check.
    let (s, base) = server(ServerConfig {
        max_concurrent_solves: Some(1),
        ..ServerConfig::default()
    })
    .await;
    let heavy = json!({"puzzle": "supercube:8", "moves": "(R U 3R 4F)2000"});
    let mut tasks = Vec::new();
    for i in 0..16 {
        let (base, body) = (base.clone(), heavy.clone());
        let path = if i % 2 == 0 {
            "/api/validate"
        } else {
            "/api/replay"
        };
        let body = if path == "/api/replay" {
            json!({"puzzle": "supercube:8", "moves": body["moves"], "solution": "R"})
        } else {
            body
        };
        tasks.push(tokio::spawn(async move { post(&base, path, &body).await }));
    }
    let (st, _) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    for t in tasks {
        let (st, v) = t.await.unwrap();
        assert!(
            st == StatusCode::OK || (st == StatusCode::SERVICE_UNAVAILABLE && kind(&v) == "busy"),
            "{st} {v}"
        );
    }
    s.shutdown().await.unwrap();
}
