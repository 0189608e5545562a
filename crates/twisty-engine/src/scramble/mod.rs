//! Scrambles for every puzzle: random moves in canonical order, and uniformly random states
//! written as the inverse of a solution — both in the notation the user reads (the seed's
//! with [`Notation::Seed`]).

use crate::engine::Engine;
use crate::error::EngineError;
use crate::observer::Quiet;
use crate::puzzle_id::PuzzleId;
use crate::request::{Notation, SolveRequest};
use crate::Frame;
use rand::Rng;
use twisty_core::clock::Clock;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::{facelets, Cube3};
use twisty_core::cube_n::CubeN;
use twisty_core::kilominx::Kilominx;
use twisty_core::sq1::Sq1;
use twisty_core::supercube::Supercube;
use twisty_core::{Held, Puzzle, TwistyRng};

pub mod clock;
pub mod cube_n;
pub mod def;
pub mod event;
pub mod event_def;
pub mod sq1;

/// Largest random-move scramble.
pub const MAX_SCRAMBLE_LENGTH: usize = 100_000;

/// Most scrambles a front end makes in one run (`twisty scramble --count`, Python's
/// `count=`).
pub const MAX_COUNT: usize = 1_000_000;

/// A scramble and, where the puzzle has one, the state string it produces.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Scramble {
    /// The moves, in the requested notation.
    pub scramble: String,
    /// The state string (3x3x3, 2x2x2 and N×N×N facelets as the cube is held after the
    /// scramble, the supercube's hex code).
    pub state: Option<String>,
}

/// The usual random-move scramble length of a puzzle.
pub fn default_length(puzzle: PuzzleId) -> usize {
    match puzzle {
        PuzzleId::Cube3 => 25,
        PuzzleId::Cube2 => 11,
        PuzzleId::Kilominx => 30,
        PuzzleId::Clock => 14,
        // Twists, each after a turn: TNoodle's 40 random moves, turns and slices counted.
        PuzzleId::Sq1 => 20,
        PuzzleId::Supercube(_) => twisty_core::supercube::SCRAMBLE_LENGTH,
        PuzzleId::CubeN(n) => cube_n::length(usize::from(n)),
        PuzzleId::Def(d) => def::length(d),
    }
}

fn write<P: Held>(p: &P, moves: &[P::Move], notation: Notation) -> String {
    match notation {
        Notation::Standard => p.held_moves(p.home_frame(), moves).join(" "),
        Notation::Seed => p.format_moves(moves),
    }
}

fn cube_string(p: PuzzleId, text: &str) -> Option<String> {
    match p {
        PuzzleId::Cube3 => Cube3
            .parse_held(text)
            .ok()
            .map(|(s, _)| facelets::to_facelets(&s)),
        PuzzleId::Cube2 => Cube2.parse_held(text).ok().map(|(s, _)| s.to_facelets()),
        PuzzleId::Clock => Clock
            .parse_held(text)
            .ok()
            .map(|(s, facing)| twisty_core::clock::render::to_state_string(&s, facing)),
        PuzzleId::Sq1 => Sq1
            .parse_held(text)
            .ok()
            .map(|(s, ())| twisty_core::sq1::render::to_state_string(&s)),
        _ => None,
    }
}

fn supercube(n: u8) -> Result<Supercube, EngineError> {
    Supercube::new(usize::from(n)).map_err(|e| EngineError::usage(e.to_string()))
}

