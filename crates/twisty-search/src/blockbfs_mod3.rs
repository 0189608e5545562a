//! A block-structured breadth-first builder of 2-bit (distance mod 3) tables over cubie
//! patterns, for tables too big for 4-bit entries.
//!
//! A cubie pattern tracks `k` of the `n` cubies of a puzzle whose moves permute positions and
//! add twists (mod 3). A pattern state is indexed as
//! `rank_partial(positions, n) · 3^k + twists` (the twist of the first tracked cubie most
//! significant), the layout of [`crate::rank::rank_partial`] and of the Kilominx pattern
//! databases. All `3^k` states that share the same positions form a *block*, contiguous in
//! the table. A move sends a whole block to one other block (or to itself, when it moves no
//! tracked cubie: such moves are skipped), and inside it adds a fixed twist vector to every
//! state's digits. So a pass decodes each block's positions once, ranks each neighbour block
//! once per move, and maps the `3^k` twist digits with two small digit-wise addition tables
//! (three digits each): the reads of one block's neighbours stay within a few cache lines.
//!
//! Entries hold `distance mod 3` ([`crate::packed::Mod3`] layout), 3 meaning unreached
//! while building; every entry reachable from the start ends with a value 0..3. Each depth is
//! one parallel pass (rayon) over the blocks, with no frontier list:
//! - forward, while the frontier is small: every entry whose value is `d mod 3` marks its
//!   unreached neighbours `(d + 1) mod 3` (an entry at depth `d − 3`, `d − 6`, … has the same
//!   value; its neighbours are already reached, so re-expanding it only costs time);
//! - backward, once the frontier outnumbers the unreached states: every unreached entry with
//!   a neighbour whose value is `d mod 3` becomes `(d + 1) mod 3` (such a neighbour is at
//!   depth exactly `d`: one at depth `d − 3` would have put the entry at depth `d − 2`).
//!
//! Entries are updated with atomic byte operations (`fetch_and`, since writing a value over
//! the unreached bits `11` only clears bits), so passes need no locks.

use crate::depth_bar::{Counts, DepthBar};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use thiserror::Error;

/// The unreached value while building.
pub const UNREACHED: u8 = 3;
/// The most cubies a pattern may track (3^6 = 729 states per block).
pub const MAX_K: usize = 6;
/// The most positions.
pub const MAX_N: usize = 32;
/// Blocks per parallel work item.
const BLOCKS_PER_TASK: u64 = 256;

/// Bad parameters of a build.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BlockBfsError {
    /// A parameter out of range.
    #[error("block BFS: {0}")]
    Invalid(String),
}

/// The moves of a puzzle on its cubie positions: per move, where a cubie at each position
/// goes and the twist (0..3) it gains.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CubieMoves {
    /// Number of positions (≤ [`MAX_N`]).
    pub n: usize,
    /// `dest[m][p]`: the position a cubie at `p` moves to under move `m`.
    pub dest: Vec<Vec<u8>>,
    /// `add[m][p]`: the twist (0..3) a cubie at `p` gains under move `m`.
    pub add: Vec<Vec<u8>>,
}

impl CubieMoves {
    /// Checks the shape: `n ≤ 32`, as many `add` rows as `dest` rows, every row of length
    /// `n`, every `dest` row a permutation of `0..n`, every twist below 3.
    pub fn validate(&self) -> Result<(), BlockBfsError> {
        let bad = |s: String| Err(BlockBfsError::Invalid(s));
        if self.n == 0 || self.n > MAX_N {
            return bad(format!("{} positions (1 to {MAX_N} supported)", self.n));
        }
        if self.dest.len() != self.add.len() {
            return bad(format!(
                "{} destination rows but {} twist rows",
                self.dest.len(),
                self.add.len()
            ));
        }
        for (m, (d, a)) in self.dest.iter().zip(&self.add).enumerate() {
            if d.len() != self.n || a.len() != self.n {
                return bad(format!(
                    "move {m}: rows of length {} and {}, expected {}",
                    d.len(),
                    a.len(),
                    self.n
                ));
            }
            let mut seen = 0u64;
            for &p in d {
                if p as usize >= self.n || seen & (1 << p) != 0 {
                    return bad(format!(
                        "move {m}: destinations are not a permutation of 0..{}",
                        self.n
                    ));
                }
                seen |= 1 << p;
            }
            if let Some(t) = a.iter().find(|&&t| t >= 3) {
                return bad(format!("move {m}: twist {t} (must be 0, 1 or 2)"));
            }
        }
        Ok(())
    }
}

