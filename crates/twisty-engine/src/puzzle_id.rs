//! [`PuzzleId`]: the one name of every puzzle, its parser and its limits.

use crate::defs::{DefId, PLAIN_NAMES};
use crate::error::{EngineError, ErrorKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Smallest supercube size.
pub const MIN_SUPERCUBE: u8 = 2;
/// Largest supercube size every front end accepts (the model holds N³ cubies; at 16 a state
/// is 4,096 bytes and the genetic solver takes minutes).
pub const MAX_SUPERCUBE: u8 = 16;

/// Smallest ordinary N×N×N cube of [`PuzzleId::CubeN`] (the 2x2x2 and the 3x3x3 are
/// their own puzzles, with their own solvers).
pub const MIN_CUBE_N: u8 = 4;
/// Largest ordinary N×N×N cube every front end accepts: the model's limit
/// ([`twisty_core::cube_n::MAX_N`]).
pub const MAX_CUBE_N: u8 = twisty_core::cube_n::MAX_N as u8;

const _: () = assert!(MAX_CUBE_N as usize == twisty_core::cube_n::MAX_N && MAX_CUBE_N >= 33);

/// A puzzle the engine knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PuzzleId {
    /// The 3x3x3 cube.
    Cube3,
    /// The 2x2x2 cube.
    Cube2,
    /// The Kilominx (a dodecahedron of 20 corner cubies).
    Kilominx,
    /// The Rubik's Clock (18 dials, 14 of them independent).
    Clock,
    /// The Square-1 (two layers of 8 corners and 8 edges, a middle layer of two halves).
    Sq1,
    /// The full N×N×N supercube, `MIN_SUPERCUBE ≤ N ≤ MAX_SUPERCUBE`.
    Supercube(u8),
    /// The ordinary N×N×N cube a person owns (centres of one colour interchangeable),
    /// `MIN_CUBE_N ≤ N ≤ MAX_CUBE_N`: `4x4`, `5x5`, … .
    CubeN(u8),
    /// A puzzle given by a definition (`pyraminx`, `skewb`, …, `def:NAME`, `def:PATH`).
    Def(DefId),
}

impl PuzzleId {
    /// The fixed puzzles, then the usual big cubes and one example supercube: what `--help`
    /// and the web list.
    pub fn listed() -> Vec<PuzzleId> {
        let mut v = vec![
            PuzzleId::Cube3,
            PuzzleId::Cube2,
            PuzzleId::CubeN(4),
            PuzzleId::CubeN(5),
            PuzzleId::CubeN(6),
            PuzzleId::CubeN(7),
            PuzzleId::Kilominx,
            PuzzleId::Clock,
            PuzzleId::Sq1,
            PuzzleId::Supercube(3),
        ];
        // The definitions of puzzles twisty has no dedicated model of.
        v.extend(
            PLAIN_NAMES
                .iter()
                .filter_map(|n| DefId::builtin(n).ok())
                .map(PuzzleId::Def),
        );
        v
    }

    /// Every accepted name (the canonical one first) of the fixed puzzles.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            PuzzleId::Cube3 => &["3x3", "3x3x3", "333", "cube"],
            PuzzleId::Cube2 => &["2x2", "2x2x2", "222"],
            PuzzleId::Kilominx => &["kilominx", "kilo"],
            PuzzleId::Clock => &["clock"],
            PuzzleId::Sq1 => &["sq1", "square1", "square-1"],
            PuzzleId::Supercube(_) => &["supercube:N"],
            PuzzleId::CubeN(_) => &["NxN", "NxNxN", "NNN"],
            PuzzleId::Def(_) => &["def:NAME", "def:PATH"],
        }
    }

    /// A human name, e.g. `3x3x3` or `4x4x4 supercube`.
    pub fn title(self) -> String {
        match self {
            PuzzleId::Cube3 => "3x3x3".into(),
            PuzzleId::Cube2 => "2x2x2".into(),
            PuzzleId::Kilominx => "Kilominx".into(),
            PuzzleId::Clock => "Clock".into(),
            PuzzleId::Sq1 => "Square-1".into(),
            PuzzleId::Supercube(n) => format!("{n}x{n}x{n} supercube"),
            PuzzleId::CubeN(n) => format!("{n}x{n}x{n}"),
            PuzzleId::Def(d) => d.title(),
        }
    }

    /// The help text listing the accepted names.
    pub fn help() -> String {
        format!(
            "3x3 (3x3x3), 2x2 (2x2x2), NxN (NxNxN, {MIN_CUBE_N} ≤ N ≤ {MAX_CUBE_N}: 4x4, 5x5x5, 666…), kilominx, clock, sq1 (square1), supercube:N ({MIN_SUPERCUBE} ≤ N ≤ {MAX_SUPERCUBE}), {}, def:NAME of a built-in definition ({}) or def:PATH of a definition file (.tws or KPuzzle JSON)",
            PLAIN_NAMES.join(", "),
            crate::defs::builtin_list(),
        )
    }

    /// The metric lengths are counted in when a request names the half-turn metric (the
    /// default): on the big cubes every move turns a block, and the half-turn metric there
    /// is the outer block turn metric, so reports name it `obtm`. The Square-1 counts in the
    /// WCA's twist metric only (each `/` one move, turns of the layers none): `twist`.
    pub fn metric(self, asked: twisty_core::Metric) -> twisty_core::Metric {
        match (self, asked) {
            (PuzzleId::CubeN(_), twisty_core::Metric::Htm) => twisty_core::Metric::Obtm,
            (PuzzleId::Sq1, _) => twisty_core::Metric::Twist,
            (_, m) => m,
        }
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleId::Cube3 => write!(f, "3x3"),
            PuzzleId::Cube2 => write!(f, "2x2"),
            PuzzleId::Kilominx => write!(f, "kilominx"),
            PuzzleId::Clock => write!(f, "clock"),
            PuzzleId::Sq1 => write!(f, "sq1"),
            PuzzleId::Supercube(n) => write!(f, "supercube:{n}"),
            PuzzleId::CubeN(n) => write!(f, "{n}x{n}"),
            PuzzleId::Def(d) => write!(f, "{}", d.name()),
        }
    }
}

