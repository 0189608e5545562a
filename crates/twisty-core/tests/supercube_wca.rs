//! The supercube's WCA notation: geometry, every token kind, round trips, errors, and the
//! 3x3x3 model as a reference for N = 3.
#![allow(clippy::unwrap_used)]

use rand::Rng;
use twisty_core::cube3::{facelets::to_facelets, Cube3};
use twisty_core::supercube::facelets::{facelets, rotate_whole};
use twisty_core::supercube::wca::{self, Block};
use twisty_core::supercube::{coords, group, index, SuperMove, Supercube, SupercubeState};
use twisty_core::{seeded_rng, Puzzle};

fn mv(axis: u8, slice: u8, angle: u8) -> SuperMove {
    SuperMove { slice, axis, angle }
}

/// The surface of a 3x3x3 supercube seen with its centres at home: the whole cube turned
/// back by the core cubie's orientation (the core turns with every middle layer and
/// rotation, never with a face turn, and the centres sit where it sends them).
fn centred_facelets(s: &SupercubeState) -> String {
    let core = s.orient[index(3, [1, 1, 1])];
    facelets(&rotate_whole(s, group().inv[core as usize]))
}

fn cube3_facelets(text: &str) -> String {
    to_facelets(&Cube3.state_after(&Cube3.parse_moves(text).unwrap()))
}

#[test]
fn r_turns_the_largest_x_layer_like_the_3x3x3_r() {
    for n in 2..=6 {
        let c = Supercube::new(n).unwrap();
        let s = c.state_after(&c.parse_wca("R").unwrap());
        for p in 0..c.cubies() {
            let moved = s.orient[p] != 0;
            assert_eq!(moved, coords(n, p)[0] == n - 1, "N = {n}, cubie {p}");
        }
        // R takes the front's top-right sticker up: the F-coloured sticker of the URF
        // corner now faces U (the corner at x = N−1, y = N−1, z = 0 shows F on top).
        let f = facelets(&s);
        assert_eq!(f.chars().nth(n - 1), Some('F'), "N = {n}: U face top-right is F");
    }
    // Every outer face turn on N = 3 leaves exactly the 3x3x3's facelets.
    let c = Supercube::new(3).unwrap();
    for face in ["U", "D", "L", "R", "F", "B"] {
        for suf in ["", "'", "2", "2'"] {
            let t = format!("{face}{suf}");
            let s = c.state_after(&c.parse_wca(&t).unwrap());
            assert_eq!(facelets(&s), cube3_facelets(&t), "{t}");
        }
    }
}

