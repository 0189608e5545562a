//! Tests of definitions: reading, writing, moves, group orders, held input, refusals.

use super::*;
use crate::held::Held;
use crate::puzzle::{Metric, Puzzle};
use crate::rng::seeded_rng;
use num_bigint::BigUint;

fn puzzle(name: &str) -> DefPuzzle {
    match builtin(name) {
        Some(Ok(p)) => p,
        Some(Err(e)) => panic!("{name}: {e}"),
        None => panic!("no built-in {name}"),
    }
}

fn big(s: &str) -> BigUint {
    s.parse().unwrap_or_default()
}

#[test]
fn every_builtin_round_trips_through_both_formats() {
    for &(name, text) in BUILTIN {
        let def = parse_tws(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(def.name, name);
        let written = write_tws(&def, &["round trip".to_string()]).unwrap_or_default();
        let again = parse_tws(&written).unwrap_or_else(|e| panic!("{name} rewritten: {e}"));
        assert_eq!(
            again.without_lines(),
            def.without_lines(),
            "{name}: .tws round trip"
        );
        let json = write_kpuzzle(&def);
        let mut from_json = parse_kpuzzle(&json).unwrap_or_else(|e| panic!("{name} JSON: {e}"));
        let mut sorted = def.without_lines();
        sorted.moves.sort_by(|a, b| a.name.cmp(&b.name));
        sorted.sequences.sort_by(|a, b| a.name.cmp(&b.name));
        from_json.sequences.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(from_json.without_lines(), sorted, "{name}: KPuzzle round trip");
        let p = DefPuzzle::from_kpuzzle_json(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.move_info().len(), puzzle(name).move_info().len());
    }
}

#[test]
fn move_orders_and_inverses() {
    let expected = [
        ("pyraminx", 3),
        ("skewb", 3),
        ("megaminx", 5),
        ("fto", 3),
        ("dino", 3),
        ("helicopter", 2),
        ("2x2x2", 4),
        ("3x3x3", 4),
        ("4x4x4", 4),
        ("kilominx", 5),
    ];
    for (name, order) in expected {
        let p = puzzle(name);
        for b in p.base_moves() {
            assert_eq!(b.order, order, "{name} {}", b.name);
        }
        assert_eq!(p.move_info().len(), p.base_moves().len() * (order - 1));
        for m in p.moves() {
            let mut s = p.solved();
            p.apply(&mut s, m);
            assert!(!p.is_solved(&s), "{name}: {} changes nothing", p.format_move(m));
            p.apply(&mut s, p.inverse(m));
            assert!(p.is_solved(&s), "{name}: {} then its inverse", p.format_move(m));
            assert_eq!(p.parse_moves(&p.format_move(m)).unwrap_or_default(), vec![m]);
            assert!(!p.faces_commute(p.face(m), p.face(m)));
        }
    }
}

#[test]
fn move_names_follow_twsearch() {
    let p = puzzle("megaminx");
    let names: Vec<&str> = p.move_info()[..4].iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["U", "U2", "U2'", "U'"]);
    assert_eq!(
        p.parse_moves("U3").unwrap_or_default(),
        p.parse_moves("U2'").unwrap_or_default()
    );
    assert_eq!(p.parse_moves("U5").unwrap_or_default(), vec![]);
    assert_eq!(
        p.move_length(p.parse_moves("U2'").unwrap_or_default()[0], Metric::Qtm),
        2
    );
    let c = puzzle("3x3x3");
    let names: Vec<&str> = c.move_info()[..3].iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["U", "U2", "U'"]);
    // U and D commute, U and R do not.
    let f = |t: &str| c.face(c.parse_moves(t).unwrap_or_default()[0]);
    assert!(c.faces_commute(f("U"), f("D")));
    assert!(!c.faces_commute(f("U"), f("R")));
}

