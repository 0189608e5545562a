//! Whole-cube symmetries of the 3x3x3 as conjugations of states, used to make repeated
//! fitness evaluations of one state differ (the seed's two-phase fitness varied from run to
//! run because of a thread race) without touching the two-phase search.
//!
//! A [`CubeSymmetry`] is one of the 48 symmetries of [`twisty_core::cube3::symmetry`]: the
//! 24 rotations and their mirror images. [`CubeSymmetry::conjugate`] gives the conjugate
//! state `S' = M·S·M⁻¹` (the state seen through the symmetry, centres at home). A sequence
//! `X'` solving `S'` gives the sequence [`CubeSymmetry::map_back`]`(X')` solving `S`, of the
//! same length (a face turn becomes the turn of the face it came from, reversed under a
//! mirror).

use twisty_core::cube3::{Cube3Move, CubieCube, SymSubgroup, Symmetries};

/// Which symmetries random evaluations may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SymmetrySet {
    /// Only the identity: every evaluation of a state gives the same value.
    #[default]
    Identity,
    /// The 24 rotations.
    Rotations,
    /// The 48 rotations and mirror images.
    All,
}

impl SymmetrySet {
    /// The symmetries of the set.
    pub fn members(self) -> Vec<CubeSymmetry> {
        match self {
            SymmetrySet::Identity => vec![CubeSymmetry::new(0)],
            SymmetrySet::Rotations => SymSubgroup::Rotations
                .members()
                .iter()
                .map(|&k| CubeSymmetry::new(k))
                .collect(),
            SymmetrySet::All => CubeSymmetry::all(),
        }
    }
}

/// One whole-cube symmetry (by its index in [`twisty_core::cube3::symmetry`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CubeSymmetry {
    index: u8,
    /// Whether the symmetry reverses orientation (includes a mirror).
    pub mirror: bool,
}

impl CubeSymmetry {
    fn new(k: usize) -> CubeSymmetry {
        CubeSymmetry {
            index: k as u8,
            mirror: Symmetries::get().sym(k).is_mirror(),
        }
    }

    /// All 48 symmetries; the identity first, then the other rotations, then the mirrored
    /// ones (each group in index order).
    pub fn all() -> Vec<CubeSymmetry> {
        let mut out: Vec<CubeSymmetry> = (0..48).map(CubeSymmetry::new).collect();
        out.sort_by_key(|s| s.mirror);
        out
    }

    /// The index of the symmetry in [`twisty_core::cube3::symmetry`].
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.index == 0
    }

    /// The conjugate state `M·S·M⁻¹` (see the module docs).
    pub fn conjugate(&self, state: &CubieCube) -> CubieCube {
        if self.is_identity() {
            return *state;
        }
        Symmetries::get().conjugate(self.index(), state)
    }

    /// The move of the original frame that a move of the conjugated frame stands for.
    pub fn map_move_back(&self, mv: Cube3Move) -> Cube3Move {
        let t = Symmetries::get();
        t.conj_move(t.inverse(self.index()), mv)
    }

    /// The move of the conjugated frame that a move of the original frame becomes.
    pub fn map_move(&self, mv: Cube3Move) -> Cube3Move {
        Symmetries::get().conj_move(self.index(), mv)
    }

    /// A solution of the conjugated state mapped back to one of the original state.
    pub fn map_back(&self, moves: &[Cube3Move]) -> Vec<Cube3Move> {
        moves.iter().map(|&m| self.map_move_back(m)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::cube3::Cube3;
    use twisty_core::rng::seeded_rng;
    use twisty_core::Puzzle;

    #[test]
    fn there_are_48_distinct_symmetries_24_of_them_rotations() {
        let all = CubeSymmetry::all();
        assert_eq!(all.len(), 48);
        assert!(all[0].is_identity());
        assert_eq!(all.iter().filter(|s| !s.mirror).count(), 24);
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.index, b.index);
            }
            // The conjugate by a mirror of a quarter turn is a quarter turn the other way.
            let q = a.map_move(Cube3Move::ALL[0]);
            assert_eq!(q.amount(), if a.mirror { 3 } else { 1 });
        }
    }

    #[test]
    fn conjugating_a_sequence_state_equals_the_mapped_sequence() {
        let p = Cube3;
        let mut rng = seeded_rng(9);
        for sym in CubeSymmetry::all() {
            let moves = p.random_moves(&mut rng, 12);
            let s = p.state_after(&moves);
            let mapped: Vec<Cube3Move> = moves.iter().map(|&m| sym.map_move(m)).collect();
            assert_eq!(sym.conjugate(&s), p.state_after(&mapped));
            // and back
            let back = sym.map_back(&mapped);
            assert_eq!(back, moves);
        }
    }
}
