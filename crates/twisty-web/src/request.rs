//! The solve request of `POST /api/solve`: the body becomes one engine [`SolveRequest`],
//! held to the page's limits: a time limit per request (default [`DEFAULT_TIME_LIMIT`], at
//! most [`MAX_TIME_LIMIT`]), one thread per solve, and options that name no file and take no
//! more memory or work than allowed ([`crate::limits`]). The server ([`crate::solve`], with
//! the `server` feature) and the WebAssembly build both start from [`prepared`].

use crate::api::{input_of, json_bytes, puzzle, ApiError};
use crate::puzzles::Input;
use serde::Deserialize;
use twisty_engine::options::Resolved;
use twisty_engine::{MetricName, Options, PuzzleId, SolveRequest, SolverEntry};

/// Default solve time limit in seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 10.0;
/// Largest solve time limit in seconds.
pub const MAX_TIME_LIMIT: f64 = 60.0;
/// Body of `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveBody {
    /// Puzzle id (any name the engine accepts).
    pub puzzle: String,
    /// A move sequence from solved.
    pub moves: Option<String>,
    /// A state string (instead of `moves`): the cubes' facelets, the Kilominx's corners.
    pub facelets: Option<String>,
    /// Solver id or alias (default: the engine's default for the puzzle).
    pub solver: Option<String>,
    /// The solver's options by name (see `GET /api/solvers`).
    #[serde(default)]
    pub options: Options,
    /// Longest acceptable solution.
    pub max_length: Option<u32>,
    /// Time limit in seconds (default 10, at most 60).
    pub time_limit: Option<f64>,
    /// `htm` (default) or `qtm`.
    pub metric: Option<MetricName>,
    /// Seed of randomised solvers.
    pub seed: Option<u64>,
    /// Only these faces in the answer (`"R,U"`), as the engine's move set.
    pub allowed_moves: Option<String>,
}

/// The engine request of a body, checked against the server's limits.
fn request(body: &SolveBody, p: PuzzleId) -> Result<(SolveRequest, f64), ApiError> {
    let input = match input_of(&body.moves, &body.facelets)? {
        // Read by the engine as the page reads it (moves as held, or a state string), with
        // the page's bound on the moves.
        i if crate::flat::is_flat(p) => crate::flat::solve_input(p, &i)?,
        // The page shows the Kilominx turned face by face, never rotated: the engine gets
        // the same turns so that its answer is in the frame on the screen.
        Input::Moves(m) if p == PuzzleId::Kilominx => crate::puzzles::parse_moves(p, m)?.join(" "),
        Input::Moves(m) => {
            // The page's bound on an input (at most MAX_INPUT_MOVES after expanding repeats),
            // as for validate and replay: the engine's own bound (100,000 moves) would let a
            // 30-byte body cost the 16x16x16 a quarter of a second of a solve slot.
            crate::puzzles::parse_moves(p, m)?;
            m.to_string()
        }
        Input::Facelets(f) if p == PuzzleId::Cube3 => f.chars().filter(|c| !c.is_whitespace()).collect(),
        Input::Facelets(f) if crate::puzzles::takes_state_string(p) => {
            let f = f.trim();
            // Read as a state string by the engine, never as moves.
            twisty_engine::input::state_string(p, f)?;
            f.to_string()
        }
        Input::Facelets(_) => {
            return Err(ApiError::usage(format!(
                "the {} takes moves only: its centres turn unseen, so stickers do not tell its state",
                p.title()
            )))
        }
    };
    let limit = match body.time_limit {
        None => DEFAULT_TIME_LIMIT,
        Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIME_LIMIT => t,
        Some(t) => {
            return Err(ApiError::usage(format!(
                "time_limit must be a number of seconds in (0, {MAX_TIME_LIMIT}], not {t}"
            )))
        }
    };
    if body.max_length == Some(0) {
        return Err(ApiError::usage("max_length must be at least 1"));
    }
    let mut req = SolveRequest::new(p, input);
    req.solver = body.solver.clone();
    req.options = body.options.clone();
    req.max_length = body.max_length;
    req.timeout = Some(limit);
    req.metric = body.metric.unwrap_or_default();
    req.seed = body.seed;
    req.moves = body.allowed_moves.clone();
    req.threads = Some(1);
    Ok((req, limit))
}

/// The engine request of a `POST /api/solve` body of `bytes` and its time limit in seconds:
/// the JSON decoded, the puzzle named, exactly one input, the server's limits checked. The
/// engine checks the rest ([`twisty_engine::checked`], then the input as it solves).
pub fn solve_request(bytes: &[u8]) -> Result<(SolveRequest, f64), ApiError> {
    let body: SolveBody = json_bytes(bytes)?;
    let p = puzzle(&body.puzzle)?;
    request(&body, p)
}

/// A solve request ready for the engine.
#[derive(Debug)]
pub struct Prepared {
    /// The engine request, its options held to the limits.
    pub request: SolveRequest,
    /// Its time limit in seconds.
    pub time_limit: f64,
    /// The solver it resolved to.
    pub entry: &'static SolverEntry,
    /// That solver's options, checked.
    pub resolved: Resolved,
}

/// The request of a `POST /api/solve` body of `bytes` ([`solve_request`]), its solver
/// resolved by the engine and its options held to the limits of a solve of
/// `solve_memory_mib` MiB ([`crate::limits::bound_options`]).
pub fn prepared(bytes: &[u8], solve_memory_mib: u64) -> Result<Prepared, ApiError> {
    let (mut request, time_limit) = solve_request(bytes)?;
    let (entry, _) = twisty_engine::checked(&request)?;
    crate::limits::bound_options(&mut request, entry.id, &(entry.options)(), solve_memory_mib)?;
    let (entry, resolved) = twisty_engine::checked(&request)?;
    Ok(Prepared {
        request,
        time_limit,
        entry,
        resolved,
    })
}
