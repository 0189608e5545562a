//! Files a command line names: a batch's output is never its input or its summary,
//! `--resume` leaves a file that is not batch output alone, a batch input that is a pipe is
//! read once, every input is read with a bound (`/dev/zero` as a moves file, a batch or a
//! macro library is refused), and a byte order mark is skipped. Also: a full disk on stdout,
//! empty environment variables, absurd `--jobs`.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::time::Duration;

fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.env_remove("TWISTY_TABLES");
    c.arg("--tables-dir")
        .arg(common::shared_tables())
        .arg("--colour")
        .arg("never");
    // A read without a bound would run on (or fill the memory); none of these may.
    c.timeout(Duration::from_secs(60));
    c
}

fn no_panic() -> impl Predicate<str> {
    predicate::str::contains("panicked").not()
}

fn records(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn the_output_is_never_the_input_or_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.txt");
    std::fs::write(&input, "R\nU\n").unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&input, &link).unwrap();
    let spelled = dir.path().join(".").join("x.txt");
    for out in [&input, &link, &spelled] {
        twisty()
            .args(["solve", "-p", "2x2", "--batch"])
            .arg(&input)
            .arg("--output")
            .arg(out)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is the input file").and(no_panic()));
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "R\nU\n");
    }
    // The summary onto the records, or onto the input.
    let out = dir.path().join("out.jsonl");
    twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&input)
        .arg("--output")
        .arg(&out)
        .assert()
        .success();
    let before = std::fs::read_to_string(&out).unwrap();
    assert_eq!(records(&before).len(), 2);
    for (summary, says) in [(&out, "is the --output file"), (&input, "is the input file")] {
        twisty()
            .args(["solve", "-p", "2x2", "--batch"])
            .arg(&input)
            .arg("--output")
            .arg(&out)
            .arg("--resume")
            .arg("--summary-json")
            .arg(summary)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before);
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "R\nU\n");
}

#[test]
fn resume_leaves_a_file_that_is_not_batch_output_alone() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, "R\nU\n").unwrap();
    for notes in [
        "my notes, one line without a break",
        "one line\n",
        "{\"line\": 1}\nhello",
    ] {
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, notes).unwrap();
        twisty()
            .args(["solve", "-p", "2x2", "--batch"])
            .arg(&input)
            .arg("--output")
            .arg(&path)
            .arg("--resume")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "is not a batch record; not resuming into it",
            ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), notes);
    }
}

#[test]
fn a_batch_from_a_pipe_is_read_once() {
    // `--batch /dev/stdin` on a pipe (as `<(…)` and FIFOs are): every line answered.
    let run = twisty()
        .args(["solve", "-p", "2x2", "--batch", "/dev/stdin"])
        .write_stdin("R\nU\nF\n")
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).to_string();
    assert_eq!(records(&out).len(), 3, "{out}");
    // A FIFO.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("lines");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "R\nU\n"))
    };
    let run = twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&fifo)
        .assert()
        .success();
    writer.join().unwrap().unwrap();
    let out = String::from_utf8_lossy(&run.get_output().stdout).to_string();
    assert_eq!(records(&out).len(), 2, "{out}");
}

#[test]
fn inputs_are_read_with_a_bound() {
    // A moves file and standard input: refused past 64 KiB, without reading the rest.
    twisty()
        .args(["solve", "-p", "2x2", "-f", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/dev/zero: more than 65536 bytes").and(no_panic()));
    twisty()
        .args(["solve", "-p", "2x2"])
        .write_stdin("R ".repeat(40_000))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("standard input: more than 65536 bytes"));
    // A batch line over the limit is its own error record; the lines after it are solved.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("long.txt");
    std::fs::write(&input, format!("{}\nR\n", "R ".repeat(100_000))).unwrap();
    let run = twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&input)
        .assert()
        .code(1);
    let r = records(&String::from_utf8_lossy(&run.get_output().stdout));
    assert_eq!(r.len(), 2);
    assert_eq!(r[0]["error"]["kind"], "too_large", "{}", r[0]);
    assert_eq!(r[1]["length"], 1);
    // A batch of one endless line is given up, not read for ever.
    twisty()
        .args(["solve", "-p", "2x2", "--batch", "/dev/zero"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("without a line break: not a list of inputs").and(no_panic()));
}

#[test]
fn a_macro_library_is_a_bounded_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("shadow");
    std::fs::write(&text, "root:$6$abcdefgh:19000:0:99999:7:::\n").unwrap();
    for (path, says) in [
        (
            std::path::PathBuf::from("/dev/zero"),
            "a device, not a macro library file",
        ),
        (dir.path().to_path_buf(), "a directory, not a macro library file"),
        (text, "not a supercube macro library"),
    ] {
        twisty()
            .args(["solve", "-p", "supercube:3", "--solver", "ga", "--macros"])
            .arg(&path)
            .arg("R U")
            .assert()
            .failure()
            .stderr(predicate::str::contains(says).and(predicate::str::contains("cubies").not()));
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bom.txt");
    std::fs::write(&file, "\u{feff}R U\n").unwrap();
    twisty()
        .args(["solve", "-p", "2x2", "--json", "-f"])
        .arg(&file)
        .assert()
        .success();
    let run = twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&file)
        .assert()
        .success();
    let r = records(&String::from_utf8_lossy(&run.get_output().stdout));
    assert_eq!(r[0]["length"], 2, "{}", r[0]);
}

#[test]
fn a_full_disk_on_stdout_is_an_error_message() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(full) = full else {
        return;
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("twisty"))
        .env_remove("TWISTY_TABLES")
        .env_remove("TWISTY_MAX_MEMORY")
        .arg("--tables-dir")
        .arg(common::shared_tables())
        .args(["solve", "-p", "2x2", "R U"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write to standard output") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn empty_environment_variables_are_unset() {
    for (name, value) in [("TWISTY_TABLES", ""), ("TWISTY_MAX_MEMORY", "")] {
        let mut c = Command::cargo_bin("twisty").unwrap();
        c.env_remove("TWISTY_TABLES").env_remove("TWISTY_MAX_MEMORY");
        c.env(name, value)
            .args(["show", "-p", "2x2", "R U"])
            .timeout(Duration::from_secs(60))
            .assert()
            .success();
    }
}

#[test]
fn absurd_job_counts_are_refused_before_any_thread_starts() {
    for jobs in ["3000", "0"] {
        twisty()
            .args(["solve", "-p", "2x2", "--batch", "-", "--jobs", jobs])
            .write_stdin("R\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--jobs must be from 1 to 1024"));
    }
}
