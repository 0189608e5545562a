//! Why a puzzle definition was refused.

use thiserror::Error;

/// A definition that could not be read or compiled: where (1-based line and column, 0 when
/// the fault is not tied to one place) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", self.describe())]
pub struct DefError {
    /// 1-based line of the offending text, 0 when the fault belongs to no single line.
    pub line: usize,
    /// 1-based character column, 0 when the whole line is at fault.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

impl DefError {
    /// A fault on `line` (0: none), at `column` (0: the whole line).
    pub fn new(line: usize, column: usize, reason: impl Into<String>) -> DefError {
        DefError {
            line,
            column,
            reason: reason.into(),
        }
    }

    /// A fault of the definition as a whole.
    pub fn global(reason: impl Into<String>) -> DefError {
        DefError::new(0, 0, reason)
    }

    fn describe(&self) -> String {
        match (self.line, self.column) {
            (0, _) => self.reason.clone(),
            (l, 0) => format!("line {l}: {}", self.reason),
            (l, c) => format!("line {l}, column {c}: {}", self.reason),
        }
    }
}
