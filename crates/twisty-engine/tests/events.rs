//! The WCA events' scrambles: each parses in cubing.js for its puzzle and makes there the
//! cube the engine says; the format rules of the regulations; seeds reproduce.

mod common;

use common::cubing;
use serde_json::{json, Value};
use twisty_core::seeded_rng;
use twisty_engine::scramble::event::{scramble, Event, EVENTS};
use twisty_engine::scramble::event_def::{
    EXACT_LENGTH, MINX_LINES, MINX_LINE_MOVES, PYRAMINX_MIN_DISTANCE, SKEWB_MIN_DISTANCE,
};
use twisty_engine::{Engine, EngineConfig, PuzzleId, Quiet, SolveRequest};

fn engine() -> Engine {
    Engine::new(EngineConfig {
        tables_dir: common::shared_tables(),
        ..EngineConfig::default()
    })
}

/// The oracle line checking `s` on the event's puzzle: a cube's facelets, or a definition's
/// pattern.
fn oracle_line(p: PuzzleId, scramble: &str) -> Value {
    match p {
        PuzzleId::Cube2 => cubing::line(2, scramble, "", true),
        PuzzleId::Cube3 => cubing::line(3, scramble, "", true),
        PuzzleId::CubeN(n) => cubing::line(usize::from(n), scramble, "", true),
        PuzzleId::Def(_) => {
            json!({ "puzzle": p.to_string(), "scramble": scramble, "solution": "", "pattern": true })
        }
        PuzzleId::Clock => json!({ "puzzle": "clock", "scramble": scramble, "solution": "" }),
        PuzzleId::Sq1 => json!({ "puzzle": "sq1", "scramble": scramble, "solution": "" }),
        other => panic!("no event scrambles {other}"),
    }
}

/// Whether cubing.js's pattern data equals twisty's state string of a definition (its
/// orbits; orientations counted modulo `orientationMod` where twisty gives one).
fn same_pattern(twisty: &str, cubing: &Value) -> bool {
    let ours: Value = serde_json::from_str(twisty).expect("a JSON state");
    let Some(orbits) = ours.as_object() else {
        return false;
    };
    !orbits.is_empty()
        && orbits.iter().all(|(name, o)| {
            let theirs = &cubing[name];
            let m = |v: &Value, i: usize| v[i].as_u64().unwrap_or(u64::MAX);
            let n = o["pieces"].as_array().map_or(0, Vec::len);
            n > 0
                && (0..n).all(|i| {
                    let modulus = o["orientationMod"].get(i).and_then(Value::as_u64).unwrap_or(0);
                    let (a, b) = (m(&o["orientation"], i), m(&theirs["orientation"], i));
                    m(&o["pieces"], i) == m(&theirs["pieces"], i)
                        && if modulus > 0 {
                            a % modulus == b % modulus
                        } else {
                            a == b
                        }
                })
        })
}

#[test]
fn every_event_scramble_makes_in_cubing_js_the_cube_the_engine_says() {
    let e = engine();
    let mut rng = seeded_rng(61);
    let mut lines = Vec::new();
    let mut cases = Vec::new();
    for (id, event) in EVENTS {
        let s = scramble(&e, *event, &mut rng).unwrap_or_else(|err| panic!("{id}: {err}"));
        let p = event.puzzle().expect("the event's puzzle");
        lines.push(oracle_line(p, &s.scramble));
        cases.push((*id, p, s));
    }
    // The puzzles given by a definition: a few more each, and a wrong state is caught.
    for event in [Event::Pyram, Event::Skewb, Event::Minx] {
        let p = event.puzzle().expect("the event's puzzle");
        for _ in 0..4 {
            let s = scramble(&e, event, &mut rng).expect("a scramble");
            lines.push(oracle_line(p, &s.scramble));
            cases.push((event.id(), p, s));
        }
    }
    let verdicts = cubing::verdicts(&lines);
    for ((id, p, s), v) in cases.iter().zip(&verdicts) {
        assert_eq!(v["error"], Value::Null, "{id}: {}", s.scramble);
        let state = s.state.as_deref().unwrap_or_else(|| panic!("{id}: a state"));
        if let PuzzleId::Def(_) = p {
            assert!(
                same_pattern(state, &v["pattern"]),
                "{id}: {}: twisty {state}, cubing.js {}",
                s.scramble,
                v["pattern"]
            );
            assert_eq!(v["solved"], false, "{id}: {}", s.scramble);
        } else if *p == PuzzleId::Clock {
            // cubing.js's dials as held after the scramble (the back facing, after the y2).
            assert_eq!(v["dials"].as_str(), Some(state), "{id}: {}", s.scramble);
        } else if *p == PuzzleId::Sq1 {
            // cubing.js's wedges and middle layer, in twisty's state string.
            assert_eq!(v["state"].as_str(), Some(state), "{id}: {}", s.scramble);
            assert_eq!(v["solved"], false, "{id}: {}", s.scramble);
        } else {
            assert_eq!(v["facelets"].as_str(), Some(state), "{id}: {}", s.scramble);
        }
    }
    // Another scramble's state, or a state with two pieces swapped, does not match.
    let k = EVENTS.len();
    let state = |i: usize| cases[i].2.state.clone().unwrap_or_default();
    assert!(!same_pattern(&state(k), &verdicts[k + 1]["pattern"]));
    let mut swapped: Value = serde_json::from_str(&state(k + 4)).expect("a JSON state");
    if let Some(p) = swapped["CORNERS"]["pieces"].as_array_mut() {
        p.swap(0, 1);
    }
    assert!(same_pattern(&state(k + 4), &verdicts[k + 4]["pattern"]));
    assert!(!same_pattern(&swapped.to_string(), &verdicts[k + 4]["pattern"]));
}

