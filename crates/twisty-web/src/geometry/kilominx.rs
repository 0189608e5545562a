//! The Kilominx's display model.

use super::linalg::*;
use super::*;

impl Model {
    /// The Kilominx: 20 corner pieces of a dodecahedron with U on top and F at the front,
    /// faces named as in cubing.js (every face turns itself).
    pub fn kilominx() -> Model {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        // Face normals: the icosahedron's vertices.
        let mut normals: Vec<Vec3> = Vec::new();
        for a in [-1.0, 1.0] {
            for b in [-phi, phi] {
                normals.push(normalise(&[0.0, a, b]));
                normals.push(normalise(&[a, b, 0.0]));
                normals.push(normalise(&[b, 0.0, a]));
            }
        }
        // Turn the solid so that normal (0, 1, φ) points up (+y).
        let up = normalise(&[0.0, 1.0, phi]);
        let tilt = rotation(&[1.0, 0.0, 0.0], -(up[2].atan2(up[1])));
        let normals: Vec<Vec3> = normals.iter().map(|n| mat_vec(&tilt, n)).collect();
        let u = [0.0, 1.0, 0.0];
        let upper: Vec<Vec3> = {
            let mut v: Vec<Vec3> = normals
                .iter()
                .copied()
                .filter(|n| dot(n, &u) > 0.1 && dot(n, &u) < 0.9)
                .collect();
            // Azimuth measured from +z (front) towards +x (right): F, R, BR, BL, L.
            v.sort_by(|a, b| {
                let aa = a[0].atan2(a[2]).rem_euclid(std::f64::consts::TAU);
                let bb = b[0].atan2(b[2]).rem_euclid(std::f64::consts::TAU);
                aa.total_cmp(&bb)
            });
            v
        };
        // Spin about y so that one upper face is exactly at the front.
        let spin = rotation(&u, -(upper[0][0].atan2(upper[0][2])));
        let upper: Vec<Vec3> = upper.iter().map(|n| mat_vec(&spin, n)).collect();
        let neg = |v: &Vec3| scale(v, -1.0);
        let (f, r, br, bl, l) = (upper[0], upper[1], upper[2], upper[3], upper[4]);
        let faces: Vec<(&str, Vec3)> = vec![
            ("U", u),
            ("F", f),
            ("L", l),
            ("R", r),
            ("BL", bl),
            ("BR", br),
            ("FL", neg(&br)),
            ("FR", neg(&bl)),
            ("DL", neg(&r)),
            ("DR", neg(&l)),
            ("B", neg(&f)),
            ("D", neg(&u)),
        ];
        // The face planes are at distance 1; vertices are where three planes meet.
        let mut verts: Vec<(Vec3, Vec<usize>)> = Vec::new();
        for a in 0..12 {
            for b in a + 1..12 {
                for c in b + 1..12 {
                    if let Some(p) = solve3(&faces[a].1, &faces[b].1, &faces[c].1) {
                        if faces.iter().all(|(_, n)| dot(&p, n) < 1.0 + 1e-6) {
                            verts.push((p, vec![a, b, c]));
                        }
                    }
                }
            }
        }
        let mut pieces = Vec::new();
        for (v, fs) in &verts {
            let mut stickers = Vec::new();
            for &fi in fs {
                let n = faces[fi].1;
                // The two neighbouring vertices of v on this face share v's face and one other.
                let nb: Vec<Vec3> = verts
                    .iter()
                    .filter(|(w, wf)| {
                        !close(w, v) && wf.contains(&fi) && wf.iter().filter(|x| fs.contains(x)).count() == 2
                    })
                    .map(|(w, _)| *w)
                    .collect();
                if nb.len() != 2 {
                    continue;
                }
                let centre = scale(&n, 1.0);
                let m1 = scale(&add(v, &nb[0]), 0.5);
                let m2 = scale(&add(v, &nb[1]), 0.5);
                let mut kite = vec![*v, m1, centre, m2];
                // Counter-clockwise seen from outside.
                let cross = {
                    let a = add(&m1, &neg(v));
                    let b = add(&m2, &neg(v));
                    [
                        a[1] * b[2] - a[2] * b[1],
                        a[2] * b[0] - a[0] * b[2],
                        a[0] * b[1] - a[1] * b[0],
                    ]
                };
                if dot(&cross, &n) < 0.0 {
                    kite = vec![*v, m2, centre, m1];
                }
                let mid = scale(&kite.iter().fold([0.0; 3], |acc, p| add(&acc, p)), 0.25);
                let shrink = |p: &Vec3, s: f64, lift: f64| {
                    add(&add(&mid, &scale(&add(p, &neg(&mid)), s)), &scale(&n, lift))
                };
                stickers.push(Sticker {
                    verts: kite.iter().map(|p| v32(&shrink(p, 1.0, 0.001))).collect(),
                    colour: 12,
                });
                stickers.push(Sticker {
                    verts: kite.iter().map(|p| v32(&shrink(p, 0.86, 0.01))).collect(),
                    colour: fi as u8,
                });
            }
            pieces.push(Piece {
                centre: v32(v),
                stickers,
                centre64: *v,
                facelets: Vec::new(),
                stab: vec![0],
            });
        }
        let step = std::f64::consts::TAU / 5.0;
        let gens = [rotation(&faces[0].1, step), rotation(&faces[1].1, step)];
        let group = Group::generate(&gens);
        // The seed's colours, in the order of `faces`: U white, F red, L dark green, R dark
        // blue, BL purple, BR yellow, FL beige, FR pink, DL light blue, DR light green,
        // B orange, D grey; then the dark backing.
        let colours = [
            "#f5f5f5", "#d21e1e", "#1a7a2e", "#1e3caa", "#8c3cc8", "#fad700", "#e6d2a0", "#ff8cc8",
            "#64c8ff", "#82e65a", "#ff8200", "#8c8c8c", "#1c1c1c",
        ];
        let mut m = Model {
            group,
            pieces,
            colours: colours.iter().map(|s| s.to_string()).collect(),
            ghost_unsolved: false,
            moves: HashMap::new(),
            names: Vec::new(),
            ids: HashMap::new(),
            kind: Kind::Kilominx,
        };
        let vmax = m
            .pieces
            .iter()
            .map(|p| dot(&p.centre64, &faces[0].1))
            .fold(f64::MIN, f64::max);
        for (name, n) in &faces {
            for (suf, t) in [("", 1.0), ("'", -1.0), ("2", 2.0), ("2'", -2.0)] {
                let token = format!("{name}{suf}");
                m.add_move(token, *n, t, step, vmax - 0.05, vmax + 0.05);
            }
        }
        m
    }
}
