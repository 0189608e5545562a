//! Text rendering of the Kilominx: the six faces around U and the six around D, each face's
//! five stickers listed clockwise, in the seed's colour names.

use super::notation::{held_stickers, HeldNames};
use super::{KiloFrame, KiloState, FACE_NAMES};
use crate::colour::{Canvas, Rgb};

/// Colour of each face when solved, with the seed's two-letter names.
pub const FACE_COLOURS: [(&str, Rgb); 12] = [
    ("Wh", Rgb(245, 245, 245)), // U
    ("DG", Rgb(0, 110, 40)),    // L
    ("Re", Rgb(200, 30, 30)),   // F
    ("DB", Rgb(20, 40, 160)),   // R
    ("Pu", Rgb(120, 40, 150)),  // BL
    ("Ye", Rgb(250, 215, 0)),   // BR
    ("Be", Rgb(225, 200, 150)), // DL
    ("Pi", Rgb(250, 140, 190)), // DR
    ("LB", Rgb(100, 180, 240)), // DBL
    ("LG", Rgb(120, 210, 90)),  // DBR
    ("Or", Rgb(255, 130, 0)),   // DB
    ("Gy", Rgb(140, 140, 140)), // D
];

/// Faces of each position (the seed's colours of the cubie that belongs there).
const POSITION_FACES: [[u8; 3]; 20] = [
    [0, 1, 2],   // UFL Wh DG Re
    [0, 1, 4],   // UBL Wh DG Pu
    [0, 2, 3],   // UFR Wh Re DB
    [1, 2, 6],   // MFL DG Re Be
    [0, 3, 5],   // UBR Wh DB Ye
    [2, 3, 7],   // MFR Re DB Pi
    [0, 4, 5],   // UBM Wh Pu Ye
    [3, 5, 9],   // MBR DB Ye LG
    [2, 6, 7],   // FMD Re Be Pi
    [5, 4, 10],  // MBM Ye Pu Or
    [3, 7, 9],   // FRD DB Pi LG
    [4, 1, 8],   // MBL Pu DG LB
    [5, 9, 10],  // BRD Ye LG Or
    [6, 7, 11],  // DFM Be Pi Gy
    [4, 10, 8],  // BLD Pu Or LB
    [8, 6, 11],  // DFL LB Be Gy
    [1, 8, 6],   // FLD DG LB Be
    [10, 8, 11], // DBL Or LB Gy
    [7, 9, 11],  // DFR Pi LG Gy
    [9, 10, 11], // DBR LG Or Gy
];

/// Priority of a face (lower is higher): U/D, L/DBR, F/DB, R/DBL, DL/BR, DR/BL.
const PRIORITY: [u8; 12] = [0, 1, 2, 3, 5, 4, 4, 5, 3, 1, 2, 0];

/// The faces of position `p` clockwise (seen from outside), starting with its
/// highest-priority face. The clockwise order is derived from the move cycles: a clockwise
/// turn of face X moves each of its cubies one place clockwise around X, and around a corner
/// the faces follow X, then the face across the edge to the previous corner of X, then the
/// face across the edge to the next one.
pub(super) fn clockwise_faces(p: usize) -> [u8; 3] {
    let cw = clockwise_order()[p];
    let h = (0..3).min_by_key(|&k| PRIORITY[cw[k] as usize]).unwrap_or(0);
    [cw[h], cw[(h + 1) % 3], cw[(h + 2) % 3]]
}

fn clockwise_order() -> &'static [[u8; 3]; 20] {
    static ORDER: std::sync::OnceLock<[[u8; 3]; 20]> = std::sync::OnceLock::new();
    ORDER.get_or_init(|| {
        let mut out = POSITION_FACES;
        for (pos, o) in out.iter_mut().enumerate() {
            // A face of this position that is turned without a rotation (not U, L, F).
            let Some(&x) = POSITION_FACES[pos].iter().find(|&&f| f >= 3) else {
                // UFL (never moved in the reference frame, but other corners sit there as
                // the puzzle is held): U, F, L clockwise, seen from outside.
                *o = [0, 2, 1];
                continue;
            };
            let ring = super::TURNS[x as usize].cycles[0].map(super::p);
            let k = ring.iter().position(|&q| q as usize == pos).unwrap_or(0);
            // Under a clockwise turn the cubie at ring[k+1] moves to ring[k]: ring[k] is
            // clockwise after ring[k+1].
            let prev = ring[(k + 1) % 5] as usize;
            let next = ring[(k + 4) % 5] as usize;
            let across = |q: usize| {
                POSITION_FACES[pos]
                    .iter()
                    .copied()
                    .find(|&f| f != x && POSITION_FACES[q].contains(&f))
                    .unwrap_or(x)
            };
            *o = [x, across(prev), across(next)];
        }
        out
    })
}

