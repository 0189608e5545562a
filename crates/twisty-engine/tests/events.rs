//! The WCA events' scrambles: each parses in cubing.js for its puzzle and makes there the
//! cube the engine says; the format rules of the regulations; seeds reproduce.

mod common;

use common::cubing;
use twisty_core::seeded_rng;
use twisty_engine::scramble::event::{scramble, Event, EVENTS};
use twisty_engine::{Engine, EngineConfig, PuzzleId};

fn engine() -> Engine {
    Engine::new(EngineConfig {
        tables_dir: common::shared_tables(),
        ..EngineConfig::default()
    })
}

fn size(p: PuzzleId) -> usize {
    match p {
        PuzzleId::Cube2 => 2,
        PuzzleId::Cube3 => 3,
        PuzzleId::CubeN(n) => usize::from(n),
        other => panic!("no event scrambles {other}"),
    }
}

#[test]
fn every_event_scramble_makes_in_cubing_js_the_cube_the_engine_says() {
    let e = engine();
    let mut rng = seeded_rng(61);
    let mut lines = Vec::new();
    let mut cases = Vec::new();
    for (id, event) in EVENTS {
        let s = scramble(&e, *event, &mut rng).unwrap_or_else(|err| panic!("{id}: {err}"));
        let n = size(event.puzzle());
        lines.push(cubing::line(n, &s.scramble, "", true));
        cases.push((id, s));
    }
    for ((id, s), v) in cases.iter().zip(cubing::verdicts(&lines)) {
        assert_eq!(v["error"], serde_json::Value::Null, "{id}: {}", s.scramble);
        if let Some(state) = &s.state {
            assert_eq!(
                v["facelets"].as_str(),
                Some(state.as_str()),
                "{id}: {}",
                s.scramble
            );
        }
    }
}

fn tokens(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

#[test]
fn the_format_rules_of_each_event_hold() {
    let e = engine();
    let mut rng = seeded_rng(4);
    for _ in 0..3 {
        // Fewest moves: padded with R' U' F at both ends, nothing merging across them.
        let fm = scramble(&e, Event::Cube3Fm, &mut rng).expect("a scramble");
        let t = tokens(&fm.scramble);
        assert_eq!(&t[..3], ["R'", "U'", "F"], "{}", fm.scramble);
        assert_eq!(&t[t.len() - 3..], ["R'", "U'", "F"], "{}", fm.scramble);
        let (first, last) = (t[3], t[t.len() - 4]);
        assert!(!first.starts_with(['F', 'B']), "{}", fm.scramble);
        assert!(!last.starts_with(['R', 'L']), "{}", fm.scramble);
        // Blindfolded: a random state, then at most two wide moves of the orientation.
        let bf = scramble(&e, Event::Cube3Bf, &mut rng).expect("a scramble");
        let wide = tokens(&bf.scramble)
            .iter()
            .rev()
            .take_while(|t| t.contains('w'))
            .count();
        assert!(wide <= 2, "{}", bf.scramble);
        // The 2x2x2 is at least 4 moves from solved (Regulation 4b3b).
        let two = scramble(&e, Event::Cube2, &mut rng).expect("a scramble");
        assert!(tokens(&two.scramble).len() >= 4, "{}", two.scramble);
    }
    for (event, length) in [(Event::Cube5, 60), (Event::Cube6, 80), (Event::Cube7, 100)] {
        let s = scramble(&e, event, &mut rng).expect("a scramble");
        assert_eq!(tokens(&s.scramble).len(), length, "{event}");
        assert_eq!(event.kind(), "random-moves");
    }
    let five = scramble(&e, Event::Cube5Bf, &mut rng).expect("a scramble");
    let n = tokens(&five.scramble).len();
    assert!((60..=62).contains(&n), "{}", five.scramble);
    // The orientation suffix reaches every one of the 24 orientations (a 333bf scramble's
    // last wide moves), each about equally often.
    let mut seen = std::collections::BTreeMap::new();
    let mut r = seeded_rng(9);
    for _ in 0..48 {
        let s = scramble(&e, Event::Cube3Bf, &mut r).expect("a scramble");
        let t = tokens(&s.scramble);
        let suffix: Vec<&str> = t.iter().rev().take_while(|t| t.contains('w')).copied().collect();
        *seen.entry(suffix.join(" ")).or_insert(0) += 1;
    }
    assert!(seen.len() >= 15, "{seen:?}");
}

#[test]
fn seeds_reproduce_and_unknown_events_are_refused() {
    let e = engine();
    let a = scramble(&e, Event::Cube3Fm, &mut seeded_rng(5)).expect("a scramble");
    let b = scramble(&e, Event::Cube3Fm, &mut seeded_rng(5)).expect("a scramble");
    assert_eq!(a, b);
    assert_eq!("333BF".parse::<Event>().ok(), Some(Event::Cube3Bf));
    let err = "444fm".parse::<Event>().expect_err("no such event").to_string();
    assert!(
        err.contains("unknown event `444fm`") && err.contains("333bf"),
        "{err}"
    );
    let err = "clock".parse::<Event>().expect_err("not yet").to_string();
    assert!(err.contains("no scrambler for the clock yet"), "{err}");
}
