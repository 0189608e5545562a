//! [`EngineError`]: the one error every front end prints (CLI), returns as JSON (web, batch)
//! or raises (Python). Its [`ErrorKind`] is what callers branch on — never the message.

use serde::{Deserialize, Serialize};
use std::fmt;
use twisty_core::{InvalidState, ParseError};
use twisty_solvers::SolveError;

/// What went wrong, as a stable machine-readable kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The input could not be parsed (moves or a state string); `token`, `line` and
    /// `column` say where.
    Parse,
    /// The input describes a state the puzzle cannot reach.
    ImpossibleState,
    /// A bad request: unknown puzzle, solver or option, a value out of range, an option that
    /// does not apply to the solver.
    Usage,
    /// No solution exists within the maximum length asked for.
    NoSolution,
    /// The time limit ran out.
    Timeout,
    /// The solve was cancelled (Ctrl-C, a closed connection).
    Cancelled,
    /// A heuristic solver gave up at an effort limit other than time.
    GaveUp,
    /// A table the solver needs is missing and may not be built now, or could not be read
    /// or built.
    Tables,
    /// A limit on resources (memory, input size) would be exceeded.
    TooLarge,
    /// A bug: e.g. a solver answer that does not solve the input. Never silent.
    Internal,
}

impl ErrorKind {
    /// The kind's name as it appears in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::ImpossibleState => "impossible_state",
            ErrorKind::Usage => "usage",
            ErrorKind::NoSolution => "no_solution",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::GaveUp => "gave_up",
            ErrorKind::Tables => "tables",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::Internal => "internal",
        }
    }

    /// Whether the caller's request was at fault (the CLI's exit code 2, HTTP 4xx).
    pub fn is_usage(self) -> bool {
        matches!(self, ErrorKind::Parse | ErrorKind::Usage | ErrorKind::TooLarge)
    }
}

/// An engine error: a kind, a message for people, and for parse errors the place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// A full sentence for people.
    pub message: String,
    /// For parse errors: the offending token as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// For parse errors: the 1-based line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// For parse errors: the 1-based character column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// For timeouts and cancellations of optimal searches: the deepest bound searched
    /// completely (no solution of this length or shorter exists).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deepest_bound: Option<u32>,
}

impl EngineError {
    /// An error of `kind` with a message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        EngineError {
            kind,
            message: message.into(),
            token: None,
            line: None,
            column: None,
            deepest_bound: None,
        }
    }

    /// A usage error.
    pub fn usage(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Usage, message)
    }

    /// A table error.
    pub fn tables(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Tables, message)
    }

    /// The same error with `context: ` before its message.
    pub fn context(mut self, context: impl fmt::Display) -> Self {
        self.message = format!("{context}: {}", self.message);
        self
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EngineError {}

impl From<ParseError> for EngineError {
    fn from(e: ParseError) -> Self {
        EngineError {
            kind: ErrorKind::Parse,
            message: e.to_string(),
            token: Some(e.token),
            line: Some(e.line),
            column: Some(e.column),
            deepest_bound: None,
        }
    }
}

impl From<InvalidState> for EngineError {
    fn from(e: InvalidState) -> Self {
        match e {
            InvalidState::Malformed(m) => EngineError::new(ErrorKind::Parse, format!("malformed state: {m}")),
            other => EngineError::new(ErrorKind::ImpossibleState, format!("impossible state: {other}")),
        }
    }
}

impl From<SolveError> for EngineError {
    fn from(e: SolveError) -> Self {
        let message = e.to_string();
        match e {
            SolveError::Invalid(i) => i.into(),
            SolveError::NoSolutionWithin { .. } => EngineError::new(ErrorKind::NoSolution, message),
            SolveError::Timeout { deepest_bound } => EngineError {
                deepest_bound,
                ..EngineError::new(ErrorKind::Timeout, message)
            },
            SolveError::Cancelled { deepest_bound } => EngineError {
                deepest_bound,
                ..EngineError::new(ErrorKind::Cancelled, message)
            },
            SolveError::GaveUp(_) => EngineError::new(ErrorKind::GaveUp, message),
            SolveError::Table(_) => EngineError::new(ErrorKind::Tables, message),
            SolveError::Unsupported(_) => EngineError::new(ErrorKind::Usage, message),
            SolveError::OutsideMoveSet => EngineError::new(ErrorKind::NoSolution, message),
            SolveError::Unverified => EngineError::new(ErrorKind::Internal, message),
        }
    }
}

impl From<twisty_search::TableError> for EngineError {
    fn from(e: twisty_search::TableError) -> Self {
        EngineError::new(ErrorKind::Tables, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_keep_their_place_and_solver_errors_their_kind() {
        let p = ParseError {
            token: "Q".into(),
            line: 2,
            column: 5,
            reason: "not a move".into(),
        };
        let e = EngineError::from(p);
        assert_eq!((e.kind, e.line, e.column), (ErrorKind::Parse, Some(2), Some(5)));
        assert_eq!(e.token.as_deref(), Some("Q"));
        let t = EngineError::from(SolveError::Timeout {
            deepest_bound: Some(12),
        });
        assert_eq!((t.kind, t.deepest_bound), (ErrorKind::Timeout, Some(12)));
        let j = serde_json::to_value(&t).unwrap_or_default();
        assert_eq!(j["kind"], "timeout");
        assert!(j.get("token").is_none());
        assert_eq!(
            EngineError::from(InvalidState::Flip).kind,
            ErrorKind::ImpossibleState
        );
    }
}
