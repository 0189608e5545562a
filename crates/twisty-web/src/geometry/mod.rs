//! Display geometry: every puzzle shown by the page is a set of rigid pieces that turn about
//! the puzzle's centre. A piece's placement is an element of the puzzle's rotation group (24
//! rotations of the cube, 60 of the dodecahedron), so a state is one small integer per piece
//! and the browser only draws: it never needs to know a puzzle's rules.
//!
//! A move is a rotation (axis, angle) applied to the pieces whose current centre lies in a
//! layer (a range of distances along the axis). Moves are looked up by their notation token,
//! so the moves of the core puzzle models are replayed here through their formatted text.

mod cube;
mod kilominx;
mod linalg;
mod state_string;
#[cfg(test)]
mod tests;

use cube::{cube_facelet, cube_index, CUBE_FACES};
use linalg::*;
pub use linalg::{rotation, Group};
pub use state_string::{Net, NetSticker};

use serde::Serialize;
use std::collections::HashMap;

/// A 3×3 rotation matrix, row-major.
pub type Mat = [[f64; 3]; 3];
/// A 3D vector.
pub type Vec3 = [f64; 3];

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
    /// The solved state string, by index (empty for a puzzle without one).
    letters: Vec<char>,
    /// The sticker editor's net, for a puzzle with a state string.
    pub net: Option<Net>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Cube(usize),
    Kilominx,
    /// No 3D model: a puzzle the page draws as text ([`crate::flat`]).
    None,
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

impl Model {
    /// The model of a puzzle the page draws as text ([`crate::flat`]): no pieces, no moves,
    /// no state string, so nothing is drawn in 3D and every token is unknown.
    pub fn none() -> Model {
        Model {
            group: Group::generate(&[]),
            pieces: Vec::new(),
            colours: Vec::new(),
            ghost_unsolved: false,
            moves: HashMap::new(),
            names: Vec::new(),
            ids: HashMap::new(),
            kind: Kind::None,
            letters: Vec::new(),
            net: None,
        }
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
