//! The pattern databases of the 3x3x3 optimal solver: the corner database (8!·3⁷ =
//! 88,179,840 entries) and edge-pattern databases (12Pk·2^k entries; 510,935,040 for seven
//! edges), 4-bit distances built breadth-first (both cores, progress bar) into the table
//! cache.

use super::coords::{corner_perm_table, twist_table, EdgePattern, MoveMaps, CORNER_PERMS, MOVES, TWISTS};
use twisty_core::cube3::EDGE_NAMES;
use twisty_search::bfs::{distance_table, BfsOptions};
use twisty_search::TableSpec;

/// Entries of the corner database.
pub const CORNER_ENTRIES: u64 = CORNER_PERMS * TWISTS;

/// The corner database's spec.
pub fn corner_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/pdb/corners"),
        entry_bits: 4,
        entries: CORNER_ENTRIES,
    }
}

/// An edge database's spec.
pub fn edge_spec(p: &EdgePattern) -> TableSpec {
    let names: Vec<&str> = p.edges.iter().map(|&e| EDGE_NAMES[e as usize]).collect();
    TableSpec {
        name: format!("3x3x3/pdb/edges-{}", names.join("-")),
        entry_bits: 4,
        entries: p.size(),
    }
}

fn bfs_opts(progress: bool, label: String) -> BfsOptions {
    BfsOptions {
        progress: progress.then_some(label),
    }
}

/// Builds the corner database (index `perm · 2187 + twist`).
pub fn build_corners(maps: &MoveMaps, progress: bool) -> Vec<u8> {
    let cpt = corner_perm_table(maps);
    let twt = twist_table(maps);
    let neighbour = |i: u64, m: usize| {
        let (p, t) = ((i / TWISTS) as usize, (i % TWISTS) as usize);
        cpt[p * MOVES + m] as u64 * TWISTS + twt[t * MOVES + m] as u64
    };
    let opts = bfs_opts(progress, String::from("3x3x3 corners"));
    distance_table(CORNER_ENTRIES, &[0], MOVES, neighbour, &opts)
        .table
        .0
}

/// Builds an edge database (index: the pattern's coordinate).
pub fn build_edges(p: &EdgePattern, maps: &MoveMaps, progress: bool) -> Vec<u8> {
    let table = p.move_table(maps);
    let k = p.k();
    let neighbour = |i: u64, m: usize| super::coords::edge_move(&table, i as u32, k, m) as u64;
    let opts = bfs_opts(progress, format!("3x3x3 {}-edge", k));
    distance_table(p.size(), &[p.solved() as u64], MOVES, neighbour, &opts)
        .table
        .0
}
