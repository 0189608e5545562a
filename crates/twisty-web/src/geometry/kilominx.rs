//! The Kilominx's display model.

use super::linalg::*;
use super::*;
use twisty_core::kilominx::{COLOUR_LETTERS, CORNER_FACES, CUBING_FACE_NAMES};

/// The Kilominx's net: U with its five neighbours on the left, seen from above (F below U), and
/// D with its five neighbours on the right, seen from below; each neighbour unfolded about
/// its edge with the middle face. `kites` are (state-string index, face, outline) per sticker.
fn kilominx_net(
    faces: &[(&str, Vec3)],
    kites: &[(usize, usize, Vec<Vec3>)],
    letters: &[char],
    letter_of: impl Fn(usize) -> char,
) -> Net {
    let mut stickers = Vec::new();
    let mut offset = 0.0f64;
    for (middle, v) in [(0usize, [0.0, 0.0, -1.0]), (faces.len() - 1, [0.0, 0.0, 1.0])] {
        let nx = faces[middle].1;
        let u = [1.0, 0.0, 0.0];
        let mut flat: Vec<(usize, Vec<[f64; 2]>)> = Vec::new();
        for (index, fi, kite) in kites {
            let ny = faces[*fi].1;
            let c = dot(&nx, &ny);
            let pts: Vec<Vec3> = if *fi == middle {
                kite.clone()
            } else if c > 0.3 {
                // Unfold about the shared edge: the line where both face planes meet.
                let e = [
                    nx[1] * ny[2] - nx[2] * ny[1],
                    nx[2] * ny[0] - nx[0] * ny[2],
                    nx[0] * ny[1] - nx[1] * ny[0],
                ];
                let q = scale(&add(&nx, &ny), 1.0 / (1.0 + c));
                let r = rotation(&e, -c.clamp(-1.0, 1.0).acos());
                kite.iter()
                    .map(|p| add(&q, &mat_vec(&r, &add(p, &scale(&q, -1.0)))))
                    .collect()
            } else {
                continue;
            };
            flat.push((*index, pts.iter().map(|p| [dot(p, &u), -dot(p, &v)]).collect()));
        }
        let min_x = flat
            .iter()
            .flat_map(|(_, p)| p.iter().map(|q| q[0]))
            .fold(f64::MAX, f64::min);
        let max_x = flat
            .iter()
            .flat_map(|(_, p)| p.iter().map(|q| q[0]))
            .fold(f64::MIN, f64::max);
        let min_y = flat
            .iter()
            .flat_map(|(_, p)| p.iter().map(|q| q[1]))
            .fold(f64::MAX, f64::min);
        for (index, pts) in flat {
            // Shrunk towards its own middle a little, so that stickers stay apart.
            let mid = pts
                .iter()
                .fold([0.0, 0.0], |a, p| [a[0] + p[0] / 4.0, a[1] + p[1] / 4.0]);
            let poly = pts
                .iter()
                .map(|p| {
                    let x = mid[0] + (p[0] - mid[0]) * 0.88 - min_x + offset;
                    let y = mid[1] + (p[1] - mid[1]) * 0.88 - min_y;
                    [
                        (x * 100.0).round() as f32 / 100.0,
                        (y * 100.0).round() as f32 / 100.0,
                    ]
                })
                .collect();
            stickers.push(NetSticker { index, poly });
        }
        offset += max_x - min_x + 0.3;
    }
    stickers.sort_by_key(|s| s.index);
    Net {
        stickers,
        letters: (0..faces.len()).map(|fi| letter_of(fi).to_string()).collect(),
        solved: letters.iter().collect(),
        fixed: Vec::new(),
    }
}

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
        // The engine's state string: each corner place (the core's numbering) with its three
        // faces in the core's face order.
        let core_face = |fi: usize| {
            CUBING_FACE_NAMES
                .iter()
                .position(|n| *n == faces[fi].0)
                .unwrap_or(0) as u8
        };
        let string_index = |fs: &[usize], fi: usize| -> Option<usize> {
            let mut set: Vec<u8> = fs.iter().map(|&f| core_face(f)).collect();
            set.sort_unstable();
            let place = CORNER_FACES.iter().position(|c| c[..] == set[..])?;
            let k = CORNER_FACES[place].iter().position(|&f| f == core_face(fi))?;
            Some(3 * place + k)
        };
        let mut kites: Vec<(usize, usize, Vec<Vec3>)> = Vec::new();
        let mut pieces = Vec::new();
        for (v, fs) in &verts {
            let mut stickers = Vec::new();
            let mut facelets = Vec::new();
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
                if let Some(index) = string_index(fs, fi) {
                    facelets.push((n, index));
                    kites.push((index, fi, kite.clone()));
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
                facelets,
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
            letters: Vec::new(),
            net: None,
        };
        let mut letters = vec!['?'; 60];
        for (index, fi, _) in &kites {
            letters[*index] = COLOUR_LETTERS[core_face(*fi) as usize];
        }
        m.letters = letters;
        m.net = Some(kilominx_net(&faces, &kites, &m.letters, |fi| {
            COLOUR_LETTERS[core_face(fi) as usize]
        }));
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
