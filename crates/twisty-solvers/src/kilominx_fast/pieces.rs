//! A reduction phase that brings a few cubies home: the coordinate (where the chosen cubies
//! are and how they are twisted), its move tables, and an exact distance table over it.
//!
//! The phase may use every move that leaves the cubies solved by earlier phases in place; the
//! chosen cubies then move among the remaining positions (the phase's region). The coordinate
//! is `position rank · 3^k + twist rank`, where the position rank is the partial-permutation
//! rank of the cubies' positions in the region and the twist rank reads their twists as `k`
//! base-3 digits.

use super::MoveGeometry;
use rayon::prelude::*;
use twisty_core::kilominx::{KiloMove, KiloState};
use twisty_search::bfs::{distance_table, BfsOptions};
use twisty_search::packed::Nibbles;
use twisty_search::rank::{n_p_k, rank_partial, unrank_partial};
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

/// The most cubies one phase may place (the twist delta table holds `3^k < 256` values).
const MAX_K: usize = 5;

/// One piece-placing phase.
#[derive(Debug)]
pub struct PiecePhase {
    /// Moves of the phase.
    pub(crate) moves: Vec<KiloMove>,
    /// Cubies placed by the phase.
    cubies: Vec<u8>,
    /// Positions the cubies can occupy, in increasing order.
    region: Vec<u8>,
    /// Position → index in the region (`u8::MAX` outside it).
    local: [u8; 20],
    /// `3^k`.
    twists: u32,
    table: MoveTable,
    /// Coordinate of the goal (all `cubies` home, untwisted).
    goal: u32,
    dist: Table,
    /// How the distance table was obtained.
    pub origin: Origin,
    /// How the move table was obtained.
    pub moves_origin: Origin,
}

/// The phase's move tables on its coordinate.
#[derive(Debug)]
struct MoveTable {
    /// `3^k`.
    twists: u32,
    /// Number of moves.
    nm: usize,
    /// Per `pos · moves + m`, a little-endian `u32`: the new position rank in the low 24
    /// bits, the twist delta (a base-3 digit vector) in the high 8. Kept in the table cache
    /// so that a process maps it instead of computing it.
    pos_move: Table,
    /// `[twist · 3^k + delta]` → digit-wise sum mod 3.
    tw_add: Vec<u8>,
}

/// Bytes per (position, move) record of a [`MoveTable`].
const MOVE_RECORD: usize = 4;

impl MoveTable {
    #[inline]
    fn apply(&self, c: u32, m: usize) -> u32 {
        let pos = (c / self.twists) as usize;
        let tw = c % self.twists;
        let j = (pos * self.nm + m) * MOVE_RECORD;
        let rec = &self.pos_move.bytes()[j..j + MOVE_RECORD];
        let rec = u32::from_le_bytes([rec[0], rec[1], rec[2], rec[3]]);
        (rec & 0xFF_FFFF) * self.twists + self.tw_add[(tw * self.twists + (rec >> 24)) as usize] as u32
    }
}

/// The table spec of the move table of a phase placing `cubies` in a region of `region`
/// positions with `moves` moves.
pub fn moves_spec(label: &str, region: usize, cubies: &[u8], moves: usize) -> TableSpec {
    let names: Vec<String> = cubies.iter().map(|c| c.to_string()).collect();
    TableSpec {
        name: format!("kilominx/fast/{label}-moves{moves}x32-{}", names.join(".")),
        entry_bits: 32,
        entries: n_p_k(region as u32, cubies.len() as u32) * moves as u64,
    }
}

/// The table spec of a phase placing `cubies` in a region of `region` positions.
pub fn spec(label: &str, region: usize, cubies: &[u8]) -> TableSpec {
    let names: Vec<String> = cubies.iter().map(|c| c.to_string()).collect();
    TableSpec {
        name: format!("kilominx/fast/{label}-{}", names.join(".")),
        entry_bits: 4,
        entries: n_p_k(region as u32, cubies.len() as u32) * 3u64.pow(cubies.len() as u32),
    }
}

