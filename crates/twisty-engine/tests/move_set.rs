//! Solves kept to a move set (`moves`, the CLI's `--moves R,U`): the answer turns only the
//! faces named, as the user holds the puzzle, solves the input, and is optimal within the
//! set; states those moves cannot solve, move sets that name no move of the solver, and
//! solvers that cannot keep to a set are refused with a clear error.

mod common;

use rand::Rng;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::{seeded_rng, Held};
use twisty_engine::{
    Engine, EngineConfig, ErrorKind, Frame, MetricName, PuzzleId, Quiet, SolveReport, SolveRequest,
};

fn engine() -> Engine {
    Engine::new(EngineConfig {
        tables_dir: common::shared_tables(),
        ..EngineConfig::default()
    })
}

fn with_moves(puzzle: PuzzleId, input: &str, moves: &str) -> SolveRequest {
    SolveRequest {
        moves: Some(moves.to_string()),
        ..SolveRequest::new(puzzle, input)
    }
}

/// `n` random turns of the faces `faces`, never the same face twice in a row.
fn random_turns(seed: u64, faces: &[&str], n: usize) -> String {
    let mut rng = seeded_rng(seed);
    let mut out: Vec<String> = Vec::new();
    let mut last = usize::MAX;
    while out.len() < n {
        let f = rng.random_range(0..faces.len());
        if f == last {
            continue;
        }
        last = f;
        out.push(format!("{}{}", faces[f], ["", "2", "'"][rng.random_range(0..3)]));
    }
    out.join(" ")
}

/// Whether `answer` typed after `input` solves the puzzle as held.
fn solves<P: Held>(p: &P, input: &str, answer: &str) -> bool {
    let Ok((mut state, mut frame)) = p.parse_held(input) else {
        return false;
    };
    p.apply_held(&mut state, &mut frame, answer).is_ok() && p.is_solved(&state)
}

fn only(report: &SolveReport, faces: &[char]) {
    for m in &report.moves {
        let f = m.chars().next().unwrap_or(' ');
        assert!(
            faces.contains(&f) && m.len() <= 2,
            "`{m}` is not a turn of {faces:?}: {}",
            report.solution
        );
    }
}

#[test]
fn three_by_three_answers_turn_only_the_faces_named_as_the_cube_is_held() {
    let e = engine();
    let mut checked: Vec<(usize, String, String)> = Vec::new();
    for seed in 0..4u64 {
        let scramble = random_turns(seed, &["R", "U"], 9);
        // As given, and after a whole-cube turn: the faces are the user's.
        for input in [
            scramble.clone(),
            format!("y {scramble}"),
            format!("x2 z {scramble}"),
        ] {
            let r = e
                .solve(&with_moves(PuzzleId::Cube3, &input, "R,U"), &Quiet)
                .unwrap_or_else(|err| panic!("{input}: {err:?}"));
            assert_eq!(r.solver, "optimal");
            only(&r, &['R', 'U']);
            assert!(solves(&Cube3, &input, &r.solution), "{input} / {}", r.solution);
            assert!(
                r.length <= 9 && r.optimal,
                "{input}: {} ({})",
                r.solution,
                r.length
            );
            assert_eq!(r.details["moves"], "R, U");
            checked.push((3, input.clone(), r.solution.clone()));
        }
    }
    // Three faces, spaces instead of commas.
    let input = random_turns(9, &["R", "U", "F"], 7);
    let r = e
        .solve(&with_moves(PuzzleId::Cube3, &input, "R U F"), &Quiet)
        .expect("solves");
    only(&r, &['R', 'U', 'F']);
    assert!(solves(&Cube3, &input, &r.solution));
    checked.push((3, input, r.solution));
    // And in cubing.js, as the user holds the cube.
    let failed = common::cubing::unsolved(&checked);
    assert!(failed.is_empty(), "{failed:?}");
}

