//! The N×N×N cube's display model.

use super::linalg::*;
use super::*;

/// Standard cube colours (U white, R red, F green, D yellow, L orange, B blue).
const CUBE_COLOURS: [&str; 7] = [
    "#f5f5f5", "#c81e1e", "#14a03c", "#fad700", "#ff8200", "#1e50dc", "#222222",
];

/// Face letters in the order of [`CUBE_COLOURS`], with outward normals.
pub(super) const CUBE_FACES: [(char, Vec3); 6] = [
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
pub(super) fn cube_facelet(n: usize, p: [usize; 3], face: usize) -> usize {
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

pub(super) fn cube_index(c: &Vec3, n: usize) -> [usize; 3] {
    let half = (n as f64 - 1.0) / 2.0;
    let f = |x: f64| (x + half).round().clamp(0.0, n as f64 - 1.0) as usize;
    [f(c[0]), f(c[1]), f(c[2])]
}

/// The cross-shaped net of an N×N×N cube: U above F, L F R B in a row, D below F; each face
/// as seen from outside, in the facelet order of [`cube_facelet`].
fn cube_net(n: usize) -> Net {
    const AT: [(usize, usize); 6] = [(0, 1), (1, 2), (1, 1), (2, 1), (1, 0), (1, 3)];
    let stickers = (0..6 * n * n)
        .map(|index| {
            let (row0, col0) = AT[index / (n * n)];
            let x = (col0 * n + index % n) as f32;
            let y = (row0 * n + (index % (n * n)) / n) as f32;
            let (a, b) = (0.06, 0.94);
            NetSticker {
                index,
                poly: vec![[x + a, y + a], [x + b, y + a], [x + b, y + b], [x + a, y + b]],
            }
        })
        .collect();
    let letters: Vec<String> = CUBE_FACES.iter().map(|(f, _)| f.to_string()).collect();
    let solved = (0..6 * n * n).map(|i| CUBE_FACES[i / (n * n)].0).collect();
    // An odd cube's middle centres do not move: the editor leaves them as they are.
    let fixed = if n % 2 == 1 {
        (0..6).map(|f| f * n * n + (n / 2) * n + n / 2).collect()
    } else {
        Vec::new()
    };
    Net {
        stickers,
        letters,
        solved,
        fixed,
    }
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
            letters: Vec::new(),
            net: None,
        };
        m.add_cube_moves(n);
        if !markers {
            m.letters = (0..6 * n * n).map(|i| CUBE_FACES[i / (n * n)].0).collect();
            m.net = Some(cube_net(n));
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
}
