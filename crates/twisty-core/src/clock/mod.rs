//! The Rubik's Clock: 18 dials (nine on each side) showing the hours 0–11, four pins, and
//! the WCA's moves.
//!
//! A move sets the pins, then turns a wheel: every dial the raised pins couple turns with it.
//! A pin raised on one side is pressed on the other, and each corner dial is one gear seen
//! from both sides (a quarter past on the front is a quarter to on the back), so 14 dials
//! are independent: the nine of the front, the four edges and the centre of the back. The
//! puzzle has 12^14 = 1,283,918,464,548,864 states.
//!
//! Dials are numbered as cubing.js numbers them: 0–8 the front row by row as seen from the
//! front (`UL U UR L C R DL D DR`), 9–17 the back row by row as seen from the back (so the
//! back's dial 9 is behind the front's UR). A state holds all 18; the back corners always
//! mirror the front ones.
//!
//! The moves ([`ClockMove`]) are the WCA's: a pin setting of [`Pins`] (`UR DR DL UL U R D L
//! ALL`: the pins named are up, the others down) and an amount, turned on the front or on
//! the back. The notation ([`notation`]) writes them as the WCA does (`UR5+`, `ALL2-`, `y2`
//! flipping the puzzle, front to back, about the vertical axis).

pub mod held;
pub mod linear;
pub mod notation;
pub mod render;
#[cfg(test)]
mod tests;

use crate::error::ParseError;
use crate::puzzle::{Metric, Puzzle};
use rand::Rng;

/// Hours on a dial.
pub const HOURS: u8 = 12;

/// Dials of the puzzle (both sides).
pub const DIALS: usize = 18;

/// Independent dials: the front nine, the back's four edges and centre.
pub const INDEPENDENT: [usize; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 16];

/// The corner dials of a side, as indices 0–8 of that side (UL, UR, DL, DR).
pub const CORNERS: [usize; 4] = [0, 2, 6, 8];

/// The dial (0–8) of the other side behind dial `i` (0–8) of one side: the same row, the
/// column mirrored.
pub const fn behind(i: usize) -> usize {
    3 * (i / 3) + 2 - i % 3
}

/// A pin setting of the WCA notation: the pins named are up (toward the side turned), the
/// others down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pins {
    /// The upper-right pin.
    UR,
    /// The lower-right pin.
    DR,
    /// The lower-left pin.
    DL,
    /// The upper-left pin.
    UL,
    /// The two upper pins.
    U,
    /// The two right pins.
    R,
    /// The two lower pins.
    D,
    /// The two left pins.
    L,
    /// All four pins.
    All,
}

impl Pins {
    /// Every pin setting, in the order of a WCA scramble.
    pub const ALL: [Pins; 9] = [
        Pins::UR,
        Pins::DR,
        Pins::DL,
        Pins::UL,
        Pins::U,
        Pins::R,
        Pins::D,
        Pins::L,
        Pins::All,
    ];

    /// Its index in [`Pins::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name the notation writes (`UR`, `ALL`).
    pub fn name(self) -> &'static str {
        ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"][self.index()]
    }

    /// The setting named `name`, if any.
    pub fn from_name(name: &str) -> Option<Pins> {
        Pins::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// The dials (0–8 of the side turned) that turn: those next to a raised pin.
    pub fn dials(self) -> &'static [usize] {
        match self {
            Pins::UL => &[0, 1, 3, 4],
            Pins::UR => &[1, 2, 4, 5],
            Pins::DL => &[3, 4, 6, 7],
            Pins::DR => &[4, 5, 7, 8],
            Pins::U => &[0, 1, 2, 3, 4, 5],
            Pins::R => &[1, 2, 4, 5, 7, 8],
            Pins::D => &[3, 4, 5, 6, 7, 8],
            Pins::L => &[0, 1, 3, 4, 6, 7],
            Pins::All => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        }
    }
}

