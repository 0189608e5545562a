//! Facelet strings of the N×N×N cube: 6·N² stickers, faces `U R F D L B`, each face row by
//! row as the 3x3x3's Kociemba string (see [`super`]).
//!
//! Each sticker names a colour by the face it belongs to on the solved cube held at home
//! (`U` white, `R` red, `F` green, `D` yellow, `L` orange, `B` blue): a face letter, the
//! colour's initial (`W R G Y O B`; the two alphabets agree on R and B), or, between spaces
//! or commas, the colour's name (`white red green yellow orange blue`); any case.
//!
//! A string may describe the cube held in any of the 24 orientations: it is read as held
//! and turned so that the anchor is home (the fixed centres on odd N, the DBL corner on even
//! N); [`CubeN::from_facelets_held`] also returns the frame it was written in.

use super::geometry::{index, rotate_facelet, Sticker};
use super::validate::{wing_label, wing_orbit_name};
use super::{CubeN, CubeNState};
use crate::cube3::facelets::{CORNER_COLOURS, EDGE_COLOURS};
use crate::cube3::{CORNER_NAMES, EDGE_NAMES, FACE_NAMES};
use crate::error::InvalidState;
use crate::puzzle::Puzzle;
use crate::supercube::{group, CubeFrame};

/// Colour names, by face.
const NAMES: [&str; 6] = ["white", "red", "green", "yellow", "orange", "blue"];

/// The face of one colour letter (face letters and colour initials, any case).
fn letter_face(c: char) -> Option<u8> {
    Some(match c.to_ascii_uppercase() {
        'U' | 'W' => 0,
        'R' => 1,
        'F' | 'G' => 2,
        'D' | 'Y' => 3,
        'L' | 'O' => 4,
        'B' => 5,
        _ => return None,
    })
}

fn names(faces: &[u8]) -> String {
    faces
        .iter()
        .map(|&f| FACE_NAMES.get(f as usize).copied().unwrap_or('?'))
        .collect()
}

/// Reads the stickers of a facelet string (letters or colour names; see the module notes)
/// as faces 0..6, checking the count for an `n`×`n`×`n` cube.
pub fn parse_colours(n: usize, text: &str) -> Result<Vec<u8>, InvalidState> {
    let want = 6 * n * n;
    let mut out = Vec::with_capacity(want);
    let mut position = 0usize;
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        let lower = word.to_ascii_lowercase();
        if let Some(f) = NAMES.iter().position(|&name| name == lower) {
            position += 1;
            out.push(f as u8);
            continue;
        }
        for ch in word.chars() {
            position += 1;
            let Some(f) = letter_face(ch) else {
                return Err(InvalidState::Malformed(format!(
                    "sticker {position} is `{ch}`, which is not a face letter (U R F D L B), a colour letter (W R G Y O B) or a colour name"
                )));
            };
            out.push(f);
        }
        if out.len() > want {
            break;
        }
    }
    if out.len() != want {
        return Err(InvalidState::Malformed(format!(
            "a {n}x{n}x{n} facelet string has {want} stickers ({} for each of U R F D L B), not {}",
            n * n,
            if out.len() > want {
                format!("more than {want}")
            } else {
                out.len().to_string()
            }
        )));
    }
    Ok(out)
}

impl CubeN {
    /// The face (0..6) of the colour on every facelet of a reference-frame state.
    pub fn facelet_faces(&self, s: &CubeNState) -> Vec<u8> {
        let g = &self.tables().geometry;
        g.owner
            .iter()
            .map(|o| match *o {
                Sticker::Corner { pos, slot } => {
                    let (c, t) = (s.corner_perm(pos as usize), s.corner_twist(pos as usize));
                    CORNER_COLOURS[c as usize % 8][(slot as usize + 3 - t as usize % 3) % 3]
                }
                Sticker::Midge { pos, slot } => {
                    let (e, f) = (s.midge_perm(pos as usize), s.midge_flip(pos as usize));
                    EDGE_COLOURS[e as usize % 12][(slot + f) as usize % 2]
                }
                Sticker::Wing { orbit, pos, slot } => {
                    let w = s.wings(orbit as usize).get(pos as usize).copied().unwrap_or(0);
                    self.wing_colours(orbit as usize, w as usize, pos as usize)[slot as usize % 2]
                }
                Sticker::Centre { orbit, pos } => {
                    s.centres(orbit as usize).get(pos as usize).copied().unwrap_or(0)
                }
                Sticker::Fixed { face } => face,
            })
            .collect()
    }

    /// The facelet string of a reference-frame state (the cube held with its anchor home).
    pub fn to_facelets(&self, s: &CubeNState) -> String {
        names(&self.facelet_faces(s))
    }

    /// The facelet string of `s` as a person holding the cube in `frame` sees it.
    pub fn to_facelets_held(&self, s: &CubeNState, frame: CubeFrame) -> String {
        let n = self.size();
        let reference = self.facelet_faces(s);
        let mut out = vec![0u8; reference.len()];
        for (j, &f) in reference.iter().enumerate() {
            out[rotate_facelet(n, frame.matrix(), j)] = f;
        }
        names(&out)
    }

    /// Reads a facelet string written in any orientation (see the module notes): the
    /// reference-frame state.
    pub fn from_facelets(&self, text: &str) -> Result<CubeNState, InvalidState> {
        self.from_facelets_held(text).map(|(s, _)| s)
    }

