//! Admissible table fitnesses (lower bounds of the optimal distance, HTM).
//!
//! - [`CornerPdbFitness`] (`--fitness pdb`): a pattern database of the eight corners — the
//!   exact distance of the corners alone, read from the 2x2x2 optimal distance table
//!   (3,674,160 entries, 1.8 MB, built in about a second and cached as a table file). A
//!   sequence that solves the 3x3x3 solves its corners, and on corners alone a turn of a face
//!   equals a turn of the opposite face plus a whole-cube rotation, so this 2x2x2 distance
//!   (with the DBL corner held fixed) never exceeds the 3x3x3 distance. Range 0..=11; a
//!   state whose corners alone are solved scores 1, so that 0 still means solved.
//! - [`OptimalBoundFitness`] (`--fitness optimal-bound`): the best cheap admissible bound we
//!   have, `max(corner distance, phase-1 bounds)`. The phase-1 bound is the two-phase
//!   search's own phase-1 pruning value (max of its twist × slice, flip × slice and twist ×
//!   flip tables: moves needed to reach ⟨U, D, R2, L2, F2, B2⟩), taken in the three axis
//!   frames (the cube conjugated so that phase 1 aims at the U/D, R/L and F/B axes). Each
//!   of the three is a lower bound on the distance to solved, so is their maximum. This
//!   bound ranges 0..=12 and is much flatter than the two-phase length: the metaheuristics
//!   get far less guidance from it (a comparison point, not a recommendation).

use super::symmetry::CubeSymmetry;
use super::{Fitness, SwarmError};
use crate::optimal::cube2::Cube2Optimal;
use crate::twophase::coord;
use crate::twophase::TwoPhase;
use std::sync::Arc;
use twisty_core::cube2::Cube2State;
use twisty_core::cube3::{facelets, Cube3, CubieCube, FACE_NAMES};
use twisty_core::{Metric, Puzzle};
use twisty_search::TableCache;

/// The 2x2x2 state of the corners of a 3x3x3 state (held so that DBL is home).
pub fn corners_of(state: &CubieCube) -> Result<Cube2State, SwarmError> {
    let f = facelets::facelet_faces(state);
    let mut text = String::with_capacity(24);
    for face in 0..6 {
        for k in [0, 2, 6, 8] {
            text.push(FACE_NAMES[f[9 * face + k] as usize]);
        }
    }
    Cube2State::from_facelets(&text).map_err(|e| SwarmError::Fitness(e.to_string()))
}

/// Corner pattern-database fitness (see the module docs).
#[derive(Debug, Clone)]
pub struct CornerPdbFitness {
    table: Arc<Cube2Optimal>,
}

impl CornerPdbFitness {
    /// Loads (or builds) the 2x2x2 HTM distance table from `cache`.
    pub fn load(cache: &TableCache, progress: bool) -> Result<Self, SwarmError> {
        let table = Cube2Optimal::with_progress(cache, Metric::Htm, progress)
            .map_err(|e| SwarmError::Fitness(format!("2x2x2 distance table: {e}")))?;
        Ok(Self {
            table: Arc::new(table),
        })
    }

    /// The corner distance of `state`.
    pub fn distance(&self, state: &CubieCube) -> Result<u32, SwarmError> {
        Ok(u32::from(self.table.distance(&corners_of(state)?)))
    }
}

impl Fitness<Cube3> for CornerPdbFitness {
    /// The corner distance, but at least 1 unless the whole cube is solved (fitness 0 means
    /// solved to the algorithms).
    fn eval(&mut self, puzzle: &Cube3, state: &CubieCube) -> Result<u32, SwarmError> {
        if puzzle.is_solved(state) {
            return Ok(0);
        }
        Ok(self.distance(state)?.max(1))
    }
}

/// `max(corner distance, phase-1 bounds in three frames)` (see the module docs).
#[derive(Debug, Clone)]
pub struct OptimalBoundFitness {
    corners: CornerPdbFitness,
    twophase: &'static TwoPhase,
    /// Symmetries taking the R/L and F/B axes to U/D.
    frames: [CubeSymmetry; 2],
}

impl OptimalBoundFitness {
    /// A bound over the corner table and the shared two-phase tables.
    pub fn new(corners: CornerPdbFitness, twophase: &'static TwoPhase) -> Result<Self, SwarmError> {
        let rots: Vec<CubeSymmetry> = CubeSymmetry::all().into_iter().filter(|s| !s.mirror).collect();
        let to_up = |face: u8| {
            rots.iter()
                .find(|s| {
                    s.map_move(twisty_core::cube3::Cube3Move::ALL[3 * face as usize])
                        .face()
                        == 0
                })
                .cloned()
                .ok_or_else(|| SwarmError::Fitness("no rotation to the U axis".into()))
        };
        Ok(Self {
            corners,
            twophase,
            frames: [to_up(1)?, to_up(2)?],
        })
    }

    /// Phase-1 bound of `c` in its own frame.
    pub fn phase1_bound(&self, c: &CubieCube) -> u32 {
        let d = self
            .twophase
            .tables()
            .phase1
            .distances(coord::twist(c), coord::flip(c), coord::slice(c));
        u32::from(d[0].max(d[1]).max(d[2]))
    }
}

impl Fitness<Cube3> for OptimalBoundFitness {
    fn eval(&mut self, puzzle: &Cube3, state: &CubieCube) -> Result<u32, SwarmError> {
        if puzzle.is_solved(state) {
            return Ok(0);
        }
        let mut h = self.corners.distance(state)?.max(self.phase1_bound(state));
        for s in &self.frames {
            h = h.max(self.phase1_bound(&s.conjugate(state)));
        }
        // Only the solved state has bound 0 in every table; keep 0 for "solved" alone.
        Ok(h.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;

    #[test]
    fn bounds_never_exceed_the_scramble_length() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let pdb = CornerPdbFitness::load(&cache, false).unwrap();
        let mut ob = OptimalBoundFitness::new(pdb.clone(), TwoPhase::global()).unwrap();
        let p = Cube3;
        let mut rng = seeded_rng(4);
        let mut seen_positive = false;
        for len in 0..12 {
            let moves = p.random_moves(&mut rng, len);
            let s = p.state_after(&moves);
            let h = ob.eval(&p, &s).unwrap();
            let c = pdb.distance(&s).unwrap();
            assert!(c <= h && h as usize <= len, "len {len}: {c} {h}");
            assert_eq!(h == 0, p.is_solved(&s));
            seen_positive |= h >= 5;
        }
        assert!(seen_positive);
        // A single quarter turn: corner distance exactly 1.
        let s = p.state_after(&p.parse_moves("R").unwrap());
        assert_eq!(pdb.distance(&s).unwrap(), 1);
        let s = p.state_after(&p.parse_moves("L").unwrap());
        assert_eq!(pdb.distance(&s).unwrap(), 1);
    }
}
