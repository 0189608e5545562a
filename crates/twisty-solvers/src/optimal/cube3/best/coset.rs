//! The coset coordinate of the `best` table: raw coordinates per axis, move tables,
//! symmetry classes and conjugation.

use super::{Axis, Variant, N_CC, N_DSET, N_FLIP, N_SLICE, N_SYM, N_TWIST};
use crate::optimal::cube3::coords::MOVES;
use crate::twophase::coord;
use twisty_core::cube3::{Cube3Move, CubieCube, LaneCube, SymClasses, SymSubgroup, Symmetries};
use twisty_search::coset_bfs::{self, CosetBfsOptions};
use twisty_search::TableSpec;

fn binomial(n: usize, k: usize) -> u16 {
    if k > n {
        return 0;
    }
    let mut r = 1u32;
    for i in 0..k {
        r = r * (n - i) as u32 / (i + 1) as u32;
    }
    r as u16
}

/// The D-corner set: the positions of corners 4..8, ranked so the solved set is 0.
pub fn dset(c: &CubieCube) -> u16 {
    let (mut k, mut r) = (0, 0);
    for q in 0..8 {
        if c.corner_perm(7 - q) >= 4 {
            k += 1;
            r += binomial(q, k);
        }
    }
    r
}

/// The raw coordinates of a cube (the reference for [`CosetCoords::lane_coords`]).
#[inline]
pub fn axis_coords(c: &CubieCube) -> Axis {
    [coord::twist(c), coord::flip(c), coord::slice(c), dset(c)]
}