    /// Reads a facelet string written in any orientation: the reference-frame state and the
    /// frame the string was written in.
    pub fn from_facelets_held(&self, text: &str) -> Result<(CubeNState, CubeFrame), InvalidState> {
        let n = self.size();
        let faces = parse_colours(n, text)?;
        check_counts(n, &faces)?;
        let g = &self.tables().geometry;
        let anchor: Vec<(usize, u8)> = if n % 2 == 1 {
            (0..6).map(|f| (index(n, f, n / 2, n / 2), f as u8)).collect()
        } else {
            (0..3).map(|k| (g.corners[6][k], CORNER_COLOURS[6][k])).collect()
        };
        for (f, m) in group().matrix.iter().enumerate() {
            if anchor
                .iter()
                .all(|&(j, want)| faces[rotate_facelet(n, m, j)] == want)
            {
                let reference: Vec<u8> = (0..faces.len()).map(|j| faces[rotate_facelet(n, m, j)]).collect();
                return self.from_faces(&reference).map(|s| (s, CubeFrame(f as u8)));
            }
        }
        // No rotation puts the anchor home: the reading as written says what is wrong.
        match self.from_faces(&faces) {
            Err(e) => Err(e),
            Ok(_) => Err(InvalidState::Other(String::from(
                "no whole-cube rotation puts the anchor home",
            ))),
        }
    }

    /// Builds and validates the state of facelets (faces 0..6) written in the reference
    /// frame: the fixed centres home on odd N, the DBL corner home on even N.
    pub fn from_faces(&self, faces: &[u8]) -> Result<CubeNState, InvalidState> {
        let n = self.size();
        if faces.len() != 6 * n * n || faces.iter().any(|&f| f >= 6) {
            return Err(InvalidState::Malformed(format!(
                "a {n}x{n}x{n} state has {} stickers, each a face 0..6",
                6 * n * n
            )));
        }
        check_counts(n, faces)?;
        let g = &self.tables().geometry;
        if n % 2 == 1 {
            let centres: Vec<u8> = (0..6).map(|f| faces[index(n, f, n / 2, n / 2)]).collect();
            if centres != [0, 1, 2, 3, 4, 5] {
                return Err(InvalidState::Centres(format!(
                    "the fixed centres read {} (faces U R F D L B): no rotation of a cube puts them so",
                    names(&centres)
                )));
            }
        }
        let mut s = self.solved();
        for (i, fs) in g.corners.iter().enumerate() {
            let stickers = fs.map(|k| faces[k]);
            let what = || {
                format!(
                    "the corner at {} has colours {}",
                    CORNER_NAMES[i],
                    names(&stickers)
                )
            };
            let Some(o) = stickers.iter().position(|&x| x == 0 || x == 3) else {
                return Err(InvalidState::NoSuchPiece(format!(
                    "{} (no U or D colour)",
                    what()
                )));
            };
            let want = [stickers[o], stickers[(o + 1) % 3], stickers[(o + 2) % 3]];
            let Some(c) = CORNER_COLOURS.iter().position(|&cc| cc == want) else {
                return Err(InvalidState::NoSuchPiece(what()));
            };
            s.corners[i] = c as u8 | (o as u8) << 3;
        }
        if n % 2 == 1 {
            for (i, fs) in g.midges.iter().enumerate() {
                let st = fs.map(|k| faces[k]);
                let found = EDGE_COLOURS.iter().enumerate().find_map(|(j, &e)| {
                    if e == st {
                        Some((j, 0u8))
                    } else if e == [st[1], st[0]] {
                        Some((j, 1))
                    } else {
                        None
                    }
                });
                let Some((j, o)) = found else {
                    return Err(InvalidState::NoSuchPiece(format!(
                        "the middle edge at {} has colours {}",
                        EDGE_NAMES[i],
                        names(&st)
                    )));
                };
                s.midges[i] = j as u8 | o << 4;
            }
        }
        for (k, orbit) in g.wings.iter().enumerate() {
            let mut at = [usize::MAX; 24];
            for (p, fs) in orbit.iter().enumerate() {
                let st = fs.map(|x| faces[x]);
                // The two wings of an edge show its colours in opposite orders in any one
                // position, so the colours as written name exactly one wing.
                let Some(w) = EDGE_COLOURS
                    .iter()
                    .position(|&e| e == st || e == [st[1], st[0]])
                    .and_then(|e| {
                        [2 * e, 2 * e + 1]
                            .into_iter()
                            .find(|&w| self.wing_colours(k, w, p) == st)
                    })
                else {
                    return Err(InvalidState::NoSuchPiece(format!(
                        "{}: the wing at {} has colours {}, which no edge has",
                        wing_orbit_name(k),
                        wing_label(p),
                        names(&st)
                    )));
                };
                if at[w] != usize::MAX {
                    return Err(InvalidState::DuplicatePiece(format!(
                        "{}: the wing {} is at both {} and {}; a wing cannot be flipped in place (the same colours the other way round are the other wing of the edge)",
                        wing_orbit_name(k),
                        wing_label(w),
                        wing_label(at[w]),
                        wing_label(p)
                    )));
                }
                at[w] = p;
                s.wings[24 * k + p] = w as u8;
            }
        }
        for (k, orbit) in g.centres.iter().enumerate() {
            for (p, &f) in orbit.iter().enumerate() {
                s.centres[24 * k + p] = faces[f];
            }
        }
        self.validate(&s)?;
        Ok(s)
    }
}

/// Every colour `n²` times.
fn check_counts(n: usize, faces: &[u8]) -> Result<(), InvalidState> {
    let mut counts = [0usize; 6];
    for &f in faces {
        counts[f as usize % 6] += 1;
    }
    match (0..6).find(|&c| counts[c] != n * n) {
        Some(c) => Err(InvalidState::ColourCount {
            colour: FACE_NAMES[c].to_string(),
            count: counts[c],
            expected: n * n,
        }),
        None => Ok(()),
    }
}
