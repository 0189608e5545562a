//! The 54-character Kociemba facelet string.
//!
//! Facelets are numbered `U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9` (0..54): each face is
//! read row by row, as seen from outside, with the U face's top row next to B, the R, F, L
//! and B faces' top rows next to U, and the D face's top row next to F. Each character is
//! the face letter whose centre has that sticker's colour, so the solved cube is
//! `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`.

use super::frame::CubeFrame;
use super::{CubieCube, CORNER_NAMES, EDGE_NAMES, FACE_NAMES};
use crate::error::InvalidState;

/// Facelet indices of each corner position, starting with its U/D sticker and going
/// clockwise.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// Facelet indices of each edge position, first the sticker on the first face of its name.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

/// Face indices (`U R F D L B` = 0..6) of each corner cubie's stickers, in the order of
/// [`CORNER_FACELETS`].
pub(crate) const CORNER_COLOURS: [[u8; 3]; 8] = [
    [0, 1, 2],
    [0, 2, 4],
    [0, 4, 5],
    [0, 5, 1],
    [3, 2, 1],
    [3, 4, 2],
    [3, 5, 4],
    [3, 1, 5],
];

/// Face indices of each edge cubie's stickers.
pub(crate) const EDGE_COLOURS: [[u8; 2]; 12] = [
    [0, 1],
    [0, 2],
    [0, 4],
    [0, 5],
    [3, 1],
    [3, 2],
    [3, 4],
    [3, 5],
    [2, 1],
    [2, 4],
    [5, 4],
    [5, 1],
];

/// Face index (0..6) of the colour of every facelet.
pub fn facelet_faces(state: &CubieCube) -> [u8; 54] {
    let mut f = [0u8; 54];
    for (i, face) in f.iter_mut().enumerate() {
        *face = (i / 9) as u8;
    }
    for i in 0..8 {
        let c = state.corner_perm(i) as usize;
        let o = state.corner_ori(i) as usize;
        for n in 0..3 {
            f[CORNER_FACELETS[i][(n + o) % 3]] = CORNER_COLOURS[c][n];
        }
    }
    for i in 0..12 {
        let e = state.edge_perm(i) as usize;
        let o = state.edge_ori(i) as usize;
        for n in 0..2 {
            f[EDGE_FACELETS[i][(n + o) % 2]] = EDGE_COLOURS[e][n];
        }
    }
    f
}

/// The facelet string of a state.
pub fn to_facelets(state: &CubieCube) -> String {
    facelet_faces(state)
        .iter()
        .map(|&f| FACE_NAMES[f as usize])
        .collect()
}

fn face_name_list(faces: &[u8]) -> String {
    faces.iter().map(|&f| FACE_NAMES[f as usize]).collect()
}

/// Parses and validates a facelet string (surrounding whitespace is ignored; letters may be
/// lower case). Every way a string can be impossible has its own [`InvalidState`] variant.
pub fn from_facelets(text: &str) -> Result<CubieCube, InvalidState> {
    let text = text.trim();
    let n = text.chars().count();
    if n != 54 {
        return Err(InvalidState::Malformed(format!(
            "a facelet string has 54 characters (9 for each of U R F D L B), not {n}"
        )));
    }
    let mut f = [0u8; 54];
    for (i, ch) in text.chars().enumerate() {
        let up = ch.to_ascii_uppercase();
        match FACE_NAMES.iter().position(|&c| c == up) {
            Some(p) => f[i] = p as u8,
            None => {
                return Err(InvalidState::Malformed(format!(
                    "character `{ch}` at position {} is not one of the face letters U R F D L B",
                    i + 1
                )))
            }
        }
    }
    let mut counts = [0usize; 6];
    for &x in &f {
        counts[x as usize] += 1;
    }
    if let Some(c) = (0..6).find(|&c| counts[c] != 9) {
        return Err(InvalidState::ColourCount {
            colour: FACE_NAMES[c].to_string(),
            count: counts[c],
            expected: 9,
        });
    }
    let centres: Vec<u8> = (0..6).map(|k| f[9 * k + 4]).collect();
    if centres != [0, 1, 2, 3, 4, 5] {
        return Err(InvalidState::Centres(format!(
            "the centres read {} but must be U R F D L B in that order",
            face_name_list(&centres)
        )));
    }
    let mut cp = [0u8; 8];
    let mut co = [0u8; 8];
    for i in 0..8 {
        let stickers = CORNER_FACELETS[i].map(|k| f[k]);
        let names = || {
            format!(
                "the corner at {} has colours {}",
                CORNER_NAMES[i],
                face_name_list(&stickers)
            )
        };
        let Some(o) = stickers.iter().position(|&s| s == 0 || s == 3) else {
            return Err(InvalidState::NoSuchPiece(format!(
                "{} (no U or D colour)",
                names()
            )));
        };
        let c1 = stickers[(o + 1) % 3];
        let c2 = stickers[(o + 2) % 3];
        let ud = stickers[o];
        let Some(j) = (0..8).find(|&j| {
            CORNER_COLOURS[j][0] == ud && CORNER_COLOURS[j][1] == c1 && CORNER_COLOURS[j][2] == c2
        }) else {
            return Err(InvalidState::NoSuchPiece(names()));
        };
        cp[i] = j as u8;
        co[i] = o as u8;
    }
    let mut ep = [0u8; 12];
    let mut eo = [0u8; 12];
    for i in 0..12 {
        let s = EDGE_FACELETS[i].map(|k| f[k]);
        let found = (0..12).find_map(|j| {
            if EDGE_COLOURS[j] == s {
                Some((j, 0))
            } else if EDGE_COLOURS[j] == [s[1], s[0]] {
                Some((j, 1))
            } else {
                None
            }
        });
        let Some((j, o)) = found else {
            return Err(InvalidState::NoSuchPiece(format!(
                "the edge at {} has colours {}",
                EDGE_NAMES[i],
                face_name_list(&s)
            )));
        };
        ep[i] = j as u8;
        eo[i] = o;
    }
    let c = CubieCube::from_parts(cp, co, ep, eo)
        .ok_or_else(|| InvalidState::Malformed("piece out of range".to_string()))?;
    c.validate()?;
    Ok(c)
}

