//! Building an `h48` table.
//!
//! The table stores, per entry, the fewest moves that take some cube with that entry to the
//! target group, capped: 0 for "at most `base`", 1 and 2 for `base + 1` and `base + 2`, 3
//! for "at least `base + 3`"; plus, per unit of 62 entries, the exact minimum (capped at
//! `base`). So it is enough to know every state of the full coordinate (all 11 flip bits, a
//! real coordinate that moves act on) within `base + 2` moves, at its distance.
//!
//! 1. A breadth-first search over the full coordinate, keyed by its symmetry-reduced value
//!    in a set ([`super::shortset`]), finds every state within `short_depth` moves (with one
//!    cube for each).
//! 2. From each state at exactly `short_depth`, a depth-first search over cubes runs to
//!    depth `base + 2`, never entering a state of the set (a shortest path to a state
//!    further than `short_depth` passes through a state at exactly `short_depth` and then
//!    only through states further away, so it is followed from there).
//! 3. Every state met is marked at the depth it was met: each of its table indices (the
//!    images under the symmetries fixing its corner class), projected to the kept flip
//!    bits, keeps the minimum. A state met by a longer path than its shortest is also met
//!    by its shortest, so the minimum is its distance.
//!
//! The depth-first searches share nothing but the table and the read-only set, so they run
//! on all cores; the marks are atomic. Each node takes its children in passes that prefetch
//! what the next pass reads (corner symmetry, edge conjugation lines, the set's line), and
//! every mark goes through a window of 32 prefetched table lines. The table is filled in
//! anonymous memory advised for huge pages, which becomes the loaded table (no copy). Peak
//! memory: the table, the set and the short states' cubes (8.27 GB for a 3.6 GiB table at
//! short depth 9, 4.09 GB at short depth 8).

use super::coords::{H48Coords, Raw};
use super::shortset::ShortSet;
use super::Variant;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_search::coset_bfs::UNIT_ENTRIES;
use twisty_search::file::AtomicTable;
use twisty_search::Table;
use web_time::Instant;

/// What a build did.
#[derive(Debug)]
pub struct BuildReport {
    /// The packed table.
    pub table: Table,
    /// Full-coordinate states (up to symmetry) at each distance up to the short depth.
    pub short_states: Vec<u64>,
    /// Table marks made by the depth-first searches.
    pub marks: u64,
    /// Entries at each stored value (0..4).
    pub values: [u64; 4],
}

struct Marker<'a> {
    words: &'a [AtomicU64],
    base: u8,
}

impl Marker<'_> {
    #[inline(always)]
    fn prefetch(&self, i: u64) {
        let unit = i / UNIT_ENTRIES;
        twisty_search::prefetch::prefetch_at(self.words, (unit * 2) as usize);
    }

    /// Entry `i` keeps the minimum of its value and a state at `depth`.
    #[inline(always)]
    fn mark(&self, i: u64, depth: u8) {
        let (unit, slot) = (i / UNIT_ENTRIES, i % UNIT_ENTRIES);
        let e = depth.saturating_sub(self.base).min(3) as u64;
        let sh = (slot % 32) * 2;
        let Some(w) = self.words.get((unit * 2 + slot / 32) as usize) else {
            return;
        };
        if (w.load(Relaxed) >> sh) & 3 > e {
            let _ = w.fetch_update(Relaxed, Relaxed, |x| {
                ((x >> sh) & 3 > e).then_some(x & !(3 << sh) | e << sh)
            });
        }
        let m = depth.min(self.base) as u64;
        let Some(w1) = self.words.get((unit * 2 + 1) as usize) else {
            return;
        };
        if w1.load(Relaxed) >> 60 > m {
            let _ = w1.fetch_update(Relaxed, Relaxed, |x| {
                (x >> 60 > m).then_some(x & ((1 << 60) - 1) | m << 60)
            });
        }
    }
}

/// The canonical full index of a cube (the least of its indices), with every index.
#[inline(always)]
fn indices(co: &H48Coords, c: &CubieCube, out: &mut Vec<u64>) -> u64 {
    let (class, full) = co.full_index(&co.raw(c));
    co.variants(class, full, out);
    out.iter().copied().min().unwrap_or(full)
}

/// Whether a move of face `f` may follow one of face `last` (6: none): not the same face,
/// and opposite faces in one order.
#[inline(always)]
fn allowed(last: usize, f: usize) -> bool {
    last == 6 || (f != last && !(f % 3 == last % 3 && f < last))
}

/// The breadth-first search over full coordinates to `depth`: the set of states met and one
/// cube per state, by distance.
pub fn short_states(co: &H48Coords, depth: u8) -> (ShortSet, Vec<Vec<CubieCube>>) {
    let mut set = ShortSet::default();
    let mut buf = Vec::new();
    set.insert(indices(co, &CubieCube::SOLVED, &mut buf));
    let mut layers = vec![vec![CubieCube::SOLVED]];
    for d in 0..depth {
        let mut next = Vec::new();
        for c in &layers[d as usize] {
            for m in Cube3Move::ALL {
                let child = c.after(m);
                if set.insert(indices(co, &child, &mut buf)) {
                    next.push(child);
                }
            }
        }
        layers.push(next);
    }
    (set, layers)
}

