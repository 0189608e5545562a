use super::linear::{self, effect, scramble_amounts, scramble_tokens, SCRAMBLE_TURNS};
use super::notation::parse_written;
use super::render::{from_state_string, render, to_state_string};
use super::*;
use crate::held::Held;
use crate::seeded_rng;

fn state(text: &str) -> ClockState {
    Clock.parse_held(text).map(|(s, _)| s).unwrap_or_default()
}

#[test]
fn moves_turn_the_dials_cubing_js_turns() {
    // cubing.js's clock: UL+ adds 1 to front dials 0 1 3 4 and takes 1 from back dial 11;
    // U+ front 0–5, back 9 and 11; ALL+ the whole front and the four back corners.
    let s = state("UL1+");
    let mut want = [0u8; DIALS];
    for i in [0, 1, 3, 4] {
        want[i] = 1;
    }
    want[11] = 11;
    assert_eq!(s.dials(), &want);
    let s = state("ALL1+");
    let mut want = [1u8; DIALS];
    for (i, w) in want.iter_mut().enumerate().skip(9) {
        *w = if [9, 11, 15, 17].contains(&i) { 11 } else { 0 };
    }
    assert_eq!(s.dials(), &want);
    // y2 shows the back: U+ then turns back dials 9–14 (as seen from the back) and the front
    // corners behind them the other way.
    let (s, facing) = Clock.parse_held("y2 U1+").unwrap_or_default();
    assert_eq!(facing, Side::Back);
    let mut want = [0u8; DIALS];
    for i in 9..15 {
        want[i] = 1;
    }
    want[0] = 11;
    want[2] = 11;
    assert_eq!(s.dials(), &want);
}

#[test]
fn every_move_has_order_twelve_and_its_inverse_undoes_it() {
    for m in Clock.moves() {
        let mut s = Clock.solved();
        Clock.apply(&mut s, m);
        assert!(!Clock.is_solved(&s), "{m:?}");
        Clock.apply(&mut s, Clock.inverse(m));
        assert!(Clock.is_solved(&s), "{m:?}");
        let one = ClockMove { hours: 1, ..m };
        let mut t = Clock.solved();
        for k in 1..=12 {
            Clock.apply(&mut t, one);
            assert_eq!(Clock.is_solved(&t), k == 12, "{m:?} × {k}");
        }
    }
}

#[test]
fn random_moves_are_canonical_and_stop_at_eighteen() {
    let mut rng = seeded_rng(4);
    for n in [0, 1, 5, 18, 40] {
        let moves = Clock.random_moves(&mut rng, n);
        assert_eq!(moves.len(), n.min(18));
        assert!(
            moves.windows(2).all(|w| Clock.may_follow(w[0], w[1])),
            "{moves:?}"
        );
    }
}

#[test]
fn notation_round_trips() {
    let mut rng = seeded_rng(3);
    for _ in 0..200 {
        let moves = Clock.random_moves(&mut rng, 12);
        let text = Clock.format_moves(&moves);
        let back = Clock.parse_moves(&text).unwrap_or_default();
        assert_eq!(Clock.state_after(&back), Clock.state_after(&moves), "{text}");
        // Every turn token reads back as itself.
        for m in &moves {
            let t = notation::turn_token(m.pins, m.hours);
            assert_eq!(
                parse_written(&t).ok(),
                Some(vec![notation::Written::Turn(m.pins, m.hours)]),
                "{t}"
            );
        }
    }
    assert_eq!(notation::turn_token(Pins::UR, 6), "UR6+");
    assert_eq!(notation::turn_token(Pins::All, 7), "ALL5-");
    assert_eq!(notation::turn_token(Pins::D, 0), "D0+");
    // `-` turns the other way; groups and inverses work.
    assert_eq!(state("UR5-"), state("UR7+"));
    assert_eq!(state("(UR1+ y2 L2-)'"), state("L2+ y2 UR1-"));
    // The pins left up by a scramble before 2024 turn nothing.
    assert_eq!(state("UR1+ UR DL"), state("UR1+"));
}

