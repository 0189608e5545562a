//! The H48 coordinate: corner orientation and tetrads reduced by the 48 symmetries, edge
//! slices, and the edge flip (see the [module documentation](super)).
//!
//! Raw coordinates of a cube:
//! - `cocsep = twist · 70 + tetrad set` (153,090 values): the corner twist (3⁷, corner 0 the
//!   most significant digit, as [`crate::twophase::coord::twist`]) and the set of corner
//!   positions holding the cubies `UFL UBR DFR DBL` (the tetrad not holding `URF`);
//! - `esep` (34,650 values): which slice's cubie each edge position holds, the set of
//!   E-slice positions and the set of M-slice positions, ranked together;
//! - `eo` (2048 values): bit `i` is the flip of the edge at position `i < 11`.
//!
//! A symmetry maps each of these to a function of itself: the corner part and the slices
//! are permuted, and the flip is permuted and XORed with a mask that depends on the slices
//! alone (a symmetry that turns the F–B axis into another axis flips exactly the edges of
//! some slices). The tables below hold these maps; tests check them against conjugated
//! cubes.

use twisty_core::cube3::{CubieCube, EdgeConjugator, LaneCube, SymClasses, SymSubgroup, Symmetries};

/// Corner twists.
pub const N_TWIST: usize = 2187;
/// Corner tetrad sets.
pub const N_CSEP: usize = 70;
/// Raw corner-part values.
pub const N_COCSEP: usize = N_TWIST * N_CSEP;
/// Edge slice arrangements (12! / 4!³).
pub const N_ESEP: usize = 34_650;
/// Edge flips.
pub const N_EO: usize = 2048;
/// Symmetries.
pub const N_SYM: usize = 48;
/// Corner classes under the 48 symmetries (checked by a test).
pub const CLASSES: u64 = 3393;
/// Entries of the full coordinate (every flip bit): classes × slices × flips.
pub const FULL_ENTRIES: u64 = CLASSES * N_ESEP as u64 * N_EO as u64;

