//! The Square-1's state string and its drawing as text.
//!
//! Pieces are letters: the corners `A B C D` (solved in the top) and `E F G H` (the bottom),
//! the edges `a b c d` and `e f g h`. The state string is the top's 12 slots from slot 0, a
//! `/`, the bottom's 12, a `/`, and the middle layer: `0` square, `1` turned over. A corner
//! is written in both its slots. Solved is `AAaBBbCCcDDd/eEEfFFgGGhHH/0`.

use super::{Sq1State, CORNERS, SLOTS};
use crate::InvalidState;

/// The letter of piece `id` (0–15).
pub fn piece_name(id: u8) -> char {
    if id < CORNERS {
        char::from(b'A' + id)
    } else {
        char::from(b'a' + (id - CORNERS) % 8)
    }
}

/// The piece of a letter, if any.
pub fn piece_of(c: char) -> Option<u8> {
    match c {
        'A'..='H' => Some(c as u8 - b'A'),
        'a'..='h' => Some(c as u8 - b'a' + CORNERS),
        _ => None,
    }
}

fn layer_string(layer: &[u8; SLOTS]) -> String {
    layer.iter().map(|&p| piece_name(p)).collect()
}

/// The state string of `state`.
pub fn to_state_string(state: &Sq1State) -> String {
    format!(
        "{}/{}/{}",
        layer_string(state.top()),
        layer_string(state.bottom()),
        u8::from(state.middle())
    )
}

/// Whether `text` is written as a state string (letters `A`–`H`, `a`–`h` and two `/`, the
/// middle `0` or `1`), so an input is read as one rather than as moves.
pub fn looks_like_state_string(text: &str) -> bool {
    let t = text.trim();
    t.matches('/').count() == 2
        && t.chars().any(|c| c.is_ascii_alphabetic())
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '/' || c.is_whitespace())
}

/// Reads a state string. The error names the layer, the slot and what is wrong.
pub fn from_state_string(text: &str) -> Result<Sq1State, InvalidState> {
    let t: String = text.split_whitespace().collect();
    let parts: Vec<&str> = t.split('/').collect();
    if parts.len() != 3 {
        return Err(InvalidState::Malformed(format!(
            "a Square-1 state string is the top's 12 slots, a `/`, the bottom's 12, a `/` and the middle (0 square, 1 turned), e.g. AAaBBbCCcDDd/eEEfFFgGGhHH/0; this one has {} `/`",
            parts.len().saturating_sub(1)
        )));
    }
    let mut layers = [[0u8; SLOTS]; 2];
    for (k, name) in ["top", "bottom"].iter().enumerate() {
        let chars: Vec<char> = parts[k].chars().collect();
        if chars.len() != SLOTS {
            return Err(InvalidState::Malformed(format!(
                "the {name} has {} slots, expected 12 (a corner is written in both its slots)",
                chars.len()
            )));
        }
        for (i, &c) in chars.iter().enumerate() {
            layers[k][i] = piece_of(c).ok_or_else(|| {
                InvalidState::NoSuchPiece(format!(
                    "`{c}` in slot {i} of the {name} is no piece: corners are A–H, edges a–h"
                ))
            })?;
        }
    }
    let middle = match parts[2] {
        "0" => false,
        "1" => true,
        m => {
            return Err(InvalidState::Malformed(format!(
                "the middle is `{m}`: 0 (square) or 1 (turned over)"
            )))
        }
    };
    Sq1State::new(layers[0], layers[1], middle)
}

/// The two layers slot by slot (slots 0–11), the slice line `|` between slots 5 and 6 (the
/// slice turns the top's slots 6–11 with the bottom's 0–5), and the middle layer.
pub fn render(state: &Sq1State) -> String {
    let row = |layer: &[u8; SLOTS]| {
        let cell = |i: usize| format!("{:>2}", piece_name(layer[i]));
        let left: String = (0..6).map(cell).collect();
        let right: String = (6..12).map(cell).collect();
        format!("{left} |{right}")
    };
    let mut out = String::from("slot     0 1 2 3 4 5   6 7 8 91011\n");
    out.push_str(&format!("top    {}\n", row(state.top())));
    out.push_str(&format!("bottom {}\n", row(state.bottom())));
    let middle = if state.middle() { "turned over" } else { "square" };
    let slice = if state.can_slash() {
        "the slice can turn"
    } else {
        "the slice is blocked"
    };
    out.push_str(&format!("middle {middle}; {slice}\n"));
    out
}
