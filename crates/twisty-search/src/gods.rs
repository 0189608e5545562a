//! God's algorithm: the exact distance distribution of a whole state space, by a
//! breadth-first search that stores 2 bits per state.
//!
//! # The space
//!
//! A state is a tuple of *parts*, each a coordinate with a move table (`next[v · moves + m]`
//! is the value move `m` takes value `v` to), and its index is the mixed-radix number of
//! the tuple ([`GodsSpace::rank`]). When the parts are independent (their sizes multiply to
//! the number of states) the index is a perfect rank. [`GodsSpace::new`] orders the parts
//! largest first and fuses the smallest ones into one *inner* coordinate of at most
//! [`INNER_CAP`] values with its own move table: a pass then walks the outer values, works
//! out for each move where the outer parts go (a few lookups per outer value), and runs over
//! the inner values with one lookup and one table probe per move, so the probes of one outer
//! value stay within a window of the table that fits in cache.
//!
//! # The table and the passes
//!
//! Entry `i` holds the distance of state `i` modulo 3, or 3 while it is unreached (the
//! usual frontier trick: a state at depth `d + 1` has a neighbour at depth `d` and none
//! nearer, so the residue `d mod 3` tells the frontier from older and newer states). A
//! depth is one parallel pass over the whole table (rayon, both cores):
//! - forward while the frontier is small: every entry at depth `d` marks its unreached
//!   neighbours `d + 1`;
//! - backward once the frontier outnumbers the unreached states: every unreached entry with
//!   a neighbour at depth `d` becomes `d + 1` (stopping at the first one).
//!
//! Words of 32 entries that hold nothing the pass looks for are skipped whole; entries are
//! claimed with an atomic AND, so two threads reaching one state count it once. The search
//! ends when a depth finds nothing new. After each completed depth the caller gets the
//! table and the counts ([`Checkpoint`]), to save them; [`GodsTable::from_words`] and the
//! counts so far resume a search where it stopped. The move set must be closed under
//! inverses (the move graph undirected), as every metric of a puzzle's moves is.

pub mod checkpoint;

use crate::depth_bar::{Counts, DepthBar};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use thiserror::Error;

/// Most values of the fused inner coordinate.
pub const INNER_CAP: u64 = 1 << 16;
/// Entries per word of the table.
const PER_WORD: u64 = 32;
/// Low bit of every entry of a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Entries one task of a pass covers, at least.
const TASK_ENTRIES: u64 = 1 << 16;

/// Why a space cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GodsError {
    /// The index does not fit in 64 bits.
    #[error("the state index overflows 64 bits")]
    Overflow,
    /// A part's move table is not `size · moves` long, or leads out of the part.
    #[error("part {part}: {reason}")]
    BadPart {
        /// The part.
        part: usize,
        /// What is wrong.
        reason: String,
    },
    /// A start is outside the space.
    #[error("start {start} is outside the {entries} states")]
    BadStart {
        /// The start's index.
        start: u64,
        /// The number of entries.
        entries: u64,
    },
    /// The caller's checkpoint hook failed.
    #[error("{0}")]
    Checkpoint(String),
}

/// One part of a state: a coordinate of `size` values and its move table.
#[derive(Debug, Clone, Copy)]
pub struct Part<'a> {
    /// Number of values.
    pub size: u32,
    /// `next[v · moves + m]`: the value move `m` takes `v` to.
    pub next: &'a [u32],
}

/// An outer part: its move table and its stride in outer values.
#[derive(Debug, Clone)]
struct Outer {
    size: u64,
    stride: u64,
    next: Vec<u32>,
}

/// A ranked state space: the parts, ordered and fused (see [the module](self)).
#[derive(Debug, Clone)]
pub struct GodsSpace {
    moves: usize,
    /// Per caller's part: its place in rank order.
    stride: Vec<u64>,
    /// Per caller's part: its number of values.
    sizes: Vec<u64>,
    outer: Vec<Outer>,
    /// Values of the inner coordinate.
    inner: u64,
    /// `inner_next[i · moves + m]`.
    inner_next: Vec<u32>,
    entries: u64,
}

