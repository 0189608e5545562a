//! God's algorithm for a puzzle given by a definition: the exact number of states at each
//! distance from solved, by a breadth-first search over the whole state space.
//!
//! The states are ranked by [`twisty_solvers::def::gods`] and searched by
//! [`twisty_search::gods`] (2 bits per state, both cores). The table must fit
//! [`GodsRequest::memory`]; the total reached is checked against the number of states the
//! stabiliser chain counts, a mismatch being an error. With a checkpoint, the table and
//! the counts are written after each complete depth, and [`GodsRequest::resume`] continues
//! from the last one (refusing a file of another search, or a damaged one).

use crate::defs::DefId;
use crate::error::{EngineError, ErrorKind};
use crate::puzzle_id::PuzzleId;
use crate::request::MetricName;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use twisty_core::def::DefPuzzle;
use twisty_core::{Metric, Puzzle};
use twisty_search::file::human_bytes;
use twisty_search::gods::{checkpoint, search, GodsOptions, GodsSpace, GodsTable};
use twisty_solvers::def::gods::GodsPlan;
use web_time::Instant;

/// The default memory cap of the table: 4 GiB.
pub const DEFAULT_GODS_MEMORY: u64 = 4 << 30;

/// A God's-algorithm run.
#[derive(Debug, Clone, Default)]
pub struct GodsRequest {
    /// The puzzle: a definition, or a dedicated puzzle whose definition is built in
    /// (`2x2` is searched as `def:2x2x2`).
    pub puzzle: Option<PuzzleId>,
    /// The metric: HTM (every move of the definition counts 1) or QTM (quarter turns).
    pub metric: MetricName,
    /// Most bytes the table and its move tables may take (0: [`DEFAULT_GODS_MEMORY`]).
    pub memory: u64,
    /// The checkpoint: a file, or a directory to hold one named after the search.
    pub checkpoint: Option<PathBuf>,
    /// Continue from the checkpoint (a fresh search when there is none yet).
    pub resume: bool,
    /// Stop after this depth.
    pub max_depth: Option<u32>,
    /// Move sequences whose states count as solved too.
    pub solved: Vec<String>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Set from another thread to stop at once (the checkpoint keeps the last depth).
    pub stop: Option<Arc<AtomicBool>>,
}

/// What a run found.
#[derive(Debug, Clone, PartialEq)]
pub struct GodsReport {
    /// The puzzle as it is written (`pyraminx`, `def:2x2x2`).
    pub puzzle: String,
    /// The metric's name (`htm`, `qtm`).
    pub metric: &'static str,
    /// `depths[d]`: states at distance `d`.
    pub depths: Vec<u64>,
    /// The states counted (the sum of `depths`).
    pub states: u64,
    /// The number of states the stabiliser chain counts, when known.
    pub expected: Option<String>,
    /// The order of the group the moves generate.
    pub group_order: String,
    /// Whether every state was reached (else stopped early).
    pub complete: bool,
    /// The depth the run resumed after, if it did.
    pub resumed_after: Option<u32>,
    /// How many distinct solved states it started from.
    pub solved_states: usize,
    /// The parts of the index, with their values.
    pub parts: Vec<(String, u32)>,
    /// Entries of the index.
    pub entries: u64,
    /// Bytes of the table.
    pub table_bytes: u64,
    /// The checkpoint written, if any.
    pub checkpoint: Option<PathBuf>,
    /// Seconds of this run (the search; planning included).
    pub seconds: f64,
    /// A remark (the definition used for a dedicated puzzle).
    pub note: Option<String>,
}

/// The definition searched for `id`, with a note when it stands for a dedicated puzzle.
fn definition_of(id: PuzzleId) -> Result<(DefId, Option<String>), EngineError> {
    let builtin = |name: &str, shown: &str| -> Result<(DefId, Option<String>), EngineError> {
        Ok((
            DefId::builtin(name)?,
            Some(format!(
                "{shown} is searched as its built-in definition def:{name}"
            )),
        ))
    };
    match id {
        PuzzleId::Def(d) => Ok((d, None)),
        PuzzleId::Cube2 => builtin("2x2x2", "2x2"),
        PuzzleId::Cube3 => builtin("3x3x3", "3x3"),
        PuzzleId::CubeN(4) => builtin("4x4x4", "4x4"),
        PuzzleId::Kilominx => builtin("kilominx", "kilominx"),
        other => Err(EngineError::usage(format!(
            "God's algorithm runs on puzzles given by a definition (pyraminx, skewb, dino, def:2x2x2, def:PATH ...), not on {}",
            other
        ))),
    }
}

fn file_name(puzzle: &DefPuzzle, metric: &str, fp: u64) -> String {
    let name: String = puzzle
        .name()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(40)
        .collect();
    format!("{name}-{metric}-{fp:016x}.gods")
}

