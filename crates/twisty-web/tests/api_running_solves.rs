//! API tests of running solves against a real server on an ephemeral loopback port: time
//! limits, cancellation, the solve limit, shutdown and progress.
#![allow(clippy::unwrap_used)]

mod common;

use common::{client, get, kind, post, server};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

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
    let (s, base) = server(true, Some(2)).await;
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
    let (s, base) = server(true, Some(2)).await;
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
    let (s, base) = server(true, Some(1)).await;
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
    let (s, base) = server(true, Some(2)).await;
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

#[tokio::test]
async fn running_solves_report_progress() {
    let (s, base) = server(true, Some(2)).await;
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
    // While the (slow) solve runs, it is listed with a growing elapsed time and, once the
    // engine has sent one, its latest progress message.
    let mut seen = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (_, v) = get(&base, "/api/solves").await;
        if let Some(x) = v["solves"].as_array().and_then(|a| a.first()).cloned() {
            assert!(x["progress"].is_null() || x["progress"].is_string(), "{x}");
            if x["progress"].is_string() {
                seen = Some(x);
                break;
            }
        }
    }
    let x = seen.expect("the running solve is listed with its progress");
    assert_eq!(x["progress"], "bound 1: searching (test stand-in)");
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
