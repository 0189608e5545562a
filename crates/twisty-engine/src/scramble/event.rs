//! Scrambles of the WCA's events, in the form the WCA's scrambler gives them (Regulations
//! article 4): random-state where the regulations ask for it, random moves of the usual
//! length elsewhere, the blindfolded events' random orientation as wide moves at the end, the
//! fewest-moves scrambles padded with `R' U' F`.
//!
//! | event | form |
//! |---|---|
//! | `222` | random state, at least 4 moves from solved (the optimal solver's answer inverted) |
//! | `333`, `333oh`, `333ft` | random state (two-phase answer inverted) |
//! | `333bf`, `333mbf` | random state, then a random orientation: one of `Rw Rw2 Rw' Fw Fw'` (or none) and one of `Uw Uw2 Uw'` (or none), each of the 24 orientations equally likely |
//! | `333fm` | random state written `R' U' F` … `R' U' F`, nothing cancelling across the padding |
//! | `444` | random state (the reduction solver's answer inverted: longer than the WCA scrambler's) |
//! | `444bf` | as `444`, then a random orientation as rotations (`x x2 x' z z'`, then `y y2 y'`) |
//! | `555`, `666`, `777` | 60, 80, 100 random outer-block moves |
//! | `555bf` | as `555`, then a random orientation as three-layer wide moves (`3Rw 3Fw`, `3Uw`) |
//! | `minx` | 7 lines of 10 random moves `R++ R-- D++ D--` (R and D alternating), each ending with `U` after `D++`, `U'` after `D--` |
//! | `pyram` | random state at least 6 moves from solved (tips counted), written as exactly 11 moves of `U L R B` then the tips `u l r b` it needs |
//! | `skewb` | random state at least 7 moves from solved, written as exactly 11 moves of `U L R B` |
//! | `sq1` | random state among those whose slice can turn, not solved in 10 moves or fewer (each `(a,b)` and each `/` counting 1, as TNoodle counts), written as TNoodle writes it: `(1,0) / (-3,3) / … / (a,b)` ([`sq1`](super::sq1)) |
//! | `clock` | random state, written as the WCA's 14 turns `UR DR DL UL U R D L ALL y2 U R D L ALL` with their amounts (`0+` to `6+`, `1-` to `5-`), no final pin setting (dropped in 2024) |
//!
//! ([`event_def`](super::event_def) makes `minx`, `pyram` and `skewb`: its state string is
//! the puzzle in cubing.js's pattern layout.) Every WCA event is there.

use super::{random_moves, random_state, Scramble};
use crate::defs::DefId;
use crate::engine::Engine;
use crate::error::EngineError;
use crate::puzzle_id::PuzzleId;
use crate::report::Frame;
use crate::request::{Notation, SolveRequest};
use crate::Quiet;
use rand::Rng;
use std::fmt;
use std::str::FromStr;
use twisty_core::cube3::{facelets, Cube3};
use twisty_core::{Held, Puzzle, TwistyRng};

/// A WCA event twisty scrambles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// `222`: 2x2x2.
    Cube2,
    /// `333`: 3x3x3.
    Cube3,
    /// `333oh`: 3x3x3 one-handed.
    Cube3Oh,
    /// `333ft`: 3x3x3 with feet (no longer held; its scrambles are the 3x3x3's).
    Cube3Ft,
    /// `333bf`: 3x3x3 blindfolded.
    Cube3Bf,
    /// `333mbf`: 3x3x3 multi-blind.
    Cube3Mbf,
    /// `333fm`: 3x3x3 fewest moves.
    Cube3Fm,
    /// `444`: 4x4x4.
    Cube4,
    /// `444bf`: 4x4x4 blindfolded.
    Cube4Bf,
    /// `555`: 5x5x5.
    Cube5,
    /// `555bf`: 5x5x5 blindfolded.
    Cube5Bf,
    /// `666`: 6x6x6.
    Cube6,
    /// `777`: 7x7x7.
    Cube7,
    /// `minx`: megaminx.
    Minx,
    /// `pyram`: Pyraminx.
    Pyram,
    /// `skewb`: Skewb.
    Skewb,
    /// `sq1`: Square-1.
    Sq1,
    /// `clock`: Rubik's Clock.
    Clock,
}

/// Every event: its WCA id and the event.
pub const EVENTS: &[(&str, Event)] = &[
    ("222", Event::Cube2),
    ("333", Event::Cube3),
    ("333oh", Event::Cube3Oh),
    ("333ft", Event::Cube3Ft),
    ("333bf", Event::Cube3Bf),
    ("333mbf", Event::Cube3Mbf),
    ("333fm", Event::Cube3Fm),
    ("444", Event::Cube4),
    ("444bf", Event::Cube4Bf),
    ("555", Event::Cube5),
    ("555bf", Event::Cube5Bf),
    ("666", Event::Cube6),
    ("777", Event::Cube7),
    ("minx", Event::Minx),
    ("pyram", Event::Pyram),
    ("skewb", Event::Skewb),
    ("sq1", Event::Sq1),
    ("clock", Event::Clock),
];

