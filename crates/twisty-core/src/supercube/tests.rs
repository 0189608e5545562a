use super::*;
use crate::rng::seeded_rng;
use crate::test_data::seed_input;
use std::collections::{BTreeMap, HashSet};

#[test]
fn sizes_are_checked() {
    assert!(Supercube::new(1).is_err());
    assert!(Supercube::new(17).is_err());
    assert_eq!(Supercube::new(16).map(|c| c.move_count()), Ok(144));
}

#[test]
fn four_quarter_turns_are_identity_for_every_move() {
    for n in 2..=5 {
        let p = Supercube { n };
        assert_eq!(p.moves().len(), 9 * n);
        for m in p.moves() {
            let mut s = p.solved();
            let quarter = SuperMove { angle: 0, ..m };
            for k in 1..=4 {
                p.apply(&mut s, quarter);
                assert_eq!(p.is_solved(&s), k == 4, "{m} after {k} quarter turns, N = {n}");
                if k == m.angle as usize + 1 {
                    assert_eq!(s, p.state_after(&[m]), "{m} is {k} quarter turns");
                }
            }
            // A move then its inverse is the identity; the move really changes something.
            let mut t = p.state_after(&[m]);
            assert_ne!(t, p.solved());
            p.apply(&mut t, m.inverse());
            assert!(p.is_solved(&t));
            assert_eq!(SuperMove::from_code(m.code()), m);
        }
    }
}

#[test]
fn codes_follow_the_paper() {
    let m = SuperMove {
        slice: 2,
        axis: 1,
        angle: 2,
    };
    assert_eq!(m.code(), 9 * 2 + 3 + 2);
    assert_eq!(m.to_string(), "y2'");
    let p = Supercube { n: 4 };
    let all: Vec<u16> = p.moves().iter().map(|m| m.code()).collect();
    assert_eq!(all, (0..36).collect::<Vec<u16>>());
}

#[test]
fn scramble_then_inverse_solves() {
    for n in 2..=7 {
        let p = Supercube { n };
        let mut rng = seeded_rng(n as u64);
        let moves = p.random_moves(&mut rng, SCRAMBLE_LENGTH);
        assert_eq!(moves.len(), 100);
        let mut s = p.state_after(&moves);
        assert!(!p.is_solved(&s));
        // Every cubie's home is a permutation (the model never loses a cubie).
        let homes: HashSet<usize> = (0..p.cubies()).map(|i| s.home_of(i)).collect();
        assert_eq!(homes.len(), p.cubies());
        p.apply_all(&mut s, &p.invert_all(&moves));
        assert!(p.is_solved(&s));
        // Same seed, same scramble.
        assert_eq!(p.random_moves(&mut seeded_rng(n as u64), 100), moves);
    }
}

#[test]
fn simplify_cancels_and_merges_commuting_moves() {
    let p = Supercube { n: 4 };
    let moves = p
        .parse_moves("x0 x1 x0 x0^2 y1 y1' z2 x1 z2' z2'")
        .unwrap_or_default();
    let s = simplify(&moves);
    assert_eq!(p.format_moves(&s), "x1 z2 x1 z2^2");
    assert_eq!(p.state_after(&s), p.state_after(&moves));
    let mut rng = seeded_rng(9);
    for _ in 0..50 {
        let m = p.random_moves(&mut rng, 40);
        let s = simplify(&m);
        assert!(s.len() <= m.len());
        assert_eq!(p.state_after(&s), p.state_after(&m));
        assert_eq!(simplify(&s), s, "one pass reaches a fixed point");
    }
}

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    let p = Supercube { n: 16 };
    for m in p.moves() {
        assert_eq!(p.parse_moves(&m.to_string()), Ok(vec![m]));
        assert_eq!(p.parse_moves(&format!("#{}", m.code())), Ok(vec![m]));
    }
    assert_eq!(
        p.parse_moves("X12 y0² (z3)2'"),
        Ok(vec![
            SuperMove {
                slice: 12,
                axis: 0,
                angle: 0
            },
            SuperMove {
                slice: 0,
                axis: 1,
                angle: 1
            },
            SuperMove {
                slice: 3,
                axis: 2,
                angle: 2
            },
            SuperMove {
                slice: 3,
                axis: 2,
                angle: 2
            },
        ])
    );
    let small = Supercube { n: 3 };
    let e = small.parse_moves("x0 y1\n  z3 x1").err();
    let e = e.as_ref().map(|e| (e.token.as_str(), e.line, e.column));
    assert_eq!(e, Some(("z3", 2, 3)));
    for bad in ["w1", "x", "x1q", "#27", "#-1", "x1^4"] {
        assert!(small.parse_moves(bad).is_err(), "{bad}");
    }
}

