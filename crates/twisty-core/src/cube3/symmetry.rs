//! The 48 symmetries of the cube: the 24 whole-cube rotations and their mirror images.
//!
//! # Index scheme
//!
//! Symmetry `k = 16a + 8b + 2c + d` (`a < 3`, `b < 2`, `c < 4`, `d < 2`) is the product
//! `URF3^a · F2^b · U4^c · LR2^d` ("first, then" as in [`CubieCube::multiply`]) of
//!
//! * `URF3`: a third of a turn of the whole cube about the URF–DBL corner diagonal
//!   (conjugating by it turns U moves into F moves, F into R, R into U);
//! * `F2`: a half turn of the whole cube about the F–B axis;
//! * `U4`: a quarter turn of the whole cube about the U–D axis;
//! * `LR2`: the mirror image through the plane between the L and R faces.
//!
//! So the subgroups the solvers use are simple index sets ([`SymSubgroup`]):
//!
//! * the 16 symmetries that keep the U–D axis: `0..16`;
//! * the 8 of those that also keep the F–B and R–L axes each on itself (no quarter turn
//!   about U–D, so the phase-1 coordinates are mapped onto themselves): `0..16` with `c`
//!   even, `[0, 1, 4, 5, 8, 9, 12, 13]`;
//! * the 24 rotations: the even indices (`d = 0`); the 24 odd ones are mirrored.
//!
//! # Representation
//!
//! A mirror image cannot be a [`CubieCube`] (it reverses the sense of corner twists), so a
//! [`Symmetry`] is a rotation held as a cubie cube, optionally preceded by the left–right
//! mirror: `S = R · LR2^d`. The conjugate of a state `c` by `S` is `S · c · S⁻¹`, the state
//! seen through the symmetry; it is again a legal state, and a sequence of moves `m₁ … mₙ`
//! reaching `c` maps to the sequence `S·mᵢ·S⁻¹` reaching the conjugate ([`Symmetries::conj_move`]),
//! so conjugates are equally far from solved.
//!
//! [`SymClasses`] reduces a coordinate by a subgroup: see [`SymClasses::reduce`].

use super::{Cube3Move, CubieCube};
use std::sync::OnceLock;

/// Number of symmetries.
pub const N_SYM: usize = 48;

/// The left–right mirror's permutation of corner positions (an involution).
const MIRROR_CORNERS: [u8; 8] = [1, 0, 3, 2, 5, 4, 7, 6];
/// The left–right mirror's permutation of edge positions (an involution).
const MIRROR_EDGES: [u8; 12] = [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10];

