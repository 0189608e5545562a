//! Pattern databases over k of the 19 free Kilominx cubies, indexed exactly as the seed does.
//!
//! The index of a pattern state: the positions of the tracked cubies (position − 1, so
//! 0..19, UFL being fixed) ranked as a partial permutation by their Lehmer code
//! (`code_i = p_i − #{earlier p < p_i}`, counted with a bit mask and a popcount,
//! `rank = Σ code_i · P(18 − i, k − 1 − i)`), times 3^k, plus the twists as base-3 digits
//! (the first cubie most significant). Entries are 4-bit distances or, for big patterns, 2-bit
//! distances mod 3, built breadth-first on both cores by the block builder
//! [`twisty_search::blockbfs_mod3`] (the generic [`twisty_search::bfs::distance_table`] gives
//! the same 4-bit tables, ten times slower).

use std::cell::Cell;
use twisty_core::kilominx::{Kilominx, CUBIE_NAMES};
use twisty_core::Puzzle;
use twisty_search::bfs::{distance_table, BfsOptions};
use twisty_search::blockbfs_mod3::{self, CubieMoves};
use twisty_search::TableSpec;

/// Free positions (all but UFL).
pub const N: usize = 19;
/// The most cubies a pattern may track.
pub const MAX_K: usize = 6;

fn cubie_index(name: &str) -> Option<usize> {
    CUBIE_NAMES.iter().position(|&n| n == name)
}

/// Number of ordered selections P(n, k).
fn npk(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// Where each position goes and the twist it gains, per move, over the 19 free positions
/// numbered 0..19 (position − 1).
pub struct MoveMaps {
    /// `dest[m][p]`: the position a cubie at `p` moves to.
    pub dest: [[u8; N]; 48],
    /// `add[m][p]`: the twist a cubie at `p` gains.
    pub add: [[u8; N]; 48],
}

/// The move maps of the 48 moves (computed once from the puzzle model).
pub fn move_maps() -> &'static MoveMaps {
    static M: std::sync::OnceLock<MoveMaps> = std::sync::OnceLock::new();
    M.get_or_init(|| {
        let k = Kilominx;
        let mut maps = MoveMaps {
            dest: [[0; N]; 48],
            add: [[0; N]; 48],
        };
        for (m, mv) in k.moves().into_iter().enumerate() {
            let s = k.state_after(&[mv]);
            for i in 1..20 {
                let from = s.cubie(i) as usize;
                maps.dest[m][from - 1] = (i - 1) as u8;
                maps.add[m][from - 1] = s.twist(i);
            }
        }
        maps
    })
}

/// The moves on the 19 free positions, for the block builder.
pub fn cubie_moves() -> CubieMoves {
    let maps = move_maps();
    CubieMoves {
        n: N,
        dest: maps.dest.iter().map(|r| r.to_vec()).collect(),
        add: maps.add.iter().map(|r| r.to_vec()).collect(),
    }
}

/// A pattern of tracked cubies and its index arithmetic.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// The tracked cubies (1..20), in index order.
    pub cubies: Vec<u8>,
    weights: [u64; MAX_K],
    pow3: u64,
}

impl Pattern {
    /// A pattern of the named cubies (not UFL, 1 to 6 distinct cubies).
    pub fn new(names: &[&str]) -> Option<Pattern> {
        let cubies: Vec<usize> = names.iter().map(|n| cubie_index(n)).collect::<Option<_>>()?;
        let k = cubies.len();
        let distinct = (0..k).all(|i| !cubies[..i].contains(&cubies[i]));
        if cubies.contains(&0) || k == 0 || k > MAX_K || !distinct {
            return None;
        }
        let mut weights = [0u64; MAX_K];
        for (i, w) in weights.iter_mut().enumerate().take(k) {
            *w = npk(N - 1 - i, k - 1 - i);
        }
        Some(Pattern {
            cubies: cubies.iter().map(|&c| c as u8).collect(),
            weights,
            pow3: 3u64.pow(k as u32),
        })
    }

    /// Number of tracked cubies.
    pub fn k(&self) -> usize {
        self.cubies.len()
    }

    /// Number of entries: 19Pk · 3^k.
    pub fn size(&self) -> u64 {
        npk(N, self.k()) * self.pow3
    }

