//! The solver catalog: every solver registered once (its file in `solvers/` and one line in
//! [`crate::solvers::ALL`]), with its id, aliases, puzzle, whether it is optimal, its
//! options, the tables it needs and its runner.

use crate::engine::Ctx;
use crate::error::{EngineError, ErrorKind};
use crate::options::{OptionSpec, Resolved};
use crate::puzzle_id::PuzzleId;
use serde::Serialize;
use twisty_core::clock::{ClockMove, ClockState};
use twisty_core::cube2::{Cube2Move, Cube2State};
use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_core::cube_n::{CubeN, CubeNMove, CubeNState};
use twisty_core::def::{DefMove, DefPuzzle, DefState};
use twisty_core::kilominx::{KiloMove, KiloState};
use twisty_core::sq1::{Sq1Move, Sq1State};
use twisty_core::supercube::{SuperMove, Supercube, SupercubeState};
use twisty_search::TableSpec;
use twisty_solvers::Solution;

/// Which puzzles a solver takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleFamily {
    /// The 3x3x3.
    Cube3,
    /// The 2x2x2.
    Cube2,
    /// The Kilominx.
    Kilominx,
    /// The Rubik's Clock.
    Clock,
    /// The Square-1.
    Sq1,
    /// Every supercube size.
    Supercube,
    /// The 2x2x2 supercube only.
    Supercube2,
    /// The 3x3x3 supercube only.
    Supercube3,
    /// Every ordinary N×N×N cube (4x4 and up).
    CubeN,
    /// Every puzzle given by a definition.
    Def,
}

impl PuzzleFamily {
    /// Whether `id` belongs to this family.
    pub fn contains(self, id: PuzzleId) -> bool {
        matches!(
            (self, id),
            (PuzzleFamily::Cube3, PuzzleId::Cube3)
                | (PuzzleFamily::Cube2, PuzzleId::Cube2)
                | (PuzzleFamily::Kilominx, PuzzleId::Kilominx)
                | (PuzzleFamily::Clock, PuzzleId::Clock)
                | (PuzzleFamily::Sq1, PuzzleId::Sq1)
                | (PuzzleFamily::Supercube, PuzzleId::Supercube(_))
                | (PuzzleFamily::Supercube2, PuzzleId::Supercube(2))
                | (PuzzleFamily::Supercube3, PuzzleId::Supercube(3))
                | (PuzzleFamily::CubeN, PuzzleId::CubeN(_))
                | (PuzzleFamily::Def, PuzzleId::Def(_))
        )
    }
}

/// One table a solver needs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableNeed {
    /// The table's file name in the cache.
    pub name: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Estimated build time on two cores, in seconds.
    pub build_seconds: f64,
    /// The table's spec.
    #[serde(skip)]
    pub spec: TableSpec,
}

impl TableNeed {
    /// The one rule for what is built on demand, used by the engine and every front end:
    /// a file over [`crate::LARGE_TABLE_BYTES`] is built only when the caller allows it
    /// ([`crate::EngineConfig::build_large_tables`], `twisty tables build`); smaller files
    /// are built on first use, however many a solver needs.
    pub fn too_large_to_build_on_demand(&self) -> bool {
        self.bytes > crate::LARGE_TABLE_BYTES
    }
}

/// What a runner returns: one or more verified-to-be solutions (in the reference frame) and
/// solver-specific details for the report.
#[derive(Debug, Clone)]
pub struct Answer<M> {
    /// The solutions, best first (more than one only with `all`).
    pub solutions: Vec<Solution<M>>,
    /// Extras for [`crate::SolveReport::details`].
    pub details: serde_json::Map<String, serde_json::Value>,
    /// The seed used, for randomised solvers.
    pub seed: Option<u64>,
}

impl<M> Answer<M> {
    /// One solution, no details.
    pub fn one(s: Solution<M>) -> Self {
        Answer {
            solutions: vec![s],
            details: serde_json::Map::new(),
            seed: None,
        }
    }
}

/// A runner result.
pub type RunResult<M> = Result<Answer<M>, EngineError>;

