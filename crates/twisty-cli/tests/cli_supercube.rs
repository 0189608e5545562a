//! `--puzzle supercube:N`: scramble, show, solve with the GA, the macro library, and
//! `bench supercube`.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;
use common::seed_inputs;
use predicates::prelude::*;

fn twisty(tables: &std::path::Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(tables);
    c.env_remove("TWISTY_TABLES");
    c
}

#[test]
fn scramble_is_100_uniform_moves_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let out = twisty(dir.path())
        .args(["scramble", "--puzzle", "supercube:5", "--seed", "4"])
        .assert()
        .success()
        .stderr(predicate::str::contains("seed: 4"));
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.split_whitespace().count(), 100);
    let again = twisty(dir.path())
        .args(["scramble", "--puzzle", "supercube:5", "--seed", "4"])
        .assert()
        .success();
    assert_eq!(again.get_output().stdout, out.get_output().stdout);
    let short = twisty(dir.path())
        .args([
            "scramble",
            "-p",
            "supercube:16",
            "--seed",
            "1",
            "--length",
            "7",
            "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&short.get_output().stdout).unwrap();
    assert_eq!(v["scramble"].as_str().unwrap().split(' ').count(), 7);
}

#[test]
fn show_prints_shells_and_state_bytes() {
    let dir = tempfile::tempdir().unwrap();
    twisty(dir.path())
        .args(["show", "--puzzle", "supercube:3", "x1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("shell 0 (1x1x1): 1 of 1 unsolved"))
        .stdout(predicate::str::contains(" 41"));
}

#[test]
fn parse_errors_name_the_column() {
    let dir = tempfile::tempdir().unwrap();
    twisty(dir.path())
        .args(["show", "--puzzle", "supercube:3", "x0 y3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`y3` at line 1, column 4"))
        .stderr(predicate::str::contains("slice 3 does not exist"));
}

#[test]
fn ga_solves_a_3x3x3_learns_and_reuses_macros() {
    let dir = tempfile::tempdir().unwrap();
    let out = twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "2",
            "--simplify",
            "--learn",
            "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let scramble = v["input"].as_str().unwrap().to_string();
    let solution = v["solution"].as_str().unwrap().to_string();
    assert_eq!(scramble.split(' ').count(), 100);
    let ga = &v["details"]["ga"];
    let get = |k: &str| ga[k].as_u64().unwrap();
    // The GA's answer, or the input's inverse when that is shorter (short in, short out).
    let answered = solution.split(' ').count();
    if v["details"]["answer"].is_string() {
        assert_eq!(answered, 100);
        assert!(get("simplified_length") > 100);
        assert_eq!(
            v["details"]["solver_length"].as_u64(),
            Some(get("simplified_length"))
        );
    } else {
        assert_eq!(get("simplified_length") as usize, answered);
    }
    assert!(get("merged_length") >= get("simplified_length"));
    assert!(get("played_length") >= get("merged_length"));
    assert!(get("played_length") >= get("simplified_length"));
    assert!(get("macros_learned") > 0);
    // The macro library is in the table cache; the solution really solves the scramble.
    assert!(dir.path().join("supercube-macros.tmac").is_file());
    twisty(dir.path())
        .args([
            "show",
            "-p",
            "supercube:3",
            "--json",
            &format!("{scramble} {solution}"),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"solved\": true"));
    // A second solve with learning off uses the stored macros.
    let out = twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "3",
            "--macros",
        ])
        .arg(dir.path().join("supercube-macros.tmac"))
        .assert()
        .success();
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("macros learned: 0"), "{err}");
    assert!(!err.contains("macro improvements: 0,"), "{err}");
}

/// When the answer printed is the input's inverse (shorter than the GA's), the text output
/// says so beside the GA's own lengths.
#[test]
fn the_text_answer_says_when_it_is_the_inverse_of_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "solve",
        "-p",
        "supercube:3",
        "--solver",
        "ga",
        "--random",
        "--seed",
        "7",
        "--simplify",
    ];
    let out = twisty(dir.path()).args(args).arg("--json").assert().success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let text = twisty(dir.path()).args(args).assert().success();
    let stderr = String::from_utf8_lossy(&text.get_output().stderr).to_string();
    // This seed's GA answer (over 200 moves) is longer than the 100-move scramble.
    let theirs = v["details"]["solver_length"]
        .as_u64()
        .expect("the inverse is the answer");
    assert_eq!(v["length"], 100);
    assert!(
        stderr.contains(&format!(
            "note: the answer is the inverse of the input: shorter than the solver's answer ({theirs} HTM)"
        )),
        "{stderr}"
    );
}

#[test]
fn corrupt_macro_files_and_bad_parameters_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.tmac");
    std::fs::write(&bad, b"TWSCMACR\x01\0\0\0\x01\0\0\0garbage!").unwrap();
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "1",
            "--macros",
        ])
        .arg(&bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("checksum mismatch"));
    // A corrupt cache library is replaced, not trusted.
    std::fs::write(dir.path().join("supercube-macros.tmac"), b"junk").unwrap();
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "1",
            "--learn",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("starting a new macro library"));
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--random",
            "--population",
            "1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("population"));
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--random",
            "--macros-limit",
            "0",
        ])
        .assert()
        .code(2);
    for bad in ["0", "5000"] {
        twisty(dir.path())
            .args([
                "solve",
                "-p",
                "supercube:2",
                "--solver",
                "ga",
                "--random",
                "--attempts",
                bad,
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "option `attempts` of the ga solver must be a whole number from 1 to 1024",
            ));
        twisty(dir.path())
            .args([
                "bench",
                "supercube",
                "--sizes",
                "2",
                "--runs",
                "1",
                "--attempts",
                bad,
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "attempts {bad} must be 1..=1024"
            )));
    }
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--random",
            "--attempts",
            "many",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--attempts"));
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "1",
            "--max-gas",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("gave up after --max-gas 1 GA steps"));
}

