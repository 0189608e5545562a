//! Puzzles given by a definition through the engine: names, optimal verified solves of the
//! Pyraminx and the Skewb, definition files, refusals (malformed files with their line,
//! unknown names, puzzles too large for the optimal solver), random-state scrambles and the
//! note naming a dedicated solver.

use twisty_core::def::DefPuzzle;
use twisty_core::{seeded_rng, Held, Puzzle};
use twisty_engine::{scramble, Engine, EngineConfig, ErrorKind, Notation, PuzzleId, Quiet, SolveRequest};

fn engine(dir: &tempfile::TempDir) -> Engine {
    Engine::new(EngineConfig {
        tables_dir: dir.path().to_path_buf(),
        ..EngineConfig::default()
    })
}

fn id(name: &str) -> PuzzleId {
    name.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn def(name: &str) -> std::sync::Arc<DefPuzzle> {
    match id(name) {
        PuzzleId::Def(d) => d.puzzle(),
        other => panic!("{name} is {other:?}"),
    }
}

#[test]
fn names_parse_display_and_round_trip() {
    for name in ["pyraminx", "skewb", "megaminx", "fto", "dino", "helicopter"] {
        let p = id(name);
        assert!(matches!(p, PuzzleId::Def(_)), "{name}");
        assert_eq!(p.to_string(), name);
        assert_eq!(id(&format!("def:{name}")), p, "def:{name} is the same puzzle");
        assert!(PuzzleId::listed().contains(&p), "{name} is listed");
    }
    for name in ["2x2x2", "3x3x3", "4x4x4", "kilominx"] {
        let p = id(&format!("def:{name}"));
        assert!(matches!(p, PuzzleId::Def(_)), "{name}");
        assert_eq!(p.to_string(), format!("def:{name}"));
        assert_eq!(id(&p.to_string()), p);
    }
    // The plain names stay the dedicated puzzles.
    assert_eq!(id("2x2"), PuzzleId::Cube2);
    assert_eq!(id("kilominx"), PuzzleId::Kilominx);
    assert_eq!(id("Pyraminx"), id("pyraminx"));
    assert!(PuzzleId::help().contains("def:PATH"));
    let e = "def:nosuch".parse::<PuzzleId>().expect_err("unknown");
    assert_eq!(e.kind, ErrorKind::Usage);
    assert!(e.message.contains("unknown definition `nosuch`"), "{e}");
    assert!(e.message.contains("pyraminx"), "{e}");
    let e = "def:".parse::<PuzzleId>().expect_err("empty");
    assert!(e.message.contains("built-in name"), "{e}");
}

#[test]
fn pyraminx_and_skewb_solves_are_optimal_and_verified() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = engine(&dir);
    for (puzzle, input, optimal) in [
        ("pyraminx", "R U L' B", 4),
        ("pyraminx", "R U L' B u r'", 6),
        ("skewb", "R U L' B", 4),
        ("skewb", "R U R' U'", 4),
    ] {
        let r = engine
            .solve(&SolveRequest::new(id(puzzle), input), &Quiet)
            .unwrap_or_else(|e| panic!("{puzzle} {input}: {e}"));
        assert!(r.optimal && r.verified, "{puzzle}: {r:?}");
        assert_eq!(r.solver, "optimal");
        assert_eq!(r.length, optimal, "{puzzle} {input}: {}", r.solution);
        assert_eq!(r.notation, "definition");
        // The answer undoes the input on the model.
        let p = def(puzzle);
        let text = format!("{input} {}", r.solution);
        let (s, _) = p.parse_held(&text).expect("the answer reads back");
        assert!(p.is_solved(&s), "{puzzle}: {text}");
        let json = r.to_json();
        assert_eq!(json["puzzle"], puzzle);
        assert!(json["details"]["tables"]["in_memory"] == true);
    }
    // A solved input needs no move; a wrong move is a parse error naming it.
    let r = engine
        .solve(&SolveRequest::new(id("skewb"), "R R'"), &Quiet)
        .expect("solved");
    assert_eq!(r.length, 0);
    let e = engine
        .solve(&SolveRequest::new(id("pyraminx"), "R Q"), &Quiet)
        .expect_err("Q is not a move");
    assert_eq!(e.kind, ErrorKind::Parse);
    assert!(e.message.contains('Q'), "{e}");
}

#[test]
fn all_and_max_length_are_honoured() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = engine(&dir);
    let mut req = SolveRequest::new(id("skewb"), "R U");
    req = req.option("all", true);
    let r = engine.solve(&req, &Quiet).expect("solves");
    let all = r.details["solutions"].as_array().expect("every solution");
    assert!(!all.is_empty());
    let mut req = SolveRequest::new(id("pyraminx"), "R U L' B");
    req.max_length = Some(3);
    let e = engine.solve(&req, &Quiet).expect_err("needs 4");
    assert_eq!(e.kind, ErrorKind::NoSolution, "{e}");
}

const TINY: &str = "Name Tiny
Set A 3 2
Solved
A
1 2 3
0 0 0
End
Move X
A
2 3 1
1 0 0
End
Move Y
A
2 1 3
0 0 0
End
";

