use super::notation::{format, parse_from, simplify};
use super::render::{from_state_string, render, to_state_string};
use super::shape::{cut_shapes, layer_shape, shape_cut};
use super::*;
use crate::held::Held;
use crate::seeded_rng;
use std::collections::{HashSet, VecDeque};

fn state(text: &str) -> Sq1State {
    Sq1.parse_held(text).map(|(s, _)| s).unwrap_or_default()
}

/// The slot each piece fills when solved (its first slot for a corner), layer then slot.
fn solved_slot_of(layer: usize, slot: usize) -> u8 {
    (12 * layer + slot) as u8
}

/// cubing.js's WEDGES pieces for a state: the solved position (0–23) of what each slot
/// holds, a corner's two halves told apart by their order.
fn wedges(s: &Sq1State) -> Vec<u8> {
    let solved = Sq1State::default();
    let mut out = Vec::new();
    for (layer, now) in [s.top(), s.bottom()].into_iter().enumerate() {
        for i in 0..SLOTS {
            let id = now[i];
            // Which half of its corner this slot is: the second when the slot before holds it.
            let second = is_corner(id) && now[(i + 11) % SLOTS] == id;
            let mut found = 0u8;
            for (l, home) in [solved.top(), solved.bottom()].into_iter().enumerate() {
                for j in 0..SLOTS {
                    let home_second = is_corner(id) && home[(j + 11) % SLOTS] == id;
                    if home[j] == id && home_second == second {
                        found = solved_slot_of(l, j);
                    }
                }
            }
            let _ = layer;
            out.push(found);
        }
    }
    out
}

#[test]
fn moves_move_the_slots_cubing_js_moves() {
    // Patterns from cubing.js 0.63.4's square1 KPuzzle (WEDGES pieces, EQUATOR).
    for (alg, want, turned) in [
        (
            "(1,0) / (-1,-4) / (3,0) /",
            vec![19, 20, 21, 0, 1, 2, 13, 14, 15, 16, 17, 11, 3, 4, 12, 9, 10, 18, 22, 23, 5, 6, 7, 8],
            true,
        ),
        (
            "(-2, 0) / (5, -4) / (-5, -5) / (-3, 0) / (0, 3) / (-1, -4) / (0, 4) / (-3, 0) / (0, -1) / (2, 1) / (5, 0) / (4, 0) / (-4, 0) / (0, 2)",
            vec![16, 17, 8, 22, 23, 5, 2, 0, 1, 12, 13, 14, 3, 4, 21, 15, 6, 7, 19, 20, 11, 9, 10, 18],
            true,
        ),
    ] {
        let s = Sq1.parse_moves(alg).map(|m| Sq1.state_after(&m));
        assert!(s.is_ok(), "{alg}: {s:?}");
        let s = s.unwrap_or_default();
        assert_eq!(wedges(&s), want, "{alg}");
        assert_eq!(s.middle(), turned, "{alg}");
    }
}

#[test]
fn the_slice_is_possible_where_the_wca_says() {
    // From solved, (1,-1)/ is possible and (-1,1)/ is not.
    assert!(Sq1.parse_moves("(1,-1) /").is_ok());
    let e = Sq1.parse_moves("(1,0) / (-1,1) /").err();
    let e = e.as_ref();
    assert_eq!(e.map(|e| e.column), Some(16));
    assert_eq!(e.map(|e| e.token.as_str()), Some("/"));
    let reason = e.map(|e| e.reason.clone()).unwrap_or_default();
    assert!(reason.contains("move 4 (slice 2)"), "{reason}");
    assert!(reason.contains("across the slice line"), "{reason}");
    // Solved lets the slice through; a 30° turn of the top does not.
    assert!(Sq1State::default().can_slash());
    let mut s = Sq1State::default();
    s.turn(11, 0);
    assert!(!s.can_slash());
    assert!(!s.slash(), "a blocked slice moves nothing");
    assert_eq!(s, state("(-1,0)"));
    // And a parse from that state refuses `/` as the first move.
    let e = parse_from("/", &s).err();
    assert_eq!(e.map(|e| e.column), Some(1));
}