/// The optimal answer's length (tip turns counted) of a definition event's scramble.
fn distance(e: &Engine, event: Event, scramble: &str) -> usize {
    let p = event.puzzle().expect("the event's puzzle");
    let r = e.solve(&SolveRequest::new(p, scramble), &Quiet).expect("a solve");
    assert!(r.optimal, "{scramble}");
    r.length as usize
}

#[test]
fn pyraminx_skewb_and_megaminx_scrambles_have_the_wca_form() {
    let e = engine();
    let mut rng = seeded_rng(57);
    for _ in 0..8 {
        // Pyraminx: exactly 11 big-layer moves, then at most one turn per tip, u l r b in
        // that order; at least 6 moves from solved, tips counted.
        let s = scramble(&e, Event::Pyram, &mut rng).expect("a scramble");
        let t = tokens(&s.scramble);
        let body: Vec<&str> = t
            .iter()
            .copied()
            .take_while(|m| m.starts_with(['U', 'L', 'R', 'B']))
            .collect();
        let tips: Vec<char> = t[body.len()..].iter().filter_map(|m| m.chars().next()).collect();
        assert_eq!(body.len(), EXACT_LENGTH, "{}", s.scramble);
        assert!(tips.len() <= 4, "{}", s.scramble);
        let order: Vec<usize> = tips.iter().filter_map(|c| "ulrb".find(*c)).collect();
        assert_eq!(order.len(), tips.len(), "{}", s.scramble);
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{}", s.scramble);
        assert!(body.windows(2).all(|w| w[0][..1] != w[1][..1]), "{}", s.scramble);
        assert!(
            distance(&e, Event::Pyram, &s.scramble) >= PYRAMINX_MIN_DISTANCE,
            "{}",
            s.scramble
        );
        // Skewb: exactly 11 moves of U L R B, no face twice in a row, at least 7 from solved.
        let s = scramble(&e, Event::Skewb, &mut rng).expect("a scramble");
        let t = tokens(&s.scramble);
        assert_eq!(t.len(), EXACT_LENGTH, "{}", s.scramble);
        assert!(
            t.iter().all(|m| ["U", "L", "R", "B"].contains(&&m[..1])),
            "{}",
            s.scramble
        );
        assert!(t.windows(2).all(|w| w[0][..1] != w[1][..1]), "{}", s.scramble);
        assert!(
            distance(&e, Event::Skewb, &s.scramble) >= SKEWB_MIN_DISTANCE,
            "{}",
            s.scramble
        );
    }
    // Megaminx: 7 lines of R and D turns alternating, each line's U following its last D.
    let mut ups = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let s = scramble(&e, Event::Minx, &mut rng).expect("a scramble");
        let lines: Vec<&str> = s.scramble.split('\n').collect();
        assert_eq!(lines.len(), MINX_LINES, "{}", s.scramble);
        for line in lines {
            let t = tokens(line);
            assert_eq!(t.len(), MINX_LINE_MOVES + 1, "{line}");
            for (j, m) in t[..MINX_LINE_MOVES].iter().enumerate() {
                let face = if j % 2 == 0 { "R" } else { "D" };
                assert!(
                    [format!("{face}++"), format!("{face}--")].contains(&m.to_string()),
                    "{line}"
                );
            }
            let want = if t[MINX_LINE_MOVES - 1] == "D++" {
                "U"
            } else {
                "U'"
            };
            assert_eq!(t[MINX_LINE_MOVES], want, "{line}");
            ups.insert(want);
        }
    }
    assert_eq!(ups.len(), 2);
    assert_eq!(Event::Minx.kind(), "random-moves");
    assert_eq!(Event::Pyram.kind(), "random-state");
    assert_eq!(Event::Skewb.kind(), "random-state");
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
    for event in [Event::Pyram, Event::Skewb, Event::Minx] {
        let a = scramble(&e, event, &mut seeded_rng(6)).expect("a scramble");
        let b = scramble(&e, event, &mut seeded_rng(6)).expect("a scramble");
        let c = scramble(&e, event, &mut seeded_rng(7)).expect("a scramble");
        assert_eq!(a, b, "{event}");
        assert_ne!(a, c, "{event}");
    }
    assert_eq!("PYRAM".parse::<Event>().ok(), Some(Event::Pyram));
    assert_eq!("333BF".parse::<Event>().ok(), Some(Event::Cube3Bf));
    let err = "444fm".parse::<Event>().expect_err("no such event").to_string();
    assert!(
        err.contains("unknown event `444fm`") && err.contains("333bf"),
        "{err}"
    );
    assert_eq!("SQ1".parse::<Event>().ok(), Some(Event::Sq1));
    for event in [Event::Clock, Event::Sq1] {
        let a = scramble(&e, event, &mut seeded_rng(6)).expect("a scramble");
        let b = scramble(&e, event, &mut seeded_rng(6)).expect("a scramble");
        let c = scramble(&e, event, &mut seeded_rng(7)).expect("a scramble");
        assert_eq!(a, b, "{event}");
        assert_ne!(a, c, "{event}");
    }
}

