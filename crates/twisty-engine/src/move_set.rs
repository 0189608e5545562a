//! Solves kept to a move set (`--moves R,U`, the request's `moves`): the set is read as
//! faces or move families of the puzzle's notation (`R`: every turn of R), matched against
//! each of the solver's moves as the answer writes it (as the user holds the puzzle, unless
//! the answer is asked for in the reference frame), and handed to the solver as a mask over
//! its moves ([`twisty_solvers::Limits::moves`]). Every answer is checked to keep to it.

use crate::catalog::{self, SolverEntry};
use crate::engine::Engine;
use crate::error::{EngineError, ErrorKind};
use crate::input::Parsed;
use crate::options::resolve_for;
use crate::puzzle_id::PuzzleId;
use crate::report::Frame;
use crate::request::{Notation, SolveRequest};
use twisty_core::Held;
use twisty_solvers::SolveError;

/// Most entries a move set may have.
const MAX_ITEMS: usize = 64;

/// The heuristics the optimal 3x3x3 solver tries for a restricted solve when none is named,
/// strongest first: the first whose tables are in the cache, else the last (45 MiB, built in
/// seconds). The `h48` heuristics cannot keep to a move set.
const CUBE3_HEURISTICS: [&str; 3] = ["best", "korf-inverse", "small-inverse"];

/// The family of a move token: the token without its amount (`R2'` → `R`, `Rw2` → `Rw`).
pub(crate) fn family(token: &str) -> &str {
    let f = token.trim_end_matches(|c: char| c == '\'' || c.is_ascii_digit());
    if f.is_empty() {
        token
    } else {
        f
    }
}

/// The families of a move set as written (`"R,U"`, `"R U"`), checked for form.
pub(crate) fn parse(text: &str) -> Result<Vec<String>, EngineError> {
    let items: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return Err(EngineError::usage(
            "the move set is empty: name the faces to turn, e.g. --moves R,U",
        ));
    }
    if items.len() > MAX_ITEMS {
        return Err(EngineError::usage(format!(
            "the move set has {} entries, more than the {MAX_ITEMS} allowed",
            items.len()
        )));
    }
    let mut out: Vec<String> = Vec::new();
    for it in items {
        if family(it) != it {
            return Err(EngineError::usage(format!(
                "`{it}` in the move set: name a face or move family, e.g. `{}` (all of its turns may be used), not one turn",
                family(it)
            )));
        }
        if !out.iter().any(|o| o == it) {
            out.push(it.to_string());
        }
    }
    Ok(out)
}

/// The solver entry for a request with a move set: the named one if it can keep to it, or
/// the puzzle's first that can.
pub(crate) fn entry(req: &SolveRequest) -> Result<&'static SolverEntry, EngineError> {
    let all = catalog::solvers_for(req.puzzle);
    let able: Vec<&str> = all.iter().filter(|e| e.moves).map(|e| e.id).collect();
    let entry = match &req.solver {
        Some(name) => catalog::find(req.puzzle, Some(name))?,
        None => match all.iter().find(|e| e.moves) {
            Some(e) => e,
            None => return Err(no_solver(req.puzzle)),
        },
    };
    if !entry.moves {
        if able.is_empty() {
            return Err(no_solver(req.puzzle));
        }
        return Err(EngineError::usage(format!(
            "the {} solver cannot keep to a move set; for the {} the {} solver can (--solver {})",
            entry.id,
            req.puzzle.title(),
            able.join(", "),
            able[0]
        )));
    }
    Ok(entry)
}

fn no_solver(puzzle: PuzzleId) -> EngineError {
    EngineError::usage(format!(
        "no solver of the {} keeps to a move set yet: --moves works with the optimal solvers of the 3x3x3, the 2x2x2 and the puzzles given by a definition",
        puzzle.title()
    ))
}

