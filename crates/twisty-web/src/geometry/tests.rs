//! Tests of the display models.

use super::*;

fn run(m: &Model, seq: &str) -> DisplayState {
    let mut s = m.solved();
    for t in seq.split_whitespace() {
        m.apply(&mut s, t).unwrap();
    }
    s
}

#[test]
fn groups_have_the_right_order() {
    assert_eq!(Model::cube(3, false).group.mats.len(), 24);
    assert_eq!(Model::kilominx().group.mats.len(), 60);
}

#[test]
fn piece_counts() {
    assert_eq!(Model::cube(2, false).pieces.len(), 8);
    assert_eq!(Model::cube(3, false).pieces.len(), 26);
    assert_eq!(Model::cube(7, true).pieces.len(), 343 - 125);
    let k = Model::kilominx();
    assert_eq!(k.pieces.len(), 20);
    assert!(k.pieces.iter().all(|p| p.stickers.len() == 6));
}

#[test]
fn face_moves_have_the_right_order_and_inverse() {
    let c = Model::cube(3, false);
    for f in ["U", "R", "F", "D", "L", "B", "M", "Rw", "x"] {
        let s = run(&c, &format!("{f} {f} {f}"));
        assert!(!c.is_solved(&s) || f == "x");
        assert!(c.is_solved(&run(&c, &format!("{f} {f} {f} {f}"))));
        assert!(c.is_solved(&run(&c, &format!("{f} {f}'"))));
        assert_eq!(run(&c, &format!("{f} {f}")), run(&c, &format!("{f}2")));
    }
    let k = Model::kilominx();
    for f in ["U", "F", "L", "R", "BL", "BR", "FL", "FR", "DL", "DR", "B", "D"] {
        assert!(!k.is_solved(&run(&k, f)));
        assert!(k.is_solved(&run(&k, &[f; 5].join(" "))), "{f}");
        assert!(k.is_solved(&run(&k, &format!("{f}2 {f}2'"))));
        let a = run(&k, &format!("{f} {f}"));
        assert_eq!(a, run(&k, &format!("{f}2")));
        assert_eq!(run(&k, &format!("{f}'")), run(&k, &format!("{f}2 {f}2")));
        // Each face turns its own five corners.
        let mut s = k.solved();
        assert_eq!(k.apply(&mut s, f).unwrap().pieces.len(), 5, "{f}");
    }
}

#[test]
fn sexy_move_has_order_six() {
    let c = Model::cube(3, false);
    let seq = ["R U R' U'"; 6].join(" ");
    assert!(c.is_solved(&run(&c, &seq)));
    assert!(!c.is_solved(&run(&c, "R U R' U'")));
}

#[test]
fn kilominx_faces_meet_as_named() {
    // U, F and L meet at a corner (the UFL cubie); so do U, F, R and F, FL, FR.
    let k = Model::kilominx();
    for trio in [
        ["U", "F", "L"],
        ["U", "F", "R"],
        ["F", "FL", "FR"],
        ["BL", "BR", "B"],
    ] {
        let mut common = None;
        for p in 0..k.pieces.len() {
            let hit = trio.iter().all(|f| {
                let mut s = k.solved();
                k.apply(&mut s, f).unwrap().pieces.contains(&(p as u16))
            });
            if hit {
                common = Some(p);
            }
        }
        assert!(common.is_some(), "{trio:?}");
    }
}

#[test]
fn facelets_round_trip() {
    let c = Model::cube(3, false);
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert!(c.is_solved(&c.from_cube3_facelets(solved).unwrap()));
    // After R, the U face's right column holds F's colour.
    let after_r = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
    assert_eq!(c.from_cube3_facelets(after_r).unwrap(), run(&c, "R"));
    let after_u = "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB";
    assert_eq!(c.from_cube3_facelets(after_u).unwrap(), run(&c, "U"));
    let after_f = "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB";
    assert_eq!(c.from_cube3_facelets(after_f).unwrap(), run(&c, "F"));
    assert!(c.from_cube3_facelets("UUU").is_err());
    assert_eq!(c.cube_facelets(&run(&c, "R")).unwrap(), after_r);
    assert_eq!(c.cube_facelets(&run(&c, "F")).unwrap(), after_f);
    let s = run(&c, "R U F' D2 L B' x M");
    assert_eq!(
        c.from_cube3_facelets(&c.cube_facelets(&s).unwrap())
            .map(|t| c.is_solved(&{
                let mut t = t;
                for m in ["M'", "x'", "B", "L'", "D2", "F", "U'", "R'"] {
                    c.apply(&mut t, m).unwrap();
                }
                t
            })),
        Ok(true)
    );
    let two = Model::cube(2, false);
    let s2 = run(&two, "R");
    assert_eq!(two.cube_facelets(&s2).unwrap(), "UFUFRRRRFDFDDBDBLLLLUBUB");
    let bad = solved.replacen('U', "R", 1);
    assert!(c.from_cube3_facelets(&bad).is_err());
}

#[test]
fn nets_have_one_sticker_per_letter_of_the_state_string() {
    for m in [
        Model::cube(2, false),
        Model::cube(3, false),
        Model::cube(7, false),
        Model::kilominx(),
    ] {
        let net = m.net.clone().expect("a net");
        let solved = m.state_string(&m.solved()).expect("a state string");
        assert_eq!(net.solved, solved);
        let mut seen: Vec<usize> = net.stickers.iter().map(|s| s.index).collect();
        seen.dedup();
        assert_eq!(seen, (0..solved.len()).collect::<Vec<_>>());
        // No two stickers drawn on the same spot.
        let mids: Vec<(i64, i64)> = net
            .stickers
            .iter()
            .map(|s| {
                let k = s.poly.len() as f32;
                let x: f32 = s.poly.iter().map(|p| p[0]).sum::<f32>() / k;
                let y: f32 = s.poly.iter().map(|p| p[1]).sum::<f32>() / k;
                ((x * 20.0).round() as i64, (y * 20.0).round() as i64)
            })
            .collect();
        let mut unique = mids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), mids.len());
        // Every letter of the string is a colour of the palette.
        assert!(solved.chars().all(|c| net.letters.contains(&c.to_string())));
    }
    assert!(Model::cube(3, true).net.is_none());
    assert_eq!(
        Model::cube(3, false).net.map(|n| n.fixed),
        Some(vec![4, 13, 22, 31, 40, 49])
    );
}
