//! Coordinates of the 3x3x3 for the optimal solver, with their move tables.
//!
//! - Corners: the Lehmer rank (0..8!) of the corner permutation (cubie at each position) and
//!   the twist (0..3⁷, base-3 digits of the first seven positions). Both transform
//!   independently under a move, so each has its own move table.
//! - Edge patterns: `k ≤ 7` tracked edge cubies, as the partial-permutation rank (0..12Pk) of
//!   their positions (in the pattern's order) and `k` orientation bits (the first tracked
//!   edge most significant). A move maps the positions by a table and flips the bits by an
//!   XOR mask that depends only on the positions, so one table entry packs the new rank (22
//!   bits) with the mask (7 bits above them).
//!
//! A pattern's first `j` edges are a pattern of their own, and its coordinate is a prefix of
//! the longer one: `rank_j = rank_k / P(12 − j, k − j)` (Horner order of the Lehmer digits)
//! and `ori_j = ori_k >> (k − j)`. The solver keeps two 7-edge coordinates per node and reads
//! shorter patterns off them.

use rayon::prelude::*;
use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_search::rank::{
    n_p_k, rank_ori, rank_partial, rank_perm, unrank_ori, unrank_partial, unrank_perm,
};

/// Number of moves (HTM).
pub const MOVES: usize = 18;
/// Corner permutations.
pub const CORNER_PERMS: u64 = 40_320;
/// Corner twists.
pub const TWISTS: u64 = 2_187;
/// Mask of the rank part of a packed edge move-table entry.
pub const RANK_MASK: u32 = (1 << 22) - 1;

/// Where each cubie goes and how its orientation changes under each move.
#[derive(Debug, Clone)]
pub struct MoveMaps {
    /// `corner_dest[m][p]`: the position the corner at `p` moves to.
    pub corner_dest: [[u8; 8]; MOVES],
    /// `corner_twist[m][p]`: the twist the corner at `p` gains.
    pub corner_twist: [[u8; 8]; MOVES],
    /// `edge_dest[m][p]`: the position the edge at `p` moves to.
    pub edge_dest: [[u8; 12]; MOVES],
    /// `edge_flip[m][p]`: whether the edge at `p` flips.
    pub edge_flip: [[u8; 12]; MOVES],
}

impl MoveMaps {
    /// The maps of the 18 face moves.
    pub fn new() -> Self {
        let mut m = MoveMaps {
            corner_dest: [[0; 8]; MOVES],
            corner_twist: [[0; 8]; MOVES],
            edge_dest: [[0; 12]; MOVES],
            edge_flip: [[0; 12]; MOVES],
        };
        for mv in Cube3Move::ALL {
            let k = mv.index() as usize;
            let c = CubieCube::of_move(mv);
            for i in 0..8 {
                let from = c.corner_perm(i) as usize;
                m.corner_dest[k][from] = i as u8;
                m.corner_twist[k][from] = c.corner_ori(i);
            }
            for i in 0..12 {
                let from = c.edge_perm(i) as usize;
                m.edge_dest[k][from] = i as u8;
                m.edge_flip[k][from] = c.edge_ori(i);
            }
        }
        m
    }
}

impl Default for MoveMaps {
    fn default() -> Self {
        Self::new()
    }
}

/// The corner permutation coordinate of a cube.
pub fn corner_perm(c: &CubieCube) -> u16 {
    rank_perm(&c.corner_perms()) as u16
}

/// The corner twist coordinate of a cube.
pub fn twist(c: &CubieCube) -> u16 {
    rank_ori(&c.corner_oris(), 3) as u16
}

