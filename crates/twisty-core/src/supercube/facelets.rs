//! The outer stickers of a supercube state and whole-cube rotations of a state.
//!
//! A cubie in orientation `R` shows, on the face whose outward normal is `d`, the sticker
//! it had at home on the face with normal `Rᵀ · d`; a sticker's colour is named by that home
//! face. [`facelets`] writes the 6N² stickers in Kociemba's layout (as
//! [`crate::cube3::facelets`] for N = 3): faces `U R F D L B`, each row by row as seen from
//! outside, U's first row next to B, D's next to F, the side faces' first rows next to U.

use super::{coords, group, index, rotate, SupercubeState};

/// Outward normals of `U R F D L B`.
const NORMALS: [[i8; 3]; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

const LETTERS: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// The position `[x, y, z]` of facelet `(row, col)` of face `f` (0..6 = U R F D L B).
pub fn facelet_position(n: usize, f: usize, row: usize, col: usize) -> [usize; 3] {
    let last = n - 1;
    match f {
        0 => [col, last, row],
        1 => [last, last - row, last - col],
        2 => [col, last - row, last],
        3 => [col, 0, last - row],
        4 => [0, last - row, col],
        _ => [last - col, last - row, 0],
    }
}

/// The face letters of the 6N² outer stickers in Kociemba's layout.
pub fn facelets(state: &SupercubeState) -> String {
    let n = state.n as usize;
    let g = group();
    let mut out = String::with_capacity(6 * n * n);
    for (f, d) in NORMALS.iter().enumerate() {
        for row in 0..n {
            for col in 0..n {
                let pos = index(n, facelet_position(n, f, row, col));
                let m = &g.matrix[state.orient[pos] as usize % 24];
                // Rᵀ · d: the home normal of the sticker now facing d.
                let home: [i8; 3] = [0, 1, 2].map(|i| (0..3).map(|k| m[k][i] * d[k]).sum());
                let face = NORMALS.iter().position(|v| *v == home).unwrap_or(0);
                out.push(LETTERS[face]);
            }
        }
    }
    out
}

/// The state turned as a whole by rotation `element` (an index into [`group`]): the cubie
/// at `p` moves to `R · p` and its orientation becomes `R · o`.
pub fn rotate_whole(state: &SupercubeState, element: u8) -> SupercubeState {
    let n = state.n as usize;
    let g = group();
    let r = element as usize % 24;
    let mut orient = vec![0u8; state.orient.len()];
    for (p, &o) in state.orient.iter().enumerate() {
        let dst = index(n, rotate(n, &g.matrix[r], coords(n, p)));
        orient[dst] = g.mul[r][o as usize];
    }
    SupercubeState { n: state.n, orient }
}
