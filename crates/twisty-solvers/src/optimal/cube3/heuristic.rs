//! The heuristics of the optimal 3x3x3 solver, by name, and the tables each needs.

use super::coords::EdgePattern;
use super::{best, h48, pdb, EDGES_A, EDGES_B};
use twisty_search::TableSpec;

/// Which pattern databases the heuristic takes the max of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeuristicKind {
    /// Corners and two 7-edge databases (Korf's method).
    Korf,
    /// Corners and two 5-edge databases (small; tests and quick runs).
    Small,
    /// Korf's databases, probed with the position and its inverse.
    KorfInverse,
    /// The small databases, probed with the position and its inverse.
    SmallInverse,
    /// The coset table on three axes of the position and the inverse (see [`best`]).
    Best,
    /// The tiny coset table (no edge flip), same code; tests and quick runs.
    BestTiny,
    /// The 48-symmetry table with 7 flip bits (see [`h48`]).
    H48_7,
    /// The 48-symmetry table with 8 flip bits.
    H48_8,
    /// The 48-symmetry table with 7 flip bits and base 8 (builds in minutes).
    H48_7Quick,
    /// The 48-symmetry table without flip, built from short paths; tests and quick runs.
    H48Tiny,
}

impl HeuristicKind {
    /// Every heuristic, by name.
    pub const ALL: [(&'static str, HeuristicKind); 10] = [
        ("best", HeuristicKind::Best),
        ("best-tiny", HeuristicKind::BestTiny),
        ("h48-7", HeuristicKind::H48_7),
        ("h48-8", HeuristicKind::H48_8),
        ("h48-7-quick", HeuristicKind::H48_7Quick),
        ("h48-tiny", HeuristicKind::H48Tiny),
        ("korf", HeuristicKind::Korf),
        ("small", HeuristicKind::Small),
        ("korf-inverse", HeuristicKind::KorfInverse),
        ("small-inverse", HeuristicKind::SmallInverse),
    ];

    /// The heuristic of a name.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|&(_, h)| h)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Korf => "korf",
            HeuristicKind::Small => "small",
            HeuristicKind::KorfInverse => "korf-inverse",
            HeuristicKind::SmallInverse => "small-inverse",
            HeuristicKind::Best => "best",
            HeuristicKind::BestTiny => "best-tiny",
            HeuristicKind::H48_7 => "h48-7",
            HeuristicKind::H48_8 => "h48-8",
            HeuristicKind::H48_7Quick => "h48-7-quick",
            HeuristicKind::H48Tiny => "h48-tiny",
        }
    }

    /// Whether the inverse position is probed too.
    pub fn inverse(self) -> bool {
        matches!(
            self,
            HeuristicKind::KorfInverse
                | HeuristicKind::SmallInverse
                | HeuristicKind::Best
                | HeuristicKind::BestTiny
                | HeuristicKind::H48_7
                | HeuristicKind::H48_8
                | HeuristicKind::H48_7Quick
                | HeuristicKind::H48Tiny
        )
    }

    /// The coset-table variant, for `best` and `best-tiny`.
    pub fn coset(self) -> Option<best::Variant> {
        match self {
            HeuristicKind::Best => Some(best::Variant::Full),
            HeuristicKind::BestTiny => Some(best::Variant::Tiny),
            _ => None,
        }
    }

    /// The 48-symmetry table variant, for `h48-7`, `h48-8` and `h48-tiny`.
    pub fn h48(self) -> Option<h48::Variant> {
        match self {
            HeuristicKind::H48_7 => Some(h48::Variant::H7),
            HeuristicKind::H48_8 => Some(h48::Variant::H8),
            HeuristicKind::H48_7Quick => Some(h48::Variant::H7Quick),
            HeuristicKind::H48Tiny => Some(h48::Variant::Tiny),
            _ => None,
        }
    }

    /// Edges per edge database.
    pub fn edge_len(self) -> u32 {
        match self {
            HeuristicKind::Korf | HeuristicKind::KorfInverse => 7,
            HeuristicKind::Small | HeuristicKind::SmallInverse => 5,
            _ => 0,
        }
    }

    pub(super) fn patterns(self) -> [Option<EdgePattern>; 2] {
        // The inverse variants use the same databases.
        let j = self.edge_len() as usize;
        if j == 0 {
            return [None, None];
        }
        [EdgePattern::new(&EDGES_A[..j]), EdgePattern::new(&EDGES_B[..j])]
    }

    /// The table specs it needs.
    pub fn specs(self) -> Vec<TableSpec> {
        if let Some(v) = self.coset() {
            return vec![v.spec(best::CLASSES)];
        }
        if let Some(v) = self.h48() {
            return vec![v.spec()];
        }
        let mut out = vec![pdb::corner_spec()];
        out.extend(self.patterns().iter().flatten().map(pdb::edge_spec));
        out
    }
}
