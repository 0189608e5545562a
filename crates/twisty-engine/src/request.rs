//! [`SolveRequest`]: everything one solve needs, the same for every front end.

use crate::error::EngineError;
use crate::options::Options;
use crate::puzzle_id::PuzzleId;
use crate::report::Frame;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use twisty_core::Metric;
use web_time::Instant;

/// Longest time limit accepted, in seconds (30 days): anything longer is a typo.
pub const MAX_TIMEOUT_SECONDS: f64 = 30.0 * 24.0 * 3600.0;

/// Largest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 64 << 10;

/// The notation of the input and the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// The notation cubers use: WCA for cubes, cubing.js's for the Kilominx.
    #[default]
    Standard,
    /// The seed program's notation (the Kilominx's `U L F …` in the UFL-fixed frame; the
    /// supercube paper's `x0 y2'` codes). Read and printed in the reference frame.
    Seed,
}

/// What a solve is for: it picks the defaults of options that have one for each use (see
/// [`crate::options::OptionSpec::batch_default`]), e.g. the two-phase solver's `budget`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// One solve someone waits for (CLI `solve`, the web page, Python `solve`): the
    /// shortest answer found within a budget nobody notices.
    #[default]
    Single,
    /// One of many (`solve --batch`, Python `solve_many`, the Ray helper): throughput.
    Batch,
}

/// One solve.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SolveRequest {
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// Moves applied to the solved puzzle, or a state string (3x3x3 and 2x2x2 facelets,
    /// the supercube's hex code).
    pub input: String,
    /// The solver id or alias (`None`: the puzzle's default).
    #[serde(default)]
    pub solver: Option<String>,
    /// The solver's options by name.
    #[serde(default)]
    pub options: Options,
    /// Longest acceptable solution.
    #[serde(default)]
    pub max_length: Option<u32>,
    /// Time budget in seconds.
    #[serde(default)]
    pub timeout: Option<f64>,
    /// `htm` (default; on the N×N×N cubes it is `obtm`), `qtm`, or on the N×N×N cubes
    /// `obtm`, `sstm` or `etm`.
    #[serde(default)]
    pub metric: MetricName,
    /// Threads for one solve (`None`: all cores).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Seed of randomised solvers.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The frame of the answer.
    #[serde(default)]
    pub frame: Frame,
    /// The notation of input and answer.
    #[serde(default)]
    pub notation: Notation,
    /// For a search split by move prefixes (the input ends with the prefix): the caller
    /// knows that no answer shorter than this exists, so an optimal solver starts there.
    /// A wrong value can give a longer answer than the shortest.
    #[serde(default)]
    pub min_length: Option<u32>,
    /// For a search split by move prefixes: the answer continues the input's last move
    /// canonically (an optimal solver skips first moves on its face, or on the opposite
    /// face out of canonical order: another prefix covers those sequences).
    #[serde(default)]
    pub continue_input: bool,
    /// What the solve is for (picks option defaults).
    #[serde(default)]
    pub purpose: Purpose,
    /// Only these moves in the answer: faces or move names separated by commas or spaces
    /// (`"R,U"`: every turn of R and of U), as the answer is written (the user's frame by
    /// default). Only solvers that can keep to a move set take it (see
    /// [`crate::SolverEntry::moves`]); without a solver named, the puzzle's first that can.
    #[serde(default)]
    pub moves: Option<String>,
    /// Raised from elsewhere to stop the solve.
    #[serde(skip)]
    pub cancel: Option<Arc<AtomicBool>>,
    /// When the request arrived, if before the call of [`crate::Engine::solve`] (a server
    /// that read the request's body or waited for a free slot first): the time limit counts
    /// from then. `None`: from the call.
    #[serde(skip)]
    pub arrived: Option<Instant>,
}

/// A metric by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricName {
    /// Half-turn metric.
    #[default]
    Htm,
    /// Quarter-turn metric.
    Qtm,
    /// Outer block turn metric (the N×N×N cubes; their half-turn metric).
    Obtm,
    /// Single slice turn metric (the N×N×N cubes).
    Sstm,
    /// Execution turn metric (the N×N×N cubes).
    Etm,
}

impl From<MetricName> for Metric {
    fn from(m: MetricName) -> Metric {
        match m {
            MetricName::Htm => Metric::Htm,
            MetricName::Qtm => Metric::Qtm,
            MetricName::Obtm => Metric::Obtm,
            MetricName::Sstm => Metric::Sstm,
            MetricName::Etm => Metric::Etm,
        }
    }
}

impl MetricName {
    /// `htm`, `qtm`, `obtm`, `sstm` or `etm`.
    pub fn name(self) -> &'static str {
        Metric::from(self).name()
    }

    /// The metrics `puzzle` counts in: htm and qtm everywhere, and the block metrics on the
    /// N×N×N cubes; the Square-1 only its own (the twist metric, asked for as the default).
    pub fn accepted(puzzle: PuzzleId) -> &'static [MetricName] {
        match puzzle {
            PuzzleId::Sq1 => &[MetricName::Htm],
            PuzzleId::CubeN(_) => &[
                MetricName::Obtm,
                MetricName::Htm,
                MetricName::Qtm,
                MetricName::Sstm,
                MetricName::Etm,
            ],
            _ => &[MetricName::Htm, MetricName::Qtm],
        }
    }

    /// This metric, checked to be one `puzzle` counts in.
    pub fn checked(self, puzzle: PuzzleId) -> Result<Metric, EngineError> {
        let ok = MetricName::accepted(puzzle);
        if puzzle == PuzzleId::Sq1 && !ok.contains(&self) {
            return Err(EngineError::usage(format!(
                "the Square-1 counts in the WCA's twist metric only (each `/` one move, turns of the layers none), not {}: leave the metric out",
                self.name()
            )));
        }
        if !ok.contains(&self) {
            let names: Vec<&str> = ok.iter().map(|m| m.name()).collect();
            return Err(EngineError::usage(format!(
                "the {} metric is for the N×N×N cubes (4x4 and up); the {} counts in {}",
                self.name(),
                puzzle.title(),
                names.join(" or ")
            )));
        }
        Ok(puzzle.metric(self.into()))
    }
}

impl SolveRequest {
    /// A request with every default: the puzzle's default solver, no limits.
    pub fn new(puzzle: PuzzleId, input: impl Into<String>) -> SolveRequest {
        SolveRequest {
            puzzle,
            input: input.into(),
            solver: None,
            options: Options::new(),
            max_length: None,
            timeout: None,
            metric: MetricName::Htm,
            threads: None,
            seed: None,
            frame: Frame::Held,
            notation: Notation::Standard,
            min_length: None,
            continue_input: false,
            purpose: Purpose::Single,
            moves: None,
            cancel: None,
            arrived: None,
        }
    }

    /// The same request with solver `id`.
    pub fn solver(mut self, id: &str) -> Self {
        self.solver = Some(id.to_string());
        self
    }

    /// The same request with option `name` set to `value`.
    pub fn option(mut self, name: &str, value: impl Into<serde_json::Value>) -> Self {
        self.options.insert(name.to_string(), value.into());
        self
    }

    /// The time limit, checked: positive, finite, at most [`MAX_TIMEOUT_SECONDS`].
    pub fn timeout(&self) -> Result<Option<Duration>, EngineError> {
        match self.timeout {
            None => Ok(None),
            Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIMEOUT_SECONDS => Ok(Some(Duration::from_secs_f64(t))),
            Some(t) => Err(EngineError::usage(format!(
                "the time limit must be a positive number of seconds up to {MAX_TIMEOUT_SECONDS} (30 days), not {t}"
            ))),
        }
    }
}
