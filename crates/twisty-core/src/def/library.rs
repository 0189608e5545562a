//! The built-in definitions, generated from cubing.js by `scripts/gen_definitions.mjs`
//! (each file's header says how) and embedded in the binary.
//!
//! | name | orbits | moves searched | counts |
//! |---|---|---|---|
//! | `pyraminx` | 6 edges, 4 corners, 4 tips | `U L R B` and tips `u l r b` | 75,582,720 |
//! | `skewb` | 8 corners, 6 centres (orientation ignored) | `U L R B` | 3,149,280 |
//! | `megaminx` | 20 corners, 30 edges (centres fixed) | 12 faces, `R++ D--` as aliases | 20!/2 · 3¹⁹ · 30!/2 · 2²⁹ ≈ 1.0 × 10⁶⁸ |
//! | `fto` | 6 corners, 12 edges, 24 centres (3 of each colour) | 8 faces | 376,897,600,550,338,560,000,000 (12 × the published count up to rotation) |
//! | `dino` | 12 edges | 8 corners | 239,500,800 (12 × the published count up to rotation) |
//! | `helicopter` | 8 corners, 24 centres (4 of each colour) | 12 edges (no jumbling) | 8! · 3⁷ · (6!)⁴ / 2 |
//! | `2x2x2` | 8 corners, DBL kept home | `U R F` (others as aliases) | 3,674,160 |
//! | `3x3x3` | 8 corners, 12 edges (centres fixed) | 6 faces | 43,252,003,274,489,856,000 |
//! | `4x4x4` | 8 corners, 24 wings, 24 centres (4 of each colour), DBL kept home | `U R F`, `Uw Rw Fw`, `3Uw 3Rw 3Fw` | ≈ 7.4 × 10⁴⁵ |
//! | `kilominx` | 20 corners | 12 faces | 20!/2 · 3¹⁹ |

use super::{DefError, DefPuzzle};

/// Every built-in definition: its name and its `.tws` text.
pub const BUILTIN: &[(&str, &str)] = &[
    ("pyraminx", include_str!("../../definitions/pyraminx.tws")),
    ("skewb", include_str!("../../definitions/skewb.tws")),
    ("megaminx", include_str!("../../definitions/megaminx.tws")),
    ("fto", include_str!("../../definitions/fto.tws")),
    ("dino", include_str!("../../definitions/dino.tws")),
    ("helicopter", include_str!("../../definitions/helicopter.tws")),
    ("2x2x2", include_str!("../../definitions/2x2x2.tws")),
    ("3x3x3", include_str!("../../definitions/3x3x3.tws")),
    ("4x4x4", include_str!("../../definitions/4x4x4.tws")),
    ("kilominx", include_str!("../../definitions/kilominx.tws")),
];

/// The names of the built-in definitions.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// The text of a built-in definition.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// A built-in definition, compiled (`None` for an unknown name).
pub fn builtin(name: &str) -> Option<Result<DefPuzzle, DefError>> {
    builtin_text(name).map(DefPuzzle::from_tws)
}
