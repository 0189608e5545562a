//! Breadth-first generation of a large, block-structured coset distance table, stored with
//! 2-bit entries relative to a base and a per-unit fallback minimum.
//!
//! The index space is `classes × per_class`: a symmetry class of one coordinate (the
//! block) times the value of the other coordinates. The caller's `expand(class, inner,
//! emit)` emits every neighbour index of an entry, including the extra indices of
//! neighbours whose class has symmetries of its own (several indices naming one coset:
//! all must be reached at the same depth).
//!
//! # Storage ([`BasePacked`])
//!
//! Entries are grouped in units of [`UNIT_ENTRIES`] = 62 entries in [`UNIT_BYTES`] = 16
//! bytes (one quarter of a cache line, so a probe touches one line): two little-endian
//! 64-bit words, entry `s` in bits `2·(s mod 32)` of word `s / 32`; the top four bits of
//! the second word hold the unit's fallback. An entry `e` means:
//! - `e = 0`: the distance is at most `base`; the lower bound used is the unit's fallback,
//!   the exact minimum distance of the unit's entries (capped at `base`);
//! - `e = 1, 2`: the distance is exactly `base + e`;
//! - `e = 3`: the distance is at least `base + 3`.
//!
//! Every value read is therefore a lower bound on the distance (exact for `base + 1` and
//! `base + 2`).
//!
//! # Generation
//!
//! During the build a second array holds `distance mod 3` per entry (3 = unreached), which
//! finds each level's frontier; each depth is one parallel pass over the class blocks:
//! forward (frontier entries claim their unreached neighbours) while the frontier is small,
//! backward (unreached entries with a frontier neighbour join the next level, stopping at
//! the first) once the unreached entries are few. A neighbour of an unreached entry (whose
//! distance is `> d`) has distance `≥ d`, so `d mod 3` identifies the frontier exactly in
//! the backward pass; in the forward pass entries of depth `d − 3` are expanded again,
//! which costs time but claims nothing. Peak memory: the build array (`n / 4` bytes), the
//! result (`n · 16 / 62` bytes) and one byte per unit.

use crate::depth_bar::{Counts, DepthBar};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// Entries per storage unit.
pub const UNIT_ENTRIES: u64 = 62;
/// Bytes per storage unit.
pub const UNIT_BYTES: u64 = 16;

/// Bytes of a [`BasePacked`] table of `entries` entries.
pub fn packed_len(entries: u64) -> u64 {
    entries.div_ceil(UNIT_ENTRIES) * UNIT_BYTES
}

/// A read-only view of a base-relative 2-bit table (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct BasePacked<'a> {
    /// The table bytes (a multiple of [`UNIT_BYTES`]).
    pub bytes: &'a [u8],
    /// The base.
    pub base: u8,
}

impl BasePacked<'_> {
    /// The lower bound stored for entry `i` (0 for out-of-range indices).
    #[inline(always)]
    pub fn get(&self, i: u64) -> u8 {
        let unit = (i / UNIT_ENTRIES) as usize;
        let slot = (i % UNIT_ENTRIES) as u32;
        let off = unit * UNIT_BYTES as usize + (slot as usize / 32) * 8;
        let Some(w) = self.bytes.get(off..off + 8) else {
            return 0;
        };
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        let e = (u64::from_le_bytes(a) >> (2 * (slot % 32))) & 3;
        if e == 0 {
            self.bytes
                .get(unit * UNIT_BYTES as usize + 15)
                .map_or(0, |b| b >> 4)
        } else {
            self.base + e as u8
        }
    }

    /// The byte offset of the unit holding entry `i` (for prefetching).
    #[inline(always)]
    pub fn offset(i: u64) -> usize {
        (i / UNIT_ENTRIES * UNIT_BYTES) as usize
    }
}

/// The result of [`build`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CosetTable {
    /// The packed table ([`BasePacked`] layout).
    pub bytes: Vec<u8>,
    /// `counts[d]`: entries at distance `d`.
    pub counts: Vec<u64>,
    /// Entries never reached.
    pub unreached: u64,
}

/// Options of [`build`].
#[derive(Debug, Clone, Default)]
pub struct CosetBfsOptions {
    /// Show a progress bar on stderr with this label.
    pub progress: Option<String>,
}

#[inline]
fn get3(t: &[AtomicU64], i: u64) -> u8 {
    ((t[(i >> 5) as usize].load(Relaxed) >> ((i & 31) * 2)) & 3) as u8
}

/// Sets entry `i` of the mod-3 array to `v` if it is unreached (3); whether it did.
#[inline]
fn claim3(t: &[AtomicU64], i: u64, v: u8) -> bool {
    let shift = (i & 31) * 2;
    let w = &t[(i >> 5) as usize];
    if (w.load(Relaxed) >> shift) & 3 != 3 {
        return false;
    }
    let old = w.fetch_and(!(((3 ^ v) as u64) << shift), Relaxed);
    (old >> shift) & 3 == 3
}

struct Out {
    words: Vec<AtomicU64>,
    mins: Vec<AtomicU8>,
    base: u8,
}

impl Out {
    fn record(&self, i: u64, d: u8) {
        let unit = i / UNIT_ENTRIES;
        let slot = i % UNIT_ENTRIES;
        self.mins[unit as usize].fetch_min(d, Relaxed);
        let e = d.saturating_sub(self.base).min(3);
        if e != 3 {
            let w = &self.words[(unit * 2 + slot / 32) as usize];
            w.fetch_and(!(((3 ^ e) as u64) << ((slot % 32) * 2)), Relaxed);
        }
    }
}