/// Bit 0 of each byte of `x`, gathered: byte `i` gives bit `i` of the result.
#[inline(always)]
pub(super) fn gather_bits(x: u64) -> u32 {
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The ranks of marked position sets, by bit mask of the positions (the same ranking as
/// [`dset`] and [`coord::slice`]: position `n − 1 − q` counts as `q`); 0 for masks of other
/// sizes.
fn set_ranks(n: usize) -> Vec<u16> {
    (0..1usize << n)
        .map(|mask| {
            let (mut k, mut r) = (0, 0);
            for q in 0..n {
                if mask >> (n - 1 - q) & 1 == 1 {
                    k += 1;
                    r += binomial(q, k);
                }
            }
            r
        })
        .collect()
}

fn cube(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> CubieCube {
    CubieCube::from_parts(cp, co, ep, eo).unwrap_or(CubieCube::SOLVED)
}

const ID_C: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ID_E: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

fn twist_cube(mut t: usize) -> CubieCube {
    let mut co = [0u8; 8];
    for i in (0..7).rev() {
        co[i] = (t % 3) as u8;
        t /= 3;
    }
    co[7] = ((3 - co.iter().map(|&o| o as usize).sum::<usize>() % 3) % 3) as u8;
    cube(ID_C, co, ID_E, [0; 12])
}

fn flip_cube(mut f: usize) -> CubieCube {
    let mut eo = [0u8; 12];
    for i in (0..11).rev() {
        eo[i] = (f % 2) as u8;
        f /= 2;
    }
    eo[11] = (eo.iter().map(|&o| o as usize).sum::<usize>() % 2) as u8;
    cube(ID_C, [0; 8], ID_E, eo)
}

/// Permutations with the `k` marked cubies (numbered from `first`) at each set of `n`
/// positions, indexed by `rank`.
fn set_perms<const N: usize>(
    k: u32,
    first: u8,
    rank: impl Fn(&[u8; N]) -> u16,
    count: usize,
) -> Vec<[u8; N]> {
    let mut out = vec![[0u8; N]; count];
    for mask in 0u32..1 << N {
        if mask.count_ones() != k {
            continue;
        }
        let (mut marked, mut other) = (first, 0u8);
        let p: [u8; N] = std::array::from_fn(|i| {
            if mask >> i & 1 == 1 {
                marked += 1;
                marked - 1
            } else {
                other += 1;
                if other > first {
                    other - 1 + k as u8
                } else {
                    other - 1
                }
            }
        });
        let r = rank(&p) as usize;
        if r < count {
            out[r] = p;
        }
    }
    out
}

fn slice_cubes() -> Vec<CubieCube> {
    set_perms::<12>(4, 8, |p| coord::slice(&cube(ID_C, [0; 8], *p, [0; 12])), N_SLICE)
        .into_iter()
        .map(|p| cube(ID_C, [0; 8], p, [0; 12]))
        .collect()
}

fn dset_perms() -> Vec<[u8; 8]> {
    set_perms::<8>(4, 4, |p| dset(&cube(*p, [0; 8], ID_E, [0; 12])), N_DSET)
}

/// Conjugate of `c` by U–D symmetry `k` (index `k < 16` of
/// [`twisty_core::cube3::symmetry`]: `F2^a · U4^b · LR2^c` at `8a + 2b + c`).
pub(super) fn conj_sym(c: &CubieCube, k: usize) -> CubieCube {
    Symmetries::get().conjugate(k, c)
}

/// The tables of the coset coordinate: move tables, symmetry classes and conjugation.
#[derive(Debug)]
pub struct CosetCoords {
    /// Which variant.
    pub variant: Variant,
    pub(super) twist_move: Vec<u16>,
    flip_move: Vec<u16>,
    slice_move: Vec<u16>,
    pub(super) dset_move: Vec<u16>,
    /// `class << 4 | sym` of each raw corner part: conjugating by `sym` gives the class
    /// representative.
    pub raw_to_sym: Vec<u32>,
    /// The raw corner part of each class representative.
    pub class_rep: Vec<u32>,
    /// The symmetries fixing each representative (bit mask).
    pub self_sym: Vec<u16>,
    /// `raw_to_sym` of `representative · move`, by `class × 18 + move`.
    class_move: Vec<u32>,
    /// `slice' << 11 | flip mask` (or just `slice'` without flip), by `slice × 16 + sym`.
    slice_conj: Vec<u32>,
    /// The permuted flip, by `flip × 16 + sym`.
    flip_conj: Vec<u16>,
    /// For each axis, the move of the conjugated cube matching each move.
    pub axis_move: [[u8; MOVES]; 3],
    /// The axis whose subgroup holds each move (the axis it turns a face of).
    pub move_axis: [u8; MOVES],
    axis_rot: [CubieCube; 3],
    axis_rot_inv: [CubieCube; 3],
    /// For each move `m`, the move premultiplying each axis's inverse cube:
    /// `inverse(axis_move[a][m])`.
    pub(super) inv_premove: [[u8; 3]; MOVES],
    /// The slice rank by 12-bit mask of the positions holding slice edges.
    slice_of_mask: Vec<u16>,
    /// The D-corner set rank by 8-bit mask of the positions holding D corners.
    dset_of_mask: Vec<u16>,
    /// `Σ 3^(6−i)` over the bits `i` of a 7-bit mask (the corners twisted once, or twice).
    twist_of_mask: Vec<u16>,
}

impl CosetCoords {
    /// Builds every small table (well under a second).
    pub fn new(variant: Variant) -> Self {
        let moves: Vec<CubieCube> = Cube3Move::ALL.iter().map(|&m| CubieCube::of_move(m)).collect();
        let table = |n: usize, rep: &dyn Fn(usize) -> CubieCube, f: fn(&CubieCube) -> u16| {
            let mut t = vec![0u16; n * MOVES];
            for x in 0..n {
                let c = rep(x);
                for (m, mc) in moves.iter().enumerate() {
                    t[x * MOVES + m] = f(&c.multiply(mc));
                }
            }
            t
        };
        let slices = slice_cubes();
        let dsets = dset_perms();
        let twist_move = table(N_TWIST, &twist_cube, coord::twist);
        let flip_move = table(N_FLIP, &flip_cube, coord::flip);
        let slice_move = table(N_SLICE, &|x| slices[x], coord::slice);
        let dset_move = table(N_DSET, &|x| cube(dsets[x], [0; 8], ID_E, [0; 12]), dset);
        let cc_cube = |x: usize| {
            let t = twist_cube(x / N_DSET);
            let co: [u8; 8] = std::array::from_fn(|i| t.corner_ori(i));
            cube(dsets[x % N_DSET], co, ID_E, [0; 12])
        };
        let cc_of = |c: &CubieCube| coord::twist(c) as usize * N_DSET + dset(c) as usize;
        let cl = SymClasses::reduce_cubes(N_CC, SymSubgroup::UdAxis, cc_cube, cc_of);
        let raw_to_sym = cl.packed(4);
        let class_rep = cl.rep;
        let self_sym: Vec<u16> = cl.self_sym.iter().map(|&m| m as u16).collect();
        let mut class_move = vec![0u32; class_rep.len() * MOVES];
        for (k, &r) in class_rep.iter().enumerate() {
            let (t, d) = (r as usize / N_DSET, r as usize % N_DSET);
            for m in 0..MOVES {
                let y = twist_move[t * MOVES + m] as usize * N_DSET + dset_move[d * MOVES + m] as usize;
                class_move[k * MOVES + m] = raw_to_sym[y];
            }
        }
        let mut slice_conj = vec![0u32; N_SLICE * N_SYM];
        for (x, c) in slices.iter().enumerate() {
            for k in 0..N_SYM {
                let d = conj_sym(c, k);
                slice_conj[x * N_SYM + k] = if variant.flip() {
                    (coord::slice(&d) as u32) << 11 | coord::flip(&d) as u32
                } else {
                    coord::slice(&d) as u32
                };
            }
        }
        let mut flip_conj = vec![0u16; N_FLIP * N_SYM];
        for f in 0..N_FLIP {
            let c = flip_cube(f);
            for k in 0..N_SYM {
                flip_conj[f * N_SYM + k] = coord::flip(&conj_sym(&c, k));
            }
        }
        // URF3 and its square (symmetries 16 and 32) take the other two axes to U–D.
        let t = Symmetries::get();
        let axis_rot = [0, 16, 32].map(|k| *t.sym(k).rotation());
        let axis_rot_inv = axis_rot.map(|r| r.inverse());
        let mut axis_move = [[0u8; MOVES]; 3];
        for a in 0..3 {
            for m in 0..MOVES {
                axis_move[a][m] = t.conj_move([0, 16, 32][a], Cube3Move::ALL[m]).index();
            }
        }
        let mut move_axis = [0u8; MOVES];
        for m in 0..MOVES {
            move_axis[m] = (0..3).find(|&a| axis_move[a][m] / 3 % 3 == 0).unwrap_or(0) as u8;
        }
        let inv_premove = std::array::from_fn(|m| {
            std::array::from_fn(|a| {
                let q = axis_move[a][m];
                3 * (q / 3) + 2 - q % 3
            })
        });
        let twist_of_mask = (0..128usize)
            .map(|mask| {
                (0..7)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| 3u16.pow(6 - i as u32))
                    .sum()
            })
            .collect();
        CosetCoords {
            inv_premove,
            slice_of_mask: set_ranks(12),
            dset_of_mask: set_ranks(8),
            twist_of_mask,
            move_axis,
            variant,
            twist_move,
            flip_move,
            slice_move,
            dset_move,
            raw_to_sym,
            class_rep,
            self_sym,
            class_move,
            slice_conj,
            flip_conj,
            axis_move,
            axis_rot,
            axis_rot_inv,
        }
    }

    /// Number of corner classes.
    pub fn classes(&self) -> u64 {
        self.class_rep.len() as u64
    }

    /// Entries of the table.
    pub fn entries(&self) -> u64 {
        self.classes() * self.variant.per_class()
    }

    /// The table spec.
    pub fn spec(&self) -> TableSpec {
        self.variant.spec(self.classes())
    }

    /// The inner index (slice, flip) conjugated by symmetry `k`.
    #[inline(always)]
    pub(super) fn inner(&self, slice: usize, flip: usize, k: usize) -> u64 {
        let s = self.slice_conj[slice * N_SYM + k];
        if self.variant.flip() {
            (s ^ self.flip_conj[flip * N_SYM + k] as u32) as u64
        } else {
            s as u64
        }
    }

    /// The table index of raw coordinates.
    #[inline(always)]
    pub fn index(&self, a: &Axis) -> u64 {
        let e = self.raw_to_sym[a[0] as usize * N_DSET + a[3] as usize];
        (e >> 4) as u64 * self.variant.per_class()
            + self.inner(a[2] as usize, a[1] as usize, (e & 15) as usize)
    }

    /// The raw coordinates after move `m`.
    #[inline(always)]
    pub fn apply(&self, a: &Axis, m: usize) -> Axis {
        [
            self.twist_move[a[0] as usize * MOVES + m],
            self.flip_move[a[1] as usize * MOVES + m],
            self.slice_move[a[2] as usize * MOVES + m],
            self.dset_move[a[3] as usize * MOVES + m],
        ]
    }

    /// The raw coordinates of a lane cube: [`axis_coords`] from bit masks of its bytes (the
    /// D-corner and slice-edge positions, the orientation bits) and small rank tables.
    #[inline(always)]
    pub fn lane_coords(&self, y: &LaneCube) -> Axis {
        let c = y.corner_word();
        let (e0, e1) = y.edge_words();
        let e1 = e1 as u64;
        // Corner bytes are `cubie | twist << 3`: D corners are cubies 4..8 (bit 2).
        let dmask = gather_bits(c >> 2) as usize;
        let t1 = gather_bits(c >> 3) as usize & 0x7f;
        let t2 = gather_bits(c >> 4) as usize & 0x7f;
        let twist = self.twist_of_mask[t1] + 2 * self.twist_of_mask[t2];
        // Edge bytes are `cubie | flip << 4`: slice edges are cubies 8..12 (bit 3).
        let smask = (gather_bits(e0 >> 3) | gather_bits(e1 >> 3) << 8) as usize & 0xfff;
        let fmask = (gather_bits(e0 >> 4) | gather_bits(e1 >> 4) << 8) as u16 & 0x7ff;
        [
            twist,
            fmask.reverse_bits() >> 5,
            self.slice_of_mask[smask],
            self.dset_of_mask[dmask],
        ]
    }

    /// The cube conjugated onto axis `a` (0: U–D itself; 1, 2: the other two axes).
    #[inline]
    pub fn on_axis(&self, c: &CubieCube, a: usize) -> CubieCube {
        if a == 0 {
            *c
        } else {
            self.axis_rot[a].multiply(c).multiply(&self.axis_rot_inv[a])
        }
    }

    pub(super) fn split(&self, inner: u64) -> (usize, usize) {
        if self.variant.flip() {
            ((inner >> 11) as usize, (inner & 2047) as usize)
        } else {
            (inner as usize, 0)
        }
    }

    /// Every neighbour index of entry (`class`, `inner`), with the extra indices of
    /// self-symmetric classes; stops when `emit` returns true.
    fn expand(&self, class: u64, inner: u64, emit: &mut dyn FnMut(u64) -> bool) {
        let (sl, fl) = self.split(inner);
        let pc = self.variant.per_class();
        for m in 0..MOVES {
            let e = self.class_move[class as usize * MOVES + m];
            let (nc, t) = ((e >> 4) as usize, (e & 15) as usize);
            let nsl = self.slice_move[sl * MOVES + m] as usize;
            let nfl = if self.variant.flip() {
                self.flip_move[fl * MOVES + m] as usize
            } else {
                0
            };
            let z = self.inner(nsl, nfl, t);
            if emit(nc as u64 * pc + z) {
                return;
            }
            let mask = self.self_sym[nc];
            if mask > 1 {
                let (zs, zf) = self.split(z);
                for u in 1..N_SYM {
                    if mask >> u & 1 == 1 && emit(nc as u64 * pc + self.inner(zs, zf, u)) {
                        return;
                    }
                }
            }
        }
    }

    /// Builds the distance table (both cores; a progress bar when `progress`).
    pub fn build_table(&self, progress: bool) -> coset_bfs::CosetTable {
        let start = self.index(&axis_coords(&CubieCube::SOLVED));
        let opts = CosetBfsOptions {
            progress: progress.then(|| format!("3x3x3 coset table ({})", self.spec().name)),
        };
        coset_bfs::build(
            self.classes(),
            self.variant.per_class(),
            self.variant.base(),
            &[start],
            |k, inner, emit| self.expand(k, inner, emit),
            &opts,
        )
    }
}
