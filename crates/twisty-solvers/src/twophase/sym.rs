//! Symmetry-reduced phase-2 tables.
//!
//! The 16 symmetries of the cube that keep the U/D axis (rotations about it, the half turn
//! about the F/B axis, the left-right mirror, and their products) map the phase-2 subgroup
//! and its move set onto themselves, so conjugating a phase-2 state by one of them keeps
//! its distance. Phase 2 only needs permutations (every orientation is solved there), so a
//! symmetry is handled here as a permutation of the corner and edge positions.
//!
//! A corner permutation `c` is held as a class `R` (its smallest conjugate, one of 2768)
//! and a symmetry `s` with `c = s⁻¹ · R · s`; likewise the permutation of the eight U/D
//! edges. The pruning tables are indexed by class and by the other coordinate conjugated
//! by `s`, which makes them 16 times smaller than plain ones (about 300 KB in all, so they
//! stay in the processor's cache): corner class × slice permutation, edge class × slice
//! permutation, edge class × (U-corner positions, corner parity).

use super::coord::{self, N_CCOMBP, N_CPERM, N_EPERM, N_SPERM};
use super::tables::{PruneTable, PHASE2_MOVES};
use twisty_core::cube3::{Cube3Move, CubieCube};

/// Number of symmetries used.
pub const N_SYM: usize = 16;

/// A symmetry or a state as permutations: `c[i]` is the corner at corner position `i`,
/// `e[i]` the edge at edge position `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Perm {
    pub(crate) c: [u8; 8],
    pub(crate) e: [u8; 12],
}

impl Perm {
    const IDENTITY: Perm = Perm {
        c: [0, 1, 2, 3, 4, 5, 6, 7],
        e: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    };

    pub(crate) fn of_cube(c: &CubieCube) -> Perm {
        Perm {
            c: c.corner_perms(),
            e: c.edge_perms(),
        }
    }

    fn cube(&self) -> CubieCube {
        CubieCube::from_parts(self.c, [0; 8], self.e, [0; 12]).unwrap_or(CubieCube::SOLVED)
    }

    /// "`self`, then `other`".
    fn then(&self, other: &Perm) -> Perm {
        Perm {
            c: other.c.map(|i| self.c[i as usize]),
            e: other.e.map(|i| self.e[i as usize]),
        }
    }

    pub(crate) fn inverse(&self) -> Perm {
        let mut out = Perm::IDENTITY;
        for (i, &x) in self.c.iter().enumerate() {
            out.c[x as usize] = i as u8;
        }
        for (i, &x) in self.e.iter().enumerate() {
            out.e[x as usize] = i as u8;
        }
        out
    }

    /// `s · self · s⁻¹`.
    fn conj(&self, s: &Perm, s_inv: &Perm) -> Perm {
        s.then(&self.then(s_inv))
    }
}

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

fn cperm_perm(x: usize) -> Perm {
    Perm {
        c: unrank::<8>(x),
        ..Perm::IDENTITY
    }
}

fn eperm_perm(x: usize) -> Perm {
    let mut p = Perm::IDENTITY;
    p.e[..8].copy_from_slice(&unrank::<8>(x));
    p
}

fn sperm_perm(x: usize) -> Perm {
    let mut p = Perm::IDENTITY;
    for (i, v) in unrank::<4>(x).iter().enumerate() {
        p.e[8 + i] = 8 + v;
    }
    p
}

/// The 16 symmetries: `F2^a · U4^b · LR2^c` at index `8a + 2b + c`.
pub(crate) fn symmetries() -> [Perm; N_SYM] {
    let u4 = Perm {
        c: [3, 0, 1, 2, 7, 4, 5, 6],
        e: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    };
    let f2 = Perm {
        c: [5, 4, 7, 6, 1, 0, 3, 2],
        e: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    };
    let lr2 = Perm {
        c: [1, 0, 3, 2, 5, 4, 7, 6],
        e: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    };
    let mut out = [Perm::IDENTITY; N_SYM];
    for (k, slot) in out.iter_mut().enumerate() {
        let mut p = Perm::IDENTITY;
        if k & 8 != 0 {
            p = p.then(&f2);
        }
        for _ in 0..(k >> 1) & 3 {
            p = p.then(&u4);
        }
        if k & 1 != 0 {
            p = p.then(&lr2);
        }
        *slot = p;
    }
    out
}

