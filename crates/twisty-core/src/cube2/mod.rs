//! The 2x2x2 cube: 8 corners with Kociemba's numbering and twist convention (corner order
//! URF UFL ULB UBR DFR DLF DBL DRB; a corner's twist is the position, counted clockwise from
//! the U/D sticker of its place, of its own U/D-coloured sticker).
//!
//! Without centres the whole-cube orientation carries no information, so states are kept
//! with the DBL corner fixed at home: the generating set is `U R F` (9 moves). `D L B`, the
//! rotations `x y z` and the wide moves (`Rw` or `r`, which on a 2x2x2 are rotations) are
//! accepted in input and normalised: a `D` turn equals a `U` turn followed by a `y'`
//! rotation, and the parser tracks the whole-cube orientation so that later face letters
//! name the faces that are there at that point. 3,674,160 states.
//!
//! The 24-character state string lists the stickers face by face in the order `U R F D L B`,
//! each face read row by row as in the 3x3x3 facelet string (U's top row at B, the side
//! faces' top rows at U, D's top row at F). A string may describe the cube held in any
//! orientation: it is rotated so that the DBL corner is home, and
//! [`Cube2State::from_facelets_held`] also returns the [`CubeFrame`] it was written in.
//!
//! [`crate::Held`] parses input while tracking the frame and writes a `U R F` answer as the
//! faces (all six) a person holding the cube turns.

use crate::alg::parse_alg;
use crate::cube3::facelets::{CORNER_COLOURS, CORNER_FACELETS};
use crate::cube3::CubeFrame;
use crate::error::{InvalidState, ParseError};
use crate::puzzle::{Metric, Puzzle};
use rand::seq::SliceRandom;
use rand::Rng;

mod held;
mod notation;

use notation::{normalise, parse_token, Written};

/// Face letters in Kociemba order.
const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];
/// Corner names in Kociemba order.
const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// The corner kept fixed: DBL.
pub const FIXED_CORNER: usize = 6;

/// Corner moves of the six faces ("replaced by" form): after the move, position `i` holds
/// the cubie that was at `CP[f][i]`, twisted by `CO[f][i]`.
const CP: [[u8; 8]; 6] = [
    [3, 0, 1, 2, 4, 5, 6, 7],
    [4, 1, 2, 0, 7, 5, 6, 3],
    [1, 5, 2, 3, 0, 4, 6, 7],
    [0, 1, 2, 3, 5, 6, 7, 4],
    [0, 2, 6, 3, 4, 1, 5, 7],
    [0, 1, 3, 7, 4, 5, 2, 6],
];
const CO: [[u8; 8]; 6] = [
    [0; 8],
    [2, 0, 0, 1, 1, 0, 0, 2],
    [1, 2, 0, 0, 2, 1, 0, 0],
    [0; 8],
    [0, 1, 2, 0, 0, 2, 1, 0],
    [0, 0, 1, 2, 0, 0, 2, 1],
];

/// A 2x2x2 state with the DBL corner at home: corner permutation and twists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cube2State {
    cp: [u8; 8],
    co: [u8; 8],
}

impl Default for Cube2State {
    fn default() -> Self {
        Cube2State::SOLVED
    }
}

impl Cube2State {
    /// The solved state.
    pub const SOLVED: Cube2State = Cube2State {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
    };

    /// Builds a state from a permutation and twists; `None` unless both are well formed,
    /// the DBL corner is home untwisted and the twists sum to 0 mod 3.
    pub fn from_parts(cp: [u8; 8], co: [u8; 8]) -> Option<Cube2State> {
        let s = Cube2State { cp, co };
        (s.validate().is_ok()).then_some(s)
    }

    /// The cubie at each position.
    pub fn corner_perms(&self) -> [u8; 8] {
        self.cp
    }

    /// The twist at each position.
    pub fn corner_oris(&self) -> [u8; 8] {
        self.co
    }

    /// Applies one turn of any of the six faces (`face` 0..6, `amount` 1..=3) in place,
    /// without keeping the DBL corner fixed.
    #[inline]
    fn turn_any(&mut self, face: usize, amount: u8) {
        for _ in 0..amount {
            let old = *self;
            for i in 0..8 {
                let src = CP[face][i] as usize;
                self.cp[i] = old.cp[src];
                self.co[i] = (old.co[src] + CO[face][i]) % 3;
            }
        }
    }

