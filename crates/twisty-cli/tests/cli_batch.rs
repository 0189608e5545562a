//! `twisty solve --batch`: JSON Lines in input order, error records, resuming, Ctrl-C,
//! every solver; `solve` and `show` reading standard input; scrambles piped into a batch.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir")
        .arg(common::shared_tables())
        .arg("--colour")
        .arg("never");
    c.env_remove("TWISTY_TABLES");
    c
}

fn schema() -> jsonschema::Validator {
    let text = include_str!("../../twisty-engine/schema/solve-report.schema.json");
    let v: Value = serde_json::from_str(text).unwrap();
    jsonschema::validator_for(&v).unwrap()
}

/// The records of JSON Lines output, each checked against the schema.
fn records(stdout: &[u8]) -> Vec<Value> {
    let schema = schema();
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            let errors: Vec<String> = schema.iter_errors(&v).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{v}\n{errors:?}");
            v
        })
        .collect()
}

fn lines_of(r: &[Value]) -> Vec<u64> {
    r.iter().map(|v| v["line"].as_u64().unwrap()).collect()
}

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

/// `n` uniformly random 3x3x3 states as scrambles, one per line.
fn random_states(n: usize) -> Vec<String> {
    let out = twisty()
        .args(["scramble", "--random-state", "--seed", "3", "--count"])
        .arg(n.to_string())
        .assert()
        .success();
    String::from_utf8_lossy(&out.get_output().stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn mixed_lines_get_records_in_order_and_exit_code_1() {
    let input = "R U R' F2\nR Q\n\n# a comment\nUUUURRRRFFFFDDDDLLLLBBBU\n// another\nF2 U\nUUUURRRRFFFFDDDDLLLLBBBB\n";
    let out = twisty()
        .args(["solve", "-p", "2x2", "--batch", "-", "--jobs", "2"])
        .write_stdin(input)
        .assert()
        .code(1);
    let r = records(&out.get_output().stdout);
    assert_eq!(lines_of(&r), vec![1, 2, 5, 7, 8]);
    assert_eq!(r[0]["length"], 4);
    assert_eq!(
        (kind(&r[1]), r[1]["error"]["token"].as_str()),
        ("parse", Some("Q"))
    );
    assert_eq!(r[1]["input"], "R Q");
    assert_eq!(kind(&r[2]), "impossible_state");
    assert_eq!(r[3]["solution"].as_str().map(|s| s.split(' ').count()), Some(2));
    assert_eq!(r[4]["length"], 0);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("3 solved, 2 failed"), "{err}");
    assert!(err.contains("2 of 5 line(s) failed"), "{err}");
    // The progress bar is drawn only on a terminal: no carriage returns or escapes here.
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err:?}");
    assert!(!err.contains("lines,"), "{err}");
}

#[test]
fn order_holds_under_two_jobs_with_slow_and_instant_lines() {
    // A random state keeps two-phase probing for its whole half-second budget; a line
    // that does not parse is answered at once.
    let states = random_states(4);
    let input = [
        states[0].as_str(),
        "R Q",
        "X",
        states[1].as_str(),
        "U",
        "R9",
        states[2].as_str(),
        states[3].as_str(),
        "Q",
    ]
    .join("\n");
    let out = twisty()
        .args([
            "solve",
            "--batch",
            "-",
            "--jobs",
            "2",
            "--probes",
            "100000000",
            "--timeout",
            "0.5",
        ])
        .write_stdin(input)
        .assert()
        .code(1);
    let r = records(&out.get_output().stdout);
    assert_eq!(lines_of(&r), (1..=9).collect::<Vec<_>>());
    let failed: Vec<u64> = r
        .iter()
        .filter(|v| v.get("error").is_some())
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(failed, vec![2, 3, 6, 9]);
    assert_eq!(r[4]["length"], 1);
    assert!(r
        .iter()
        .all(|v| v.get("error").is_some() || v["solver"] == "two-phase"));
}

