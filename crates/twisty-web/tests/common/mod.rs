//! Helpers of the API tests: a real server on an ephemeral loopback port (its tables in a
//! directory shared by the test binaries) and a JSON client for it.
// Every test binary compiles this module and uses a part of it.
#![allow(dead_code)]

use reqwest::StatusCode;
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;
use twisty_web::{start, RunningServer, ServerConfig};

/// A table directory shared by the tests of every test binary (under cargo's temporary
/// directory for tests, kept between runs): the small tables are built once per target
/// directory instead of once per test. The table cache writes each table under a unique
/// temporary name and renames it into place, so tests building one table at the same time
/// are safe. No test of this suite looks at what the directory holds.
pub fn shared_tables() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shared-tables");
    std::fs::create_dir_all(&dir).expect("create the shared table directory");
    dir
}

/// A real server on an ephemeral loopback port, its tables in [`shared_tables`], and its
/// base URL.
pub async fn server(slow: bool, max_solves: Option<usize>) -> (RunningServer, String) {
    let config = ServerConfig {
        port: 0,
        max_concurrent_solves: max_solves,
        slow_solver_for_tests: slow,
        tables_dir: Some(shared_tables()),
        ..ServerConfig::default()
    };
    let s = start(config).await.unwrap();
    assert!(s.addr.ip().is_loopback());
    let base = format!("http://{}", s.addr);
    (s, base)
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(90))
        .build()
        .unwrap()
}

pub async fn get(base: &str, path: &str) -> (StatusCode, Value) {
    let r = client().get(format!("{base}{path}")).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub async fn post(base: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    post_raw(base, path, body.to_string()).await
}

/// Posts `body`; a 503 `tables` answer (tables still loading or building in the
/// background, e.g. the two-phase solver's 79 MiB on first use) is retried for up to 3 min.
pub async fn post_raw(base: &str, path: &str, body: String) -> (StatusCode, Value) {
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

pub fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}
