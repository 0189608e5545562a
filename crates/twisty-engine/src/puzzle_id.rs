//! [`PuzzleId`]: the one name of every puzzle, its parser and its limits.

use crate::error::{EngineError, ErrorKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Smallest supercube size.
pub const MIN_SUPERCUBE: u8 = 2;
/// Largest supercube size every front end accepts (the model holds N³ cubies; at 16 a state
/// is 4,096 bytes and the genetic solver takes minutes).
pub const MAX_SUPERCUBE: u8 = 16;

/// A puzzle the engine knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PuzzleId {
    /// The 3x3x3 cube.
    Cube3,
    /// The 2x2x2 cube.
    Cube2,
    /// The Kilominx (a dodecahedron of 20 corner cubies).
    Kilominx,
    /// The full N×N×N supercube, `MIN_SUPERCUBE ≤ N ≤ MAX_SUPERCUBE`.
    Supercube(u8),
}

impl PuzzleId {
    /// The fixed puzzles, then one example supercube: what `--help` and the web list.
    pub fn listed() -> Vec<PuzzleId> {
        vec![
            PuzzleId::Cube3,
            PuzzleId::Cube2,
            PuzzleId::Kilominx,
            PuzzleId::Supercube(3),
        ]
    }

    /// Every accepted name (the canonical one first) of the fixed puzzles.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            PuzzleId::Cube3 => &["3x3", "3x3x3", "333", "cube"],
            PuzzleId::Cube2 => &["2x2", "2x2x2", "222"],
            PuzzleId::Kilominx => &["kilominx", "kilo"],
            PuzzleId::Supercube(_) => &["supercube:N"],
        }
    }

    /// A human name, e.g. `3x3x3` or `4x4x4 supercube`.
    pub fn title(self) -> String {
        match self {
            PuzzleId::Cube3 => "3x3x3".into(),
            PuzzleId::Cube2 => "2x2x2".into(),
            PuzzleId::Kilominx => "Kilominx".into(),
            PuzzleId::Supercube(n) => format!("{n}x{n}x{n} supercube"),
        }
    }

    /// The help text listing the accepted names.
    pub fn help() -> String {
        format!("3x3 (3x3x3), 2x2 (2x2x2), kilominx, or supercube:N ({MIN_SUPERCUBE} ≤ N ≤ {MAX_SUPERCUBE})")
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleId::Cube3 => write!(f, "3x3"),
            PuzzleId::Cube2 => write!(f, "2x2"),
            PuzzleId::Kilominx => write!(f, "kilominx"),
            PuzzleId::Supercube(n) => write!(f, "supercube:{n}"),
        }
    }
}

impl FromStr for PuzzleId {
    type Err = EngineError;

    fn from_str(s: &str) -> Result<Self, EngineError> {
        let l = s.trim().to_ascii_lowercase();
        for id in [PuzzleId::Cube3, PuzzleId::Cube2, PuzzleId::Kilominx] {
            if id.aliases().contains(&l.as_str()) {
                return Ok(id);
            }
        }
        let Some(n) = l
            .strip_prefix("supercube:")
            .or_else(|| l.strip_prefix("supercube-"))
        else {
            return Err(EngineError::new(
                ErrorKind::Usage,
                format!("unknown puzzle `{s}`: expected {}", PuzzleId::help()),
            ));
        };
        let n: u32 = n.parse().map_err(|_| {
            EngineError::new(
                ErrorKind::Usage,
                format!("`{s}`: the supercube size must be a number, e.g. supercube:4"),
            )
        })?;
        if !(u32::from(MIN_SUPERCUBE)..=u32::from(MAX_SUPERCUBE)).contains(&n) {
            return Err(EngineError::new(
                ErrorKind::Usage,
                format!("`{s}`: the supercube size must be between {MIN_SUPERCUBE} and {MAX_SUPERCUBE}"),
            ));
        }
        Ok(PuzzleId::Supercube(n as u8))
    }
}

impl Serialize for PuzzleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for PuzzleId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse()
            .map_err(|e: EngineError| serde::de::Error::custom(e.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_limits_hold() {
        for id in [
            PuzzleId::Cube3,
            PuzzleId::Cube2,
            PuzzleId::Kilominx,
            PuzzleId::Supercube(16),
        ] {
            assert_eq!(id.to_string().parse::<PuzzleId>().ok(), Some(id));
        }
        assert_eq!("3X3X3".parse::<PuzzleId>().ok(), Some(PuzzleId::Cube3));
        assert_eq!(
            "supercube-2".parse::<PuzzleId>().ok(),
            Some(PuzzleId::Supercube(2))
        );
        for bad in ["supercube:1", "supercube:17", "supercube:x", "4x4", ""] {
            let e = bad.parse::<PuzzleId>().err().map(|e| e.kind);
            assert_eq!(e, Some(ErrorKind::Usage), "{bad}");
        }
    }
}
