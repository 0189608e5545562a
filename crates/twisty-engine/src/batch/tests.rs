//! Tests of the batch runner: order, windows, errors, cancelling and resuming.

use super::*;
use crate::{EngineConfig, PuzzleId};
use std::time::Duration;

fn engine(dir: &std::path::Path) -> Engine {
    Engine::new(EngineConfig {
        tables_dir: dir.to_path_buf(),
        ..EngineConfig::default()
    })
}

fn lines(v: &[&str]) -> impl Iterator<Item = io::Result<String>> {
    v.iter()
        .map(|s| Ok(s.to_string()))
        .collect::<Vec<_>>()
        .into_iter()
}

fn run(
    e: &Engine,
    t: &SolveRequest,
    input: &[&str],
    config: &BatchConfig,
) -> (Vec<BatchRecord>, BatchSummary) {
    let mut out = Vec::new();
    let summary = run_batch(
        e,
        t,
        lines(input),
        config,
        |r| {
            out.push(r.clone());
            Ok(())
        },
        |_| {},
    )
    .expect("the run finishes");
    (out, summary)
}

const LONG: &str = "R U F L BL BR DR DL R' U' F' L' BL' BR' R2 U2 F2 L2 DR2 DL2 BL BR R U F L R' U' F' DR";

fn line_numbers(records: &[BatchRecord]) -> Vec<usize> {
    records.iter().map(|r| r.line).collect()
}

/// Kilominx: a long scramble keeps the fast solver busy for its whole time budget (a
/// second), a one-move scramble takes microseconds. Order and cancellation share one
/// engine so that the tables are built once.
#[test]
fn order_is_kept_under_two_jobs_and_cancel_flushes_a_prefix() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = engine(dir.path());
    let t = SolveRequest::new(PuzzleId::Kilominx, "");
    let input = [LONG, "U", "R", LONG, "F", "", "# comment", "L", "BL"];
    let config = BatchConfig {
        jobs: 2,
        ..BatchConfig::default()
    };
    let (out, summary) = run(&e, &t, &input, &config);
    assert_eq!(line_numbers(&out), vec![1, 2, 3, 4, 5, 8, 9]);
    assert_eq!((summary.solved, summary.failed, summary.jobs), (7, 0, 2));
    assert!(out
        .iter()
        .all(|r| r.json()["line"] == r.line && r.json()["verified"] == true));
    assert_eq!(out[1].json()["input"], "U");
    assert_eq!(
        summary.max_length,
        out.iter().filter_map(|r| r.length).max().unwrap_or(0)
    );
    assert_eq!(summary.histogram.values().sum::<u64>(), 7);

    // Cancel while the long lines are solving: what is handed back is a prefix in order.
    let many: Vec<&str> = [LONG, "U"].iter().copied().cycle().take(40).collect();
    let config = BatchConfig {
        jobs: 2,
        window: 4,
        ..BatchConfig::default()
    };
    let flag = config.cancel.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(2500));
        flag.store(true, Ordering::SeqCst);
    });
    let start = Instant::now();
    let (out, summary) = run(&e, &t, &many, &config);
    let _ = stopper.join();
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert!(summary.cancelled);
    let n = out.len();
    assert!((1..many.len()).contains(&n), "{n}");
    assert_eq!(line_numbers(&out), (1..=n).collect::<Vec<_>>());
    assert_eq!(summary.solved + summary.failed, n as u64);
    assert!(out.iter().all(|r| r.length.is_some()));
}

