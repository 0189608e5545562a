//! Symmetry-reduced phase-2 tables.
//!
//! The 16 symmetries of the cube that keep the U/D axis (rotations about it, the half turn
//! about the F/B axis, the left-right mirror, and their products) map the phase-2 subgroup
//! and its move set onto themselves, so conjugating a phase-2 state by one of them keeps
//! its distance. Phase 2 only needs permutations (every orientation is solved there); the
//! symmetries and their tables are those of [`twisty_core::cube3::symmetry`].
//!
//! A corner permutation `c` is held as a class `R` (its smallest conjugate, one of 2768)
//! and a symmetry `s` with `c = s⁻¹ · R · s`; likewise the permutation of the eight U/D
//! edges. The pruning tables are indexed by class and by the other coordinate conjugated
//! by `s`, which makes them 16 times smaller than plain ones (about 300 KB in all, so they
//! stay in the processor's cache): corner class × slice permutation, edge class × slice
//! permutation, edge class × (U-corner positions, corner parity).

use super::coord::{self, N_CCOMBP, N_CPERM, N_EPERM, N_SPERM};
use super::tables::{PruneTable, PHASE2_MOVES};
use twisty_core::cube3::{Cube3Move, CubieCube, SymClasses, SymSubgroup, Symmetries};

/// Number of symmetries used: those keeping the U–D axis, indices `0..16` of
/// [`twisty_core::cube3::symmetry`] (`F2^a · U4^b · LR2^c` at index `8a + 2b + c`).
pub const N_SYM: usize = 16;

/// The permutation of rank `r` (the inverse of the ranking in [`coord`]).
fn unrank<const N: usize>(mut r: usize) -> [u8; N] {
    let mut digits = [0usize; N];
    for i in (0..N).rev() {
        digits[i] = r % (N - i);
        r /= N - i;
    }
    let mut free: [u8; N] = [0; N];
    for (i, f) in free.iter_mut().enumerate() {
        *f = i as u8;
    }
    let mut n = N;
    let mut out = [0u8; N];
    for i in 0..N {
        let d = digits[i];
        out[i] = free[d];
        free.copy_within(d + 1..n, d);
        n -= 1;
    }
    out
}

const ID_C: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const ID_E: [u8; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

fn perm_cube(c: [u8; 8], e: [u8; 12]) -> CubieCube {
    CubieCube::from_parts(c, [0; 8], e, [0; 12]).unwrap_or(CubieCube::SOLVED)
}

/// A cube with corner permutation `x`.
fn cperm_cube(x: usize) -> CubieCube {
    perm_cube(unrank::<8>(x), ID_E)
}

/// A cube with U/D edge permutation `x`.
fn eperm_cube(x: usize) -> CubieCube {
    let mut e = ID_E;
    e[..8].copy_from_slice(&unrank::<8>(x));
    perm_cube(ID_C, e)
}

/// A cube with slice permutation `x`.
fn sperm_cube(x: usize) -> CubieCube {
    let mut e = ID_E;
    for (i, v) in unrank::<4>(x).iter().enumerate() {
        e[8 + i] = 8 + v;
    }
    perm_cube(ID_C, e)
}

/// A permutation coordinate reduced by symmetry.
#[derive(Debug, Clone)]
pub struct SymCoord {
    /// Class and symmetry (`class << 4 | sym`) of each raw value.
    pub raw_to_sym: Vec<u16>,
    /// The raw value of each class's representative.
    pub class_rep: Vec<u16>,
    /// Symmetries that map each representative to itself, as a bit mask.
    pub self_sym: Vec<u16>,
    /// `raw_to_sym` of `representative · move`, by `class × 10 + phase-2 move`.
    pub moves: Vec<u16>,
    /// `raw_to_sym` of the inverse of each representative.
    pub inverse: Vec<u16>,
}

impl SymCoord {
    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.class_rep.len()
    }
}