/// Marks waiting for their table lines: each mark's line is prefetched when it is queued and
/// the mark is made `WINDOW` marks later, so many misses are in flight at once.
struct Pending<'a> {
    marker: &'a Marker<'a>,
    ring: [(u64, u8); WINDOW],
    queued: usize,
}

/// Marks in flight per thread.
const WINDOW: usize = 32;

impl<'a> Pending<'a> {
    fn new(marker: &'a Marker<'a>) -> Self {
        Pending {
            marker,
            ring: [(0, 0); WINDOW],
            queued: 0,
        }
    }

    /// Queues the mark of entry `p` at `depth` (and makes the oldest one).
    #[inline(always)]
    fn push(&mut self, p: u64, depth: u8) {
        self.marker.prefetch(p);
        let slot = &mut self.ring[self.queued % WINDOW];
        if self.queued >= WINDOW {
            self.marker.mark(slot.0, slot.1);
        }
        *slot = (p, depth);
        self.queued += 1;
    }

    /// Makes every queued mark.
    fn flush(&mut self) {
        let first = self.queued.saturating_sub(WINDOW);
        for k in first..self.queued {
            let (p, d) = self.ring[k % WINDOW];
            self.marker.mark(p, d);
        }
        self.queued = 0;
    }
}

struct Dfs<'a> {
    co: &'a H48Coords,
    short: &'a ShortSet,
    shift: u32,
    limit: u8,
}

impl Dfs<'_> {
    /// Marks every state met on paths from `c` (at `depth`, after a move of face `last`) to
    /// the limit that never enter a short state. The children are taken in passes, each
    /// prefetching what the next one reads: the corner part's symmetry, the edge conjugation
    /// lines, then the short set's line (above the last level) and the table lines.
    fn run(&self, c: &CubieCube, depth: u8, last: usize, buf: &mut Vec<u64>, out: &mut Pending<'_>) -> u64 {
        let (co, next) = (self.co, depth + 1);
        let leaf = next == self.limit;
        let mut kids = [(CubieCube::SOLVED, 0usize); 18];
        let mut raws: [Raw; 18] = [[0; 3]; 18];
        let mut n = 0;
        for m in Cube3Move::ALL {
            let f = m.index() as usize / 3;
            if allowed(last, f) {
                let child = c.after(m);
                raws[n] = co.raw(&child);
                co.prefetch_sym(&raws[n]);
                kids[n] = (child, f);
                n += 1;
            }
        }
        let mut syms = [0u32; 18];
        for (s, r) in syms.iter_mut().zip(&raws[..n]) {
            *s = co.prefetch_edges(r);
        }
        let mut marks = 0u64;
        if leaf {
            for (&e, r) in syms.iter().zip(&raws[..n]) {
                let (class, full) = co.full_index_of(r, e);
                co.variants(class, full, buf);
                for &i in buf.iter() {
                    out.push(i >> self.shift, next);
                }
                marks += buf.len() as u64;
            }
            return marks;
        }
        let mut keys = [0u64; 18];
        for j in 0..n {
            let (class, full) = co.full_index_of(&raws[j], syms[j]);
            co.variants(class, full, buf);
            keys[j] = buf.iter().copied().min().unwrap_or(full);
            self.short.prefetch(keys[j]);
        }
        for j in 0..n {
            if self.short.contains(keys[j]) {
                continue;
            }
            let (class, full) = co.full_index_of(&raws[j], syms[j]);
            co.variants(class, full, buf);
            for &i in buf.iter() {
                out.push(i >> self.shift, next);
            }
            marks += buf.len() as u64;
            marks += self.run(&kids[j].0, next, kids[j].1, buf, out);
        }
        marks
    }
}

/// Builds the table of `variant` on all cores (progress lines on stderr when `progress`);
/// `None` if its memory cannot be mapped.
pub fn build(co: &H48Coords, variant: Variant, progress: bool) -> Option<BuildReport> {
    build_from(co, variant, variant.short_depth(), progress)
}