/// WCA events whose puzzle twisty does not scramble yet, and why (none now).
const NOT_YET: &[(&str, &str)] = &[];

impl Event {
    /// The WCA id (`333bf`).
    pub fn id(self) -> &'static str {
        EVENTS.iter().find(|(_, e)| *e == self).map_or("?", |(id, _)| id)
    }

    /// The puzzle scrambled.
    pub fn puzzle(self) -> Result<PuzzleId, EngineError> {
        Ok(match self {
            Event::Cube2 => PuzzleId::Cube2,
            Event::Cube3
            | Event::Cube3Oh
            | Event::Cube3Ft
            | Event::Cube3Bf
            | Event::Cube3Mbf
            | Event::Cube3Fm => PuzzleId::Cube3,
            Event::Cube4 | Event::Cube4Bf => PuzzleId::CubeN(4),
            Event::Cube5 | Event::Cube5Bf => PuzzleId::CubeN(5),
            Event::Cube6 => PuzzleId::CubeN(6),
            Event::Cube7 => PuzzleId::CubeN(7),
            Event::Minx => PuzzleId::Def(DefId::builtin("megaminx")?),
            Event::Pyram => PuzzleId::Def(DefId::builtin("pyraminx")?),
            Event::Skewb => PuzzleId::Def(DefId::builtin("skewb")?),
            Event::Sq1 => PuzzleId::Sq1,
            Event::Clock => PuzzleId::Clock,
        })
    }

    /// `random-state` or `random-moves`.
    pub fn kind(self) -> &'static str {
        match self {
            Event::Cube5 | Event::Cube5Bf | Event::Cube6 | Event::Cube7 | Event::Minx => "random-moves",
            _ => "random-state",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Event {
    type Err = EngineError;

    fn from_str(s: &str) -> Result<Event, EngineError> {
        let l = s.trim().to_ascii_lowercase();
        if let Some((_, e)) = EVENTS.iter().find(|(id, _)| *id == l) {
            return Ok(*e);
        }
        let ids: Vec<&str> = EVENTS.iter().map(|(id, _)| *id).collect();
        if let Some((_, what)) = NOT_YET.iter().find(|(id, _)| *id == l) {
            return Err(EngineError::usage(format!(
                "event `{l}`: twisty has no scrambler for {what} yet (events: {})",
                ids.join(" ")
            )));
        }
        Err(EngineError::usage(format!(
            "unknown event `{s}`: expected a WCA event id, one of {}",
            ids.join(" ")
        )))
    }
}

/// A scramble of `event` drawn from `rng` (the same seed gives the same scramble).
pub fn scramble(engine: &Engine, event: Event, rng: &mut TwistyRng) -> Result<Scramble, EngineError> {
    let puzzle = event.puzzle()?;
    match event {
        Event::Minx => super::event_def::minx(rng),
        Event::Pyram => super::event_def::pyram(engine, rng),
        Event::Skewb => super::event_def::skewb(engine, rng),
        Event::Cube2
        | Event::Cube3
        | Event::Cube3Oh
        | Event::Cube3Ft
        | Event::Cube4
        | Event::Sq1
        | Event::Clock => random_state(engine, puzzle, Notation::Standard, rng),
        Event::Cube5 | Event::Cube6 | Event::Cube7 => {
            random_moves(puzzle, super::default_length(puzzle), Notation::Standard, rng)
        }
        Event::Cube3Bf | Event::Cube3Mbf => {
            let suffix = orientation(rng, &["Rw", "Fw"], "Uw");
            loop {
                let s = random_state(engine, puzzle, Notation::Standard, rng)?;
                if !same_axis(last_token(&s.scramble), suffix.first()) {
                    return Ok(held_cube3(join(&s.scramble, &suffix)));
                }
            }
        }
        Event::Cube3Fm => fewest_moves(engine, rng),
        Event::Cube4Bf => {
            let suffix = orientation(rng, &["x", "z"], "y");
            let s = random_state(engine, puzzle, Notation::Standard, rng)?;
            held_cube_n(4, join(&s.scramble, &suffix))
        }
        Event::Cube5Bf => {
            let suffix = orientation(rng, &["3Rw", "3Fw"], "3Uw");
            loop {
                let s = random_moves(puzzle, super::default_length(puzzle), Notation::Standard, rng)?;
                if !same_axis(last_token(&s.scramble), suffix.first()) {
                    return held_cube_n(5, join(&s.scramble, &suffix));
                }
            }
        }
    }
}

/// The scrambles of `event` from `seed`, in order: one generator seeded once, so the same
/// seed gives the same sequence in every front end (`twisty scramble --event E --seed S
/// --count N`, Python's `scramble(event=E, seed=S, count=N)`, the web API), and the first
/// `k` of a longer run are the run of `k`. Endless: take what is needed.
pub fn scrambles(
    engine: &Engine,
    event: Event,
    seed: u64,
) -> impl Iterator<Item = Result<Scramble, EngineError>> + '_ {
    let mut rng = twisty_core::seeded_rng(seed);
    std::iter::repeat_with(move || scramble(engine, event, &mut rng))
}