/// How a solver runs, per puzzle family.
#[derive(Clone, Copy)]
pub enum Runner {
    /// A 3x3x3 solver.
    Cube3(fn(&Ctx<'_>, &CubieCube) -> RunResult<Cube3Move>),
    /// A 2x2x2 solver.
    Cube2(fn(&Ctx<'_>, &Cube2State) -> RunResult<Cube2Move>),
    /// A Kilominx solver.
    Kilominx(fn(&Ctx<'_>, &KiloState) -> RunResult<KiloMove>),
    /// A clock solver.
    Clock(fn(&Ctx<'_>, &ClockState) -> RunResult<ClockMove>),
    /// A Square-1 solver.
    Sq1(fn(&Ctx<'_>, &Sq1State) -> RunResult<Sq1Move>),
    /// A supercube solver.
    Supercube(fn(&Ctx<'_>, &Supercube, &SupercubeState) -> RunResult<SuperMove>),
    /// An ordinary N×N×N cube solver (the cube of the request's size, a state in its
    /// reference frame).
    CubeN(fn(&Ctx<'_>, &CubeN, &CubeNState) -> RunResult<CubeNMove>),
    /// A solver of puzzles given by a definition (the request's puzzle, a state in its
    /// reference frame).
    Def(fn(&Ctx<'_>, &DefPuzzle, &DefState) -> RunResult<DefMove>),
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Runner")
    }
}

/// A registered solver.
#[derive(Debug, Clone)]
pub struct SolverEntry {
    /// The id (`--solver ID`).
    pub id: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The puzzles it takes.
    pub family: PuzzleFamily,
    /// Whether it is the default for its puzzles.
    pub default: bool,
    /// Whether its answers are proved optimal.
    pub optimal: bool,
    /// Whether one solve uses several threads.
    pub multithreaded: bool,
    /// Whether it keeps to a move set when asked (`--moves R,U`).
    pub moves: bool,
    /// One line for people.
    pub summary: &'static str,
    /// Largest `max_length` it accepts.
    pub max_length: u32,
    /// Its options (built on demand: some defaults are computed).
    pub options: fn() -> Vec<OptionSpec>,
    /// The tables it needs with the given options.
    pub tables: fn(&Resolved) -> Vec<TableNeed>,
    /// Loads (building if needed) its tables for the options of `ctx`.
    pub prepare: fn(&Ctx<'_>) -> Result<(), EngineError>,
    /// Values of its `heuristic` option whose tables differ (empty: one set of tables).
    pub heuristics: &'static [&'static str],
    /// How it runs.
    pub runner: Runner,
}

/// A solver as front ends list it (`--solver list`, the web, Python's `solvers()`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolverInfo {
    /// The id.
    pub id: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The puzzle family.
    pub family: PuzzleFamily,
    /// Whether it is the default for the puzzle.
    pub default: bool,
    /// Whether its answers are proved optimal.
    pub optimal: bool,
    /// Whether one solve uses several threads.
    pub multithreaded: bool,
    /// Whether it keeps to a move set when asked (`--moves R,U`).
    pub moves: bool,
    /// One line for people.
    pub summary: &'static str,
    /// Largest `max_length` it accepts.
    pub max_length: u32,
    /// Its options with types, ranges and defaults.
    pub options: Vec<OptionSpec>,
    /// The tables it needs with its default options.
    pub tables: Vec<TableNeed>,
}

impl SolverEntry {
    /// Its public description.
    pub fn info(&self) -> SolverInfo {
        let options = (self.options)();
        let defaults = crate::options::resolve(self.id, &options, &Default::default()).unwrap_or_default();
        SolverInfo {
            id: self.id,
            aliases: self.aliases,
            family: self.family,
            default: self.default,
            optimal: self.optimal,
            multithreaded: self.multithreaded,
            moves: self.moves,
            summary: self.summary,
            max_length: self.max_length,
            tables: (self.tables)(&defaults),
            options,
        }
    }
}

/// Every solver of `puzzle`, the default first (a size's own default before its family's).
pub fn solvers_for(puzzle: PuzzleId) -> Vec<&'static SolverEntry> {
    let mut v: Vec<&SolverEntry> = crate::solvers::ALL
        .iter()
        .filter(|e| e.family.contains(puzzle))
        .collect();
    v.sort_by_key(|e| {
        (
            !e.default,
            !matches!(e.family, PuzzleFamily::Supercube2 | PuzzleFamily::Supercube3),
        )
    });
    v
}

/// The solver named `name` (id or alias) for `puzzle`, or its default.
pub fn find(puzzle: PuzzleId, name: Option<&str>) -> Result<&'static SolverEntry, EngineError> {
    let all = solvers_for(puzzle);
    let Some(name) = name else {
        return all.first().copied().ok_or_else(|| no_solver(puzzle));
    };
    if all.is_empty() {
        return Err(no_solver(puzzle));
    }
    let l = name.trim().to_ascii_lowercase();
    if let Some(e) = all.iter().find(|e| e.id == l || e.aliases.contains(&l.as_str())) {
        return Ok(e);
    }
    let ids: Vec<&str> = all.iter().map(|e| e.id).collect();
    let elsewhere: Vec<String> = crate::solvers::ALL
        .iter()
        .filter(|e| e.id == l || e.aliases.contains(&l.as_str()))
        .map(|e| format!("{:?}", e.family).to_lowercase())
        .collect();
    Err(EngineError::usage(format!(
        "unknown solver `{name}` for the {}: expected one of {}{}",
        puzzle.title(),
        ids.join(", "),
        if elsewhere.is_empty() {
            String::new()
        } else {
            format!(" (`{name}` solves the {})", elsewhere.join(", "))
        }
    )))
}

/// The error of a puzzle no solver takes yet, naming what does work with it.
fn no_solver(puzzle: PuzzleId) -> EngineError {
    let works = match puzzle {
        PuzzleId::CubeN(_) => String::from(
            " (random-move scrambles, states from moves or facelet strings, their validation and drawing work)",
        ),
        _ => String::new(),
    };
    EngineError::new(
        ErrorKind::Usage,
        format!("no solver for the {} yet{works}", puzzle.title()),
    )
}
