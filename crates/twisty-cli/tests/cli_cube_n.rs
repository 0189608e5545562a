//! `--puzzle 4x4`, `5x5x5`, … `NxN`: the ordinary big cubes in the command line — names and
//! their limits, scrambles, `show` from moves and facelets, every input error, metrics, and
//! `solve` refusing clearly until a solver takes them.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn twisty(tables: &std::path::Path) -> Command {
    let mut c = Command::cargo_bin("twisty").unwrap();
    c.env_remove("TWISTY_MAX_MEMORY");
    c.arg("--tables-dir").arg(tables);
    c.env_remove("TWISTY_TABLES");
    c.env("NO_COLOR", "1");
    c
}

fn stdout(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(a.get_output().stdout.clone()).unwrap()
}

fn solved(n: usize) -> String {
    "URFDLB"
        .chars()
        .flat_map(|f| std::iter::repeat_n(f, n * n))
        .collect()
}

#[test]
fn scrambles_have_the_wca_lengths_and_are_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, len) in [
        ("4x4", 40),
        ("5x5x5", 60),
        ("666", 80),
        ("7x7", 100),
        ("10x10", 160),
    ] {
        let a = twisty(dir.path())
            .args(["scramble", "--puzzle", puzzle, "--seed", "7", "--json"])
            .assert()
            .success();
        let v: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
        let scramble = v["scramble"].as_str().unwrap();
        assert_eq!(scramble.split(' ').count(), len, "{puzzle}: {scramble}");
        let state = v["state"].as_str().unwrap().to_string();
        // The state string is the cube after the scramble, as `show` reads it.
        let shown = twisty(dir.path())
            .args(["show", "--puzzle", puzzle, "--json", scramble])
            .assert()
            .success();
        let s: serde_json::Value = serde_json::from_slice(&shown.get_output().stdout).unwrap();
        assert_eq!(s["state"].as_str(), Some(state.as_str()), "{puzzle}");
        assert_eq!(s["solved"], false);
        let again = twisty(dir.path())
            .args(["scramble", "--puzzle", puzzle, "--seed", "7", "--json"])
            .assert()
            .success();
        assert_eq!(again.get_output().stdout, a.get_output().stdout);
    }
}

#[test]
fn random_state_scrambles_reach_the_state_they_print_and_repeat_with_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    let run = || {
        let a = twisty(dir.path())
            .args([
                "scramble",
                "--puzzle",
                "4x4",
                "--random-state",
                "--seed",
                "3",
                "--json",
            ])
            .assert()
            .success();
        serde_json::from_slice::<serde_json::Value>(&a.get_output().stdout).unwrap()
    };
    let v = run();
    let scramble = v["scramble"].as_str().unwrap().to_string();
    let state = v["state"].as_str().unwrap().to_string();
    assert_eq!(state.len(), 96);
    assert!(scramble.split_whitespace().count() > 40, "{scramble}");
    // The scramble's cube is the printed state, and the same seed gives the same scramble.
    let shown = twisty(dir.path())
        .args(["solve", "--puzzle", "4x4", "--json", &scramble])
        .assert()
        .success();
    let r: serde_json::Value = serde_json::from_slice(&shown.get_output().stdout).unwrap();
    assert_eq!(r["verified"], true);
    let by_state = twisty(dir.path())
        .args(["solve", "--puzzle", "4x4", "--json", "--facelets", &state])
        .assert()
        .success();
    let f: serde_json::Value = serde_json::from_slice(&by_state.get_output().stdout).unwrap();
    assert_eq!(f["verified"], true);
    assert_eq!(run()["scramble"], v["scramble"]);
}

#[test]
fn show_draws_the_net_from_moves_and_from_facelets() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["show", "--puzzle", "5x5", "Rw U2 3Fw' M x"])
        .assert()
        .success();
    let text = stdout(&a);
    let lines: Vec<&str> = text.lines().collect();
    // 3 × 5 rows of net and the 150-letter facelet string.
    assert_eq!(lines.len(), 16, "{text}");
    let facelets = lines[15];
    assert_eq!(facelets.len(), 150);
    let b = twisty(dir.path())
        .args(["show", "--puzzle", "5x5", "--facelets", facelets])
        .assert()
        .success();
    assert_eq!(stdout(&b), text);
    // Colour names work as stickers.
    let names: Vec<&str> = solved(4)
        .chars()
        .map(|c| match c {
            'U' => "white",
            'R' => "red",
            'F' => "green",
            'D' => "yellow",
            'L' => "orange",
            _ => "blue",
        })
        .collect();
    let c = twisty(dir.path())
        .args([
            "show",
            "--puzzle",
            "4x4",
            "--json",
            "--facelets",
            &names.join(" "),
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&c.get_output().stdout).unwrap();
    assert_eq!(v["solved"], true);
    assert_eq!(v["state"].as_str(), Some(solved(4).as_str()));
}

