//! One adapter per puzzle: parse moves and facelets, scramble, list and call solvers, and
//! replay everything on the display model ([`crate::geometry`]) so the page only draws.
//!
//! Moves are exchanged as notation tokens. Where the core puzzle model and a solver exist,
//! the adapter parses with the core model and calls the solver; the solution's formatted
//! moves are then replayed on the display model, and a solution that does not bring the
//! display model to solved is reported as an internal error rather than shown.

use crate::core_adapter;
use crate::geometry::{Anim, DisplayState, Model};
use serde::Serialize;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::{facelets as cube3_facelets_io, Cube3, CubieCube};
use twisty_core::kilominx::Kilominx;
use twisty_core::supercube::{wca, SuperMove, Supercube};
use twisty_core::Metric;
use twisty_core::ParseError;
use twisty_core::Puzzle;
use twisty_solvers::genetic::GeneticSolver;
use twisty_solvers::kilominx_fast::KilominxFast;
use twisty_solvers::optimal::cube2::Cube2Optimal;
use twisty_solvers::optimal::kilominx::KilominxOptimal;
use twisty_solvers::Solver;
use twisty_solvers::{Limits, SearchStats};

/// Largest supercube the page solves with the genetic solver.
pub const MAX_GA_SUPERCUBE: u8 = 4;
/// Seed of the genetic solver's random generator (fixed: the same input, the same solution).
const GA_SEED: u64 = 1;
/// Largest supercube the page shows.
pub const MAX_SUPERCUBE: u8 = 7;
/// Longest move sequence accepted as input (after expanding repeats).
pub const MAX_INPUT_MOVES: usize = 10_000;

/// A puzzle the server knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleId {
    /// 3x3x3.
    Cube3,
    /// 2x2x2.
    Cube2,
    /// Kilominx.
    Kilominx,
    /// N×N×N supercube, 2 ≤ N ≤ [`MAX_SUPERCUBE`].
    Supercube(u8),
}

impl PuzzleId {
    /// Every puzzle, in menu order.
    pub fn all() -> Vec<PuzzleId> {
        let mut v = vec![PuzzleId::Cube3, PuzzleId::Cube2, PuzzleId::Kilominx];
        v.extend((2..=MAX_SUPERCUBE).map(PuzzleId::Supercube));
        v
    }

    /// Parses an id such as `3x3x3`, `2x2`, `kilominx` or `supercube:4`.
    pub fn parse(s: &str) -> Result<PuzzleId, String> {
        let l = s.trim().to_ascii_lowercase();
        Ok(match l.as_str() {
            "3x3x3" | "3x3" | "333" | "cube3" => PuzzleId::Cube3,
            "2x2x2" | "2x2" | "222" | "cube2" => PuzzleId::Cube2,
            "kilominx" | "kilo" => PuzzleId::Kilominx,
            _ => {
                let n = l
                    .strip_prefix("supercube:")
                    .or_else(|| l.strip_prefix("supercube-"))
                    .ok_or_else(|| {
                        format!("unknown puzzle `{s}`: use 3x3x3, 2x2x2, kilominx or supercube:N (2 ≤ N ≤ {MAX_SUPERCUBE})")
                    })?;
                match n.parse::<u8>() {
                    Ok(n) if (2..=MAX_SUPERCUBE).contains(&n) => PuzzleId::Supercube(n),
                    _ => {
                        return Err(format!(
                            "`{s}`: the supercube size must be a number from 2 to {MAX_SUPERCUBE}"
                        ))
                    }
                }
            }
        })
    }

    /// The canonical id.
    pub fn id(self) -> String {
        match self {
            PuzzleId::Cube3 => "3x3x3".into(),
            PuzzleId::Cube2 => "2x2x2".into(),
            PuzzleId::Kilominx => "kilominx".into(),
            PuzzleId::Supercube(n) => format!("supercube:{n}"),
        }
    }

    /// Human name.
    pub fn name(self) -> String {
        match self {
            PuzzleId::Cube3 => "3x3x3".into(),
            PuzzleId::Cube2 => "2x2x2".into(),
            PuzzleId::Kilominx => "Kilominx".into(),
            PuzzleId::Supercube(n) => format!("Supercube {n}x{n}x{n}"),
        }
    }

