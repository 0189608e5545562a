//! A request names no file on the server, and its options are held to the server's limits
//! (`src/limits.rs`).
#![allow(clippy::unwrap_used)]

mod common;

use common::{kind, post, server};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn ga(options: Value) -> Value {
    json!({"puzzle": "supercube:3", "solver": "ga", "moves": "R U", "options": options, "time_limit": 5})
}

#[tokio::test]
async fn the_ga_macros_option_opens_no_file() {
    let (s, base) = server(false, Some(2)).await;
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret");
    std::fs::write(&secret, "root:$6$abcdefgh:19000:0:99999:7:::\n").unwrap();
    let missing = dir.path().join("missing");
    let mut messages = Vec::new();
    for path in [
        secret.as_path(),
        missing.as_path(),
        std::path::Path::new("/dev/zero"),
    ] {
        let (st, v) = post(&base, "/api/solve", &ga(json!({"macros": path}))).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(kind(&v), "usage", "{v}");
        let m = v["error"]["message"].as_str().unwrap().to_string();
        assert!(m.contains("`macros`") && m.contains("names a file"), "{m}");
        assert!(!m.contains("cubies") && !m.contains("No such file"), "{m}");
        messages.push(m);
    }
    // Whether the file exists or what it holds makes no difference to the answer.
    assert!(messages.windows(2).all(|w| w[0] == w[1]), "{messages:?}");
    // Learning reads and writes the server's macro library: refused too.
    let (st, v) = post(&base, "/api/solve", &ga(json!({"learn": true}))).await;
    assert_eq!((st, kind(&v)), (StatusCode::BAD_REQUEST, "usage"), "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("`learn`"), "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn resource_options_are_held_to_the_servers_limits() {
    let (s, base) = server(false, Some(2)).await;
    let astar = |mib: Value| {
        json!({"puzzle": "2x2x2", "solver": "astar", "moves": "R U",
               "options": {"memory_mib": mib}, "time_limit": 5})
    };
    for mib in [json!(65_536), json!("65536"), json!(257)] {
        let (st, v) = post(&base, "/api/solve", &astar(mib)).await;
        assert_eq!((st, kind(&v)), (StatusCode::BAD_REQUEST, "usage"), "{v}");
        let m = v["error"]["message"].as_str().unwrap();
        assert!(m.contains("`memory_mib`") && m.contains("at most 256"), "{m}");
    }
    // Within the limit, and by default (the engine's default of 512 MiB lowered to it).
    for body in [
        astar(json!(256)),
        json!({"puzzle": "2x2x2", "solver": "astar", "moves": "R U", "time_limit": 5}),
    ] {
        let (st, v) = post(&base, "/api/solve", &body).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        assert_eq!(v["length"], 2, "{v}");
    }
    for (name, value) in [
        ("population", 100_000),
        ("attempts", 1024),
        ("chromosome", 10_000),
        ("generations", 1_000_000),
    ] {
        let (st, v) = post(&base, "/api/solve", &ga(json!({ name: value }))).await;
        assert_eq!((st, kind(&v)), (StatusCode::BAD_REQUEST, "usage"), "{name}: {v}");
        let m = v["error"]["message"].as_str().unwrap();
        assert!(
            m.contains(&format!("`{name}`")) && m.contains("on this server"),
            "{m}"
        );
    }
    let pso = json!({"puzzle": "3x3x3", "solver": "pso", "moves": "R U",
                     "options": {"particles": 100_000}, "time_limit": 1});
    let (st, v) = post(&base, "/api/solve", &pso).await;
    assert_eq!((st, kind(&v)), (StatusCode::BAD_REQUEST, "usage"), "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_solves_time_limit_counts_from_the_requests_arrival() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (s, base) = server(false, Some(2)).await;
    let body = json!({"puzzle": "2x2x2", "solver": "astar", "moves": "R U", "time_limit": 0.2}).to_string();
    // Sent at once, the solve takes milliseconds of its 0.2 s.
    let (st, v) = common::post_raw(&base, "/api/solve", body.clone()).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // The same body arriving 0.4 s after the headers: the limit was spent reading the
    // request, so the engine answers `timeout` before any search (before, the clock started
    // once the body was read, and the solve was answered).
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        s.addr,
        body.len()
    );
    c.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    c.write_all(body.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), c.read_to_end(&mut out)).await;
    let answer = String::from_utf8_lossy(&out);
    assert!(answer.starts_with("HTTP/1.1 422"), "{answer}");
    let v: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap_or("")).unwrap();
    assert_eq!(kind(&v), "timeout", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("since the request arrived"),
        "{v}"
    );
    s.shutdown().await.unwrap();
}