#[test]
fn sq1_scrambles_have_tnoodles_form_and_distance_and_their_answers_solve_in_cubing_js() {
    use twisty_engine::scramble::sq1::{too_near, MIN_DISTANCE};
    let e = engine();
    let mut rng = seeded_rng(13);
    assert_eq!(MIN_DISTANCE, 11);
    let mut lines = Vec::new();
    let mut states = Vec::new();
    for _ in 0..8 {
        let s = scramble(&e, Event::Sq1, &mut rng).expect("a scramble");
        let t = tokens(&s.scramble);
        // `(a,b) / (c,d) / … / (x,y)`: turns (amounts −5 to 6, not both 0) and slices, never
        // two of a kind in a row; at least 11 of them, the state being that far from solved.
        assert!(t.len() >= MIN_DISTANCE as usize, "{}", s.scramble);
        assert!(
            t.windows(2).all(|w| (w[0] == "/") != (w[1] == "/")),
            "{}",
            s.scramble
        );
        for turn in t.iter().filter(|t| **t != "/") {
            let inner = turn
                .strip_prefix('(')
                .and_then(|x| x.strip_suffix(')'))
                .unwrap_or_else(|| panic!("{turn} in {}", s.scramble));
            let amounts: Vec<i32> = inner.split(',').map(|a| a.parse().unwrap_or(99)).collect();
            assert_eq!(amounts.len(), 2, "{turn}");
            assert!(amounts.iter().all(|a| (-5..=6).contains(a)), "{turn}");
            assert_ne!(amounts, [0, 0], "{turn}");
        }
        let state = s.state.clone().expect("a state string");
        let parsed = twisty_core::sq1::render::from_state_string(&state).expect("a state");
        assert!(!too_near().contains(&parsed), "{}", s.scramble);
        let r = e
            .solve(&SolveRequest::new(PuzzleId::Sq1, s.scramble.as_str()), &Quiet)
            .expect("a solve");
        assert!(r.verified && r.metric == "twist" && !r.optimal, "{}", r.solution);
        assert_eq!(r.length as usize, r.moves.iter().filter(|m| *m == "/").count());
        lines.push(json!({ "puzzle": "sq1", "scramble": s.scramble, "solution": r.solution }));
        lines.push(json!({ "puzzle": "sq1", "scramble": s.scramble, "solution": "" }));
        states.push(state);
    }
    assert_eq!(Event::Sq1.kind(), "random-state");
    let verdicts = cubing::verdicts(&lines);
    for (pair, state) in verdicts.chunks(2).zip(&states) {
        assert_eq!(pair[0]["error"], Value::Null, "{}", pair[0]);
        assert_eq!(pair[0]["solved"], true, "{}", pair[0]);
        assert_eq!(pair[1]["state"].as_str(), Some(state.as_str()), "{}", pair[1]);
    }
}

#[test]
fn clock_scrambles_have_the_wca_form_and_their_answers_solve_in_cubing_js() {
    let e = engine();
    let mut rng = seeded_rng(12);
    let turns = [
        "UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL", "y2", "U", "R", "D", "L", "ALL",
    ];
    let mut lines = Vec::new();
    for _ in 0..8 {
        let s = scramble(&e, Event::Clock, &mut rng).expect("a scramble");
        let t = tokens(&s.scramble);
        // 14 turns with y2 after the ninth, amounts 0+ to 6+ or 1- to 5-, no pins after.
        assert_eq!(t.len(), 15, "{}", s.scramble);
        for (token, name) in t.iter().zip(turns) {
            if name == "y2" {
                assert_eq!(*token, "y2");
                continue;
            }
            let amount = token
                .strip_prefix(name)
                .unwrap_or_else(|| panic!("{token} is not {name}"));
            let (digits, sign) = amount.split_at(amount.len() - 1);
            let h: u8 = digits.parse().unwrap_or(99);
            assert!(
                (sign == "+" && h <= 6) || (sign == "-" && (1..=5).contains(&h)),
                "{token}"
            );
        }
        let r = e
            .solve(&SolveRequest::new(PuzzleId::Clock, s.scramble.as_str()), &Quiet)
            .expect("a solve");
        assert!(r.optimal && r.verified && r.length <= 14, "{}", r.solution);
        lines.push(json!({ "puzzle": "clock", "scramble": s.scramble, "solution": r.solution }));
    }
    assert_eq!(Event::Clock.kind(), "random-state");
    for v in cubing::verdicts(&lines) {
        assert_eq!(v["error"], Value::Null);
        assert_eq!(v["solved"], true, "{v}");
    }
}
