//! The engine end to end: every quick solver of every puzzle answers a real input with a
//! report valid against the JSON Schema, verified in the user's frame; bad requests get
//! typed errors.

mod common;

use serde_json::Value;
use twisty_engine::{
    solvers_for, Engine, EngineConfig, ErrorKind, Frame, Notation, PuzzleId, Quiet, SolveRequest,
};

fn engine(dir: &std::path::Path) -> Engine {
    Engine::new(EngineConfig {
        tables_dir: dir.to_path_buf(),
        ..EngineConfig::default()
    })
}

fn schema() -> jsonschema::Validator {
    let text = include_str!("../schema/solve-report.schema.json");
    let v: Value = serde_json::from_str(text).expect("the schema is JSON");
    jsonschema::validator_for(&v).expect("the schema compiles")
}

fn assert_valid(schema: &jsonschema::Validator, v: &Value) {
    let errors: Vec<String> = schema.iter_errors(v).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{v}\n{errors:?}");
}

/// Requests for every solver that answers in well under a second with small tables.
fn quick_requests() -> Vec<SolveRequest> {
    let mut v = vec![
        SolveRequest::new(PuzzleId::Cube3, "R U R' U' F2 D"),
        SolveRequest::new(PuzzleId::Cube3, "R U F").solver("thistlethwaite"),
        SolveRequest::new(PuzzleId::Cube3, "R U F2")
            .solver("optimal")
            .option("heuristic", "small"),
        SolveRequest::new(PuzzleId::Cube3, "R U F").solver("greedy"),
        SolveRequest::new(PuzzleId::Cube3, "R U")
            .solver("pso")
            .option("particles", 5)
            .option("iterations", 50),
        SolveRequest::new(PuzzleId::Cube3, "R U")
            .solver("aco")
            .option("ants", 5)
            .option("iterations", 20),
        SolveRequest::new(PuzzleId::Cube3, "R U")
            .solver("dkho")
            .option("krill", 5)
            .option("iterations", 20),
        SolveRequest::new(PuzzleId::Cube2, "R U R' F2 U"),
        SolveRequest::new(PuzzleId::Cube2, "D R x").solver("astar"),
        SolveRequest::new(PuzzleId::Kilominx, "R U F"),
        SolveRequest::new(PuzzleId::Supercube(2), "x0 y1 z0'")
            .solver("ga")
            .option("attempts", 2),
        SolveRequest::new(PuzzleId::Supercube(2), "x0 y1 z0'"),
        SolveRequest::new(PuzzleId::CubeN(4), "Rw U 3Fw' R2 x"),
        SolveRequest::new(PuzzleId::CubeN(5), "M Rw U 2F' 3Dw").option("beam", 4),
    ];
    // Two-phase improving its answer for 30 ms on two threads, without the short pass.
    let mut budget = SolveRequest::new(PuzzleId::Cube3, "R U R' U' F2 D B L2")
        .option("short_depth", 0)
        .option("budget", 30);
    budget.threads = Some(2);
    v.push(budget);
    for r in &mut v {
        r.seed = Some(7);
        r.timeout = Some(20.0);
    }
    v
}

#[test]
fn every_quick_solver_answers_with_a_schema_valid_verified_report() {
    let e = engine(&common::shared_tables());
    let schema = schema();
    let mut seen = std::collections::BTreeSet::new();
    for req in quick_requests() {
        let r = e
            .solve(&req, &Quiet)
            .unwrap_or_else(|err| panic!("{:?} {}: {err}", req.solver, req.input));
        assert!(r.verified);
        if !matches!(r.puzzle, PuzzleId::CubeN(_)) {
            // (An inner slice of a big cube counts two outer block turns.)
            assert_eq!(r.moves.len() as u32, r.length, "{r:?}");
        }
        assert_eq!(r.solution, r.moves.join(" "));
        assert_valid(&schema, &r.to_json());
        seen.insert((r.puzzle, r.solver.clone()));
    }
    // Every solver of the catalog except the ones with large tables was run.
    for p in [
        PuzzleId::Cube3,
        PuzzleId::Cube2,
        PuzzleId::Kilominx,
        PuzzleId::Supercube(2),
        PuzzleId::CubeN(4),
        PuzzleId::CubeN(5),
    ] {
        for s in solvers_for(p) {
            let big = s.info().tables.iter().map(|t| t.bytes).sum::<u64>() > 100 << 20;
            assert!(
                big || seen.contains(&(p, s.id.to_string())),
                "{p} {} not exercised",
                s.id
            );
        }
    }
}

