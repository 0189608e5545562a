//! The Kilominx as held, in cubing.js's notation: geometry, single turns, rotations and the
//! cubing.js scrambles in `tests/data`.

use twisty_core::kilominx::{
    held_stickers, HeldNames, KiloFrame, KiloMove, KiloState, Kilominx, CORNER_FACES, CUBING_FACE_NAMES,
    OPPOSITE,
};
use twisty_core::{Held, Puzzle};

const SCRAMBLES: &str = include_str!("data/kilominx_cubingjs_scrambles.txt");

fn scrambles() -> Vec<&'static str> {
    SCRAMBLES
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// Which reference cubie sits at each hand corner position.
fn picture(state: &KiloState, frame: KiloFrame) -> [u8; 20] {
    let mut out = [255u8; 20];
    for p in 0..20 {
        out[frame.corner_position(p)] = state.cubie(p);
    }
    out
}

fn corners_of(face: u8) -> Vec<usize> {
    (0..20).filter(|&c| CORNER_FACES[c].contains(&face)).collect()
}

/// The reference solution: the inverse of the seed moves the held text amounts to.
fn reference_solution(text: &str) -> (Vec<KiloMove>, KiloFrame) {
    let k = Kilominx;
    let mut frame = KiloFrame::HOME;
    let moves = k
        .held_reference_moves(HeldNames::Cubing, &mut frame, text)
        .expect("stored scramble parses");
    (moves.iter().rev().map(|&m| k.inverse(m)).collect(), frame)
}

#[test]
fn sixty_rotations_with_x2_among_them() {
    let all = KiloFrame::all();
    assert_eq!(all.len(), 60);
    assert!(all.contains(&KiloFrame::x2()));
    assert_eq!(KiloFrame::x2().then(KiloFrame::x2()), KiloFrame::HOME);
    for f in 0..12u8 {
        let r = KiloFrame::about(f, 1).expect("face");
        assert_eq!(r.position_of(f), f);
        assert_eq!(r.position_of(OPPOSITE[f as usize]), OPPOSITE[f as usize]);
        assert_ne!(r, KiloFrame::HOME);
        assert_eq!(KiloFrame::about(f, 5), Some(KiloFrame::HOME));
        // Clockwise about a face is anticlockwise about its opposite.
        assert_eq!(KiloFrame::about(OPPOSITE[f as usize], 4), Some(r), "face {f}");
    }
}

#[test]
fn rotations_agree_with_the_seed_move_tables() {
    let k = Kilominx;
    for f in 0..12u8 {
        let r = KiloFrame::about(f, 1).expect("face");
        let s = k.state_after(&[KiloMove::new(f, 0).expect("move")]);
        for (p, faces) in CORNER_FACES.iter().enumerate() {
            let on_face = faces.contains(&f);
            if f >= 3 {
                // A free face: its corners move as the rotation about it, the rest stay.
                let to = if on_face { r.corner_position(p) } else { p };
                assert_eq!(s.cubie(to) as usize, p, "face {f} corner {p}");
            } else {
                // U, L, F: their corners stay, the other 15 move by the inverse rotation.
                let to = if on_face {
                    p
                } else {
                    r.inverse().corner_position(p)
                };
                assert_eq!(s.cubie(to) as usize, p, "face {f} corner {p}");
            }
        }
    }
}

#[test]
fn each_face_turn_moves_its_own_five_corners_as_held() {
    let k = Kilominx;
    for start in ["", "x2", "y2 Rv", "BL2 x2 U' Fv"] {
        let (s0, f0) = k.parse_held(start).expect("start");
        let before = picture(&s0, f0);
        for (face, name) in CUBING_FACE_NAMES.iter().enumerate() {
            let (s, f) = k.parse_held(&format!("{start} {name}")).expect("turn");
            let after = picture(&s, f);
            let changed: Vec<usize> = (0..20).filter(|&c| before[c] != after[c]).collect();
            assert_eq!(changed, corners_of(face as u8), "`{start}` then {name}");
        }
    }
}