/// The side of the puzzle a move turns, in the solvers' reference frame (the side that
/// faced the user before any `y2`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The front.
    #[default]
    Front,
    /// The back.
    Back,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Front => Side::Back,
            Side::Back => Side::Front,
        }
    }

    /// The first of its dials in a state (0 or 9).
    pub fn offset(self) -> usize {
        match self {
            Side::Front => 0,
            Side::Back => 9,
        }
    }
}

/// One move: a pin setting, turned `hours` (1–11) clockwise as seen from the side turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClockMove {
    /// The side turned.
    pub side: Side,
    /// The pins up (as seen from that side).
    pub pins: Pins,
    /// Hours clockwise, 1–11.
    pub hours: u8,
}

impl ClockMove {
    /// Its face in the sense of [`Puzzle::face`]: 0–8 the front's settings, 9–17 the back's.
    pub fn face(self) -> u8 {
        (self.side.offset() + self.pins.index()) as u8
    }
}

/// A clock state: the hour each of the 18 dials shows (0 is 12 o'clock), the front's as
/// seen from the front, the back's as seen from the back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClockState {
    dials: [u8; DIALS],
}

impl Default for ClockState {
    fn default() -> Self {
        ClockState { dials: [0; DIALS] }
    }
}

impl ClockState {
    /// The 18 dials (see the module's numbering).
    pub fn dials(&self) -> &[u8; DIALS] {
        &self.dials
    }

    /// The state with these 14 independent dials ([`INDEPENDENT`]), each taken mod 12; the
    /// back corners follow from the front ones.
    pub fn from_independent(values: &[u8; 14]) -> ClockState {
        let mut dials = [0u8; DIALS];
        for (k, &i) in INDEPENDENT.iter().enumerate() {
            dials[i] = values[k] % HOURS;
        }
        for c in CORNERS {
            dials[9 + behind(c)] = (HOURS - dials[c]) % HOURS;
        }
        ClockState { dials }
    }

    /// The 14 independent dials ([`INDEPENDENT`]).
    pub fn independent(&self) -> [u8; 14] {
        INDEPENDENT.map(|i| self.dials[i])
    }

    /// The state from all 18 dials, checked: every value 0–11 (12 is read as 0), and each
    /// back corner showing the hour its front corner implies (the same gear turned the other
    /// way as seen from the back).
    pub fn from_dials(values: &[u8; DIALS]) -> Result<ClockState, crate::InvalidState> {
        let mut dials = [0u8; DIALS];
        for (i, &v) in values.iter().enumerate() {
            if v > HOURS {
                return Err(crate::InvalidState::Malformed(format!(
                    "dial {} ({}) shows {v}: the hours are 0 to 12",
                    i + 1,
                    dial_name(i)
                )));
            }
            dials[i] = v % HOURS;
        }
        for c in CORNERS {
            let b = 9 + behind(c);
            let want = (HOURS - dials[c]) % HOURS;
            if dials[b] != want {
                return Err(crate::InvalidState::Malformed(format!(
                    "the back's {} corner shows {} but the front's {} corner, the same gear, shows {}: the back one must show {}",
                    SIDE_NAMES[behind(c)],
                    show(dials[b]),
                    SIDE_NAMES[c],
                    show(dials[c]),
                    show(want)
                )));
            }
        }
        Ok(ClockState { dials })
    }

    /// Turns the dials `pins` couples on `side` by `hours` clockwise (as seen from that side).
    pub fn turn(&mut self, side: Side, pins: Pins, hours: u8) {
        let (own, other) = (side.offset(), side.other().offset());
        let h = hours % HOURS;
        for &i in pins.dials() {
            self.dials[own + i] = (self.dials[own + i] + h) % HOURS;
            if CORNERS.contains(&i) {
                let j = other + behind(i);
                self.dials[j] = (self.dials[j] + HOURS - h) % HOURS;
            }
        }
    }

    /// The state seen from the other side: the back's dials where the front's were.
    pub fn flipped(&self) -> ClockState {
        let mut dials = [0u8; DIALS];
        dials[..9].copy_from_slice(&self.dials[9..]);
        dials[9..].copy_from_slice(&self.dials[..9]);
        ClockState { dials }
    }
}

