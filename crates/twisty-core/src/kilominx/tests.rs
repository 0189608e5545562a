use super::*;
use crate::rng::seeded_rng;
use proptest::prelude::*;

fn seed_rows() -> Vec<(usize, String, usize, String)> {
    let path =
        crate::test_data::seed_input("puddles31_HonoursProject_Report_c-testing_kilominx_scrambles.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("scramble_length"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].to_string(),
            )
        })
        .collect()
}

#[test]
fn every_seed_scramble_is_undone_by_its_solution() {
    let k = Kilominx;
    let rows = seed_rows();
    assert_eq!(rows.len(), 82);
    for (len, scramble, sol_len, solution) in rows {
        let s = k.parse_moves(&scramble).unwrap();
        let t = k.parse_moves(&solution).unwrap();
        assert_eq!(s.len(), len);
        assert_eq!(t.len(), sol_len);
        let mut state = k.state_after(&s);
        assert!(state.validate().is_ok());
        k.apply_all(&mut state, &t);
        assert!(k.is_solved(&state), "{scramble} / {solution}");
    }
}

#[test]
fn moves_have_order_five_and_powers_agree() {
    let k = Kilominx;
    for face in 0..12 {
        let m = KiloMove::new(face, 0).unwrap();
        let mut s = KiloState::SOLVED;
        for i in 1..=5 {
            k.apply(&mut s, m);
            assert_eq!(s == KiloState::SOLVED, i == 5, "face {face}");
            assert_eq!(s.cubie(FIXED), 0);
        }
        for f in 1..=4u8 {
            let mv = KiloMove::from_fifths(face, f).unwrap();
            let mut a = KiloState::SOLVED;
            k.apply(&mut a, mv);
            let mut b = KiloState::SOLVED;
            for _ in 0..f {
                k.apply(&mut b, m);
            }
            assert_eq!(a, b);
        }
    }
}

#[test]
fn commuting_faces_commute() {
    let k = Kilominx;
    for a in 0..12u8 {
        let mut count = 0;
        for b in 0..12u8 {
            let (ma, mb) = (KiloMove::new(a, 0).unwrap(), KiloMove::new(b, 0).unwrap());
            let commute = a != b && k.state_after(&[ma, mb]) == k.state_after(&[mb, ma]);
            assert_eq!(k.faces_commute(a, b), commute, "{a} {b}");
            count += usize::from(commute);
            // Faces without UFL commute with exactly their non-adjacent faces, as in the seed.
            if a >= 3 && b >= 3 {
                let seed = SEED_SKIP[a as usize].contains(&b) || SEED_SKIP[b as usize].contains(&a);
                assert_eq!(commute, seed, "{a} {b}");
            }
        }
        if a >= 3 {
            assert!(count >= 3, "face {a}");
        }
    }
}

#[test]
fn distance_distribution_to_depth_3() {
    // With a fixed corner: 1, 48, 1536, 43520 canonical states.
    let k = Kilominx;
    let mut seen = std::collections::HashSet::from([KiloState::SOLVED]);
    let mut frontier = vec![KiloState::SOLVED];
    let mut counts = vec![1usize];
    for _ in 0..3 {
        let mut next = Vec::new();
        for s in &frontier {
            for m in k.moves() {
                let mut t = *s;
                k.apply(&mut t, m);
                if seen.insert(t) {
                    next.push(t);
                }
            }
        }
        counts.push(next.len());
        frontier = next;
    }
    assert_eq!(counts, vec![1, 48, 1536, 43520]);
}

#[test]
fn stickers_follow_the_moves() {
    // After any move, every colour still appears 5 times and the turned face (if not a
    // UFL face, whose turn comes with a rotation) keeps its own colour.
    let k = Kilominx;
    for m in k.moves() {
        let s = k.state_after(&[m]);
        let st = render::stickers(&s);
        for c in 0..12u8 {
            assert_eq!(st.iter().filter(|x| x.2 == c).count(), 5);
        }
        let face = m.face();
        if face >= 3 {
            assert!(st.iter().filter(|x| x.1 == face).all(|x| x.2 == face), "{m}");
        }
        for f in 0..12u8 {
            // Each face shows 5 stickers.
            assert_eq!(st.iter().filter(|x| x.1 == f).count(), 5);
        }
    }
    // After U the U face is still white (the rotation turns about the U axis).
    let st = render::stickers(&k.state_after(&k.parse_moves("U").unwrap()));
    assert!(st.iter().filter(|x| x.1 == 0).all(|x| x.2 == 0));
}

#[test]
fn invalid_states_are_named() {
    let mut c: [u8; 20] = std::array::from_fn(|i| i as u8);
    let mut t = [0u8; 20];
    t[3] = 1;
    assert!(matches!(
        KiloState::from_parts(c, t),
        Err(InvalidState::Twist { .. })
    ));
    t[3] = 0;
    c.swap(3, 4);
    assert!(matches!(
        KiloState::from_parts(c, t),
        Err(InvalidState::Parity(_))
    ));
    c.swap(3, 4);
    c[5] = 6;
    assert!(matches!(
        KiloState::from_parts(c, t),
        Err(InvalidState::DuplicatePiece(_))
    ));
    let mut c: [u8; 20] = std::array::from_fn(|i| i as u8);
    c.swap(0, 1);
    c.swap(2, 3);
    assert!(matches!(KiloState::from_parts(c, t), Err(InvalidState::Other(_))));
}

#[test]
fn parse_errors_name_token_and_column() {
    let k = Kilominx;
    let e = k.parse_moves("DBR2', D2, XX").unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("XX", 12));
    assert!(k.parse_moves("U3").is_err());
    assert_eq!(
        k.format_moves(&k.parse_moves("DBR2', D2 ,dl").unwrap()),
        "DBR2' D2 DL"
    );
}

#[test]
fn render_shows_both_halves() {
    let out = render_net(&KiloState::SOLVED, false);
    assert!(out.contains("upper half") && out.contains("lower half"));
    assert!(out.contains("U    Wh Wh Wh Wh Wh"), "{out}");
}

proptest! {
    #[test]
    fn shuffle_and_scalar_paths_agree(seed in any::<u64>(), n in 0usize..80) {
        let k = Kilominx;
        let mut rng = seeded_rng(seed);
        let mut a = k.random_state(&mut rng);
        let mut b = a;
        for m in k.random_moves(&mut rng, n) {
            k.apply(&mut a, m);
            k.apply_scalar(&mut b, m);
            prop_assert_eq!(a, b);
        }
    }

    #[test]
    fn random_sequences_invert(seed in any::<u64>(), n in 0usize..60) {
        let k = Kilominx;
        let mut rng = seeded_rng(seed);
        let moves = k.random_moves(&mut rng, n);
        for w in moves.windows(2) {
            prop_assert!(k.may_follow(w[0], w[1]));
        }
        let mut s = k.state_after(&moves);
        prop_assert!(s.validate().is_ok());
        k.apply_all(&mut s, &k.invert_all(&moves));
        prop_assert!(k.is_solved(&s));
        let text = k.format_moves(&moves);
        prop_assert_eq!(k.parse_moves(&text).unwrap(), moves);
    }

    #[test]
    fn random_states_are_legal(seed in any::<u64>()) {
        let s = Kilominx.random_state(&mut seeded_rng(seed));
        prop_assert!(s.validate().is_ok());
    }
}