/// Bit 0 of each byte of `x`, gathered: byte `i` gives bit `i` of the result.
#[inline(always)]
pub(crate) fn gather_bits(x: u64) -> u32 {
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Ranks of the `k`-subsets of `n` positions by bit mask (in increasing mask order);
/// `u16::MAX` for masks of other sizes.
fn subset_ranks(n: usize, k: u32) -> Vec<u16> {
    let mut next = 0u16;
    (0..1usize << n)
        .map(|m| {
            if m.count_ones() == k {
                next += 1;
                next - 1
            } else {
                u16::MAX
            }
        })
        .collect()
}

fn masks(n: usize, k: u32) -> Vec<usize> {
    (0..1usize << n).filter(|m| m.count_ones() == k).collect()
}

fn cube(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> CubieCube {
    CubieCube::from_parts(cp, co, ep, eo).unwrap_or(CubieCube::SOLVED)
}

/// The raw coordinates of one cube: `[cocsep, esep, eo]`.
pub type Raw = [u32; 3];

/// The coordinate tables.
#[derive(Debug)]
pub struct H48Coords {
    /// `class << 6 | sym` of each raw corner part: conjugating by `sym` gives the class
    /// representative.
    pub raw_to_sym: Vec<u32>,
    /// Symmetries fixing each class representative (bit mask over the 48).
    pub self_sym: Vec<u64>,
    /// The raw corner part of each class representative.
    pub class_rep: Vec<u32>,
    /// `esep' << 11 | flip mask` by `esep × 48 + sym`.
    esep_conj: Vec<u32>,
    /// The permuted flip by `sym × 2048 + eo`.
    eo_conj: Vec<u16>,
    csep_rank: Vec<u16>,
    sub12: Vec<u16>,
    /// The bits of `m` at the set bits of `keep`, gathered, by `keep << 6 | m` (6 bits each).
    compress6: Vec<u8>,
    twist_of_mask: Vec<u16>,
    /// The 48 symmetries' actions on edges.
    sym_edges: Vec<EdgeConjugator>,
}

/// The corner cubies of the tetrad not holding `URF`: `UFL UBR DFR DBL`.
pub fn in_tetrad_b(cubie: u8) -> bool {
    (cubie ^ cubie >> 2) & 1 == 1
}

/// The slice of an edge cubie: 0 for S (`UR UL DR DL`), 1 for M (`UF UB DF DB`), 2 for E.
pub fn slice_of(cubie: u8) -> u8 {
    if cubie >= 8 {
        2
    } else {
        cubie & 1
    }
}

impl H48Coords {
    /// Builds the tables (a fraction of a second).
    pub fn new() -> Self {
        let csep_rank = subset_ranks(8, 4);
        let sub12 = subset_ranks(12, 4);
        let twist_of_mask = (0..128usize)
            .map(|mask| {
                (0..7)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| 3u16.pow(6 - i as u32))
                    .sum()
            })
            .collect();
        let compress6 = (0..64 * 64usize)
            .map(|x| {
                let (keep, m) = (x >> 6, x & 63);
                let mut out = 0u8;
                let mut j = 0;
                for i in 0..6 {
                    if keep >> i & 1 == 1 {
                        out |= ((m >> i & 1) as u8) << j;
                        j += 1;
                    }
                }
                out
            })
            .collect();
        let mut co = H48Coords {
            raw_to_sym: Vec::new(),
            self_sym: Vec::new(),
            class_rep: Vec::new(),
            esep_conj: Vec::new(),
            eo_conj: Vec::new(),
            csep_rank,
            sub12,
            compress6,
            twist_of_mask,
            sym_edges: EdgeConjugator::all(),
        };
        let t = Symmetries::get();
        let cl = SymClasses::reduce_cubes(N_COCSEP, SymSubgroup::All, cocsep_cube, |c| co.raw(c)[0] as usize);
        co.raw_to_sym = cl.packed(6);
        co.class_rep = cl.rep.clone();
        co.self_sym = cl.self_sym.clone();
        let esep_cubes = esep_cubes(&co);
        let mut esep_conj = vec![0u32; N_ESEP * N_SYM];
        for (e, c) in esep_cubes.iter().enumerate() {
            for k in 0..N_SYM {
                let r = co.raw(&t.conjugate(k, c));
                esep_conj[e * N_SYM + k] = r[1] << 11 | r[2];
            }
        }
        let mut eo_conj = vec![0u16; N_SYM * N_EO];
        for f in 0..N_EO {
            let c = eo_cube(f);
            for k in 0..N_SYM {
                eo_conj[k * N_EO + f] = co.raw(&t.conjugate(k, &c))[2] as u16;
            }
        }
        co.esep_conj = esep_conj;
        co.eo_conj = eo_conj;
        co
    }

    /// Number of corner classes.
    pub fn classes(&self) -> u64 {
        self.class_rep.len() as u64
    }

    /// The raw corner part of a corner word (see [`LaneCube::corner_word`]).
    #[inline(always)]
    fn cocsep_word(&self, c: u64) -> u32 {
        // Corner bytes are `cubie | twist << 3`.
        let cmask = gather_bits(c ^ c >> 2) as usize;
        let t1 = gather_bits(c >> 3) as usize & 0x7f;
        let t2 = gather_bits(c >> 4) as usize & 0x7f;
        let twist = self.twist_of_mask[t1] as u32 + 2 * self.twist_of_mask[t2] as u32;
        twist * N_CSEP as u32 + self.csep_rank[cmask] as u32
    }

    /// `[esep, eo]` of edge words (see [`LaneCube::edge_words`]).
    #[inline(always)]
    fn edge_raw_words(&self, e0: u64, e1: u32) -> [u32; 2] {
        // Edge bytes are `cubie | flip << 4`.
        let e1 = e1 as u64;
        let emask = (gather_bits(e0 >> 3) | gather_bits(e1 >> 3) << 8) as usize & 0xfff;
        let odd = (gather_bits(e0) | gather_bits(e1) << 8) as usize & 0xfff;
        let mmask = odd & !emask;
        let fmask = (gather_bits(e0 >> 4) | gather_bits(e1 >> 4) << 8) & 0x7ff;
        // The M positions among the 8 positions outside E, gathered 6 positions at a time:
        // ranking them after the E positions numbers the arrangements in the order of
        // (E set, M set) masks.
        let keep = !emask & 0xfff;
        let lo = self.compress6[(keep & 63) << 6 | (mmask & 63)] as usize;
        let hi = self.compress6[(keep >> 6) << 6 | (mmask >> 6)] as usize;
        let m8 = (lo | hi << (keep & 63).count_ones()) & 0xff;
        let esep = (self.sub12[emask] as u32 * 70 + self.csep_rank[m8] as u32).min(N_ESEP as u32 - 1);
        [esep, fmask]
    }

    /// The raw coordinates of lane words (see [`LaneCube::corner_word`] and
    /// [`LaneCube::edge_words`]).
    #[inline(always)]
    pub fn raw_words(&self, c: u64, e0: u64, e1: u32) -> Raw {
        let [esep, eo] = self.edge_raw_words(e0, e1);
        [self.cocsep_word(c), esep, eo]
    }

    /// The full index of a lane cube, as [`Self::full_index`] of its raw coordinates, with the
    /// edges conjugated in lanes rather than through the conjugation tables (whose 6.6 MB
    /// miss the cache when a search reads them at random).
    #[inline(always)]
    pub fn lane_index(&self, y: &LaneCube) -> u64 {
        let e = self.raw_to_sym[self.cocsep_word(y.corner_word()) as usize];
        let (e0, e1) = y.conjugated_edge_words(&self.sym_edges[(e & 63) as usize]);
        let [es, eo] = self.edge_raw_words(e0, e1);
        ((e >> 6) as u64 * N_ESEP as u64 + es as u64) * N_EO as u64 + eo as u64
    }

    /// The raw coordinates of a lane cube.
    #[inline(always)]
    pub fn raw_lane(&self, y: &LaneCube) -> Raw {
        let (e0, e1) = y.edge_words();
        self.raw_words(y.corner_word(), e0, e1)
    }

    /// The raw coordinates of a cube.
    #[inline(always)]
    pub fn raw(&self, c: &CubieCube) -> Raw {
        self.raw_lane(&LaneCube::from_cubie(c))
    }

    /// `(esep, eo)` conjugated by symmetry `k`.
    #[inline(always)]
    pub fn conj_edges(&self, esep: u32, eo: u32, k: usize) -> (u32, u32) {
        let s = self.esep_conj[esep as usize * N_SYM + k];
        (s >> 11, (s & 0x7ff) ^ self.eo_conj[k * N_EO + eo as usize] as u32)
    }

    /// Prefetches the line of `r`'s corner part in [`Self::raw_to_sym`].
    #[inline(always)]
    pub fn prefetch_sym(&self, r: &Raw) {
        twisty_search::prefetch::prefetch_at(&self.raw_to_sym, r[0] as usize);
    }

    /// `raw_to_sym` of `r`'s corner part, with the conjugation lines that
    /// [`Self::full_index_of`] reads for it prefetched.
    #[inline(always)]
    pub fn prefetch_edges(&self, r: &Raw) -> u32 {
        let e = self.raw_to_sym[r[0] as usize];
        let k = (e & 63) as usize;
        twisty_search::prefetch::prefetch_at(&self.esep_conj, r[1] as usize * N_SYM + k);
        twisty_search::prefetch::prefetch_at(&self.eo_conj, k * N_EO + r[2] as usize);
        e
    }

    /// The class of the corner part and the full index (every flip bit) of the conjugate
    /// taking it to its representative: `(class · 34650 + esep') · 2048 + eo'`.
    #[inline(always)]
    pub fn full_index(&self, r: &Raw) -> (u32, u64) {
        self.full_index_of(r, self.raw_to_sym[r[0] as usize])
    }

    /// [`Self::full_index`] given `e = raw_to_sym[r[0]]`.
    #[inline(always)]
    pub fn full_index_of(&self, r: &Raw, e: u32) -> (u32, u64) {
        let class = e >> 6;
        let (es, eo) = self.conj_edges(r[1], r[2], (e & 63) as usize);
        (
            class,
            (class as u64 * N_ESEP as u64 + es as u64) * N_EO as u64 + eo as u64,
        )
    }

    /// Every full index naming the same state as `full` of a class: the images under the
    /// symmetries fixing the class representative (one index when there are none).
    #[inline]
    pub fn variants(&self, class: u32, full: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(full);
        let mask = self.self_sym[class as usize];
        if mask == 1 {
            return;
        }
        let base = full - full % (N_ESEP as u64 * N_EO as u64);
        let inner = full % (N_ESEP as u64 * N_EO as u64);
        let (es, eo) = ((inner >> 11) as u32, (inner & 0x7ff) as u32);
        for u in 1..N_SYM {
            if mask >> u & 1 == 1 {
                let (a, b) = self.conj_edges(es, eo, u);
                let v = base + (a as u64) * N_EO as u64 + b as u64;
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
}

impl Default for H48Coords {
    fn default() -> Self {
        Self::new()
    }
}

/// A cube with raw corner part `x` (edges solved; the permutation parity is not kept).
pub fn cocsep_cube(x: usize) -> CubieCube {
    let (mut t, s) = (x / N_CSEP, x % N_CSEP);
    let mut co = [0u8; 8];
    for i in (0..7).rev() {
        co[i] = (t % 3) as u8;
        t /= 3;
    }
    co[7] = ((3 - co.iter().map(|&o| o as usize).sum::<usize>() % 3) % 3) as u8;
    let mask = masks(8, 4)[s];
    let (mut a, mut b) = ([0u8, 2, 5, 7].into_iter(), [1u8, 3, 4, 6].into_iter());
    let cp: [u8; 8] = std::array::from_fn(|i| {
        if mask >> i & 1 == 1 {
            b.next().unwrap_or(0)
        } else {
            a.next().unwrap_or(0)
        }
    });
    cube(cp, co, std::array::from_fn(|i| i as u8), [0; 12])
}

/// A cube with flip `f` (and every cubie home).
pub fn eo_cube(f: usize) -> CubieCube {
    let mut eo = [0u8; 12];
    for (i, o) in eo.iter_mut().enumerate().take(11) {
        *o = (f >> i & 1) as u8;
    }
    eo[11] = (eo.iter().map(|&o| o as usize).sum::<usize>() % 2) as u8;
    cube(
        std::array::from_fn(|i| i as u8),
        [0; 8],
        std::array::from_fn(|i| i as u8),
        eo,
    )
}

/// A cube for each `esep` value (corners home, no flip), by value.
fn esep_cubes(co: &H48Coords) -> Vec<CubieCube> {
    let mut out = vec![CubieCube::SOLVED; N_ESEP];
    for e in masks(12, 4) {
        for m in masks(12, 4) {
            if e & m != 0 {
                continue;
            }
            let (mut ei, mut mi, mut si) = (
                [8u8, 9, 10, 11].into_iter(),
                [1u8, 3, 5, 7].into_iter(),
                [0u8, 2, 4, 6].into_iter(),
            );
            let ep: [u8; 12] = std::array::from_fn(|i| {
                if e >> i & 1 == 1 {
                    ei.next().unwrap_or(0)
                } else if m >> i & 1 == 1 {
                    mi.next().unwrap_or(0)
                } else {
                    si.next().unwrap_or(0)
                }
            });
            let c = cube(std::array::from_fn(|i| i as u8), [0; 8], ep, [0; 12]);
            out[co.raw(&c)[1] as usize] = c;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::cube3::Cube3Move;
    use twisty_core::rng::seeded_rng;

    /// Brute-force raw coordinates from the cubie arrays.
    fn brute(c: &CubieCube) -> (usize, [u8; 8], [u8; 12], [u8; 11]) {
        let twist = (0..7).fold(0usize, |t, i| t * 3 + c.corner_ori(i) as usize);
        let tet: [u8; 8] = std::array::from_fn(|i| in_tetrad_b(c.corner_perm(i)) as u8);
        let sl: [u8; 12] = std::array::from_fn(|i| slice_of(c.edge_perm(i)));
        let fl: [u8; 11] = std::array::from_fn(|i| c.edge_ori(i));
        (twist, tet, sl, fl)
    }

    #[test]
    fn raw_coordinates_determine_and_are_determined_by_the_pieces_classes() {
        let co = H48Coords::new();
        let mut rng = seeded_rng(3);
        let cubes: Vec<CubieCube> = (0..3000).map(|_| CubieCube::random(&mut rng)).collect();
        let mut seen = std::collections::HashMap::new();
        for c in &cubes {
            let r = co.raw(c);
            assert!((r[0] as usize) < N_COCSEP && (r[1] as usize) < N_ESEP && (r[2] as usize) < N_EO);
            let b = brute(c);
            if let Some(old) = seen.insert(r, b) {
                assert_eq!(old, b);
            }
            assert_eq!(r[0] as usize / N_CSEP, b.0);
        }
        // Distinct class patterns give distinct values: the maps are bijections.
        let mut back = std::collections::HashMap::new();
        for (r, b) in &seen {
            assert_eq!(back.insert(*b, *r), None);
        }
        for x in (0..N_COCSEP).step_by(7) {
            assert_eq!(co.raw(&cocsep_cube(x))[0] as usize, x);
        }
        for f in 0..N_EO {
            assert_eq!(co.raw(&eo_cube(f))[2] as usize, f);
        }
        let es = esep_cubes(&co);
        for (e, c) in es.iter().enumerate() {
            assert_eq!(co.raw(c)[1] as usize, e);
        }
        // The numbering the tables are stored in: (E set, M set) by increasing masks.
        let mut next = 0;
        for e in masks(12, 4) {
            for m in masks(12, 4).into_iter().filter(|m| m & e == 0) {
                let ep: [u8; 12] = std::array::from_fn(|i| {
                    if e >> i & 1 == 1 {
                        8
                    } else if m >> i & 1 == 1 {
                        1
                    } else {
                        0
                    }
                });
                let edges = std::array::from_fn(|i| slice_of(es[next].edge_perm(i)));
                assert_eq!(edges, ep.map(slice_of), "esep {next}");
                next += 1;
            }
        }
        assert_eq!(next, N_ESEP);
    }

    #[test]
    fn forty_eight_symmetries_give_3393_corner_classes_and_conjugate_consistently() {
        let co = H48Coords::new();
        assert_eq!(co.classes(), CLASSES);
        assert_eq!(FULL_ENTRIES, 240_778_137_600);
        let t = Symmetries::get();
        let mut rng = seeded_rng(9);
        for _ in 0..300 {
            let c = CubieCube::random(&mut rng);
            let r = co.raw(&c);
            let (class, full) = co.full_index(&r);
            let mut vars = Vec::new();
            co.variants(class, full, &mut vars);
            for k in 0..N_SYM {
                let d = t.conjugate(k, &c);
                let rd = co.raw(&d);
                // The corner part of a conjugate is a function of the corner part.
                let via = co.raw(&t.conjugate(k, &cocsep_cube(r[0] as usize)))[0];
                assert_eq!(rd[0], via, "sym {k}");
                // The edge parts conjugate by the tables.
                assert_eq!(co.conj_edges(r[1], r[2], k), (rd[1], rd[2]), "sym {k}");
                // The lane path gives the same index.
                assert_eq!(co.lane_index(&LaneCube::from_cubie(&c)), full);
                // Every conjugate has one of the state's indices.
                let (cd, fd) = co.full_index(&rd);
                assert_eq!(cd, class);
                assert!(vars.contains(&fd), "sym {k}");
            }
        }
    }

    #[test]
    fn the_target_group_is_solved_and_half_turns_stay_in_it() {
        let co = H48Coords::new();
        let solved = co.full_index(&co.raw(&CubieCube::SOLVED));
        for m in Cube3Move::ALL {
            let c = CubieCube::SOLVED.after(m);
            let i = co.full_index(&co.raw(&c));
            assert_eq!(i == solved, m.index() % 3 == 1, "{m:?}");
        }
    }
}