#[test]
fn group_orders_match_the_published_counts() {
    // (name, group order with every piece and orientation distinct, published count of
    // distinct positions).
    let cases = [
        // 2x2x2 with DBL kept home: 7! · 3^6.
        ("2x2x2", "3674160", "3674160"),
        // 3x3x3, centres fixed: 8! · 3^7 · 12! · 2^11 / 2.
        ("3x3x3", "43252003274489856000", "43252003274489856000"),
        // Pyraminx with tips: 6!/2 · 2^5 · 3^4 · 3^4.
        ("pyraminx", "75582720", "75582720"),
        // Megaminx, centres fixed: 20!/2 · 3^19 · 30!/2 · 2^29.
        (
            "megaminx",
            "100669616553523347122516032313645505168688116411019768627200000000000",
            "100669616553523347122516032313645505168688116411019768627200000000000",
        ),
        // Kilominx by its 12 faces: 20!/2 · 3^19 (the count of positions up to the 60
        // rotations of the puzzle is this over 60).
        (
            "kilominx",
            "1413834128545313800765440000",
            "1413834128545313800765440000",
        ),
        // 4x4x4 with DBL kept home and the four centres of a colour alike:
        // 7! · 3^6 · 24! · 24!/(4!)^6.
        ("4x4x4", "", "7401196841564901869874093974498574336000000000"),
        // Dino cube: 12!/2 (the published 19,958,400 counts positions up to the 12
        // rotations the moves reach).
        ("dino", "239500800", "239500800"),
        // FTO with the three centres of a colour alike: 12 × the published
        // 31,408,133,379,194,880,000,000, which counts positions up to the 12 rotations the
        // face turns reach.
        (
            "fto",
            "158260810061489362698240000000",
            "376897600550338560000000",
        ),
        // Helicopter cube without jumbling: 8! · 3^7 · (6!)^4 / 2; the centres of a colour
        // lie in four different orbits, so none is ever swapped with another of its colour.
        ("helicopter", "11848661611315200000", "11848661611315200000"),
    ];
    for (name, order, states) in cases {
        let p = puzzle(name);
        let c = p.state_count().unwrap_or_else(|e| panic!("{name}: {e}"));
        if !order.is_empty() {
            assert_eq!(c.group_order, big(order), "{name}: group order");
        }
        assert_eq!(c.states, Some(big(states)), "{name}: states");
    }
    // Skewb: 3,149,280 positions (centre orientations invisible); its group also turns the
    // square centres, 4^6/2 more... computed exactly here.
    let skewb = puzzle("skewb").state_count().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(skewb.states, Some(big("3149280")));
    assert!(skewb.group_order > big("3149280"));
}

#[test]
fn random_states_are_reachable_and_vary() {
    let mut rng = seeded_rng(7);
    for name in [
        "pyraminx",
        "skewb",
        "2x2x2",
        "3x3x3",
        "megaminx",
        "fto",
        "helicopter",
    ] {
        let p = puzzle(name);
        let a = p.random_state(&mut rng);
        let b = p.random_state(&mut rng);
        assert_ne!(a, b, "{name}");
        assert!(p.is_reachable(&a.0).unwrap_or(false), "{name}");
    }
    // A lone swap of two corners (megaminx: turns are even permutations), of two edges
    // (3x3x3: with the corners unchanged, an odd edge permutation) and a lone corner twist
    // (2x2x2) are not reachable.
    for (name, orbit, twist) in [
        ("megaminx", "CORNERS", false),
        ("3x3x3", "EDGES", false),
        ("2x2x2", "CORNERS", true),
    ] {
        let p = puzzle(name);
        let Some((_, o)) = p.orbits().find(|(n, _)| *n == orbit) else {
            panic!("{name} has no {orbit}");
        };
        let mut bad = p.solved().0;
        if twist {
            bad[o.offset + o.pieces] = 1;
        } else {
            bad.swap(o.offset, o.offset + 1);
        }
        assert!(!p.is_reachable(&bad).unwrap_or(true), "{name}: reachable");
        assert!(p.is_reachable(&p.solved().0).unwrap_or(false));
    }
}

#[test]
fn held_answers_solve_as_held() {
    let cases = [
        ("2x2x2", "L D B x R U' y2 F"),
        ("3x3x3", "M E S Rw u x R U' f2 b'"),
        ("4x4x4", "Rw 2R L D' 3Rw x B f"),
        ("skewb", "F D UR UL x U L'"),
        ("megaminx", "R++ D-- R-- D++ U' y R"),
        ("pyraminx", "U L' Rv b R u'"),
        ("kilominx", "U R Uv F BR'"),
    ];
    for (name, text) in cases {
        let p = puzzle(name);
        let (state, frame) = p.parse_held(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let reference = p.reference_moves(text).unwrap_or_default();
        assert_eq!(p.state_after(&reference), state, "{name}: reference moves");
        let answer = p.held_moves(frame, &p.invert_all(&reference));
        let mut s = state.clone();
        let mut f = frame;
        p.apply_held(&mut s, &mut f, &answer.join(" "))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            p.is_solved(&s),
            "{name}: `{}` does not solve `{text}`",
            answer.join(" ")
        );
    }
}

#[test]
fn aliases_and_rotations_are_refused_by_plain_parsing() {
    let p = puzzle("2x2x2");
    let e = p.parse_moves("R x").err().map(|e| e.reason).unwrap_or_default();
    assert!(e.contains("rotation"), "{e}");
    let e = p.parse_moves("L").err().map(|e| e.reason).unwrap_or_default();
    assert!(e.contains("alias"), "{e}");
    let e = p.parse_moves("Q").err().map(|e| e.token).unwrap_or_default();
    assert_eq!(e, "Q");
}

const TINY: &str = "Name Tiny
Set A 3 2
Set B 2 1
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
";