#[test]
fn errors_are_typed_and_schema_valid() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = engine(dir.path());
    let schema = schema();
    let cases = [
        (SolveRequest::new(PuzzleId::Cube3, "R U Q"), ErrorKind::Parse),
        (
            SolveRequest::new(PuzzleId::Cube3, "R").solver("bogus"),
            ErrorKind::Usage,
        ),
        (
            SolveRequest::new(PuzzleId::Cube2, "R").option("heuristic", "korf"),
            ErrorKind::Usage,
        ),
        (
            SolveRequest::new(PuzzleId::Cube3, "R").option("probes", -3),
            ErrorKind::Usage,
        ),
        (
            SolveRequest {
                timeout: Some(1e30),
                ..SolveRequest::new(PuzzleId::Cube3, "R")
            },
            ErrorKind::Usage,
        ),
        (
            SolveRequest {
                max_length: Some(1000),
                ..SolveRequest::new(PuzzleId::Cube3, "R")
            },
            ErrorKind::Usage,
        ),
        (
            SolveRequest::new(
                PuzzleId::Cube3,
                "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF",
            ),
            ErrorKind::ImpossibleState,
        ),
        (
            SolveRequest::new(
                PuzzleId::Cube3,
                "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
                    .replacen("UUU", "UUR", 1)
                    .replacen("RRRRRRRRR", "URRRRRRRR", 1),
            ),
            ErrorKind::ImpossibleState,
        ),
        (
            SolveRequest::new(PuzzleId::Cube3, "R").solver("optimal"),
            ErrorKind::Tables,
        ),
    ];
    for (req, kind) in cases {
        let err = e.solve(&req, &Quiet).expect_err(&req.input);
        assert_eq!(err.kind, kind, "{}: {err}", req.input);
        let record = serde_json::json!({ "error": err });
        assert_valid(&schema, &record);
    }
}

#[test]
fn large_tables_are_not_built_behind_the_users_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let err = engine(dir.path())
        .solve(
            &SolveRequest::new(PuzzleId::Cube3, "R U").solver("optimal"),
            &Quiet,
        )
        .expect_err("the best table is 2.4 GiB");
    assert_eq!(err.kind, ErrorKind::Tables);
    assert!(
        err.message
            .contains("twisty tables build --puzzle 3x3 --heuristic best"),
        "{err}"
    );
    assert!(err.message.contains("GiB"), "{err}");
    // The refusal names the build's peak memory and the smaller routes.
    assert!(
        err.message.contains("about 5 GiB of memory while building"),
        "{err}"
    );
    assert!(err.message.contains("--heuristic korf-inverse"), "{err}");
    assert!(err.message.contains("up to 12 moves optimally"), "{err}");
    let err = engine(dir.path())
        .solve(
            &SolveRequest::new(PuzzleId::Kilominx, "R U").solver("optimal"),
            &Quiet,
        )
        .expect_err("the best tables are 6.9 GiB");
    assert!(err.message.contains("--heuristic sparse"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).map(|d| d.count()).unwrap_or(0), 0);
}