impl FromStr for PuzzleId {
    type Err = EngineError;

    fn from_str(s: &str) -> Result<Self, EngineError> {
        let l = s.trim().to_ascii_lowercase();
        if PLAIN_NAMES.contains(&l.as_str()) {
            return DefId::builtin(&l).map(PuzzleId::Def);
        }
        if l.starts_with("def:") {
            // The path keeps its case.
            return DefId::parse(&s.trim()[4..]).map(PuzzleId::Def);
        }
        for id in [
            PuzzleId::Cube3,
            PuzzleId::Cube2,
            PuzzleId::Kilominx,
            PuzzleId::Clock,
            PuzzleId::Sq1,
        ] {
            if id.aliases().contains(&l.as_str()) {
                return Ok(id);
            }
        }
        if let Some(id) = cube_n(s, &l)? {
            return Ok(id);
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

/// `NxN`, `NxNxN` or `NNN` (one digit) as an ordinary big cube, checked against the limits;
/// `None` when `l` (lowercased) is not written so.
fn cube_n(s: &str, l: &str) -> Result<Option<PuzzleId>, EngineError> {
    let parts: Vec<&str> = l.split('x').collect();
    let digits = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit());
    let (n, written): (u64, &str) =
        if (parts.len() == 2 || parts.len() == 3) && parts.iter().all(|p| digits(p)) {
            if parts.iter().any(|p| p != &parts[0]) {
                return Err(EngineError::new(
                    ErrorKind::Usage,
                    format!("`{s}`: a cube has the same size along every edge, e.g. 4x4 or 5x5x5"),
                ));
            }
            (parts[0].parse().unwrap_or(u64::MAX), parts[0])
        } else if l.len() == 3 && digits(l) && l.bytes().all(|b| b == l.as_bytes()[0]) {
            (u64::from(l.as_bytes()[0] - b'0'), &l[..1])
        } else {
            return Ok(None);
        };
    if !(u64::from(MIN_CUBE_N)..=u64::from(MAX_CUBE_N)).contains(&n) {
        return Err(EngineError::new(
            ErrorKind::Usage,
            format!(
                "`{s}`: the N×N×N cubes are 4x4 to {MAX_CUBE_N}x{MAX_CUBE_N} (and the 2x2 and 3x3 puzzles), not N = {written}"
            ),
        ));
    }
    Ok(Some(PuzzleId::CubeN(n as u8)))
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
            PuzzleId::Clock,
            PuzzleId::Sq1,
            PuzzleId::Supercube(16),
            PuzzleId::CubeN(4),
            PuzzleId::CubeN(MAX_CUBE_N),
        ] {
            assert_eq!(id.to_string().parse::<PuzzleId>().ok(), Some(id));
        }
        for (name, n) in [
            ("4x4", 4),
            ("5X5X5", 5),
            ("666", 6),
            ("33x33x33", 33),
            ("64x64", 64),
        ] {
            assert_eq!(name.parse::<PuzzleId>().ok(), Some(PuzzleId::CubeN(n)), "{name}");
        }
        assert_eq!("2x2".parse::<PuzzleId>().ok(), Some(PuzzleId::Cube2));
        for name in ["sq1", "Square1", "SQUARE-1"] {
            assert_eq!(name.parse::<PuzzleId>().ok(), Some(PuzzleId::Sq1), "{name}");
        }
        assert_eq!("3x3x3".parse::<PuzzleId>().ok(), Some(PuzzleId::Cube3));
        for (bad, why) in [
            ("1x1", "4x4 to 64x64"),
            ("65x65", "not N = 65"),
            ("0x0x0", "not N = 0"),
            ("4x5", "same size"),
            ("999999999x999999999", "4x4 to"),
        ] {
            let e = bad
                .parse::<PuzzleId>()
                .err()
                .map(|e| e.message)
                .unwrap_or_default();
            assert!(e.contains(why), "{bad}: {e}");
        }
        assert_eq!("3X3X3".parse::<PuzzleId>().ok(), Some(PuzzleId::Cube3));
        assert_eq!(
            "supercube-2".parse::<PuzzleId>().ok(),
            Some(PuzzleId::Supercube(2))
        );
        for bad in [
            "supercube:1",
            "supercube:17",
            "supercube:x",
            "4x4x",
            "x4",
            "4y4",
            "",
        ] {
            let e = bad.parse::<PuzzleId>().err().map(|e| e.kind);
            assert_eq!(e, Some(ErrorKind::Usage), "{bad}");
        }
    }
}
