//! The Kilominx's state string: the colours of its 60 stickers as the puzzle is held, one
//! letter per sticker, read back into the reference-frame state and the frame it is held in.
//!
//! The string lists the 20 corner places of the puzzle as held in the order of
//! [`CUBIE_NAMES`] (`UFL UBL UFR MFL …`), and for each the colours on its three faces in the
//! order of [`super::FACE_NAMES`] (`UFL` shows U, then L, then F): 60 letters, spaces optional
//! (`WGR WGP WRB …` is the solved puzzle). A colour is written as the letter of the face it
//! belongs to, [`COLOUR_LETTERS`]: `W` white (U), `G` dark green (L), `R` red (F), `B` dark
//! blue (R), `P` purple (BL), `Y` yellow (BR), `E` beige (cubing.js's FL), `K` pink (FR), `C`
//! light blue (DL), `L` light green (DR), `O` orange (B), `A` grey (D). The puzzle may be
//! held in any of its 60 orientations: the white, dark green and red corner fixes the frame.

use super::notation::held_stickers;
use super::render::clockwise_faces;
use super::{KiloFrame, KiloState, CORNER_FACES, CUBIE_NAMES, FIXED};
use crate::error::InvalidState;

/// The letter of each colour, by the face it belongs to (indexed as [`super::FACE_NAMES`]).
pub const COLOUR_LETTERS: [char; 12] = ['W', 'G', 'R', 'B', 'P', 'Y', 'E', 'K', 'C', 'L', 'O', 'A'];

/// The colour names of [`COLOUR_LETTERS`], for messages.
const COLOUR_NAMES: [&str; 12] = [
    "white",
    "dark green",
    "red",
    "dark blue",
    "purple",
    "yellow",
    "beige",
    "pink",
    "light blue",
    "light green",
    "orange",
    "grey",
];

/// Stickers in a state string.
pub const STICKERS: usize = 60;

/// The state string of `state` held in `frame`: 20 words of three colour letters (see the
/// module documentation).
pub fn to_state_string(state: &KiloState, frame: KiloFrame) -> String {
    let stickers = held_stickers(state, frame);
    let mut out = String::with_capacity(80);
    for (i, (_, _, colour)) in stickers.iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            out.push(' ');
        }
        out.push(COLOUR_LETTERS[*colour as usize]);
    }
    out
}

