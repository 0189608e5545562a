//! Error types shared by all puzzles.

use thiserror::Error;

/// A move sequence (or other notation) that could not be parsed.
///
/// `column` is 1-based and counts characters (not bytes) from the start of the line that
/// holds the token; `line` is 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot parse `{token}` at line {line}, column {column}: {reason}")]
pub struct ParseError {
    /// The offending token, as written.
    pub token: String,
    /// 1-based line of the token.
    pub line: usize,
    /// 1-based character column of the token's first character.
    pub column: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Why a described state (facelets, colour net, edited cubies) is not a legal puzzle state.
///
/// Each variant is one distinct way a state can be impossible, so that callers (and users)
/// learn exactly what to fix.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InvalidState {
    /// The input has the wrong shape (length, characters, rows).
    #[error("malformed input: {0}")]
    Malformed(String),
    /// A colour appears the wrong number of times.
    #[error("colour count: {colour} appears {count} times, expected {expected}")]
    ColourCount {
        /// The colour (or face letter).
        colour: String,
        /// How many times it appears.
        count: usize,
        /// How many times it should appear.
        expected: usize,
    },
    /// The centre stickers are not one of each colour (or not in a legal arrangement).
    #[error("centres: {0}")]
    Centres(String),
    /// A sticker combination that matches no piece of the puzzle.
    #[error("no such piece: {0}")]
    NoSuchPiece(String),
    /// A piece appears more than once (so another is missing).
    #[error("duplicate piece: {0}")]
    DuplicatePiece(String),
    /// Corner orientations do not sum to 0 modulo 3.
    #[error("corner twist: the corner orientations sum to {sum} mod 3 (must be 0): one corner is twisted")]
    Twist {
        /// Sum of corner twists modulo 3.
        sum: u8,
    },
    /// Edge orientations do not sum to 0 modulo 2.
    #[error("edge flip: an odd number of edges is flipped (one edge is flipped in place)")]
    Flip,
    /// Permutation parities do not match.
    #[error("parity: {0}")]
    Parity(String),
    /// A rule specific to one puzzle.
    #[error("{0}")]
    Other(String),
}