/// Cluster counts by (kind, size) for N = 2..7, checked by hand against the paper's §3.1:
/// C1 = core, C2 = 8 corners, C3 = 6 centres or 12 edge middles, C4..C6 = 24 (the
/// obliques of C6 come in two mirror-image clusters once N ≥ 6).
#[test]
fn cluster_sizes_for_n_2_to_7() {
    type Counts = &'static [((u8, usize), usize)];
    let expected: [(usize, Counts); 6] = [
        (2, &[((2, 8), 1)]),
        (3, &[((1, 1), 1), ((2, 8), 1), ((3, 6), 1), ((3, 12), 1)]),
        (4, &[((2, 8), 2), ((4, 24), 2)]),
        (
            5,
            &[
                ((1, 1), 1),
                ((2, 8), 2),
                ((3, 6), 2),
                ((3, 12), 2),
                ((4, 24), 2),
                ((5, 24), 1),
            ],
        ),
        (6, &[((2, 8), 3), ((4, 24), 6), ((6, 24), 2)]),
        (
            7,
            &[
                ((1, 1), 1),
                ((2, 8), 3),
                ((3, 6), 3),
                ((3, 12), 3),
                ((4, 24), 6),
                ((5, 24), 3),
                ((6, 24), 2),
            ],
        ),
    ];
    for (n, want) in expected {
        let all = clusters(n);
        let mut got: BTreeMap<(u8, usize), usize> = BTreeMap::new();
        let mut covered = vec![0u8; n * n * n];
        for c in &all {
            *got.entry((c.kind, c.positions.len())).or_default() += 1;
            for &p in &c.positions {
                covered[p] += 1;
                assert_eq!(cluster_kind(n, p), c.kind);
            }
        }
        assert!(
            covered.iter().all(|&c| c == 1),
            "N = {n}: clusters partition the cube"
        );
        let want: BTreeMap<(u8, usize), usize> = want.iter().copied().collect();
        assert_eq!(got, want, "N = {n}");
    }
}

#[test]
fn clusters_match_the_seed_files_for_n_7() {
    // Representatives from the seed's Cluster{0..5}.cfg, as Cubies[z, y, x].
    let reps = [[3, 3, 3], [0, 0, 0], [3, 3, 0], [0, 2, 0], [2, 3, 0], [1, 2, 0]];
    for (k, [z, y, x]) in reps.into_iter().enumerate() {
        let path = seed_input(&format!("robertswita_RubikCube_6bd668f_bin_Debug_Cluster{k}.cfg"));
        let bytes = std::fs::read(&path).unwrap_or_default();
        assert_eq!(bytes.len(), 343, "{}", path.display());
        let file: HashSet<usize> = (0..343).filter(|&i| bytes[i] == 0).collect();
        assert!(bytes.iter().all(|&b| b == 0 || b == 3));
        let ours: HashSet<usize> = cluster_of(7, index(7, [x, y, z])).into_iter().collect();
        assert_eq!(ours, file, "cluster {k}");
        assert_eq!(cluster_kind(7, index(7, [x, y, z])), k as u8 + 1);
    }
}

#[test]
fn cube_code_round_trips_and_bad_codes_are_refused() {
    let p = Supercube { n: 3 };
    let s = p.state_after(&p.random_moves(&mut seeded_rng(3), 100));
    assert_eq!(p.state_from_code(&s.code()), Ok(s.clone()));
    assert!(p.state_from_code(&[0; 26]).is_err());
    let mut code = vec![0u8; 27];
    code[0] = 5; // not a state byte
    assert!(p.state_from_code(&code).is_err());
    // Twisting one corner in place leaves two cubies claiming one home.
    let mut code = vec![0u8; 27];
    code[0] = group().state[6];
    assert!(matches!(
        p.state_from_code(&code),
        Err(crate::InvalidState::DuplicatePiece(_))
    ));
}

#[test]
fn render_lists_unsolved_shells() {
    let p = Supercube { n: 3 };
    let s = p.state_after(&p.parse_moves("x1").unwrap_or_default());
    let text = render::render(&s, false);
    assert!(text.contains("shell 0 (1x1x1): 1 of 1 unsolved"), "{text}");
    assert!(text.contains("shell 1 (3x3x3): 8 of 26 unsolved"), "{text}");
    assert!(text.contains(" 41"), "x1 gives state 0x41 (R_X): {text}");
}

/// The seed's `GetCluster` walk, replayed with real slice turns: turn the X, Y and Z slices
/// through the followed cubie (a quarter turn each, nested loops of four) and record where
/// it is after every turn. `cluster_of` must list the same positions in the same order.
#[test]
fn cluster_order_is_the_seeds_turn_walk() {
    let g = group();
    for n in [3, 4, 5] {
        let p = Supercube { n };
        for start in [0, n / 2, n + 1, n * n + n / 2, index(n, [n / 2, 1, 0])] {
            let mut s = p.solved();
            let mut at = start;
            let mut walk: Vec<usize> = Vec::new();
            let turn = |s: &mut SupercubeState, at: &mut usize, axis: usize| {
                let slice = coords(n, *at)[axis];
                p.apply(s, SuperMove::from_code((9 * slice + 3 * axis) as u16));
                // The followed cubie is the one whose home is `start`.
                *at = (0..n * n * n)
                    .find(|&q| {
                        let o = s.orient[q] as usize;
                        index(n, rotate(n, &g.matrix[g.inv[o] as usize], coords(n, q))) == start
                    })
                    .unwrap_or(usize::MAX);
            };
            let record = |at: usize, walk: &mut Vec<usize>| {
                if !walk.contains(&at) {
                    walk.push(at);
                }
            };
            for _ in 0..4 {
                turn(&mut s, &mut at, 0);
                record(at, &mut walk);
                for _ in 0..4 {
                    turn(&mut s, &mut at, 1);
                    record(at, &mut walk);
                    for _ in 0..4 {
                        turn(&mut s, &mut at, 2);
                        record(at, &mut walk);
                    }
                }
            }
            assert_eq!(cluster_of(n, start), walk, "N = {n}, start {start}");
        }
    }
}