#[test]
fn tables_over_the_memory_cap_are_refused_before_anything_is_announced() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = Engine::new(EngineConfig {
        tables_dir: dir.path().to_path_buf(),
        max_memory: Some(3 << 19),
        ..EngineConfig::default()
    });
    let events = std::sync::Mutex::new(Vec::new());
    let observer = |ev: &twisty_engine::Event| events.lock().unwrap().push(format!("{ev:?}"));
    // The 2x2x2 distance table is 1.8 MiB: over a 1.5 MiB cap, so neither built nor read.
    let err = e
        .solve(&SolveRequest::new(PuzzleId::Cube2, "R U"), &observer)
        .expect_err("over the cap");
    assert_eq!(err.kind, ErrorKind::Tables);
    assert!(
        err.message
            .contains("table 2x2x2/distance/htm needs 1.8 MiB, over the memory cap of 1.5 MiB"),
        "{err}"
    );
    assert!(events.lock().unwrap().is_empty(), "{:?}", events.lock().unwrap());
    assert_eq!(std::fs::read_dir(dir.path()).map(|d| d.count()).unwrap_or(0), 0);
    // Solvers without tables over the cap still answer under it.
    let r = e
        .solve(
            &SolveRequest::new(PuzzleId::Supercube(2), "x0 y1 z0'")
                .solver("ga")
                .option("attempts", 2),
            &Quiet,
        )
        .expect("the genetic solver reads no table");
    assert!(r.verified);
}

#[test]
fn reference_frame_and_seed_notation_are_available() {
    let e = engine(&common::shared_tables());
    let mut req = SolveRequest::new(PuzzleId::Cube2, "R U");
    req.frame = Frame::Reference;
    let r = e.solve(&req, &Quiet).expect("solves");
    assert_eq!(r.frame, Frame::Reference);
    let mut seed = SolveRequest::new(PuzzleId::Kilominx, "U L F");
    seed.notation = Notation::Seed;
    seed.timeout = Some(5.0);
    let r = e.solve(&seed, &Quiet).expect("solves");
    assert_eq!((r.notation.as_str(), r.frame), ("seed", Frame::Reference));
    assert!(r.length <= 3, "{r:?}");
}

#[test]
fn default_solvers_never_answer_a_scramble_with_more_moves_than_it_has() {
    let e = engine(&common::shared_tables());
    // Kilominx scrambles as `twisty scramble --puzzle kilominx --length 10 --seed 1` prints
    // them (cubing.js notation), one with whole-puzzle rotations.
    let kilominx = [
        "DR2 F FL DL2' L' U B U BR2 DR'",
        "FR2 R DR2 F2' U F DR2' R' D2' FR",
        "FR' D' L' FL2' D2' FL' DL2 DR2 R U'",
        "L F2 x2 DR2' BR2' R2' B FR2 F DL2 FL2'",
    ];
    let mut inverses = 0;
    for s in kilominx {
        let mut req = SolveRequest::new(PuzzleId::Kilominx, s);
        req.timeout = Some(0.05);
        let r = e.solve(&req, &Quiet).expect("solved");
        assert!(r.verified && r.length <= 10, "{s}: {} ({})", r.solution, r.length);
        inverses += usize::from(r.details.get("answer").is_some());
    }
    // With a 50 ms budget the fast solver's own answers are longer than 10 moves.
    assert!(inverses > 0);
    // The supercube's genetic solver: a four-move scramble, a four-move answer.
    let mut req = SolveRequest::new(PuzzleId::Supercube(3), "R U F' 2R")
        .solver("ga")
        .option("attempts", 2);
    req.seed = Some(7);
    let r = e.solve(&req, &Quiet).expect("solved");
    assert_eq!(r.length, 4, "{}", r.solution);
    // Solvers picked for their method answer as they are: Thistlethwaite's answer to a
    // three-move scramble is its own.
    let r = e
        .solve(
            &SolveRequest::new(PuzzleId::Cube3, "R U F").solver("thistlethwaite"),
            &Quiet,
        )
        .expect("solved");
    assert!(r.details.get("answer").is_none());
}