    /// Checks well-formedness, uniqueness, the fixed corner and the twist sum.
    pub fn validate(&self) -> Result<(), InvalidState> {
        let mut seen = [false; 8];
        for i in 0..8 {
            let c = self.cp[i] as usize;
            if c >= 8 || self.co[i] > 2 {
                return Err(InvalidState::Malformed(format!("corner value at position {i}")));
            }
            if seen[c] {
                return Err(InvalidState::DuplicatePiece(format!(
                    "corner {} appears twice",
                    CORNER_NAMES[c]
                )));
            }
            seen[c] = true;
        }
        if self.cp[FIXED_CORNER] as usize != FIXED_CORNER || self.co[FIXED_CORNER] != 0 {
            return Err(InvalidState::Other(String::from(
                "the DBL corner must be home (fixed frame)",
            )));
        }
        let sum: u32 = self.co.iter().map(|&x| x as u32).sum();
        if !sum.is_multiple_of(3) {
            return Err(InvalidState::Twist { sum: (sum % 3) as u8 });
        }
        Ok(())
    }

    /// The 24-character state string (see the module docs).
    pub fn to_facelets(&self) -> String {
        let mut f = ['?'; 24];
        for (pos, facelets) in CORNER_FACELETS.iter().enumerate() {
            let cubie = self.cp[pos] as usize;
            let ori = self.co[pos] as usize;
            for (k, &fi) in facelets.iter().enumerate() {
                let colour = CORNER_COLOURS[cubie][(k + 3 - ori) % 3];
                f[facelet_3_to_2(fi)] = FACES[colour as usize];
            }
        }
        f.iter().collect()
    }

    /// Parses and validates a 24-character state string in any whole-cube orientation.
    pub fn from_facelets(text: &str) -> Result<Cube2State, InvalidState> {
        Cube2State::from_facelets_held(text).map(|(s, _)| s)
    }

    /// Parses and validates a 24-character state string in any whole-cube orientation:
    /// the state rotated so that DBL is home, and the frame the string was written in (so
    /// that an answer written with [`crate::Held::held_moves`] solves the cube as the string
    /// shows it).
    pub fn from_facelets_held(text: &str) -> Result<(Cube2State, CubeFrame), InvalidState> {
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != 24 {
            return Err(InvalidState::Malformed(format!(
                "a 2x2x2 state string has 24 characters, not {}",
                chars.len()
            )));
        }
        let mut colours = [0u8; 24];
        for (i, &c) in chars.iter().enumerate() {
            colours[i] = FACES
                .iter()
                .position(|&f| f == c.to_ascii_uppercase())
                .ok_or_else(|| {
                    InvalidState::Malformed(format!(
                        "character {} is `{c}`: use the face letters U R F D L B",
                        i + 1
                    ))
                })? as u8;
        }
        for (f, name) in FACES.iter().enumerate() {
            let count = colours.iter().filter(|&&c| c as usize == f).count();
            if count != 4 {
                return Err(InvalidState::ColourCount {
                    colour: name.to_string(),
                    count,
                    expected: 4,
                });
            }
        }
        let mut s = Cube2State::SOLVED;
        let mut seen = [None::<usize>; 8];
        for (pos, facelets) in CORNER_FACELETS.iter().enumerate() {
            let col = facelets.map(|fi| colours[facelet_3_to_2(fi)]);
            let name: String = col.iter().map(|&c| FACES[c as usize]).collect();
            let Some(ori) = col.iter().position(|&c| c == 0 || c == 3) else {
                return Err(InvalidState::NoSuchPiece(format!(
                    "the corner at {} has colours {name}: no U or D colour",
                    CORNER_NAMES[pos]
                )));
            };
            let cubie = CORNER_COLOURS
                .iter()
                .position(|cc| (0..3).all(|k| col[(ori + k) % 3] == cc[k]));
            let Some(cubie) = cubie else {
                return Err(InvalidState::NoSuchPiece(format!(
                    "the corner at {} has colours {name}, which no corner has",
                    CORNER_NAMES[pos]
                )));
            };
            if let Some(other) = seen[cubie] {
                return Err(InvalidState::DuplicatePiece(format!(
                    "corner {} appears at {} and at {}",
                    CORNER_NAMES[cubie], CORNER_NAMES[other], CORNER_NAMES[pos]
                )));
            }
            seen[cubie] = Some(pos);
            s.cp[pos] = cubie as u8;
            s.co[pos] = ori as u8;
        }
        let sum: u32 = s.co.iter().map(|&x| x as u32).sum();
        if !sum.is_multiple_of(3) {
            return Err(InvalidState::Twist { sum: (sum % 3) as u8 });
        }
        // Rotate the whole cube until the DBL cubie is home and untwisted.
        for frame in CubeFrame::all() {
            let mut t = s;
            for &(w, a) in frame.rotations_from_home().iter().rev() {
                t.rotate(w, 4 - a);
            }
            if t.cp[FIXED_CORNER] as usize == FIXED_CORNER && t.co[FIXED_CORNER] == 0 {
                return Ok((t, frame));
            }
        }
        Err(InvalidState::Other(String::from(
            "no whole-cube rotation brings DBL home",
        )))
    }