/// A uniformly random one of the 24 orientations: which face goes up (none, a quarter or
/// half turn about the first axis, a quarter turn about the second), then a turn about the
/// vertical axis, as up to two tokens.
fn orientation(rng: &mut TwistyRng, tilt: &[&str; 2], spin: &str) -> Vec<String> {
    let ups = [
        None,
        Some(tilt[0].to_string()),
        Some(format!("{}2", tilt[0])),
        Some(format!("{}'", tilt[0])),
        Some(tilt[1].to_string()),
        Some(format!("{}'", tilt[1])),
    ];
    let spins = [
        None,
        Some(spin.to_string()),
        Some(format!("{spin}2")),
        Some(format!("{spin}'")),
    ];
    let up = ups[rng.random_range(0..ups.len())].clone();
    let turn = spins[rng.random_range(0..spins.len())].clone();
    up.into_iter().chain(turn).collect()
}

fn last_token(text: &str) -> Option<&str> {
    text.split_whitespace().last()
}

/// The face letter a token turns about (`3Rw'` → `R`; rotations map to their face).
fn axis(token: &str) -> Option<char> {
    let c = token.chars().find(|c| c.is_ascii_alphabetic())?;
    Some(match c.to_ascii_uppercase() {
        'R' | 'L' | 'X' | 'M' => 'x',
        'U' | 'D' | 'Y' | 'E' => 'y',
        'F' | 'B' | 'Z' | 'S' => 'z',
        _ => return None,
    })
}

fn same_axis(a: Option<&str>, b: Option<&String>) -> bool {
    match (a.and_then(axis), b.and_then(|t| axis(t))) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

fn join(scramble: &str, suffix: &[String]) -> String {
    std::iter::once(scramble.to_string())
        .chain(suffix.iter().cloned())
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The 3x3x3 scramble with the facelets of the cube as held after it.
fn held_cube3(scramble: String) -> Scramble {
    let state = Cube3
        .parse_held(&scramble)
        .ok()
        .map(|(s, frame)| facelets::to_facelets_held(&s, frame));
    Scramble { scramble, state }
}

fn held_cube_n(n: usize, scramble: String) -> Result<Scramble, EngineError> {
    let cube = crate::solve::cube_n(n as u8)?;
    let (s, frame) = cube.parse_held(&scramble)?;
    Ok(Scramble {
        state: Some(cube.to_facelets_held(&s, frame)),
        scramble,
    })
}

/// The padding of a fewest-moves scramble (Regulation 4b3c).
const FM_PAD: &str = "R' U' F";

/// A random state written `R' U' F` + M + `R' U' F`: M solves the state the padding leaves
/// (its two-phase answer, inverted), drawn again until M neither starts on the F/B axis nor
/// ends on the R/L axis (so nothing cancels or merges across the padding).
fn fewest_moves(engine: &Engine, rng: &mut TwistyRng) -> Result<Scramble, EngineError> {
    let undo = "F' U R";
    loop {
        let state = random_state(engine, PuzzleId::Cube3, Notation::Standard, rng)?;
        // M is what turns the padded cube into the random state: undo the first padding,
        // make the state, undo the last padding.
        let target = format!("{undo} {} {undo}", state.scramble);
        let mut req = SolveRequest::new(PuzzleId::Cube3, target)
            .option("short_depth", 0)
            .option("state_depth", 0)
            .option("budget", 0)
            .option("tables", "small");
        req.frame = Frame::Reference;
        let r = engine.solve(&req, &Quiet)?;
        let moves = Cube3.invert_all(&Cube3.parse_moves(&r.solution)?);
        let text = Cube3.format_moves(&moves);
        let first = text.split_whitespace().next();
        let last = last_token(&text);
        if moves.len() < 2
            || same_axis(first, Some(&"F".to_string()))
            || same_axis(last, Some(&"R".to_string()))
        {
            continue;
        }
        return Ok(held_cube3(format!("{FM_PAD} {text} {FM_PAD}")));
    }
}