/// Outward normal, rightward and downward unit vectors of each face as its nine facelets are
/// read (x right, y up, z front).
const FACE_AXES: [[[i8; 3]; 3]; 6] = [
    [[0, 1, 0], [1, 0, 0], [0, 0, 1]],
    [[1, 0, 0], [0, 0, -1], [0, -1, 0]],
    [[0, 0, 1], [1, 0, 0], [0, -1, 0]],
    [[0, -1, 0], [1, 0, 0], [0, 0, -1]],
    [[-1, 0, 0], [0, 0, 1], [0, -1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, -1, 0]],
];

/// Doubled 3D position of facelet `i` (0..54): 3 along its face's normal, −2, 0 or 2 across.
pub fn facelet_position(i: usize) -> [i8; 3] {
    let [n, r, d] = FACE_AXES[(i / 9) % 6];
    let (row, col) = (((i % 9) / 3) as i8 - 1, (i % 3) as i8 - 1);
    [0, 1, 2].map(|k| 3 * n[k] + 2 * col * r[k] + 2 * row * d[k])
}

/// The facelet at a doubled 3D position, if any.
fn facelet_at(p: [i8; 3]) -> Option<usize> {
    let face = FACE_AXES
        .iter()
        .position(|[n, _, _]| (0..3).all(|k| n[k] == 0 || p[k] == 3 * n[k]))?;
    let [_, r, d] = FACE_AXES[face];
    let dot = |v: [i8; 3]| v[0] * p[0] + v[1] * p[1] + v[2] * p[2];
    let (col, row) = (dot(r) / 2 + 1, dot(d) / 2 + 1);
    Some(9 * face + 3 * row as usize + col as usize)
}

/// For each reference facelet, the facelet where a person holding the cube in `frame` sees it.
fn world_facelets(frame: CubeFrame) -> [usize; 54] {
    std::array::from_fn(|j| facelet_at(frame.to_world(facelet_position(j))).unwrap_or(j))
}

/// The facelet string of `state` as seen on a cube held in `frame`: the string a person
/// holding it would write (its centres read the frame's faces).
pub fn to_facelets_held(state: &CubieCube, frame: CubeFrame) -> String {
    let reference: Vec<char> = to_facelets(state).chars().collect();
    let mut out = ['?'; 54];
    for (j, w) in world_facelets(frame).into_iter().enumerate() {
        out[w] = reference[j];
    }
    out.iter().collect()
}

/// Parses a facelet string of a cube held in any of the 24 orientations: the centres may read
/// any rotation of `U R F D L B` (each letter still names a colour by the face whose centre
/// has it). Returns the state in the reference frame (centres at home) and the frame the
/// string was written in. A string with the standard centres gives exactly
/// [`from_facelets`] and [`CubeFrame::HOME`].
pub fn from_facelets_held(text: &str) -> Result<(CubieCube, CubeFrame), InvalidState> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 54 {
        // The strict parser names the problem.
        return from_facelets(text).map(|c| (c, CubeFrame::HOME));
    }
    let mut centres = [0u8; 6];
    for (k, c) in centres.iter_mut().enumerate() {
        let ch = chars[9 * k + 4].to_ascii_uppercase();
        match FACE_NAMES.iter().position(|&f| f == ch) {
            Some(p) => *c = p as u8,
            None => return from_facelets(text).map(|c| (c, CubeFrame::HOME)),
        }
    }
    let Some(frame) = CubeFrame::from_faces(centres) else {
        return Err(InvalidState::Centres(format!(
            "the centres read {} (faces U R F D L B): no rotation of a cube puts them so",
            face_name_list(&centres)
        )));
    };
    if frame == CubeFrame::HOME {
        return from_facelets(text).map(|c| (c, frame));
    }
    let reference: String = world_facelets(frame).iter().map(|&w| chars[w]).collect();
    from_facelets(&reference).map(|c| (c, frame))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::Cube3Move;

    #[test]
    fn positions_match_the_corner_and_edge_tables() {
        for i in 0..54 {
            assert_eq!(facelet_at(facelet_position(i)), Some(i));
        }
        // The three stickers of a corner sit at one corner of the cube.
        for c in CORNER_FACELETS {
            let p = c.map(facelet_position);
            for k in 0..3 {
                let signs: Vec<i8> = p.iter().map(|q| q[k].signum()).collect();
                assert!(signs.iter().all(|&s| s == signs[0] && s != 0), "{c:?}");
            }
        }
    }

    #[test]
    fn held_strings_round_trip_in_every_frame() {
        let mut s = CubieCube::SOLVED;
        for i in [0u8, 4, 8, 10, 14, 17, 3] {
            s.apply_move(Cube3Move::from_index(i).unwrap_or(Cube3Move::ALL[0]));
        }
        for frame in CubeFrame::all() {
            let text = to_facelets_held(&s, frame);
            assert_eq!(from_facelets_held(&text), Ok((s, frame)));
        }
        assert_eq!(from_facelets_held(&to_facelets(&s)), Ok((s, CubeFrame::HOME)));
        let mirrored = "UUUUUUUUURRRRLRRRRFFFFFFFFFDDDDDDDDDLLLLRLLLLBBBBBBBBB";
        assert!(matches!(
            from_facelets_held(mirrored),
            Err(InvalidState::Centres(_))
        ));
    }
}
