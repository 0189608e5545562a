//! The `best` heuristic: a symmetry-reduced coset distance table probed on three axes and
//! on the inverse position.
//!
//! # The coset
//!
//! The coordinate of a cube is its corner twist (3⁷), the set of corner positions holding
//! the four D-layer corners (C(8,4) = 70), the set of edge positions holding the four
//! U/D-slice edges (C(12,4) = 495) and the edge flip (2¹¹). It is solved exactly on the
//! subgroup `H` of ⟨U, D, R2, L2, F2, B2⟩ that keeps the D corners in the D layer, and a
//! move changes it as a function of the coordinate alone, so the table's distance (the
//! fewest moves that bring the coordinate to solved) is a lower bound on the distance of
//! the cube. `H` contains every U and D move.
//!
//! # Symmetry reduction
//!
//! The 16 symmetries that keep the U–D axis (rotations about it, the half turn about F–B,
//! the left–right mirror and products) map `H` and the move set onto themselves, so
//! conjugates have the same table distance. The corner part (twist × D-corner set, 153,090
//! values) is reduced to 9,930 classes; an entry is `class × (495 · 2048) + (slice, flip)`
//! with the slice and flip conjugated by the symmetry that takes the corner part to its
//! class representative: 10,066,636,800 entries. The flip of a conjugate by a quarter turn
//! about U–D also depends on the slice positions (the F/B reference stickers of the slice
//! edges become R/L ones), so the conjugated flip is a permuted flip XOR a mask of the slice.
//!
//! The entries are stored 2 bits each relative to a base, with a per-unit fallback minimum
//! ([`twisty_search::coset_bfs::BasePacked`]); 2.42 GiB at base 9. The `best-tiny` variant
//! drops the flip (4.9 million entries) and runs the same code, for tests.
//!
//! # Probes
//!
//! The table is read for the position conjugated by the rotations about the U–R–F corner
//! diagonal (which take the R–L and F–B axes to U–D): three axes. When all three agree on
//! a value `h > 0`, the distance is at least `h + 1` (the "+1 rule"): if the distance were
//! `h`, the last move of an optimal solution turns a face of some axis, and that axis's
//! coset subgroup contains the move, so the first `h − 1` moves would already reach that
//! axis's coset, and its table distance would be at most `h − 1`, not `h`. (Stored values
//! are lower bounds: if one axis's true coset distance is above `h`, the distance is
//! above `h` anyway.) The inverse position has the same distance (solutions reversed and
//! inverted), so its three axes are probed the same way; the search stops at the first
//! probe that prunes.

mod coset;
mod search;
#[cfg(test)]
mod tests;

pub use coset::{axis_coords, dset, CosetCoords};
pub use search::{plus_one, BestNode, BestProblem};

use twisty_search::coset_bfs;
use twisty_search::TableSpec;

/// Corner twists.
pub const N_TWIST: usize = 2187;
/// Edge flips.
pub const N_FLIP: usize = 2048;
/// Slice-edge position sets.
pub const N_SLICE: usize = 495;
/// D-corner position sets.
pub const N_DSET: usize = 70;
/// Symmetries used (those keeping the U–D axis).
pub const N_SYM: usize = 16;
/// Raw corner-part values (twist × D-corner set).
pub const N_CC: usize = N_TWIST * N_DSET;

/// Which table: the full one, or the tiny one for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Twist × D corners (by symmetry) × slice × flip, base 9.
    Full,
    /// Twist × D corners (by symmetry) × slice, base 4 (no flip).
    Tiny,
}

impl Variant {
    /// Whether the flip is part of the coordinate.
    pub fn flip(self) -> bool {
        self == Variant::Full
    }

    /// The base of the 2-bit entries.
    pub fn base(self) -> u8 {
        match self {
            Variant::Full => 9,
            Variant::Tiny => 4,
        }
    }

    /// Entries per corner class.
    pub fn per_class(self) -> u64 {
        N_SLICE as u64 * if self.flip() { N_FLIP as u64 } else { 1 }
    }

    /// The table's spec (`entries` counts 2-bit slots, fallback nibbles included).
    pub fn spec(self, classes: u64) -> TableSpec {
        let n = classes * self.per_class();
        TableSpec {
            name: format!(
                "3x3x3/coset/{}-b{}",
                if self.flip() { "best" } else { "best-tiny" },
                self.base()
            ),
            entry_bits: 2,
            entries: coset_bfs::packed_len(n) * 4,
        }
    }
}

/// The number of corner classes (fixed by the symmetry group; checked by a test).
pub const CLASSES: u64 = 9930;

/// The raw coordinates of one axis of a cube: twist, flip, slice, D-corner set.
pub type Axis = [u16; 4];