#[test]
fn resume_skips_answered_lines_drops_a_cut_record_and_appends() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, "R\nU\nF\nR U\n\nR Q\nU2 R\n").unwrap();
    let full = dir.path().join("full.jsonl");
    twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&input)
        .arg("-o")
        .arg(&full)
        .assert()
        .code(1);
    let whole = std::fs::read_to_string(&full).unwrap();
    let want = records(whole.as_bytes());
    assert_eq!(lines_of(&want), vec![1, 2, 3, 4, 6, 7]);
    // Killed while writing the third record: two whole records and half of one.
    let kept: Vec<&str> = whole.lines().take(3).collect();
    let cut = format!("{}\n{}\n{}", kept[0], kept[1], &kept[2][..kept[2].len() / 2]);
    let out = dir.path().join("out.jsonl");
    std::fs::write(&out, cut).unwrap();
    let run = twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .arg("--resume")
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&run.get_output().stderr).to_string();
    assert!(err.contains("2 line(s) already answered"), "{err}");
    assert!(err.contains("dropping the last record"), "{err}");
    let got = records(std::fs::read_to_string(&out).unwrap().as_bytes());
    assert_eq!(lines_of(&got), vec![1, 2, 3, 4, 6, 7]);
    for (g, w) in got.iter().zip(&want) {
        assert_eq!((&g["solution"], &g["error"]), (&w["solution"], &w["error"]));
    }
    // Resuming a finished run answers nothing more.
    twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .arg("--resume")
        .assert()
        .success();
    assert_eq!(
        lines_of(&records(std::fs::read_to_string(&out).unwrap().as_bytes())).len(),
        6
    );
    // A file that is not batch output is left alone.
    let other = dir.path().join("other.txt");
    std::fs::write(&other, "hello\nworld\n").unwrap();
    twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&input)
        .arg("-o")
        .arg(&other)
        .arg("--resume")
        .assert()
        .code(2);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "hello\nworld\n");
}

#[cfg(unix)]
#[test]
fn sigint_flushes_a_prefix_prints_the_summary_and_exits_130() {
    let states = random_states(40);
    // The two-phase tables are in place before the timed run.
    twisty().args(["solve", "R U"]).assert().success();
    let bin = assert_cmd::cargo::cargo_bin("twisty");
    let mut child = std::process::Command::new(bin)
        .env_remove("TWISTY_MAX_MEMORY")
        .arg("--tables-dir")
        .arg(common::shared_tables())
        .args([
            "solve",
            "--batch",
            "-",
            "--jobs",
            "2",
            "--probes",
            "100000000",
            "--timeout",
            "0.5",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(states.join("\n").as_bytes()).unwrap();
    drop(stdin);
    std::thread::sleep(Duration::from_millis(2500));
    let start = Instant::now();
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(130));
    let r = records(&out.stdout);
    assert!(!r.is_empty() && r.len() < 40, "{}", r.len());
    assert_eq!(lines_of(&r), (1..=r.len() as u64).collect::<Vec<_>>());
    assert!(r.iter().all(|v| v["verified"] == true));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains(&format!("{} solved, 0 failed", r.len())), "{err}");
    assert!(err.contains("cancelled") && err.contains("interrupted"), "{err}");
}

#[test]
fn solve_and_show_read_standard_input() {
    let out = twisty()
        .args(["solve", "-p", "2x2", "--json"])
        .write_stdin("R U\n")
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["length"], 2);
    // Several lines are one move sequence in single mode.
    let out = twisty()
        .args(["show", "-p", "2x2", "--json"])
        .write_stdin("R\nU\n")
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let moves: Vec<&str> = v["moves"]
        .as_str()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    assert_eq!(moves, ["R", "U"]);
    assert_eq!(v["solved"], false);
    // A state string on its own.
    let state = v["state"].as_str().unwrap().to_string();
    let out = twisty()
        .args(["show", "-p", "2x2", "--json"])
        .write_stdin(format!("{state}\n"))
        .assert()
        .success();
    let w: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        (w["state"].as_str(), &w["moves"]),
        (Some(state.as_str()), &Value::Null)
    );
    // Bad moves on stdin are a usage error naming the token and its place.
    twisty()
        .args(["solve", "-p", "2x2"])
        .write_stdin("R Q")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("`Q` at line 1, column 3"));
}

