//! The canonical move sequences of a given length (no face twice in a row, commuting faces
//! in one order), written in the puzzle's notation as held at home: the prefixes that split
//! one optimal search into independent tasks (`twisty.ray.solve_optimal`).

use crate::{convert, errors};
use pyo3::prelude::*;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::kilominx::Kilominx;
use twisty_core::Held;
use twisty_engine::{EngineError, PuzzleId};

/// Most prefixes one call returns.
pub const MAX_PREFIXES: usize = 1 << 20;

fn canonical<P: Held>(p: &P, depth: usize) -> Result<Vec<String>, EngineError> {
    let all = p.moves();
    let mut seqs: Vec<Vec<P::Move>> = vec![Vec::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for s in &seqs {
            for &m in &all {
                if s.last().is_none_or(|&prev| p.may_follow(prev, m)) {
                    let mut t = s.clone();
                    t.push(m);
                    next.push(t);
                }
            }
            if next.len() > MAX_PREFIXES {
                return Err(EngineError::usage(format!(
                    "more than {MAX_PREFIXES} prefixes of {depth} moves: choose a smaller prefix depth"
                )));
            }
        }
        seqs = next;
    }
    Ok(seqs
        .iter()
        .map(|s| p.held_moves(p.home_frame(), s).join(" "))
        .collect())
}

/// Every canonical sequence of `depth` moves of `puzzle` (`""` alone for depth 0).
#[pyfunction]
pub fn prefixes(py: Python<'_>, puzzle: &str, depth: usize) -> PyResult<Vec<String>> {
    let id = convert::puzzle(py, puzzle)?;
    let r = match id {
        PuzzleId::Cube3 => canonical(&Cube3, depth),
        PuzzleId::Cube2 => canonical(&Cube2, depth),
        PuzzleId::Kilominx => canonical(&Kilominx, depth),
        PuzzleId::Clock => Err(EngineError::usage(
            "the clock's optimal solver answers in a millisecond: nothing to split",
        )),
        PuzzleId::Sq1 => Err(EngineError::usage("the Square-1 has no optimal solver to split")),
        PuzzleId::Supercube(_) => Err(EngineError::usage("the supercube has no optimal solver to split")),
        PuzzleId::CubeN(n) => Err(EngineError::usage(format!(
            "the {n}x{n}x{n} has no optimal solver to split"
        ))),
        PuzzleId::Def(d) => canonical(&*d.puzzle(), depth),
    };
    r.map_err(|e| errors::to_py(py, &e))
}
