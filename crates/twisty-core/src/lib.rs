//! Twisty puzzle models.
//!
//! Every puzzle implements [`Puzzle`]: a compact state type, a move type, composition,
//! inverses, uniform random legal states, canonical random-move scrambles and notation.
//! The generic trait is for correctness, I/O, tests and metaheuristics; fast solvers work on
//! compact coordinates built from these models.
//!
//! | puzzle | module | state |
//! |---|---|---|
//! | 3x3x3 | [`cube3`] | 8 corners + 12 edges, permutation and orientation |
//! | 2x2x2 | [`cube2`] | 8 corners, one kept fixed for solving |
//! | Kilominx | [`kilominx`] | 20 corners, the UFL cubie kept fixed |
//! | N×N×N cube, 4 ≤ N ≤ 64 | [`cube_n`] | corners, middle edges, wing and centre orbits |
//! | N×N×N supercube | [`supercube`] | all N³ cubies, 24 orientations each |
//! | Rubik's Clock | [`clock`] | 18 dials (14 independent), hours mod 12 |
//! | Square-1 | [`sq1`] | 24 slots (8 corners in two each, 8 edges), the middle layer |
//! | any puzzle from a definition (`.tws`, KPuzzle JSON) | [`def`] | orbits of pieces, permutation and orientation bytes |
#![deny(unsafe_code)]
#![allow(clippy::needless_range_loop)]

pub mod alg;
pub mod clock;
pub mod colour;
pub mod cube2;
pub mod cube3;
pub mod cube_n;
pub mod def;
pub mod error;
pub mod held;
pub mod kilominx;
pub mod puzzle;
pub mod rng;
pub mod sq1;
pub mod supercube;
#[cfg(test)]
mod test_data;
pub mod wca;

pub use alg::{tokenize, Token};
pub use error::{InvalidState, ParseError};
pub use held::Held;
pub use puzzle::{Metric, Puzzle};
pub use rng::{seeded_rng, TwistyRng};