/// A search split by first moves (`twisty.ray.solve_optimal`): each move m appended to the
/// input, searched at exactly the optimal length − 1 continuing m canonically; the answers,
/// m prepended, are exactly the unsplit search's optimal solutions.
#[test]
fn split_search_hints_partition_the_optimal_solutions_by_first_move() {
    let e = engine(&common::shared_tables());
    let all = |input: &str| {
        SolveRequest::new(PuzzleId::Cube3, input)
            .solver("optimal")
            .option("heuristic", "small")
            .option("all", true)
    };
    let answers = |r: &twisty_engine::SolveReport| -> Vec<String> {
        match r.details.get("solutions").and_then(Value::as_array) {
            Some(list) => list.iter().filter_map(|v| v.as_str().map(String::from)).collect(),
            None => vec![r.solution.clone()],
        }
    };
    // "F R L" and "B U D2" begin their answers with two turns of opposite faces, which only
    // the canonical continuation keeps from being found under both first moves.
    for input in ["F R", "F R L", "B U D2", "R U F D", "L2 B' U R"] {
        let whole = e.solve(&all(input), &Quiet).expect("solves");
        assert_eq!(whole.details.get("all_complete"), Some(&Value::Bool(true)));
        let opt = whole.length;
        let mut want = answers(&whole);
        let mut got = Vec::new();
        for m in ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"]
            .iter()
            .chain(&["D", "D2", "D'", "L", "L2", "L'", "B", "B2", "B'"])
        {
            let mut req = all(&format!("{input} {m}"));
            req.continue_input = true;
            req.min_length = Some(opt - 1);
            req.max_length = Some(opt - 1);
            match e.solve(&req, &Quiet) {
                Ok(r) => got.extend(answers(&r).iter().map(|a| format!("{m} {a}").trim().to_string())),
                Err(err) => assert_eq!(err.kind, ErrorKind::NoSolution, "{err}"),
            }
        }
        want.sort();
        got.sort();
        assert_eq!(got, want, "{input}");
    }
}

#[test]
fn an_interrupted_list_of_every_optimal_3x3x3_solution_says_so() {
    let e = engine(&common::shared_tables());
    // Raised before the call: the short search ends before it polls the flag, and the list
    // it returns is flagged as possibly incomplete.
    let mut req = SolveRequest::new(PuzzleId::Cube3, "R L")
        .solver("optimal")
        .option("heuristic", "small")
        .option("all", true);
    req.cancel = Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true)));
    let r = e.solve(&req, &Quiet).expect("found before the first poll");
    assert_eq!(r.details.get("all_complete"), Some(&Value::Bool(false)), "{r:?}");
    assert!(r.length == 2 && r.verified, "{r:?}");
}

#[test]
fn answers_are_simplified_and_counted_as_printed() {
    let e = engine(&common::shared_tables());
    // The 2x2x2 A* turns quarter turns: its `U U` is printed and counted as `U2`.
    let r = e
        .solve(
            &SolveRequest::new(PuzzleId::Cube2, "R U F' U2 R").solver("astar"),
            &Quiet,
        )
        .expect("a solve");
    assert_eq!(r.length as usize, r.moves.len(), "{}", r.solution);
    for pair in r.moves.windows(2) {
        assert_ne!(pair[0].chars().next(), pair[1].chars().next(), "{}", r.solution);
    }
    assert_eq!(r.length, 5, "{}", r.solution);
    // A QTM count of a half-turn-metric search says so and claims no optimality.
    let mut req = SolveRequest::new(PuzzleId::Cube3, "R2 U");
    req.metric = twisty_engine::MetricName::Qtm;
    let r = e.solve(&req, &Quiet).expect("a solve");
    assert_eq!(r.length, 3);
    assert!(!r.optimal);
    assert!(
        r.details["metric_note"]
            .as_str()
            .is_some_and(|n| n.contains("half-turn metric")),
        "{}",
        r.details
    );
    // The 2x2x2's optimal solver searches in QTM itself: no note.
    let mut req = SolveRequest::new(PuzzleId::Cube2, "R2 U");
    req.metric = twisty_engine::MetricName::Qtm;
    let r = e.solve(&req, &Quiet).expect("a solve");
    assert!(
        r.optimal && r.details.get("metric_note").is_none(),
        "{}",
        r.details
    );
}

