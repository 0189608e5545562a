//! One adapter per puzzle: parse moves and facelets, scramble, and replay everything on the
//! display model ([`crate::geometry`]) so the page only draws. Solving is the engine's
//! ([`crate::solve`]).
//!
//! Moves are exchanged as notation tokens. Where the core puzzle model exists, the adapter
//! parses with it; the formatted moves are then replayed on the display model.

use crate::core_adapter;
#[cfg(test)]
use crate::geometry::Model;
use crate::geometry::{Anim, DisplayState};
use serde::Serialize;
#[cfg(test)]
use std::collections::HashMap;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::{facelets as cube3_facelets_io, Cube3};
use twisty_core::kilominx::{HeldNames, KiloFrame, Kilominx};
#[cfg(test)]
use twisty_core::supercube::SuperMove;
use twisty_core::Puzzle;
use twisty_core::{alg, ParseError};
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::optimal::cube2::Cube2Optimal;
use twisty_solvers::Limits;

use crate::display::PuzzleDisplay;
pub use twisty_engine::PuzzleId;

/// Longest move sequence accepted as input (after expanding repeats).
pub const MAX_INPUT_MOVES: usize = 10_000;

/// The solvers random-state scrambles use, with the engine's tables (shared with its solves,
/// see [`crate::shared_tables`]).
#[derive(Debug, Clone)]
pub struct Env {
    engine: std::sync::Arc<twisty_engine::Engine>,
}

impl Env {
    /// Scrambles over `engine`'s tables.
    pub fn new(engine: std::sync::Arc<twisty_engine::Engine>) -> Env {
        Env { engine }
    }

    /// The fast Kilominx solver (67 MiB of tables, built in a few seconds when missing).
    fn kilominx_fast(&self) -> Result<std::sync::Arc<KilominxFast>, PuzzleError> {
        crate::shared_tables::kilominx_fast(&self.engine).map_err(PuzzleError::Engine)
    }

    fn cube2_optimal(&self) -> Result<std::sync::Arc<Cube2Optimal>, PuzzleError> {
        crate::shared_tables::cube2_optimal(&self.engine).map_err(PuzzleError::Engine)
    }
}

/// What went wrong, with enough detail for the page to point at it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Unknown puzzle id.
    #[error("{0}")]
    UnknownPuzzle(String),
    /// Unknown or unavailable solver.
    #[error("{0}")]
    Solver(String),
    /// A move sequence that does not parse.
    #[error("{0}")]
    Parse(ParseError),
    /// A state that cannot be reached from solved.
    #[error("impossible state: {0}")]
    Impossible(String),
    /// A request that is well-formed JSON but asks for something unsupported.
    #[error("{0}")]
    BadRequest(String),
    /// The solver ran out of time or was cancelled, or found nothing within the limits.
    #[error("{0}")]
    NoSolution(String),
    /// A bug: e.g. a solution that does not solve.
    #[error("internal error: {0}")]
    Internal(String),
    /// An error as the engine reports it (e.g. a facelet string the core model refuses).
    #[error("{0}")]
    Engine(twisty_engine::EngineError),
}

/// The state to work on.
#[derive(Debug, Clone)]
pub enum Input<'a> {
    /// A move sequence applied to the solved puzzle.
    Moves(&'a str),
    /// A 3x3x3 facelet string.
    Facelets(&'a str),
}

/// A parsed input.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The input moves (empty for facelets), one token each, as the puzzle formats them.
    pub moves: Vec<String>,
    /// The display state reached.
    pub state: DisplayState,
    /// Animation of the last input move, from the state before it.
    pub last: Option<Anim>,
    /// The facelet string, for facelet input.
    pub facelets: Option<String>,
}

/// Parses `text` into move tokens of puzzle `p` (with the core model where there is one).
pub fn parse_moves(p: PuzzleId, text: &str) -> Result<Vec<String>, PuzzleError> {
    match p {
        PuzzleId::Cube3 => return core_adapter::parse_with(&Cube3, text).map(|(_, tokens)| tokens),
        PuzzleId::Cube2 => return core_adapter::parse_with(&Cube2, text).map(|(_, tokens)| tokens),
        PuzzleId::Kilominx => return kilominx_turns(text),
        _ => {}
    }
    let model = p.model();
    let hint = p.notation_hint();
    let ids = alg::parse_alg(
        text,
        |tok| {
            model
                .move_id(tok)
                .map(|id| vec![id])
                .ok_or_else(|| format!("not a move of the {}: {hint}", p.name()))
        },
        |id| model.inverse_id(id),
    )
    .map_err(PuzzleError::Parse)?;
    if ids.len() > MAX_INPUT_MOVES {
        return Err(PuzzleError::BadRequest(format!(
            "the sequence has {} moves; at most {MAX_INPUT_MOVES} are accepted",
            ids.len()
        )));
    }
    Ok(ids.iter().map(|&i| model.move_name(i).to_string()).collect())
}