#[test]
fn bad_sizes_are_usage_errors_that_say_the_limits() {
    let dir = tempfile::tempdir().unwrap();
    for (size, why) in [
        ("1x1", "4x4 to 64x64"),
        ("65x65", "not N = 65"),
        ("4x5", "same size"),
    ] {
        twisty(dir.path())
            .args(["show", "--puzzle", size, "R"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
    }
}

#[test]
fn moves_this_size_has_not_are_parse_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, moves, what) in [
        ("4x4", "R 4Rw", "4Rw"),
        ("4x4", "M", "M"),
        ("6x6", "R E", "E"),
        ("5x5", "R 6R", "6R"),
    ] {
        twisty(dir.path())
            .args(["show", "--puzzle", puzzle, moves])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(what));
    }
}

#[test]
fn facelet_errors_say_what_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let s = solved(4);
    let bad_letter = format!("{}Q{}", &s[..20], &s[21..]);
    let flipped = {
        // U's wing next to UR (row 1, col 3 of U) and R's (row 0, col 2): one wing flipped.
        let mut f: Vec<char> = s.chars().collect();
        f[7] = 'R';
        f[16 + 2] = 'U';
        f.into_iter().collect::<String>()
    };
    let count = {
        // An x-centre of U painted green: 15 white stickers, 17 green.
        let mut f: Vec<char> = s.chars().collect();
        f[5] = 'F';
        f.into_iter().collect::<String>()
    };
    for (text, why) in [
        (s[1..].to_string(), "96 stickers"),
        (bad_letter, "sticker 21 is `Q`"),
        (flipped, "cannot be flipped"),
        (count, "U appears 15 times, expected 16"),
    ] {
        let a = twisty(dir.path())
            .args(["show", "--puzzle", "4x4", "--facelets", &text])
            .assert()
            .failure();
        let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
        assert!(err.contains(why), "{why}: {err}");
    }
}

#[test]
fn the_big_cubes_are_solved_by_reduction_and_the_answer_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, moves) in [("4x4", "Rw U 3Fw' 2R x"), ("5x5", "M Rw U2 3Dw' 2-3r")] {
        let a = twisty(dir.path())
            .args(["solve", "--puzzle", puzzle, "--json", moves])
            .assert()
            .success();
        let r: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
        assert_eq!(r["solver"], "reduction", "{r}");
        assert_eq!(r["verified"], true);
        assert_eq!(r["optimal"], false);
        assert_eq!(r["metric"], "obtm");
        // The answer replayed after the input in the CLI's own reader is the solved cube.
        let both = format!("{moves} {}", r["solution"].as_str().unwrap());
        let s = twisty(dir.path())
            .args(["show", "--puzzle", puzzle, "--json", &both])
            .assert()
            .success();
        let shown: serde_json::Value = serde_json::from_slice(&s.get_output().stdout).unwrap();
        assert_eq!(shown["solved"], true, "{shown}");
    }
    // A maximum length below the reduction's answer is refused, saying so.
    twisty(dir.path())
        .args(["solve", "--puzzle", "4x4", "--max-length", "3", "Rw U 3Fw' 2R"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("more than 3"));
}

