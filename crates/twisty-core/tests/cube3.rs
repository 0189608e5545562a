//! Properties and golden facts of the 3x3x3 model.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use twisty_core::cube3::{facelets, Cube3, Cube3Move, CubieCube};
use twisty_core::{seeded_rng, InvalidState, Puzzle};

const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

fn moves(s: &str) -> Vec<Cube3Move> {
    Cube3.parse_moves(s).unwrap()
}

fn state(s: &str) -> CubieCube {
    Cube3.state_after(&moves(s))
}

fn any_moves() -> impl Strategy<Value = Vec<Cube3Move>> {
    proptest::collection::vec((0u8..18).prop_map(|i| Cube3Move::from_index(i).unwrap()), 0..60)
}

proptest! {
    #[test]
    fn sequence_then_inverse_is_solved(ms in any_moves()) {
        let mut s = Cube3.state_after(&ms);
        Cube3.apply_all(&mut s, &Cube3.invert_all(&ms));
        prop_assert!(Cube3.is_solved(&s));
    }

    #[test]
    fn state_inverse_and_multiply(ms in any_moves()) {
        let s = Cube3.state_after(&ms);
        prop_assert_eq!(s.inverse(), Cube3.state_after(&Cube3.invert_all(&ms)));
        prop_assert_eq!(s.multiply(&s.inverse()), CubieCube::SOLVED);
        prop_assert!(s.is_legal());
    }

    #[test]
    fn multiply_is_composition(a in any_moves(), b in any_moves()) {
        let mut ab = a.clone();
        ab.extend_from_slice(&b);
        prop_assert_eq!(Cube3.state_after(&a).multiply(&Cube3.state_after(&b)), Cube3.state_after(&ab));
    }

    #[test]
    fn parse_format_round_trip(ms in any_moves()) {
        prop_assert_eq!(moves(&Cube3.format_moves(&ms)), ms);
    }

    #[test]
    fn random_states_are_legal_and_round_trip_facelets(seed in any::<u64>()) {
        let s = Cube3.random_state(&mut seeded_rng(seed));
        prop_assert!(s.is_legal());
        let f = Cube3.to_facelets(&s);
        prop_assert_eq!(Cube3.from_facelets(&f).unwrap(), s);
    }
}

#[test]
fn every_move_has_order_four_and_inverse() {
    for m in Cube3.moves() {
        let mut s = Cube3.solved();
        Cube3.apply(&mut s, m);
        Cube3.apply(&mut s, Cube3.inverse(m));
        assert!(Cube3.is_solved(&s));
        let mut s = Cube3.solved();
        for k in 1..=4 {
            Cube3.apply(&mut s, m);
            assert_eq!(Cube3.is_solved(&s), k == 4 || (k == 2 && m.amount() == 2), "{m}");
        }
    }
}

#[test]
fn move_indices() {
    for (i, m) in Cube3Move::ALL.iter().enumerate() {
        assert_eq!(m.index() as usize, i);
        assert_eq!(3 * m.face() + m.amount() - 1, m.index());
    }
    assert_eq!(Cube3.format_moves(&Cube3Move::ALL[..6]), "U U2 U' R R2 R'");
    assert!(Cube3.faces_commute(0, 3) && Cube3.faces_commute(1, 4) && Cube3.faces_commute(5, 2));
    assert!(!Cube3.faces_commute(0, 1) && !Cube3.faces_commute(2, 2));
    assert_eq!(Cube3.length(&moves("R U2 F'"), twisty_core::Metric::Qtm), 4);
}

#[test]
fn sexy_move_has_order_six() {
    let m = moves("R U R' U'");
    let mut s = Cube3.solved();
    for k in 1..=6 {
        Cube3.apply_all(&mut s, &m);
        assert_eq!(Cube3.is_solved(&s), k == 6);
    }
}

