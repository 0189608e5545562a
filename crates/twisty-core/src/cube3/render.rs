//! The unfolded net of a 3x3x3 state as text.

use super::facelets::{facelet_faces, to_facelets_held};
use super::{CubeFrame, CubieCube, FACE_NAMES};

/// The net: U above, then L F R B in a row, D below F. Each sticker shows its face letter;
/// with `colour`, on its standard colour (ANSI 24-bit).
pub fn render_net(state: &CubieCube, colour: bool) -> String {
    let f = facelet_faces(state).map(|face| FACE_NAMES[face as usize] as u8);
    render_letters(&f, colour)
}

/// The net of `state` (reference frame) as seen on a cube held in `frame`: after `x` the
/// front colour is on top, as in the hands of the person who typed it.
pub fn render_net_held(state: &CubieCube, frame: CubeFrame, colour: bool) -> String {
    let text = to_facelets_held(state, frame);
    let mut f = [b'?'; 54];
    for (d, b) in f.iter_mut().zip(text.bytes()) {
        *d = b;
    }
    render_letters(&f, colour)
}

/// The net of 54 facelet letters in the order of the facelet string.
fn render_letters(f: &[u8; 54], colour: bool) -> String {
    crate::colour::cube_net(&f.map(char::from), 3, colour)
}

#[cfg(test)]
mod held_tests {
    use super::*;
    use crate::cube3::Cube3;
    use crate::held::Held;

    /// The letters of a rendered net, row by row, without spaces.
    fn rows(net: &str) -> Vec<String> {
        net.lines()
            .map(|l| l.split_whitespace().collect::<String>())
            .collect()
    }

    #[test]
    fn a_rotation_shows_the_cube_as_turned() {
        // After `x` the front (F) colour is on top and the top (U) colour at the back.
        let (s, frame) = Cube3.parse_held("x").expect("parses");
        let held = rows(&render_net_held(&s, frame, false));
        assert_eq!(held[0], "FFF");
        assert_eq!(held[3], "LLLDDDRRRUUU");
        assert_eq!(held[6], "BBB");
        // The reference view of the same input is solved.
        assert_eq!(rows(&render_net(&s, false))[0], "UUU");
        // A face turn after the rotation turns the face in the hands: `R` lifts the held
        // front's right column (D's colour) to the top.
        let (s, frame) = Cube3.parse_held("x R").expect("parses");
        let held = rows(&render_net_held(&s, frame, false));
        assert_eq!(held[0], "FFD");
    }
}