/// `n` random moves (never one face twice in a row, commuting faces in one order).
pub fn random_moves(
    puzzle: PuzzleId,
    n: usize,
    notation: Notation,
    rng: &mut TwistyRng,
) -> Result<Scramble, EngineError> {
    if n > MAX_SCRAMBLE_LENGTH {
        return Err(EngineError::usage(format!(
            "a scramble may have at most {MAX_SCRAMBLE_LENGTH} moves, not {n}"
        )));
    }
    let scramble = match puzzle {
        PuzzleId::Cube3 => write(&Cube3, &Cube3.random_moves(rng, n), notation),
        PuzzleId::Cube2 => write(&Cube2, &Cube2.random_moves(rng, n), notation),
        PuzzleId::Kilominx => write(&Kilominx, &Kilominx.random_moves(rng, n), notation),
        PuzzleId::Clock => write(&Clock, &Clock.random_moves(rng, n), notation),
        PuzzleId::Sq1 => Sq1.format_moves(&Sq1.random_moves(rng, n)),
        PuzzleId::CubeN(k) => {
            let c = crate::solve::cube_n(k)?;
            let held = cube_n::random_tokens(&c, n, rng).join(" ");
            let (state, frame) = c.parse_held(&held)?;
            let scramble = match notation {
                Notation::Standard => held,
                Notation::Seed => c.format_moves(&c.parse_moves(&held)?),
            };
            return Ok(Scramble {
                scramble,
                state: Some(c.to_facelets_held(&state, frame)),
            });
        }
        PuzzleId::Def(d) => {
            let p = d.puzzle();
            write(&*p, &def::random_moves(&p, rng, n), notation)
        }
        PuzzleId::Supercube(k) => {
            let c = supercube(k)?;
            let moves = c.random_moves(rng, n);
            let text = write(&c, &moves, notation);
            let code = hex_code(&c.state_after(&moves));
            return Ok(Scramble {
                scramble: text,
                state: Some(code),
            });
        }
    };
    Ok(Scramble {
        state: cube_string(puzzle, &scramble),
        scramble,
    })
}

/// A uniformly random state, written as the inverse of a solution: 3x3x3 two-phase,
/// 2x2x2 optimal (at least 4 moves, as the WCA asks), Kilominx fast solver with a node
/// budget (so a seed always gives the same scramble), the clock's 14 WCA turns (one way to
/// write each state, [`clock::random_state`]), the Square-1's two-phase solver (at least
/// TNoodle's distance from solved, [`sq1::random_state`]), N×N×N reduction (deterministic: no
/// clock in it), 2x2x2 supercube optimal, 3x3x3 supercube two-phase. Larger
/// supercubes have none yet: the error gives a uniformly random state's hex code
/// ([`supercube_random_state`]).
pub fn random_state(
    engine: &Engine,
    puzzle: PuzzleId,
    notation: Notation,
    rng: &mut TwistyRng,
) -> Result<Scramble, EngineError> {
    let solve_to_scramble = |input: String, solver: &str| -> Result<Scramble, EngineError> {
        let mut req = SolveRequest::new(puzzle, input).solver(solver);
        if puzzle == PuzzleId::Cube3 {
            // A random state is about 18 moves from solved: the pass that proves short
            // answers optimal would cost tens of milliseconds per scramble for nothing.
            req = req.option("short_depth", 0).option("state_depth", 0);
            // The first solution: a time budget would make the scramble depend on the
            // machine's speed, not on the seed alone.
            req = req.option("budget", 0);
            // The small tables give the same answer; a scramble needs no large table loaded
            // (nor fails on a damaged one).
            req = req.option("tables", "small");
        }
        req.frame = Frame::Reference;
        let r = engine.solve(&req, &Quiet)?;
        let inverse = invert_tokens(puzzle, &r.solution)?;
        let scramble = match puzzle {
            PuzzleId::Kilominx => {
                let moves = Kilominx.parse_moves(&inverse)?;
                write(&Kilominx, &moves, notation)
            }
            _ => inverse,
        };
        Ok(Scramble {
            state: cube_string(puzzle, &scramble),
            scramble,
        })
    };
    match puzzle {
        PuzzleId::Cube3 => {
            let s = Cube3.random_state(rng);
            solve_to_scramble(facelets::to_facelets(&s), "two-phase")
        }
        PuzzleId::Cube2 => loop {
            let s = Cube2.random_state(rng);
            let sc = solve_to_scramble(s.to_facelets(), "optimal")?;
            // WCA rule 4b3b: a 2x2x2 random-state scramble needs at least 4 moves.
            if sc.scramble.split_whitespace().count() >= 4 {
                return Ok(sc);
            }
        },
        PuzzleId::Kilominx => {
            let s = Kilominx.random_state(rng);
            let fast = crate::solvers::kilominx_fast::scramble(engine, &s)?;
            let scramble = match notation {
                Notation::Standard => Kilominx.held_moves(Kilominx.home_frame(), &fast).join(" "),
                Notation::Seed => Kilominx.format_moves(&fast),
            };
            Ok(Scramble {
                scramble,
                state: None,
            })
        }
        PuzzleId::Def(d) => def::random_state(engine, d, notation, rng),
        PuzzleId::Clock => Ok(clock::random_state(notation, rng)),
        PuzzleId::Sq1 => sq1::random_state(engine, notation, rng),
        PuzzleId::Supercube(k) => {
            let c = supercube(k)?;
            let state = c.random_state(rng);
            let code = hex_code(&state);
            let solver = match k {
                2 => "optimal",
                3 => "twophase",
                _ => "",
            };
            if solver.is_empty() {
                return Err(EngineError::usage(format!(
                    "a random-state scramble of the {k}x{k}x{k} supercube needs a solver whose answers are \
                     short enough to be scrambles, which is not there yet (the genetic solver's run to \
                     hundreds of moves); a uniformly random state, which `twisty solve --puzzle \
                     supercube:{k}` takes: {code}"
                )));
            }
            // The inverse of an optimal (2x2x2) or two-phase (3x3x3, node-budgeted, so the
            // seed alone fixes it) answer, in the paper's notation, then the user's.
            let mut req = SolveRequest::new(puzzle, code.clone()).solver(solver);
            req.frame = Frame::Reference;
            req.notation = Notation::Seed;
            let r = engine.solve(&req, &Quiet)?;
            let moves = c.invert_all(&c.parse_moves(&r.solution)?);
            if c.state_after(&moves) != state {
                return Err(EngineError::new(
                    crate::error::ErrorKind::Internal,
                    "the random-state scramble does not reach its state",
                ));
            }
            Ok(Scramble {
                scramble: write(&c, &moves, notation),
                state: Some(code),
            })
        }
        PuzzleId::CubeN(n) => {
            let c: CubeN = crate::solve::cube_n(n)?;
            let s = c.random_state(rng);
            let mut req = SolveRequest::new(puzzle, String::new());
            req.frame = Frame::Reference;
            let r = engine.solve_state(&req, crate::solve::State::CubeN(s), &Quiet)?;
            let moves = c.invert_all(&c.parse_moves(&r.solution)?);
            let held = write(&c, &moves, Notation::Standard);
            // The cube as held after the scramble as written (on even N a turn of L, D or
            // B also turns the frame the reference blocks are in).
            let (state, frame) = c.parse_held(&held)?;
            let scramble = match notation {
                Notation::Standard => held,
                Notation::Seed => c.format_moves(&moves),
            };
            Ok(Scramble {
                scramble,
                state: Some(c.to_facelets_held(&state, frame)),
            })
        }
    }
}