#[test]
fn each_face_turn_changes_stickers_only_on_its_own_five_corners() {
    let k = Kilominx;
    for start in ["", "x2", "y2 Rv", "BL2 x2 U' Fv", "R U F' L2 x2 B D'"] {
        let (s0, f0) = k.parse_held(start).expect("start");
        let before = held_stickers(&s0, f0);
        assert_eq!(before.len(), 60);
        for (face, name) in CUBING_FACE_NAMES.iter().enumerate() {
            for amount in ["", "2", "2'", "'"] {
                let (s, f) = k.parse_held(&format!("{start} {name}{amount}")).expect("turn");
                let after = held_stickers(&s, f);
                let changed: Vec<(usize, u8)> = before
                    .iter()
                    .zip(&after)
                    .filter(|(a, b)| a != b)
                    .map(|(a, _)| (a.0, a.1))
                    .collect();
                let mut corners: Vec<usize> = changed.iter().map(|c| c.0).collect();
                corners.dedup();
                assert_eq!(corners, corners_of(face as u8), "`{start}` then {name}{amount}");
                assert!(changed.len() >= 10, "`{start}` then {name}{amount}");
            }
        }
    }
}

#[test]
fn each_face_turn_has_order_five() {
    let k = Kilominx;
    for name in CUBING_FACE_NAMES {
        for text in [
            format!("{name} {name} {name} {name} {name}"),
            format!("{name}2 {name}2' {name}3 {name}2"),
            format!("{name}5"),
        ] {
            let (s, f) = k.parse_held(&text).expect("parses");
            assert_eq!((s, f), (KiloState::SOLVED, KiloFrame::HOME), "{text}");
        }
        let (s, _) = k.parse_held(&format!("{name} {name}")).expect("parses");
        assert_ne!(s, KiloState::SOLVED, "{name} {name}");
    }
}

#[test]
fn rotations_x2_y_and_v_turn_only_the_frame() {
    let k = Kilominx;
    let (s, f) = k.parse_held("x2").expect("x2 is a cubing.js rotation");
    assert_eq!((s, f), (KiloState::SOLVED, KiloFrame::x2()));
    assert_eq!(k.parse_held("x2'").expect("x2'").1, KiloFrame::x2());
    assert_eq!(
        k.parse_held("y").expect("y").1,
        KiloFrame::about(0, 1).expect("U")
    );
    assert_eq!(
        k.parse_held("y y").expect("y y"),
        k.parse_held("Uv2").expect("Uv2")
    );
    assert_eq!(
        k.parse_held("BRv'").expect("BRv'").1,
        KiloFrame::about(5, 4).expect("BR")
    );
    for bad in ["x", "x4", "z2", "R02", "Q", "2R", "R-"] {
        assert!(k.parse_held(bad).is_err(), "{bad} should be refused");
    }
}

#[test]
fn wide_turns_are_a_rotation_with_the_opposite_face_held() {
    let k = Kilominx;
    let (s, _) = k.parse_held("r").expect("r");
    assert_ne!(s, KiloState::SOLVED);
    assert_eq!(
        k.parse_held("r").expect("r"),
        k.parse_held("Rv DL").expect("Rv DL")
    );
    assert_eq!(
        k.parse_held("bl2'").expect("bl"),
        k.parse_held("BLv2' FR2'").expect("BLv FR")
    );
}

#[test]
fn megaminx_scrambling_turns_are_wide_double_turns() {
    let k = Kilominx;
    for (pochmann, plain) in [
        ("R++", "DRv2 L2"),
        ("R--", "DRv2' L2'"),
        ("D++", "Dv2 U2"),
        ("D--", "Uv2 U2'"),
        ("R++ R--", ""),
    ] {
        let a = k.parse_held(pochmann).expect("pochmann");
        assert_eq!(a, k.parse_held(plain).expect("plain"), "{pochmann} = {plain}");
    }
    assert_ne!(k.parse_held("R++").expect("R++").0, KiloState::SOLVED);
    assert!(k.parse_held("U++").is_err());
}

#[test]
fn seed_names_held_turn_their_own_face() {
    let k = Kilominx;
    for (seed, cubing) in [
        ("DB", "B"),
        ("DBL2'", "DL2'"),
        ("DL", "FL"),
        ("U' L F2", "U' L F2"),
    ] {
        let (mut f1, mut f2) = (KiloFrame::HOME, KiloFrame::HOME);
        let a = k
            .held_reference_moves(HeldNames::Seed, &mut f1, seed)
            .expect("seed");
        let b = k
            .held_reference_moves(HeldNames::Cubing, &mut f2, cubing)
            .expect("cubing");
        assert_eq!((a, f1), (b, f2), "{seed} / {cubing}");
    }
    let mut frame = KiloFrame::HOME;
    let moves = k
        .held_reference_moves(HeldNames::Seed, &mut frame, "U")
        .expect("U");
    assert_eq!(moves, k.parse_moves("U").expect("seed U"));
    assert_eq!(frame, KiloFrame::about(0, 1).expect("U"));
}