    /// The 24-character state string of this (reference-frame) state as seen on a cube
    /// held in `frame`.
    pub fn to_facelets_held(&self, frame: CubeFrame) -> String {
        let mut t = *self;
        for (w, a) in frame.rotations_from_home() {
            t.rotate(w, a);
        }
        t.to_facelets()
    }

    /// Turns the whole cube `amount` clockwise quarter turns seen from world face `world`.
    fn rotate(&mut self, world: u8, amount: u8) {
        self.turn_any(world as usize, amount % 4);
        self.turn_any((world as usize + 3) % 6, (4 - amount % 4) % 4);
    }
}

/// Index in the 24-character string of 3x3x3 facelet `fi` (a corner sticker).
fn facelet_3_to_2(fi: usize) -> usize {
    let face = fi / 9;
    let q = fi % 9;
    4 * face + [0, 0, 1, 0, 0, 0, 2, 0, 3][q]
}

/// A 2x2x2 move: `U`, `R` or `F` turned 1, 2 or 3 quarter turns; index `3·face + amount − 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cube2Move(u8);

impl Cube2Move {
    /// All 9 moves: `U U2 U' R R2 R' F F2 F'`.
    pub const ALL: [Cube2Move; 9] = [
        Cube2Move(0),
        Cube2Move(1),
        Cube2Move(2),
        Cube2Move(3),
        Cube2Move(4),
        Cube2Move(5),
        Cube2Move(6),
        Cube2Move(7),
        Cube2Move(8),
    ];

    /// The move turning `face` (0 U, 1 R, 2 F) by `amount` (1..=3), if valid.
    pub const fn new(face: u8, amount: u8) -> Option<Cube2Move> {
        if face < 3 && amount >= 1 && amount <= 3 {
            Some(Cube2Move(3 * face + amount - 1))
        } else {
            None
        }
    }

    /// Index 0..9.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Face 0..3 (U R F).
    pub const fn face(self) -> u8 {
        self.0 / 3
    }

    /// Quarter turns clockwise, 1..=3.
    pub const fn amount(self) -> u8 {
        self.0 % 3 + 1
    }
}

impl std::fmt::Display for Cube2Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            FACES[self.face() as usize],
            ["", "2", "'"][(self.0 % 3) as usize]
        )
    }
}

/// The 2x2x2 puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cube2;

impl Cube2 {
    /// Renders the unfolded net (U above, L F R B in a row, D below).
    pub fn render_net(&self, state: &Cube2State, colour: bool) -> String {
        render_letters(&state.to_facelets(), colour)
    }

    /// The net of `state` (reference frame) as seen on a cube held in `frame`: after `x` the
    /// front colour is on top, as in the hands of the person who typed it.
    pub fn render_net_held(&self, state: &Cube2State, frame: CubeFrame, colour: bool) -> String {
        render_letters(&state.to_facelets_held(frame), colour)
    }
}

/// The net of a 24-letter state string.
fn render_letters(text: &str, colour: bool) -> String {
    crate::colour::cube_net(&text.chars().collect::<Vec<_>>(), 2, colour)
}

impl Puzzle for Cube2 {
    type State = Cube2State;
    type Move = Cube2Move;

    fn name(&self) -> String {
        String::from("2x2x2")
    }

    fn solved(&self) -> Cube2State {
        Cube2State::SOLVED
    }

