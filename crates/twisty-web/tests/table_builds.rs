//! Tables a solve needs that are not built yet: built in the background, one build per table
//! set, while the request is answered 503 `tables` with `Retry-After`, and other puzzles
//! keep being served meanwhile.
#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use twisty_web::{start, ServerConfig};

/// Posts `body` once: the status, the JSON answer and the `Retry-After` header in seconds.
async fn post_once(base: &str, body: &Value) -> (StatusCode, Value, Option<u64>) {
    let r = reqwest::Client::new()
        .post(format!("{base}/api/solve"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .timeout(Duration::from_secs(90))
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

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

/// Whether the answer of `report`, replayed after `input` on the display model, solves it.
async fn solves(base: &str, puzzle: &str, input: &str, report: &Value) -> bool {
    let r = reqwest::Client::new()
        .post(format!("{base}/api/replay"))
        .header("content-type", "application/json")
        .body(json!({"puzzle": puzzle, "moves": input, "solution": report["solution"]}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = r.json().await.unwrap_or(Value::Null);
    v["solved"] == true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_kilominx_tables_are_built_in_the_background_while_others_are_served() {
    // A fresh table directory: the fast Kilominx solver's 123 MiB of tables are missing.
    let dir = tempfile::tempdir().unwrap();
    let s = start(ServerConfig {
        port: 0,
        max_concurrent_solves: Some(2),
        tables_dir: Some(dir.path().to_path_buf()),
        ..ServerConfig::default()
    })
    .await
    .unwrap();
    let base = format!("http://{}", s.addr);
    let kilominx = json!({"puzzle": "kilominx", "moves": "R DL2' F", "solver": "fast", "time_limit": 1});

    // The first request starts the build and is answered at once, holding no solve slot.
    let (st, v, retry) = post_once(&base, &kilominx).await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(kind(&v), "tables", "{v}");
    assert!(retry.is_some_and(|r| r >= 1), "{v}: Retry-After {retry:?}");
    let message = v["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("being built in the background") && message.contains("MiB"),
        "{message}"
    );
    assert_eq!(s.state.active.load(std::sync::atomic::Ordering::SeqCst), 0);

    // Other puzzles are solved meanwhile: one with no tables (the supercube's GA; its
    // two-phase default builds seconds of tables in memory on a loaded machine), one whose
    // small table is built within its request beside the long build.
    for (puzzle, input, solver) in [("supercube:3", "R U", Some("ga")), ("2x2x2", "R U R' F2", None)] {
        let body = json!({"puzzle": puzzle, "moves": input, "solver": solver, "time_limit": 10});
        let (st, v, _) = post_once(&base, &body).await;
        assert_eq!(st, StatusCode::OK, "{puzzle}: {v}");
        assert!(solves(&base, puzzle, input, &v).await, "{puzzle}: {v}");
    }

    // The Kilominx is still being built (seconds of work on two cores against the fraction of a
    // second of those solves): a second request joins the same build and says how far it has come.
    let (st, v, retry) = post_once(&base, &kilominx).await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(retry.is_some_and(|r| r >= 1), "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap_or("").contains("s done"),
        "{v}"
    );

    // Retried as told, it is solved once the build is done.
    let begun = Instant::now();
    let answer = loop {
        let (st, v, retry) = post_once(&base, &kilominx).await;
        if st != StatusCode::SERVICE_UNAVAILABLE {
            break (st, v);
        }
        assert!(begun.elapsed() < Duration::from_secs(600), "never built: {v}");
        assert_eq!(kind(&v), "tables", "{v}");
        tokio::time::sleep(Duration::from_secs(retry.unwrap_or(1).min(5))).await;
    };
    assert_eq!(answer.0, StatusCode::OK, "{}", answer.1);
    assert_eq!(answer.1["solver"], "fast");
    assert!(
        solves(&base, "kilominx", "R DL2' F", &answer.1).await,
        "{}",
        answer.1
    );
    s.shutdown().await.unwrap();
}