impl GodsSpace {
    /// The space of tuples of `parts` under `moves` moves.
    pub fn new(parts: &[Part<'_>], moves: usize) -> Result<GodsSpace, GodsError> {
        for (k, p) in parts.iter().enumerate() {
            if p.next.len() as u64 != u64::from(p.size) * moves as u64 {
                return Err(GodsError::BadPart {
                    part: k,
                    reason: format!(
                        "a move table of {} entries for {} values and {moves} moves",
                        p.next.len(),
                        p.size
                    ),
                });
            }
            if let Some(&v) = p.next.iter().find(|&&v| v >= p.size) {
                return Err(GodsError::BadPart {
                    part: k,
                    reason: format!("a move leads to value {v} of {}", p.size),
                });
            }
        }
        let mut entries: u64 = 1;
        for p in parts {
            entries = entries
                .checked_mul(u64::from(p.size))
                .ok_or(GodsError::Overflow)?;
        }
        // Largest first (stable: equal sizes keep the caller's order).
        let mut order: Vec<usize> = (0..parts.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(parts[k].size));
        // The inner coordinate: the smallest parts, while they fit.
        let mut split = order.len();
        let mut inner = 1u64;
        while split > 0 && inner * u64::from(parts[order[split - 1]].size) <= INNER_CAP {
            split -= 1;
            inner *= u64::from(parts[order[split]].size);
        }
        let mut stride = vec![0u64; parts.len()];
        let mut s = 1u64;
        for &k in order[split..].iter().rev() {
            stride[k] = s;
            s *= u64::from(parts[k].size);
        }
        let mut outer = Vec::new();
        let mut os = 1u64;
        for &k in order[..split].iter().rev() {
            stride[k] = os * inner;
            outer.push(Outer {
                size: u64::from(parts[k].size),
                stride: os,
                next: parts[k].next.to_vec(),
            });
            os *= u64::from(parts[k].size);
        }
        outer.reverse();
        // The inner move table.
        let inner_parts: Vec<usize> = order[split..].to_vec();
        let mut inner_next = vec![0u32; inner as usize * moves];
        for i in 0..inner {
            for m in 0..moves {
                let mut j = 0u64;
                for &k in &inner_parts {
                    let v = (i / stride[k]) % u64::from(parts[k].size);
                    let w = parts[k].next[v as usize * moves + m];
                    j += u64::from(w) * stride[k];
                }
                inner_next[i as usize * moves + m] = j as u32;
            }
        }
        Ok(GodsSpace {
            moves,
            stride,
            sizes: parts.iter().map(|p| u64::from(p.size)).collect(),
            outer,
            inner,
            inner_next,
            entries,
        })
    }

    /// Number of entries (the product of the parts' sizes).
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// Number of moves.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Values of the fused inner coordinate.
    pub fn inner(&self) -> u64 {
        self.inner
    }

    /// The index of a tuple of values (in the caller's part order).
    pub fn rank(&self, values: &[u32]) -> u64 {
        values
            .iter()
            .zip(&self.stride)
            .map(|(&v, &s)| u64::from(v) * s)
            .sum()
    }

    /// The tuple of values (in the caller's part order) of index `i`, the inverse of
    /// [`GodsSpace::rank`] on `0..entries()`.
    pub fn unrank(&self, i: u64) -> Vec<u32> {
        self.stride
            .iter()
            .zip(&self.sizes)
            .map(|(&s, &n)| ((i / s) % n) as u32)
            .collect()
    }

    /// Bytes of the 2-bit table of `entries` entries.
    pub fn table_bytes(entries: u64) -> u64 {
        entries.div_ceil(PER_WORD) * 8
    }

    /// Bytes of the move tables (outer parts and the inner coordinate).
    pub fn move_table_bytes(&self) -> u64 {
        let outer: usize = self.outer.iter().map(|o| o.next.len()).sum();
        ((outer + self.inner_next.len()) * 4) as u64
    }

    /// The index the outer value `o` gives each move, times the inner size, into `base`.
    #[inline]
    fn outer_bases(&self, o: u64, base: &mut [u64]) {
        base.fill(0);
        for part in &self.outer {
            let v = ((o / part.stride) % part.size) as usize;
            let row = &part.next[v * self.moves..(v + 1) * self.moves];
            for (b, &w) in base.iter_mut().zip(row) {
                *b += u64::from(w) * part.stride;
            }
        }
        for b in base.iter_mut() {
            *b *= self.inner;
        }
    }
}

/// The 2-bit table of a search: entry `i` is the distance of state `i` mod 3, 3 unreached.
#[derive(Debug)]
pub struct GodsTable {
    words: Vec<AtomicU64>,
    entries: u64,
}

#[inline]
fn entry(words: &[AtomicU64], i: u64) -> u64 {
    (words[(i / PER_WORD) as usize].load(Relaxed) >> ((i % PER_WORD) * 2)) & 3
}

/// Sets unreached entry `i` to `v`; whether this call did.
#[inline]
fn claim(words: &[AtomicU64], i: u64, v: u64) -> bool {
    let w = &words[(i / PER_WORD) as usize];
    let shift = (i % PER_WORD) * 2;
    if (w.load(Relaxed) >> shift) & 3 != 3 {
        return false;
    }
    let old = w.fetch_and(!((3 ^ v) << shift), Relaxed);
    (old >> shift) & 3 == 3
}

/// Bit `2k` set where entry `k` of `word` is `v`.
#[inline]
fn matches(word: u64, v: u64) -> u64 {
    let x = word ^ ((3 - v) * LOW);
    x & (x >> 1) & LOW
}

impl GodsTable {
    /// A table of `entries` entries, all unreached, with `starts` at distance 0, and the
    /// number of distinct starts; a start outside the table is an error.
    pub fn new(entries: u64, starts: &[u64]) -> Result<(GodsTable, u64), GodsError> {
        if let Some(&s) = starts.iter().find(|&&s| s >= entries) {
            return Err(GodsError::BadStart { start: s, entries });
        }
        let n = entries.div_ceil(PER_WORD) as usize;
        let mut words: Vec<AtomicU64> = Vec::with_capacity(n);
        words.resize_with(n, || AtomicU64::new(u64::MAX));
        let t = GodsTable { words, entries };
        let fresh = starts.iter().filter(|&&s| claim(&t.words, s, 0)).count() as u64;
        Ok((t, fresh))
    }