/// Parses Kilominx moves in cubing.js notation (rotations included) into the face turns a
/// person makes on the puzzle held at home without rotating it: the display model turns
/// faces only, and the engine then answers in the frame the page shows.
fn kilominx_turns(text: &str) -> Result<Vec<String>, PuzzleError> {
    let mut frame = KiloFrame::HOME;
    let moves = Kilominx
        .held_reference_moves(HeldNames::Cubing, &mut frame, text)
        .map_err(PuzzleError::Parse)?;
    if moves.len() > MAX_INPUT_MOVES {
        return Err(PuzzleError::BadRequest(format!(
            "the sequence has {} moves; at most {MAX_INPUT_MOVES} are accepted",
            moves.len()
        )));
    }
    Ok(kilominx_tokens(&moves))
}

/// Reference-frame Kilominx moves as cubing.js face turns on the puzzle held at home.
fn kilominx_tokens(moves: &[twisty_core::kilominx::KiloMove]) -> Vec<String> {
    Kilominx.held_tokens(HeldNames::Cubing, KiloFrame::HOME, moves)
}

/// Parses an input and replays it on the display model.
pub fn parse_input(p: PuzzleId, input: &Input<'_>) -> Result<Parsed, PuzzleError> {
    let model = p.model();
    match input {
        Input::Moves(text) => {
            let moves = parse_moves(p, text)?;
            let mut state = model.solved();
            let mut last = None;
            for m in &moves {
                last = Some(
                    model
                        .apply(&mut state, m)
                        .map_err(|e| PuzzleError::Internal(e.to_string()))?,
                );
            }
            Ok(Parsed {
                moves,
                state,
                last,
                facelets: None,
            })
        }
        Input::Facelets(text) => {
            if p != PuzzleId::Cube3 {
                return Err(PuzzleError::BadRequest(format!(
                    "facelet input is accepted for the 3x3x3 only, not the {}",
                    p.name()
                )));
            }
            let state = cube3_facelets(text)?;
            Ok(Parsed {
                moves: Vec::new(),
                state,
                last: None,
                facelets: Some(text.chars().filter(|c| !c.is_whitespace()).collect()),
            })
        }
    }
}

/// Reads a 3x3x3 facelet string, checked by the core model (colour counts, centres, twist,
/// flip, parity).
fn cube3_facelets(text: &str) -> Result<DisplayState, PuzzleError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    cube3_facelets_io::from_facelets(&t.to_ascii_uppercase()).map_err(|e| PuzzleError::Engine(e.into()))?;
    PuzzleId::Cube3
        .model()
        .from_cube3_facelets(&t.to_ascii_uppercase())
        .map_err(PuzzleError::Internal)
}

/// A scramble.
#[derive(Debug, Clone, Serialize)]
pub struct Scramble {
    /// The moves, space-separated.
    pub scramble: String,
    /// `random-state` (uniform over legal states) or `random-moves`.
    pub kind: &'static str,
}

