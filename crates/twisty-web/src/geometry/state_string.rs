//! State strings on the display model: the letter on every sticker, in the order of the
//! engine's state string of the puzzle (the N×N×N cubes' facelets in Kociemba's layout, the
//! Kilominx's corners with their three colours), and the flat net the page's sticker editor
//! draws them on.
//!
//! The engine reads and checks a state string (colour counts, twist, flip, parity); this
//! module only places the pieces a checked string describes, and writes the string of a
//! displayed state.

use super::linalg::*;
use super::{DisplayState, Model, Vec3};
use serde::Serialize;
use std::collections::HashMap;

/// One sticker of the sticker editor's net: its index in the state string and its outline
/// (x right, y down, in the net's own units).
#[derive(Debug, Clone, Serialize)]
pub struct NetSticker {
    /// Index of the sticker in the state string.
    pub index: usize,
    /// The polygon's corners.
    pub poly: Vec<[f32; 2]>,
}

/// What the page's sticker editor needs: the net, the letter of each colour, and the solved
/// state string.
#[derive(Debug, Clone, Serialize)]
pub struct Net {
    /// One entry per sticker of the state string.
    pub stickers: Vec<NetSticker>,
    /// The state-string letter of each colour of [`Model::colours`] that a sticker shows.
    pub letters: Vec<String>,
    /// The state string of the solved puzzle.
    pub solved: String,
    /// Stickers (indices of the state string) the editor does not paint: they never move.
    pub fixed: Vec<usize>,
}

/// A key for a sticker place: the piece's centre and the sticker's normal, rounded.
fn key(centre: &Vec3, normal: &Vec3) -> [i64; 6] {
    let r = |x: f64| (x * 1000.0).round() as i64;
    [
        r(centre[0]),
        r(centre[1]),
        r(centre[2]),
        r(normal[0]),
        r(normal[1]),
        r(normal[2]),
    ]
}

impl Model {
    /// Whether the puzzle has a state string the display model can place.
    pub fn has_state_string(&self) -> bool {
        !self.letters.is_empty()
    }

    /// The state-string index of every sticker place (piece centre and normal when solved).
    fn places(&self) -> HashMap<[i64; 6], usize> {
        let mut out = HashMap::new();
        for p in &self.pieces {
            for (n, idx) in &p.facelets {
                out.insert(key(&p.centre64, n), *idx);
            }
        }
        out
    }

    /// The state string of display state `s`, as the engine reads it; `None` for a puzzle
    /// without one (the supercubes, whose centres turn unseen).
    pub fn state_string(&self, s: &DisplayState) -> Option<String> {
        if !self.has_state_string() {
            return None;
        }
        let places = self.places();
        let mut out = vec!['?'; self.letters.len()];
        for (i, p) in self.pieces.iter().enumerate() {
            let mat = &self.group.mats[*s.get(i)? as usize];
            let c = mat_vec(mat, &p.centre64);
            for (n, home) in &p.facelets {
                let idx = *places.get(&key(&c, &mat_vec(mat, n)))?;
                out[idx] = self.letters[*home];
            }
        }
        Some(out.into_iter().collect())
    }

    /// The display state a state string describes (letters as [`Model::state_string`] writes
    /// them; spaces and commas ignored). Checks only that every piece is found once: the
    /// engine's reader says what is wrong with an impossible state.
    pub fn from_state_string(&self, text: &str) -> Result<DisplayState, String> {
        if !self.has_state_string() {
            return Err("this puzzle has no state string".into());
        }
        let chars: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        if chars.len() != self.letters.len() {
            return Err(format!(
                "a state string of this puzzle has {} letters, not {}",
                self.letters.len(),
                chars.len()
            ));
        }
        let sorted = |mut v: Vec<char>| {
            v.sort_unstable();
            v
        };
        // Pieces by the letters they show, so that a place is matched against few pieces.
        let mut by_letters: HashMap<Vec<char>, Vec<usize>> = HashMap::new();
        for (j, p) in self.pieces.iter().enumerate() {
            let l = sorted(p.facelets.iter().map(|(_, h)| self.letters[*h]).collect());
            by_letters.entry(l).or_default().push(j);
        }
        let mut state = vec![u8::MAX; self.pieces.len()];
        for slot in &self.pieces {
            let shown: Vec<char> = slot.facelets.iter().map(|(_, i)| chars[*i]).collect();
            let candidates = by_letters
                .get(&sorted(shown.clone()))
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let mut found = None;
            'search: for &j in candidates {
                if state[j] != u8::MAX {
                    continue;
                }
                let piece = &self.pieces[j];
                for (g, mat) in self.group.mats.iter().enumerate() {
                    if !close(&mat_vec(mat, &piece.centre64), &slot.centre64) {
                        continue;
                    }
                    let fits = piece.facelets.iter().all(|(n, home)| {
                        let rn = mat_vec(mat, n);
                        slot.facelets
                            .iter()
                            .find(|(sn, _)| close(sn, &rn))
                            .is_some_and(|(_, idx)| chars[*idx] == self.letters[*home])
                    });
                    if fits {
                        found = Some((j, g as u8));
                        break 'search;
                    }
                }
            }
            let Some((j, g)) = found else {
                return Err(format!(
                    "no piece is left with the stickers {}",
                    shown.iter().collect::<String>()
                ));
            };
            state[j] = self.canon(j, g);
        }
        Ok(state)
    }
}