    /// A table from saved words (as [`GodsTable::words`] gave them).
    pub fn from_words(entries: u64, words: Vec<u64>) -> Option<GodsTable> {
        (words.len() as u64 == entries.div_ceil(PER_WORD)).then(|| GodsTable {
            words: words.into_iter().map(AtomicU64::new).collect(),
            entries,
        })
    }

    /// The words (32 entries each, entry `k` in bits `2k..2k+2`).
    pub fn words(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.words.iter().map(|w| w.load(Relaxed))
    }

    /// Number of entries.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// Entry `i`: the distance mod 3, or 3 when unreached.
    pub fn get(&self, i: u64) -> u8 {
        entry(&self.words, i) as u8
    }
}

/// Options of a search.
#[derive(Debug, Clone, Default)]
pub struct GodsOptions {
    /// Show a progress bar on stderr with this label.
    pub progress: Option<String>,
    /// Stop after this depth is complete.
    pub max_depth: Option<u32>,
    /// The number of reachable states, if known (the progress bar's total). The backward
    /// passes start once the frontier outnumbers the entries still unreached.
    pub states: Option<u64>,
    /// Set from another thread to stop (the depth being searched is abandoned; the last
    /// checkpoint stays the last complete depth).
    pub stop: Option<std::sync::Arc<AtomicBool>>,
}

/// What a completed depth hands to the caller.
pub struct Checkpoint<'a> {
    /// The depth just completed.
    pub depth: u32,
    /// `counts[d]`: states at distance `d`, for `d ≤ depth`.
    pub counts: &'a [u64],
    /// The table.
    pub table: &'a GodsTable,
    /// Whether the search has ended (the depth found nothing new, so it is not counted).
    pub finished: bool,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GodsRun {
    /// `counts[d]`: states at distance `d`.
    pub counts: Vec<u64>,
    /// Every reachable state was reached (a depth found nothing new).
    pub complete: bool,
    /// Stopped by [`GodsOptions::stop`].
    pub stopped: bool,
}

/// Continues the search of `space` in `table`, whose depths `0..counts.len()` are complete
/// (`counts` is `[starts]` for a new table), calling `on_depth` after each depth.
pub fn search(
    space: &GodsSpace,
    table: &GodsTable,
    mut counts: Vec<u64>,
    opts: &GodsOptions,
    mut on_depth: impl FnMut(&Checkpoint<'_>) -> Result<(), String>,
) -> Result<GodsRun, GodsError> {
    let entries = space.entries;
    let total = opts.states.unwrap_or(entries).min(entries);
    let bar = DepthBar::new(opts.progress.as_ref(), total, "states", Counts::Reached);
    let mut reached: u64 = counts.iter().sum();
    let stopped = |o: &GodsOptions| o.stop.as_ref().is_some_and(|s| s.load(Relaxed));
    let mut run = GodsRun {
        counts: Vec::new(),
        complete: false,
        stopped: false,
    };
    loop {
        let d = counts.len() as u32 - 1;
        let frontier = counts[d as usize];
        if frontier == 0 || opts.max_depth.is_some_and(|m| d >= m) {
            run.complete = frontier == 0;
            break;
        }
        if stopped(opts) {
            run.stopped = true;
            break;
        }
        if let Some(b) = &bar {
            b.depth(&(d + 1).to_string(), reached);
        }
        // Backward costs every unreached entry (unreachable ones too) all its moves.
        let backward = frontier > entries.saturating_sub(reached);
        let found = pass(space, table, d, backward, bar.as_ref(), opts);
        if stopped(opts) {
            run.stopped = true;
            break;
        }
        reached += found;
        let finished = found == 0;
        if !finished {
            counts.push(found);
        }
        on_depth(&Checkpoint {
            depth: counts.len() as u32 - 1,
            counts: &counts,
            table,
            finished,
        })
        .map_err(GodsError::Checkpoint)?;
        if finished {
            run.complete = true;
            break;
        }
    }
    if let Some(b) = bar {
        b.finish();
    }
    run.counts = counts;
    Ok(run)
}

/// One depth: marks the states at distance `d + 1`; their number.
fn pass(
    space: &GodsSpace,
    table: &GodsTable,
    d: u32,
    backward: bool,
    bar: Option<&DepthBar>,
    opts: &GodsOptions,
) -> u64 {
    let seek = u64::from(d % 3);
    let newv = u64::from((d + 1) % 3);
    let inner = space.inner;
    let outers = space.entries / inner;
    let per_task = TASK_ENTRIES.div_ceil(inner).max(1);
    let tasks = outers.div_ceil(per_task);
    let words = &table.words;
    let moves = space.moves;
    (0..tasks)
        .into_par_iter()
        .map_init(
            || vec![0u64; moves],
            |base, t| {
                if opts.stop.as_ref().is_some_and(|s| s.load(Relaxed)) {
                    return 0;
                }
                let mut found = 0u64;
                let end = ((t + 1) * per_task).min(outers);
                for o in t * per_task..end {
                    space.outer_bases(o, base);
                    let start = o * inner;
                    found += if backward {
                        backward_run(space, words, start, base, seek, newv)
                    } else {
                        forward_run(space, words, start, base, seek, newv)
                    };
                }
                if let Some(b) = bar {
                    b.scanned((end - t * per_task) * inner);
                }
                found
            },
        )
        .sum()
}

/// The entries `start..start + inner` of one outer value, word by word: `(word index,
/// bits of the entries in range matching `v`)`.
#[inline]
fn scan(words: &[AtomicU64], start: u64, inner: u64, v: u64, mut each: impl FnMut(u64, u64)) {
    let end = start + inner;
    let mut idx = start;
    while idx < end {
        let w = idx / PER_WORD;
        let wend = ((w + 1) * PER_WORD).min(end);
        let word = words[w as usize].load(Relaxed);
        let mut bits = matches(word, v);
        let lo = (idx % PER_WORD) * 2;
        let hi = (wend - w * PER_WORD) * 2;
        bits &= u64::MAX << lo;
        if hi < 64 {
            bits &= (1u64 << hi) - 1;
        }
        if bits != 0 {
            each(w, bits);
        }
        idx = wend;
    }
}

fn forward_run(
    space: &GodsSpace,
    words: &[AtomicU64],
    start: u64,
    base: &[u64],
    seek: u64,
    newv: u64,
) -> u64 {
    let moves = space.moves;
    let mut found = 0u64;
    scan(words, start, space.inner, seek, |w, mut bits| {
        while bits != 0 {
            let e = w * PER_WORD + u64::from(bits.trailing_zeros() / 2);
            bits &= bits - 1;
            let i = (e - start) as usize;
            let row = &space.inner_next[i * moves..(i + 1) * moves];
            for (&b, &n) in base.iter().zip(row) {
                found += u64::from(claim(words, b + u64::from(n), newv));
            }
        }
    });
    found
}

fn backward_run(
    space: &GodsSpace,
    words: &[AtomicU64],
    start: u64,
    base: &[u64],
    seek: u64,
    newv: u64,
) -> u64 {
    let moves = space.moves;
    let mut found = 0u64;
    scan(words, start, space.inner, 3, |w, mut bits| {
        let mut clear = 0u64;
        while bits != 0 {
            let k = u64::from(bits.trailing_zeros() / 2);
            bits &= bits - 1;
            let i = (w * PER_WORD + k - start) as usize;
            let row = &space.inner_next[i * moves..(i + 1) * moves];
            if base
                .iter()
                .zip(row)
                .any(|(&b, &n)| entry(words, b + u64::from(n)) == seek)
            {
                clear |= (3 ^ newv) << (2 * k);
                found += 1;
            }
        }
        if clear != 0 {
            words[w as usize].fetch_and(!clear, Relaxed);
        }
    });
    found
}

#[cfg(test)]
mod tests;