fn cube(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> CubieCube {
    CubieCube::from_parts(cp, co, ep, eo).unwrap_or(CubieCube::SOLVED)
}

/// The third of a turn about the URF–DBL diagonal as a cubie cube.
fn rot_urf3() -> CubieCube {
    cube(
        [0, 4, 5, 1, 3, 7, 6, 2],
        [1, 2, 1, 2, 2, 1, 2, 1],
        [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
        [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
    )
}

/// The half turn about the F–B axis as a cubie cube.
fn rot_f2() -> CubieCube {
    cube(
        [5, 4, 7, 6, 1, 0, 3, 2],
        [0; 8],
        [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
        [0; 12],
    )
}

/// The quarter turn about the U–D axis as a cubie cube (the slice edges' F/B reference
/// stickers become R/L ones, so they count as flipped).
fn rot_u4() -> CubieCube {
    cube(
        [3, 0, 1, 2, 7, 4, 5, 6],
        [0; 8],
        [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    )
}

/// The mirror image `LR2 · c · LR2` of a state: positions and cubies swap left for right,
/// corner twists reverse, edge flips stay.
pub fn mirror(c: &CubieCube) -> CubieCube {
    let mut cp = [0u8; 8];
    let mut co = [0u8; 8];
    let mut ep = [0u8; 12];
    let mut eo = [0u8; 12];
    for i in 0..8 {
        let j = MIRROR_CORNERS[i] as usize;
        cp[i] = MIRROR_CORNERS[c.corner_perm(j) as usize];
        co[i] = (3 - c.corner_ori(j)) % 3;
    }
    for i in 0..12 {
        let j = MIRROR_EDGES[i] as usize;
        ep[i] = MIRROR_EDGES[c.edge_perm(j) as usize];
        eo[i] = c.edge_ori(j);
    }
    cube(cp, co, ep, eo)
}

/// One symmetry: a rotation `R`, optionally preceded by the left–right mirror (`R · LR2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symmetry {
    rotation: CubieCube,
    mirror: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        rotation: CubieCube::SOLVED,
        mirror: false,
    };

    /// The rotation part `R` of `R · LR2^d`, as a cubie cube.
    pub fn rotation(&self) -> &CubieCube {
        &self.rotation
    }

    /// Whether the symmetry includes the mirror (reverses orientation).
    pub fn is_mirror(&self) -> bool {
        self.mirror
    }

    /// The conjugate `S · c · S⁻¹`.
    pub fn conjugate(&self, c: &CubieCube) -> CubieCube {
        let m = if self.mirror { mirror(c) } else { *c };
        self.rotation.multiply(&m).multiply(&self.rotation.inverse())
    }

    /// A cubie cube `e` acting on edges as this symmetry does: the edges of
    /// [`Self::conjugate`]`(c)` are those of `e · c · e⁻¹` (edges have no twist for a mirror
    /// to reverse, so every symmetry acts on them as a permutation with flips). Its corners
    /// are the rotation's and mean nothing here.
    pub fn edge_action(&self) -> CubieCube {
        if !self.mirror {
            return self.rotation;
        }
        let me = cube(std::array::from_fn(|i| i as u8), [0; 8], MIRROR_EDGES, [0; 12]);
        self.rotation.multiply(&me)
    }

    /// The product "`self`, then `other`".
    pub fn then(&self, other: &Symmetry) -> Symmetry {
        // R_a · M^x · R_b · M^y = R_a · (M^x · R_b · M^x) · M^(x + y).
        let rb = if self.mirror {
            mirror(&other.rotation)
        } else {
            other.rotation
        };
        Symmetry {
            rotation: self.rotation.multiply(&rb),
            mirror: self.mirror != other.mirror,
        }
    }

    /// The inverse symmetry.
    pub fn inverse(&self) -> Symmetry {
        // (R · M^x)⁻¹ = M^x · R⁻¹ = (M^x · R⁻¹ · M^x) · M^x.
        let inv = self.rotation.inverse();
        Symmetry {
            rotation: if self.mirror { mirror(&inv) } else { inv },
            mirror: self.mirror,
        }
    }
}

/// A subgroup of the 48 symmetries, as an index set of the scheme in the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymSubgroup {
    /// The identity alone.
    Identity,
    /// The 8 symmetries keeping each of the three axes on itself: `F2^b · U2^c · LR2^d`
    /// (indices `0, 1, 4, 5, 8, 9, 12, 13`).
    /// They map the phase-1 coordinates (twist, flip, slice) of the two-phase method onto
    /// themselves.
    UdAxisHalfTurns,
    /// The 16 symmetries keeping the U–D axis (indices `0..16`).
    UdAxis,
    /// The 24 rotations (the even indices).
    Rotations,
    /// All 48 symmetries.
    All,
}

const IDENTITY_MEMBERS: [usize; 1] = [0];
const UD_HALF_MEMBERS: [usize; 8] = [0, 1, 4, 5, 8, 9, 12, 13];
const UD_MEMBERS: [usize; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const ROTATION_MEMBERS: [usize; 24] = {
    let mut a = [0usize; 24];
    let mut i = 0;
    while i < 24 {
        a[i] = 2 * i;
        i += 1;
    }
    a
};
const ALL_MEMBERS: [usize; 48] = {
    let mut a = [0usize; 48];
    let mut i = 0;
    while i < 48 {
        a[i] = i;
        i += 1;
    }
    a
};

impl SymSubgroup {
    /// The members' indices, ascending. A symmetry's position in this list is its local
    /// index within the subgroup (as used by [`SymClasses`]).
    pub fn members(self) -> &'static [usize] {
        match self {
            SymSubgroup::Identity => &IDENTITY_MEMBERS,
            SymSubgroup::UdAxisHalfTurns => &UD_HALF_MEMBERS,
            SymSubgroup::UdAxis => &UD_MEMBERS,
            SymSubgroup::Rotations => &ROTATION_MEMBERS,
            SymSubgroup::All => &ALL_MEMBERS,
        }
    }

    /// Number of members.
    pub fn len(self) -> usize {
        self.members().len()
    }

    /// Always false: every subgroup holds the identity.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The local index of symmetry `k` within the subgroup, if it is a member.
    pub fn local(self, k: usize) -> Option<usize> {
        self.members().iter().position(|&m| m == k)
    }
}

/// The 48 symmetries with their multiplication, inverse and move-conjugation tables; built
/// once ([`Symmetries::get`]).
#[derive(Debug)]
pub struct Symmetries {
    syms: [Symmetry; N_SYM],
    mult: [[u8; N_SYM]; N_SYM],
    inv: [u8; N_SYM],
    moves: [[u8; 18]; N_SYM],
}

impl Symmetries {
    /// The shared tables.
    pub fn get() -> &'static Symmetries {
        static T: OnceLock<Symmetries> = OnceLock::new();
        T.get_or_init(Symmetries::build)
    }

    fn build() -> Symmetries {
        let gens = |r: CubieCube, mirror: bool| Symmetry { rotation: r, mirror };
        let (urf3, f2, u4) = (
            gens(rot_urf3(), false),
            gens(rot_f2(), false),
            gens(rot_u4(), false),
        );
        let lr2 = gens(CubieCube::SOLVED, true);
        let syms: [Symmetry; N_SYM] = std::array::from_fn(|k| {
            let mut s = Symmetry::IDENTITY;
            for _ in 0..k / 16 {
                s = s.then(&urf3);
            }
            if k / 8 % 2 == 1 {
                s = s.then(&f2);
            }
            for _ in 0..k / 2 % 4 {
                s = s.then(&u4);
            }
            if k % 2 == 1 {
                s = s.then(&lr2);
            }
            s
        });
        let index = |s: &Symmetry| syms.iter().position(|t| t == s).unwrap_or(0) as u8;
        let mult = std::array::from_fn(|a| std::array::from_fn(|b| index(&syms[a].then(&syms[b]))));
        let inv = std::array::from_fn(|a| index(&syms[a].inverse()));
        let move_cubes = Cube3Move::ALL.map(CubieCube::of_move);
        let moves = std::array::from_fn(|k| {
            std::array::from_fn(|m| {
                let img = syms[k].conjugate(&move_cubes[m]);
                move_cubes.iter().position(|c| *c == img).unwrap_or(m) as u8
            })
        });
        Symmetries {
            syms,
            mult,
            inv,
            moves,
        }
    }

    /// Symmetry `k` (`k < 48`; taken modulo 48).
    pub fn sym(&self, k: usize) -> &Symmetry {
        &self.syms[k % N_SYM]
    }

    /// All 48, in index order.
    pub fn all(&self) -> &[Symmetry; N_SYM] {
        &self.syms
    }

    /// The index of "`a`, then `b`" (`S_a · S_b`).
    #[inline]
    pub fn mult(&self, a: usize, b: usize) -> usize {
        self.mult[a % N_SYM][b % N_SYM] as usize
    }

    /// The index of the inverse of `a`.
    #[inline]
    pub fn inverse(&self, a: usize) -> usize {
        self.inv[a % N_SYM] as usize
    }

    /// The conjugate `S_k · c · S_k⁻¹` of a state.
    pub fn conjugate(&self, k: usize, c: &CubieCube) -> CubieCube {
        self.sym(k).conjugate(c)
    }

    /// The move `S_k · m · S_k⁻¹`: the move of the conjugated frame that `m` becomes.
    #[inline]
    pub fn conj_move(&self, k: usize, m: Cube3Move) -> Cube3Move {
        Cube3Move::ALL[self.moves[k % N_SYM][m.index() as usize] as usize]
    }

    /// The move-index table of [`Symmetries::conj_move`]: `[k][m]`.
    pub fn move_table(&self) -> &[[u8; 18]; N_SYM] {
        &self.moves
    }
}

/// A coordinate reduced by a subgroup of symmetries: its raw values fall into classes of
/// mutually conjugate values, each named by a representative.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymClasses {
    /// The subgroup.
    pub subgroup: SymSubgroup,
    /// The class of each raw value.
    pub class: Vec<u32>,
    /// For each raw value, the local index (within the subgroup) of a symmetry whose
    /// conjugation takes the value to its class representative.
    pub sym: Vec<u8>,
    /// The representative of each class: the smallest raw value of the class.
    pub rep: Vec<u32>,
    /// For each class, the local indices of the symmetries fixing its representative, as a
    /// bit mask (bit 0, the identity, always set).
    pub self_sym: Vec<u64>,
}

