//! Tests of the Kilominx optimal solver: the search, the tables and their lookups, and the
//! long ignored runs that build the full tables.

use super::*;

mod inverse;
mod long;
mod search;
mod tables;

fn inverse_state(moves: &[KiloMove]) -> KiloState {
    let k = Kilominx;
    let inv: Vec<KiloMove> = moves.iter().rev().map(|&m| k.inverse(m)).collect();
    k.state_after(&inv)
}

/// The `best` shape on small tables: two 3-cubie mod-3 tables read through the six
/// symmetries, forward and (lifted from a 2-cubie table inside each) inverse, beside the
/// plain lookups of `base`.
pub(super) fn with_inverse_config(base: Vec<Pattern>) -> Config {
    let n = base.len();
    let mut patterns = base;
    patterns.push(Pattern::new(&["UFR", "MFR"]).unwrap());
    patterns.push(Pattern::new(&["UBR", "UBM"]).unwrap());
    Config {
        mod3: [&["UFR", "UBR", "MFR"][..], &["UBL", "UBR", "UBM"]]
            .map(|names| Mod3Config {
                pattern: Pattern::new(names).unwrap(),
                powers: vec![0, 1, 2, 3, 4, 5],
            })
            .to_vec(),
        inverse_faces: vec![n, n + 1],
        ..Config::plain(patterns)
    }
}