/// Random tokens of every kind the 3x3x3 model also reads.
fn random_cube3_text(rng: &mut impl Rng, len: usize) -> String {
    let bases = [
        "U", "D", "L", "R", "F", "B", "Uw", "Dw", "Lw", "Rw", "Fw", "Bw", "u", "d", "l", "r", "f", "b", "M",
        "E", "S", "x", "y", "z",
    ];
    let sufs = ["", "'", "2", "2'"];
    (0..len)
        .map(|_| {
            let b = bases[rng.random_range(0..bases.len())];
            format!("{b}{}", sufs[rng.random_range(0..sufs.len())])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn n3_outer_colours_match_the_3x3x3_after_any_wca_sequence() {
    let c = Supercube::new(3).unwrap();
    let mut rng = seeded_rng(33);
    for _ in 0..300 {
        let text = random_cube3_text(&mut rng, 12);
        let s = c.state_after(&c.parse_wca(&text).unwrap());
        assert_eq!(centred_facelets(&s), cube3_facelets(&text), "{text}");
    }
}

#[test]
fn every_token_kind_maps_to_its_slices() {
    let blocks = |n: usize, t: &str| wca::parse_blocks(n, t).unwrap();
    let block = |axis, lo, hi, angle| Block { axis, lo, hi, angle };
    // Faces: clockwise R, U, F are 270° about +x, +y, +z; L, D, B are 90°.
    assert_eq!(blocks(4, "R"), vec![block(0, 3, 3, 2)]);
    assert_eq!(blocks(4, "L"), vec![block(0, 0, 0, 0)]);
    assert_eq!(
        blocks(4, "U' D2 F2' B"),
        vec![
            block(1, 3, 3, 0),
            block(1, 0, 0, 1),
            block(2, 3, 3, 1),
            block(2, 0, 0, 0)
        ]
    );
    // Inner layers, counted from the named face.
    assert_eq!(
        blocks(5, "2R 3U' 2L 5R"),
        vec![
            block(0, 3, 3, 2),
            block(1, 2, 2, 0),
            block(0, 1, 1, 0),
            block(0, 0, 0, 2)
        ]
    );
    // Wide turns: Rw = r = two layers, 3Lw = three, 3r = 3Rw.
    assert_eq!(
        blocks(5, "Rw r 3Lw' 3r"),
        vec![
            block(0, 3, 4, 2),
            block(0, 3, 4, 2),
            block(0, 0, 2, 2),
            block(0, 2, 4, 2)
        ]
    );
    // Rotations turn every slice, as R, U, F.
    assert_eq!(
        blocks(4, "x y' z2"),
        vec![block(0, 0, 3, 2), block(1, 0, 3, 0), block(2, 0, 3, 1)]
    );
    // Middle layers on odd N: M as L, E as D, S as F; m e s every inner layer.
    assert_eq!(
        blocks(5, "M E' S m"),
        vec![
            block(0, 2, 2, 0),
            block(1, 2, 2, 2),
            block(2, 2, 2, 2),
            block(0, 1, 3, 0)
        ]
    );
    // The paper's codes.
    assert_eq!(
        blocks(4, "x0 y1' z3^2 #13"),
        vec![
            block(0, 0, 0, 0),
            block(1, 1, 1, 2),
            block(2, 3, 3, 1),
            block(1, 1, 1, 1)
        ]
    );
    // x2 is the rotation, not the paper's slice 2.
    assert!(blocks(4, "x2")[0].is_rotation(4));
    // Groups and inverses.
    assert_eq!(
        wca::parse(4, "(R 2U)2 (R 2U)'").unwrap(),
        wca::parse(4, "R 2U R 2U 2U' R'").unwrap()
    );
}

#[test]
fn printing_is_canonical_and_documented() {
    assert_eq!(wca::move_name(3, mv(0, 2, 2)), "R");
    assert_eq!(wca::move_name(3, mv(0, 0, 0)), "L");
    assert_eq!(wca::move_name(3, mv(0, 1, 0)), "2L");
    assert_eq!(wca::move_name(3, mv(1, 1, 1)), "2D2");
    assert_eq!(wca::move_name(3, mv(2, 1, 2)), "2F");
    assert_eq!(wca::move_name(6, mv(1, 4, 0)), "2U'");
    assert_eq!(wca::move_name(6, mv(2, 2, 0)), "3B");
    let b = wca::parse_blocks(5, "3Rw x' m Lw2").unwrap();
    let names: Vec<Vec<String>> = b.iter().map(|&b| wca::block_names(5, b)).collect();
    assert_eq!(
        names,
        vec![
            vec!["3Rw".to_string()],
            vec!["x'".to_string()],
            vec!["2L".into(), "3L".into(), "2R'".into()],
            vec!["Lw2".to_string()],
        ]
    );
}

#[test]
fn printing_round_trips_for_n_2_to_7() {
    for n in 2..=7 {
        let c = Supercube::new(n).unwrap();
        let mut rng = seeded_rng(100 + n as u64);
        for _ in 0..20 {
            let moves = c.random_moves(&mut rng, 60);
            let text = c.format_wca(&moves);
            let back = c.parse_wca(&text).unwrap();
            assert_eq!(back, moves, "N = {n}: {text}");
            // Blocks of every kind print to tokens that parse to the same turns.
            let blocks = random_blocks(&mut rng, n, 30);
            let printed: Vec<String> = blocks.iter().flat_map(|&b| wca::block_names(n, b)).collect();
            let again: Vec<SuperMove> = c.parse_wca(&printed.join(" ")).unwrap();
            let direct: Vec<SuperMove> = blocks.iter().flat_map(|b| b.moves()).collect();
            assert_eq!(
                c.state_after(&again),
                c.state_after(&direct),
                "N = {n}: {printed:?}"
            );
        }
    }
}

fn random_blocks(rng: &mut impl Rng, n: usize, len: usize) -> Vec<Block> {
    (0..len)
        .map(|_| {
            let a = rng.random_range(0..n) as u8;
            let b = rng.random_range(0..n) as u8;
            Block {
                axis: rng.random_range(0..3),
                lo: a.min(b),
                hi: a.max(b),
                angle: rng.random_range(0..3),
            }
        })
        .collect()
}

#[test]
fn errors_name_the_token_and_column() {
    let err = |n: usize, t: &str| wca::parse(n, t).unwrap_err();
    let e = err(3, "R U 4R F");
    assert_eq!((e.token.as_str(), e.line, e.column), ("4R", 1, 5));
    assert!(e.reason.contains("layer 4"), "{}", e.reason);
    let e = err(2, "R Rw");
    assert_eq!((e.token.as_str(), e.column), ("Rw", 3));
    assert!(e.reason.contains("wide"), "{}", e.reason);
    let e = err(3, "3Rw");
    assert_eq!(e.token, "3Rw");
    assert!(e.reason.contains("rotation"), "{}", e.reason);
    for (n, bad) in [
        (3, "0R"),
        (4, "M"),
        (2, "m"),
        (3, "rw"),
        (3, "Q"),
        (3, "R3'2"),
        (3, "xx"),
        (3, "2M"),
        (3, "y3"),
    ] {
        let e = err(n, &format!("U {bad}"));
        assert_eq!(
            (e.token.as_str(), e.column),
            (bad, 3),
            "N = {n}: {bad}: {}",
            e.reason
        );
    }
    assert!(err(4, "M").reason.contains("odd"));
    assert!(err(3, "X").reason.contains("lowercase"));
}

#[test]
fn the_work_of_an_input_is_bounded_before_any_move_is_applied() {
    use twisty_core::alg::MAX_WORK;
    use twisty_core::cube_n::CubeN;
    use twisty_core::Held;
    // 24 bytes, 99,990 wide turns of 15 layers: 384 million cubies moved.
    let c16 = Supercube::new(16).unwrap();
    let e = c16.parse_held("((15Rw 15Uw 15Fw)3333)10").unwrap_err();
    assert!(e.reason.contains("at most 25,000,000"), "{e}");
    assert_eq!((e.token.as_str(), e.column), ("(", 2), "{e}");
    // The same bound in the paper's notation (every slice turn its N² cubies) and in the
    // ordinary big cubes' (outer layers N², inner ones 4·(N−1)).
    assert!(c16.parse_moves("((x15 y15 z15)3333)10").is_err());
    let c64 = CubeN::new(64).unwrap();
    assert!(c64.parse_held("((32Rw 32Uw 32Fw)3333)10").is_err());
    // Large inputs under the bound are read: 10,000 face turns of the 16x16x16, a long
    // input of the 64x64x64, rotations (which move no cubie) as many as the parser takes.
    assert!(c16.parse_held("(R U)5000").is_ok_and(|(s, _)| !c16.is_solved(&s)));
    assert!(c64.parse_held("(R 31Uw 2F' Lw2 17Bw)120").is_ok());
    assert!(c16.parse_held("((x y z)3333)10").is_ok());
    // A supercube cubie costs about eight times a piece of the other puzzles to move, and
    // counts so: 15,000 face turns of the 16x16x16 (3.84 million cubies, which took 0.1 s
    // in a release build and were accepted) are over the bound, as 960 `15Rw` are.
    let e = c16.parse_held("(R U F)5000").unwrap_err();
    assert!(e.reason.contains("a supercube's cubie counting 8"), "{e}");
    assert!(c16.parse_moves("(x0 y0 z0)5000").is_err());
    assert!(c16.parse_held("(15Rw 15Uw 15Fw)320").is_err());
    let wide = wca::block_work(16, wca::parse_blocks(16, "15Rw").unwrap()[0]);
    assert_eq!(wide, 15 * 256 * twisty_core::supercube::WORK_PER_CUBIE);
    assert!(wide * 800 < MAX_WORK && wide * 900 > MAX_WORK);
}