/// The tokens the answer would write for each of the puzzle's moves.
fn tokens<P: Held>(p: &P, req: &SolveRequest, parsed: &Parsed<P>) -> Vec<String> {
    let held = req.frame == Frame::Held && req.notation == Notation::Standard;
    p.moves()
        .into_iter()
        .map(|m| {
            if held {
                p.held_moves(parsed.frame, &[m]).join(" ")
            } else {
                p.format_move(m)
            }
        })
        .collect()
}

/// The mask of the solver's moves (by index in `Puzzle::moves`) the request's move set
/// allows, or `None` without a move set.
pub(crate) fn mask<P: Held>(
    p: &P,
    req: &SolveRequest,
    parsed: &Parsed<P>,
    entry: &SolverEntry,
) -> Result<Option<Vec<bool>>, EngineError> {
    let Some(text) = &req.moves else {
        return Ok(None);
    };
    let items = parse(text)?;
    let tokens = tokens(p, req, parsed);
    let families: Vec<&str> = tokens.iter().map(|t| family(t)).collect();
    for it in &items {
        if !families.contains(&it.as_str()) {
            let mut known: Vec<&str> = Vec::new();
            for f in &families {
                if !known.contains(f) {
                    known.push(f);
                }
            }
            let held = req.frame == Frame::Held
                && req.notation == Notation::Standard
                && parsed.frame != p.home_frame();
            return Err(EngineError::usage(format!(
                "`{it}` in the move set is not one of the {} solver's moves{}: they are {}",
                entry.id,
                if held { " on the puzzle as you hold it" } else { "" },
                known.join(", ")
            )));
        }
    }
    Ok(Some(
        families.iter().map(|f| items.iter().any(|i| i == f)).collect(),
    ))
}

/// The run-time check: every token of the written answer is of an allowed family.
pub(crate) fn check(req: &SolveRequest, tokens: &[String]) -> Result<(), EngineError> {
    let Some(text) = &req.moves else {
        return Ok(());
    };
    let items = parse(text)?;
    match tokens.iter().find(|t| !items.iter().any(|i| i == family(t))) {
        None => Ok(()),
        Some(t) => Err(EngineError::new(
            ErrorKind::Internal,
            format!(
                "internal error: the answer turns `{t}`, which is not in the move set {}",
                items.join(", ")
            ),
        )),
    }
}

/// A solver's refusal of a state outside the group of the allowed moves, with the moves
/// named (the solver knows only their mask); other errors as they are.
pub(crate) fn named(req: &SolveRequest, e: EngineError) -> EngineError {
    let outside = SolveError::OutsideMoveSet.to_string();
    match parse(req.moves.as_deref().unwrap_or_default()) {
        Ok(items) if e.kind == ErrorKind::NoSolution && e.message == outside => EngineError {
            message: format!(
                "the state cannot be solved with the allowed moves alone, turns of {} (it is not in the group they generate)",
                items.join(", ")
            ),
            ..e
        },
        _ => e,
    }
}

/// The allowed families as the report lists them.
pub(crate) fn listed(req: &SolveRequest) -> Option<String> {
    parse(req.moves.as_deref()?).ok().map(|v| v.join(", "))
}

impl Engine {
    /// The request with the option defaults a restricted solve needs, when they differ: the
    /// optimal 3x3x3 solver's strongest heuristic at hand that can keep to a move set.
    pub(crate) fn move_set_defaults(&self, req: &SolveRequest) -> Option<SolveRequest> {
        req.moves.as_ref()?;
        let entry = entry(req).ok()?;
        if req.puzzle != PuzzleId::Cube3 || entry.id != "optimal" || req.options.contains_key("heuristic") {
            return None;
        }
        let specs = (entry.options)();
        let chosen = CUBE3_HEURISTICS
            .iter()
            .find(|h| {
                let mut given = req.options.clone();
                given.insert("heuristic".into(), (**h).into());
                resolve_for(entry.id, &specs, &given, req.purpose)
                    .is_ok_and(|o| self.cached(&(entry.tables)(&o)))
            })
            .unwrap_or(&CUBE3_HEURISTICS[CUBE3_HEURISTICS.len() - 1]);
        Some(req.clone().option("heuristic", *chosen))
    }
}
