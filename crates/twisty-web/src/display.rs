//! What the page needs to show a puzzle of [`twisty_engine::PuzzleId`]: its display model
//! ([`crate::geometry`]), its name, its keys and a hint on its notation.

use crate::geometry::Model;
use std::sync::OnceLock;
use twisty_engine::{PuzzleId, MAX_SUPERCUBE, MIN_CUBE_N, MIN_SUPERCUBE};

/// The display side of a puzzle id.
pub trait PuzzleDisplay: Copy {
    /// Every puzzle the page offers, in menu order (every supercube size the engine takes).
    fn all() -> Vec<PuzzleId>;
    /// The canonical id (the engine's).
    fn id(self) -> String;
    /// Human name.
    fn name(self) -> String;
    /// The display model (built once); an empty one (no pieces) for the puzzles drawn as
    /// text ([`crate::flat`]).
    fn model(self) -> &'static Model;
    /// One line on the notation, for parse errors.
    fn notation_hint(self) -> String;
    /// The keys of the page: one key per face, turning it clockwise (none for the puzzles
    /// drawn as text).
    fn keys(self) -> Vec<(char, &'static str)>;
}

/// The largest N×N×N cube the page's chooser lists (4x4x4 to 7x7x7, the WCA's); any size
/// up to [`MAX_WEB_CUBE_N`] is accepted by name (`?puzzle=9x9`).
pub const WEB_LISTED_CUBE_N: u8 = 7;

/// The largest N×N×N cube the page draws and replays (its display model has 6·N² stickers
/// and a move per layer and face; bigger cubes are for the command line and Python).
pub const MAX_WEB_CUBE_N: u8 = 16;

impl PuzzleDisplay for PuzzleId {
    fn all() -> Vec<PuzzleId> {
        let mut v = vec![PuzzleId::Cube3, PuzzleId::Cube2];
        v.extend((MIN_CUBE_N..=WEB_LISTED_CUBE_N).map(PuzzleId::CubeN));
        v.push(PuzzleId::Kilominx);
        v.extend((MIN_SUPERCUBE..=MAX_SUPERCUBE).map(PuzzleId::Supercube));
        // The puzzles drawn as text, in the engine's order: the clock, the Square-1, then
        // the built-in definitions (pyraminx, skewb, megaminx, …).
        v.extend(
            PuzzleId::listed()
                .into_iter()
                .filter(|&p| crate::flat::is_flat(p)),
        );
        v
    }

    fn id(self) -> String {
        self.to_string()
    }

    fn name(self) -> String {
        match self {
            PuzzleId::Supercube(n) => format!("Supercube {n}x{n}x{n}"),
            other => other.title(),
        }
    }

    fn model(self) -> &'static Model {
        static CUBE3: OnceLock<Model> = OnceLock::new();
        static CUBE2: OnceLock<Model> = OnceLock::new();
        static KILO: OnceLock<Model> = OnceLock::new();
        static SUPER: [OnceLock<Model>; MAX_SUPERCUBE as usize + 1] =
            [const { OnceLock::new() }; MAX_SUPERCUBE as usize + 1];
        static CUBE_N: [OnceLock<Model>; MAX_WEB_CUBE_N as usize + 1] =
            [const { OnceLock::new() }; MAX_WEB_CUBE_N as usize + 1];
        match self {
            PuzzleId::Cube3 => CUBE3.get_or_init(|| Model::cube(3, false)),
            PuzzleId::Cube2 => CUBE2.get_or_init(|| Model::cube(2, false)),
            PuzzleId::Kilominx => KILO.get_or_init(Model::kilominx),
            PuzzleId::Supercube(n) => {
                let n = n.clamp(MIN_SUPERCUBE, MAX_SUPERCUBE) as usize;
                SUPER[n].get_or_init(|| Model::cube(n, true))
            }
            PuzzleId::CubeN(n) => {
                let n = n.clamp(MIN_CUBE_N, MAX_WEB_CUBE_N) as usize;
                CUBE_N[n].get_or_init(|| Model::cube(n, false))
            }
            // Drawn as text ([`crate::flat`]), without a 3D model.
            PuzzleId::Def(_) | PuzzleId::Clock | PuzzleId::Sq1 => {
                static NONE: OnceLock<Model> = OnceLock::new();
                NONE.get_or_init(Model::none)
            }
        }
    }

    fn notation_hint(self) -> String {
        match self {
            PuzzleId::Cube3 => {
                "moves are U R F D L B with ' or 2, wide Rw or r, slices M E S, rotations x y z".into()
            }
            PuzzleId::Cube2 => "moves are U R F D L B with ' or 2, rotations x y z".into(),
            PuzzleId::Kilominx => {
                "moves are U F L R BL BR FL FR DL DR B D with ' 2 or 2' (cubing.js), rotations x2 y Rv Uv …"
                    .into()
            }
            PuzzleId::Supercube(n) => format!(
                "moves are U R F D L B with ' or 2, inner layers 2R … {n}R, wide 3Rw, rotations x y z"
            ),
            PuzzleId::CubeN(n) => format!(
                "moves are U R F D L B with ' or 2, wide Rw r 3Rw, inner layers 2R … {n}R, ranges 2-3Rw{}, rotations x y z",
                if n % 2 == 1 { ", slices M E S" } else { "" }
            ),
            PuzzleId::Def(_) => "moves as the puzzle's definition names them".into(),
            PuzzleId::Clock => "moves are pin settings UR DR DL UL U R D L ALL with an amount, UR5+ or ALL2-, and y2".into(),
            PuzzleId::Sq1 => "moves are turns (a,b) of the top and the bottom in 30° slots and the slice /: (1,0) / (-3,3) /".into(),
        }
    }

    fn keys(self) -> Vec<(char, &'static str)> {
        match self {
            PuzzleId::Kilominx => vec![
                ('u', "U"),
                ('f', "F"),
                ('l', "L"),
                ('r', "R"),
                ('q', "BL"),
                ('w', "BR"),
                ('a', "FL"),
                ('s', "FR"),
                ('z', "DL"),
                ('x', "DR"),
                ('c', "B"),
                ('d', "D"),
            ],
            PuzzleId::Def(_) | PuzzleId::Clock | PuzzleId::Sq1 => Vec::new(),
            _ => vec![
                ('u', "U"),
                ('r', "R"),
                ('f', "F"),
                ('d', "D"),
                ('l', "L"),
                ('b', "B"),
            ],
        }
    }
}
