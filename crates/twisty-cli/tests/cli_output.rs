//! Output to a closed pipe (`twisty … | head -1`) ends the program quietly with success.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// The tool over the shared table directory, its output piped.
fn twisty() -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("twisty"));
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(common::shared_tables());
    c.env_remove("TWISTY_TABLES");
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

/// Runs `cmd`, reads `lines` lines of its output, closes the pipe and returns the exit
/// status and stderr.
fn run_and_close(mut cmd: Command, lines: usize) -> (std::process::ExitStatus, String) {
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut reader = BufReader::new(stdout);
    for _ in 0..lines {
        let mut line = String::new();
        assert!(reader.read_line(&mut line).unwrap() > 0, "output ended early");
    }
    drop(reader);
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (child.wait().unwrap(), err)
}

#[test]
fn many_scrambles_into_a_closed_pipe_exit_quietly() {
    // `twisty scramble --count 100000 | head -1`
    let mut c = twisty();
    c.args([
        "scramble", "--puzzle", "2x2x2", "--count", "100000", "--seed", "1",
    ]);
    let (status, err) = run_and_close(c, 1);
    assert!(status.success(), "{status:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
}

#[test]
fn json_into_a_closed_pipe_exits_quietly() {
    // `twisty solve --json R | head -c0`: the reader is gone before anything is written.
    let mut c = twisty();
    c.args(["solve", "--puzzle", "3x3x3", "--json", "R"]);
    let (status, err) = run_and_close(c, 0);
    assert!(status.success(), "{status:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
}