/// The letters of a corner's colours, for messages.
fn letters(colours: &[u8; 3]) -> String {
    colours
        .iter()
        .map(|&c| COLOUR_LETTERS[c as usize].to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a state string (see the module documentation) into the reference-frame state and
/// the frame the puzzle is held in. Errors name what is wrong: a letter that is no colour,
/// the length, a colour that is not on five stickers, a corner place whose colours no
/// corner has (or has in mirror order), a corner shown twice, a twisted corner, two corners
/// swapped.
pub fn from_state_string(text: &str) -> Result<(KiloState, KiloFrame), InvalidState> {
    let mut colours = Vec::with_capacity(STICKERS);
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let up = c.to_ascii_uppercase();
        let Some(k) = COLOUR_LETTERS.iter().position(|&l| l == up) else {
            return Err(InvalidState::Malformed(format!(
                "`{c}` (sticker {}) is not a Kilominx colour letter ({})",
                colours.len() + 1,
                COLOUR_LETTERS
                    .iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        };
        colours.push(k as u8);
        if colours.len() > STICKERS {
            break;
        }
    }
    if colours.len() != STICKERS {
        return Err(InvalidState::Malformed(format!(
            "a Kilominx state string has {STICKERS} colour letters (three for each of the 20 corners), {}",
            if colours.len() > STICKERS {
                String::from("this one has more")
            } else {
                format!("this one has {}", colours.len())
            }
        )));
    }
    for (k, name) in COLOUR_NAMES.iter().enumerate() {
        let count = colours.iter().filter(|&&c| c as usize == k).count();
        if count != 5 {
            return Err(InvalidState::ColourCount {
                colour: format!("{} ({name})", COLOUR_LETTERS[k]),
                count,
                expected: 5,
            });
        }
    }
    // The colours at each hand corner place, on its faces in FACE_NAMES order.
    let at = |place: usize, face: u8| -> u8 {
        let k = CORNER_FACES[place].iter().position(|&f| f == face).unwrap_or(0);
        colours[3 * place + k]
    };
    // Every place must show the colours of some corner, the right way round.
    let corner_of = |shown: [u8; 3]| -> Option<(u8, u8)> {
        // `shown[j]` is the colour on face `clockwise_faces(place)[j]`.
        (0..20u8).find_map(|c| {
            let cw = clockwise_faces(c as usize);
            (0..3u8).find_map(|t| {
                (0..3)
                    .all(|k| shown[(t as usize + k) % 3] == cw[k])
                    .then_some((c, t))
            })
        })
    };
    for place in 0..20 {
        let faces = clockwise_faces(place);
        let shown = faces.map(|f| at(place, f));
        if corner_of(shown).is_none() {
            let mut set = shown;
            set.sort_unstable();
            let mirror = CORNER_FACES.contains(&set);
            return Err(InvalidState::NoSuchPiece(format!(
                "the corner at {} shows {}{}",
                CUBIE_NAMES[place],
                letters(&CORNER_FACES[place].map(|f| at(place, f))),
                if mirror {
                    ": those colours are on one corner, but in mirror order"
                } else {
                    ": no corner has those colours"
                }
            )));
        }
    }
    // The frame in which the white, dark green and red corner is home and untwisted.
    for frame in KiloFrame::all() {
        let mut cubies = [0u8; 20];
        let mut twists = [0u8; 20];
        for place in 0..20 {
            let hand = frame.corner_position(place);
            let shown = clockwise_faces(place).map(|f| at(hand, frame.position_of(f)));
            let Some((c, t)) = corner_of(shown) else {
                break;
            };
            cubies[place] = c;
            twists[place] = t;
            if place == FIXED && (c as usize != FIXED || t != 0) {
                break;
            }
            if place == 19 {
                let state = KiloState::from_parts(cubies, twists)?;
                return Ok((state, frame));
            }
        }
    }
    Err(InvalidState::DuplicatePiece(format!(
        "the {} corner ({}) is not shown once",
        COLOUR_NAMES[..3].join(", "),
        letters(&[0, 1, 2])
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kilominx::Kilominx;
    use crate::Puzzle;

    #[test]
    fn solved_reads_back_in_every_orientation() {
        let solved = to_state_string(&KiloState::SOLVED, KiloFrame::HOME);
        assert!(solved.starts_with("WGR WGP WRB "), "{solved}");
        for frame in KiloFrame::all() {
            let text = to_state_string(&KiloState::SOLVED, frame);
            assert_eq!(from_state_string(&text), Ok((KiloState::SOLVED, frame)), "{text}");
        }
    }

    #[test]
    fn random_states_round_trip_in_random_frames() {
        let mut rng = crate::seeded_rng(59);
        let frames = KiloFrame::all();
        for i in 0..200 {
            let state = Kilominx.random_state(&mut rng);
            let frame = frames[i % frames.len()];
            let text = to_state_string(&state, frame);
            assert_eq!(from_state_string(&text), Ok((state, frame)), "{text}");
            // Without spaces, lower case: the same.
            let compact: String = text.split_whitespace().collect::<String>().to_lowercase();
            assert_eq!(from_state_string(&compact), Ok((state, frame)));
        }
    }

    fn with_corners(cubies: [u8; 20], twists: [u8; 20]) -> String {
        // A state built without validation, to draw impossible ones.
        let s = KiloState(std::array::from_fn(|i| cubies[i] | twists[i] << 5));
        to_state_string(&s, KiloFrame::HOME)
    }

    #[test]
    fn impossible_states_say_why() {
        let home: [u8; 20] = std::array::from_fn(|i| i as u8);
        let mut twisted = [0u8; 20];
        twisted[5] = 1;
        let e = from_state_string(&with_corners(home, twisted)).unwrap_err();
        assert_eq!(e, InvalidState::Twist { sum: 1 });
        let mut swapped = home;
        swapped.swap(3, 7);
        let e = from_state_string(&with_corners(swapped, [0; 20])).unwrap_err();
        assert!(matches!(e, InvalidState::Parity(_)), "{e}");
        assert!(e.to_string().contains("odd permutation"), "{e}");

        let solved: Vec<char> = to_state_string(&KiloState::SOLVED, KiloFrame::HOME)
            .chars()
            .filter(|c| *c != ' ')
            .collect();
        // Two stickers of one corner exchanged: its colours in mirror order.
        let mut mirror = solved.clone();
        mirror.swap(6, 7);
        let e = from_state_string(&mirror.iter().collect::<String>()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no such piece: the corner at UFR shows R W B: those colours are on one corner, but in mirror order"
        );
        // Two stickers of two corners exchanged: a corner no puzzle has.
        let mut wrong = solved.clone();
        wrong.swap(0, 59);
        let e = from_state_string(&wrong.iter().collect::<String>()).unwrap_err();
        assert!(e.to_string().contains("no corner has those colours"), "{e}");
        // One sticker painted another colour.
        let mut count = solved.clone();
        count[0] = 'A';
        let e = from_state_string(&count.iter().collect::<String>()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "colour count: W (white) appears 4 times, expected 5"
        );
        // Shape.
        let e = from_state_string("WGR WGP").unwrap_err();
        assert_eq!(
            e.to_string(),
            "malformed input: a Kilominx state string has 60 colour letters (three for each of the 20 corners), this one has 6"
        );
        let e = from_state_string("WGX").unwrap_err();
        assert!(
            e.to_string()
                .contains("`X` (sticker 3) is not a Kilominx colour letter"),
            "{e}"
        );
    }
}