#[test]
fn scrambles_pipe_into_a_batch_as_lines_and_as_json_lines() {
    let plain = twisty()
        .args(["scramble", "-p", "2x2", "--count", "5", "--seed", "9"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&plain.get_output().stdout).to_string();
    assert_eq!(text.lines().count(), 5);
    assert!(String::from_utf8_lossy(&plain.get_output().stderr).contains("seed: 9"));
    let json = twisty()
        .args(["scramble", "-p", "2x2", "--count", "5", "--seed", "9", "--json"])
        .assert()
        .success();
    let objects: Vec<Value> = String::from_utf8_lossy(&json.get_output().stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 5);
    for (i, (o, line)) in objects.iter().zip(text.lines()).enumerate() {
        assert_eq!(
            (o["index"].as_u64(), o["seed"].as_u64()),
            (Some(i as u64), Some(9))
        );
        assert_eq!(o["scramble"], line);
        assert_eq!(o["state"].as_str().map(str::len), Some(24));
    }
    let states: String = objects
        .iter()
        .map(|o| format!("{}\n", o["state"].as_str().unwrap()))
        .collect();
    for input in [text, states] {
        let out = twisty()
            .args(["solve", "-p", "2x2", "--batch", "-"])
            .write_stdin(input)
            .assert()
            .success();
        let r = records(&out.get_output().stdout);
        assert_eq!(lines_of(&r), vec![1, 2, 3, 4, 5]);
        assert!(r.iter().all(|v| v["optimal"] == true));
    }
    // Supercube scrambles have no state string.
    let sc = twisty()
        .args([
            "scramble",
            "-p",
            "supercube:3",
            "--count",
            "1",
            "--seed",
            "1",
            "--json",
        ])
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&sc.get_output().stdout).unwrap();
    assert!(v["scramble"].is_string());
}