/// The colour (as a face index) on each face of each position: `(face, colour)` triples.
pub(crate) fn stickers(state: &KiloState) -> Vec<(usize, u8, u8)> {
    let mut out = Vec::with_capacity(60);
    for pos in 0..20 {
        let cubie = state.cubie(pos) as usize;
        let twist = state.twist(pos) as usize;
        let faces = clockwise_faces(pos);
        let colours = clockwise_faces(cubie);
        for k in 0..3 {
            out.push((pos, faces[(twist + k) % 3], colours[k]));
        }
    }
    out
}

/// The positions around each face, clockwise-consistent (consecutive ones share an edge).
fn face_ring(face: u8) -> Vec<usize> {
    let on: Vec<usize> = (0..20).filter(|&p| POSITION_FACES[p].contains(&face)).collect();
    let mut ring = vec![on[0]];
    while ring.len() < on.len() {
        let last = ring[ring.len() - 1];
        let next = on.iter().copied().find(|&q| {
            !ring.contains(&q)
                && POSITION_FACES[q]
                    .iter()
                    .filter(|f| POSITION_FACES[last].contains(f))
                    .count()
                    == 2
        });
        match next {
            Some(q) => ring.push(q),
            None => break,
        }
    }
    ring
}

/// Renders the state: the upper half (U and the five faces around it) and the lower half
/// (D and the five around it), one line per face with its five stickers, faces labelled
/// with the seed's names.
pub fn render_net(state: &KiloState, colour: bool) -> String {
    render_stickers(&stickers(state), &FACE_NAMES, colour)
}

/// The same drawing of `state` (reference frame) as seen on a puzzle held in `frame`, the
/// faces labelled with `names`: what the person who typed the input has in their hands.
pub fn render_net_held(state: &KiloState, frame: KiloFrame, names: HeldNames, colour: bool) -> String {
    let labels: [&str; 12] = std::array::from_fn(|f| names.name(f as u8));
    render_stickers(&held_stickers(state, frame), &labels, colour)
}

/// Draws stickers `(position, face, colour)` with the faces labelled `labels`.
fn render_stickers(st: &[(usize, u8, u8)], labels: &[&str; 12], colour: bool) -> String {
    let mut canvas = Canvas::new();
    canvas.text(0, 0, "upper half");
    canvas.text(0, 24, "lower half");
    for (half, faces) in [(0usize, [0u8, 1, 2, 3, 4, 5]), (1, [11, 6, 7, 8, 9, 10])] {
        let col0 = half * 24;
        for (row, &face) in faces.iter().enumerate() {
            canvas.text(row + 1, col0, &format!("{:<4}", labels[face as usize]));
            for (k, pos) in face_ring(face).into_iter().enumerate() {
                let c = st
                    .iter()
                    .find(|&&(p, f, _)| p == pos && f == face)
                    .map(|&(_, _, c)| c)
                    .unwrap_or(0) as usize;
                let (name, rgb) = FACE_COLOURS[c];
                let col = col0 + 5 + 3 * k;
                for (k2, ch) in name.chars().enumerate() {
                    canvas.put(row + 1, col + k2, ch, Some(rgb), false);
                }
            }
        }
    }
    canvas.render(colour)
}

#[cfg(test)]
mod held_tests {
    use super::*;
    use crate::held::Held;
    use crate::kilominx::Kilominx;

    #[test]
    fn every_frame_of_the_solved_puzzle_shows_uniform_faces() {
        for frame in KiloFrame::all() {
            let net = render_net_held(
                &Kilominx.parse_held("").expect("parses").0,
                frame,
                HeldNames::Cubing,
                false,
            );
            for line in net.lines().skip(1) {
                for half in [&line[..line.len().min(24)], line.get(24..).unwrap_or("")] {
                    let colours: Vec<&str> = half.split_whitespace().skip(1).collect();
                    assert!(colours.windows(2).all(|w| w[0] == w[1]), "{frame:?}: {line}");
                }
            }
        }
    }

    #[test]
    fn a_rotation_changes_the_view_not_the_reference_state() {
        let (s, frame) = Kilominx.parse_held("x2").expect("parses");
        assert_eq!(
            render_net(&s, false),
            render_net(&Kilominx.parse_held("").expect("parses").0, false)
        );
        let held = render_net_held(&s, frame, HeldNames::Cubing, false);
        assert_ne!(
            held,
            render_net_held(&s, KiloFrame::HOME, HeldNames::Cubing, false)
        );
        // cubing.js's names label the faces.
        assert!(held.contains("FL ") && held.contains("B "), "{held}");
    }
}