/// The checkpoint file of a run: `path` itself, or a file in it when it is a directory.
fn checkpoint_file(path: &Path, puzzle: &DefPuzzle, metric: &str, fp: u64) -> PathBuf {
    if path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/') {
        path.join(file_name(puzzle, metric, fp))
    } else {
        path.to_path_buf()
    }
}

/// Runs God's algorithm.
pub fn gods(req: &GodsRequest) -> Result<GodsReport, EngineError> {
    let t0 = Instant::now();
    let id = req
        .puzzle
        .ok_or_else(|| EngineError::usage("God's algorithm needs a puzzle"))?;
    let (def, note) = definition_of(id)?;
    let puzzle = def.puzzle();
    let (metric, metric_name) = match req.metric {
        MetricName::Htm => (Metric::Htm, "htm"),
        MetricName::Qtm => (Metric::Qtm, "qtm"),
        other => {
            return Err(EngineError::usage(format!(
                "a definition's metrics are htm and qtm, not {other:?}"
            )))
        }
    };
    let mut extra = Vec::new();
    for (k, text) in req.solved.iter().enumerate() {
        let moves = puzzle.parse_moves(text).map_err(|e| {
            EngineError::new(
                ErrorKind::Parse,
                format!("solved state {} (`{text}`): {e}", k + 1),
            )
        })?;
        extra.push(puzzle.transform_of(&moves));
    }
    let cap = if req.memory == 0 {
        DEFAULT_GODS_MEMORY
    } else {
        req.memory
    };
    let plan = GodsPlan::new(&puzzle, metric, &extra, cap)
        .map_err(|e| EngineError::new(ErrorKind::TooLarge, format!("{}: {}", def.name(), e.0)))?;
    let entries = plan.space.entries();
    let table_bytes = GodsSpace::table_bytes(entries);
    let needed = table_bytes + plan.space.move_table_bytes();
    if needed > cap {
        return Err(EngineError::new(
            ErrorKind::TooLarge,
            format!(
                "{}: the table needs {} ({entries} entries at 2 bits, and the move tables), over the memory cap of {} (--memory)",
                def.name(),
                human_bytes(needed),
                human_bytes(cap)
            ),
        ));
    }
    let file = req
        .checkpoint
        .as_ref()
        .map(|p| checkpoint_file(p, &puzzle, metric_name, plan.fingerprint));
    let mut resumed_after = None;
    let (table, counts) = match (&file, req.resume) {
        (Some(f), true) if f.exists() => {
            let saved = checkpoint::read(f, plan.fingerprint, entries)
                .map_err(|e| EngineError::new(ErrorKind::Usage, format!("cannot resume: {e}")))?;
            resumed_after = Some(saved.counts.len() as u32 - 1);
            (saved.table, saved.counts)
        }
        _ => {
            let (t, fresh) = GodsTable::new(entries, &plan.starts)
                .map_err(|e| EngineError::new(ErrorKind::Internal, e.to_string()))?;
            (t, vec![fresh])
        }
    };
    let opts = GodsOptions {
        progress: req.progress.then(|| format!("gods {}", def.name())),
        max_depth: req.max_depth,
        states: plan.states,
        stop: req.stop.clone(),
    };
    let fp = plan.fingerprint;
    let run = search(&plan.space, &table, counts, &opts, |c| match &file {
        Some(f) => checkpoint::write(f, fp, c.counts, c.finished, c.table)
            .map_err(|e| format!("cannot write the checkpoint {}: {e}", f.display())),
        None => Ok(()),
    })
    .map_err(|e| EngineError::new(ErrorKind::Internal, e.to_string()))?;
    if run.stopped {
        return Err(EngineError::new(
            ErrorKind::Cancelled,
            match &file {
                Some(f) => format!(
                    "stopped; the checkpoint {} holds depth {} (resume with --resume)",
                    f.display(),
                    run.counts.len() - 1
                ),
                None => String::from("stopped (no checkpoint was asked for)"),
            },
        ));
    }
    let states: u64 = run.counts.iter().sum();
    if run.complete {
        if let Some(expected) = plan.states {
            if states != expected {
                return Err(EngineError::new(
                    ErrorKind::Internal,
                    format!(
                        "{}: the search reached {states} states but the stabiliser chain counts {expected}: the distribution is wrong",
                        def.name()
                    ),
                ));
            }
        }
    }
    Ok(GodsReport {
        puzzle: def.name(),
        metric: metric_name,
        depths: run.counts,
        states,
        expected: plan.states_text.clone(),
        group_order: plan.group_order.clone(),
        complete: run.complete,
        resumed_after,
        solved_states: plan.starts.len(),
        parts: plan.parts.clone(),
        entries,
        table_bytes,
        checkpoint: file,
        seconds: t0.elapsed().as_secs_f64(),
        note,
    })
}
