//! Tests of the Kilominx optimal solver: the search, the tables and their lookups, and the
//! long ignored runs that build the full tables.

use super::*;

mod long;
mod search;
mod tables;

fn inverse_state(moves: &[KiloMove]) -> KiloState {
    let k = Kilominx;
    let inv: Vec<KiloMove> = moves.iter().rev().map(|&m| k.inverse(m)).collect();
    k.state_after(&inv)
}
