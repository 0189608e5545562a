//! `twisty play` in a real terminal (tmux): line editing mode and the raw-key mode, read
//! back from the screen. Skipped, with a message, when tmux is not installed.
#![allow(clippy::unwrap_used)]

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().unwrap();
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn have_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Waits until the pane shows `needle` (or times out), returning the screen.
fn wait_for(session: &str, needle: &str) -> String {
    let t0 = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-p", "-t", session]);
        if screen.contains(needle) || t0.elapsed() > Duration::from_secs(90) {
            return screen;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
    }
}

fn start(name: &str, args: &str) -> Option<Session> {
    if !have_tmux() {
        eprintln!("skipped: tmux is not installed");
        return None;
    }
    let session = format!("twisty-{name}-{}", std::process::id());
    let cmd = format!(
        "env -u TWISTY_MAX_MEMORY {} --tables-dir {} --colour never {args}",
        env!("CARGO_BIN_EXE_twisty"),
        common::shared_tables().display()
    );
    let status = Command::new("tmux")
        .args(["new-session", "-d", "-s", &session, "-x", "120", "-y", "40", &cmd])
        .status()
        .unwrap();
    assert!(status.success());
    Some(Session(session))
}

#[test]
fn line_mode_in_a_terminal() {
    let Some(s) = start("line", "play --puzzle 3x3 --seed 3") else {
        return;
    };
    wait_for(&s.0, "twisty>");
    tmux(&["send-keys", "-t", &s.0, "R U R' U'", "Enter"]);
    let screen = wait_for(&s.0, "applied 4 moves");
    assert!(screen.contains("applied 4 moves"), "{screen}");
    tmux(&["send-keys", "-t", &s.0, "solve", "Enter"]);
    let screen = wait_for(&s.0, "— solved");
    assert!(screen.contains("— solved"), "{screen}");
    assert!(screen.contains("U U U"), "{screen}");
    tmux(&["send-keys", "-t", &s.0, "quit", "Enter"]);
}

#[test]
fn raw_key_mode_in_a_terminal() {
    let Some(s) = start("keys", "play --puzzle 3x3 --keys") else {
        return;
    };
    wait_for(&s.0, "Esc quits");
    tmux(&["send-keys", "-t", &s.0, "r"]);
    let screen = wait_for(&s.0, "moves: R");
    assert!(screen.contains("moves: R"), "{screen}");
    tmux(&["send-keys", "-t", &s.0, "R"]);
    let screen = wait_for(&s.0, "— solved");
    assert!(screen.contains("R' — solved"), "{screen}");
    tmux(&["send-keys", "-t", &s.0, "2", "u"]);
    let screen = wait_for(&s.0, "U2");
    assert!(screen.contains("moves: R R' U2"), "{screen}");
    tmux(&["send-keys", "-t", &s.0, "Escape"]);
}