/// Options of a build.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Show a progress bar on stderr with this label.
    pub progress: Option<String>,
}

/// A built table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mod3Table {
    /// The packed entries: 2-bit `distance mod 3` (3 = never reached) from [`build`], 4-bit
    /// distances (15 = never reached) from [`build_nibbles`].
    pub bytes: Vec<u8>,
    /// `counts[d]`: number of states at distance `d`.
    pub counts: Vec<u64>,
    /// States never reached.
    pub unreached: u64,
}

/// `P(n, k)`.
fn npk(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// Digit-wise addition mod 3 of two 3-digit base-3 numbers.
fn add27() -> [[u8; 27]; 27] {
    let mut t = [[0u8; 27]; 27];
    for (a, row) in t.iter_mut().enumerate() {
        for (x, v) in row.iter_mut().enumerate() {
            let (mut a, mut x, mut r, mut p) = (a, x, 0usize, 1usize);
            for _ in 0..3 {
                r += ((a % 3 + x % 3) % 3) * p;
                a /= 3;
                x /= 3;
                p *= 3;
            }
            *v = r as u8;
        }
    }
    t
}

/// Entry `i` of a table of `B`-bit entries (`B` = 2 or 4).
#[inline(always)]
fn get<const B: u32>(t: &[AtomicU8], i: u64) -> u8 {
    let per_byte = 8 / B as u64;
    let mask = (1u8 << B) - 1;
    (t[(i / per_byte) as usize].load(Relaxed) >> ((i % per_byte) * B as u64)) & mask
}

/// Sets entry `i` to `v` if it is unreached (all ones); returns whether it was.
#[inline(always)]
fn claim<const B: u32>(t: &[AtomicU8], i: u64, v: u8) -> bool {
    let per_byte = 8 / B as u64;
    let mask = (1u8 << B) - 1;
    let shift = (i % per_byte) * B as u64;
    let byte = &t[(i / per_byte) as usize];
    if (byte.load(Relaxed) >> shift) & mask != mask {
        return false;
    }
    let prev = byte.fetch_and(!((mask ^ v) << shift), Relaxed);
    (prev >> shift) & mask == mask
}

/// Sets `out` to the offsets (from `first`) of the entries `first..first + count` equal to
/// `want`, testing a whole byte of entries at a time.
#[inline]
fn collect<const B: u32>(t: &[AtomicU8], first: u64, count: u64, want: u8, out: &mut Vec<u16>) {
    out.clear();
    let per_byte = 8 / B as u64;
    let end = first + count;
    let mut i = first;
    while i < end && !i.is_multiple_of(per_byte) {
        if get::<B>(t, i) == want {
            out.push((i - first) as u16);
        }
        i += 1;
    }
    // `want` in every entry of a byte; an entry equal to it becomes all zeros after the xor.
    let (rep, low) = if B == 2 {
        (want * 0x55, 0x55u8)
    } else {
        (want * 0x11, 0x11u8)
    };
    while i + per_byte <= end {
        let v = t[(i / per_byte) as usize].load(Relaxed) ^ rep;
        let any = if B == 2 {
            v | (v >> 1)
        } else {
            let v = v | (v >> 2);
            v | (v >> 1)
        };
        let hits = !any & low;
        if hits != 0 {
            for j in 0..per_byte {
                if (hits >> (j * B as u64)) & 1 != 0 {
                    out.push((i + j - first) as u16);
                }
            }
        }
        i += per_byte;
    }
    while i < end {
        if get::<B>(t, i) == want {
            out.push((i - first) as u16);
        }
        i += 1;
    }
}

/// The block decoder and neighbour arithmetic of one pattern.
struct Geometry<'a> {
    moves: &'a CubieMoves,
    n: usize,
    k: usize,
    per_block: u64,
    add: [[u8; 27]; 27],
}

