//! The `best` heuristic: a symmetry-reduced coset distance table probed on three axes and
//! on the inverse position.
//!
//! # The coset
//!
//! The coordinate of a cube is its corner twist (3⁷), the set of corner positions holding
//! the four D-layer corners (C(8,4) = 70), the set of edge positions holding the four
//! U/D-slice edges (C(12,4) = 495) and the edge flip (2¹¹). It is solved exactly on the
//! subgroup `H` of ⟨U, D, R2, L2, F2, B2⟩ that keeps the D corners in the D layer, and a
//! move changes it as a function of the coordinate alone, so the table's distance (the
//! fewest moves that bring the coordinate to solved) is a lower bound on the distance of
//! the cube. `H` contains every U and D move.
//!
//! # Symmetry reduction
//!
//! The 16 symmetries that keep the U–D axis (rotations about it, the half turn about F–B,
//! the left–right mirror and products) map `H` and the move set onto themselves, so
//! conjugates have the same table distance. The corner part (twist × D-corner set, 153,090
//! values) is reduced to 9,930 classes; an entry is `class × (495 · 2048) + (slice, flip)`
//! with the slice and flip conjugated by the symmetry that takes the corner part to its
//! class representative: 10,066,636,800 entries. The flip of a conjugate by a quarter turn
//! about U–D also depends on the slice positions (the F/B reference stickers of the slice
//! edges become R/L ones), so the conjugated flip is a permuted flip XOR a mask of the slice.
//!
//! The entries are stored 2 bits each relative to a base, with a per-unit fallback minimum
//! ([`twisty_search::coset_bfs::BasePacked`]); 2.42 GiB at base 9. The `best-tiny` variant
//! drops the flip (4.9 million entries) and runs the same code, for tests.
//!
//! # Probes
//!
//! The table is read for the position conjugated by the rotations about the U–R–F corner
//! diagonal (which take the R–L and F–B axes to U–D): three axes. When all three agree on
//! a value `h > 0`, the distance is at least `h + 1` (the "+1 rule"): if the distance were
//! `h`, the last move of an optimal solution turns a face of some axis, and that axis's
//! coset subgroup contains the move, so the first `h − 1` moves would already reach that
//! axis's coset, and its table distance would be at most `h − 1`, not `h`. (Stored values
//! are lower bounds: if one axis's true coset distance is above `h`, the distance is
//! above `h` anyway.) The inverse position has the same distance (solutions reversed and
//! inverted), so its three axes are probed the same way; the search stops at the first
//! probe that prunes.

use super::coords::MOVES;
use crate::twophase::coord;
use twisty_core::cube3::{Cube3Move, CubieCube, LaneCube, SymClasses, SymSubgroup, Symmetries};
use twisty_search::coset_bfs::{self, BasePacked, CosetBfsOptions};
use twisty_search::ida::{IdaProblem, MovePruning};
use twisty_search::prefetch::{prefetch, prefetch_at};
use twisty_search::TableSpec;

/// Corner twists.
pub const N_TWIST: usize = 2187;
/// Edge flips.
pub const N_FLIP: usize = 2048;
/// Slice-edge position sets.
pub const N_SLICE: usize = 495;
/// D-corner position sets.
pub const N_DSET: usize = 70;
/// Symmetries used (those keeping the U–D axis).
pub const N_SYM: usize = 16;
/// Raw corner-part values (twist × D-corner set).
pub const N_CC: usize = N_TWIST * N_DSET;

/// Which table: the full one, or the tiny one for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Twist × D corners (by symmetry) × slice × flip, base 9.
    Full,
    /// Twist × D corners (by symmetry) × slice, base 4 (no flip).
    Tiny,
}

impl Variant {
    /// Whether the flip is part of the coordinate.
    pub fn flip(self) -> bool {
        self == Variant::Full
    }

    /// The base of the 2-bit entries.
    pub fn base(self) -> u8 {
        match self {
            Variant::Full => 9,
            Variant::Tiny => 4,
        }
    }

    /// Entries per corner class.
    pub fn per_class(self) -> u64 {
        N_SLICE as u64 * if self.flip() { N_FLIP as u64 } else { 1 }
    }