/// The seed's cube code of a supercube state in hex, as the engine reads it.
fn hex_code(s: &twisty_core::supercube::SupercubeState) -> String {
    s.code().iter().map(|b| format!("{b:02x}")).collect()
}

/// A uniformly random state of the N×N×N supercube (any size), as its hex code.
pub fn supercube_random_state(n: u8, rng: &mut TwistyRng) -> Result<String, EngineError> {
    Ok(hex_code(&supercube(n)?.random_state(rng)))
}

/// The inverse of a reference-frame move sequence written in the puzzle's notation.
fn invert_tokens(puzzle: PuzzleId, text: &str) -> Result<String, EngineError> {
    Ok(match puzzle {
        PuzzleId::Cube3 => Cube3.format_moves(&Cube3.invert_all(&Cube3.parse_moves(text)?)),
        PuzzleId::Cube2 => Cube2.format_moves(&Cube2.invert_all(&Cube2.parse_moves(text)?)),
        PuzzleId::Kilominx => Kilominx.format_moves(&Kilominx.invert_all(&Kilominx.parse_moves(text)?)),
        PuzzleId::Clock => Clock.format_moves(&Clock.invert_all(&Clock.parse_moves(text)?)),
        // Moves read from solved: the inverse of an answer is read from its state
        // ([`sq1::scramble_of`]), not here.
        PuzzleId::Sq1 => Sq1.format_moves(&Sq1.invert_all(&Sq1.parse_moves(text)?)),
        PuzzleId::Supercube(n) => {
            let c = supercube(n)?;
            c.format_moves(&c.invert_all(&c.parse_moves(text)?))
        }
        PuzzleId::CubeN(n) => {
            let c: CubeN = crate::solve::cube_n(n)?;
            c.format_moves(&c.invert_all(&c.parse_moves(text)?))
        }
        PuzzleId::Def(d) => {
            let p = d.puzzle();
            p.format_moves(&p.invert_all(&p.parse_moves(text)?))
        }
    })
}

/// A random seed drawn from `rng` (for randomised solvers inside a scramble run).
pub fn draw_seed(rng: &mut TwistyRng) -> u64 {
    rng.random()
}