/// [`build`] with the breadth-first search to `short_depth` (any depth gives the same
/// table; the tests compare them).
pub fn build_from(co: &H48Coords, variant: Variant, short_depth: u8, progress: bool) -> Option<BuildReport> {
    let t0 = Instant::now();
    let n = variant.entries();
    let units = n.div_ceil(UNIT_ENTRIES);
    let base = variant.base();
    let shift = 11 - variant.flip_bits();
    let buffer = AtomicTable::new((units * 2) as usize, u64::MAX)?;
    let words = buffer.words();
    let marker = Marker { words, base };
    // A bar redrawn in place on a terminal, lines in a log.
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let say = |what: String| {
        if progress {
            eprintln!(
                "{} table: {what} ({:.0} s)",
                variant.name(),
                t0.elapsed().as_secs_f64()
            );
        }
    };
    let sd = short_depth.min(base + 2);
    let (short, layers) = short_states(co, sd);
    say(format!(
        "{} states of the full coordinate within {sd} moves ({} MB of set)",
        short.len(),
        short.bytes() >> 20
    ));
    for (d, layer) in layers.iter().enumerate() {
        layer.par_chunks(4096).for_each(|chunk| {
            let mut buf = Vec::new();
            for c in chunk {
                indices(co, c, &mut buf);
                for &i in &buf {
                    marker.mark(i >> shift, d as u8);
                }
            }
        });
    }
    let dfs = Dfs {
        co,
        short: &short,
        shift,
        limit: base + 2,
    };
    let starts = layers.last().map_or(&[][..], |l| &l[..]);
    let done = AtomicU64::new(0);
    let total = starts.len() as u64;
    let last_report = AtomicU64::new(0);
    let marks: u64 = if sd < base + 2 {
        starts
            .par_chunks(2048)
            .map(|chunk| {
                let (mut buf, mut out) = (Vec::new(), Pending::new(&marker));
                let mut m = 0;
                for c in chunk {
                    m += dfs.run(c, sd, 6, &mut buf, &mut out);
                }
                out.flush();
                let d = done.fetch_add(chunk.len() as u64, Relaxed) + chunk.len() as u64;
                let pct = d * 100 / total.max(1);
                if progress && last_report.fetch_max(pct, Relaxed) < pct {
                    let el = t0.elapsed().as_secs_f64();
                    if terminal {
                        eprint!(
                            "\r{} table: [{:<50}] {pct:>3} % of {total} start states, {el:.0} s   ",
                            variant.name(),
                            "=".repeat(pct as usize / 2)
                        );
                    } else if pct.is_multiple_of(5) {
                        // A log: a line every 5 %.
                        eprintln!(
                            "{} table: {pct} % of {total} start states, {el:.0} s",
                            variant.name()
                        );
                    }
                }
                m
            })
            .sum()
    } else {
        0
    };
    if progress && terminal {
        eprintln!();
    }
    let counts: Vec<u64> = layers.iter().map(|l| l.len() as u64).collect();
    drop(short);
    drop(layers);
    let values = (0..units as usize)
        .into_par_iter()
        .with_min_len(1 << 16)
        .map(|u| {
            let w0 = words[2 * u].load(Relaxed);
            let w1 = words[2 * u + 1].load(Relaxed) | 0xf << 60;
            let mut v = [0u64; 4];
            for (w, mask) in [(w0, u64::MAX), (w1, (1u64 << 60) - 1)] {
                let lo = w & 0x5555_5555_5555_5555 & mask;
                let hi = (w >> 1) & 0x5555_5555_5555_5555 & mask;
                let all = 0x5555_5555_5555_5555 & mask;
                v[0] += (all & !lo & !hi).count_ones() as u64;
                v[1] += (lo & !hi).count_ones() as u64;
                v[2] += (hi & !lo).count_ones() as u64;
                v[3] += (lo & hi).count_ones() as u64;
            }
            v
        })
        .reduce(|| [0; 4], |a, b| std::array::from_fn(|i| a[i] + b[i]));
    // The fallback nibbles of units without a mark (every entry at least base + 3).
    (0..units as usize)
        .into_par_iter()
        .with_min_len(1 << 16)
        .for_each(|u| {
            let w = &words[2 * u + 1];
            if w.load(Relaxed) >> 60 > base as u64 {
                let _ = w.fetch_update(Relaxed, Relaxed, |x| {
                    Some(x & ((1 << 60) - 1) | (base as u64) << 60)
                });
            }
        });
    let table = buffer.into_table(&variant.spec())?;
    say(format!(
        "done, entries by stored value {values:?} (the last unit's padding counts as 3)"
    ));
    Some(BuildReport {
        table,
        short_states: counts,
        marks,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window makes exactly the marks pushed into it, whatever their count.
    #[test]
    fn marks_through_the_window_equal_direct_marks() {
        for count in [0u64, 1, WINDOW as u64 - 1, WINDOW as u64, 5000] {
            let units = 40u64;
            let direct: Vec<AtomicU64> = (0..2 * units).map(|_| AtomicU64::new(u64::MAX)).collect();
            let windowed: Vec<AtomicU64> = (0..2 * units).map(|_| AtomicU64::new(u64::MAX)).collect();
            let (a, b) = (
                Marker {
                    words: &direct,
                    base: 5,
                },
                Marker {
                    words: &windowed,
                    base: 5,
                },
            );
            let mut out = Pending::new(&b);
            for k in 0..count {
                let i = k.wrapping_mul(0x9e37_79b9) % (units * UNIT_ENTRIES);
                let depth = (k % 9) as u8;
                a.mark(i, depth);
                out.push(i, depth);
            }
            out.flush();
            let words = |v: &[AtomicU64]| v.iter().map(|w| w.load(Relaxed)).collect::<Vec<_>>();
            assert_eq!(words(&direct), words(&windowed), "{count} marks");
        }
    }
}
