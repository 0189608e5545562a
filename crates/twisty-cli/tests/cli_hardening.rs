//! Hostile or careless command lines: nesting bombs and expansion bombs given to `twisty
//! show`, malformed commutators, absurd time limits and scramble lengths, an A* solve that cannot finish within its
//! time limit, and seeded supercube solves that must not depend on what the cache learned.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn twisty(tables: &Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(tables);
    c.env_remove("TWISTY_TABLES");
    c
}

fn no_panic() -> impl Predicate<str> {
    predicate::str::contains("panicked").not()
}

#[test]
fn show_refuses_a_nesting_bomb() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = format!("{}U{}", "(".repeat(10_000), ")".repeat(10_000));
    assert_eq!(bomb.len(), 20_001);
    // As an argument and on standard input.
    twisty(dir.path())
        .args(["show", "--puzzle", "3x3", &bomb])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nesting deeper than 100").and(no_panic()));
    twisty(dir.path())
        .args(["show", "--puzzle", "3x3"])
        .write_stdin(bomb)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 101").and(no_panic()));
}

#[test]
fn show_refuses_expansion_bombs() {
    let dir = tempfile::tempdir().unwrap();
    let supercube = format!("{}((U)1000)1000{}", "(".repeat(60), ")'".repeat(60));
    assert_eq!(supercube.len(), 193);
    twisty(dir.path())
        .args(["show", "--puzzle", "supercube:3", &supercube])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expands to more than 100,000 moves").and(no_panic()));
    let repeats = "((R)1000)1000 (".repeat(600);
    twisty(dir.path())
        .args(["show", "--puzzle", "3x3", &repeats])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot parse").and(no_panic()));
}

#[test]
fn brackets_expand_as_written_and_malformed_ones_are_located() {
    let dir = tempfile::tempdir().unwrap();
    let show = |alg: &str| {
        let out = twisty(dir.path())
            .args(["show", "--puzzle", "3x3", "--colour", "never", alg])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{alg}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    // A commutator inside a conjugate, primed, is the same state as its expansion.
    assert_eq!(show("[F: [R, U]]'"), show("F U R U' R' F'"));
    assert_ne!(show("[F: [R, U]]'"), show("F R U R' U' F'"));
    twisty(dir.path())
        .args(["show", "--puzzle", "3x3", "R [U F] D"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 3").and(predicate::str::contains("a bracket needs a `,`")));
    let bomb = format!("{}R, U{}", "[R: ".repeat(10_000), "]".repeat(10_000));
    twisty(dir.path())
        .args(["show", "--puzzle", "kilominx"])
        .write_stdin(bomb)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nesting deeper than 100").and(no_panic()));
}

#[test]
fn absurd_time_limits_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    for t in ["1e30", "1e19", "inf", "NaN", "-1", "0"] {
        twisty(dir.path())
            .args(["solve", "--puzzle", "2x2", &format!("--timeout={t}"), "R U"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("time limit").and(no_panic()));
    }
}

#[test]
fn absurd_memory_caps_are_usage_errors_on_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    for (args, why) in [
        (&["solve", "--max-memory", "0.1", "R U"][..], "less than a byte"),
        (&["solve", "--max-memory=-4G", "R U"][..], "is not a size"),
        (&["solve", "--max-memory", "4Q", "R U"][..], "unknown unit"),
        (&["serve", "--max-memory", "lots"][..], "is not a size"),
        (&["tables", "build", "--max-memory", "0"][..], "positive"),
    ] {
        twisty(dir.path()).args(args).assert().code(2).stderr(
            predicate::str::contains("--max-memory")
                .and(predicate::str::contains(why))
                .and(no_panic()),
        );
    }
    twisty(dir.path())
        .env("TWISTY_MAX_MEMORY", "lots")
        .args(["solve", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a size").and(no_panic()));
    assert_eq!(std::fs::read_dir(dir.path()).map(|d| d.count()).unwrap_or(0), 0);
}

#[test]
fn a_huge_random_scramble_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["solve", "--puzzle", "3x3", "--random", "999999999"][..],
        &["scramble", "--puzzle", "3x3", "--length", "999999999"][..],
    ] {
        twisty(dir.path())
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("at most 100000").and(no_panic()));
    }
}

/// The largest resident set (`VmHWM`, KiB) of a running process, where `/proc` has it.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `twisty solve ARGS` and returns its exit status, standard error and peak resident
/// set in KiB (sampled every 10 ms; 0 where `/proc` is missing). A guard kills a process
/// that has not returned after two minutes: the assertions are on the outcome.
fn solve_sampled(tables: &Path, args: &[&str]) -> (std::process::ExitStatus, String, u64) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("twisty"))
        .env_remove("TWISTY_MAX_MEMORY")
        .arg("--tables-dir")
        .arg(tables)
        .env_remove("TWISTY_TABLES")
        .arg("solve")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut peak, start) = (0u64, Instant::now());
    let status = loop {
        if let Some(kib) = peak_rss_kib(child.id()) {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("`twisty solve {args:?}` did not stop");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    (status, err, peak)
}

const HARD_2X2: &str = "U2 F2 U' R' U2 R' F' R F'";

#[test]
fn an_astar_solve_stops_at_its_time_limit_within_its_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    // The default budget (512 MiB of open list): the time limit stops it first.
    let (status, err, peak) = solve_sampled(
        dir.path(),
        &["--timeout", "1", "--puzzle", "2x2", "--solver", "astar", HARD_2X2],
    );
    if !status.success() {
        assert_eq!(status.code(), Some(1), "{err}");
        assert!(
            err.contains("time limit") || err.contains("memory budget"),
            "{err}"
        );
    }
    assert!(peak < 640 * 1024, "peak resident set {peak} KiB");
    // A small budget: the search gives up when it is spent, naming it.
    let (status, err, peak) = solve_sampled(
        dir.path(),
        &[
            "--timeout",
            "1",
            "--puzzle",
            "2x2",
            "--solver",
            "astar",
            "--option",
            "memory_mib=64",
            HARD_2X2,
        ],
    );
    if !status.success() {
        assert_eq!(status.code(), Some(1), "{err}");
        assert!(
            err.contains("memory budget of 64 MiB") || err.contains("time limit"),
            "{err}"
        );
    }
    assert!(peak < 192 * 1024, "peak resident set {peak} KiB");
}