/// Symmetry tables and the symmetry-reduced phase-2 pruning tables.
#[derive(Debug, Clone)]
pub struct Phase2Sym {
    /// `sym_mult[a][b]`: the symmetry "a, then b".
    pub sym_mult: [[u8; N_SYM]; N_SYM],
    /// The inverse of each symmetry.
    pub sym_inv: [u8; N_SYM],
    /// `sym_move[s][j]`: the phase-2 move `s · m_j · s⁻¹` (as an index into the ten).
    pub sym_move: [[u8; 10]; N_SYM],
    /// The slice permutation of `s · c · s⁻¹` by (slice permutation of `c`) × 16 + `s`.
    pub sperm_conj: Vec<u8>,
    /// The inverse of each slice permutation.
    pub sperm_inv: [u8; N_SPERM],
    /// The corner combination and parity of `s · c · s⁻¹` by (that of `c`) × 16 + `s`.
    pub ccombp_conj: Vec<u8>,
    /// The corner combination and parity of each corner class representative.
    pub class_ccombp: Vec<u8>,
    /// Corner permutation classes.
    pub corners: SymCoord,
    /// U/D edge permutation classes.
    pub edges: SymCoord,
    /// Distances of `corner class × 24 + slice permutation`.
    pub corner_sperm_prune: PruneTable,
    /// Distances of `edge class × 24 + slice permutation`.
    pub edge_sperm_prune: PruneTable,
    /// Distances of `edge class × 140 + corner combination and parity`.
    pub edge_ccombp_prune: PruneTable,
}

fn sym_coord(
    n: usize,
    move_cubes: &[CubieCube; 10],
    of: impl Fn(usize) -> CubieCube,
    rank: impl Fn(&CubieCube) -> u16,
) -> SymCoord {
    let cl = SymClasses::reduce_cubes(n, SymSubgroup::UdAxis, &of, |c| rank(c) as usize);
    let raw_to_sym: Vec<u16> = cl.packed(4).into_iter().map(|v| v as u16).collect();
    let class_rep: Vec<u16> = cl.rep.iter().map(|&r| r as u16).collect();
    let self_sym = cl.self_sym.iter().map(|&m| m as u16).collect();
    let mut moves = vec![0u16; class_rep.len() * 10];
    let mut inverse = vec![0u16; class_rep.len()];
    for (k, &r) in class_rep.iter().enumerate() {
        let p = of(r as usize);
        for (j, mc) in move_cubes.iter().enumerate() {
            moves[k * 10 + j] = raw_to_sym[rank(&p.multiply(mc)) as usize];
        }
        inverse[k] = raw_to_sym[rank(&p.inverse()) as usize];
    }
    SymCoord {
        raw_to_sym,
        class_rep,
        self_sym,
        moves,
        inverse,
    }
}

/// Breadth-first distances over `class × n_other + other`, the class moving by `sc.moves`
/// (conjugated by the tracked symmetry) and the other coordinate by `other_move`.
fn sym_prune(sc: &SymCoord, n_other: usize, other_move: &[u16], other_conj: &[u8]) -> PruneTable {
    let n = sc.classes() * n_other;
    let mut dist = vec![u8::MAX; n];
    dist[0] = 0;
    let mut depth = 0u8;
    let mut filled = 1usize;
    loop {
        let mut added = 0;
        for i in 0..n {
            if dist[i] != depth {
                continue;
            }
            let (class, other) = (i / n_other, i % n_other);
            for j in 0..10 {
                let packed = sc.moves[class * 10 + j] as usize;
                let (nc, t) = (packed >> 4, packed & 15);
                let no = other_move[other * 10 + j] as usize;
                let z = other_conj[no * N_SYM + t] as usize;
                let idx = nc * n_other + z;
                if dist[idx] != u8::MAX {
                    continue;
                }
                dist[idx] = depth + 1;
                added += 1;
                // Conjugates by the representative's own symmetries are the same state.
                let mask = sc.self_sym[nc];
                if mask > 1 {
                    for u in 1..N_SYM {
                        if mask >> u & 1 != 0 {
                            let w = nc * n_other + other_conj[z * N_SYM + u] as usize;
                            if dist[w] == u8::MAX {
                                dist[w] = depth + 1;
                                added += 1;
                            }
                        }
                    }
                }
            }
        }
        filled += added;
        if added == 0 || filled >= n {
            break;
        }
        depth += 1;
    }
    PruneTable::from_distances(&dist)
}

