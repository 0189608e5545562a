//! The clock's state string and its drawing as text.
//!
//! The state string is the 18 dials as the puzzle is held: the nine of the side facing the
//! user row by row, a `/`, the nine of the other side row by row as seen from that side
//! (turn it over with `y2` to read them), the hours 0–11 (12 is read as 0) separated by
//! commas: the solved clock is `0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0`.

use super::{show, ClockState, Side, DIALS};
use crate::InvalidState;

/// The state string of `state` (reference frame) held with `facing` toward the user.
pub fn to_state_string(state: &ClockState, facing: Side) -> String {
    let s = held(state, facing);
    let side = |r: &[u8]| r.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(",");
    format!("{}/{}", side(&s.dials()[..9]), side(&s.dials()[9..]))
}

/// The state seen by the user: the facing side's dials first.
fn held(state: &ClockState, facing: Side) -> ClockState {
    match facing {
        Side::Front => *state,
        Side::Back => state.flipped(),
    }
}

/// Whether `text` is written as a state string (digits, commas, spaces and one `/`), so an
/// input is read as one rather than as moves.
pub fn looks_like_state_string(text: &str) -> bool {
    let t = text.trim();
    t.matches('/').count() == 1
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '/' || c.is_whitespace())
}

/// Reads a state string (the side facing the user first): the state, held with its front
/// toward the user. The error names the side, the dial and what is wrong.
pub fn from_state_string(text: &str) -> Result<ClockState, InvalidState> {
    let t = text.trim();
    let halves: Vec<&str> = t.split('/').collect();
    if halves.len() != 2 {
        return Err(InvalidState::Malformed(format!(
            "a clock state string is the nine dials of the side facing you, a `/`, and the nine of the other side (e.g. 0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0); this one has {} `/`",
            halves.len().saturating_sub(1)
        )));
    }
    let mut dials = [0u8; DIALS];
    for (k, half) in halves.iter().enumerate() {
        let side = if k == 0 { "front" } else { "back" };
        let values: Vec<&str> = half
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|v| !v.is_empty())
            .collect();
        if values.len() != 9 {
            return Err(InvalidState::Malformed(format!(
                "the {side} of the state string has {} dials, expected 9",
                values.len()
            )));
        }
        for (i, v) in values.iter().enumerate() {
            let h: u8 = v.parse().ok().filter(|h| *h <= 12).ok_or_else(|| {
                InvalidState::Malformed(format!(
                    "`{v}`, dial {} ({}) of the {side}, is not an hour from 0 to 12",
                    i + 1,
                    super::SIDE_NAMES[i]
                ))
            })?;
            dials[9 * k + i] = h;
        }
    }
    ClockState::from_dials(&dials)
}

/// The two sides drawn side by side, three rows of hours each (12 o'clock as 12), the side
/// facing the user on the left; the back as seen from the back.
pub fn render(state: &ClockState, facing: Side) -> String {
    let s = held(state, facing);
    let (left, right) = match facing {
        Side::Front => ("front", "back"),
        Side::Back => ("back", "front"),
    };
    let mut out = format!("{:<15}{right}\n", format!("{left} (facing)"));
    for row in 0..3 {
        let cells = |off: usize| {
            (0..3)
                .map(|c| format!("{:>3}", show(s.dials()[off + 3 * row + c])))
                .collect::<String>()
        };
        out.push_str(&format!("{}      {}\n", cells(0), cells(9)));
    }
    out
}
