//! Whole-cube symmetries of the 3x3x3 as conjugations of states, used to make repeated
//! fitness evaluations of one state differ (the seed's two-phase fitness varied from run to
//! run because of a thread race) without touching the two-phase search.
//!
//! A symmetry is a signed permutation matrix `M` of the cube's axes: the 24 with
//! determinant +1 are the rotations, the other 24 the rotations composed with a mirror.
//! [`CubeSymmetry::conjugate`] turns the cube with `M` (every sticker moves with its cubie)
//! and renames the colours after the centres' new places, which gives the conjugate state
//! `S' = M·S·M⁻¹` with the centres at home. A sequence `X'` solving `S'` gives the sequence
//! [`CubeSymmetry::map_back`]`(X')` solving `S`, of the same length (a face turn becomes the
//! turn of the face it came from, reversed under a mirror).

use twisty_core::cube3::{facelets, Cube3Move, CubieCube, FACE_NAMES};

type V3 = [i32; 3];

/// Normal, "right" and "down" directions of each face as seen from outside, in the facelet
/// string's layout (faces `U R F D L B`; x towards R, y towards U, z towards F).
const FACE_FRAMES: [[V3; 3]; 6] = [
    [[0, 1, 0], [1, 0, 0], [0, 0, 1]],
    [[1, 0, 0], [0, 0, -1], [0, -1, 0]],
    [[0, 0, 1], [1, 0, 0], [0, -1, 0]],
    [[0, -1, 0], [1, 0, 0], [0, 0, -1]],
    [[-1, 0, 0], [0, 0, 1], [0, -1, 0]],
    [[0, 0, -1], [-1, 0, 0], [0, -1, 0]],
];

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
        let all = CubeSymmetry::all();
        match self {
            SymmetrySet::Identity => vec![all[0].clone()],
            SymmetrySet::Rotations => all.into_iter().filter(|s| !s.mirror).collect(),
            SymmetrySet::All => all,
        }
    }
}

/// One whole-cube symmetry: where every facelet goes and how face names map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CubeSymmetry {
    /// `dest[i]`: the facelet index that facelet `i` moves to.
    dest: [u8; 54],
    /// `face_to[f]`: the face that face `f` moves to.
    face_to: [u8; 6],
    /// `face_from[g]`: the face that moves to face `g`.
    face_from: [u8; 6],
    /// Whether the symmetry reverses orientation (includes a mirror).
    pub mirror: bool,
}

fn facelet_geometry() -> [(V3, V3); 54] {
    let mut out = [([0; 3], [0; 3]); 54];
    for (f, [n, r, d]) in FACE_FRAMES.iter().enumerate() {
        for row in 0..3 {
            for col in 0..3 {
                let (a, b) = (col as i32 - 1, row as i32 - 1);
                let p = [0, 1, 2].map(|k| n[k] + a * r[k] + b * d[k]);
                out[9 * f + 3 * row + col] = (p, *n);
            }
        }
    }
    out
}

fn apply(m: &[V3; 3], v: V3) -> V3 {
    [0, 1, 2].map(|i| m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2])
}

fn det(m: &[V3; 3]) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

impl CubeSymmetry {
    /// All 48 symmetries; the identity first, then the other rotations, then the mirrored
    /// ones.
    pub fn all() -> Vec<CubeSymmetry> {
        let geo = facelet_geometry();
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut out = Vec::with_capacity(48);
        for perm in perms {
            for signs in 0..8 {
                let mut m = [[0i32; 3]; 3];
                for i in 0..3 {
                    m[i][perm[i]] = if signs >> i & 1 == 1 { -1 } else { 1 };
                }
                let mut dest = [0u8; 54];
                for (i, (p, n)) in geo.iter().enumerate() {
                    let (p2, n2) = (apply(&m, *p), apply(&m, *n));
                    // Every image is a facelet: the matrix maps the cube onto itself.
                    let j = geo.iter().position(|g| g.0 == p2 && g.1 == n2).unwrap_or(i);
                    dest[i] = j as u8;
                }
                let face_to = [0, 1, 2, 3, 4, 5].map(|f| dest[9 * f + 4] / 9);
                let mut face_from = [0u8; 6];
                for f in 0..6 {
                    face_from[face_to[f] as usize] = f as u8;
                }
                out.push(CubeSymmetry {
                    dest,
                    face_to,
                    face_from,
                    mirror: det(&m) < 0,
                });
            }
        }
        // Identity first, then rotations, then mirrors (stable within each group).
        out.sort_by_key(|s| (s.mirror, s.face_to != [0, 1, 2, 3, 4, 5]));
        out
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.face_to == [0, 1, 2, 3, 4, 5] && !self.mirror
    }

    /// The conjugate state `M·S·M⁻¹` (see the module docs).
    pub fn conjugate(&self, state: &CubieCube) -> CubieCube {
        if self.is_identity() {
            return *state;
        }
        let src = facelets::facelet_faces(state);
        let mut out = ['U'; 54];
        for i in 0..54 {
            out[self.dest[i] as usize] = FACE_NAMES[self.face_to[src[i] as usize] as usize];
        }
        let text: String = out.iter().collect();
        // A symmetry maps legal states to legal states; fall back to the state itself rather
        // than fail if that ever did not hold (the fitness stays a valid estimate).
        facelets::from_facelets(&text).unwrap_or(*state)
    }

    /// The move of the original frame that a move of the conjugated frame stands for.
    pub fn map_move_back(&self, mv: Cube3Move) -> Cube3Move {
        let face = self.face_from[mv.face() as usize];
        let amount = if self.mirror { 4 - mv.amount() } else { mv.amount() };
        Cube3Move::new(face, amount).unwrap_or(mv)
    }

    /// The move of the conjugated frame that a move of the original frame becomes.
    pub fn map_move(&self, mv: Cube3Move) -> Cube3Move {
        let face = self.face_to[mv.face() as usize];
        let amount = if self.mirror { 4 - mv.amount() } else { mv.amount() };
        Cube3Move::new(face, amount).unwrap_or(mv)
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
                assert_ne!(a.dest, b.dest);
            }
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