/// A permutation coordinate reduced by symmetry.
#[derive(Debug)]
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
#[derive(Debug)]
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
    syms: &[Perm; N_SYM],
    sym_inv: &[Perm; N_SYM],
    move_perms: &[Perm; 10],
    of: impl Fn(usize) -> Perm,
    rank: impl Fn(&CubieCube) -> u16,
) -> SymCoord {
    let mut raw_to_sym = vec![u16::MAX; n];
    let mut class_rep = Vec::new();
    let mut self_sym = Vec::new();
    for x in 0..n {
        if raw_to_sym[x] != u16::MAX {
            continue;
        }
        // x is the smallest value of a new class, its representative.
        let class = class_rep.len() as u16;
        let p = of(x);
        let mut mask = 0u16;
        for s in 0..N_SYM {
            let y = rank(&p.conj(&syms[s], &sym_inv[s]).cube()) as usize;
            if y == x {
                mask |= 1 << s;
            }
            if raw_to_sym[y] == u16::MAX {
                // y = s x s⁻¹, so x = s⁻¹ y s: the symmetry mapping y to its
                // representative is s⁻¹.
                let back = sym_index(syms, &sym_inv[s]);
                raw_to_sym[y] = class << 4 | back as u16;
            }
        }
        class_rep.push(x as u16);
        self_sym.push(mask);
    }
    let mut moves = vec![0u16; class_rep.len() * 10];
    let mut inverse = vec![0u16; class_rep.len()];
    for (k, &r) in class_rep.iter().enumerate() {
        let p = of(r as usize);
        for (j, mp) in move_perms.iter().enumerate() {
            moves[k * 10 + j] = raw_to_sym[rank(&p.then(mp).cube()) as usize];
        }
        inverse[k] = raw_to_sym[rank(&p.inverse().cube()) as usize];
    }
    SymCoord {
        raw_to_sym,
        class_rep,
        self_sym,
        moves,
        inverse,
    }
}

fn sym_index(syms: &[Perm; N_SYM], p: &Perm) -> usize {
    syms.iter().position(|s| s == p).unwrap_or(0)
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
        let syms = symmetries();
        let sym_invs = syms.map(|s| s.inverse());
        let mut sym_mult = [[0u8; N_SYM]; N_SYM];
        let mut sym_inv = [0u8; N_SYM];
        for a in 0..N_SYM {
            sym_inv[a] = sym_index(&syms, &sym_invs[a]) as u8;
            for b in 0..N_SYM {
                sym_mult[a][b] = sym_index(&syms, &syms[a].then(&syms[b])) as u8;
            }
        }
        let move_perms: [Perm; 10] =
            PHASE2_MOVES.map(|m| Perm::of_cube(&CubieCube::of_move(Cube3Move::ALL[m as usize])));
        let mut sym_move = [[0u8; 10]; N_SYM];
        for s in 0..N_SYM {
            for j in 0..10 {
                let c = move_perms[j].conj(&syms[s], &sym_invs[s]);
                sym_move[s][j] = move_perms.iter().position(|p| *p == c).unwrap_or(j) as u8;
            }
        }
        let mut sperm_conj = vec![0u8; N_SPERM * N_SYM];
        let mut sperm_inv = [0u8; N_SPERM];
        for x in 0..N_SPERM {
            let p = sperm_perm(x);
            sperm_inv[x] = coord::sperm(&p.inverse().cube()) as u8;
            for s in 0..N_SYM {
                sperm_conj[x * N_SYM + s] = coord::sperm(&p.conj(&syms[s], &sym_invs[s]).cube()) as u8;
            }
        }
        // A representative corner permutation for each corner combination and parity.
        let mut ccombp_rep = [Perm::IDENTITY; N_CCOMBP];
        let mut seen = [false; N_CCOMBP];
        for x in 0..N_CPERM {
            let p = cperm_perm(x);
            let v = coord::ccombp(&p.cube()) as usize;
            if !seen[v] {
                seen[v] = true;
                ccombp_rep[v] = p;
            }
        }
        let mut ccombp_conj = vec![0u8; N_CCOMBP * N_SYM];
        for (v, p) in ccombp_rep.iter().enumerate() {
            for s in 0..N_SYM {
                ccombp_conj[v * N_SYM + s] = coord::ccombp(&p.conj(&syms[s], &sym_invs[s]).cube()) as u8;
            }
        }
        let corners = sym_coord(N_CPERM, &syms, &sym_invs, &move_perms, cperm_perm, coord::cperm);
        let edges = sym_coord(N_EPERM, &syms, &sym_invs, &move_perms, eperm_perm, coord::eperm);
        let class_ccombp = corners
            .class_rep
            .iter()
            .map(|&r| coord::ccombp(&cperm_perm(r as usize).cube()) as u8)
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
            assert_eq!(coord::cperm(&cperm_perm(x).cube()) as usize, x);
            assert_eq!(coord::eperm(&eperm_perm(x).cube()) as usize, x);
        }
        for x in 0..24 {
            assert_eq!(coord::sperm(&sperm_perm(x).cube()) as usize, x);
        }
    }

    #[test]
    fn symmetries_form_a_group_that_maps_phase2_moves_to_phase2_moves() {
        let syms = symmetries();
        for (a, s) in syms.iter().enumerate() {
            for b in &syms[..a] {
                assert_ne!(s, b, "symmetry {a} repeated");
            }
            let inv = s.inverse();
            for &m in &PHASE2_MOVES {
                let p = Perm::of_cube(&CubieCube::of_move(Cube3Move::ALL[m as usize]));
                let c = p.conj(s, &inv);
                assert!(
                    PHASE2_MOVES
                        .iter()
                        .any(|&q| Perm::of_cube(&CubieCube::of_move(Cube3Move::ALL[q as usize])) == c),
                    "symmetry {a} does not map move {m} to a phase-2 move"
                );
            }
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