#[test]
fn every_quick_solver_of_every_puzzle_answers_in_batch() {
    let q: &[&str] = &["--seed", "7", "--timeout", "20"];
    let runs: Vec<(&str, &str, Vec<&str>, &str)> = vec![
        ("3x3", "two-phase", vec![], "R U R' U' F2 D\nR U F\n"),
        ("3x3", "thistlethwaite", vec![], "R U F\nU2\n"),
        ("3x3", "optimal", vec!["--heuristic", "small"], "R U F2\nD\n"),
        ("3x3", "greedy", vec![], "R U F\nR\n"),
        (
            "3x3",
            "pso",
            vec!["--particles", "5", "--iterations", "50"],
            "R U\nF\n",
        ),
        (
            "3x3",
            "aco",
            vec!["--ants", "5", "--iterations", "20"],
            "R U\nF\n",
        ),
        (
            "3x3",
            "dkho",
            vec!["--krill", "5", "--iterations", "20"],
            "R U\nF\n",
        ),
        ("2x2", "optimal", vec![], "R U R' F2 U\nF\n"),
        ("2x2", "astar", vec![], "R U\nF\n"),
        ("kilominx", "fast", vec![], "R U F\nU\n"),
        ("supercube:2", "ga", vec!["--attempts", "2"], "x0 y1 z0'\nx0\n"),
        ("supercube:2", "optimal", vec![], "x0 y1 z0'\nx0\n"),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (puzzle, solver, extra, input) in &runs {
        let out = twisty()
            .args(["solve", "-p", puzzle, "-s", solver, "--batch", "-", "--jobs", "2"])
            .args(q)
            .args(extra)
            .write_stdin(*input)
            .assert();
        let output = out.get_output().clone();
        let r = records(&output.stdout);
        assert_eq!(
            lines_of(&r),
            vec![1, 2],
            "{puzzle} {solver}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        for v in &r {
            assert_eq!(
                (v["solver"].as_str(), v["verified"].as_bool()),
                (Some(*solver), Some(true)),
                "{v}"
            );
        }
        assert_eq!(output.status.code(), Some(0));
        seen.insert(format!("{puzzle}/{solver}"));
    }
    // Every solver of the catalog except those with large tables was run.
    for p in ["3x3", "2x2", "kilominx", "supercube:2"] {
        let id: twisty_engine::PuzzleId = p.parse().unwrap();
        for s in twisty_engine::solvers_for(id) {
            let big = s.info().tables.iter().map(|t| t.bytes).sum::<u64>() > 100 << 20;
            assert!(
                big || seen.contains(&format!("{p}/{}", s.id)),
                "{p} {} not exercised",
                s.id
            );
        }
    }
    // An option of another solver is a usage error before anything is solved.
    twisty()
        .args(["solve", "-p", "2x2", "--batch", "-", "--probes", "5"])
        .write_stdin("R\n")
        .assert()
        .code(2)
        .stdout("");
    // Batch flags without --batch are usage errors.
    twisty().args(["solve", "--jobs", "2", "R"]).assert().code(2);
}

/// On a terminal with no input, `solve` and `show` say how to give one (exit 2) instead of
/// solving the solved puzzle. `script` gives the command a terminal.
#[cfg(unix)]
#[test]
fn no_input_on_a_terminal_is_a_usage_error_with_a_hint() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no `script` to make a terminal");
        return;
    }
    let tables = common::shared_tables();
    let bin = assert_cmd::cargo::cargo_bin("twisty");
    for sub in ["solve -p 2x2", "show -p 2x2"] {
        let cmd = format!("{} --tables-dir {} {sub}", bin.display(), tables.display());
        let out = std::process::Command::new("script")
            .env_remove("TWISTY_MAX_MEMORY")
            .args(["-qec", &cmd, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(out.status.code(), Some(2), "{sub}: {text}");
        assert!(
            text.contains("no input: give moves") && text.contains("--batch"),
            "{text}"
        );
    }
}

#[test]
fn an_output_another_run_is_writing_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    let output = dir.path().join("out.jsonl");
    std::fs::write(&input, "R U\nR U F\n").unwrap();
    std::fs::write(&output, "{\"line\":1}\n").unwrap();
    // Another run holds the output (the lock every batch run takes on it).
    let held = std::fs::OpenOptions::new().write(true).open(&output).unwrap();
    held.lock().unwrap();
    for resume in [false, true] {
        let mut c = twisty();
        c.arg("solve")
            .arg("--batch")
            .arg(&input)
            .arg("--output")
            .arg(&output);
        if resume {
            c.arg("--resume");
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "resume {resume}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("being written by another twisty run"), "{err}");
        assert_eq!(std::fs::read_to_string(&output).unwrap(), "{\"line\":1}\n");
    }
    held.unlock().unwrap();
    drop(held);
    twisty()
        .arg("solve")
        .arg("--batch")
        .arg(&input)
        .arg("--output")
        .arg(&output)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&output).unwrap().lines().count(), 2);
}