    /// The display model (built once).
    pub fn model(self) -> &'static Model {
        static CUBE3: OnceLock<Model> = OnceLock::new();
        static CUBE2: OnceLock<Model> = OnceLock::new();
        static KILO: OnceLock<Model> = OnceLock::new();
        static SUPER: [OnceLock<Model>; MAX_SUPERCUBE as usize + 1] =
            [const { OnceLock::new() }; MAX_SUPERCUBE as usize + 1];
        match self {
            PuzzleId::Cube3 => CUBE3.get_or_init(|| Model::cube(3, false)),
            PuzzleId::Cube2 => CUBE2.get_or_init(|| Model::cube(2, false)),
            PuzzleId::Kilominx => KILO.get_or_init(Model::kilominx),
            PuzzleId::Supercube(n) => {
                let n = n.clamp(2, MAX_SUPERCUBE) as usize;
                SUPER[n].get_or_init(|| Model::cube(n, true))
            }
        }
    }

    fn notation_hint(self) -> String {
        match self {
            PuzzleId::Cube3 => {
                "moves are U R F D L B with ' or 2, wide Rw or r, slices M E S, rotations x y z".into()
            }
            PuzzleId::Cube2 => "moves are U R F D L B with ' or 2, rotations x y z".into(),
            PuzzleId::Kilominx => "moves are U F L R BL BR DL DR DBL DBR DB D with ' 2 or 2'".into(),
            PuzzleId::Supercube(n) => format!(
                "moves are U R F D L B with ' or 2, inner layers 2R … {n}R, wide Rw r 3Rw, rotations x y z{}",
                if n % 2 == 1 { ", middle layers M E S" } else { "" }
            ),
        }
    }

    /// The keys of the page: one key per face, turning it clockwise.
    pub fn keys(self) -> Vec<(char, &'static str)> {
        match self {
            PuzzleId::Kilominx => vec![
                ('u', "U"),
                ('f', "F"),
                ('l', "L"),
                ('r', "R"),
                ('q', "BL"),
                ('w', "BR"),
                ('a', "DL"),
                ('s', "DR"),
                ('z', "DBL"),
                ('x', "DBR"),
                ('c', "DB"),
                ('d', "D"),
            ],
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

/// Solvers that need tables, loaded (or built into the table cache) on first use.
#[derive(Debug)]
pub struct Env {
    tables_dir: PathBuf,
    max_memory: Option<u64>,
    cube2: OnceLock<Result<Cube2Optimal, String>>,
    kilominx: OnceLock<Result<KilominxOptimal, String>>,
    kilominx_fast: OnceLock<Result<KilominxFast, String>>,
}

impl Env {
    /// Tables in `tables_dir` (built there on first use), using at most `max_memory` bytes
    /// of tables when given.
    pub fn new(tables_dir: PathBuf, max_memory: Option<u64>) -> Env {
        Env {
            tables_dir,
            max_memory,
            cube2: OnceLock::new(),
            kilominx: OnceLock::new(),
            kilominx_fast: OnceLock::new(),
        }
    }

    /// Loads (or builds) every table now, so that the first solve does not wait for them.
    pub fn warm_up(&self) {
        // Quickest first: the 2x2x2 table and the Thistlethwaite tables (in memory, not in
        // the table cache) take seconds, the Kilominx optimal solver's databases the longest.
        let _ = self.cube2_optimal();
        let _ = twisty_solvers::thistlethwaite::Thistlethwaite::global();
        let _ = self.kilominx_fast();
        let _ = self.kilominx_optimal();
    }

    /// The fast Kilominx solver (67 MiB of tables, built in a few seconds when missing).
    fn kilominx_fast(&self) -> Result<&KilominxFast, PuzzleError> {
        self.kilominx_fast
            .get_or_init(|| {
                let cache = twisty_search::TableCache::new(&self.tables_dir).with_max_memory(self.max_memory);
                KilominxFast::new(&cache, false).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| PuzzleError::Internal(format!("Kilominx fast-solver tables: {e}")))
    }

    fn kilominx_optimal(&self) -> Result<&KilominxOptimal, PuzzleError> {
        self.kilominx
            .get_or_init(|| {
                let cache = twisty_search::TableCache::new(&self.tables_dir).with_max_memory(self.max_memory);
                KilominxOptimal::new(&cache, "sparse").map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| PuzzleError::Internal(format!("Kilominx tables: {e}")))
    }

    fn cube2_optimal(&self) -> Result<&Cube2Optimal, PuzzleError> {
        self.cube2
            .get_or_init(|| {
                let cache = twisty_search::TableCache::new(&self.tables_dir).with_max_memory(self.max_memory);
                Cube2Optimal::new(&cache, Metric::Htm).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| PuzzleError::Internal(format!("2x2x2 table: {e}")))
    }
}

/// A solver as listed by `GET /api/puzzles`.
#[derive(Debug, Clone, Serialize)]
pub struct SolverInfo {
    /// Id passed as `solver` to `POST /api/solve`.
    pub id: &'static str,
    /// Human name.
    pub name: &'static str,
    /// Whether it can be called on this build.
    pub available: bool,
    /// Why not, or what to expect.
    pub note: String,
    /// Whether its solutions are proved shortest.
    pub optimal: bool,
}

/// The solvers for `p`, the first available one being the default.
pub fn solvers(p: PuzzleId) -> Vec<SolverInfo> {
    match p {
        PuzzleId::Cube3 => vec![
            SolverInfo {
                id: "two-phase",
                name: "Two-phase (Kociemba)",
                available: true,
                note: "at most 21 moves (HTM) by default; usually well under a second".into(),
                optimal: false,
            },
            SolverInfo {
                id: "thistlethwaite",
                name: "Thistlethwaite (four phases)",
                available: true,
                note: "the classic four-phase reduction: about 30-50 moves (HTM), in milliseconds once its tables are built in memory (a few seconds; `twisty serve` builds them at start-up)".into(),
                optimal: false,
            },
        ],
        PuzzleId::Cube2 => vec![
            SolverInfo {
                id: "optimal",
                name: "Optimal (distance table)",
                available: true,
                note: "shortest in HTM; builds a 1.8 MB table on first use (about a second)".into(),
                optimal: true,
            },
            SolverInfo {
                id: "astar",
                name: "A* on stickers (quarter turns of U R F)",
                available: true,
                note: "best-first search with the misplaced-sticker heuristic; counts quarter turns".into(),
                optimal: false,
            },
        ],
        PuzzleId::Kilominx => vec![
            SolverInfo {
                id: "fast",
                name: "Fast (three-phase reduction)",
                available: true,
                note: "any state in about a millisecond, then shorter solutions for up to a second (or half the time limit if less); builds 67 MiB of tables on first use (a few seconds)".into(),
                optimal: false,
            },
            SolverInfo {
                id: "optimal",
                name: "Optimal (IDA*, sparse pattern databases)",
                available: true,
                note: "shortest (every move counts 1); fine up to about 10 moves, longer scrambles may hit the time limit; builds 18 MB of tables on first use (a few seconds)".into(),
                optimal: true,
            },
        ],
        PuzzleId::Supercube(n) => vec![SolverInfo {
            id: "genetic",
            name: "Genetic algorithm (seed 004)",
            available: n <= MAX_GA_SUPERCUBE,
            note: if n <= MAX_GA_SUPERCUBE {
                "solves every cubie, the inner ones too, cluster by cluster from the core outwards; long solutions (hundreds of slice turns), seconds for small cubes; stops at the time limit".into()
            } else {
                format!("offered up to {MAX_GA_SUPERCUBE}x{MAX_GA_SUPERCUBE}x{MAX_GA_SUPERCUBE} here (larger cubes take minutes): use `twisty solve --puzzle supercube:{n} --solver ga`")
            },
            optimal: false,
        }],
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
        PuzzleId::Cube3 => core_adapter::parse_with(&Cube3, text).map(|(_, tokens)| tokens),
        PuzzleId::Cube2 => core_adapter::parse_with(&Cube2, text).map(|(_, tokens)| tokens),
        PuzzleId::Kilominx => core_adapter::parse_with(&Kilominx, text).map(|(_, tokens)| tokens),
        PuzzleId::Supercube(n) => supercube_parse(n, text).map_err(|e| match e {
            PuzzleError::Parse(mut e) => {
                e.reason = format!("{} ({})", e.reason, p.notation_hint());
                PuzzleError::Parse(e)
            }
            other => other,
        }),
    }
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

/// Reads and validates a 3x3x3 facelet string.
fn cube3_facelets(text: &str) -> Result<DisplayState, PuzzleError> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != 54 {
        return Err(PuzzleError::Impossible(format!(
            "malformed input: a 3x3x3 facelet string has 54 characters (U R F D L B faces), not {}",
            chars.len()
        )));
    }
    if let Some((i, c)) = chars
        .iter()
        .enumerate()
        .find(|(_, c)| !"URFDLB".contains(c.to_ascii_uppercase()))
    {
        return Err(PuzzleError::Impossible(format!(
            "malformed input: character {} is `{c}`; facelets are the face letters U R F D L B",
            i + 1
        )));
    }
    for f in "URFDLB".chars() {
        let n = chars.iter().filter(|c| c.to_ascii_uppercase() == f).count();
        if n != 9 {
            return Err(PuzzleError::Impossible(format!(
                "colour count: {f} appears {n} times, expected 9"
            )));
        }
    }
    for (k, f) in "URFDLB".chars().enumerate() {
        if chars[9 * k + 4].to_ascii_uppercase() != f {
            return Err(PuzzleError::Impossible(format!(
                "centres: the centre of face {f} (character {}) must be {f}",
                9 * k + 5
            )));
        }
    }
    // The core model's validation, with its typed reasons.
    cube3_facelets_io::from_facelets(&t).map_err(|e| PuzzleError::Impossible(e.to_string()))?;
    let model = PuzzleId::Cube3.model();
    let state = model
        .from_cube3_facelets(&t.to_ascii_uppercase())
        .map_err(PuzzleError::Impossible)?;
    cube3_invariants(model, &state)?;
    Ok(state)
}

/// Twist, flip and parity of a 3x3x3 display state.
fn cube3_invariants(model: &Model, state: &DisplayState) -> Result<(), PuzzleError> {
    let f = model
        .cube_facelets(state)
        .ok_or_else(|| PuzzleError::Internal("not a cube".into()))?;
    let c: Vec<char> = f.chars().collect();
    // Corner facelets (U/D sticker first, then clockwise) and edge facelets, Kociemba order.
    const CORNERS: [[usize; 3]; 8] = [
        [8, 9, 20],
        [6, 18, 38],
        [0, 36, 47],
        [2, 45, 11],
        [29, 26, 15],
        [27, 44, 24],
        [33, 53, 42],
        [35, 17, 51],
    ];
    const EDGES: [[usize; 2]; 12] = [
        [5, 10],
        [7, 19],
        [3, 37],
        [1, 46],
        [32, 16],
        [28, 25],
        [30, 43],
        [34, 52],
        [23, 12],
        [21, 41],
        [50, 39],
        [48, 14],
    ];
    let corner_names: Vec<String> = CORNERS
        .iter()
        .map(|k| {
            k.iter()
                .map(|&i| "URFDLB".chars().nth(i / 9).unwrap_or('?'))
                .collect()
        })
        .collect();
    let edge_names: Vec<String> = EDGES
        .iter()
        .map(|k| {
            k.iter()
                .map(|&i| "URFDLB".chars().nth(i / 9).unwrap_or('?'))
                .collect()
        })
        .collect();
    let mut cperm = [0usize; 8];
    let mut twist = 0usize;
    for (slot, k) in CORNERS.iter().enumerate() {
        let ori = (0..3).find(|&o| c[k[o]] == 'U' || c[k[o]] == 'D').unwrap_or(0);
        let a = c[k[(ori + 1) % 3]];
        let b = c[k[(ori + 2) % 3]];
        let piece = corner_names
            .iter()
            .position(|n| {
                let n: Vec<char> = n.chars().collect();
                n[1] == a && n[2] == b
            })
            .ok_or_else(|| PuzzleError::Internal("corner not found".into()))?;
        cperm[slot] = piece;
        twist += ori;
    }
    let mut eperm = [0usize; 12];
    let mut flip = 0usize;
    for (slot, k) in EDGES.iter().enumerate() {
        let s: String = [c[k[0]], c[k[1]]].iter().collect();
        let r: String = [c[k[1]], c[k[0]]].iter().collect();
        if let Some(p) = edge_names.iter().position(|n| *n == s) {
            eperm[slot] = p;
        } else if let Some(p) = edge_names.iter().position(|n| *n == r) {
            eperm[slot] = p;
            flip += 1;
        } else {
            return Err(PuzzleError::Internal("edge not found".into()));
        }
    }
    if twist % 3 != 0 {
        return Err(PuzzleError::Impossible(format!(
            "corner twist: the corner orientations sum to {} mod 3 (must be 0): one corner is twisted",
            twist % 3
        )));
    }
    if flip % 2 != 0 {
        return Err(PuzzleError::Impossible(
            "edge flip: an odd number of edges is flipped (one edge is flipped in place)".into(),
        ));
    }
    if parity(&cperm) != parity(&eperm) {
        return Err(PuzzleError::Impossible(
            "parity: the corner and edge permutations have different parities (two pieces are swapped)"
                .into(),
        ));
    }
    Ok(())
}

fn parity(p: &[usize]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                odd = !odd;
            }
        }
    }
    odd
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
                    if let Ok(sol) = core_adapter::solve_with(&Cube2, opt, &state, &Limits::default()) {
                        let (moves, _) = match core_adapter::parse_with(&Cube2, &sol.moves.join(" ")) {
                            Ok(m) => m,
                            Err(_) => break,
                        };
                        return Scramble {
                            scramble: Cube2.format_moves(&Cube2.invert_all(&moves)),
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
            if let Some(s) = core_adapter::random_state_scramble(&Kilominx, fast, &mut rng, &limits) {
                return Scramble {
                    scramble: s,
                    kind: "random-state",
                };
            }
        }
    }
    let (faces, len): (Vec<String>, usize) = match p {
        PuzzleId::Cube3 => (cube_faces(1), 25),
        PuzzleId::Cube2 => (vec!["U".into(), "R".into(), "F".into()], 11),
        PuzzleId::Kilominx => (
            [
                "U", "F", "L", "R", "BL", "BR", "DL", "DR", "DBL", "DBR", "DB", "D",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            30,
        ),
        PuzzleId::Supercube(n) => (cube_faces((n as usize) / 2), 20 * (n as usize).saturating_sub(1)),
    };
    let suffixes: &[&str] = if p == PuzzleId::Kilominx {
        &["", "'", "2", "2'"]
    } else {
        &["", "'", "2"]
    };
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

/// A verified solution with the display states along the way.
#[derive(Debug, Clone, Serialize)]
pub struct Solved {
    /// The solution's moves.
    pub moves: Vec<String>,
    /// Its length in the solver's metric.
    pub length: u32,
    /// The metric: `htm` or `qtm`.
    pub metric: &'static str,
    /// Whether the solver proved it shortest.
    pub optimal: bool,
    /// Search counters.
    pub stats: Stats,
}

/// Search counters as sent to the page.
#[derive(Debug, Clone, Serialize)]
pub struct Stats {
    /// Nodes generated.
    pub nodes: u64,
    /// Nodes expanded (best-first searches).
    pub expanded: u64,
    /// Search time in milliseconds.
    pub time_ms: f64,
    /// Per-depth or per-phase breakdown: (label, nodes, seconds).
    pub breakdown: Vec<(String, u64, f64)>,
}

impl From<&SearchStats> for Stats {
    fn from(s: &SearchStats) -> Self {
        Stats {
            nodes: s.nodes,
            expanded: s.expanded,
            time_ms: s.elapsed.as_secs_f64() * 1000.0,
            breakdown: s.breakdown.clone(),
        }
    }
}

/// The id of the solver to use: `requested`, or the first available one.
pub fn pick_solver(p: PuzzleId, requested: Option<&str>) -> Result<&'static str, PuzzleError> {
    let list = solvers(p);
    match requested {
        Some(r) => {
            let s = list
                .iter()
                .find(|s| s.id.eq_ignore_ascii_case(r))
                .ok_or_else(|| {
                    let ids: Vec<&str> = list.iter().map(|s| s.id).collect();
                    PuzzleError::Solver(format!(
                        "unknown solver `{r}` for the {}: known solvers are {}",
                        p.name(),
                        ids.join(", ")
                    ))
                })?;
            if !s.available {
                return Err(PuzzleError::Solver(format!(
                    "solver `{}` is unavailable: {}",
                    s.id, s.note
                )));
            }
            Ok(s.id)
        }
        None => list.iter().find(|s| s.available).map(|s| s.id).ok_or_else(|| {
            PuzzleError::Solver(format!(
                "no solver for the {} is available on this build ({})",
                p.name(),
                list.iter()
                    .map(|s| s.note.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            ))
        }),
    }
}

/// Solves the parsed input with solver `solver` (an id from [`pick_solver`]).
/// Runs on the calling thread; honours `limits.cancel` where the solver does.
pub fn solve(
    p: PuzzleId,
    parsed: &Parsed,
    solver: &str,
    limits: &Limits,
    env: &Env,
) -> Result<Solved, PuzzleError> {
    let model = p.model();
    let solved = match (p, solver) {
        (PuzzleId::Cube2, "astar") => solve_cube2_astar(model, &parsed.state, limits)?,
        (PuzzleId::Kilominx, "fast") => {
            let (moves, _) = core_adapter::parse_with(&Kilominx, &parsed.moves.join(" "))?;
            let state = Kilominx.state_after(&moves);
            // The time limit bounds only the search for shorter solutions; keep it well
            // inside the request's limit, which cancels the solve when it passes.
            let mut limits = limits.clone();
            let budget = limits
                .timeout
                .map_or(twisty_solvers::kilominx_fast::DEFAULT_BUDGET, |t| {
                    (t / 2).min(twisty_solvers::kilominx_fast::DEFAULT_BUDGET)
                });
            limits.timeout = Some(budget);
            core_adapter::solve_with(&Kilominx, env.kilominx_fast()?, &state, &limits)?
        }
        (PuzzleId::Kilominx, "optimal") => {
            let (moves, _) = core_adapter::parse_with(&Kilominx, &parsed.moves.join(" "))?;
            let state = Kilominx.state_after(&moves);
            core_adapter::solve_with(&Kilominx, env.kilominx_optimal()?, &state, limits)?
        }
        (PuzzleId::Cube2, "optimal") => {
            let (moves, _) = core_adapter::parse_with(&Cube2, &parsed.moves.join(" "))?;
            let state = Cube2.state_after(&moves);
            core_adapter::solve_with(&Cube2, env.cube2_optimal()?, &state, limits)?
        }
        (PuzzleId::Cube3, "two-phase") => {
            let state = cube3_core_state(parsed)?;
            let mut limits = limits.clone();
            let max = limits
                .max_length
                .unwrap_or(twisty_solvers::twophase::DEFAULT_MAX_LENGTH);
            if max > 40 {
                return Err(PuzzleError::BadRequest(
                    "max_length must be at most 40 for the two-phase solver".into(),
                ));
            }
            limits.max_length = Some(max);
            core_adapter::solve_with(
                &Cube3,
                twisty_solvers::twophase::TwoPhase::global(),
                &state,
                &limits,
            )?
        }
        (PuzzleId::Supercube(n), "genetic") => solve_supercube_ga(n, parsed, limits)?,
        (PuzzleId::Cube3, "thistlethwaite") => {
            let state = cube3_core_state(parsed)?;
            core_adapter::solve_with(
                &Cube3,
                twisty_solvers::thistlethwaite::Thistlethwaite::global(),
                &state,
                limits,
            )?
        }
        _ => {
            return Err(PuzzleError::Solver(format!(
                "solver `{solver}` is not available for the {}",
                p.name()
            )))
        }
    };
    // Replay on the display model: a solution that does not solve is never shown.
    let mut s = parsed.state.clone();
    for m in &solved.moves {
        model
            .apply(&mut s, m)
            .map_err(|e| PuzzleError::Internal(format!("the solver returned {e}")))?;
    }
    if !model.is_solved(&s) {
        return Err(PuzzleError::Internal(
            "the solver's moves do not solve the displayed puzzle".into(),
        ));
    }
    Ok(solved)
}

/// The core 3x3x3 state of a parsed input.
fn cube3_core_state(parsed: &Parsed) -> Result<CubieCube, PuzzleError> {
    match &parsed.facelets {
        Some(f) => cube3_facelets_io::from_facelets(f).map_err(|e| PuzzleError::Impossible(e.to_string())),
        None => {
            let (moves, _) = core_adapter::parse_with(&Cube3, &parsed.moves.join(" "))?;
            Ok(Cube3.state_after(&moves))
        }
    }
}

/// Parses supercube input with the core's WCA notation: one canonical token per block (a
/// face, inner layer, wide turn or rotation; a block holding neither face, e.g. `m`, one
/// token per slice), each a move of the display model.
fn supercube_parse(n: u8, text: &str) -> Result<Vec<String>, PuzzleError> {
    let n = n as usize;
    let blocks = wca::parse_blocks(n, text).map_err(PuzzleError::Parse)?;
    let tokens: Vec<String> = blocks.into_iter().flat_map(|b| wca::block_names(n, b)).collect();
    if tokens.len() > MAX_INPUT_MOVES {
        return Err(PuzzleError::BadRequest(format!(
            "the sequence has {} moves; at most {MAX_INPUT_MOVES} are accepted",
            tokens.len()
        )));
    }
    Ok(tokens)
}

/// The core supercube slice turns of parsed tokens (a rotation turns every slice).
fn supercube_core_moves(n: u8, tokens: &[String]) -> Result<Vec<SuperMove>, PuzzleError> {
    wca::parse(n as usize, &tokens.join(" "))
        .map_err(|e| PuzzleError::Internal(format!("a parsed supercube token does not parse again: {e}")))
}

/// Solves a supercube with the genetic solver, in the core model, and names the moves in the
/// core's canonical WCA notation (moves of the display model too).
fn solve_supercube_ga(n: u8, parsed: &Parsed, limits: &Limits) -> Result<Solved, PuzzleError> {
    if n > MAX_GA_SUPERCUBE {
        return Err(PuzzleError::Solver(format!(
            "the genetic solver is offered up to {MAX_GA_SUPERCUBE}x{MAX_GA_SUPERCUBE}x{MAX_GA_SUPERCUBE} here"
        )));
    }
    let cube = Supercube::new(n as usize).map_err(|e| PuzzleError::BadRequest(e.to_string()))?;
    let state = cube.state_after(&supercube_core_moves(n, &parsed.moves)?);
    let solver = GeneticSolver {
        seed: GA_SEED,
        ..GeneticSolver::default()
    };
    let sol = solver
        .solve(&cube, &state, limits)
        .map_err(core_adapter::solve_error)?;
    let moves = twisty_core::supercube::simplify(&sol.moves);
    twisty_solvers::verify(&cube, &state, &moves).map_err(core_adapter::solve_error)?;
    let tokens: Vec<String> = moves.iter().map(|&m| wca::move_name(n as usize, m)).collect();
    Ok(Solved {
        length: cube.length(&moves, limits.metric),
        moves: tokens,
        metric: match limits.metric {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        },
        optimal: false,
        stats: Stats::from(&sol.stats),
    })
}

fn solve_cube2_astar(model: &Model, state: &DisplayState, limits: &Limits) -> Result<Solved, PuzzleError> {
    use twisty_solvers::astar2x2::{AStar2x2, AStarOptions, Goal, Stickers};
    let facelets = model
        .cube_facelets(state)
        .ok_or_else(|| PuzzleError::Internal("not a cube".into()))?;
    let stickers = Stickers::from_facelets(&facelets).map_err(|e| PuzzleError::Impossible(e.to_string()))?;
    let mut opts = AStarOptions::seed(Goal::AnyOrientation, 1.0);
    opts.max_expanded = limits.max_nodes.unwrap_or(3_000_000);
    let start = Instant::now();
    let r = AStar2x2::new()
        .solve(&stickers, &opts)
        .map_err(|e| PuzzleError::NoSolution(e.to_string()))?;
    let moves: Vec<String> = r.path.iter().map(|m| m.standard_name()).collect();
    Ok(Solved {
        length: moves.len() as u32,
        moves,
        metric: "qtm",
        optimal: false,
        stats: Stats {
            nodes: r.generated,
            expanded: r.expanded,
            time_ms: start.elapsed().as_secs_f64() * 1000.0,
            breakdown: Vec::new(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An environment whose table directory is never used (the solvers called need none).
    fn test_env() -> Env {
        Env::new(std::env::temp_dir().join("twisty-web-unused-tables"), None)
    }

    #[test]
    fn optimal_2x2x2_and_display_model_agree() {
        let dir = tempfile::tempdir().unwrap();
        let env = Env::new(dir.path().to_path_buf(), None);
        let p = PuzzleId::Cube2;
        let mut rng = twisty_core::seeded_rng(4);
        for _ in 0..10 {
            let moves = Cube2.random_moves(&mut rng, 12);
            let text = Cube2.format_moves(&moves);
            let parsed = parse_input(p, &Input::Moves(&text)).unwrap();
            let sol = solve(p, &parsed, "optimal", &Limits::default(), &env).unwrap();
            assert!(sol.optimal && sol.length <= 11);
            // `solve` replays the moves on the display model and checks it is solved.
        }
        let s = scramble(p, 1, &env);
        assert_eq!(s.kind, "random-state");
        // D, L and B turns are normalised into U, R, F turns plus a rotation.
        let parsed = parse_input(p, &Input::Moves("D L' B2")).unwrap();
        assert!(
            parsed.moves.iter().all(|m| m.starts_with(['U', 'R', 'F'])),
            "{:?}",
            parsed.moves
        );
    }

    /// The order of `seq` (how many repetitions return to solved), up to `max`.
    fn order(mut step: impl FnMut() -> bool, max: usize) -> Option<usize> {
        (1..=max).find(|_| step())
    }

    #[test]
    fn core_kilominx_and_display_model_agree() {
        // The core model keeps the UFL corner fixed (U is D plus a whole-puzzle turn), the
        // display turns U itself: they agree up to a whole-puzzle rotation, so every
        // sequence has the same order in both.
        let model = PuzzleId::Kilominx.model();
        let mut rng = twisty_core::seeded_rng(8);
        for len in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] {
            let moves = Kilominx.random_moves(&mut rng, len);
            let text = Kilominx.format_moves(&moves);
            let tokens = parse_moves(PuzzleId::Kilominx, &text).unwrap();
            let mut core = Kilominx.solved();
            let core_order = order(
                || {
                    Kilominx.apply_all(&mut core, &moves);
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
        let faces = [
            "U", "F", "L", "R", "BL", "BR", "DL", "DR", "DBL", "DBR", "DB", "D",
        ];
        let ord_core = |text: &str| {
            let m = Kilominx.parse_moves(text).unwrap();
            let mut s = Kilominx.solved();
            order(
                || {
                    Kilominx.apply_all(&mut s, &m);
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
    #[ignore = "builds the Kilominx sparse pattern databases (about 40 s in a debug build)"]
    fn optimal_kilominx_solves_a_short_scramble() {
        let dir = tempfile::tempdir().unwrap();
        let env = Env::new(dir.path().to_path_buf(), None);
        let p = PuzzleId::Kilominx;
        let parsed = parse_input(p, &Input::Moves("U R2' DBL BL2")).unwrap();
        let limits = Limits {
            timeout: Some(std::time::Duration::from_secs(30)),
            ..Limits::default()
        };
        let sol = solve(p, &parsed, "optimal", &limits, &env).unwrap();
        // `solve` has checked that the moves solve the displayed puzzle too.
        assert!(sol.optimal && sol.length <= 4, "{:?}", sol.moves);
    }

    #[test]
    fn core_supercube_and_display_model_agree() {
        // Input parsed by the core's WCA notation and replayed on the display model shows
        // exactly the core model's outer stickers. A wrong axis, slice or direction
        // convention on either side breaks this.
        use twisty_core::supercube::facelets::facelets;
        let mut rng = twisty_core::seeded_rng(21);
        let bases = [
            "U", "D", "L", "R", "F", "B", "2R", "3U", "Rw", "3Fw", "l", "x", "y", "z", "M", "E", "S", "m",
        ];
        let sufs = ["", "'", "2", "2'"];
        for n in 2..=MAX_SUPERCUBE {
            let p = PuzzleId::Supercube(n);
            let model = p.model();
            let cube = Supercube::new(n as usize).unwrap();
            for _ in 0..30 {
                let text: Vec<String> = (0..12)
                    .map(|_| {
                        let b = bases[rand::Rng::random_range(&mut rng, 0..bases.len())];
                        let s = sufs[rand::Rng::random_range(&mut rng, 0..sufs.len())];
                        format!("{b}{s}")
                    })
                    .filter(|t| cube.parse_wca(t).is_ok())
                    .collect();
                let tokens = parse_moves(p, &text.join(" ")).unwrap();
                let core = cube.state_after(&supercube_core_moves(n, &tokens).unwrap());
                let mut shown = model.solved();
                for t in &tokens {
                    model.apply(&mut shown, t).unwrap();
                }
                assert_eq!(
                    model.cube_facelets(&shown),
                    Some(facelets(&core)),
                    "{n}: {text:?} -> {tokens:?}"
                );
            }
            // Every slice turn's canonical name is a display move.
            for m in cube.moves() {
                let name = wca::move_name(n as usize, m);
                assert!(model.knows(&name), "{n}: {name}");
            }
        }
    }

    #[test]
    fn supercube_parse_errors_come_from_the_core_with_the_hint() {
        match parse_moves(PuzzleId::Supercube(3), "R U 4R") {
            Err(PuzzleError::Parse(e)) => {
                assert_eq!((e.token.as_str(), e.column), ("4R", 5));
                assert!(
                    e.reason.contains("layer 4") && e.reason.contains("M E S"),
                    "{}",
                    e.reason
                );
            }
            other => panic!("{other:?}"),
        }
        // Wide, slice and paper-code input becomes canonical display tokens.
        assert_eq!(
            parse_moves(PuzzleId::Supercube(3), "r M' x0 y2").unwrap(),
            vec!["Rw", "2L'", "L", "y2"]
        );
    }

    #[test]
    fn genetic_solver_solves_small_supercubes() {
        for n in 2..=3u8 {
            let p = PuzzleId::Supercube(n);
            let parsed = parse_input(p, &Input::Moves("R 2U' F2 D L' x B")).unwrap();
            let limits = Limits {
                timeout: Some(std::time::Duration::from_secs(60)),
                ..Limits::default()
            };
            // `solve` replays the moves on the display model and checks it is solved.
            let sol = solve(p, &parsed, "genetic", &limits, &test_env()).unwrap();
            assert!(!sol.moves.is_empty());
        }
        assert!(pick_solver(PuzzleId::Supercube(5), Some("genetic")).is_err());
    }

    #[test]
    fn ids_round_trip() {
        for p in PuzzleId::all() {
            assert_eq!(PuzzleId::parse(&p.id()), Ok(p));
        }
        assert!(PuzzleId::parse("supercube:9").is_err());
        assert!(PuzzleId::parse("megaminx").is_err());
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
        assert!(e.to_string().contains("corner twist"), "{e}");
        // Flip one edge: UR stickers 5 and 10.
        let mut c: Vec<char> = solved.chars().collect();
        (c[5], c[10]) = ('R', 'U');
        let t: String = c.iter().collect();
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
        assert!(e.to_string().contains("edge flip"), "{e}");
        // Swap two edges (UR and UF): parity.
        let mut c: Vec<char> = solved.chars().collect();
        (c[10], c[19]) = ('F', 'R');
        let t: String = c.iter().collect();
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
        assert!(e.to_string().contains("parity"), "{e}");
        let e = parse_input(PuzzleId::Cube3, &Input::Facelets("UUU")).unwrap_err();
        assert!(e.to_string().contains("54"), "{e}");
    }

    #[test]
    fn astar_solves_a_short_2x2_scramble() {
        let p = PuzzleId::Cube2;
        let parsed = parse_input(p, &Input::Moves("R U F' U2")).unwrap();
        let s = solve(p, &parsed, "astar", &Limits::default(), &test_env()).unwrap();
        let mut st = parsed.state.clone();
        for m in &s.moves {
            p.model().apply(&mut st, m).unwrap();
        }
        assert!(p.model().is_solved(&st));
        assert!(s.length <= 6);
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
    fn two_phase_solves_a_random_state_and_facelets() {
        let p = PuzzleId::Cube3;
        let s = scramble(p, 5, &test_env());
        assert_eq!(s.kind, "random-state");
        let parsed = parse_input(p, &Input::Moves(&s.scramble)).unwrap();
        let sol = solve(p, &parsed, "two-phase", &Limits::default(), &test_env()).unwrap();
        assert!(sol.length <= 21);
        let f = p.model().cube_facelets(&parsed.state).unwrap();
        let parsed = parse_input(p, &Input::Facelets(&f)).unwrap();
        let sol2 = solve(p, &parsed, "two-phase", &Limits::default(), &test_env()).unwrap();
        let mut st = parsed.state.clone();
        for m in &sol2.moves {
            p.model().apply(&mut st, m).unwrap();
        }
        assert!(p.model().is_solved(&st));
    }

    #[test]
    fn scrambles_parse() {
        let dir = tempfile::tempdir().unwrap();
        let env = Env::new(dir.path().to_path_buf(), None);
        // The Kilominx's random-state scramble needs the fast solver's 67 MiB of tables:
        // tests/api.rs builds them once and covers it.
        for p in PuzzleId::all().into_iter().filter(|&p| p != PuzzleId::Kilominx) {
            let s = scramble(p, 7, &env);
            let parsed = parse_input(p, &Input::Moves(&s.scramble)).unwrap();
            assert!(!parsed.moves.is_empty());
            assert!(!p.model().is_solved(&parsed.state), "{}", p.id());
        }
    }
}
