//! God's algorithm through the engine: exact distributions of small puzzles given by a
//! definition, the check against the stabiliser chain, checkpoints (a stopped run resumed
//! gives the same counts; a damaged or foreign checkpoint refused) and refusals.

use std::path::PathBuf;
use twisty_engine::gods::{gods, GodsRequest};
use twisty_engine::{ErrorKind, MetricName, PuzzleId};

fn request(puzzle: &str) -> GodsRequest {
    GodsRequest {
        puzzle: Some(puzzle.parse::<PuzzleId>().expect("puzzle")),
        ..GodsRequest::default()
    }
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The 2x2x2 in the half-turn metric, as published (e.g. by twsearch and Jaap's pages).
const CUBE2_HTM: [u64; 12] = [
    1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
];

#[test]
fn the_2x2x2_definition_gives_the_published_distribution() {
    let r = gods(&request("def:2x2x2")).expect("gods");
    assert_eq!(r.depths, CUBE2_HTM);
    assert_eq!(r.states, 3_674_160);
    assert_eq!(r.entries, 3_674_160, "a perfect rank");
    assert!(r.complete);
    assert_eq!(r.expected.as_deref(), Some("3674160"));
    // The dedicated name is searched as the definition, with a note.
    let r2 = gods(&request("2x2")).expect("gods 2x2");
    assert_eq!(r2.depths, CUBE2_HTM);
    assert!(r2.note.expect("note").contains("def:2x2x2"));
}

#[test]
fn the_2x2x2_in_the_quarter_turn_metric() {
    let mut req = request("def:2x2x2");
    req.metric = MetricName::Qtm;
    let r = gods(&req).expect("gods");
    assert_eq!(
        r.depths,
        [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]
    );
}

#[test]
fn skewb_and_pyraminx_without_tips() {
    let r = gods(&request("skewb")).expect("skewb");
    assert_eq!(r.states, 3_149_280);
    assert_eq!(
        r.depths,
        [1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90]
    );
    let path = data("pyraminx-no-tips.tws");
    let r = gods(&request(&format!("def:{}", path.display()))).expect("pyraminx");
    assert_eq!(r.states, 933_120);
    assert_eq!(
        r.depths,
        [1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32]
    );
}

#[test]
fn several_solved_states_count_each_state_once() {
    let mut req = request("def:2x2x2");
    req.solved = vec!["R U R' U'".into()];
    let r = gods(&req).expect("gods");
    assert_eq!(r.solved_states, 2);
    assert_eq!(r.states, 3_674_160);
    assert_eq!(r.depths[0], 2);
    let mut bad = request("def:2x2x2");
    bad.solved = vec!["R Q".into()];
    let e = gods(&bad).expect_err("bad moves");
    assert_eq!(e.kind, ErrorKind::Parse);
}

#[test]
fn a_stopped_run_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().expect("dir");
    let mut req = request("skewb");
    req.checkpoint = Some(dir.path().to_path_buf());
    req.max_depth = Some(6);
    let part = gods(&req).expect("part");
    assert!(!part.complete);
    assert_eq!(part.depths.len(), 7);
    let file = part.checkpoint.clone().expect("checkpoint");
    assert!(file.is_file());
    req.max_depth = None;
    req.resume = true;
    let rest = gods(&req).expect("rest");
    assert_eq!(rest.resumed_after, Some(6));
    assert!(rest.complete);
    assert_eq!(rest.states, 3_149_280);
    assert_eq!(rest.depths, gods(&request("skewb")).expect("whole").depths);

    // The same file offered to another puzzle, and damaged: refused, saying why.
    let mut other = request("def:2x2x2");
    other.checkpoint = Some(file.clone());
    other.resume = true;
    let e = gods(&other).expect_err("foreign");
    assert!(e.message.contains("another search"), "{}", e.message);
    let mut bytes = std::fs::read(&file).expect("read");
    let k = bytes.len() - 100;
    bytes[k] ^= 0xff;
    std::fs::write(&file, &bytes).expect("write");
    let mut again = request("skewb");
    again.checkpoint = Some(file);
    again.resume = true;
    let e = gods(&again).expect_err("corrupt");
    assert!(e.message.contains("corrupt"), "{}", e.message);
}

#[test]
fn bad_puzzles_and_small_memory_caps_are_refused() {
    let mut req = request("pyraminx");
    req.memory = 1 << 20;
    let e = gods(&req).expect_err("too big");
    assert_eq!(e.kind, ErrorKind::TooLarge);
    assert!(e.message.contains("memory cap of 1.0 MiB"), "{}", e.message);
    let e = gods(&request("megaminx")).expect_err("megaminx");
    assert_eq!(e.kind, ErrorKind::TooLarge);
    let e = gods(&request("3x3")).expect_err("3x3");
    assert_eq!(e.kind, ErrorKind::TooLarge);
    let e = gods(&request("clock")).expect_err("clock");
    assert_eq!(e.kind, ErrorKind::Usage);
    assert!("def:no/such/file.tws".parse::<PuzzleId>().is_err());
}
