//! The `h48` heuristics: a coset table whose target group is invariant under all 48
//! symmetries of the cube, after the public description of nissy-core's H48 solver.
//!
//! # The target group and its coordinate
//!
//! The target group holds the cubes whose corners are each in their own tetrad (`URF ULB
//! DLF DRB` and `UFL UBR DFR DBL`) and twisted 0, and whose edges are each in their own
//! slice (M, S or E) and not flipped. Every half turn is in it, and every symmetry maps it
//! onto itself, so the corner part of the coordinate (twist × tetrad set, 153,090 values)
//! can be reduced by all 48 symmetries: 3393 classes ([`coords`]). The edge part is the
//! slice arrangement (12!/4!³ = 34,650) and the flip, conjugated with the corner part; a
//! flip relative to another axis differs from the F–B flip on exactly the edges of some
//! slices, which the slice arrangement tells.
//!
//! # Partial flips
//!
//! Keeping all 11 flip bits gives 240,778,137,600 entries (60 GB at 2 bits). A variant keeps
//! the top `k` bits of the conjugated flip (the flips of positions `11 − k … 10`): its entry
//! is the minimum of the full entries it merges, so it is still a lower bound. This is no
//! longer a coordinate that moves act on (the merged flips move into the kept positions),
//! so the table is not built by a breadth-first search over its own entries but by
//! enumerating short paths ([`gen`]).
//!
//! # Storage and probes
//!
//! Entries are 2 bits relative to a base with a fallback minimum per 62 entries
//! ([`twisty_search::coset_bfs::BasePacked`]): exact for `base + 1` and `base + 2`, "at
//! least `base + 3`" for 3, and the unit's minimum for 0. A search node probes the
//! position and its inverse (equally far from solved); see [`search`].

pub mod coords;
pub mod gen;
pub mod search;
pub mod shortset;

use twisty_search::coset_bfs;
use twisty_search::TableSpec;

/// A table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// 7 flip bits, base 9: 15,048,633,600 entries, 3.6 GiB.
    H7,
    /// 8 flip bits, base 9: 30,097,267,200 entries, 7.2 GiB.
    H8,
    /// 7 flip bits, base 8 (values up to 11): the 3.6 GiB table that builds in minutes.
    H7Quick,
    /// No flip bit, base 5, built from paths of at most 7 moves: 117,567,450 entries
    /// (28 MiB); for tests and quick runs.
    Tiny,
}

impl Variant {
    /// Flip bits kept.
    pub fn flip_bits(self) -> u32 {
        match self {
            Variant::H7 | Variant::H7Quick => 7,
            Variant::H8 => 8,
            Variant::Tiny => 0,
        }
    }

    /// The base of the 2-bit entries. The build enumerates paths up to `base + 2` moves from
    /// the states at the short depth, so each unit of base multiplies its time by about 13.
    /// Base 8 builds in 3 minutes but stores 93 % of the 7-bit table's entries as "at least
    /// 11"; base 9 stores values up to 12 and builds in 9 minutes on 2 cores (BENCHMARKS.md).
    pub fn base(self) -> u8 {
        match self {
            Variant::H7 | Variant::H8 => 9,
            Variant::H7Quick => 8,
            Variant::Tiny => 5,
        }
    }

    /// The depth of the breadth-first search over full coordinates that starts the build.
    /// Depth 9 for base 9: the depth-first part then never re-enters a state within 9 moves
    /// (19 % less processor time than depth 8, for 4.4 GB more memory; BENCHMARKS.md).
    pub fn short_depth(self) -> u8 {
        match self {
            Variant::H7 | Variant::H8 => 9,
            Variant::H7Quick => 8,
            Variant::Tiny => 5,
        }
    }

    /// Entries of the table.
    pub fn entries(self) -> u64 {
        coords::CLASSES * coords::N_ESEP as u64 * (1u64 << self.flip_bits())
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::H7 => "h48-7",
            Variant::H8 => "h48-8",
            Variant::H7Quick => "h48-7-quick",
            Variant::Tiny => "h48-tiny",
        }
    }

    /// The table's spec (`entries` counts 2-bit slots, fallback nibbles included).
    pub fn spec(self) -> TableSpec {
        TableSpec {
            // Named by what fixes the contents: the flip bits and the base.
            name: match self {
                Variant::Tiny => format!("3x3x3/h48/h48-tiny-b{}", self.base()),
                _ => format!("3x3x3/h48/h48-{}-b{}", self.flip_bits(), self.base()),
            },
            entry_bits: 2,
            entries: coset_bfs::packed_len(self.entries()) * 4,
        }
    }

    /// Bytes of the table.
    pub fn table_bytes(self) -> u64 {
        coset_bfs::packed_len(self.entries())
    }
}