/// The names of a side's nine dials, row by row as seen from that side.
pub const SIDE_NAMES: [&str; 9] = ["UL", "U", "UR", "L", "C", "R", "DL", "D", "DR"];

/// The name of dial `i` of a state (`front UR`, `back C`).
pub fn dial_name(i: usize) -> String {
    let side = if i < 9 { "front" } else { "back" };
    format!("{side} {}", SIDE_NAMES[i % 9])
}

/// An hour as a clock shows it (12 for 0).
pub fn show(h: u8) -> u8 {
    if h == 0 {
        HOURS
    } else {
        h
    }
}

/// The Rubik's Clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock;

impl Puzzle for Clock {
    type State = ClockState;
    type Move = ClockMove;

    fn name(&self) -> String {
        "clock".into()
    }

    fn solved(&self) -> ClockState {
        ClockState::default()
    }

    fn apply(&self, state: &mut ClockState, mv: ClockMove) {
        state.turn(mv.side, mv.pins, mv.hours);
    }

    /// The 18 settings (the front's nine, then the back's) turned 1 to 11 hours each.
    fn moves(&self) -> Vec<ClockMove> {
        let mut v = Vec::with_capacity(2 * 9 * 11);
        for side in [Side::Front, Side::Back] {
            for pins in Pins::ALL {
                for hours in 1..HOURS {
                    v.push(ClockMove { side, pins, hours });
                }
            }
        }
        v
    }

    fn inverse(&self, mv: ClockMove) -> ClockMove {
        ClockMove {
            hours: HOURS - mv.hours,
            ..mv
        }
    }

    /// Each of the 14 independent dials uniformly at random.
    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> ClockState {
        let mut v = [0u8; 14];
        for x in v.iter_mut() {
            *x = rng.random_range(0..HOURS);
        }
        ClockState::from_independent(&v)
    }

    fn face(&self, mv: ClockMove) -> u8 {
        mv.face()
    }

    /// Every move commutes with every other (a move adds hours to dials).
    fn faces_commute(&self, a: u8, b: u8) -> bool {
        a != b
    }

    /// Moves written in the reference frame: `y2` turns to the back, whose moves are then
    /// read as the back's (see [`notation`]).
    /// `min(n, 18)` moves of distinct settings chosen uniformly, in canonical (increasing)
    /// order, each turned a uniformly random 1–11 hours: every move commutes with every
    /// other, so a canonical sequence turns each setting at most once, and more than 18
    /// moves would merge.
    fn random_moves<R: Rng + ?Sized>(&self, rng: &mut R, n: usize) -> Vec<ClockMove> {
        let mut faces: Vec<usize> = (0..18).collect();
        // A partial Fisher–Yates shuffle: the first `k` faces are a uniform subset.
        let k = n.min(faces.len());
        for i in 0..k {
            let j = rng.random_range(i..faces.len());
            faces.swap(i, j);
        }
        let mut chosen = faces[..k].to_vec();
        chosen.sort_unstable();
        chosen
            .into_iter()
            .map(|f| ClockMove {
                side: if f < 9 { Side::Front } else { Side::Back },
                pins: Pins::ALL[f % 9],
                hours: rng.random_range(1..HOURS),
            })
            .collect()
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<ClockMove>, ParseError> {
        notation::parse_reference(text)
    }

    /// A front move as the WCA writes it (`UR5+`); a back move between two `y2`
    /// (`y2 U3- y2`).
    fn format_move(&self, mv: ClockMove) -> String {
        match mv.side {
            Side::Front => notation::turn_token(mv.pins, mv.hours),
            Side::Back => format!("y2 {} y2", notation::turn_token(mv.pins, mv.hours)),
        }
    }

    /// The moves with a `y2` wherever the side changes, and one at the end when the last
    /// move is on the back (so that the text leaves the puzzle as it found it).
    fn format_moves(&self, moves: &[ClockMove]) -> String {
        notation::format_sides(moves, Side::Front, true).join(" ")
    }

    /// Every move counts 1, whatever its amount (the WCA's count); `y2` is no move.
    fn move_length(&self, _mv: ClockMove, _metric: Metric) -> u32 {
        1
    }
}
