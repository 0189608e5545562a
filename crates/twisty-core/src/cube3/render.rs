//! The unfolded net of a 3x3x3 state as text.

use super::facelets::facelet_faces;
use super::{CubieCube, FACE_NAMES};
use crate::colour::{cube_face_colour, Canvas};

/// The net: U above, then L F R B in a row, D below F. Each sticker shows its face letter;
/// with `colour`, on its standard colour (ANSI 24-bit).
pub fn render_net(state: &CubieCube, colour: bool) -> String {
    let f = facelet_faces(state);
    let mut canvas = Canvas::new();
    // (face index, row offset, column offset in stickers)
    let layout = [
        (0usize, 0usize, 3usize),
        (4, 3, 0),
        (2, 3, 3),
        (1, 3, 6),
        (5, 3, 9),
        (3, 6, 3),
    ];
    for (face, r0, c0) in layout {
        for k in 0..9 {
            let letter = FACE_NAMES[f[9 * face + k] as usize];
            let col = 2 * (c0 + k % 3) + (c0 / 3);
            canvas.sticker(r0 + k / 3, col, letter, cube_face_colour(letter), false);
        }
    }
    canvas.render(colour)
}