impl SymClasses {
    /// Reduces the raw values `0..n` of a coordinate by `subgroup`, given `conj(x, k)`: the
    /// raw value of the conjugate of (a state with) raw value `x` by symmetry `k` (a member
    /// of the subgroup, by its global index). The coordinate must be well defined under
    /// conjugation (conjugates of states with equal values have equal values).
    ///
    /// Values are visited in ascending order; an unclassified value starts a new class as
    /// its representative, and its conjugates by the members (in ascending order) join the
    /// class, each recorded with the inverse of the first symmetry that reached it.
    pub fn reduce(
        n: usize,
        subgroup: SymSubgroup,
        mut conj: impl FnMut(usize, usize) -> usize,
    ) -> SymClasses {
        let t = Symmetries::get();
        let members = subgroup.members();
        let local_inv: Vec<u8> = members
            .iter()
            .map(|&k| subgroup.local(t.inverse(k)).unwrap_or(0) as u8)
            .collect();
        let mut class = vec![u32::MAX; n];
        let mut sym = vec![0u8; n];
        let mut rep = Vec::new();
        let mut self_sym = Vec::new();
        for x in 0..n {
            if class[x] != u32::MAX {
                continue;
            }
            let c = rep.len() as u32;
            let mut mask = 0u64;
            for (j, &k) in members.iter().enumerate() {
                let y = conj(x, k);
                if y >= n {
                    continue;
                }
                if y == x {
                    mask |= 1 << j;
                }
                if class[y] == u32::MAX {
                    // y = s·x·s⁻¹, so conjugating y by s⁻¹ gives x.
                    class[y] = c;
                    sym[y] = local_inv[j];
                }
            }
            rep.push(x as u32);
            self_sym.push(mask);
        }
        SymClasses {
            subgroup,
            class,
            sym,
            rep,
            self_sym,
        }
    }