#[test]
fn every_move_has_its_order_and_its_inverse_undoes_it() {
    for m in Sq1.moves() {
        let mut s = Sq1.solved();
        Sq1.apply(&mut s, m);
        assert!(!Sq1.is_solved(&s), "{m:?}");
        Sq1.apply(&mut s, Sq1.inverse(m));
        assert!(Sq1.is_solved(&s), "{m:?}");
    }
    let mut s = Sq1.solved();
    for k in 1..=12 {
        Sq1.apply(&mut s, Sq1Move::Top(1));
        assert_eq!(Sq1.is_solved(&s), k == 12);
    }
}

#[test]
fn notation_round_trips_in_tnoodles_form() {
    let mut rng = seeded_rng(5);
    for _ in 0..200 {
        let moves = Sq1.random_moves(&mut rng, 12);
        assert_eq!(Sq1.length(&moves, Metric::Htm), 12);
        let text = Sq1.format_moves(&moves);
        let back = Sq1.parse_moves(&text);
        assert!(back.is_ok(), "{text}: {back:?}");
        let back = back.unwrap_or_default();
        assert_eq!(Sq1.state_after(&back), Sq1.state_after(&moves), "{text}");
        assert_eq!(format(&back), text);
        // TNoodle's form: `(a,b)` with -5..6, ` / ` between.
        for t in text.split(' ') {
            if t != "/" {
                let inner = t.trim_start_matches('(').trim_end_matches(')');
                let v: Vec<i32> = inner.split(',').filter_map(|x| x.parse().ok()).collect();
                assert_eq!(v.len(), 2, "{t}");
                assert!(v.iter().all(|x| (-5..=6).contains(x)), "{t}");
                assert_ne!(v, vec![0, 0]);
            }
        }
    }
    // The forms cubing.js and people write read alike.
    let want = state("(1,0) / (-3,3) / (0,-1) /");
    for text in [
        "(1,0)/(-3,3)/(0,-1)/",
        "(1, 0) / (-3, 3) / (0, -1) /",
        "( 1 , 0 ) /( -3,3 )/ (0,-1)/",
        "1,0/-3,3/0,-1/",
        "(+1,0) / (9,3) / (0,11) / // a comment",
        "(13,0) / (-3,3) / (0,-1) /",
    ] {
        if text.starts_with("(13") {
            assert!(Sq1.parse_moves(text).is_err(), "{text}");
        } else {
            assert_eq!(state(text), want, "{text}");
        }
    }
    assert_eq!(
        format(&[
            Sq1Move::Slash,
            Sq1Move::Top(3),
            Sq1Move::Bottom(9),
            Sq1Move::Slash
        ]),
        "/ (3,-3) /"
    );
}

#[test]
fn simplify_merges_turns_and_cancels_slices() {
    let moves = Sq1
        .parse_moves("(1,0) (2,-1) / / (0,1) / (6,6)")
        .unwrap_or_default();
    let s = simplify(&moves);
    assert_eq!(format(&s), "(3,0) / (6,6)");
    assert_eq!(Sq1.state_after(&s), Sq1.state_after(&moves));
}

#[test]
fn parse_errors_say_what_and_where() {
    for (text, token, column, why) in [
        ("(1,0) / U", "U", 9, "not a Square-1 move"),
        ("(1 0) /", "(1", 1, "separated by a comma"),
        ("(1,) /", "(1,)", 1, "bottom's amount is missing"),
        ("(1,0 /", "(1,0", 1, "not closed"),
        ("(1,0)x /", "(1,0)x", 1, "unexpected `x`"),
        ("(20,0) /", "(20,0)", 1, "−12 to 12"),
        ("1,0) /", "1,0)", 1, "closes no"),
    ] {
        let e = Sq1.parse_moves(text).err();
        let e = e.as_ref();
        assert_eq!(e.map(|e| e.token.as_str()), Some(token), "{text}");
        assert_eq!(e.map(|e| e.column), Some(column), "{text}");
        let reason = e.map(|e| e.reason.clone()).unwrap_or_default();
        assert!(reason.contains(why), "{text}: {reason}");
    }
    // The line counts too.
    let e = Sq1.parse_moves("(1,0) /\n(-1,1) /").err();
    assert_eq!(e.map(|e| (e.line, e.column)), Some((2, 8)));
}