fn seeded_supercube_solve(tables: &Path) -> String {
    let out = twisty(tables)
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "7",
            "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert!(v["solution"].is_string(), "{v}");
    v["solution"].as_str().unwrap().to_string()
}

#[test]
fn a_seeded_supercube_solve_gives_the_same_answer_twice() {
    let dir = tempfile::tempdir().unwrap();
    let first = seeded_supercube_solve(dir.path());
    assert_eq!(seeded_supercube_solve(dir.path()), first);
    // Macros learned in between by another solve do not change it.
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "2",
            "--learn",
        ])
        .assert()
        .success();
    assert!(dir.path().join("supercube-macros.tmac").is_file());
    assert_eq!(seeded_supercube_solve(dir.path()), first);
}

#[test]
fn absurd_thread_counts_are_refused_before_any_thread_starts() {
    let dir = tempfile::tempdir().unwrap();
    for n in ["5000", "100000", "0"] {
        twisty(dir.path())
            .args(["--threads", n, "solve", "R U"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--threads must be from 1 to 1024").and(no_panic()));
    }
}

#[test]
fn solve_facelets_of_every_puzzle_says_what_is_wrong_with_the_string() {
    for (args, needle) in [
        (
            &["-p", "4x4", "--facelets", "UUUUUUUU"][..],
            "has 8 letters, expected 96",
        ),
        (
            &["-p", "4x4", "--facelets", "x"][..],
            "`x` at column 1 of the state string",
        ),
        (&["-p", "5x5", "--facelets", "UUUU UUUU"][..], "state string"),
        (
            &["-p", "2x2", "--facelets", "UUUU"][..],
            "has 4 letters, expected 24",
        ),
        (
            &["-p", "pyraminx", "--facelets", "UUUU"][..],
            "has no state string",
        ),
        (
            &["-p", "kilominx", "--facelets", "UUUU"][..],
            "`U` (sticker 1) is not a Kilominx colour letter",
        ),
        (&["-p", "supercube:3", "--facelets", "00ff"][..], "54 hex digits"),
        (
            &[
                "--facelets",
                "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBX",
            ][..],
            "`X` at column 54",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = twisty(dir.path()).arg("solve").args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_table_the_cache_cannot_store_is_built_with_a_warning() {
    let out = twisty(Path::new("/dev/null"))
        .args(["solve", "-p", "2x2", "R U"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Solution: U' R'"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not stored") && err.contains("every run builds it again"),
        "{err}"
    );
}