    /// The table's spec (`entries` counts 2-bit slots, fallback nibbles included).
    pub fn spec(self, classes: u64) -> TableSpec {
        let n = classes * self.per_class();
        TableSpec {
            name: format!(
                "3x3x3/coset/{}-b{}",
                if self.flip() { "best" } else { "best-tiny" },
                self.base()
            ),
            entry_bits: 2,
            entries: coset_bfs::packed_len(n) * 4,
        }
    }
}

/// The number of corner classes (fixed by the symmetry group; checked by a test).
pub const CLASSES: u64 = 9930;

/// The raw coordinates of one axis of a cube: twist, flip, slice, D-corner set.
pub type Axis = [u16; 4];

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
fn gather_bits(x: u64) -> u32 {
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
fn conj_sym(c: &CubieCube, k: usize) -> CubieCube {
    Symmetries::get().conjugate(k, c)
}

/// The tables of the coset coordinate: move tables, symmetry classes and conjugation.
#[derive(Debug)]
pub struct CosetCoords {
    /// Which variant.
    pub variant: Variant,
    twist_move: Vec<u16>,
    flip_move: Vec<u16>,
    slice_move: Vec<u16>,
    dset_move: Vec<u16>,
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
    inv_premove: [[u8; 3]; MOVES],
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
    fn inner(&self, slice: usize, flip: usize, k: usize) -> u64 {
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

    fn split(&self, inner: u64) -> (usize, usize) {
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

/// Marks an inverse probe not computed yet.
const UNKNOWN: u8 = 0xff;

/// A search node: the raw coordinates on the three axes, the inverse cube conjugated onto
/// each axis, and the inverse probes known so far.
///
/// The inverse of `c · m` is `m⁻¹ · c⁻¹`, and conjugation is a homomorphism, so the inverse
/// on axis `A` moves by premultiplication with the conjugate of `m⁻¹`, itself a face move:
/// one byte shuffle per axis and node ([`LaneCube::premultiply_moves`]), no inverse and no
/// conjugation. The position is solved exactly when its inverse is.
///
/// Inheritance: the coset coordinate of axis `A` is the same for `h · x` as for `x` when
/// `h` is in that axis's subgroup, which holds every move turning a face of axis `A`. So a
/// child's inverse probe on the axis of its last move equals its parent's, and only two
/// inverse probes are new per node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestNode {
    ax: [Axis; 3],
    inv_cubes: [LaneCube; 3],
    /// Table indices whose loads were started: the three position probes from
    /// [`IdaProblem::apply`], then the new inverse probes from [`IdaProblem::prunes_child`].
    idx: [u64; 3],
    inv: [u8; 3],
    /// The position's bound, once its probes passed ([`UNKNOWN`] before).
    pos: u8,
}

/// The `best` heuristic over a loaded table, as an IDA* problem.
#[derive(Debug)]
pub struct BestProblem<'a> {
    /// The coordinate tables.
    pub coords: &'a CosetCoords,
    /// The table.
    pub table: BasePacked<'a>,
    /// Move pruning.
    pub pruning: &'a MovePruning,
    /// Probe the inverse position too.
    pub inverse: bool,
    /// Search the children with the lowest bound (the most slack) first.
    pub order: bool,
}

/// The bound from three axis probes: their max, or `h + 1` when all three equal `h > 0`.
#[inline(always)]
pub fn plus_one(h: [u8; 3]) -> u32 {
    let m = h[0].max(h[1]).max(h[2]) as u32;
    if h[0] == h[1] && h[1] == h[2] && m > 0 {
        m + 1
    } else {
        m
    }
}

impl BestProblem<'_> {
    /// The search node of a cube.
    pub fn node(&self, c: &CubieCube) -> BestNode {
        let inv = c.inverse();
        let ax: [Axis; 3] = std::array::from_fn(|a| axis_coords(&self.coords.on_axis(c, a)));
        BestNode {
            idx: ax.map(|a| self.coords.index(&a)),
            ax,
            inv_cubes: std::array::from_fn(|a| LaneCube::from_cubie(&self.coords.on_axis(&inv, a))),
            inv: [UNKNOWN; 3],
            pos: UNKNOWN,
        }
    }

    /// The inverse position conjugated onto each axis.
    pub fn inverse_cubes(&self, n: &BestNode) -> [CubieCube; 3] {
        n.inv_cubes.map(|y| y.to_cubie())
    }

    /// The table index of the inverse position on axis `a`.
    #[inline(always)]
    fn inverse_index(&self, n: &BestNode, a: usize) -> u64 {
        self.coords.index(&self.coords.lane_coords(&n.inv_cubes[a]))
    }

    #[inline(always)]
    fn probe(&self, a: &Axis) -> u8 {
        self.table.get(self.coords.index(a))
    }

    /// The three axis probes of the position.
    pub fn probes(&self, n: &BestNode) -> [u8; 3] {
        n.ax.map(|a| self.probe(&a))
    }

    /// Whether the three axis probes of the position (with the +1 rule) exceed `remaining`;
    /// stops at the first probe that does.
    #[inline(always)]
    fn position_prunes(&self, n: &BestNode, remaining: u32) -> bool {
        self.three_prune(n.ax.map(|a| self.coords.index(&a)), remaining)
            .is_none()
    }

    /// The bound of three axis probes at table indices `idx` (with the +1 rule); `None`
    /// when it exceeds `remaining` (stopping at the first probe that does).
    #[inline(always)]
    fn three_prune(&self, idx: [u64; 3], remaining: u32) -> Option<u32> {
        let mut h = [0u8; 3];
        for a in 0..3 {
            h[a] = self.table.get(idx[a]);
            if h[a] as u32 > remaining {
                return None;
            }
        }
        Some(plus_one(h)).filter(|&b| b <= remaining)
    }

    /// The three axis probes of the inverse position.
    pub fn inverse_probes(&self, n: &BestNode) -> [u8; 3] {
        std::array::from_fn(|a| self.table.get(self.inverse_index(n, a)))
    }
}

impl IdaProblem for BestProblem<'_> {
    type Node = BestNode;

    /// Children are generated (their position probes' loads started), then tested on the
    /// position (the new inverse probes' loads started), then on the inverse.
    const PASSES: bool = true;

    const ORDERS: bool = true;

    #[inline]
    fn order_key(&self, n: &BestNode) -> u32 {
        if !self.order {
            return 0;
        }
        let inv = if self.inverse { plus_one(n.inv) } else { 0 };
        (n.pos as u32).max(inv)
    }

    fn num_moves(&self) -> usize {
        MOVES
    }

    #[inline]
    fn apply(&self, n: &BestNode, m: usize) -> BestNode {
        let c = self.coords;
        let ax = [
            c.apply(&n.ax[0], m),
            c.apply(&n.ax[1], c.axis_move[1][m] as usize),
            c.apply(&n.ax[2], c.axis_move[2][m] as usize),
        ];
        let a = c.move_axis[m] as usize;
        let mut inv = [UNKNOWN; 3];
        inv[a] = n.inv[a];
        let idx = ax.map(|x| c.index(&x));
        for &i in &idx {
            prefetch(self.table.bytes, BasePacked::offset(i));
        }
        let mut inv_cubes = n.inv_cubes;
        LaneCube::premultiply_moves(&mut inv_cubes, &c.inv_premove[m]);
        BestNode {
            ax,
            inv_cubes,
            idx,
            inv,
            pos: UNKNOWN,
        }
    }

    fn heuristic(&self, n: &BestNode) -> u32 {
        let h = plus_one(self.probes(n));
        if self.inverse {
            h.max(plus_one(self.inverse_probes(n)))
        } else {
            h
        }
    }

    #[inline]
    fn prunes(&self, n: &BestNode, remaining: u32) -> bool {
        if self.position_prunes(n, remaining) {
            return true;
        }
        self.inverse && plus_one(self.inverse_probes(n)) > remaining
    }

    /// Starts loading the symmetry entries of the child's corner parts (the first table each
    /// axis's index reads), so `apply` finds them in the cache.
    #[inline]
    fn prefetch_child(&self, n: &BestNode, m: usize) {
        let c = self.coords;
        for a in 0..3 {
            let q = c.axis_move[a][m] as usize;
            let t = c.twist_move[n.ax[a][0] as usize * MOVES + q] as usize;
            let d = c.dset_move[n.ax[a][3] as usize * MOVES + q] as usize;
            prefetch_at(&c.raw_to_sym, t * N_DSET + d);
        }
    }

    #[inline]
    fn prunes_child(&self, n: &mut BestNode, remaining: u32) -> bool {
        let Some(bound) = self.three_prune(n.idx, remaining) else {
            return true;
        };
        n.pos = bound as u8;
        if self.inverse {
            for a in 0..3 {
                if n.inv[a] == UNKNOWN {
                    n.idx[a] = self.inverse_index(n, a);
                    prefetch(self.table.bytes, BasePacked::offset(n.idx[a]));
                }
            }
        }
        false
    }

    #[inline]
    fn prunes_child_late(&self, n: &mut BestNode, remaining: u32) -> bool {
        if !self.inverse {
            return false;
        }
        for a in 0..3 {
            if n.inv[a] == UNKNOWN {
                n.inv[a] = self.table.get(n.idx[a]);
            }
            if n.inv[a] as u32 > remaining {
                return true;
            }
        }
        plus_one(n.inv) > remaining
    }

    /// A child inherits its inverse probe on the axis of its move from the parent, so when
    /// that probe is already at the parent's remaining depth, every move of that axis leads
    /// to a pruned child: none is generated.
    #[inline(always)]
    fn skips_move(&self, n: &BestNode, m: usize, remaining: u32) -> bool {
        let v = n.inv[self.coords.move_axis[m] as usize];
        self.inverse && v != UNKNOWN && v as u32 >= remaining
    }

    #[inline]
    fn is_goal(&self, n: &BestNode) -> bool {
        n.inv_cubes[0] == LaneCube::SOLVED
    }

    fn pruning(&self) -> &MovePruning {
        self.pruning
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;

    fn move_image(img: &CubieCube) -> Option<u8> {
        (0..MOVES as u8).find(|&q| CubieCube::of_move(Cube3Move::ALL[q as usize]) == *img)
    }

    #[test]
    fn symmetries_and_axes_map_moves_to_moves() {
        let mut rng = seeded_rng(11);
        let cs: Vec<CubieCube> = (0..30).map(|_| CubieCube::random(&mut rng)).collect();
        for k in 0..N_SYM {
            for m in 0..MOVES {
                let img = conj_sym(&CubieCube::of_move(Cube3Move::ALL[m]), k);
                let q = move_image(&img).expect("a symmetry maps a move to a move");
                for c in &cs {
                    let a = conj_sym(&c.after(Cube3Move::ALL[m]), k);
                    let b = conj_sym(c, k).after(Cube3Move::ALL[q as usize]);
                    assert_eq!(a, b, "sym {k} move {m}");
                }
                // The U–D axis symmetries keep U and D moves on the U–D axis.
                if m / 3 % 3 == 0 {
                    assert_eq!(q / 3 % 3, 0);
                }
            }
        }
        let co = CosetCoords::new(Variant::Tiny);
        let mut axes_of_u = Vec::new();
        for a in 0..3 {
            for m in 0..MOVES {
                let q = co.axis_move[a][m] as usize;
                assert_eq!(
                    move_image(&co.on_axis(&CubieCube::of_move(Cube3Move::ALL[m]), a)),
                    Some(q as u8)
                );
                for c in &cs {
                    assert_eq!(
                        co.on_axis(&c.after(Cube3Move::ALL[m]), a),
                        co.on_axis(c, a).after(Cube3Move::ALL[q])
                    );
                }
            }
            // Which original face lands on U.
            axes_of_u.push((0..MOVES).find(|&m| co.axis_move[a][m] == 0).map(|m| m / 3 % 3));
        }
        axes_of_u.sort();
        assert_eq!(axes_of_u, vec![Some(0), Some(1), Some(2)]);
        // Inheritance: the inverse's coordinate on the axis of the last move is unchanged.
        for c in &cs {
            for m in 0..MOVES {
                let a = co.move_axis[m] as usize;
                let before = axis_coords(&co.on_axis(&c.inverse(), a));
                let after = axis_coords(&co.on_axis(&c.after(Cube3Move::ALL[m]).inverse(), a));
                assert_eq!(before, after, "move {m} axis {a}");
            }
        }
    }

    #[test]
    fn coordinates_follow_moves_and_symmetries() {
        for variant in [Variant::Tiny, Variant::Full] {
            let co = CosetCoords::new(variant);
            assert_eq!(co.classes(), CLASSES);
            assert_eq!(co.raw_to_sym.iter().filter(|&&e| e == u32::MAX).count(), 0);
            let mut rng = seeded_rng(5);
            for _ in 0..300 {
                let c = CubieCube::random(&mut rng);
                let a = axis_coords(&c);
                for m in 0..MOVES {
                    assert_eq!(co.apply(&a, m), axis_coords(&c.after(Cube3Move::ALL[m])));
                }
                // The index is the same for every conjugate by a U–D symmetry.
                // (Up to the symmetries fixing the class representative.)
                let i = co.index(&a);
                let pc = variant.per_class();
                let (class, (sl, fl)) = (i / pc, co.split(i % pc));
                let images: Vec<u64> = (0..N_SYM)
                    .filter(|u| co.self_sym[class as usize] >> u & 1 == 1)
                    .map(|u| class * pc + co.inner(sl, fl, u))
                    .collect();
                for k in 0..N_SYM {
                    let j = co.index(&axis_coords(&conj_sym(&c, k)));
                    assert!(
                        images.contains(&j),
                        "sym {k}: {j} not in {images:?} (mask {:b})",
                        co.self_sym[class as usize]
                    );
                }
                assert!(i < co.entries());
            }
        }
        assert_eq!(CLASSES * Variant::Full.per_class(), 10_066_636_800);
    }

    #[test]
    fn gathered_bits_are_the_byte_bits() {
        for mask in 0u32..256 {
            let mut x = 0u64;
            for i in 0..8 {
                if mask >> i & 1 == 1 {
                    // Noise in the other bits of each byte must not matter.
                    x |= 0xfeu64 << (8 * i) | 1 << (8 * i);
                }
            }
            assert_eq!(gather_bits(x), mask);
            assert_eq!(gather_bits(x | 0xfefe_fefe_fefe_fefe), mask);
        }
    }

    #[test]
    fn lane_coords_match_axis_coords() {
        let co = CosetCoords::new(Variant::Tiny);
        let mut rng = seeded_rng(17);
        let mut cubes = vec![CubieCube::SOLVED];
        cubes.extend((0..2000).map(|_| CubieCube::random(&mut rng)));
        for c in &cubes {
            assert_eq!(co.lane_coords(&LaneCube::from_cubie(c)), axis_coords(c));
        }
    }

    #[test]
    fn node_inverse_follows_moves() {
        let table = vec![0u8; 64];
        let pruning = MovePruning::none(MOVES);
        let co = CosetCoords::new(Variant::Tiny);
        let p = BestProblem {
            coords: &co,
            table: BasePacked {
                bytes: &table,
                base: 4,
            },
            pruning: &pruning,
            inverse: true,
            order: true,
        };
        let mut rng = seeded_rng(23);
        for _ in 0..20 {
            let mut c = CubieCube::random(&mut rng);
            let mut n = p.node(&c);
            for step in 0..40 {
                let m = (step * 7 + c.corner_perm(0) as usize) % MOVES;
                c = c.after(Cube3Move::ALL[m]);
                n = p.apply(&n, m);
                let inv = c.inverse();
                let want: [CubieCube; 3] = std::array::from_fn(|a| co.on_axis(&inv, a));
                assert_eq!(p.inverse_cubes(&n), want);
                assert_eq!(
                    n,
                    BestNode {
                        inv: n.inv,
                        pos: n.pos,
                        ..p.node(&c)
                    }
                );
                assert_eq!(n.idx, n.ax.map(|x| co.index(&x)));
                for (a, w) in want.iter().enumerate() {
                    assert_eq!(co.lane_coords(&n.inv_cubes[a]), axis_coords(w));
                }
            }
        }
        let solved = p.node(&CubieCube::SOLVED);
        assert!(p.is_goal(&solved));
        // R, then R'.
        assert!(!p.is_goal(&p.apply(&solved, 3)));
        assert!(p.is_goal(&p.apply(&p.apply(&solved, 3), 5)));
    }

    #[test]
    fn plus_one_rule() {
        assert_eq!(plus_one([3, 3, 3]), 4);
        assert_eq!(plus_one([3, 2, 3]), 3);
        assert_eq!(plus_one([0, 0, 0]), 0);
    }
}