    /// The names of the tracked cubies.
    pub fn names(&self) -> Vec<&'static str> {
        self.cubies.iter().map(|&c| CUBIE_NAMES[c as usize]).collect()
    }

    /// The table spec.
    pub fn spec(&self) -> TableSpec {
        TableSpec {
            name: format!("kilominx/pdb/{}", self.names().join("-")),
            entry_bits: 4,
            entries: self.size(),
        }
    }

    /// The spec of the 2-bit (distance mod 3) table.
    pub fn spec_mod3(&self) -> TableSpec {
        TableSpec {
            name: format!("kilominx/pdb2/{}", self.names().join("-")),
            entry_bits: 2,
            entries: self.size(),
        }
    }

    /// Index from zero-based positions (0..19) and twists of the tracked cubies.
    #[inline(always)]
    pub fn index0(&self, pos: &[u8], tw: &[u8]) -> u64 {
        let mut mask = 0u32;
        let mut rank = 0u64;
        let mut digits = 0u64;
        for i in 0..pos.len() {
            let p = pos[i] as u32;
            let smaller = (mask & ((1u32 << p) - 1)).count_ones();
            rank += (p - smaller) as u64 * self.weights[i];
            mask |= 1 << p;
            digits = digits * 3 + tw[i] as u64;
        }
        rank * self.pow3 + digits
    }

    /// Index from positions (1..20, as in the seed) and twists of the tracked cubies.
    pub fn index_of(&self, pos: &[u8], tw: &[u8]) -> u64 {
        let p0: Vec<u8> = pos.iter().map(|&p| p - 1).collect();
        self.index0(&p0, tw)
    }

    /// Zero-based positions and twists of an index.
    pub fn unindex0(&self, i: u64, pos: &mut [u8], tw: &mut [u8]) {
        let k = self.k();
        let (mut rank, mut digits) = (i / self.pow3, i % self.pow3);
        for j in (0..k).rev() {
            tw[j] = (digits % 3) as u8;
            digits /= 3;
        }
        let mut used = 0u32;
        for j in 0..k {
            let code = rank / self.weights[j];
            rank %= self.weights[j];
            // The code-th unused position.
            let mut free = !used & ((1 << N) - 1);
            for _ in 0..code {
                free &= free - 1;
            }
            let p = free.trailing_zeros();
            used |= 1 << p;
            pos[j] = p as u8;
        }
    }

    /// Positions (1..20, as in the seed) and twists of an index.
    pub fn unindex(&self, i: u64, pos: &mut [u8], tw: &mut [u8]) {
        self.unindex0(i, pos, tw);
        for p in pos.iter_mut() {
            *p += 1;
        }
    }

    /// The index of the solved pattern.
    pub fn solved_index(&self) -> u64 {
        let pos: Vec<u8> = self.cubies.iter().map(|&c| c - 1).collect();
        self.index0(&pos, &vec![0; self.k()])
    }

    /// The index after move `m` from index `i`.
    pub fn neighbour(&self, i: u64, m: usize) -> u64 {
        let maps = move_maps();
        let k = self.k();
        let (mut pos, mut tw) = ([0u8; MAX_K], [0u8; MAX_K]);
        self.unindex0(i, &mut pos[..k], &mut tw[..k]);
        for j in 0..k {
            let p = pos[j] as usize;
            pos[j] = maps.dest[m][p];
            tw[j] = (tw[j] + maps.add[m][p]) % 3;
        }
        self.index0(&pos[..k], &tw[..k])
    }

    fn start(&self) -> Vec<u8> {
        self.cubies.iter().map(|&c| c - 1).collect()
    }

    fn label(&self, progress: bool) -> blockbfs_mod3::Options {
        blockbfs_mod3::Options {
            progress: progress.then(|| format!("kilominx pdb {}", self.names().join("-"))),
        }
    }

    /// Builds the 4-bit table breadth-first with the block builder (both cores, a progress
    /// bar on stderr when `progress`).
    pub fn build(&self, progress: bool) -> Vec<u8> {
        match blockbfs_mod3::build_nibbles(
            &cubie_moves(),
            &self.start(),
            &vec![0; self.k()],
            &self.label(progress),
        ) {
            Ok(t) => t.bytes,
            // Unreachable for a valid pattern; the generic builder gives the same table.
            Err(_) => self.build_generic(progress),
        }
    }

    /// Builds the 2-bit (distance mod 3) table with the block builder.
    pub fn build_mod3(&self, progress: bool) -> Result<Vec<u8>, blockbfs_mod3::BlockBfsError> {
        blockbfs_mod3::build(
            &cubie_moves(),
            &self.start(),
            &vec![0; self.k()],
            &self.label(progress),
        )
        .map(|t| t.bytes)
    }

    /// Builds the 4-bit table with the generic breadth-first search (both cores, a progress
    /// bar on stderr when `progress`).
    pub fn build_generic(&self, progress: bool) -> Vec<u8> {
        let maps = move_maps();
        let k = self.k();
        // The BFS asks for the 48 neighbours of one entry in a row: decode it once per
        // thread and entry.
        thread_local! {
            static LAST: Cell<(u64, [u8; MAX_K], [u8; MAX_K])> =
                const { Cell::new((u64::MAX, [0; MAX_K], [0; MAX_K])) };
        }
        let neighbour = |i: u64, m: usize| {
            let (pos, tw) = LAST.with(|c| {
                let (last, pos, tw) = c.get();
                if last == i {
                    (pos, tw)
                } else {
                    let (mut pos, mut tw) = ([0u8; MAX_K], [0u8; MAX_K]);
                    self.unindex0(i, &mut pos[..k], &mut tw[..k]);
                    c.set((i, pos, tw));
                    (pos, tw)
                }
            });
            let (mut np, mut nt) = ([0u8; MAX_K], [0u8; MAX_K]);
            for j in 0..k {
                let p = pos[j] as usize;
                np[j] = maps.dest[m][p];
                nt[j] = (tw[j] + maps.add[m][p]) % 3;
            }
            self.index0(&np[..k], &nt[..k])
        };
        let opts = BfsOptions {
            progress: progress.then(|| format!("kilominx pdb {}", self.names().join("-"))),
        };
        distance_table(self.size(), &[self.solved_index()], 48, neighbour, &opts)
            .table
            .0
    }
}