/// A scramble of `p` from `seed`: random-state where a solver allows, random moves otherwise.
pub fn scramble(p: PuzzleId, seed: u64, env: &Env) -> Scramble {
    use rand::Rng;
    let mut rng = twisty_core::seeded_rng(seed);
    if p == PuzzleId::Cube2 {
        if let Ok(opt) = env.cube2_optimal() {
            // As in WCA rule 4b3b, a state at least 4 moves from solved.
            for _ in 0..1000 {
                let state: Cube2State = Cube2.random_state(&mut rng);
                if opt.distance(&state) >= 4 {
                    if let Some(s) = core_adapter::scramble_of(&Cube2, &*opt, &state, &Limits::default()) {
                        return Scramble {
                            scramble: s,
                            kind: "random-state",
                        };
                    }
                }
            }
        }
    }
    if p == PuzzleId::Cube3 {
        let limits = Limits {
            timeout: Some(std::time::Duration::from_secs(10)),
            threads: Some(1),
            ..Limits::default()
        };
        let solver = twisty_solvers::twophase::TwoPhase::global();
        if let Some(s) = core_adapter::random_state_scramble(&Cube3, solver, &mut rng, &limits) {
            return Scramble {
                scramble: s,
                kind: "random-state",
            };
        }
    }
    if p == PuzzleId::Kilominx {
        if let Ok(fast) = env.kilominx_fast() {
            // A node budget rather than a time budget, so that a seed always gives the same
            // scramble (the same budget as `twisty scramble --puzzle kilominx`).
            let limits = Limits {
                max_nodes: Some(KILOMINX_SCRAMBLE_NODES),
                timeout: Some(std::time::Duration::from_secs(60)),
                ..Limits::default()
            };
            let state = Kilominx.random_state(&mut rng);
            if let Some(s) = core_adapter::scramble_moves_of(&Kilominx, &*fast, &state, &limits) {
                return Scramble {
                    scramble: kilominx_tokens(&s).join(" "),
                    kind: "random-state",
                };
            }
        }
    }
    // Random moves: the core models' where they exist.
    let scramble = match p {
        PuzzleId::Cube3 => Some(Cube3.format_moves(&Cube3.random_moves(&mut rng, 25))),
        PuzzleId::Cube2 => Some(Cube2.format_moves(&Cube2.random_moves(&mut rng, 11))),
        PuzzleId::Kilominx => Some(kilominx_tokens(&Kilominx.random_moves(&mut rng, 30)).join(" ")),
        PuzzleId::Supercube(_) => None,
    };
    if let Some(scramble) = scramble {
        return Scramble {
            scramble,
            kind: "random-moves",
        };
    }
    let (faces, len): (Vec<String>, usize) = match p {
        PuzzleId::Supercube(n) => (cube_faces((n as usize) / 2), 20 * (n as usize).saturating_sub(1)),
        _ => (cube_faces(1), 25),
    };
    let suffixes: &[&str] = &["", "'", "2"];
    let mut out: Vec<String> = Vec::with_capacity(len);
    let mut last: Option<usize> = None;
    while out.len() < len {
        let f = rng.random_range(0..faces.len());
        if last == Some(f) {
            continue;
        }
        last = Some(f);
        let s = suffixes[rng.random_range(0..suffixes.len())];
        out.push(format!("{}{s}", faces[f]));
    }
    Scramble {
        scramble: out.join(" "),
        kind: "random-moves",
    }
}

/// Node budget of the fast Kilominx solver's search for a shorter random-state scramble.
const KILOMINX_SCRAMBLE_NODES: u64 = 20_000;

/// Face turns of the outer `depth` layers of a cube: `R`, `2R`, …
fn cube_faces(depth: usize) -> Vec<String> {
    let mut v = Vec::new();
    for f in ["U", "R", "F", "D", "L", "B"] {
        v.push(f.to_string());
        for k in 2..=depth {
            v.push(format!("{k}{f}"));
        }
    }
    v
}

/// The core supercube moves of display move tokens (tests compare the two models).
#[cfg(test)]
fn supercube_core_moves(model: &Model, tokens: &[String]) -> Result<Vec<SuperMove>, PuzzleError> {
    let mut out = Vec::new();
    for t in tokens {
        let turns = model
            .cube_slice_turns(t)
            .ok_or_else(|| PuzzleError::Internal(format!("`{t}` is not a move of the cube")))?;
        out.extend(turns.into_iter().map(|(axis, slice, q)| SuperMove {
            slice,
            axis,
            angle: q - 1,
        }));
    }
    Ok(out)
}