impl PiecePhase {
    /// The phase placing `cubies` with the moves that fix every position of `solved`.
    pub(crate) fn new(
        geo: &MoveGeometry,
        label: &str,
        solved: &[u8],
        cubies: &[u8],
        cache: &TableCache,
        progress: bool,
    ) -> Result<PiecePhase, TableError> {
        let k = cubies.len();
        debug_assert!(k <= MAX_K);
        let moves = geo.moves_fixing(solved);
        let region: Vec<u8> = (0..20u8).filter(|p| !solved.contains(p)).collect();
        let mut local = [u8::MAX; 20];
        for (i, &p) in region.iter().enumerate() {
            local[p as usize] = i as u8;
        }
        let n = region.len() as u32;
        let npos = n_p_k(n, k as u32) as usize;
        // A move record holds a position rank in 24 bits.
        debug_assert!(npos <= 1 << 24);
        let twists = 3u32.pow(k as u32);
        let nm = moves.len();
        let moves_spec = moves_spec(label, region.len(), cubies, nm);
        let (pos_move, moves_origin) = cache.get_or_build(&moves_spec, || {
            let mut records = vec![0u8; npos * nm * MOVE_RECORD];
            records
                .par_chunks_mut(nm * MOVE_RECORD)
                .enumerate()
                .for_each(|(r, out)| {
                    let mut locs = [0u8; MAX_K];
                    let mut next = [0u8; MAX_K];
                    unrank_partial(r as u64, n, &mut locs[..k]);
                    for (mi, &m) in moves.iter().enumerate() {
                        let mut delta = 0u32;
                        for i in 0..k {
                            let p = region[locs[i] as usize] as usize;
                            let d = geo.dest[m.index() as usize][p] as usize;
                            next[i] = local[d];
                            delta = delta * 3 + geo.gain[m.index() as usize][p] as u32;
                        }
                        let rank = rank_partial(&next[..k], n) as u32;
                        let rec = rank | delta << 24;
                        out[mi * MOVE_RECORD..(mi + 1) * MOVE_RECORD].copy_from_slice(&rec.to_le_bytes());
                    }
                });
            records
        })?;
        let mut tw_add = vec![0u8; (twists * twists) as usize];
        for a in 0..twists {
            for b in 0..twists {
                let (mut x, mut y, mut sum, mut place) = (a, b, 0u32, 1u32);
                for _ in 0..k {
                    sum += ((x % 3 + y % 3) % 3) * place;
                    x /= 3;
                    y /= 3;
                    place *= 3;
                }
                tw_add[(a * twists + b) as usize] = sum as u8;
            }
        }
        let home: Vec<u8> = cubies.iter().map(|&c| local[c as usize]).collect();
        let goal = rank_partial(&home, n) as u32 * twists;
        let spec = spec(label, region.len(), cubies);
        let table = MoveTable {
            twists,
            nm,
            pos_move,
            tw_add,
        };
        let (dist, origin) = cache.get_or_build(&spec, || {
            let opts = BfsOptions {
                progress: progress.then(|| format!("Kilominx fast {label}")),
            };
            distance_table(
                spec.entries,
                &[goal as u64],
                nm,
                |i, m| table.apply(i as u32, m) as u64,
                &opts,
            )
            .table
            .0
        })?;
        Ok(PiecePhase {
            moves,
            cubies: cubies.to_vec(),
            region,
            local,
            twists,
            table,
            goal,
            dist,
            origin,
            moves_origin,
        })
    }

    /// The coordinate after move number `m` (an index into the table's move list).
    #[inline]
    pub fn apply(&self, c: u32, m: usize) -> u32 {
        self.table.apply(c, m)
    }

    /// The exact number of phase moves left from coordinate `c`.
    #[inline]
    pub fn dist(&self, c: u32) -> u8 {
        Nibbles(self.dist.bytes()).get(c as u64)
    }

    /// Whether `c` is the goal.
    #[inline]
    pub fn is_goal(&self, c: u32) -> bool {
        c == self.goal
    }

    /// The coordinate of `state`, or `None` if a cubie of the phase lies outside its region
    /// (an earlier phase is not done).
    pub fn coord(&self, state: &KiloState) -> Option<u32> {
        let mut at = [(0u8, 0u8); 20];
        for p in 0..20 {
            at[state.cubie(p) as usize] = (p as u8, state.twist(p));
        }
        let mut locs = [0u8; MAX_K];
        let mut tw = 0u32;
        for (i, &c) in self.cubies.iter().enumerate() {
            let (p, t) = at[c as usize];
            let l = self.local[p as usize];
            if l == u8::MAX {
                return None;
            }
            locs[i] = l;
            tw = tw * 3 + t as u32;
        }
        let k = self.cubies.len();
        Some(rank_partial(&locs[..k], self.region.len() as u32) as u32 * self.twists + tw)
    }
}