#[test]
fn the_x_centre_tables_are_built_once_into_the_cache_and_a_corrupt_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // First solve: built and stored (both the even-N set and, on a 5x5x5, the odd one).
    twisty(dir.path())
        .args(["solve", "--puzzle", "4x4", "Rw U 3Fw' 2R"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "building the reduction's x-centre tables (even N)",
        ));
    let file = dir.path().join("cube-n-x-centres-even-ud-sets.tbl");
    assert!(file.is_file());
    // Second solve: mapped from the files, nothing built.
    twisty(dir.path())
        .args(["solve", "--puzzle", "4x4", "Rw U 3Fw' 2R F"])
        .assert()
        .success()
        .stderr(predicate::str::contains("building").not());
    twisty(dir.path())
        .args(["solve", "--puzzle", "6x6", "3Rw U 2F"])
        .assert()
        .success()
        .stderr(predicate::str::contains("x-centre").not());
    twisty(dir.path())
        .args(["solve", "--puzzle", "5x5", "Rw U 3Fw'"])
        .assert()
        .success()
        .stderr(predicate::str::contains("x-centre tables (odd N)"));
    let listed = twisty(dir.path()).args(["tables", "list"]).assert().success();
    let list = stdout(&listed);
    for name in [
        "cube-n/x-centres-even/ud-sets",
        "cube-n/x-centres-even/rl-sets-wing-parity",
        "cube-n/x-centres-odd/faces",
    ] {
        assert!(list.contains(name), "{name}: {list}");
    }
    // A corrupt file: `tables verify` refuses it, a solve warns and rebuilds it.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[4000] ^= 0x42;
    std::fs::write(&file, &bytes).unwrap();
    twisty(dir.path())
        .args(["tables", "verify"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("checksum mismatch"));
    twisty(dir.path())
        .args(["solve", "--puzzle", "4x4", "Rw U"])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("warning: table cube-n-x-centres-even-ud-sets.tbl")
                .and(predicate::str::contains("checksum mismatch"))
                .and(predicate::str::contains("rebuilt")),
        );
    twisty(dir.path()).args(["tables", "verify"]).assert().success();
    // `tables build --puzzle 4x4` builds every table the reduction needs.
    let fresh = tempfile::tempdir().unwrap();
    twisty(fresh.path())
        .args(["tables", "build", "--puzzle", "4x4"])
        .assert()
        .success();
    for odd in ["even", "odd"] {
        assert!(fresh
            .path()
            .join(format!("cube-n-x-centres-{odd}-faces.tbl"))
            .is_file());
    }
}

#[test]
fn block_metrics_are_for_the_big_cubes() {
    let dir = tempfile::tempdir().unwrap();
    twisty(dir.path())
        .args(["solve", "--puzzle", "3x3", "--metric", "sstm", "R U"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the sstm metric is for the N×N×N cubes"));
}

#[test]
fn play_turns_scrambles_and_shows_the_big_cubes() {
    let dir = tempfile::tempdir().unwrap();
    let a = twisty(dir.path())
        .args(["play", "--puzzle", "5x5", "--seed", "2"])
        .write_stdin("Rw U 2-3r M\nSCRAMBLE 12\nquit\n")
        .assert()
        .success();
    let text = stdout(&a);
    assert!(text.contains("applied 4 moves"), "{text}");
    let scramble = text.lines().find_map(|l| l.strip_prefix("scramble: ")).unwrap();
    assert_eq!(scramble.split(' ').count(), 12, "{scramble}");
    // Outer blocks only, as the WCA scrambles.
    assert!(
        scramble
            .split(' ')
            .all(|t| !t.contains('-') && !t.starts_with('M')),
        "{scramble}"
    );
}

#[test]
fn event_scrambles_come_in_the_wca_form_and_repeat_with_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    let run = || {
        let a = twisty(dir.path())
            .args([
                "scramble", "--event", "555bf", "--seed", "2", "--count", "2", "--json",
            ])
            .assert()
            .success();
        String::from_utf8(a.get_output().stdout.clone()).unwrap()
    };
    let out = run();
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["event"], "555bf");
    assert_eq!(lines[0]["puzzle"], "5x5");
    assert_eq!(lines[0]["kind"], "random-moves");
    assert_eq!(lines[1]["state"].as_str().map(str::len), Some(150));
    assert_eq!(run(), out);
    twisty(dir.path())
        .args(["scramble", "--event", "pyramid"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown event `pyramid`"));
    twisty(dir.path())
        .args(["scramble", "--event", "333", "--puzzle", "2x2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn one_line_puts_each_minx_scramble_on_a_line_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let lines = |extra: &[&str]| {
        let a = twisty(dir.path())
            .args(["scramble", "--event", "minx", "--seed", "3", "--count", "5"])
            .args(extra)
            .assert()
            .success();
        stdout(&a).lines().map(str::to_string).collect::<Vec<_>>()
    };
    let blocks = lines(&[]);
    assert_eq!(blocks.len(), 5 * 7);
    let one = lines(&["--one-line"]);
    assert_eq!(one.len(), 5);
    for (line, block) in one.iter().zip(blocks.chunks(7)) {
        assert_eq!(*line, block.join(" "));
        assert_eq!(line.split_whitespace().count(), 7 * 11);
    }
    twisty(dir.path())
        .args(["scramble", "--event", "minx", "--one-line", "--json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