/// A batch's two-phase answers are first answers within 20 moves (`target=20`, God's
/// number), a single solve's are not bounded so; either reports the value it used, and
/// `--option target=` overrides the batch's; a target no answer meets falls back to
/// `--max-length`.
#[test]
fn a_batch_answers_random_states_within_twenty_moves_by_default() {
    let states = random_states(12);
    let out = twisty()
        .args(["solve", "--batch", "-", "--jobs", "1"])
        .write_stdin(states.join("\n"))
        .assert()
        .success();
    let r = records(&out.get_output().stdout);
    assert_eq!(r.len(), states.len());
    for v in &r {
        assert_eq!(v["details"]["options"]["target"], 20, "{v}");
        assert!(v["length"].as_u64().unwrap() <= 20, "{v}");
    }
    let out = twisty()
        .args(["solve", "--batch", "-", "--jobs", "1", "--option", "target=0"])
        .write_stdin(states.join("\n"))
        .assert()
        .success();
    for v in records(&out.get_output().stdout) {
        assert_eq!(v["details"]["options"]["target"], 0, "{v}");
        assert!(v["length"].as_u64().unwrap() <= 21, "{v}");
    }
    let out = twisty().args(["solve", "--json", &states[0]]).assert().success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["details"]["options"]["target"], 0, "{v}");
    // A target shorter than every answer is a goal missed, not an error.
    let out = twisty()
        .args(["solve", "--json", "--option", "target=2", "R U F"])
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["length"], 3, "{v}");
}

#[test]
fn resume_refuses_another_input_or_a_changed_one_and_names_the_outputs_input() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    std::fs::write(&a, "R\nU\nF\n").unwrap();
    std::fs::write(&b, "F\nU\nR\n").unwrap();
    let out = dir.path().join("out.jsonl");
    let run = |input: &std::path::Path| {
        let mut c = twisty();
        c.args(["solve", "-p", "2x2", "--batch"])
            .arg(input)
            .arg("-o")
            .arg(&out)
            .arg("--resume");
        c
    };
    twisty()
        .args(["solve", "-p", "2x2", "--batch"])
        .arg(&a)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    // The input's identity is recorded beside the output.
    let sidecar = dir.path().join("out.jsonl.input.json");
    let id: Value = serde_json::from_str(&std::fs::read_to_string(&sidecar).unwrap()).unwrap();
    let canonical = std::fs::canonicalize(&a).unwrap().display().to_string();
    assert_eq!(id["path"], canonical.as_str());
    assert_eq!(id["size"], 6);
    assert_eq!(id["xxh3"].as_str().map(str::len), Some(16));
    // Interrupted after one record.
    let whole = std::fs::read_to_string(&out).unwrap();
    assert_eq!(lines_of(&records(whole.as_bytes())), vec![1, 2, 3]);
    let first = format!("{}\n", whole.lines().next().unwrap());
    std::fs::write(&out, &first).unwrap();

    // Another input: refused, naming the input the output belongs to; nothing written.
    run(&b)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(format!(
            "holds the answers of {canonical}"
        )))
        .stderr(predicates::str::contains(format!(
            "resume with --batch {canonical}"
        )));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), first);
    // Standard input cannot be checked against it: refused too.
    let mut c = twisty();
    c.args(["solve", "-p", "2x2", "--batch", "-", "-o"])
        .arg(&out)
        .arg("--resume")
        .write_stdin("R\nU\nF\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be checked against it"));
    // The input changed since: refused, saying so.
    std::fs::write(&a, "R\nU\nF\nR U\n").unwrap();
    run(&a)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("has changed since"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), first);

    // The same bytes (here a copy under another name) resume.
    std::fs::write(&a, "R\nU\nF\n").unwrap();
    let copy = dir.path().join("copy.txt");
    std::fs::copy(&a, &copy).unwrap();
    run(&copy)
        .assert()
        .success()
        .stderr(predicates::str::contains("1 line(s) already answered"));
    assert_eq!(
        lines_of(&records(std::fs::read_to_string(&out).unwrap().as_bytes())),
        vec![1, 2, 3]
    );

    // An output from before identities were recorded: resumed with a warning, and recorded.
    std::fs::write(&out, &first).unwrap();
    std::fs::remove_file(&sidecar).unwrap();
    run(&a)
        .assert()
        .success()
        .stderr(predicates::str::contains("has no record of its input"));
    assert_eq!(
        lines_of(&records(std::fs::read_to_string(&out).unwrap().as_bytes())),
        vec![1, 2, 3]
    );
    assert!(sidecar.is_file());
    run(&b).assert().code(2);
}