#[test]
fn parse_errors_name_the_token_and_its_column() {
    for (text, token, column, why) in [
        ("UR1+ X3+", "X3+", 6, "pin setting"),
        ("UR1+ U3", "U3", 6, "direction"),
        ("ALL+", "ALL+", 1, "amount before"),
        ("UR1+ DR12+", "DR12+", 6, "0 to 11"),
        ("UR1+ U", "U", 6, "needs an amount"),
        ("all2+", "all2+", 1, "upper case"),
        ("UR1+ y", "y", 6, "y2"),
        ("UR1a+", "UR1a+", 1, "not a number"),
    ] {
        let e = Clock.parse_moves(text).err();
        let e = e.as_ref();
        assert_eq!(e.map(|e| e.token.as_str()), Some(token), "{text}");
        assert_eq!(e.map(|e| e.column), Some(column), "{text}");
        let reason = e.map(|e| e.reason.clone()).unwrap_or_default();
        assert!(reason.contains(why), "{text}: {reason}");
    }
}

#[test]
fn the_scramble_turns_are_a_basis() {
    let m: linear::Matrix = (0..14)
        .map(|r| SCRAMBLE_TURNS.iter().map(|&(s, p)| effect(s, p)[r]).collect())
        .collect();
    let inv = linear::inverse(&m);
    assert!(inv.is_some(), "the WCA's 14 turns are invertible over Z/12");
    // Every state is one scramble, which reaches it.
    let mut rng = seeded_rng(9);
    for _ in 0..100 {
        let s = Clock.random_state(&mut rng);
        let text = scramble_tokens(&s).join(" ");
        assert_eq!(state(&text), s, "{text}");
        let a = scramble_amounts(&s);
        assert!(a.iter().all(|&h| h < 12));
    }
    // Not every matrix is invertible: a repeated column is refused.
    let mut bad = m.clone();
    for r in bad.iter_mut() {
        r[1] = r[0];
    }
    assert!(linear::inverse(&bad).is_none());
}

#[test]
fn random_states_are_uniform_dial_by_dial() {
    // 24,000 states: each independent dial's 12 values within a loose chi-square bound
    // (11 degrees of freedom; 40 is far beyond the 0.01% tail).
    let mut rng = seeded_rng(77);
    let n = 24_000;
    let mut counts = [[0u32; 12]; 14];
    for _ in 0..n {
        let s = Clock.random_state(&mut rng);
        for (k, &h) in s.independent().iter().enumerate() {
            counts[k][usize::from(h)] += 1;
        }
    }
    let expected = f64::from(n) / 12.0;
    for (k, c) in counts.iter().enumerate() {
        let chi: f64 = c
            .iter()
            .map(|&o| (f64::from(o) - expected).powi(2) / expected)
            .sum();
        assert!(chi < 40.0, "dial {k}: chi-square {chi}");
    }
}

#[test]
fn state_strings_round_trip_and_name_what_is_wrong() {
    let mut rng = seeded_rng(5);
    for _ in 0..50 {
        let s = Clock.random_state(&mut rng);
        let text = to_state_string(&s, Side::Front);
        assert_eq!(from_state_string(&text).ok(), Some(s), "{text}");
        // Held from the back, the string starts with the back.
        let flipped = to_state_string(&s, Side::Back);
        assert_eq!(from_state_string(&flipped).ok(), Some(s.flipped()));
    }
    assert_eq!(
        to_state_string(&Clock.solved(), Side::Front),
        "0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0"
    );
    assert_eq!(
        from_state_string("12,12,12,12,12,12,12,12,12/0 0 0 0 0 0 0 0 0").ok(),
        Some(Clock.solved())
    );
    for (text, why) in [
        ("0,0,0,0,0,0,0,0,0", "`/`"),
        (
            "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0",
            "front of the state string has 8",
        ),
        ("0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,13", "dial 9 (DR) of the back"),
        ("1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0", "back's UR corner shows 12"),
    ] {
        let e = from_state_string(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn drawing_shows_the_side_facing_the_user_first() {
    let (s, facing) = Clock.parse_held("UR1+ y2").unwrap_or_default();
    let text = render(&s, facing);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("back (facing)"), "{text}");
    // The back's UL (behind the front's UR) went back an hour: 11.
    assert!(lines[1].trim_start().starts_with("11"), "{text}");
    let front = render(&s, Side::Front);
    assert!(front.starts_with("front (facing)"), "{front}");
    assert_eq!(
        front
            .lines()
            .nth(1)
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>()),
        Some(vec!["12", "1", "1"])
    );
}