/// Builds the distance table of `classes × per_class` entries from `starts` (distance 0),
/// stored relative to `base` (at most 15). `expand(class, inner, emit)` must call `emit`
/// with every neighbour index; when `emit` returns `true` the caller may stop emitting.
pub fn build<F>(
    classes: u64,
    per_class: u64,
    base: u8,
    starts: &[u64],
    expand: F,
    opts: &CosetBfsOptions,
) -> CosetTable
where
    F: Fn(u64, u64, &mut dyn FnMut(u64) -> bool) + Sync,
{
    let n = classes * per_class;
    let units = n.div_ceil(UNIT_ENTRIES);
    let base = base.min(15);
    let mod3: Vec<AtomicU64> = (0..n.div_ceil(32)).map(|_| AtomicU64::new(u64::MAX)).collect();
    let out = Out {
        words: (0..units * 2).map(|_| AtomicU64::new(u64::MAX)).collect(),
        mins: (0..units).map(|_| AtomicU8::new(15)).collect(),
        base,
    };
    let mut frontier = 0u64;
    for &s in starts.iter().filter(|&&s| s < n) {
        if claim3(&mod3, s, 0) {
            out.record(s, 0);
            frontier += 1;
        }
    }
    let bar = DepthBar::new(opts.progress.as_ref(), n, "entries scanned", Counts::Scanned);
    let mut counts = vec![frontier];
    let mut reached = frontier;
    let mut d = 0u8;
    while frontier > 0 && d < 250 {
        let unreached = n - reached;
        // Forward costs about 18 probes per frontier entry, backward a few per unreached one.
        let backward = unreached < frontier.saturating_mul(3);
        if let Some(b) = &bar {
            let depth = format!(
                "{} ({}, {} reached)",
                d + 1,
                if backward { "backward" } else { "forward" },
                reached
            );
            b.depth(&depth, 0);
        }
        let (cur, next) = (d % 3, (d + 1) % 3);
        let found = AtomicU64::new(0);
        (0..classes).into_par_iter().for_each(|k| {
            let mut local = 0u64;
            let first = k * per_class;
            for inner in 0..per_class {
                let i = first + inner;
                let v = get3(&mod3, i);
                if backward {
                    if v != 3 {
                        continue;
                    }
                    let mut hit = false;
                    expand(k, inner, &mut |j| {
                        hit = get3(&mod3, j) == cur;
                        hit
                    });
                    if hit && claim3(&mod3, i, next) {
                        out.record(i, d + 1);
                        local += 1;
                    }
                } else if v == cur {
                    expand(k, inner, &mut |j| {
                        if claim3(&mod3, j, next) {
                            out.record(j, d + 1);
                            local += 1;
                        }
                        false
                    });
                }
            }
            found.fetch_add(local, Relaxed);
            if let Some(b) = &bar {
                b.scanned(per_class);
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
    drop(mod3);
    let mut bytes = Vec::with_capacity((units * UNIT_BYTES) as usize);
    for u in 0..units as usize {
        let w0 = out.words[2 * u].load(Relaxed);
        let min = out.mins[u].load(Relaxed).min(base) as u64;
        let w1 = (out.words[2 * u + 1].load(Relaxed) & ((1u64 << 60) - 1)) | min << 60;
        bytes.extend_from_slice(&w0.to_le_bytes());
        bytes.extend_from_slice(&w1.to_le_bytes());
    }
    CosetTable {
        bytes,
        counts,
        unreached: n - reached,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cycle of 400 states in 8 blocks of 50 with moves ±1 and ±7: the stored values
    /// are lower bounds, exact for `base + 1` and `base + 2`, and the counts add up.
    #[test]
    fn ring_distances_round_trip() {
        let n = 400u64;
        let dist = |i: u64| {
            // BFS on the ring with steps ±1, ±7.
            let mut d = vec![u32::MAX; n as usize];
            let mut q = std::collections::VecDeque::from([0u64]);
            d[0] = 0;
            while let Some(x) = q.pop_front() {
                for s in [1, n - 1, 7, n - 7] {
                    let y = (x + s) % n;
                    if d[y as usize] == u32::MAX {
                        d[y as usize] = d[x as usize] + 1;
                        q.push_back(y);
                    }
                }
            }
            d[i as usize]
        };
        let exact: Vec<u32> = (0..n).map(dist).collect();
        for base in [0u8, 3, 20] {
            let t = build(
                8,
                50,
                base,
                &[0],
                |k, inner, emit| {
                    let x = k * 50 + inner;
                    for s in [1, n - 1, 7, n - 7] {
                        if emit((x + s) % n) {
                            return;
                        }
                    }
                },
                &CosetBfsOptions::default(),
            );
            assert_eq!(t.unreached, 0);
            assert_eq!(t.counts.iter().sum::<u64>(), n);
            assert_eq!(t.bytes.len() as u64, packed_len(n));
            let base = base.min(15);
            let view = BasePacked {
                bytes: &t.bytes,
                base,
            };
            for i in 0..n {
                let v = view.get(i) as u32;
                let e = exact[i as usize];
                assert!(v <= e, "entry {i}: {v} > {e}");
                if e > base as u32 && e <= base as u32 + 2 {
                    assert_eq!(v, e);
                }
                if e <= base as u32 {
                    assert!(v <= base as u32);
                }
            }
            // The fallback is the unit's exact minimum.
            let unit0_min = exact[..62].iter().min().copied().unwrap_or(0);
            assert_eq!(view.get(0) as u32, unit0_min.min(base as u32));
        }
    }
}