#[test]
fn seed_macro_store_is_read_only_and_used() {
    let dir = tempfile::tempdir().unwrap();
    let store = seed_inputs().join("robertswita_RubikCube_6bd668f_bin_Release_solutions.bin");
    twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:3",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "5",
            "--macros-limit",
            "100",
            "--macros",
        ])
        .arg(&store)
        .assert()
        .success()
        .stdout(predicate::str::contains("Solution:"));
}

#[test]
fn simplify_parallel_prints_the_merged_solution() {
    let dir = tempfile::tempdir().unwrap();
    let out = twisty(dir.path())
        .args([
            "solve",
            "-p",
            "supercube:2",
            "--solver",
            "ga",
            "--random",
            "--seed",
            "4",
            "--simplify-parallel",
            "--notation",
            "seed",
            "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let merged = v["details"]["ga"]["merged_length"].as_u64().unwrap();
    let solution = v["solution"].as_str().unwrap();
    assert_eq!(solution.split(' ').count() as u64, merged);
    // No two moves of one slice with only same-axis moves between them are left.
    let toks: Vec<&str> = solution.split(' ').collect();
    let key = |t: &str| (t.chars().next().unwrap(), t[1..2].to_string());
    for (i, t) in toks.iter().enumerate() {
        for u in toks[..i].iter().rev() {
            if key(u).0 != key(t).0 {
                break;
            }
            assert_ne!(key(u), key(t), "{solution}");
        }
    }
    let scramble = v["input"].as_str().unwrap();
    twisty(dir.path())
        .args([
            "show",
            "-p",
            "supercube:2",
            "--notation",
            "seed",
            "--json",
            &format!("{scramble} {solution}"),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"solved\": true"));
}

/// `twisty bench supercube` on sizes 2-3, 2 runs, 100 of the seed's macros, plus `extra`.
fn small_bench(dir: &std::path::Path, extra: &[&str]) -> assert_cmd::assert::Assert {
    twisty(dir)
        .args([
            "bench",
            "supercube",
            "--sizes",
            "2-3",
            "--runs",
            "2",
            "--macros",
            "100",
        ])
        .args(extra)
        .arg("--inputs")
        .arg(seed_inputs())
        .assert()
        .success()
}

#[test]
fn bench_prints_the_paper_beside_ours() {
    let dir = tempfile::tempdir().unwrap();
    small_bench(dir.path(), &[])
        .stdout(predicate::str::contains("100 macros known"))
        .stdout(predicate::str::contains("best of 16 GA runs per step"))
        .stdout(predicate::str::contains("paper, 100 macros"))
        .stdout(predicate::str::contains("2/2"));
    // GA runs = steps × attempts in every run; the paper's loop runs one GA per step.
    for attempts in [1u64, 16] {
        let out = small_bench(dir.path(), &["--attempts", &attempts.to_string(), "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(v["attempts"], attempts);
        for r in v["runs"].as_array().unwrap() {
            assert_eq!(r["solved"], true, "{r}");
            let steps = r["ga_count"].as_u64().unwrap();
            assert_eq!(r["ga_runs"].as_u64(), Some(steps * attempts), "{r}");
        }
    }
    // Merged lengths compared, with the median's interval and the rank-sum test (JSON).
    // The bundled macro stores, from a directory with no seed inputs.
    let out = twisty(dir.path())
        .current_dir(dir.path())
        .args([
            "bench",
            "supercube",
            "--sizes",
            "2",
            "--runs",
            "6",
            "--macros",
            "200",
            "--simplify-parallel",
            "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let s = &v["summary"][0];
    assert_eq!(s["compared_length"], "merged");
    let (lo, hi) = (
        s["compared_ci95"][0].as_f64().unwrap(),
        s["compared_ci95"][1].as_f64().unwrap(),
    );
    let med = s["compared_median"].as_f64().unwrap();
    assert!(lo <= med && med <= hi, "{s}");
    let p = s["p_two_sided"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    for r in v["runs"].as_array().unwrap() {
        let (len, merged, simp) = (
            r["length"].as_u64().unwrap(),
            r["merged"].as_u64().unwrap(),
            r["simplified"].as_u64().unwrap(),
        );
        assert!(simp <= merged && merged <= len, "{r}");
    }
    twisty(dir.path())
        .args(["bench", "supercube", "--sizes", "2-20"])
        .assert()
        .code(2);
}

#[test]
fn state_string_round_trips_and_bad_strings_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = twisty(dir.path())
        .args(["show", "--puzzle", "supercube:2", "--json", "x0 y1'"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let code = v["state"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 16);
    let out = twisty(dir.path())
        .args([
            "solve",
            "--puzzle",
            "supercube:2",
            "--solver",
            "ga",
            "--seed",
            "1",
            "--no-learn",
            "--facelets",
            &code,
            "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let solution = v["solution"].as_str().unwrap();
    twisty(dir.path())
        .args([
            "show",
            "-p",
            "supercube:2",
            "--json",
            &format!("x0 y1' {solution}"),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"solved\": true"));
    twisty(dir.path())
        .args(["show", "-p", "supercube:2", "--facelets", "0000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("16 hex digits"));
    twisty(dir.path())
        .args(["show", "-p", "supercube:2", "--facelets", "41000000000000zz"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("column 15"));
    // One corner turned in place: two cubies claim the same home.
    twisty(dir.path())
        .args(["show", "-p", "supercube:2", "--facelets", "4100000000000000"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("impossible state"));
}