/// Move table of the corner permutation: `[perm · 18 + move]`.
pub fn corner_perm_table(maps: &MoveMaps) -> Vec<u16> {
    let mut t = vec![0u16; CORNER_PERMS as usize * MOVES];
    let mut p = [0u8; 8];
    for r in 0..CORNER_PERMS {
        unrank_perm(r, &mut p);
        for m in 0..MOVES {
            let mut q = [0u8; 8];
            for (pos, &cubie) in p.iter().enumerate() {
                q[maps.corner_dest[m][pos] as usize] = cubie;
            }
            t[r as usize * MOVES + m] = rank_perm(&q) as u16;
        }
    }
    t
}

/// Move table of the corner twist: `[twist · 18 + move]`.
pub fn twist_table(maps: &MoveMaps) -> Vec<u16> {
    let mut t = vec![0u16; TWISTS as usize * MOVES];
    let mut o = [0u8; 8];
    for r in 0..TWISTS {
        unrank_ori(r, 3, &mut o);
        for m in 0..MOVES {
            let mut q = [0u8; 8];
            for (pos, &tw) in o.iter().enumerate() {
                q[maps.corner_dest[m][pos] as usize] = (tw + maps.corner_twist[m][pos]) % 3;
            }
            t[r as usize * MOVES + m] = rank_ori(&q, 3) as u16;
        }
    }
    t
}

/// A pattern of tracked edge cubies (1 to 7 of them), in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgePattern {
    /// The tracked cubies (0..12, Kociemba's order).
    pub edges: Vec<u8>,
}

impl EdgePattern {
    /// A pattern of the given cubies; `None` unless 1..=7 distinct cubies below 12.
    pub fn new(edges: &[u8]) -> Option<Self> {
        let mut seen = 0u16;
        for &e in edges {
            if e >= 12 || seen & (1 << e) != 0 {
                return None;
            }
            seen |= 1 << e;
        }
        (1..=7).contains(&edges.len()).then(|| EdgePattern {
            edges: edges.to_vec(),
        })
    }

    /// Number of tracked edges.
    pub fn k(&self) -> u32 {
        self.edges.len() as u32
    }

    /// Number of position ranks, 12Pk.
    pub fn ranks(&self) -> u64 {
        n_p_k(12, self.k())
    }

    /// Number of coordinate values (12Pk · 2^k).
    pub fn size(&self) -> u64 {
        self.ranks() << self.k()
    }

    /// The coordinate `(rank << k) | ori` of a cube.
    pub fn coord(&self, c: &CubieCube) -> u32 {
        let mut where_ = [0u8; 12];
        let mut flip = [0u8; 12];
        for i in 0..12 {
            where_[c.edge_perm(i) as usize] = i as u8;
            flip[c.edge_perm(i) as usize] = c.edge_ori(i);
        }
        let mut pos = [0u8; 7];
        let mut ori = 0u32;
        for (j, &e) in self.edges.iter().enumerate() {
            pos[j] = where_[e as usize];
            ori = ori << 1 | flip[e as usize] as u32;
        }
        let k = self.edges.len();
        ((rank_partial(&pos[..k], 12) as u32) << k) | ori
    }

    /// The coordinate of the inverse cube, `coord(&c.inverse())`, read straight off `c`:
    /// the tracked cubie `a` of the inverse sits where `c` has the cubie of position `a`
    /// (`c.edge_perm(a)`), with `c`'s orientation at `a`.
    #[inline]
    pub fn dual_coord(&self, c: &CubieCube) -> u32 {
        let mut pos = [0u8; 7];
        let mut ori = 0u32;
        for (j, &e) in self.edges.iter().enumerate() {
            pos[j] = c.edge_perm(e as usize);
            ori = ori << 1 | c.edge_ori(e as usize) as u32;
        }
        let k = self.edges.len();
        ((rank_partial(&pos[..k], 12) as u32) << k) | ori
    }

    /// The coordinate of the solved cube.
    pub fn solved(&self) -> u32 {
        self.coord(&CubieCube::SOLVED)
    }

