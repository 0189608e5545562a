//! Display geometry: every puzzle shown by the page is a set of rigid pieces that turn about
//! the puzzle's centre. A piece's placement is an element of the puzzle's rotation group (24
//! rotations of the cube, 60 of the dodecahedron), so a state is one small integer per piece
//! and the browser only draws: it never needs to know a puzzle's rules.
//!
//! A move is a rotation (axis, angle) applied to the pieces whose current centre lies in a
//! layer (a range of distances along the axis). Moves are looked up by their notation token,
//! so the moves of the core puzzle models are replayed here through their formatted text.

use serde::Serialize;
use std::collections::HashMap;

/// A 3×3 rotation matrix, row-major.
pub type Mat = [[f64; 3]; 3];
/// A 3D vector.
pub type Vec3 = [f64; 3];

const EPS: f64 = 1e-6;

fn mat_mul(a: &Mat, b: &Mat) -> Mat {
    let mut m = [[0.0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

fn mat_vec(a: &Mat, v: &Vec3) -> Vec3 {
    [
        a[0][0] * v[0] + a[0][1] * v[1] + a[0][2] * v[2],
        a[1][0] * v[0] + a[1][1] * v[1] + a[1][2] * v[2],
        a[2][0] * v[0] + a[2][1] * v[1] + a[2][2] * v[2],
    ]
}

fn dot(a: &Vec3, b: &Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn add(a: &Vec3, b: &Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: &Vec3, s: f64) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn normalise(a: &Vec3) -> Vec3 {
    scale(a, 1.0 / dot(a, a).sqrt())
}

fn close(a: &Vec3, b: &Vec3) -> bool {
    (0..3).all(|i| (a[i] - b[i]).abs() < 1e-4)
}

/// The rotation by `angle` radians about the unit vector `axis` (right-hand rule).
pub fn rotation(axis: &Vec3, angle: f64) -> Mat {
    let [x, y, z] = normalise(axis);
    let (s, c) = angle.sin_cos();
    let t = 1.0 - c;
    [
        [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
        [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
        [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
    ]
}

/// A finite rotation group with its multiplication table.
#[derive(Debug, Clone)]
pub struct Group {
    /// The elements; element 0 is the identity.
    pub mats: Vec<Mat>,
    mul: Vec<Vec<u8>>,
}

impl Group {
    /// The closure of `gens` under multiplication.
    fn generate(gens: &[Mat]) -> Group {
        let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let mut mats = vec![id];
        let mut i = 0;
        while i < mats.len() {
            for g in gens {
                let m = mat_mul(g, &mats[i]);
                if Self::index_in(&mats, &m).is_none() {
                    mats.push(m);
                }
            }
            i += 1;
        }
        let n = mats.len();
        let mut mul = vec![vec![0u8; n]; n];
        for a in 0..n {
            for b in 0..n {
                let m = mat_mul(&mats[a], &mats[b]);
                // The set is closed, so the product is always found.
                mul[a][b] = Self::index_in(&mats, &m).unwrap_or(0) as u8;
            }
        }
        Group { mats, mul }
    }

    fn index_in(mats: &[Mat], m: &Mat) -> Option<usize> {
        mats.iter()
            .position(|x| (0..3).all(|i| (0..3).all(|j| (x[i][j] - m[i][j]).abs() < EPS)))
    }

    /// The index of `m`, if it is an element.
    pub fn index(&self, m: &Mat) -> Option<u8> {
        Self::index_in(&self.mats, m).map(|i| i as u8)
    }

    /// The product `a · b` (apply `b` first).
    pub fn mul(&self, a: u8, b: u8) -> u8 {
        self.mul[a as usize][b as usize]
    }
}

/// One coloured polygon of a piece, in its solved placement.
#[derive(Debug, Clone, Serialize)]
pub struct Sticker {
    /// Vertices (counter-clockwise seen from outside).
    pub verts: Vec<[f32; 3]>,
    /// Index into [`Model::colours`].
    pub colour: u8,
}

/// A rigid piece.
#[derive(Debug, Clone, Serialize)]
pub struct Piece {
    /// Centre of the piece in its solved placement (used for layer membership).
    pub centre: [f32; 3],
    /// Its polygons.
    pub stickers: Vec<Sticker>,
    #[serde(skip)]
    centre64: Vec3,
    /// For each sticker: outward normal and facelet index (3x3x3 facelet strings).
    #[serde(skip)]
    facelets: Vec<(Vec3, usize)>,
    /// Rotations that leave the piece looking the same (only the identity unless the piece
    /// shows one plain sticker, like a 3x3x3 centre).
    #[serde(skip)]
    stab: Vec<u8>,
}

/// A move: rotate the pieces whose centre's component along `axis` is in `lo..=hi`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct MoveDef {
    /// Unit axis.
    pub axis: [f32; 3],
    /// Angle in radians (right-hand rule).
    pub angle: f32,
    #[serde(skip)]
    lo: f64,
    #[serde(skip)]
    hi: f64,
    #[serde(skip)]
    element: u8,
    #[serde(skip)]
    axis64: Vec3,
    /// Turn every piece outside the layer instead (by the opposite angle).
    #[serde(skip)]
    outside: bool,
}

/// What the browser needs to animate one move: the rotation and the pieces it turns.
#[derive(Debug, Clone, Serialize)]
pub struct Anim {
    /// Unit axis.
    pub axis: [f32; 3],
    /// Angle in radians.
    pub angle: f32,
    /// Indices of the pieces that turn.
    pub pieces: Vec<u16>,
}

/// The display model of one puzzle.
#[derive(Debug, Clone)]
pub struct Model {
    /// The rotation group.
    pub group: Group,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// Sticker colours as CSS hex strings.
    pub colours: Vec<String>,
    /// Whether unsolved pieces are drawn semi-transparent.
    pub ghost_unsolved: bool,
    moves: HashMap<String, MoveDef>,
    names: Vec<String>,
    ids: HashMap<String, u16>,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Cube(usize),
    Kilominx,
}

/// A display state: one group element per piece.
pub type DisplayState = Vec<u8>;

/// A token the display model does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a move of this puzzle")]
pub struct UnknownToken(pub String);

/// To `f32`, rounded to 1/10000 so the JSON stays short.
fn v32(v: &Vec3) -> [f32; 3] {
    let r = |x: f64| ((x * 1e4).round() / 1e4) as f32;
    [r(v[0]), r(v[1]), r(v[2])]
}

/// Standard cube colours (U white, R red, F green, D yellow, L orange, B blue).
const CUBE_COLOURS: [&str; 7] = [
    "#f5f5f5", "#c81e1e", "#14a03c", "#fad700", "#ff8200", "#1e50dc", "#222222",
];

/// Face letters in the order of [`CUBE_COLOURS`], with outward normals.
const CUBE_FACES: [(char, Vec3); 6] = [
    ('U', [0.0, 1.0, 0.0]),
    ('R', [1.0, 0.0, 0.0]),
    ('F', [0.0, 0.0, 1.0]),
    ('D', [0.0, -1.0, 0.0]),
    ('L', [-1.0, 0.0, 0.0]),
    ('B', [0.0, 0.0, -1.0]),
];

/// A square sticker on the face with normal `n` around `c`, of half-size `h`.
fn square(c: &Vec3, n: &Vec3, h: f64) -> Vec<[f32; 3]> {
    // Two in-plane unit vectors u, v with u × v = n.
    let u: Vec3 = if n[0].abs() > 0.5 {
        [0.0, 0.0, -n[0]]
    } else if n[1].abs() > 0.5 {
        [n[1], 0.0, 0.0]
    } else {
        [n[2], 0.0, 0.0]
    };
    let v = [
        n[1] * u[2] - n[2] * u[1],
        n[2] * u[0] - n[0] * u[2],
        n[0] * u[1] - n[1] * u[0],
    ];
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .iter()
        .map(|&(a, b)| v32(&add(c, &add(&scale(&u, a * h), &scale(&v, b * h)))))
        .collect()
}

/// The 3x3x3 facelet index (Kociemba order U R F D L B, each face row by row as seen from
/// outside) of the sticker of the cubie at integer position `p` on the face with normal `n`.
fn cube_facelet(n: usize, p: [usize; 3], face: usize) -> usize {
    let [i, j, k] = p;
    let m = n - 1;
    let (row, col) = match face {
        0 => (k, i),         // U: back row first, left to right
        1 => (m - j, m - k), // R: front to back
        2 => (m - j, i),     // F
        3 => (m - k, i),     // D: front row first
        4 => (m - j, k),     // L: back to front
        _ => (m - j, m - i), // B: right to left
    };
    face * n * n + row * n + col
}

fn cube_index(c: &Vec3, n: usize) -> [usize; 3] {
    let half = (n as f64 - 1.0) / 2.0;
    let f = |x: f64| (x + half).round().clamp(0.0, n as f64 - 1.0) as usize;
    [f(c[0]), f(c[1]), f(c[2])]
}

impl Model {
    /// The N×N×N cube (N ≥ 2): its surface cubies, face, slice, wide and rotation moves.
    /// With `markers`, every sticker carries a small dark mark so centre orientations show.
    pub fn cube(n: usize, markers: bool) -> Model {
        let q = rotation(&[1.0, 0.0, 0.0], std::f64::consts::FRAC_PI_2);
        let r = rotation(&[0.0, 1.0, 0.0], std::f64::consts::FRAC_PI_2);
        let group = Group::generate(&[q, r]);
        let half = (n as f64 - 1.0) / 2.0;
        let mut pieces = Vec::new();
        for i in 0..n {
            for j in 0..n {
                for k in 0..n {
                    let c = [i as f64 - half, j as f64 - half, k as f64 - half];
                    let surface = c.iter().any(|x| (x.abs() - half).abs() < EPS);
                    if !surface {
                        continue;
                    }
                    let mut stickers = Vec::new();
                    let mut facelets = Vec::new();
                    for (f, (_, nrm)) in CUBE_FACES.iter().enumerate() {
                        if (dot(&c, nrm) - half).abs() > EPS {
                            continue;
                        }
                        let base = add(&c, &scale(nrm, 0.5));
                        stickers.push(Sticker {
                            verts: square(&add(&base, &scale(nrm, 0.001)), nrm, 0.5),
                            colour: 6,
                        });
                        let top = add(&base, &scale(nrm, 0.01));
                        stickers.push(Sticker {
                            verts: square(&top, nrm, 0.43),
                            colour: f as u8,
                        });
                        if markers {
                            // A small dark square near one corner shows the sticker's turn.
                            let sq = square(&top, nrm, 0.43);
                            let corner = [sq[3][0] as f64, sq[3][1] as f64, sq[3][2] as f64];
                            let mid = add(&scale(&corner, 0.7), &scale(&top, 0.3));
                            stickers.push(Sticker {
                                verts: square(&add(&mid, &scale(nrm, 0.005)), nrm, 0.09),
                                colour: 6,
                            });
                        }
                        facelets.push((*nrm, cube_facelet(n, cube_index(&c, n), f)));
                    }
                    pieces.push(Piece {
                        centre: v32(&c),
                        stickers,
                        centre64: c,
                        facelets,
                        stab: vec![0],
                    });
                }
            }
        }
        let mut m = Model {
            group,
            pieces,
            colours: CUBE_COLOURS.iter().map(|s| s.to_string()).collect(),
            ghost_unsolved: markers,
            moves: HashMap::new(),
            names: Vec::new(),
            ids: HashMap::new(),
            kind: Kind::Cube(n),
        };
        m.add_cube_moves(n);
        if !markers {
            // A piece with a single sticker looks the same after turns about its normal.
            for i in 0..m.pieces.len() {
                let p = &m.pieces[i];
                if p.stickers.iter().filter(|s| s.colour != 6).count() == 1 {
                    let c = p.centre64;
                    let stab = (0..m.group.mats.len() as u8)
                        .filter(|&g| close(&mat_vec(&m.group.mats[g as usize], &c), &c))
                        .collect();
                    m.pieces[i].stab = stab;
                }
            }
        }
        m
    }

    fn add_move(&mut self, name: String, axis: Vec3, turns: f64, step: f64, lo: f64, hi: f64) {
        let angle = -turns * step;
        let mat = rotation(&axis, angle);
        let Some(element) = self.group.index(&mat) else {
            return;
        };
        if !self.moves.contains_key(&name) {
            self.ids.insert(name.clone(), self.names.len() as u16);
            self.names.push(name.clone());
        }
        self.moves.insert(
            name,
            MoveDef {
                axis: v32(&axis),
                angle: angle as f32,
                lo,
                hi,
                element,
                axis64: axis,
                outside: false,
            },
        );
    }

    fn add_cube_moves(&mut self, n: usize) {
        let half = (n as f64 - 1.0) / 2.0;
        let q = std::f64::consts::FRAC_PI_2;
        let suffixes: [(&str, f64); 4] = [("", 1.0), ("'", -1.0), ("2", 2.0), ("2'", -2.0)];
        for (f, nrm) in CUBE_FACES.iter() {
            for (suf, t) in suffixes {
                // Outer face, then layers counted from the face (`2R` … `NR`), wide (`Rw`,
                // `3Rw`, lowercase `r` = 2 layers).
                self.add_move(format!("{f}{suf}"), *nrm, t, q, half - 0.1, half + 0.1);
                for k in 1..=n {
                    let d = half - (k as f64 - 1.0);
                    self.add_move(format!("{k}{f}{suf}"), *nrm, t, q, d - 0.1, d + 0.1);
                    self.add_move(format!("{k}{f}w{suf}"), *nrm, t, q, d - 0.1, half + 0.1);
                }
                if n >= 3 {
                    self.add_move(format!("{f}w{suf}"), *nrm, t, q, half - 1.1, half + 0.1);
                    let lower = f.to_ascii_lowercase();
                    self.add_move(format!("{lower}{suf}"), *nrm, t, q, half - 1.1, half + 0.1);
                }
            }
        }
        let all = half + 1.0;
        for (name, nrm) in [
            ("x", [1.0, 0.0, 0.0]),
            ("y", [0.0, 1.0, 0.0]),
            ("z", [0.0, 0.0, 1.0]),
        ] {
            for (suf, t) in suffixes {
                self.add_move(format!("{name}{suf}"), nrm, t, q, -all, all);
            }
        }
        if n == 3 {
            for (name, nrm) in [
                ("M", [-1.0, 0.0, 0.0]),
                ("E", [0.0, -1.0, 0.0]),
                ("S", [0.0, 0.0, 1.0]),
            ] {
                for (suf, t) in suffixes {
                    self.add_move(format!("{name}{suf}"), nrm, t, q, -0.1, 0.1);
                }
            }
        }
    }

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

    /// The solved display state.
    pub fn solved(&self) -> DisplayState {
        vec![0; self.pieces.len()]
    }

    /// The canonical element among those that place piece `i` the same way as `g`.
    fn canon(&self, i: usize, g: u8) -> u8 {
        let stab = &self.pieces[i].stab;
        stab.iter().map(|&h| self.group.mul(g, h)).min().unwrap_or(g)
    }

    /// Whether every piece has the same placement (solved up to a whole-puzzle rotation).
    pub fn is_solved(&self, s: &DisplayState) -> bool {
        let Some(first) = self.pieces.iter().position(|p| p.stab.len() == 1) else {
            return true;
        };
        let g = s[first];
        s.iter().enumerate().all(|(i, &x)| x == self.canon(i, g))
    }

    fn lookup(&self, token: &str) -> Result<&MoveDef, UnknownToken> {
        let t = token.replace('’', "'");
        // `R2'` and `R'2` are the same turn; `R3` is `R'`.
        let t = t.strip_suffix("'2").map(|b| format!("{b}2'")).unwrap_or(t);
        self.moves.get(&t).ok_or(UnknownToken(token.to_string()))
    }

    /// For a cube model, the slice turns a move makes: `(axis, slice, quarter turns)` with
    /// axis 0, 1, 2 = x (R), y (U), z (F), slice `0..N` counted from the −axis side, and
    /// 1..=3 quarter turns anticlockwise seen from the +axis side (right-hand rule).
    /// `None` for an unknown token or a model that is not a cube.
    pub fn cube_slice_turns(&self, token: &str) -> Option<Vec<(u8, u8, u8)>> {
        let Kind::Cube(n) = self.kind else {
            return None;
        };
        let m = self.lookup(token).ok()?;
        let axis = (0..3).find(|&i| m.axis64[i].abs() > 0.5)?;
        let sign = m.axis64[axis].signum();
        let half = (n as f64 - 1.0) / 2.0;
        let q = ((sign * m.angle as f64) / std::f64::consts::FRAC_PI_2).round() as i64;
        let q = q.rem_euclid(4) as u8;
        if q == 0 {
            return Some(Vec::new());
        }
        Some(
            (0..n)
                .filter(|&s| {
                    let d = sign * (s as f64 - half);
                    (d >= m.lo && d <= m.hi) != m.outside
                })
                .map(|s| (axis as u8, s as u8, q))
                .collect(),
        )
    }

    /// The number of named moves.
    pub fn move_count(&self) -> usize {
        self.names.len()
    }

    /// The id of the move named `token` (primes normalised).
    pub fn move_id(&self, token: &str) -> Option<u16> {
        let t = token.replace('’', "'");
        let t = t.strip_suffix("'2").map(|b| format!("{b}2'")).unwrap_or(t);
        self.ids.get(&t).copied()
    }

    /// The name of move `id`.
    pub fn move_name(&self, id: u16) -> &str {
        self.names.get(id as usize).map(String::as_str).unwrap_or("?")
    }

    /// The inverse of move `id`.
    pub fn inverse_id(&self, id: u16) -> u16 {
        let name = self.move_name(id);
        let inv = match name.strip_suffix('\'') {
            Some(b) => b.to_string(),
            None => format!("{name}'"),
        };
        self.move_id(&inv).unwrap_or(id)
    }

    /// The facelet string of an N×N×N cube state: face letters in the order U R F D L B,
    /// each face row by row as seen from outside (U's first row at the back, D's at the
    /// front, side faces' first rows at U): Kociemba's layout for any N.
    pub fn cube_facelets(&self, s: &DisplayState) -> Option<String> {
        let Kind::Cube(n) = self.kind else {
            return None;
        };
        let mut out = vec!['?'; 6 * n * n];
        for (i, p) in self.pieces.iter().enumerate() {
            let mat = &self.group.mats[s[i] as usize];
            let pos = cube_index(&mat_vec(mat, &p.centre64), n);
            for (nrm, home) in &p.facelets {
                let rn = mat_vec(mat, nrm);
                let face = CUBE_FACES.iter().position(|(_, f)| close(f, &rn))?;
                out[cube_facelet(n, pos, face)] = CUBE_FACES[home / (n * n)].0;
            }
        }
        Some(out.into_iter().collect())
    }

    /// Whether `token` names a move of this model.
    pub fn knows(&self, token: &str) -> bool {
        self.lookup(token).is_ok()
    }

    /// Applies the move named `token`, returning what to animate.
    pub fn apply(&self, s: &mut DisplayState, token: &str) -> Result<Anim, UnknownToken> {
        let m = *self.lookup(token)?;
        let mut turned = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let c = mat_vec(&self.group.mats[s[i] as usize], &p.centre64);
            let d = dot(&c, &m.axis64);
            if (d >= m.lo && d <= m.hi) != m.outside {
                s[i] = self.canon(i, self.group.mul(m.element, s[i]));
                turned.push(i as u16);
            }
        }
        Ok(Anim {
            axis: m.axis,
            angle: m.angle,
            pieces: turned,
        })
    }

    /// The 3x3x3 display state described by a 54-character facelet string (face letters
    /// U R F D L B, Kociemba order). Checks only that every piece is found once; the core
    /// model's validation (twist, flip, parity) is done elsewhere.
    pub fn from_cube3_facelets(&self, facelets: &str) -> Result<DisplayState, String> {
        if self.kind != Kind::Cube(3) {
            return Err("facelet strings are only read for the 3x3x3".into());
        }
        let chars: Vec<char> = facelets.chars().collect();
        if chars.len() != 54 {
            return Err(format!("a facelet string has 54 characters, not {}", chars.len()));
        }
        let colour_of = |c: char| "URFDLB".find(c.to_ascii_uppercase());
        let mut state = vec![u8::MAX; self.pieces.len()];
        // For each slot (a piece's solved place) find the piece and rotation that fit it.
        for slot in &self.pieces {
            let mut found = None;
            'search: for (j, piece) in self.pieces.iter().enumerate() {
                for (g, mat) in self.group.mats.iter().enumerate() {
                    if !close(&mat_vec(mat, &piece.centre64), &slot.centre64) {
                        continue;
                    }
                    let fits = piece.facelets.iter().all(|(n, home)| {
                        let rn = mat_vec(mat, n);
                        let colour = *home / 9;
                        slot.facelets
                            .iter()
                            .find(|(sn, _)| close(sn, &rn))
                            .is_some_and(|(_, idx)| colour_of(chars[*idx]) == Some(colour))
                    });
                    if fits {
                        found = Some((j, g as u8));
                        break 'search;
                    }
                }
            }
            let Some((j, g)) = found else {
                let cols: String = slot.facelets.iter().map(|(_, i)| chars[*i]).collect();
                return Err(format!("no piece has the stickers {cols}"));
            };
            if state[j] != u8::MAX {
                return Err("a piece appears twice".into());
            }
            state[j] = self.canon(j, g);
        }
        Ok(state)
    }
}

/// The point where three planes `n · p = 1` meet, if they meet in one point.
fn solve3(a: &Vec3, b: &Vec3, c: &Vec3) -> Option<Vec3> {
    let det3 = |r0: &Vec3, r1: &Vec3, r2: &Vec3| {
        r0[0] * (r1[1] * r2[2] - r1[2] * r2[1]) - r0[1] * (r1[0] * r2[2] - r1[2] * r2[0])
            + r0[2] * (r1[0] * r2[1] - r1[1] * r2[0])
    };
    let det = det3(a, b, c);
    if det.abs() < 1e-9 {
        return None;
    }
    // Cramer's rule with right-hand side (1, 1, 1): replace one column at a time.
    let col = |k: usize| {
        let r = |v: &Vec3| {
            let mut w = *v;
            w[k] = 1.0;
            w
        };
        det3(&r(a), &r(b), &r(c)) / det
    };
    Some([col(0), col(1), col(2)])
}

#[cfg(test)]
mod tests {
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
}
