//! The 3x3x3 supercube seen from its core: a 3x3x3 with fixed centres that spin, plus the
//! core's orientation in space.
//!
//! Turning the whole cube changes no cubie's place relative to the others, so a state `s`
//! with core orientation `c` is `c · r`, where `r` ([`facelets::rotate_whole`] of `s` by
//! `c⁻¹`) has its core, and hence every face centre's place, at home. In `r`:
//! - an outer slice turn is a face turn of an ordinary 3x3x3 ([`CubieCube`]) that also spins
//!   the face's centre (`spins`, quarter turns about the positive axis, 0..4);
//! - a middle slice turn by `q` about axis `a` is the whole cube turned by `q` times both
//!   outer layers of `a` turned back by `q`: on `r` the two outer layers turn by `−q` (the
//!   *paired* move, costing one), and the core becomes `c · W` (`W` the whole-cube turn).
//!
//! So the state is `(cube, spins, core)` ([`Rel`]) and its 27 moves (index
//! `9·axis + 3·slice + angle`, slice 1 being the paired move) act on `cube` and `spins` as
//! face turns and on `core` by right multiplication. The relative move of slice turn `m`
//! when the core is `c` is `m` written in the core's frame ([`wca::transform`] by `c⁻¹`),
//! and back. The tests check every move of the model against this description.

use twisty_core::cube3::{self, Cube3Move, CubieCube};
use twisty_core::supercube::{facelets, group, reachable, wca, SuperMove, Supercube, SupercubeState};
use twisty_core::{InvalidState, Puzzle};

/// The 3x3x3 supercube.
pub const CUBE: Supercube = Supercube { n: 3 };
/// Number of relative moves.
pub const MOVES: usize = 27;
/// Position of the core.
pub const CORE: usize = 13;
/// Outward normals of the faces `U R F D L B` (the order of [`Cube3Move::face`]).
pub const NORMALS: [[i32; 3]; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// The position of the centre of face `f` (`U R F D L B`).
pub fn centre(f: usize) -> usize {
    let v = NORMALS[f].map(|c| (c + 1) as usize);
    (v[2] * 3 + v[1]) * 3 + v[0]
}

/// The axis (0 = x, 1 = y, 2 = z) of face `f`.
pub fn face_axis(f: usize) -> usize {
    (0..3).position(|i| NORMALS[f][i] != 0).unwrap_or(0)
}

/// The supercube state relative to its core.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rel {
    /// Corners and edges as an ordinary 3x3x3.
    pub cube: CubieCube,
    /// Each face centre's spin, quarter turns about the positive axis, faces `U R F D L B`.
    pub spins: [u8; 6],
    /// The core's orientation (index into [`group`]).
    pub core: u8,
}

/// The spin (0..4) of a centre of orientation `o` at its home on `axis`, if `o` is a turn
/// about that axis.
fn spin(axis: usize, o: u8) -> Option<u8> {
    let g = group();
    let mut q = 0u8;
    for s in 0..4u8 {
        if q == o {
            return Some(s);
        }
        q = g.mul[g.turn[axis][0] as usize][q as usize];
    }
    None
}

/// The relative state of a 3x3x3 supercube state, or why it is not one that slice turns reach.
pub fn to_rel(s: &SupercubeState) -> Result<Rel, InvalidState> {
    if s.n != 3 || s.orient.len() != 27 {
        return Err(InvalidState::Malformed(format!(
            "this solver takes the 3x3x3 supercube, got a state of size {}",
            s.n
        )));
    }
    reachable::check(&CUBE, s).map_err(|e| InvalidState::Other(e.to_string()))?;
    let g = group();
    let core = s.orient[CORE];
    let r = facelets::rotate_whole(s, g.inv[core as usize]);
    let mut spins = [0u8; 6];
    for (f, out) in spins.iter_mut().enumerate() {
        *out = spin(face_axis(f), r.orient[centre(f)]).ok_or_else(|| {
            InvalidState::Other(format!(
                "the centre of face {} is not at its place",
                "URFDLB".as_bytes()[f] as char
            ))
        })?;
    }
    let cube = cube3::facelets::from_facelets(&facelets::facelets(&r))?;
    Ok(Rel { cube, spins, core })
}

