//! The WCA's clock notation (Regulations article 12; the form of TNoodle's scrambles since
//! 2024, with no final pin setting).
//!
//! A turn is a pin setting (`UR DR DL UL U R D L ALL`: the pins named up, the others down),
//! an amount and a direction: `UR5+` turns a wheel next to a raised pin five hours
//! clockwise, `ALL2-` two hours counter-clockwise, as seen from the side facing you; the
//! WCA writes 0 to 6 hours with `+` and 1 to 5 with `-` (any of 0–11 is read). `y2` turns
//! the puzzle over about the vertical axis: the back faces you, and the moves after it turn
//! it. A scramble reads `UR4- DR3+ DL0+ UL1- U2- R6+ D2+ L1- ALL5+ y2 U5- R1+ D1- L1- ALL4+`.
//! Scrambles from before 2024 end with the pins left up (`UR DL`): a pin name alone is read
//! and changes no dial, as cubing.js reads it. Groups, commutators and `//` comments work as
//! everywhere ([`crate::alg`]).

use super::{ClockMove, Pins, Side, HOURS};
use crate::alg::parse_alg;
use crate::error::ParseError;

/// One token of the notation as written on the puzzle as held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// A turn of the side facing the user: pins up and hours clockwise (0–11).
    Turn(Pins, u8),
    /// `y2`: the puzzle turned over.
    Flip,
}

impl Written {
    /// The inverse token (for `(…)'` groups).
    pub fn inverse(self) -> Written {
        match self {
            Written::Turn(p, h) => Written::Turn(p, (HOURS - h % HOURS) % HOURS),
            Written::Flip => Written::Flip,
        }
    }
}

/// The token `UR5+` of a setting turned `hours` (0–11) clockwise: 0 to 6 written with `+`,
/// 7 to 11 as 5 to 1 with `-`, as the WCA writes them.
pub fn turn_token(pins: Pins, hours: u8) -> String {
    let h = hours % HOURS;
    if h <= 6 {
        format!("{}{h}+", pins.name())
    } else {
        format!("{}{}-", pins.name(), HOURS - h)
    }
}

/// Reads one token.
pub fn parse_token(token: &str) -> Result<Vec<Written>, String> {
    if token == "y2" || token == "y2'" {
        return Ok(vec![Written::Flip]);
    }
    let cut = token
        .find(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
        .unwrap_or(token.len());
    let (name, rest) = token.split_at(cut);
    let Some(pins) = Pins::from_name(name) else {
        let hint =
            if name.eq_ignore_ascii_case("all") || Pins::from_name(&name.to_ascii_uppercase()).is_some() {
                format!(" (pin settings are upper case: `{}`)", name.to_ascii_uppercase())
            } else if name.starts_with('y') || name.starts_with('x') || name.starts_with('z') {
                " (the one rotation is `y2`, which turns the puzzle over)".to_string()
            } else {
                String::new()
            };
        return Err(format!(
            "not a clock move: expected a pin setting (UR DR DL UL U R D L ALL) with an amount and a direction, e.g. `UR5+`, or `y2`{hint}"
        ));
    };
    if rest.is_empty() {
        return match pins {
            // A final pin setting of the scrambles before 2024: no dial turns.
            Pins::UR | Pins::DR | Pins::DL | Pins::UL => Ok(Vec::new()),
            _ => Err(format!(
                "`{name}` needs an amount and a direction, e.g. `{name}3+` or `{name}2-`"
            )),
        };
    }
    let Some(sign) = rest.chars().last().filter(|c| *c == '+' || *c == '-') else {
        return Err(format!(
            "the amount needs a direction after it: `{name}{rest}+` (clockwise) or `{name}{rest}-` (counter-clockwise)"
        ));
    };
    let digits = &rest[..rest.len() - 1];
    if digits.is_empty() {
        return Err(format!(
            "the direction needs an amount before it: e.g. `{name}1{sign}`"
        ));
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "the amount `{digits}` is not a number of hours (0 to 11)"
        ));
    }
    let hours: u32 = digits.parse().unwrap_or(u32::MAX);
    if hours >= u32::from(HOURS) {
        return Err(format!(
            "{hours} hours: an amount is 0 to 11 (the WCA writes 0 to 6 with `+`, 1 to 5 with `-`)"
        ));
    }
    let h = hours as u8;
    let cw = if sign == '+' { h } else { (HOURS - h) % HOURS };
    Ok(vec![Written::Turn(pins, cw)])
}

/// Parses the notation into its tokens (turns and flips).
pub fn parse_written(text: &str) -> Result<Vec<Written>, ParseError> {
    parse_alg(text, parse_token, Written::inverse)
}

/// The moves of `tokens` on a puzzle whose side `facing` faces the user, and the side facing
/// after them.
pub fn to_moves(tokens: &[Written], mut facing: Side) -> (Vec<ClockMove>, Side) {
    let mut out = Vec::with_capacity(tokens.len());
    for t in tokens {
        match *t {
            Written::Flip => facing = facing.other(),
            Written::Turn(_, 0) => {}
            Written::Turn(pins, hours) => out.push(ClockMove {
                side: facing,
                pins,
                hours,
            }),
        }
    }
    (out, facing)
}

/// Moves in the reference frame: the text read from the front, `y2` turning to the other
/// side.
pub fn parse_reference(text: &str) -> Result<Vec<ClockMove>, ParseError> {
    Ok(to_moves(&parse_written(text)?, Side::Front).0)
}

/// The tokens a person with side `facing` toward them turns for `moves`: those of that side
/// first, in the WCA's order, then `y2` and those of the other side (moves commute, so the
/// order is free). With `back_home`, a last `y2` turns the puzzle back when it ends flipped.
pub fn format_sides(moves: &[ClockMove], facing: Side, back_home: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut now = facing;
    let mut sorted = moves.to_vec();
    // The facing side's moves first, each side's in the WCA's order, the order of equal
    // settings kept.
    sorted.sort_by_key(|m| (m.side != facing, m.pins));
    for m in sorted {
        if m.side != now {
            out.push("y2".to_string());
            now = m.side;
        }
        out.push(turn_token(m.pins, m.hours));
    }
    if back_home && now != facing {
        out.push("y2".to_string());
    }
    out
}