#[test]
fn a_definition_file_is_read_once_and_solved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tiny.tws");
    std::fs::write(&path, TINY).expect("written");
    let name = format!("def:{}", path.display());
    let p = id(&name);
    assert_eq!(id(&name), p, "the same file is the same puzzle");
    // Its name reads back.
    assert_eq!(id(&p.to_string()), p);
    let engine = engine(&dir);
    let r = engine
        .solve(&SolveRequest::new(p, "X Y X"), &Quiet)
        .expect("solves");
    assert!(r.optimal && r.verified);
    assert!(r.length <= 3);
    // A KPuzzle JSON file, recognised by its content.
    let json = dir.path().join("tiny.json");
    let PuzzleId::Def(d) = p else {
        panic!("a definition")
    };
    std::fs::write(&json, twisty_core::def::write_kpuzzle(d.puzzle().definition())).expect("written");
    let q = id(&format!("def:{}", json.display()));
    assert_ne!(q, p);
    let r = engine
        .solve(&SolveRequest::new(q, "X Y"), &Quiet)
        .expect("solves");
    assert!(r.verified && r.length <= 2);
}

#[test]
fn malformed_definition_files_are_refused_with_their_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (text, line, reason) in [
        (TINY.replace("Move X\nA", "Move X\nC"), 9, "unknown set `C`"),
        (TINY.replace("2 3 1\n1 0 0", "2 3 1\n5 0 0"), 11, "out of range"),
        (TINY.replace("2 3 1\n", "2 2 1\n"), 10, "appears twice"),
    ] {
        let path = dir.path().join(format!("bad{line}.tws"));
        std::fs::write(&path, &text).expect("written");
        let e = format!("def:{}", path.display())
            .parse::<PuzzleId>()
            .expect_err("malformed");
        assert_eq!(e.kind, ErrorKind::Parse, "{e}");
        assert_eq!(e.line, Some(line), "{e}");
        assert!(e.message.contains(&format!("line {line}")), "{e}");
        assert!(e.message.contains(reason), "{e}");
        assert!(e.message.contains("bad"), "names the file: {e}");
    }
    let path = dir.path().join("binary.tws");
    std::fs::write(&path, [0xffu8, 0xfe, 0]).expect("written");
    let e = format!("def:{}", path.display())
        .parse::<PuzzleId>()
        .expect_err("binary");
    assert!(e.message.contains("not UTF-8"), "{e}");
    let e = format!("def:{}", dir.path().display())
        .parse::<PuzzleId>()
        .expect_err("a directory");
    assert!(e.message.contains("not a file"), "{e}");
}

#[test]
fn puzzles_too_large_for_the_optimal_solver_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = engine(&dir);
    let mut rng = seeded_rng(3);
    for name in ["megaminx", "def:3x3x3"] {
        let p = def(name);
        let state = p.random_state(&mut rng);
        let e = engine
            .solve_state(
                &SolveRequest::new(id(name), "(random)"),
                twisty_engine::State::Def(state),
                &Quiet,
            )
            .expect_err("too large");
        assert_eq!(e.kind, ErrorKind::TooLarge, "{name}: {e}");
        assert!(e.message.contains("too large for the optimal solver"), "{e}");
        assert!(e.message.contains("move sequence of at most"), "{e}");
    }
    // A short move sequence is within reach.
    let r = engine
        .solve(
            &SolveRequest::new(id("def:3x3x3"), "R U F").option("memory", 2),
            &Quiet,
        )
        .expect("short input");
    assert_eq!(r.length, 3);
}

#[test]
fn random_state_scrambles_reach_their_state() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = engine(&dir);
    for name in ["pyraminx", "skewb", "def:2x2x2"] {
        let PuzzleId::Def(d) = id(name) else {
            panic!("{name}")
        };
        let p = d.puzzle();
        for seed in 0..3 {
            let expected = p.random_state(&mut seeded_rng(seed));
            let s = scramble::random_state(&engine, id(name), Notation::Standard, &mut seeded_rng(seed))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let (state, _) = p.parse_held(&s.scramble).expect("the scramble reads");
            assert_eq!(
                p.pattern(&state.0),
                p.pattern(&expected.0),
                "{name}: {}",
                s.scramble
            );
            // The scramble is optimal: no solve is shorter.
            let r = engine
                .solve(&SolveRequest::new(id(name), s.scramble.as_str()), &Quiet)
                .expect("solves");
            assert_eq!(r.length as usize, s.scramble.split_whitespace().count(), "{name}");
        }
    }
}

#[test]
fn a_definition_of_a_dedicated_puzzle_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let engine = engine(&dir);
    let r = engine
        .solve(&SolveRequest::new(id("def:2x2x2"), "R U F'"), &Quiet)
        .expect("solves");
    assert_eq!(r.length, 3);
    let note = r.details["dedicated"].as_str().unwrap_or_default();
    assert!(note.contains("--puzzle 2x2"), "{note}");
    let r = engine
        .solve(&SolveRequest::new(id("skewb"), "R"), &Quiet)
        .expect("solves");
    assert!(r.details.get("dedicated").is_none());
}