fn refused(text: &str) -> DefError {
    match DefPuzzle::from_tws(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn a_tiny_definition_follows_ksolve_conventions() {
    let p = DefPuzzle::from_tws(TINY).unwrap_or_else(|e| panic!("{e}"));
    let x = p.move_info()[0].transform.clone();
    // ksolve `Move`: 1-based permutation, orientation of the piece that arrives, by its home.
    // Slot 0 receives piece 1 (from slot 1), whose change is 0; slot 2 receives piece 0,
    // whose change is 1.
    assert_eq!(&x[..6], &[1, 2, 0, 0, 0, 1]);
    assert_eq!(p.base_moves()[0].order, 6);
    let tws = TINY.replace("Move X\nA\n2 3 1\n1 0 0", "MoveTransformation X\nA\n1 2 0\n0 0 1");
    let q = DefPuzzle::from_tws(&tws).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(q.move_info()[0].transform, x);
}

#[test]
fn malformed_definitions_are_refused_with_line_and_reason() {
    let cases: [(String, usize, &str); 12] = [
        (TINY.replace("Move X\nA", "Move X\nC"), 10, "unknown set `C`"),
        (TINY.replace("2 3 1\n1 0 0", "2 3\n1 0 0"), 11, "3 pieces but this line has 2"),
        (TINY.replace("2 3 1\n1 0 0", "2 3 1\n2 0 0"), 12, "orientation 2 is out of range"),
        (TINY.replace("2 3 1\n", "2 2 1\n"), 11, "2 appears twice"),
        (TINY.replace("Set A 3 2", "Set A 300 2"), 2, "out of range (1 to 255)"),
        (TINY.replace("Set A 3 2", "Set A 3 200"), 2, "out of range (1 to 127)"),
        (TINY.replace("Set B 2 1", "Set A 2 1"), 3, "declared twice"),
        (format!("{TINY}Move X\nB\n2 1\nEnd\n"), 14, "defined twice"),
        (TINY.replace("2 3 1\n1 0 0", "2 3 1\n? 0 0"), 12, "unknown (`?`) orientation"),
        (TINY.replace("0 0 0\nEnd\nMove", "0 0 0\nMove"), 8, "no `End`"),
        (format!("{TINY}MoveSequence Y X Z\n"), 14, "uses `Z`"),
        (TINY.replace("Set B 2 1", "Set B 2 1\nSet C 255 1\nSet D 255 1\nSet E 255 1\nSet F 255 1\nSet G 255 1\nSet H 255 1\nSet I 255 1\nSet J 255 1\nSet K 255 1\nSet L 255 1\nSet M 255 1\nSet N 255 1\nSet O 255 1\nSet P 255 1\nSet Q 255 1\nSet R 255 1\nSet S 255 1"), 20, "exceed 8192 bytes"),
    ];
    for (text, line, reason) in cases {
        let e = refused(&text);
        assert_eq!(e.line, line, "{e}");
        assert!(e.reason.contains(reason), "expected `{reason}`, got `{e}`");
    }
    // A move of order over 255 and a move that does nothing.
    let identity = TINY.replace("2 3 1\n1 0 0", "1 2 3\n0 0 0");
    assert!(refused(&identity).reason.contains("changes nothing"));
}

#[test]
fn malformed_kpuzzle_json_is_refused_with_the_place() {
    let e = parse_kpuzzle("{\"orbits\": [")
        .err()
        .unwrap_or_else(|| DefError::global(""));
    assert_eq!(e.line, 1);
    let text = r#"{"name": "t", "orbits": [{"orbitName": "A", "numPieces": 2, "numOrientations": 1}],
      "defaultPattern": {"A": {"pieces": [0, 1], "orientation": [0, 0]}},
      "moves": {"X": {"A": {"permutation": [0, 0], "orientationDelta": [0, 0]}}}}"#;
    let e = parse_kpuzzle(text)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        e.contains("moves.X.A.permutation[1]") && e.contains("twice"),
        "{e}"
    );
}

#[test]
fn identical_pieces_and_wildcards_solve_in_any_arrangement() {
    let text = "Name W
Set A 2 3
Set B 2 1
Solved
A
1 1
? ?
End
Move X
A
2 1
0 0
End
Move Y
B
2 1
End
Move T
A
1 2
1 0
End
";
    let p = DefPuzzle::from_tws(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(p.has_identical_pieces() && p.has_orientation_wildcards());
    for m in p.parse_moves("X T").unwrap_or_default() {
        let mut s = p.solved();
        p.apply(&mut s, m);
        assert!(p.is_solved(&s), "{}", p.format_move(m));
    }
    let y = p.parse_moves("Y").unwrap_or_default();
    assert!(!p.is_solved(&p.state_after(&y)));
    let c = p.state_count().unwrap_or_else(|e| panic!("{e}"));
    // Group: pieces 0 and 1 in either order, each in any of 3 orientations (18), times the
    // order of pieces 2 and 3 (2). States: pieces 0 and 1 are identical and their
    // orientation does not count, so only the order of 2 and 3 is seen.
    assert_eq!(c.group_order, BigUint::from(36u32));
    assert_eq!(c.states, Some(BigUint::from(2u32)));
}

#[test]
fn rotated_solved_states_are_solved() {
    let p = puzzle("3x3x3");
    let r = p.with_rotated_solved_states();
    assert_eq!(r.solved_patterns().len(), 24);
    let state = DefState(p.frame_transform(DefFrame(5)));
    assert!(!p.is_solved(&state) && r.is_solved(&state));
}