#[test]
fn a_restricted_answer_can_be_longer_than_the_unrestricted_one() {
    // `F` alone is one move; with R and U only it is out of reach, and `R U R'` (an <R,U>
    // state) has a three-move answer in both.
    let e = engine();
    let err = e
        .solve(&with_moves(PuzzleId::Cube3, "R U F", "R,U"), &Quiet)
        .expect_err("R U F is not in <R, U>");
    assert_eq!(err.kind, ErrorKind::NoSolution);
    assert!(
        err.message.contains("allowed moves alone, turns of R, U"),
        "{}",
        err.message
    );
    let r = e
        .solve(&with_moves(PuzzleId::Cube3, "R U R'", "U,R"), &Quiet)
        .expect("solves");
    assert_eq!(r.solution, "R U' R'");
    // The answer in the reference frame keeps to the set in that frame.
    let r = e
        .solve(
            &SolveRequest {
                frame: Frame::Reference,
                ..with_moves(PuzzleId::Cube3, "R U2 R' U'", "R,U")
            },
            &Quiet,
        )
        .expect("solves");
    only(&r, &['R', 'U']);
}

#[test]
fn two_by_two_and_definitions_keep_to_the_set_too() {
    let e = engine();
    for seed in 0..3u64 {
        let input = random_turns(20 + seed, &["R", "U"], 10);
        for metric in [MetricName::Htm, MetricName::Qtm] {
            let req = SolveRequest {
                metric,
                ..with_moves(PuzzleId::Cube2, &input, "R,U")
            };
            let r = e
                .solve(&req, &Quiet)
                .unwrap_or_else(|err| panic!("{input}: {err:?}"));
            only(&r, &['R', 'U']);
            assert!(solves(&Cube2, &input, &r.solution), "{input} / {}", r.solution);
            assert!(r.optimal);
        }
    }
    // The 2x2x2 solver keeps its D-L-B corner home: L is not one of its turns.
    let err = e
        .solve(&with_moves(PuzzleId::Cube2, "R U", "L,U"), &Quiet)
        .expect_err("L is not a turn of the 2x2x2 solver");
    assert_eq!(err.kind, ErrorKind::Usage);
    assert!(
        err.message.contains("`L`") && err.message.contains("U, R, F"),
        "{}",
        err.message
    );
    // A definition: the pyraminx with R and U only.
    let pyraminx = "pyraminx".parse::<PuzzleId>().expect("a built-in definition");
    let r = e
        .solve(&with_moves(pyraminx, "R U R' U R", "R,U"), &Quiet)
        .expect("solves");
    only(&r, &['R', 'U']);
    assert!(r.length <= 5);
    let err = e
        .solve(&with_moves(pyraminx, "R U L", "R,U"), &Quiet)
        .expect_err("L is needed");
    assert_eq!(err.kind, ErrorKind::NoSolution, "{err:?}");
}

#[test]
fn bad_move_sets_and_solvers_that_cannot_keep_to_one_are_refused() {
    let e = engine();
    let cases = [
        (with_moves(PuzzleId::Cube3, "R U", ""), "empty"),
        (with_moves(PuzzleId::Cube3, "R U", " , "), "empty"),
        (with_moves(PuzzleId::Cube3, "R U", "R,U2"), "`U2`"),
        (with_moves(PuzzleId::Cube3, "R U", "R,M"), "`M`"),
        (with_moves(PuzzleId::Cube3, "R U", "R,u"), "`u`"),
        (
            with_moves(PuzzleId::Cube3, "R U", "R,U").solver("twophase"),
            "--solver optimal",
        ),
        (
            with_moves(PuzzleId::Cube3, "R U", "R,U").option("heuristic", "h48-7"),
            "h48",
        ),
        (
            with_moves(PuzzleId::CubeN(4), "R U", "R,U"),
            "no solver of the 4x4x4",
        ),
        (
            with_moves(PuzzleId::Kilominx, "R U", "R,U"),
            "no solver of the Kilominx",
        ),
        (
            with_moves(PuzzleId::Cube3, "R U", &vec!["R"; 65].join(",")),
            "65 entries",
        ),
    ];
    for (req, needle) in cases {
        let err = e.solve(&req, &Quiet).expect_err(needle);
        assert_eq!(err.kind, ErrorKind::Usage, "{needle}: {err:?}");
        assert!(err.message.contains(needle), "{needle}: {}", err.message);
    }
}
