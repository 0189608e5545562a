use super::geometry::rotate_facelet;
use super::*;
use crate::cube3::Cube3;
use crate::held::Held;
use crate::rng::seeded_rng;
use crate::supercube::group;

/// A sticker-by-sticker simulation of the physical cube, independent of the orbit model:
/// every facelet of the turned slices moves with the slice's rotation.
fn physical_turn(n: usize, faces: &mut [u8], b: Block) {
    let g = group();
    let m = &g.matrix[g.turn[b.axis as usize][b.angle as usize % 3] as usize];
    let old = faces.to_vec();
    for (i, &f) in old.iter().enumerate() {
        let v = geometry::cubie_of(n, i);
        let s = v[b.axis as usize];
        if (b.lo as usize..=b.hi as usize).contains(&s) {
            faces[rotate_facelet(n, m, i)] = f;
        }
    }
}

fn solved_faces(n: usize) -> Vec<u8> {
    (0..6 * n * n).map(|i| (i / (n * n)) as u8).collect()
}

fn random_block<R: Rng>(rng: &mut R, n: usize) -> Block {
    loop {
        let a = rng.random_range(0..n) as u8;
        let b = rng.random_range(0..n) as u8;
        let blk = Block {
            axis: rng.random_range(0..3),
            lo: a.min(b),
            hi: a.max(b),
            angle: rng.random_range(0..3),
        };
        if !blk.is_rotation(n) {
            return blk;
        }
    }
}

fn random_text<R: Rng>(rng: &mut R, n: usize, len: usize) -> String {
    let mut out = Vec::new();
    for _ in 0..len {
        if rng.random_range(0..6) == 0 {
            let r = ["x", "y'", "z2", "Rv", "Dv'"][rng.random_range(0..5)];
            out.push(r.to_string());
        } else {
            out.push(crate::wca::block_token(n, random_block(rng, n)));
        }
    }
    out.join(" ")
}

#[test]
fn sizes_are_checked() {
    assert!(CubeN::new(1).is_err());
    assert!(CubeN::new(MAX_N + 1).is_err());
    assert!(CubeN::new(MAX_N).is_ok());
    // A size set by hand out of range is clamped, never a panic.
    let wild = CubeN { n: 0 };
    let b = Block {
        axis: 0,
        lo: 0,
        hi: 0,
        angle: 0,
    };
    let mut s = wild.solved();
    wild.apply(&mut s, b);
    assert!(!wild.format_move(b).is_empty());
    for n in [4, 5, 6, 7, 33] {
        let c = CubeN { n };
        assert_eq!(c.moves().len(), 9 * (n - 1));
        assert_eq!(c.wing_orbits(), (n - 2) / 2);
        assert_eq!(c.centre_orbits(), (n - 2) * (n - 2) / 4);
    }
}

#[test]
fn orbits_cover_every_facelet_once() {
    for n in 2..=9 {
        let c = CubeN { n };
        let g = &c.tables().geometry;
        let mut hits = vec![0; 6 * n * n];
        g.corners.iter().flatten().for_each(|&f| hits[f] += 1);
        if n % 2 == 1 {
            g.midges.iter().flatten().for_each(|&f| hits[f] += 1);
            for f in 0..6 {
                hits[geometry::index(n, f, n / 2, n / 2)] += 1;
            }
        }
        g.wings.iter().flatten().flatten().for_each(|&f| hits[f] += 1);
        g.centres.iter().flatten().for_each(|&f| hits[f] += 1);
        assert!(hits.iter().all(|&h| h == 1), "N = {n}: {hits:?}");
        // Every wing's two facelets are one cubie's.
        for orbit in &g.wings {
            for p in orbit {
                assert_eq!(geometry::cubie_of(n, p[0]), geometry::cubie_of(n, p[1]));
            }
        }
    }
    // Kinds: the 6x6x6 has x-centres at (1, 1) and (2, 2) and a pair of obliques.
    let c = CubeN { n: 6 };
    let cells: Vec<_> = (0..4).filter_map(|j| c.centre_cell(j)).collect();
    assert_eq!(cells, [(1, 1), (1, 2), (1, 3), (2, 2)]);
    assert_eq!(c.centre_kind(0), Some(CentreKind::X));
    assert_eq!(c.centre_kind(1), Some(CentreKind::Oblique { mirror: 2 }));
    assert_eq!(c.centre_kind(2), Some(CentreKind::Oblique { mirror: 1 }));
    assert_eq!(CubeN { n: 5 }.centre_kind(1), Some(CentreKind::Plus));
}