impl Phase2Sym {
    /// The three table distances of a phase-2 cube (one in the subgroup), looked up
    /// directly from its raw coordinates: corner × slice, edge × slice, edge × corner
    /// combination.
    pub fn distances(&self, c: &CubieCube) -> [u8; 3] {
        let cs = self.corners.raw_to_sym[coord::cperm(c) as usize] as usize;
        let es = self.edges.raw_to_sym[coord::eperm(c) as usize] as usize;
        let sp = coord::sperm(c) as usize * N_SYM;
        let cc = coord::ccombp(c) as usize * N_SYM;
        [
            self.corner_sperm_prune
                .get((cs >> 4) * N_SPERM + self.sperm_conj[sp + (cs & 15)] as usize),
            self.edge_sperm_prune
                .get((es >> 4) * N_SPERM + self.sperm_conj[sp + (es & 15)] as usize),
            self.edge_ccombp_prune
                .get((es >> 4) * N_CCOMBP + self.ccombp_conj[cc + (es & 15)] as usize),
        ]
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        let coord_bytes = |c: &SymCoord| {
            2 * (c.raw_to_sym.len() + c.class_rep.len() + c.self_sym.len() + c.moves.len() + c.inverse.len())
        };
        coord_bytes(&self.corners)
            + coord_bytes(&self.edges)
            + self.sperm_conj.len()
            + self.ccombp_conj.len()
            + self.class_ccombp.len()
            + self.corner_sperm_prune.bytes()
            + self.edge_sperm_prune.bytes()
            + self.edge_ccombp_prune.bytes()
    }