    #[inline]
    fn apply(&self, state: &mut Cube2State, mv: Cube2Move) {
        state.turn_any(mv.face() as usize, mv.amount());
    }

    fn moves(&self) -> Vec<Cube2Move> {
        Cube2Move::ALL.to_vec()
    }

    fn inverse(&self, mv: Cube2Move) -> Cube2Move {
        Cube2Move(3 * mv.face() + 3 - mv.amount())
    }

    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> Cube2State {
        let mut others: Vec<u8> = vec![0, 1, 2, 3, 4, 5, 7];
        others.shuffle(rng);
        let mut s = Cube2State::SOLVED;
        let mut k = 0;
        for i in 0..8 {
            if i != FIXED_CORNER {
                s.cp[i] = others[k];
                k += 1;
            }
        }
        let mut sum = 0u8;
        for i in [0usize, 1, 2, 3, 4, 5] {
            s.co[i] = rng.random_range(0..3);
            sum += s.co[i];
        }
        s.co[7] = (3 - sum % 3) % 3;
        s
    }

    fn face(&self, mv: Cube2Move) -> u8 {
        mv.face()
    }

    fn faces_commute(&self, _a: u8, _b: u8) -> bool {
        false
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<Cube2Move>, ParseError> {
        let written = parse_alg(text, parse_token, Written::inverse)?;
        let mut frame = CubeFrame::HOME;
        Ok(normalise(&written, &mut frame))
    }

    fn format_move(&self, mv: Cube2Move) -> String {
        mv.to_string()
    }

    fn move_length(&self, mv: Cube2Move, metric: Metric) -> u32 {
        match metric {
            Metric::Htm | Metric::Obtm | Metric::Sstm | Metric::Etm | Metric::Twist => 1,
            Metric::Qtm => {
                if mv.amount() == 2 {
                    2
                } else {
                    1
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube3::{Cube3Move, CubieCube};
    use crate::rng::seeded_rng;
    use proptest::prelude::*;

    #[test]
    fn the_held_net_shows_the_cube_as_turned() {
        use crate::held::Held;
        let rows =
            |net: String| -> Vec<String> { net.lines().map(|l| l.split_whitespace().collect()).collect() };
        let (s, frame) = Cube2.parse_held("x R").expect("parses");
        let held = rows(Cube2.render_net_held(&s, frame, false));
        // After `x` the front colour is on top; `R` lifts the held front's right column
        // (the down colour) to the top.
        assert_eq!(held[0], "FD");
        assert_eq!(held[1], "FD");
        assert_eq!(
            rows(Cube2.render_net(&Cube2.parse_held("x").expect("parses").0, false))[0],
            "UU"
        );
    }

    #[test]
    fn face_tables_match_the_3x3x3_model() {
        for face in 0..6u8 {
            let c = CubieCube::of_move(Cube3Move::new(face, 1).unwrap());
            let mut s = Cube2State::SOLVED;
            s.turn_any(face as usize, 1);
            assert_eq!(s.cp, c.corner_perms(), "face {face}");
            assert_eq!(s.co, c.corner_oris(), "face {face}");
        }
    }

    #[test]
    fn d_l_b_and_rotations_normalise() {
        let p = Cube2;
        // D is U with the DBL layer held: the same relative state.
        let d = p.state_after(&p.parse_moves("D").unwrap());
        assert_eq!(p.parse_moves("D").unwrap(), p.parse_moves("U").unwrap());
        assert_eq!(d, p.state_after(&p.parse_moves("U").unwrap()));
        // After x, the face in front is the old D: x F = x + (old D) = U-turn.
        assert_eq!(p.parse_moves("x F").unwrap(), p.parse_moves("U").unwrap());
        // Rw = x: so Rw R = x R = R.
        assert_eq!(p.parse_moves("Rw R").unwrap(), p.parse_moves("R").unwrap());
        // A full sequence in D L B equals the facelet-derived state after rotation.
        let moves = p.parse_moves("R D L' B2 U F' D2").unwrap();
        let s = p.state_after(&moves);
        assert!(s.validate().is_ok());
        assert!(p.parse_moves("M").is_err());
        let e = p.parse_moves("R Q").unwrap_err();
        assert_eq!(e.column, 3);
    }

    #[test]
    fn any_orientation_facelets() {
        let p = Cube2;
        // The same physical scramble seen after a y rotation parses to the same state.
        let s = p.state_after(&p.parse_moves("R U F'").unwrap());
        let f = s.to_facelets();
        assert_eq!(Cube2State::from_facelets(&f).unwrap(), s);
        // Rotate the string: U face turned (y): faces R F L B shift.
        let c: Vec<char> = f.chars().collect();
        let rot_y = |c: &Vec<char>| -> String {
            // y: new F = old R, new L = old F, new B = old L, new R = old B; U and D turn.
            let face = |i: usize| c[4 * i..4 * i + 4].to_vec();
            let (u, r, ff, d, l, b) = (face(0), face(1), face(2), face(3), face(4), face(5));
            let u2 = vec![u[2], u[0], u[3], u[1]];
            let d2 = vec![d[1], d[3], d[0], d[2]];
            [u2, b, r, d2, ff, l].concat().into_iter().collect()
        };
        let rotated = rot_y(&c);
        assert_eq!(Cube2State::from_facelets(&rotated).unwrap(), s);
    }

    #[test]
    fn invalid_strings_are_named() {
        let solved = "UUUURRRRFFFFDDDDLLLLBBBB";
        assert!(matches!(
            Cube2State::from_facelets("UUU"),
            Err(InvalidState::Malformed(_))
        ));
        assert!(matches!(
            Cube2State::from_facelets("XUUURRRRFFFFDDDDLLLLBBBB"),
            Err(InvalidState::Malformed(_))
        ));
        assert!(matches!(
            Cube2State::from_facelets("RUUURRRRFFFFDDDDLLLLBBBB"),
            Err(InvalidState::ColourCount { .. })
        ));
        // Twist one corner in place: URF stickers U3 (idx 3), R0 (idx 4), F1 (idx 9).
        let mut t: Vec<char> = solved.chars().collect();
        let (a, b, c) = (t[3], t[4], t[9]);
        t[3] = c;
        t[4] = a;
        t[9] = b;
        let twisted: String = t.iter().collect();
        assert!(matches!(
            Cube2State::from_facelets(&twisted),
            Err(InvalidState::Twist { .. })
        ));
        // Mirror corner: swap two stickers of URF.
        let mut t: Vec<char> = solved.chars().collect();
        t.swap(4, 9);
        let mirror: String = t.iter().collect();
        assert!(matches!(
            Cube2State::from_facelets(&mirror),
            Err(InvalidState::NoSuchPiece(_))
        ));
        // Duplicate: make UBR look like URF and URF like UBR's colours swapped onto other
        // positions is hard; copy URF's stickers onto UFL and UFL's onto URF's… keep counts by
        // replacing URF (U R F) and DLB (D L B) corners with DFR (D F R)… use UFL→URF copy and
        // DRB→DLF… check by construction below.
        let s = Cube2State::SOLVED;
        let mut cp = s.cp;
        cp[1] = 0; // UFL position holds URF too
        let dup = Cube2State { cp, co: s.co };
        assert!(matches!(dup.validate(), Err(InvalidState::DuplicatePiece(_))));
    }

    proptest! {
        #[test]
        fn moves_inverse_and_order(seed in any::<u64>(), n in 0usize..40) {
            let p = Cube2;
            let mut rng = seeded_rng(seed);
            let moves = p.random_moves(&mut rng, n);
            let mut s = p.state_after(&moves);
            prop_assert!(s.validate().is_ok());
            p.apply_all(&mut s, &p.invert_all(&moves));
            prop_assert!(p.is_solved(&s));
            for m in p.moves() {
                let mut t = p.solved();
                for _ in 0..4 { p.apply(&mut t, Cube2Move::new(m.face(), 1).unwrap()); }
                prop_assert!(p.is_solved(&t));
                let mut u = p.solved();
                p.apply(&mut u, m);
                p.apply(&mut u, p.inverse(m));
                prop_assert!(p.is_solved(&u));
            }
            let text = p.format_moves(&moves);
            prop_assert_eq!(p.parse_moves(&text).unwrap(), moves);
        }

        #[test]
        fn random_states_are_legal_and_round_trip(seed in any::<u64>()) {
            let p = Cube2;
            let s = p.random_state(&mut seeded_rng(seed));
            prop_assert!(s.validate().is_ok());
            prop_assert_eq!(Cube2State::from_facelets(&s.to_facelets()).unwrap(), s);
        }
    }
}