/// How each relative move acts, derived from the model's own moves.
#[derive(Debug, Clone)]
pub struct RelMoves {
    /// The 3x3x3 face turns of each relative move (two for a paired move).
    pub faces: [[Option<Cube3Move>; 2]; MOVES],
    /// The spin added to each centre.
    pub spin: [[u8; 6]; MOVES],
    /// The whole-cube turn the core is multiplied by on the right (0 for face turns).
    pub turn: [u8; MOVES],
}

/// The relative move `(axis, slice, angle)` as a slice turn of the core's frame.
pub fn as_super(j: usize) -> SuperMove {
    SuperMove {
        slice: ((j / 3) % 3) as u8,
        axis: (j / 9) as u8,
        angle: (j % 3) as u8,
    }
}

/// The relative move index of a slice turn of the core's frame.
pub fn index_of(m: SuperMove) -> usize {
    9 * m.axis as usize + 3 * m.slice as usize + m.angle as usize
}

impl RelMoves {
    /// Derives the table from the model: each outer turn applied to the solved cube.
    pub fn new() -> Result<RelMoves, InvalidState> {
        let mut out = RelMoves {
            faces: [[None; 2]; MOVES],
            spin: [[0; 6]; MOVES],
            turn: [0; MOVES],
        };
        let outer = |m: SuperMove| -> Result<(Cube3Move, [u8; 6]), InvalidState> {
            let s = CUBE.state_after(&[m]);
            let r = to_rel(&s)?;
            let face = (0..18u8)
                .filter_map(Cube3Move::from_index)
                .find(|&f| CubieCube::SOLVED.after(f) == r.cube)
                .ok_or_else(|| InvalidState::Other(format!("{m} is no face turn")))?;
            Ok((face, r.spins))
        };
        let g = group();
        for j in 0..MOVES {
            let m = as_super(j);
            if m.slice == 1 {
                let back = 2 - m.angle;
                let (f0, s0) = outer(SuperMove {
                    slice: 0,
                    angle: back,
                    ..m
                })?;
                let (f2, s2) = outer(SuperMove {
                    slice: 2,
                    angle: back,
                    ..m
                })?;
                out.faces[j] = [Some(f0), Some(f2)];
                for k in 0..6 {
                    out.spin[j][k] = (s0[k] + s2[k]) % 4;
                }
                out.turn[j] = g.turn[m.axis as usize][m.angle as usize];
            } else {
                let (f, s) = outer(m)?;
                out.faces[j] = [Some(f), None];
                out.spin[j] = s;
            }
        }
        Ok(out)
    }

    /// Applies relative move `j`.
    pub fn apply(&self, r: &mut Rel, j: usize) {
        for f in self.faces[j].iter().flatten() {
            r.cube = r.cube.after(*f);
        }
        for k in 0..6 {
            r.spins[k] = (r.spins[k] + self.spin[j][k]) % 4;
        }
        r.core = group().mul[r.core as usize][self.turn[j] as usize];
    }

    /// The slice turns of the model that a sequence of relative moves stands for, from a
    /// state whose core is `core`.
    pub fn to_moves(&self, core: u8, rel: &[usize]) -> Vec<SuperMove> {
        let g = group();
        let mut c = core;
        rel.iter()
            .map(|&j| {
                let m = wca::transform(3, &g.matrix[c as usize], as_super(j));
                c = g.mul[c as usize][self.turn[j] as usize];
                m
            })
            .collect()
    }
}

/// The relative move of slice turn `m` applied when the core is `core`.
pub fn relative_move(core: u8, m: SuperMove) -> usize {
    let g = group();
    index_of(wca::transform(3, &g.matrix[g.inv[core as usize] as usize], m))
}

/// Whether `core` keeps the y axis (U/D) as a line: the phase-2 cores.
pub fn keeps_y(core: u8) -> bool {
    group().matrix[core as usize][1][1] != 0
}

/// The right coset of the core modulo the y-keeping rotations: the axis that `core⁻¹` takes
/// the y axis to, numbered y = 0, x = 1, z = 2 (so the phase-2 cores are coset 0). Turning
/// the core on the right acts on this coset.
pub fn coset(core: u8) -> usize {
    let g = group();
    let m = &g.matrix[g.inv[core as usize] as usize];
    let axis = (0..3).position(|i| m[i][1] != 0).unwrap_or(1);
    [1, 0, 2][axis]
}