    /// Builds the symmetry tables, the class tables and the three pruning tables, given
    /// the raw slice-permutation and corner-combination move tables (`× 10` phase-2 moves).
    pub fn build(sperm_move: &[u16], ccombp_move: &[u16]) -> Phase2Sym {
        let t = Symmetries::get();
        let mut sym_mult = [[0u8; N_SYM]; N_SYM];
        let mut sym_inv = [0u8; N_SYM];
        for a in 0..N_SYM {
            sym_inv[a] = t.inverse(a) as u8;
            for b in 0..N_SYM {
                sym_mult[a][b] = t.mult(a, b) as u8;
            }
        }
        let move_cubes: [CubieCube; 10] =
            PHASE2_MOVES.map(|m| CubieCube::of_move(Cube3Move::ALL[m as usize]));
        let mut sym_move = [[0u8; 10]; N_SYM];
        for s in 0..N_SYM {
            for j in 0..10 {
                let img = t.conj_move(s, Cube3Move::ALL[PHASE2_MOVES[j] as usize]).index();
                sym_move[s][j] = PHASE2_MOVES.iter().position(|&q| q == img).unwrap_or(j) as u8;
            }
        }
        let mut sperm_conj = vec![0u8; N_SPERM * N_SYM];
        let mut sperm_inv = [0u8; N_SPERM];
        for x in 0..N_SPERM {
            let p = sperm_cube(x);
            sperm_inv[x] = coord::sperm(&p.inverse()) as u8;
            for s in 0..N_SYM {
                sperm_conj[x * N_SYM + s] = coord::sperm(&t.conjugate(s, &p)) as u8;
            }
        }
        // A representative corner permutation for each corner combination and parity.
        let mut ccombp_rep = [CubieCube::SOLVED; N_CCOMBP];
        let mut seen = [false; N_CCOMBP];
        for x in 0..N_CPERM {
            let p = cperm_cube(x);
            let v = coord::ccombp(&p) as usize;
            if !seen[v] {
                seen[v] = true;
                ccombp_rep[v] = p;
            }
        }
        let mut ccombp_conj = vec![0u8; N_CCOMBP * N_SYM];
        for (v, p) in ccombp_rep.iter().enumerate() {
            for s in 0..N_SYM {
                ccombp_conj[v * N_SYM + s] = coord::ccombp(&t.conjugate(s, p)) as u8;
            }
        }
        let corners = sym_coord(N_CPERM, &move_cubes, cperm_cube, coord::cperm);
        let edges = sym_coord(N_EPERM, &move_cubes, eperm_cube, coord::eperm);
        let class_ccombp = corners
            .class_rep
            .iter()
            .map(|&r| coord::ccombp(&cperm_cube(r as usize)) as u8)
            .collect();
        let corner_sperm_prune = sym_prune(&corners, N_SPERM, sperm_move, &sperm_conj);
        let edge_sperm_prune = sym_prune(&edges, N_SPERM, sperm_move, &sperm_conj);
        let edge_ccombp_prune = sym_prune(&edges, N_CCOMBP, ccombp_move, &ccombp_conj);
        Phase2Sym {
            sym_mult,
            sym_inv,
            sym_move,
            sperm_conj,
            sperm_inv,
            ccombp_conj,
            class_ccombp,
            corners,
            edges,
            corner_sperm_prune,
            edge_sperm_prune,
            edge_ccombp_prune,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twophase::tables::{move_table, prune_table};
    use crate::twophase::TwoPhase;
    use twisty_core::seeded_rng;

    #[test]
    fn unrank_inverts_rank() {
        for x in [0usize, 1, 777, 40319] {
            assert_eq!(coord::cperm(&cperm_cube(x)) as usize, x);
            assert_eq!(coord::eperm(&eperm_cube(x)) as usize, x);
        }
        for x in 0..24 {
            assert_eq!(coord::sperm(&sperm_cube(x)) as usize, x);
        }
    }

    #[test]
    fn the_symmetries_map_phase2_moves_to_phase2_moves() {
        let p = &TwoPhase::global().tables().phase2;
        for s in 0..N_SYM {
            let mut images: Vec<u8> = p.sym_move[s].to_vec();
            images.sort_unstable();
            assert_eq!(images, (0..10).collect::<Vec<u8>>(), "symmetry {s}");
        }
    }

    /// The symmetry-reduced distances equal the plain tables' on random phase-2 states.
    #[test]
    fn reduced_tables_agree_with_plain_ones() {
        let t = TwoPhase::global().tables();
        let p = &t.phase2;
        let cm = move_table(N_CPERM, &PHASE2_MOVES, coord::cperm);
        let em = move_table(N_EPERM, &PHASE2_MOVES, coord::eperm);
        let plain_cs = prune_table(N_CPERM, N_SPERM, 10, &cm, &t.sperm_move);
        let plain_es = prune_table(N_EPERM, N_SPERM, 10, &em, &t.sperm_move);
        let plain_ec = prune_table(N_EPERM, N_CCOMBP, 10, &em, &t.ccombp_move);
        let mut rng = seeded_rng(3);
        let mut c = CubieCube::SOLVED;
        let mut seen = [0usize; 20];
        for _ in 0..20_000 {
            let m = PHASE2_MOVES[rand::Rng::random_range(&mut rng, 0..10)];
            c.apply_move(Cube3Move::ALL[m as usize]);
            let (cp, ep, sp, cc) = (
                coord::cperm(&c) as usize,
                coord::eperm(&c) as usize,
                coord::sperm(&c) as usize,
                coord::ccombp(&c) as usize,
            );
            let want = [
                plain_cs[cp * N_SPERM + sp],
                plain_es[ep * N_SPERM + sp],
                plain_ec[ep * N_CCOMBP + cc],
            ];
            assert_eq!(p.distances(&c), want, "{c:?}");
            seen[want[2] as usize] += 1;
        }
        // The walk met a range of distances.
        assert!(seen.iter().filter(|&&n| n > 0).count() >= 8, "{seen:?}");
    }
}