/// The display token of each core supercube move (the plainest name turning one slice).
#[cfg(test)]
fn supercube_tokens(model: &Model) -> HashMap<SuperMove, String> {
    let mut names: HashMap<SuperMove, String> = HashMap::new();
    for id in 0..model.move_count() as u16 {
        let name = model.move_name(id);
        if let Some([(axis, slice, q)]) = model.cube_slice_turns(name).as_deref() {
            let m = SuperMove {
                slice: *slice,
                axis: *axis,
                angle: q - 1,
            };
            // Outer faces (`L'`) before layer numbers (`3R`), then the shortest.
            let key = |t: &str| (t.starts_with(|c: char| c.is_ascii_digit()), t.len());
            if names.get(&m).is_none_or(|old| key(old) > key(name)) {
                names.insert(m, name.to_string());
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::supercube::Supercube;
    use twisty_core::Held;
    use twisty_engine::ErrorKind;

    /// An environment whose table directory is never used (the solvers called need none).
    fn test_env() -> Env {
        env_in(&std::env::temp_dir().join("twisty-web-unused-tables"))
    }

    fn env_in(dir: &std::path::Path) -> Env {
        Env::new(std::sync::Arc::new(twisty_engine::Engine::new(
            twisty_engine::EngineConfig {
                tables_dir: dir.to_path_buf(),
                ..twisty_engine::EngineConfig::default()
            },
        )))
    }

    /// The order of `seq` (how many repetitions return to solved), up to `max`.
    fn order(mut step: impl FnMut() -> bool, max: usize) -> Option<usize> {
        (1..=max).find(|_| step())
    }

    #[test]
    fn core_kilominx_and_display_model_agree() {
        // The core model keeps the UFL corner fixed (its U is D plus a whole-puzzle turn),
        // the display turns every face itself: the core reading the same face turns as
        // held agrees with it up to a whole-puzzle rotation, so every sequence has the same
        // order in both.
        let model = PuzzleId::Kilominx.model();
        let mut rng = twisty_core::seeded_rng(8);
        for len in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] {
            let moves = Kilominx.random_moves(&mut rng, len);
            let text = kilominx_tokens(&moves).join(" ");
            let tokens = parse_moves(PuzzleId::Kilominx, &text).unwrap();
            assert_eq!(tokens.join(" "), text);
            let mut core = Kilominx.solved();
            let mut frame = KiloFrame::HOME;
            let core_order = order(
                || {
                    Kilominx.apply_held(&mut core, &mut frame, &text).unwrap();
                    Kilominx.is_solved(&core)
                },
                100_000,
            );
            let mut shown = model.solved();
            let shown_order = order(
                || {
                    for t in &tokens {
                        model.apply(&mut shown, t).unwrap();
                    }
                    model.is_solved(&shown)
                },
                100_000,
            );
            assert!(core_order.is_some());
            assert_eq!(core_order, shown_order, "{text}");
        }
    }

    #[test]
    fn kilominx_face_pairs_have_the_same_orders_in_both_models() {
        let model = PuzzleId::Kilominx.model();
        let faces = ["U", "F", "L", "R", "BL", "BR", "FL", "FR", "DL", "DR", "B", "D"];
        // The core model reads cubing.js's notation as held.
        let ord_core = |text: &str| {
            let mut s = Kilominx.solved();
            let mut f = KiloFrame::HOME;
            order(
                || {
                    Kilominx.apply_held(&mut s, &mut f, text).unwrap();
                    Kilominx.is_solved(&s)
                },
                5000,
            )
        };
        let ord_shown = |text: &str| {
            let mut s = model.solved();
            order(
                || {
                    for t in text.split_whitespace() {
                        model.apply(&mut s, t).unwrap();
                    }
                    model.is_solved(&s)
                },
                5000,
            )
        };
        for a in faces {
            for b in faces {
                if a == b {
                    continue;
                }
                for text in [
                    format!("{a} {b}"),
                    format!("{a} {b}2'"),
                    format!("{a} {b} {a}' {b}'"),
                ] {
                    assert_eq!(ord_core(&text), ord_shown(&text), "{text}");
                }
            }
        }
    }

    #[test]
    fn core_supercube_and_display_model_agree() {
        // The display moves translated to core slice turns generate the same group: every
        // sequence has the same order in both models, up to a whole-cube rotation (the
        // display model calls a turned cube solved, the core model does not). A wrong
        // axis, slice or direction convention breaks this.
        let mut rng = twisty_core::seeded_rng(21);
        for n in 2..=4u8 {
            let p = PuzzleId::Supercube(n);
            let model = p.model();
            let cube = Supercube::new(n as usize).unwrap();
            for len in 1..=8 {
                let s = scramble(p, rand::Rng::random_range(&mut rng, 0..1000), &test_env());
                let tokens: Vec<String> = parse_moves(p, &s.scramble)
                    .unwrap()
                    .into_iter()
                    .take(len)
                    .collect();
                let core = supercube_core_moves(model, &tokens).unwrap();
                let mut c = cube.solved();
                let core_order = order(
                    || {
                        cube.apply_all(&mut c, &core);
                        c.orient.iter().all(|&o| o == c.orient[0])
                    },
                    100_000,
                );
                let mut shown = model.solved();
                let shown_order = order(
                    || {
                        for t in &tokens {
                            model.apply(&mut shown, t).unwrap();
                        }
                        model.is_solved(&shown)
                    },
                    100_000,
                );
                let (Some(core_order), Some(shown_order)) = (core_order, shown_order) else {
                    panic!("{n}: {tokens:?}: no order found");
                };
                if n <= 3 {
                    assert_eq!(core_order, shown_order, "{n}: {tokens:?}");
                } else {
                    // From 4x4x4 up the display model hides the inner cubies and does not
                    // tell like centres apart, so its order may be a divisor.
                    assert_eq!(core_order % shown_order, 0, "{n}: {tokens:?}");
                }
            }
            // Every slice turn has a display name.
            assert_eq!(supercube_tokens(model).len(), 9 * n as usize);
        }
    }

    #[test]
    fn parse_errors_name_the_column() {
        let e = parse_moves(PuzzleId::Cube3, "R U Q2 F").unwrap_err();
        match e {
            PuzzleError::Parse(p) => {
                assert_eq!((p.token.as_str(), p.line, p.column), ("Q2", 1, 5));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(parse_moves(PuzzleId::Kilominx, "BL2' (R U)2").unwrap().len(), 5);
    }

    #[test]
    fn impossible_facelets_are_named() {
        let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        assert!(parse_input(PuzzleId::Cube3, &Input::Facelets(solved)).is_ok());
        // Twist one corner: URF corner stickers 8 (U), 9 (R), 20 (F) rotated.
        let mut c: Vec<char> = solved.chars().collect();
        (c[8], c[9], c[20]) = ('F', 'U', 'R');
        let t: String = c.iter().collect();
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
        assert_eq!(
            twisty_engine::EngineError::from(e).kind,
            ErrorKind::ImpossibleState
        );
        // Flip one edge: UR stickers 5 and 10.
        let mut c: Vec<char> = solved.chars().collect();
        (c[5], c[10]) = ('R', 'U');
        let t: String = c.iter().collect();
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
        assert_eq!(
            twisty_engine::EngineError::from(e).kind,
            ErrorKind::ImpossibleState
        );
        // Swap two edges (UR and UF): parity.
        let mut c: Vec<char> = solved.chars().collect();
        (c[10], c[19]) = ('F', 'R');
        let t: String = c.iter().collect();
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
        assert_eq!(
            twisty_engine::EngineError::from(e).kind,
            ErrorKind::ImpossibleState
        );
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets("UUU")).unwrap_err();
        assert_eq!(twisty_engine::EngineError::from(e).kind, ErrorKind::Parse);
    }

    #[test]
    fn core_cube3_and_display_model_agree() {
        let mut rng = twisty_core::seeded_rng(11);
        for _ in 0..20 {
            let moves = Cube3.random_moves(&mut rng, 30);
            let text = Cube3.format_moves(&moves);
            let parsed = parse_input(PuzzleId::Cube3, &Input::Moves(&text)).unwrap();
            let shown = PuzzleId::Cube3.model().cube_facelets(&parsed.state).unwrap();
            assert_eq!(
                shown,
                cube3_facelets_io::to_facelets(&Cube3.state_after(&moves)),
                "{text}"
            );
        }
        // Slices, wide moves and rotations are normalised by the core model.
        let parsed = parse_input(PuzzleId::Cube3, &Input::Moves("M x' r U")).unwrap();
        let (moves, _) = core_adapter::parse_with(&Cube3, "M x' r U").unwrap();
        assert_eq!(
            PuzzleId::Cube3.model().cube_facelets(&parsed.state).unwrap(),
            cube3_facelets_io::to_facelets(&Cube3.state_after(&moves))
        );
    }

    #[test]
    fn scrambles_parse() {
        let dir = tempfile::tempdir().unwrap();
        let env = env_in(dir.path());
        // The Kilominx's random-state scramble needs the fast solver's 67 MiB of tables:
        // tests/api.rs builds them once and covers it.
        let small = |p: &PuzzleId| !matches!(p, PuzzleId::Kilominx | PuzzleId::Supercube(8..));
        for p in PuzzleId::all().into_iter().filter(small) {
            let s = scramble(p, 7, &env);
            let parsed = parse_input(p, &Input::Moves(&s.scramble)).unwrap();
            assert!(!parsed.moves.is_empty());
            assert!(!p.model().is_solved(&parsed.state), "{}", p.id());
        }
    }
}