/// One move's effect on a block: the neighbour block's first entry and the twist vector
/// split into its high and low three digits.
#[derive(Clone, Copy)]
struct Step {
    base: u64,
    hi: u8,
    lo: u8,
}

impl Geometry<'_> {
    /// The positions of block `b`.
    fn positions(&self, b: u64, pos: &mut [u8; MAX_K]) {
        crate::rank::unrank_partial(b, self.n as u32, &mut pos[..self.k]);
    }

    /// The non-trivial moves of the block at `pos`, into `out`; returns their number.
    fn steps(&self, pos: &[u8; MAX_K], out: &mut Vec<Step>) {
        out.clear();
        let k = self.k;
        for (dest, add) in self.moves.dest.iter().zip(&self.moves.add) {
            let mut np = [0u8; MAX_K];
            let mut tw = 0usize;
            let mut moved = false;
            for j in 0..k {
                let p = pos[j] as usize;
                np[j] = dest[p];
                moved |= dest[p] as usize != p || add[p] != 0;
                tw = tw * 3 + add[p] as usize;
            }
            if !moved {
                continue;
            }
            let r = crate::rank::rank_partial(&np[..k], self.n as u32);
            out.push(Step {
                base: r * self.per_block,
                hi: (tw / 27) as u8,
                lo: (tw % 27) as u8,
            });
        }
    }

    /// The neighbour of digit vector `x` through `s`.
    #[inline(always)]
    fn target(&self, s: &Step, x: u16) -> u64 {
        let (xh, xl) = ((x / 27) as usize, (x % 27) as usize);
        s.base + self.add[s.hi as usize][xh] as u64 * 27 + self.add[s.lo as usize][xl] as u64
    }
}

/// Builds the distance-mod-3 table of the pattern of `k` cubies starting at `start`
/// positions with `start_twists`, under `moves` (which must be closed under inverses, as face
/// turn metrics are).
pub fn build(
    moves: &CubieMoves,
    start: &[u8],
    start_twists: &[u8],
    opts: &Options,
) -> Result<Mod3Table, BlockBfsError> {
    build_bits::<2>(moves, start, start_twists, opts)
}

/// [`build`] with exact 4-bit entries ([`crate::packed::Nibbles`] layout, 15 = unreached
/// or deeper than 14), the same block passes.
pub fn build_nibbles(
    moves: &CubieMoves,
    start: &[u8],
    start_twists: &[u8],
    opts: &Options,
) -> Result<Mod3Table, BlockBfsError> {
    build_bits::<4>(moves, start, start_twists, opts)
}

