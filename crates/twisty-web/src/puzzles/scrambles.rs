//! Scrambles: random-state where a solver allows, random moves otherwise.

use super::{kilominx_tokens, Env, PuzzleId};
use crate::core_adapter;
use serde::Serialize;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::Cube3;
use twisty_core::kilominx::Kilominx;
use twisty_core::Puzzle;
use twisty_solvers::Limits;

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
        PuzzleId::CubeN(_) | PuzzleId::Clock | PuzzleId::Sq1 | PuzzleId::Def(_) => {
            twisty_engine::scramble::random_moves(
                p,
                twisty_engine::scramble::default_length(p),
                twisty_engine::Notation::Standard,
                &mut rng,
            )
            .ok()
            .map(|s| s.scramble)
        }
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

/// The first scramble of the WCA event `event` from `seed`: the engine's event scrambler,
/// the same as `twisty scramble --event ID --seed SEED` (a `minx` scramble keeps its seven
/// lines).
pub fn event_scramble(
    event: twisty_engine::scramble::event::Event,
    seed: u64,
    env: &Env,
) -> Result<twisty_engine::scramble::Scramble, twisty_engine::EngineError> {
    twisty_engine::scramble::event::scrambles(&env.engine, event, seed)
        .next()
        .unwrap_or_else(|| {
            Err(twisty_engine::EngineError::new(
                twisty_engine::ErrorKind::Internal,
                "the event scrambler gave no scramble",
            ))
        })
}