    /// The move table of the position rank: entry `[rank · 18 + move]` is the new rank
    /// (low 22 bits) and the XOR mask of the orientation bits (above them).
    pub fn move_table(&self, maps: &MoveMaps) -> Vec<u32> {
        let k = self.edges.len();
        let ranks = self.ranks() as usize;
        let mut t = vec![0u32; ranks * MOVES];
        t.par_chunks_mut(MOVES).enumerate().for_each(|(r, row)| {
            let mut pos = [0u8; 7];
            unrank_partial(r as u64, 12, &mut pos[..k]);
            for (m, out) in row.iter_mut().enumerate() {
                let mut np = [0u8; 7];
                let mut mask = 0u32;
                for j in 0..k {
                    let p = pos[j] as usize;
                    np[j] = maps.edge_dest[m][p];
                    mask = mask << 1 | maps.edge_flip[m][p] as u32;
                }
                *out = rank_partial(&np[..k], 12) as u32 | mask << 22;
            }
        });
        t
    }
}

/// Applies move `m` to an edge coordinate of `k` edges through its move table.
#[inline]
pub fn edge_move(table: &[u32], coord: u32, k: u32, m: usize) -> u32 {
    let e = table[(coord >> k) as usize * MOVES + m];
    ((e & RANK_MASK) << k) | ((coord & ((1 << k) - 1)) ^ (e >> 22))
}

/// The coordinate of the first `j` edges of a `k`-edge coordinate.
#[inline]
pub fn edge_prefix(coord: u32, k: u32, j: u32, divisor: u32) -> u32 {
    let rank = (coord >> k) / divisor;
    let ori = (coord & ((1 << k) - 1)) >> (k - j);
    (rank << j) | ori
}

/// The divisor of [`edge_prefix`]: `P(12 − j, k − j)`.
pub fn prefix_divisor(k: u32, j: u32) -> u32 {
    n_p_k(12 - j, k - j) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;
    use twisty_core::Puzzle;

    #[test]
    fn move_tables_follow_the_cube() {
        let maps = MoveMaps::new();
        let cpt = corner_perm_table(&maps);
        let twt = twist_table(&maps);
        let a = EdgePattern::new(&[0, 1, 2, 3, 4, 5, 6]).unwrap();
        let b = EdgePattern::new(&[11, 10, 9, 8, 7, 6]).unwrap();
        let (ta, tb) = (a.move_table(&maps), b.move_table(&maps));
        assert_eq!(a.size(), 510_935_040);
        let mut rng = seeded_rng(3);
        let p = twisty_core::cube3::Cube3;
        for _ in 0..300 {
            let c = p.random_state(&mut rng);
            for mv in Cube3Move::ALL {
                let m = mv.index() as usize;
                let d = c.after(mv);
                assert_eq!(cpt[corner_perm(&c) as usize * MOVES + m], corner_perm(&d));
                assert_eq!(twt[twist(&c) as usize * MOVES + m], twist(&d));
                assert_eq!(edge_move(&ta, a.coord(&c), 7, m), a.coord(&d));
                assert_eq!(edge_move(&tb, b.coord(&c), 6, m), b.coord(&d));
            }
            assert_eq!(a.dual_coord(&c), a.coord(&c.inverse()));
            assert_eq!(b.dual_coord(&c), b.coord(&c.inverse()));
            // Prefixes: the first 5 edges of `a` as a pattern of their own.
            let a5 = EdgePattern::new(&[0, 1, 2, 3, 4]).unwrap();
            assert_eq!(edge_prefix(a.coord(&c), 7, 5, prefix_divisor(7, 5)), a5.coord(&c));
        }
        assert_eq!(corner_perm(&CubieCube::SOLVED), 0);
        assert_eq!(twist(&CubieCube::SOLVED), 0);
        assert_eq!(a.solved(), 0);
        assert!(EdgePattern::new(&[1, 1]).is_none());
        assert!(EdgePattern::new(&[12]).is_none());
        assert!(EdgePattern::new(&[0, 1, 2, 3, 4, 5, 6, 7]).is_none());
    }
}