#[test]
fn the_seeds_ufl_faces_move_the_other_fifteen_cubies() {
    // The seed's U (reference frame) is a physical U turn; held at home it reads `U`
    // and leaves the puzzle rotated by one fifth about U.
    let k = Kilominx;
    let u = k.parse_moves("U").expect("seed U");
    assert_eq!(k.held_moves(KiloFrame::HOME, &u), vec!["U"]);
    let (s, f) = k.parse_held("U").expect("U");
    assert_eq!(s, k.state_after(&u));
    assert_eq!(f, KiloFrame::about(0, 1).expect("U"));
}

#[test]
fn cubingjs_scrambles_are_solved_as_held() {
    let k = Kilominx;
    let list = scrambles();
    assert!((12..=20).contains(&list.len()), "{} scrambles", list.len());
    for scramble in list {
        let (mut state, mut frame) = k.parse_held(scramble).expect("parses");
        assert_ne!(state, KiloState::SOLVED, "{scramble}");
        state.validate().expect("reachable");
        let (solution, end) = reference_solution(scramble);
        assert_eq!(end, frame);
        let answer = k.held_moves(frame, &solution).join(" ");
        assert_eq!(answer.split(' ').count(), solution.len());
        k.apply_held(&mut state, &mut frame, &answer)
            .expect("answer parses");
        assert_eq!(state, KiloState::SOLVED, "{scramble} / {answer}");
    }
}

#[test]
fn answers_depend_on_the_frame() {
    // The same reference solution written for the home frame does not solve a scramble that
    // leaves the puzzle turned: the frame is what makes the answer fit the hands.
    let k = Kilominx;
    let mut turned = 0;
    for scramble in scrambles() {
        let (state, frame) = k.parse_held(scramble).expect("parses");
        if frame == KiloFrame::HOME {
            continue;
        }
        turned += 1;
        let (solution, _) = reference_solution(scramble);
        let (mut s, mut f) = (state, frame);
        let wrong = k.held_moves(KiloFrame::HOME, &solution).join(" ");
        k.apply_held(&mut s, &mut f, &wrong).expect("parses");
        assert_ne!(s, KiloState::SOLVED, "{scramble}");
    }
    assert!(turned >= 10, "only {turned} scrambles end turned");
}

/// Hand-written sequences using every kind of token (faces holding UFL, rotations, wide
/// and Megaminx scrambling turns, odd amounts), also checked by the oracle.
const EVERY_TOKEN_KIND: [&str; 3] = [
    "R++ D-- R2 U' y2 BRv F r bl2' x2 DL FR2' B D' FL",
    "Uv L' F2 x2 L y' U2' F3 L7 Fv2 u' f2 l",
    "(R U F')2 D++ R-- (L BL')' x2' DRv' B2 FL' DL3' FR",
];

#[test]
fn hand_written_sequences_are_solved_as_held() {
    let k = Kilominx;
    for text in EVERY_TOKEN_KIND {
        let (mut state, mut frame) = k.parse_held(text).expect("parses");
        assert_ne!(state, KiloState::SOLVED, "{text}");
        let (solution, _) = reference_solution(text);
        let answer = k.held_moves(frame, &solution).join(" ");
        k.apply_held(&mut state, &mut frame, &answer)
            .expect("answer parses");
        assert_eq!(state, KiloState::SOLVED, "{text} / {answer}");
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Writes one oracle line per stored scramble (scramble + our held answer) to the file named
/// by `TWISTY_ORACLE_OUT`, for `node oracle/check.mjs`.
#[test]
#[ignore = "writes input for the cubing.js oracle; run with TWISTY_ORACLE_OUT=path"]
fn oracle_lines_for_the_stored_scrambles() {
    let k = Kilominx;
    let Ok(path) = std::env::var("TWISTY_ORACLE_OUT") else {
        panic!("set TWISTY_ORACLE_OUT to the output path");
    };
    let mut lines = String::new();
    let mut all = scrambles();
    all.extend(EVERY_TOKEN_KIND);
    for scramble in all {
        let (_, frame) = k.parse_held(scramble).expect("parses");
        let (solution, _) = reference_solution(scramble);
        let answer = k.held_moves(frame, &solution).join(" ");
        lines.push_str(&format!(
            "{{\"puzzle\": \"kilominx\", \"scramble\": {}, \"solution\": {}}}\n",
            json_string(scramble),
            json_string(&answer)
        ));
    }
    std::fs::write(path, lines).expect("writable");
}
