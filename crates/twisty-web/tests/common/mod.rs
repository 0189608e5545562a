//! Helpers of the API tests: a real server on an ephemeral loopback port (with the fast
//! Kilominx solver's tables built once) and a JSON client for it.

use reqwest::StatusCode;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;
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

pub async fn server(slow: bool, max_solves: Option<usize>) -> (RunningServer, String, tempfile::TempDir) {
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