#[test]
fn the_seeds_a_star_says_what_to_use_when_it_gives_up() {
    let e = engine(&common::shared_tables());
    let req = SolveRequest::new(PuzzleId::Cube2, "R U' F2 R' U F R2 U' F' R U2 F R' U")
        .solver("astar")
        .option("memory_mib", 1);
    let err = e
        .solve(&req, &Quiet)
        .expect_err("1 MiB is not enough for a long scramble");
    assert!(err.message.contains("memory budget"), "{err}");
    assert!(err.message.contains("`--solver optimal`"), "{err}");
    let summary = twisty_engine::find(PuzzleId::Cube2, Some("astar"))
        .expect("astar")
        .summary;
    assert!(summary.contains("short scrambles"), "{summary}");
}

#[test]
fn an_optimal_search_at_its_time_limit_answers_the_best_at_hand_not_proven_optimal() {
    let e = engine(&common::shared_tables());
    // 18 moves: far beyond the small heuristic in half a second.
    let mut req = SolveRequest::new(PuzzleId::Cube3, "R U F' L2 D B' R2 U F2 L D' B2 R' U2 F D' L B2")
        .solver("optimal")
        .option("heuristic", "small");
    req.timeout = Some(0.5);
    let r = e.solve(&req, &Quiet).expect("the best answer at hand");
    assert!(!r.optimal && r.verified, "{}", r.solution);
    assert!(
        r.details["deepest_bound"]
            .as_u64()
            .is_some_and(|b| u64::from(r.length) > b),
        "{}",
        r.details
    );
    let note = r.details["best_so_far"].as_str().unwrap_or_default();
    assert!(note.contains("not proven optimal"), "{}", r.details);
}

#[test]
fn two_phase_count_answers_shorter_and_shorter_solutions_shortest_first() {
    let e = engine(&common::shared_tables());
    let mut req = SolveRequest::new(PuzzleId::Cube3, "R U F' L2 D B' R2 U F2 L D' B2 R' U2 F D'")
        .option("count", 3)
        .option("short_depth", 0);
    req.timeout = Some(3.0);
    let r = e.solve(&req, &Quiet).expect("a solve");
    let lengths: Vec<usize> = match r.details.get("solutions").and_then(|v| v.as_array()) {
        Some(all) => all
            .iter()
            .map(|s| s.as_str().unwrap_or_default().split_whitespace().count())
            .collect(),
        None => vec![r.moves.len()],
    };
    assert!((1..=3).contains(&lengths.len()), "{lengths:?}");
    // The first solution is the answer, unless the search found nothing as short as the
    // input's inverse within its time (a loaded machine): then the report says so, and the
    // first solution is the solver's own length.
    let solver_length = match r.details.get("solver_length").and_then(|v| v.as_u64()) {
        Some(n) => {
            assert!(n > u64::from(r.length), "{}", r.details);
            n as usize
        }
        None => r.length as usize,
    };
    assert_eq!(lengths[0], solver_length, "{lengths:?}");
    assert!(lengths.windows(2).all(|w| w[0] < w[1]), "{lengths:?}");
    // Only the two-phase solver takes it.
    let err = e
        .solve(
            &SolveRequest::new(PuzzleId::Cube3, "R U")
                .solver("thistlethwaite")
                .option("count", 2),
            &Quiet,
        )
        .expect_err("thistlethwaite has no count");
    assert!(err.message.contains("count"), "{err}");
}