fn build_bits<const B: u32>(
    moves: &CubieMoves,
    start: &[u8],
    start_twists: &[u8],
    opts: &Options,
) -> Result<Mod3Table, BlockBfsError> {
    let per_byte = 8 / B as u64;
    let unreached = (1u8 << B) - 1;
    moves.validate()?;
    let (n, k) = (moves.n, start.len());
    if k == 0 || k > MAX_K || k > n {
        return Err(BlockBfsError::Invalid(format!(
            "{k} tracked cubies (1 to {} supported with {n} positions)",
            MAX_K.min(n)
        )));
    }
    if start_twists.len() != k || start_twists.iter().any(|&t| t >= 3) {
        return Err(BlockBfsError::Invalid(format!(
            "start twists {start_twists:?}: expected {k} values 0..3"
        )));
    }
    let distinct = (0..k).all(|i| (start[i] as usize) < n && !start[..i].contains(&start[i]));
    if !distinct {
        return Err(BlockBfsError::Invalid(format!(
            "start positions {start:?}: expected {k} distinct values below {n}"
        )));
    }
    let per_block = 3u64.pow(k as u32);
    let blocks = npk(n, k);
    let states = blocks
        .checked_mul(per_block)
        .filter(|s| s.div_ceil(per_byte) <= isize::MAX as u64)
        .ok_or_else(|| BlockBfsError::Invalid(format!("{blocks} blocks of {per_block}: too many states")))?;
    let geo = Geometry {
        moves,
        n,
        k,
        per_block,
        add: add27(),
    };
    let table: Vec<AtomicU8> = vec![0xffu8; states.div_ceil(per_byte) as usize]
        .into_iter()
        .map(AtomicU8::new)
        .collect();
    let s0 = crate::rank::rank_partial(start, n as u32) * per_block
        + start_twists.iter().fold(0u64, |a, &t| a * 3 + t as u64);
    claim::<B>(&table, s0, 0);
    let bar = DepthBar::new(opts.progress.as_ref(), states, "states", Counts::Reached);
    let mut counts = vec![1u64];
    let (mut frontier, mut reached, mut d) = (1u64, 1u64, 0u32);
    let tasks = blocks.div_ceil(BLOCKS_PER_TASK);
    while frontier > 0 && (B == 2 || d < 14) {
        if let Some(b) = &bar {
            b.depth(&(d + 1).to_string(), reached);
        }
        let backward = frontier > states - reached;
        let (cur, next) = if B == 2 {
            ((d % 3) as u8, ((d + 1) % 3) as u8)
        } else {
            (d as u8, d as u8 + 1)
        };
        let found = AtomicU64::new(0);
        (0..tasks).into_par_iter().for_each(|task| {
            let mut local = 0u64;
            let mut steps = Vec::with_capacity(moves.dest.len());
            let mut list: Vec<u16> = Vec::with_capacity(per_block as usize);
            let mut pos = [0u8; MAX_K];
            let end = ((task + 1) * BLOCKS_PER_TASK).min(blocks);
            for b in task * BLOCKS_PER_TASK..end {
                let first = b * per_block;
                let want = if backward { unreached } else { cur };
                collect::<B>(&table, first, per_block, want, &mut list);
                if list.is_empty() {
                    continue;
                }
                geo.positions(b, &mut pos);
                geo.steps(&pos, &mut steps);
                if backward {
                    for s in &steps {
                        let mut i = 0;
                        while i < list.len() {
                            if get::<B>(&table, geo.target(s, list[i])) == cur {
                                if claim::<B>(&table, first + list[i] as u64, next) {
                                    local += 1;
                                }
                                list.swap_remove(i);
                            } else {
                                i += 1;
                            }
                        }
                        if list.is_empty() {
                            break;
                        }
                    }
                } else {
                    for s in &steps {
                        for &x in &list {
                            local += claim::<B>(&table, geo.target(s, x), next) as u64;
                        }
                    }
                }
            }
            found.fetch_add(local, Relaxed);
            if let Some(bar) = &bar {
                bar.scanned((end - task * BLOCKS_PER_TASK) * per_block);
            }
        });
        frontier = found.into_inner();
        reached += frontier;
        if frontier > 0 {
            counts.push(frontier);
        }
        d += 1;
    }
    if let Some(b) = bar {
        b.finish();
    }
    Ok(Mod3Table {
        bytes: table.into_iter().map(AtomicU8::into_inner).collect(),
        counts,
        unreached: states - reached,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bfs::{distance_table, BfsOptions};
    use crate::packed::Mod3;
    use crate::rank::{rank_partial, unrank_partial};

    /// A toy puzzle on 9 positions: three 4-cycles with twists, and their inverses.
    fn toy() -> CubieMoves {
        let cycles: [([usize; 4], [u8; 4]); 3] = [
            ([0, 1, 2, 3], [1, 2, 0, 0]),
            ([2, 4, 5, 6], [0, 1, 0, 2]),
            ([6, 7, 8, 0], [2, 0, 1, 0]),
        ];
        let n = 9;
        let mut dest = Vec::new();
        let mut add = Vec::new();
        for (cyc, tw) in cycles {
            let mut d: Vec<u8> = (0..n as u8).collect();
            let mut a = vec![0u8; n];
            for i in 0..4 {
                d[cyc[i]] = cyc[(i + 1) % 4] as u8;
                a[cyc[i]] = tw[i];
            }
            // The inverse move.
            let mut di = vec![0u8; n];
            let mut ai = vec![0u8; n];
            for p in 0..n {
                di[d[p] as usize] = p as u8;
                ai[d[p] as usize] = (3 - a[p]) % 3;
            }
            dest.push(d);
            add.push(a);
            dest.push(di);
            add.push(ai);
        }
        CubieMoves { n, dest, add }
    }

    /// Entry by entry against the generic 4-bit breadth-first search.
    fn check_against_generic(moves: &CubieMoves, start: &[u8]) {
        let (n, k) = (moves.n, start.len());
        let per_block = 3u64.pow(k as u32);
        let states = npk(n, k) * per_block;
        let neighbour = |i: u64, m: usize| {
            let mut pos = [0u8; MAX_K];
            unrank_partial(i / per_block, n as u32, &mut pos[..k]);
            let mut digits = i % per_block;
            let mut tw = [0u8; MAX_K];
            for j in (0..k).rev() {
                tw[j] = (digits % 3) as u8;
                digits /= 3;
            }
            let mut x = 0u64;
            for j in 0..k {
                let p = pos[j] as usize;
                tw[j] = (tw[j] + moves.add[m][p]) % 3;
                pos[j] = moves.dest[m][p];
                x = x * 3 + tw[j] as u64;
            }
            rank_partial(&pos[..k], n as u32) * per_block + x
        };
        let s0 = rank_partial(start, n as u32) * per_block;
        let generic = distance_table(states, &[s0], moves.dest.len(), neighbour, &BfsOptions::default());
        assert_eq!(
            generic.unreached, 0,
            "the toy pattern space is connected within 14 moves"
        );
        let t = build(moves, start, &vec![0; k], &Options::default()).expect("valid parameters");
        let m3 = Mod3(t.bytes.clone());
        for i in 0..states {
            assert_eq!(m3.get(i), generic.table.get(i) % 3, "entry {i}");
        }
        assert_eq!(t.counts, generic.counts);
        assert_eq!(t.unreached, 0);
        let t4 = build_nibbles(moves, start, &vec![0; k], &Options::default()).expect("valid parameters");
        assert_eq!(t4.bytes, generic.table.0);
        assert_eq!(t4.counts, generic.counts);
    }

    #[test]
    fn matches_the_generic_search_entry_by_entry() {
        let moves = toy();
        check_against_generic(&moves, &[0, 1, 2]);
        check_against_generic(&moves, &[4, 8]);
        check_against_generic(&moves, &[3]);
    }

    #[test]
    fn rejects_bad_parameters() {
        let moves = toy();
        let z = [0u8; 7];
        assert!(build(&moves, &[], &[], &Options::default()).is_err());
        assert!(build(&moves, &[0, 1, 2, 3, 4, 5, 6], &z, &Options::default()).is_err());
        assert!(build(&moves, &[0, 0], &[0, 0], &Options::default()).is_err());
        assert!(build(&moves, &[0, 9], &[0, 0], &Options::default()).is_err());
        assert!(build(&moves, &[0, 1], &[0, 3], &Options::default()).is_err());
        assert!(build(&moves, &[0, 1], &[0], &Options::default()).is_err());
        let mut bad = moves.clone();
        bad.dest[2][0] = bad.dest[2][1];
        let e = build(&bad, &[0], &[0], &Options::default());
        assert!(
            matches!(e, Err(BlockBfsError::Invalid(ref s)) if s.contains("move 2")),
            "{e:?}"
        );
        let mut bad = moves.clone();
        bad.add[1][3] = 5;
        assert!(build(&bad, &[0], &[0], &Options::default()).is_err());
        let mut bad = moves;
        bad.add.pop();
        assert!(build(&bad, &[0], &[0], &Options::default()).is_err());
    }
}