    /// [`SymClasses::reduce`] with the conjugation worked out on cubie cubes: `cube(x)` is
    /// a state with raw value `x`, `rank(c)` the raw value of a state.
    pub fn reduce_cubes(
        n: usize,
        subgroup: SymSubgroup,
        cube: impl Fn(usize) -> CubieCube,
        rank: impl Fn(&CubieCube) -> usize,
    ) -> SymClasses {
        let t = Symmetries::get();
        let mut last: Option<(usize, CubieCube)> = None;
        SymClasses::reduce(n, subgroup, |x, k| {
            let c = match last {
                Some((y, c)) if y == x => c,
                _ => {
                    let c = cube(x);
                    last = Some((x, c));
                    c
                }
            };
            rank(&t.conjugate(k, &c))
        })
    }

    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.rep.len()
    }

    /// The global index of the symmetry recorded for raw value `x`.
    pub fn global_sym(&self, x: usize) -> usize {
        self.subgroup.members()[self.sym[x] as usize % self.subgroup.len()]
    }

    /// `class << bits | sym` of each raw value, for tables packing both into one word.
    pub fn packed(&self, bits: u32) -> Vec<u32> {
        self.class
            .iter()
            .zip(&self.sym)
            .map(|(&c, &s)| c << bits | s as u32)
            .collect()
    }
}

#[cfg(test)]
mod tests;