#[test]
fn the_time_limit_counts_from_the_requests_arrival() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let engine = engine(dir.path());
    let mut req = SolveRequest::new(PuzzleId::Cube2, "R U").solver("astar");
    req.timeout = Some(0.5);
    // A request that arrived a second ago (a server read its body, or it waited for a
    // slot): its half second is spent before the search.
    req.arrived = std::time::Instant::now().checked_sub(std::time::Duration::from_secs(1));
    let e = engine
        .solve(&req, &Quiet)
        .expect_err("the limit ran out before the call");
    assert_eq!(e.kind, ErrorKind::Timeout, "{e}");
    assert!(e.message.contains("since the request arrived"), "{e}");
    // Arrived now: solved within its limit.
    req.arrived = Some(std::time::Instant::now());
    assert_eq!(engine.solve(&req, &Quiet).expect("solved").length, 2);
}

#[test]
fn an_input_over_the_work_bound_is_refused_and_reading_counts_in_the_time_limit() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let engine = engine(dir.path());
    // 24 bytes that would move 384 million cubies: refused before any is moved.
    let req = SolveRequest::new(PuzzleId::Supercube(16), "((15Rw 15Uw 15Fw)3333)10");
    let e = engine.solve(&req, &Quiet).expect_err("over the work bound");
    assert_eq!(e.kind, ErrorKind::Parse, "{e}");
    assert!(e.message.contains("at most 25,000,000"), "{e}");
    // 15,000 face turns (3.84 million cubies, a tenth of a second in a release build): a
    // supercube cubie counts eight, so they are over the bound too.
    let e = engine
        .solve(&SolveRequest::new(PuzzleId::Supercube(16), "(R U F)5000"), &Quiet)
        .expect_err("over the work bound");
    assert_eq!(e.kind, ErrorKind::Parse, "{e}");
    // Under the bound but slow to apply (3 million cubies moved, then solved again): with a
    // time limit shorter than reading it, the answer is a timeout, not a search that starts
    // its clock after the input.
    let mut req = SolveRequest::new(PuzzleId::Supercube(16), "(15Rw 15Rw')400");
    req.timeout = Some(0.001);
    let e = engine
        .solve(&req, &Quiet)
        .expect_err("the limit runs out while reading");
    assert_eq!(e.kind, ErrorKind::Timeout, "{e}");
    assert!(e.message.contains("while reading the input"), "{e}");
    // Without a limit the same input is read and answered (it is solved).
    req.timeout = None;
    let r = engine.solve(&req, &Quiet).expect("a large input under the bound");
    assert_eq!(r.length, 0);
    // A scramble of the largest ordinary cube, of the default length, is under the bound.
    let p = PuzzleId::CubeN(64);
    let mut rng = twisty_core::seeded_rng(1);
    let length = twisty_engine::scramble::default_length(p);
    let s =
        twisty_engine::scramble::random_moves(p, length, Notation::Standard, &mut rng).expect("a scramble");
    let cube = twisty_core::cube_n::CubeN::new(64).expect("a size");
    assert!(twisty_engine::input::cube_n(&cube, &s.scramble, Notation::Standard).is_ok());
}

#[test]
fn an_engine_with_no_table_directory_solves_the_3x3x3_on_the_pair_tables_alone() {
    // The browser's engine: no table directory, so `tables=auto` takes the light set (the
    // small set's 79 MiB would be built again on every visit).
    let engine = Engine::new(EngineConfig {
        tables_dir: std::path::PathBuf::new(),
        ..EngineConfig::default()
    });
    let scramble = "D2 F' U2 B2 R2 U' L2 D' L' F2 R' U' B D2 L F' R2 U";
    let r = engine
        .solve(&SolveRequest::new(PuzzleId::Cube3, scramble), &Quiet)
        .unwrap();
    assert!(r.verified && r.length <= 21, "{}", r.solution);
    assert!(engine.is_loaded("3x3/two-phase-light"));
    assert!(!engine.is_loaded("3x3/two-phase"), "the small set was loaded");
    // A short input still gets an optimal answer from the light set's own pass.
    let r = engine
        .solve(&SolveRequest::new(PuzzleId::Cube3, "R U R' U' F2 D"), &Quiet)
        .unwrap();
    assert!(r.optimal && r.length == 6, "{} ({})", r.solution, r.length);
}
