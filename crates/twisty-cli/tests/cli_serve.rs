//! `twisty serve`: prints its loopback URL, answers, and stops gracefully on SIGINT.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn http_get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn serve_answers_and_stops_on_sigint() {
    let tables = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .env_remove("TWISTY_MAX_MEMORY")
        .args(["serve", "--port", "0", "--tables-dir"])
        .arg(tables.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let url = first.trim().rsplit(' ').next().unwrap().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{first}");
    let mut second = String::new();
    out.read_line(&mut second).unwrap();
    assert!(second.contains("loopback only"), "{second}");
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();

    let health = http_get(&addr, "/api/health");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains("\"status\":\"ok\""), "{health}");
    let page = http_get(&addr, "/");
    assert!(page.contains("<title>twisty</title>"));
    let missing = http_get(&addr, "/api/missing");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");

    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let t = Instant::now();
    let code = loop {
        if let Some(c) = child.try_wait().unwrap() {
            break c;
        }
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "server did not stop on SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(code.success(), "{code:?}");
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(rest.contains("server stopped"), "{rest}");
}

#[test]
fn serve_rejects_bad_arguments() {
    let out = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(["serve", "--bind", "not-an-ip"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(["serve", "--max-solves", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-solves"));
}

#[test]
fn a_busy_port_is_said_once_with_a_way_out() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_twisty"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.matches("in use").count(), 1, "{err}");
    assert!(err.contains("--port 0"), "{err}");
}