#[test]
fn each_bad_line_gets_its_error_record_and_the_run_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = engine(dir.path());
    let t = SolveRequest::new(PuzzleId::Cube2, "");
    let input = [
        "R U R' F2",
        "R Q",
        "UUUURRRRFFFFDDDDLLLLBBBU",
        "// comment",
        "F2 U",
        "UUUURRRRFFFFDDDDLLLLBBBB",
    ];
    let config = BatchConfig {
        jobs: 2,
        ..BatchConfig::default()
    };
    let (out, summary) = run(&e, &t, &input, &config);
    assert_eq!(line_numbers(&out), vec![1, 2, 3, 5, 6]);
    assert_eq!((summary.solved, summary.failed), (3, 2));
    let kinds: Vec<Value> = out.iter().map(|r| r.json()["error"]["kind"].clone()).collect();
    assert_eq!(kinds[1], "parse");
    assert_eq!(kinds[2], "impossible_state");
    assert_eq!(out[1].json()["input"], "R Q");
    assert_eq!(out[1].json()["error"]["column"], 3);
    assert_eq!(out[1].json()["solver"], "optimal");
    assert_eq!(out[4].length, Some(0));
    // The same message as a single solve.
    let single = e.solve(&SolveRequest::new(PuzzleId::Cube2, "R Q"), &Quiet).err();
    assert_eq!(
        out[1].json()["error"]["message"].as_str(),
        single.as_ref().map(|e| e.message.as_str())
    );
    // A bad template fails every line the same way, and the run still ends.
    let bad = SolveRequest::new(PuzzleId::Cube2, "").solver("bogus");
    let (out, summary) = run(&e, &bad, &input, &config);
    assert_eq!(summary.failed, 5);
    assert!(out.iter().all(|r| r.json()["error"]["kind"] == "usage"));
}

#[test]
fn quick_lines_grouped_per_worker_keep_their_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = engine(dir.path());
    let t = SolveRequest::new(PuzzleId::Cube2, "");
    let moves = ["R U R' F2", "R Q", "F2 U", "U", "R U F R' U2 F'"];
    let input: Vec<&str> = (0..1000).map(|i| moves[i % moves.len()]).collect();
    let config = BatchConfig {
        jobs: 2,
        ..BatchConfig::default()
    };
    let (out, summary) = run(&e, &t, &input, &config);
    assert_eq!(line_numbers(&out), (1..=1000).collect::<Vec<_>>());
    assert_eq!((summary.solved, summary.failed), (800, 200));
    assert!(out.iter().all(|r| r.json()["input"] == input[r.line - 1]));
}

#[test]
fn skipped_lines_are_neither_solved_nor_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = engine(dir.path());
    let t = SolveRequest::new(PuzzleId::Cube2, "");
    let input = ["R", "U", "", "F", "R U", "R Q"];
    let config = BatchConfig {
        jobs: 2,
        skip: [1, 4, 6].into_iter().collect(),
        ..BatchConfig::default()
    };
    let mut seen = Vec::new();
    let summary = run_batch(
        &e,
        &t,
        lines(&input),
        &config,
        |r| {
            seen.push(r.line);
            Ok(())
        },
        |_| {},
    )
    .expect("runs");
    assert_eq!(seen, vec![2, 5]);
    assert_eq!((summary.solved, summary.failed, summary.skipped), (2, 0, 3));
}

#[test]
fn a_write_error_stops_the_run_and_a_read_error_is_returned_after_the_lines_before_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = engine(dir.path());
    let t = SolveRequest::new(PuzzleId::Cube2, "");
    let config = BatchConfig::default();
    let mut calls = 0;
    let r = run_batch(
        &e,
        &t,
        lines(&["R", "U", "F"]),
        &config,
        |_| {
            calls += 1;
            Err(io::Error::other("disk full"))
        },
        |_| {},
    );
    assert_eq!(
        (r.err().map(|e| e.to_string()), calls),
        (Some("disk full".into()), 1)
    );
    let input = vec![
        Ok("R".to_string()),
        Err(io::Error::other("bad read")),
        Ok("U".into()),
    ];
    let mut seen = Vec::new();
    let r = run_batch(
        &e,
        &t,
        input.into_iter(),
        &BatchConfig::default(),
        |r| {
            seen.push(r.line);
            Ok(())
        },
        |_| {},
    );
    assert!(r.is_err());
    assert_eq!(seen, vec![1]);
}

#[test]
fn multithreaded_solvers_get_the_cores_split_between_the_jobs() {
    let optimal = crate::catalog::find(PuzzleId::Cube3, Some("optimal")).expect("registered");
    let fast = crate::catalog::find(PuzzleId::Cube3, None).expect("registered");
    assert_eq!(split(optimal, 8, None, None), (8, Some(1)));
    assert_eq!(split(optimal, 8, Some(1), None), (1, Some(8)));
    assert_eq!(split(optimal, 8, Some(4), None), (4, Some(2)));
    assert_eq!(split(fast, 8, None, None), (8, None));
    assert_eq!(split(fast, 8, Some(3), Some(1)), (3, Some(1)));
    assert_eq!(echoed(&"é".repeat(2000)).len(), MAX_ECHOED_INPUT + "…".len());
}