#[test]
fn known_facelets() {
    assert_eq!(Cube3.to_facelets(&CubieCube::SOLVED), SOLVED);
    assert_eq!(
        Cube3.to_facelets(&state("R")),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    );
    assert_eq!(
        Cube3.to_facelets(&state("U")),
        "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"
    );
    let sf = state("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_eq!(Cube3.to_facelets(&sf), SUPERFLIP);
    let parsed = Cube3.from_facelets(SUPERFLIP).unwrap();
    assert_eq!(parsed, sf);
    assert!((0..12).all(|i| parsed.edge_perm(i) == i as u8 && parsed.edge_ori(i) == 1));
    let checker = Cube3
        .from_facelets(&Cube3.to_facelets(&state("M2 E2 S2")))
        .unwrap();
    assert_eq!(checker, state("R2 L2 U2 D2 F2 B2"));
    assert_eq!(
        Cube3.to_facelets(&checker),
        "UDUDUDUDURLRLRLRLRFBFBFBFBFDUDUDUDUDLRLRLRLRLBFBFBFBFB"
    );
}

#[test]
fn rotations_slices_and_wide_moves() {
    let same = |a: &str, b: &str| assert_eq!(state(a), state(b), "{a} vs {b}");
    same("M", "R L'");
    same("M'", "R' L");
    same("M2", "R2 L2");
    same("E", "U D'");
    same("S", "F' B");
    same("Rw", "L");
    same("r", "L");
    same("2Rw", "L");
    same("Rw'", "L'");
    same("Uw2", "D2");
    // After a rotation, face letters name the faces now in those places.
    same("x U", "F");
    same("x F", "D");
    same("x R", "R");
    same("y F", "R");
    same("y' F", "L");
    same("z U", "L");
    same("z R", "U");
    same("x2 U", "D");
    same("x y U", "F");
    same("Rw U", "L F");
    same("M U", "R L' B");
    same("r U R'", "L F R'");
    same("(x R)'", "x' R'");
    same("S U", "F' B L");
    // The middle layer counted from a face, as cubing.js reads it (the frame after it shows in the U).
    same("2R U", "M' U");
    same("2L U", "M U");
    same("2U R", "E' R");
    same("2D R", "E R");
    same("2F U", "S U");
    same("2B U", "S' U");
    same("2R2' U", "M2 U");
    same("E F", "U D' L");
    assert_eq!(moves("x y z"), vec![]);
    assert_eq!(moves("R x"), moves("R"));
    assert_eq!(moves("R’ U2’"), moves("R' U2'"));
}

#[test]
fn bad_tokens_are_located() {
    let e = Cube3.parse_moves("R U X").unwrap_err();
    assert_eq!((e.token.as_str(), e.line, e.column), ("X", 1, 5));
    assert!(Cube3.parse_moves("R4").is_err());
    // cubing.js's 3x3x3 has no 1R or 3R either.
    for bad in ["4R", "1R", "3R", "1Rw", "2Q", "2R4", "2M"] {
        let e = Cube3.parse_moves(bad).unwrap_err();
        assert_eq!((e.token.as_str(), e.column), (bad, 1), "{bad}");
    }
    assert!(Cube3.parse_moves("Mw").is_err());
}

fn set(s: &str, i: usize, c: char) -> String {
    let mut v: Vec<char> = s.chars().collect();
    v[i] = c;
    v.into_iter().collect()
}

fn swap(s: &str, i: usize, j: usize) -> String {
    let mut v: Vec<char> = s.chars().collect();
    v.swap(i, j);
    v.into_iter().collect()
}

#[test]
fn facelet_errors_each_have_their_variant() {
    let err = |s: &str| Cube3.from_facelets(s).unwrap_err();
    assert!(matches!(err("UUU"), InvalidState::Malformed(_)));
    assert!(matches!(err(&set(SOLVED, 0, 'X')), InvalidState::Malformed(_)));
    assert!(matches!(
        err(&set(SOLVED, 0, 'R')),
        InvalidState::ColourCount { .. }
    ));
    // Swap the U and R centres: counts fine, centres wrong.
    assert!(matches!(err(&swap(SOLVED, 4, 13)), InvalidState::Centres(_)));
    // URF corner with two R stickers and no F: U R R, F sticker moved elsewhere.
    let bad = swap(SOLVED, 20, 10); // F3 <-> R2: URF gets U R R, UR edge gets U F
    assert!(
        matches!(err(&bad), InvalidState::NoSuchPiece(_)),
        "{:?}",
        err(&bad)
    );
    // Mirror-image corner: U F R at URF (stickers 9 and 20 swapped).
    assert!(matches!(err(&swap(SOLVED, 9, 20)), InvalidState::NoSuchPiece(_)));
    // B2 <-> R8: the UB edge reads U R (a second UR) and the DR edge D B (a second DB).
    let dup = swap(SOLVED, 46, 16);
    assert!(
        matches!(err(&dup), InvalidState::DuplicatePiece(_)),
        "{:?}",
        err(&dup)
    );
    // Twist the URF corner in place: rotate its three stickers.
    let t = Cube3.to_facelets(&CubieCube::SOLVED);
    let twisted = set(&set(&set(&t, 8, 'F'), 9, 'U'), 20, 'R');
    assert!(matches!(err(&twisted), InvalidState::Twist { sum: 1 | 2 }));
    assert!(matches!(err(&swap(SOLVED, 5, 10)), InvalidState::Flip));
    // Swap two edges (UR and UF) in place: parity.
    let par = swap(&swap(SOLVED, 10, 19), 5, 7);
    assert!(matches!(err(&par), InvalidState::Parity(_)), "{:?}", err(&par));
    assert!(facelets::from_facelets(&format!("  {SOLVED}\n")).is_ok());
}

#[test]
fn net_renders() {
    let net = twisty_core::cube3::render_net(&state("R U R' U'"), false);
    assert_eq!(net.lines().count(), 9);
    assert!(net.starts_with("       U U"), "{net}");
    let plain = twisty_core::cube3::render_net(&CubieCube::SOLVED, false);
    assert_eq!(plain.lines().nth(4).unwrap(), "L L L  F F F  R R R  B B B");
    assert!(twisty_core::cube3::render_net(&CubieCube::SOLVED, true).contains("\x1b["));
}

#[test]
fn shuffle_and_scalar_move_paths_agree() {
    use twisty_core::cube3::{Cube3Move, CubieCube};
    let mut rng = twisty_core::seeded_rng(77);
    for _ in 0..200 {
        let mut a = CubieCube::random(&mut rng);
        let mut b = a;
        for m in Cube3.random_moves(&mut rng, 50) {
            a.apply_move(m);
            b.apply_move_scalar(m);
            assert_eq!(a, b, "{m}");
        }
    }
    let _ = Cube3Move::ALL;
}
