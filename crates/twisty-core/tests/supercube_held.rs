//! The supercube as held: rotations change only the frame, answers are written for the cube
//! as held; and the scrambles never turn one slice twice in a row.
#![allow(clippy::unwrap_used)]

use rand::Rng;
use std::collections::HashSet;
use twisty_core::cube3::{facelets::to_facelets, Cube3};
use twisty_core::supercube::facelets::{facelets, rotate_whole};
use twisty_core::supercube::wca;
use twisty_core::supercube::{group, index, CubeFrame, SuperMove, Supercube};
use twisty_core::{seeded_rng, Held, Puzzle};

#[test]
fn a_rotation_changes_the_frame_not_the_state() {
    let c = Supercube::new(4).unwrap();
    let (s, f) = c.parse_held("x y' z2").unwrap();
    assert!(c.is_solved(&s));
    assert_ne!(f, c.home_frame());
    // The user's U after x is the reference F (x turns as R: F comes up); after y the
    // user's R is the reference B; after z the user's U is the reference L.
    for (n, held, reference) in [
        (4, "x U", "F"),
        (4, "x' U", "B"),
        (4, "y R", "B"),
        (4, "y F2", "R2"),
        (4, "z U", "L"),
        (4, "z2 2R'", "2L'"),
        (4, "x Rw", "Rw"),
        (5, "y M", "S"),
        (5, "x E'", "S"),
    ] {
        let c = Supercube::new(n).unwrap();
        let (s, _) = c.parse_held(held).unwrap();
        assert_eq!(s, c.state_after(&c.parse_wca(reference).unwrap()), "{held}");
    }
    // Four quarter rotations bring the frame home.
    assert_eq!(c.parse_held("x x x x").unwrap().1, c.home_frame());
    assert_eq!(c.parse_held("y2 y2").unwrap().1, c.home_frame());
}

/// Random held text mixing slice turns (written through the current frame) and rotations;
/// returns the text, the reference turns and the final frame.
fn random_held(rng: &mut impl Rng, c: &Supercube, len: usize) -> (String, Vec<SuperMove>, CubeFrame) {
    let mut frame = c.home_frame();
    let mut tokens = Vec::new();
    let mut reference = Vec::new();
    let all = c.moves();
    for _ in 0..len {
        if rng.random_range(0..4) == 0 {
            let axis = rng.random_range(0..3u8);
            let angle = rng.random_range(0..3u8);
            let b = wca::Block {
                axis,
                lo: 0,
                hi: (c.n - 1) as u8,
                angle,
            };
            tokens.extend(wca::block_names(c.n, b));
            frame = frame.rotated(axis, angle);
        } else {
            let m = all[rng.random_range(0..all.len())];
            tokens.extend(c.held_moves(frame, &[m]));
            reference.push(m);
        }
    }
    (tokens.join(" "), reference, frame)
}

#[test]
fn held_answers_solve_random_inputs_with_rotations() {
    for n in 2..=7 {
        let c = Supercube::new(n).unwrap();
        let mut rng = seeded_rng(700 + n as u64);
        for _ in 0..20 {
            let (text, reference, frame) = random_held(&mut rng, &c, 40);
            let (mut state, mut f) = c.parse_held(&text).unwrap();
            assert_eq!(f, frame, "{text}");
            assert_eq!(state, c.state_after(&reference), "N = {n}: {text}");
            // The reference solution, written for the cube as held, solves it with no
            // final rotation and leaves the frame where it was.
            let answer = c.held_moves(f, &c.invert_all(&reference));
            assert!(answer.iter().all(|t| !t.starts_with(['x', 'y', 'z'])));
            c.apply_held(&mut state, &mut f, &answer.join(" ")).unwrap();
            assert!(c.is_solved(&state), "N = {n}: {text} / {answer:?}");
            assert_eq!(f, frame);
        }
    }
}

#[test]
fn held_n3_agrees_with_the_3x3x3_model() {
    // The 3x3x3 model also tracks rotations as a frame; with the centres put home, the
    // held supercube shows the same stickers.
    let c = Supercube::new(3).unwrap();
    let mut rng = seeded_rng(5);
    let bases = [
        "U", "D", "L", "R", "F", "B", "Rw", "u", "M", "E", "S", "x", "y", "z",
    ];
    let sufs = ["", "'", "2"];
    for _ in 0..200 {
        let text: Vec<String> = (0..10)
            .map(|_| {
                format!(
                    "{}{}",
                    bases[rng.random_range(0..bases.len())],
                    sufs[rng.random_range(0..sufs.len())]
                )
            })
            .collect();
        let text = text.join(" ");
        let (s, _) = c.parse_held(&text).unwrap();
        let core = s.orient[index(3, [1, 1, 1])];
        let shown = facelets(&rotate_whole(&s, group().inv[core as usize]));
        let cube3 = to_facelets(&Cube3.state_after(&Cube3.parse_moves(&text).unwrap()));
        assert_eq!(shown, cube3, "{text}");
    }
}

#[test]
fn paper_codes_are_read_in_the_users_frame() {
    let c = Supercube::new(4).unwrap();
    let (a, _) = c.parse_held("y x0 #13").unwrap();
    let (b, _) = c.parse_held("y L 2D2").unwrap();
    assert_eq!(a, b);
    let e = c.parse_held("R x 5R").unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("5R", 5));
}

#[test]
fn scrambles_never_repeat_a_slice_and_order_commuting_slices() {
    for n in 2..=7 {
        let c = Supercube::new(n).unwrap();
        for seed in 0..200 {
            let moves = c.random_moves(&mut seeded_rng(seed), 100);
            assert_eq!(moves.len(), 100);
            for w in moves.windows(2) {
                let (a, b) = (w[0], w[1]);
                assert!(
                    (a.axis, a.slice) != (b.axis, b.slice),
                    "N = {n}, seed {seed}: {a} {b}"
                );
                if a.axis == b.axis {
                    assert!(a.slice < b.slice, "N = {n}, seed {seed}: {a} {b}");
                }
            }
            // Within a run of one axis no slice comes back.
            let mut run: HashSet<(u8, u8)> = HashSet::new();
            let mut axis = u8::MAX;
            for m in &moves {
                if m.axis != axis {
                    run.clear();
                    axis = m.axis;
                }
                assert!(run.insert((m.axis, m.slice)), "N = {n}, seed {seed}");
            }
        }
    }
}

#[test]
fn the_papers_generator_is_kept() {
    // Uniform over the 9N codes with no filtering: the seed's sequence, repeats included.
    let c = Supercube::new(3).unwrap();
    let mut repeats = 0;
    for seed in 0..50 {
        let moves = c.paper_random_moves(&mut seeded_rng(seed), 100);
        let mut rng = seeded_rng(seed);
        let want: Vec<SuperMove> = (0..100)
            .map(|_| SuperMove::from_code(rng.random_range(0..27u16)))
            .collect();
        assert_eq!(moves, want);
        repeats += moves
            .windows(2)
            .filter(|w| (w[0].axis, w[0].slice) == (w[1].axis, w[1].slice))
            .count();
    }
    assert!(repeats > 0);
}