#[test]
fn the_model_moves_every_sticker_as_the_physical_cube() {
    for n in 2..=8 {
        let c = CubeN { n };
        let mut rng = seeded_rng(n as u64);
        for _ in 0..8 {
            let mut faces = solved_faces(n);
            let mut s = c.solved();
            for _ in 0..25 {
                let b = random_block(&mut rng, n);
                physical_turn(n, &mut faces, b);
                if c.holds_anchor(b) {
                    // The reference frame: the person regrips so the anchor is home again.
                    let back = Block {
                        lo: 0,
                        hi: (n - 1) as u8,
                        ..b.inverse()
                    };
                    physical_turn(n, &mut faces, back);
                }
                c.apply(&mut s, b);
            }
            let text: String = faces
                .iter()
                .map(|&f| crate::cube3::FACE_NAMES[f as usize])
                .collect();
            assert_eq!(c.to_facelets(&s), text, "N = {n}");
            assert_eq!(c.from_facelets_held(&text), Ok((s, CubeFrame(0))), "N = {n}");
        }
    }
}

#[test]
fn held_input_tracks_the_frame_like_the_physical_cube() {
    for n in [2, 3, 4, 5, 6, 7, 8, 33] {
        let c = CubeN { n };
        let mut rng = seeded_rng(40 + n as u64);
        for _ in 0..20 {
            let text = random_text(&mut rng, n, 20);
            let mut faces = solved_faces(n);
            for b in crate::wca::parse_blocks(n, &text).unwrap_or_default() {
                physical_turn(n, &mut faces, b);
            }
            let (s, frame) = c.parse_held(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let seen: String = faces
                .iter()
                .map(|&f| crate::cube3::FACE_NAMES[f as usize])
                .collect();
            assert_eq!(c.to_facelets_held(&s, frame), seen, "N = {n}: {text}");
            // The reference moves of the text make the same state.
            let r = c.reference_moves(&text).unwrap_or_default();
            assert_eq!(c.state_after(&r), s);
            assert_eq!(c.parse_moves(&text).ok(), Some(r.clone()));
            // Their inverse, written as held, solves the cube as held.
            let answer = c.held_moves(frame, &c.invert_all(&r));
            let (mut t, mut f) = (s.clone(), frame);
            c.apply_held(&mut t, &mut f, &answer.join(" "))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(c.is_solved(&t), "N = {n}: {text} / {answer:?}");
            assert_eq!(c.frame_after(frame, &c.invert_all(&r)), f);
        }
    }
}

/// Every block kind at `n`: all blocks of every width on every axis (for large N a sample).
fn blocks_of(n: usize) -> Vec<Block> {
    let mut out = Vec::new();
    for axis in 0..3u8 {
        for lo in 0..n as u8 {
            for hi in lo..n as u8 {
                let b = Block {
                    axis,
                    lo,
                    hi,
                    angle: 0,
                };
                let sample = n <= 9
                    || lo == 0
                    || hi as usize == n - 1
                    || lo == hi
                    || (lo as usize + hi as usize).is_multiple_of(7);
                if !b.is_rotation(n) && sample {
                    out.push(b);
                }
            }
        }
    }
    out
}

#[test]
fn every_move_kind_has_order_four_and_its_inverse() {
    for n in [4, 5, 6, 7, 33] {
        let c = CubeN { n };
        for b in blocks_of(n) {
            let mut s = c.solved();
            for k in 1..=4 {
                c.apply(&mut s, b);
                assert_eq!(c.is_solved(&s), k == 4, "N = {n}: {b:?} after {k} quarter turns");
                if k == 2 {
                    assert_eq!(s, c.state_after(&[Block { angle: 1, ..b }]));
                }
                if k == 3 {
                    assert_eq!(s, c.state_after(&[b.inverse()]));
                }
            }
            let mut t = c.state_after(&[b]);
            c.apply(&mut t, b.inverse());
            assert!(c.is_solved(&t));
            // Parsing the printed token gives the block back.
            let token = c.format_move(b);
            assert_eq!(c.parse_moves(&token).ok(), Some(vec![b]), "N = {n}: {token}");
        }
    }
}

#[test]
fn the_3x3x3_reading_agrees_with_cube3() {
    let c = CubeN { n: 3 };
    let mut rng = seeded_rng(3);
    for _ in 0..50 {
        let moves = Cube3.random_moves(&mut rng, 20);
        let text = Cube3.format_moves(&moves);
        let s = c.state_after(&c.parse_moves(&text).unwrap_or_default());
        let want = Cube3.to_facelets(&Cube3.state_after(&moves));
        assert_eq!(c.to_facelets(&s), want, "{text}");
        let with_slices = format!("{text} M E' S2 x Rw");
        let s = c.state_after(&c.parse_moves(&with_slices).unwrap_or_default());
        let want =
            Cube3.to_facelets(&Cube3.state_after(&Cube3.parse_moves(&with_slices).unwrap_or_default()));
        assert_eq!(c.to_facelets(&s), want, "{with_slices}");
    }
}

#[test]
fn facelet_strings_round_trip_in_every_frame() {
    for n in [2, 3, 4, 5, 6, 7, 10] {
        let c = CubeN { n };
        let mut rng = seeded_rng(70 + n as u64);
        for _ in 0..5 {
            let s = c.random_state(&mut rng);
            assert_eq!(c.validate(&s), Ok(()), "N = {n}");
            assert_eq!(c.from_facelets(&c.to_facelets(&s)), Ok(s.clone()));
            for f in 0..24u8 {
                let frame = CubeFrame(f);
                let text = c.to_facelets_held(&s, frame);
                assert_eq!(c.from_facelets_held(&text), Ok((s.clone(), frame)), "N = {n}");
            }
        }
    }
    // Colour letters and names read as face letters.
    let c = CubeN { n: 4 };
    let s = c.state_after(&c.parse_moves("Rw U 2F'").unwrap_or_default());
    let text = c.to_facelets(&s);
    let colours: String = text
        .chars()
        .map(|ch| match ch {
            'U' => 'w',
            'F' => 'g',
            'D' => 'y',
            'L' => 'o',
            x => x,
        })
        .collect();
    assert_eq!(c.from_facelets(&colours), Ok(s.clone()));
    let words: Vec<&str> = text
        .chars()
        .map(|ch| ["white", "red", "green", "yellow", "orange", "blue"]["URFDLB".find(ch).unwrap_or(0)])
        .collect();
    assert_eq!(c.from_facelets(&words.join(" ")), Ok(s));
}

/// The solved 5x5x5 string with facelets `a` and `b` swapped.
fn swapped(c: &CubeN, s: &CubeNState, a: usize, b: usize) -> String {
    let mut f: Vec<char> = c.to_facelets(s).chars().collect();
    f.swap(a, b);
    f.into_iter().collect()
}

#[test]
fn every_impossible_state_is_named() {
    let c5 = CubeN { n: 5 };
    let c4 = CubeN { n: 4 };
    let s5 = c5.solved();
    let s4 = c4.solved();
    let err = |c: &CubeN, t: &str| {
        c.from_facelets(t)
            .err()
            .unwrap_or(InvalidState::Other("accepted".into()))
    };
    // Shape and letters.
    assert!(matches!(err(&c4, "UUU"), InvalidState::Malformed(m) if m.contains("96 stickers")));
    let mut bad = c4.to_facelets(&s4);
    bad.replace_range(5..6, "Q");
    assert!(matches!(err(&c4, &bad), InvalidState::Malformed(m) if m.contains("sticker 6 is `Q`")));
    let mut counts = c4.to_facelets(&s4);
    counts.replace_range(0..1, "R");
    assert!(
        matches!(err(&c4, &counts), InvalidState::ColourCount { ref colour, count: 15, expected: 16 } if colour == "U")
    );
    // A twisted corner: rotate the URF corner's stickers.
    let g = &c5.tables().geometry;
    let urf = g.corners[0];
    let mut f: Vec<char> = c5.to_facelets(&s5).chars().collect();
    let (a, b, cc) = (f[urf[0]], f[urf[1]], f[urf[2]]);
    (f[urf[0]], f[urf[1]], f[urf[2]]) = (cc, a, b);
    let twisted: String = f.iter().collect();
    assert_eq!(err(&c5, &twisted), InvalidState::Twist { sum: 1 });
    assert!(matches!(
        c4.from_facelets(&{
            let g4 = &c4.tables().geometry;
            let u = g4.corners[0];
            let mut f: Vec<char> = c4.to_facelets(&s4).chars().collect();
            (f[u[0]], f[u[1]], f[u[2]]) = (f[u[2]], f[u[0]], f[u[1]]);
            f.into_iter().collect::<String>()
        }),
        Err(InvalidState::Twist { .. })
    ));
    // A mirrored corner (two stickers swapped) is no corner.
    assert!(
        matches!(err(&c5, &swapped(&c5, &s5, urf[1], urf[2])), InvalidState::NoSuchPiece(m) if m.contains("URF"))
    );
    // A flipped middle edge.
    let uf = g.midges[1];
    assert_eq!(err(&c5, &swapped(&c5, &s5, uf[0], uf[1])), InvalidState::Flip);
    // Two middle edges swapped: the parities differ.
    let ur = g.midges[0];
    let mut f: Vec<char> = c5.to_facelets(&s5).chars().collect();
    f.swap(uf[0], ur[0]);
    f.swap(uf[1], ur[1]);
    let parity: String = f.into_iter().collect();
    assert!(matches!(err(&c5, &parity), InvalidState::Parity(m) if m.contains("middle-edge")));
    // The same swap of two wings is possible; a wing flipped in place is not.
    let w = &c5.tables().geometry.wings[0];
    let mut two = c5.solved();
    two.wings.swap(0, 2);
    assert_eq!(c5.validate(&two), Ok(()));
    assert_eq!(
        c5.from_facelets(&c5.to_facelets(&two)),
        Ok(two),
        "two wings swapped are possible"
    );
    assert!(
        matches!(err(&c5, &swapped(&c5, &s5, w[2][0], w[2][1])), InvalidState::DuplicatePiece(m) if m.contains("wing orbit 0") && m.contains("flipped"))
    );
    let w4 = &c4.tables().geometry.wings[0];
    let e = err(&c4, &swapped(&c4, &s4, w4[5][0], w4[5][1]));
    assert!(
        matches!(&e, InvalidState::DuplicatePiece(m) if m.contains("ULa") && m.contains("ULb")),
        "{e}"
    );
    // A whole edge flipped (both wings) is the two wings swapped: possible.
    let mut f: Vec<char> = c4.to_facelets(&s4).chars().collect();
    f.swap(w4[0][0], w4[0][1]);
    f.swap(w4[1][0], w4[1][1]);
    let mut flip = c4.solved();
    flip.wings.swap(0, 1);
    assert_eq!(c4.from_facelets(&f.into_iter().collect::<String>()), Ok(flip));
    // No edge has these colours: U and D on one wing.
    let mut f: Vec<char> = c4.to_facelets(&s4).chars().collect();
    f[w4[0][1]] = 'D';
    f[geometry::index(4, 3, 1, 1)] = 'R';
    assert!(
        matches!(err(&c4, &f.into_iter().collect::<String>()), InvalidState::NoSuchPiece(m) if m.contains("URa") && m.contains("no edge"))
    );
    // Centre counts per orbit: an x-centre and a +-centre of two colours exchanged.
    let x = c5.tables().geometry.centres[0][0];
    let plus = c5.tables().geometry.centres[1][8];
    assert!(
        matches!(err(&c5, &swapped(&c5, &s5, x, plus)), InvalidState::Centres(m) if m.contains("centre orbit 0") && m.contains("x-centres"))
    );
    // Fixed centres that no rotation gives.
    let u = geometry::index(5, 0, 2, 2);
    let d = geometry::index(5, 3, 2, 2);
    let mut f: Vec<char> = c5.to_facelets(&s5).chars().collect();
    f.swap(u, d);
    let fixed: String = f.into_iter().collect();
    assert!(matches!(err(&c5, &fixed), InvalidState::Centres(_)));
    // A duplicate wing.
    let mut s = c4.solved();
    s.wings[1] = 0;
    assert!(matches!(c4.validate(&s), Err(InvalidState::DuplicatePiece(m)) if m.contains("URa")));
    // The reference frame of an even cube.
    let mut s = c4.solved();
    s.corners.swap(6, 7);
    assert!(matches!(c4.validate(&s), Err(InvalidState::Other(_))));
}

#[test]
fn state_counts_match_the_published_numbers() {
    assert_eq!(CubeN { n: 3 }.state_count(), "43252003274489856000");
    assert_eq!(CubeN { n: 2 }.state_count(), "3674160");
    assert_eq!(
        CubeN { n: 4 }.state_count(),
        "7401196841564901869874093974498574336000000000"
    );
    assert_eq!(
        CubeN { n: 5 }.state_count(),
        "282870942277741856536180333107150328293127731985672134721536000000000000000"
    );
}

#[test]
fn random_states_are_legal_and_scrambles_invert() {
    for n in [4, 5, 6, 7, 12] {
        let c = CubeN { n };
        let mut rng = seeded_rng(500 + n as u64);
        let mut odd_corners = 0;
        for _ in 0..40 {
            let s = c.random_state(&mut rng);
            assert_eq!(c.validate(&s), Ok(()));
            let cp: Vec<u8> = (0..8).map(|i| s.corner_perm(i)).collect();
            odd_corners += usize::from(odd(&cp));
        }
        // Both corner parities occur.
        assert!((5..35).contains(&odd_corners), "N = {n}: {odd_corners}");
        let moves = c.random_moves(&mut rng, 60);
        let mut s = c.state_after(&moves);
        assert!(!c.is_solved(&s));
        c.apply_all(&mut s, &c.invert_all(&moves));
        assert!(c.is_solved(&s));
    }
}

#[test]
fn permutations_for_move_tables_match_apply() {
    let c = CubeN { n: 6 };
    let mut rng = seeded_rng(6);
    let s0 = c.random_state(&mut rng);
    for b in c.moves().into_iter().chain([Block {
        axis: 1,
        lo: 2,
        hi: 3,
        angle: 1,
    }]) {
        let mut s = s0.clone();
        c.apply(&mut s, b);
        for k in 0..c.wing_orbits() {
            let p = c.wing_permutation(b, k);
            let want: Vec<u8> = p.iter().map(|&i| s0.wings(k)[i as usize]).collect();
            assert_eq!(s.wings(k), &want[..]);
        }
        for j in 0..c.centre_orbits() {
            let p = c.centre_permutation(b, j);
            let want: Vec<u8> = p.iter().map(|&i| s0.centres(j)[i as usize]).collect();
            assert_eq!(s.centres(j), &want[..]);
        }
        let (cp, co) = c.corner_permutation(b);
        for i in 0..8 {
            assert_eq!(s.corner_perm(i), s0.corner_perm(cp[i] as usize));
            assert_eq!(s.corner_twist(i), (s0.corner_twist(cp[i] as usize) + co[i]) % 3);
        }
    }
}

#[test]
fn metrics_count_as_documented() {
    let c = CubeN { n: 5 };
    let len = |t: &str, m: Metric| c.length(&crate::wca::parse_blocks(5, t).unwrap_or_default(), m);
    // The rotation x counts 0 but in ETM.
    let text = "R Rw2 3Rw' 2R M x 2-3Rw";
    assert_eq!(len(text, Metric::Obtm), 1 + 1 + 1 + 2 + 2 + 2);
    assert_eq!(len(text, Metric::Htm), len(text, Metric::Obtm));
    assert_eq!(len(text, Metric::Qtm), 1 + 2 + 1 + 2 + 2 + 2);
    assert_eq!(len(text, Metric::Sstm), 1 + 2 + 3 + 1 + 1 + 2);
    assert_eq!(len(text, Metric::Etm), 7);
}

#[test]
fn notation_reads_cubing_js_tokens() {
    let c = CubeN { n: 4 };
    let p = |t: &str| crate::wca::parse_blocks(4, t).unwrap_or_default();
    // r = Rw = 2r; 3r = 3Rw; 2R is the inner layer alone.
    assert_eq!(p("r"), p("Rw"));
    assert_eq!(p("2r"), p("Rw"));
    assert_eq!(p("3r"), p("3Rw"));
    assert_eq!(
        c.state_after(&c.parse_moves("Rw R'").unwrap_or_default()),
        c.state_after(&c.parse_moves("2R").unwrap_or_default())
    );
    assert_eq!(
        c.state_after(&c.parse_moves("2-3r").unwrap_or_default()),
        c.state_after(&c.parse_moves("2R 3R").unwrap_or_default())
    );
    // Rw is L turned with it, up to a rotation; so is 3Rw and L'.
    assert_eq!(
        c.state_after(&c.parse_moves("Rw").unwrap_or_default()),
        c.state_after(&c.parse_moves("Lw x").unwrap_or_default())
    );
    assert_eq!(
        c.state_after(&c.parse_moves("3Rw").unwrap_or_default()),
        c.state_after(&c.parse_moves("L").unwrap_or_default())
    );
    let e = c.parse_moves("R U M").err().map(|e| (e.token, e.column));
    assert_eq!(e, Some(("M".to_string(), 5)));
    let e = c.parse_moves("R 4Rw").err().map(|e| e.column);
    assert_eq!(e, Some(3));
    // A 5x5x5's M is the middle layer alone, as L.
    let c5 = CubeN { n: 5 };
    assert_eq!(
        c5.state_after(&c5.parse_moves("M").unwrap_or_default()),
        c5.state_after(&c5.parse_moves("3L").unwrap_or_default())
    );
    assert_eq!(
        c5.state_after(&c5.parse_moves("m").unwrap_or_default()),
        c5.state_after(&c5.parse_moves("2-4l").unwrap_or_default())
    );
}
