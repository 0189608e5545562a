//! `twisty bench fast3x3` on random states and on seed 003's mix files.
#![allow(clippy::unwrap_used)]

mod common;

use assert_cmd::Command;

/// The tool over the shared table directory.
fn twisty() -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir")
        .arg(common::shared_tables())
        .arg("--colour")
        .arg("never");
    c
}

#[test]
fn random_states_and_seed_mixes_in_json() {
    let out = twisty()
        .args([
            "bench", "fast3x3", "--count", "4", "--seed", "3", "--json", "--mixes",
        ])
        .arg(common::seed_inputs())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["seed"], 3);
    let rows = v["random"].as_array().unwrap();
    let solvers: Vec<_> = rows
        .iter()
        .map(|r| (r["solver"].as_str().unwrap(), r["max_length"].as_u64()))
        .collect();
    assert_eq!(
        solvers,
        [
            ("two-phase", Some(21)),
            ("two-phase", Some(20)),
            ("thistlethwaite", None)
        ]
    );
    for r in rows {
        assert_eq!(r["count"], 4);
        let longest = r["longest"].as_u64().unwrap();
        if let Some(max) = r["max_length"].as_u64() {
            assert!(longest <= max, "{r}");
        }
        assert!(r["median_us"].as_f64().unwrap() > 0.0);
        assert!(r["solves_per_second"].as_f64().unwrap() > 0.0);
    }
    // Every mix file parsed and solved, the empty one with no moves.
    let mixes = v["mixes"].as_array().unwrap();
    assert_eq!(mixes.len(), 27, "{mixes:?}");
    let empty = mixes.iter().find(|m| m["mix"] == "empty").unwrap();
    assert_eq!(empty["two_phase_length"], 0);
    assert_eq!(empty["thistlethwaite_length"], 0);
    let superflip = mixes.iter().find(|m| m["mix"] == "superflip").unwrap();
    assert!(superflip["two_phase_length"].as_u64().unwrap() <= 21);
    assert_eq!(v["seed003_random"]["seed_mean_htm"], 34.70);
    assert!(v["seed003_random"]["thistlethwaite_mean_htm"].as_f64().unwrap() < 34.70);
}

#[test]
fn bad_arguments_are_usage_errors() {
    twisty()
        .args(["bench", "fast3x3", "--count", "0"])
        .assert()
        .code(2);
    let empty = tempfile::tempdir().unwrap();
    let out = twisty()
        .args(["bench", "fast3x3", "--count", "1", "--mixes"])
        .arg(empty.path())
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8_lossy(&out).contains("no dfinnis_Rubik_mix_"));
}
