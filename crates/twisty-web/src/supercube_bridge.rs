//! Supercube moves between the page's WCA notation and the engine while the core model
//! reads only the paper's notation (`x0 y2'`): the input is translated to the paper's codes
//! and solved in the reference frame; the answer's codes are written back in WCA tokens.
//! Once the core reads WCA supercube moves ([`core_reads_wca`]), requests go to the engine
//! unchanged and this translation is not used.

use crate::display::PuzzleDisplay;
use crate::puzzles::{self, PuzzleError};
use std::sync::OnceLock;
use twisty_core::supercube::Supercube;
use twisty_core::{Held, Puzzle};
use twisty_engine::{EngineError, ErrorKind, Notation, PuzzleId, SolveReport, SolveRequest};

/// Whether the core model reads WCA supercube moves as the engine's standard notation.
pub fn core_reads_wca() -> bool {
    static READS: OnceLock<bool> = OnceLock::new();
    *READS.get_or_init(|| Supercube::new(3).is_ok_and(|c| c.parse_held("R 2U'").is_ok()))
}

/// Whether `req` needs the translation.
pub fn applies(req: &SolveRequest) -> bool {
    matches!(req.puzzle, PuzzleId::Supercube(_)) && req.notation == Notation::Standard && !core_reads_wca()
}

fn cube(n: u8) -> Result<Supercube, EngineError> {
    Supercube::new(usize::from(n)).map_err(|e| EngineError::usage(e.to_string()))
}

/// The request with its WCA input written in the paper's codes (reference frame).
pub fn to_engine(req: &SolveRequest) -> Result<SolveRequest, EngineError> {
    let PuzzleId::Supercube(n) = req.puzzle else {
        return Ok(req.clone());
    };
    let p = req.puzzle;
    let tokens = puzzles::parse_moves(p, &req.input).map_err(EngineError::from)?;
    let (moves, _) = puzzles::supercube_notation(p.model(), &tokens).map_err(EngineError::from)?;
    let mut out = req.clone();
    out.input = cube(n)?.format_moves(&moves);
    out.notation = Notation::Seed;
    Ok(out)
}

/// The engine's report with its answer written back in WCA tokens and the input as given.
pub fn from_engine(req: &SolveRequest, mut report: SolveReport) -> Result<SolveReport, EngineError> {
    let PuzzleId::Supercube(n) = req.puzzle else {
        return Ok(report);
    };
    let cube = cube(n)?;
    let (_, names) = puzzles::supercube_notation(req.puzzle.model(), &[])
        .map_err(|e: PuzzleError| EngineError::from(e))?;
    let moves = cube.parse_moves(&report.solution).map_err(EngineError::from)?;
    let tokens = moves
        .iter()
        .map(|m| {
            names.get(m).cloned().ok_or_else(|| {
                EngineError::new(
                    ErrorKind::Internal,
                    format!("no WCA name for the slice turn {m:?}"),
                )
            })
        })
        .collect::<Result<Vec<String>, EngineError>>()?;
    report.solution = tokens.join(" ");
    report.moves = tokens;
    report.notation = "wca".into();
    report.input = req.input.clone();
    Ok(report)
}