#[test]
fn there_are_3678_cut_shapes_all_reachable_with_both_middles() {
    assert_eq!(cut_shapes().len(), 3678);
    // Every cut shape with both middles is reached from solved (slices and turns).
    let key = |s: &Sq1State| (layer_shape(s.top()), layer_shape(s.bottom()), s.middle());
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(key(&Sq1State::default()));
    queue.push_back(Sq1State::default());
    while let Some(s) = queue.pop_front() {
        for a in 0..12u8 {
            for b in 0..12u8 {
                let mut t = s;
                t.turn(a, b);
                if !t.slash() {
                    continue;
                }
                if seen.insert(key(&t)) {
                    queue.push_back(t);
                }
            }
        }
    }
    let cut: HashSet<_> = seen
        .iter()
        .filter(|(t, b, _)| shape_cut(*t) && shape_cut(*b))
        .collect();
    assert_eq!(cut.len(), 2 * 3678);
}

#[test]
fn random_states_are_cut_well_formed_and_spread() {
    let mut rng = seeded_rng(11);
    let mut middles = 0;
    let mut corner_in_slot0 = [0u32; 16];
    let n = 8000;
    let shapes: HashSet<(u16, u16)> = cut_shapes().iter().copied().collect();
    for _ in 0..n {
        let s = Sq1.random_state(&mut rng);
        assert!(s.can_slash());
        assert!(Sq1State::new(*s.top(), *s.bottom(), s.middle()).is_ok());
        assert!(shapes.contains(&(layer_shape(s.top()), layer_shape(s.bottom()))));
        middles += u32::from(s.middle());
        corner_in_slot0[usize::from(s.top()[0])] += 1;
    }
    // The middle even odds, loosely (8000 draws: 4000 ± 5 sigma).
    assert!((3776..=4224).contains(&middles), "{middles}");
    // Every piece turns up in top slot 0.
    assert!(corner_in_slot0.iter().all(|&c| c > 0), "{corner_in_slot0:?}");
    // Reproducible from a seed.
    assert_eq!(
        Sq1.random_state(&mut seeded_rng(3)),
        Sq1.random_state(&mut seeded_rng(3))
    );
}

#[test]
fn state_strings_round_trip_and_errors_name_the_fault() {
    assert_eq!(
        to_state_string(&Sq1State::default()),
        "AAaBBbCCcDDd/eEEfFFgGGhHH/0"
    );
    let mut rng = seeded_rng(8);
    for _ in 0..100 {
        let s = Sq1.random_state(&mut rng);
        let text = to_state_string(&s);
        assert_eq!(from_state_string(&text), Ok(s), "{text}");
        assert!(render::looks_like_state_string(&text));
    }
    let s = state("(1,0) / (-1,-4) / (3,0) /");
    assert_eq!(from_state_string(&to_state_string(&s)), Ok(s));
    assert!(!render::looks_like_state_string("(1,0) / (-1,-4) /"));
    for (text, why) in [
        ("AAaBBbCCcDD/eEEfFFgGGhHH/0", "11 slots"),
        ("AAaBBbCCcDDx/eEEfFFgGGhHH/0", "no piece"),
        ("AAaBBbCCcDDd/eEEfFFgGGhHH/2", "0 (square)"),
        ("AAaBBbCCcDDd/eEEfFFgGGhHH", "1 `/`"),
        ("AaABBbCCcDDd/eEEfFFgGGhHH/0", "alone"),
        ("AAaBBbCCcDDa/eEEfFFgGGhHH/0", "edge a fills 2"),
        ("AAaBBbCCcDDd/eEEfFFgGGhHa/0", "corner H"),
    ] {
        let e = from_state_string(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(why), "{text}: {e}");
    }
    // Every layer shape (322 of them) has a turn that lets the slice through.
    let mut layers = 0;
    for mask in 0u16..1 << 12 {
        let overlap = (0..12).any(|i| mask >> i & 1 == 1 && mask >> ((i + 1) % 12) & 1 == 1);
        if !overlap {
            layers += 1;
            assert!(shape::reachable(mask), "{mask:012b}");
        }
    }
    assert_eq!(layers, 322);
    let drawing = render(&Sq1State::default());
    assert!(drawing.contains("top     A A a B B b | C C c D D d"), "{drawing}");
    assert!(drawing.contains("square; the slice can turn"), "{drawing}");
}
