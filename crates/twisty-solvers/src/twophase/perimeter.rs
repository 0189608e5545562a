//! The perimeter of the short-answer pass: every position within [`PERIMETER_DEPTH`] face
//! turns of solved (8,240,087 of them at depth ≤ 6) with its exact distance.
//!
//! A position is known by a 64-bit fingerprint of its cube. Its top [`BUCKET_BITS`] bits
//! choose a bucket; the entries (32 bits each: 29 more bits of the fingerprint and the
//! distance plus one in the low 3 bits) are sorted by fingerprint, and `offsets[b]` is the
//! first entry of bucket `b` (about eight entries a bucket). 31.4 MiB of entries and 4 MiB
//! of offsets.
//!
//! Two positions sharing a bucket and an entry key would be confused (a position outside
//! the perimeter can be taken for one inside): every answer built from the table is
//! followed down the distances and verified on the cube before it is returned, so a clash
//! can cost time or a missed short answer, never a wrong one.

use twisty_core::cube3::{Cube3Move, CubieCube};

/// Depth of the perimeter.
pub const PERIMETER_DEPTH: usize = 6;

/// Bits of the fingerprint that choose a bucket.
pub const BUCKET_BITS: u32 = 20;

/// Buckets (offsets has one more entry).
pub const BUCKETS: usize = 1 << BUCKET_BITS;

/// Positions within six face turns: 1 + 18 + 243 + 3240 + 43239 + 574908 + 7618438.
pub const PERIMETER_ENTRIES: usize = 8_240_087;

/// Table bytes: built in memory, or a table of the cache (memory-mapped, not copied).
#[derive(Debug)]
pub enum TableBytes {
    /// Built here.
    Owned(Vec<u8>),
    /// From the table cache.
    Cached(twisty_search::Table),
}

impl TableBytes {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        match self {
            TableBytes::Owned(v) => v,
            TableBytes::Cached(t) => t.bytes(),
        }
    }
}

/// The perimeter table.
#[derive(Debug)]
pub struct Perimeter {
    /// The entries, little-endian u32 each.
    entries: TableBytes,
    offsets: Vec<u32>,
}

/// A 64-bit fingerprint of a cube.
#[inline]
pub fn fingerprint(c: &CubieCube) -> u64 {
    let mut a = 0u64;
    for i in 0..8 {
        a |= u64::from(c.corner_perm(i) | c.corner_ori(i) << 3) << (5 * i);
    }
    let mut b = 0u64;
    for i in 0..12 {
        b |= u64::from(c.edge_perm(i) | c.edge_ori(i) << 4) << (5 * i);
    }
    let mut x = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b;
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 29;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 32)
}

/// The 29 fingerprint bits an entry keeps (below the bucket bits), in its top bits.
#[inline]
fn entry_key(f: u64) -> u32 {
    ((f >> (64 - BUCKET_BITS - 29)) as u32) << 3
}

impl Perimeter {
    /// Builds the table breadth-first from solved: each level's fingerprints sorted, with
    /// duplicates and positions of earlier levels removed.
    pub fn build() -> Perimeter {
        // Sorted fingerprints of all levels so far, and of the last two levels.
        let mut all: Vec<(u64, u8)> = vec![(fingerprint(&CubieCube::SOLVED), 0)];
        let mut level = vec![CubieCube::SOLVED];
        for d in 1..=PERIMETER_DEPTH as u8 {
            let last = d as usize == PERIMETER_DEPTH;
            let mut next: Vec<(u64, CubieCube)> = Vec::new();
            let mut next_fp: Vec<u64> = Vec::new();
            for c in &level {
                for &m in &Cube3Move::ALL {
                    let n = c.after(m);
                    if last {
                        next_fp.push(fingerprint(&n));
                    } else {
                        next.push((fingerprint(&n), n));
                    }
                }
            }
            let seen = |f: &u64| all.binary_search_by_key(f, |&(g, _)| g).is_ok();
            if last {
                next_fp.sort_unstable();
                next_fp.dedup();
                next_fp.retain(|f| !seen(f));
                all.extend(next_fp.iter().map(|&f| (f, d)));
                level = Vec::new();
            } else {
                next.sort_unstable_by_key(|&(f, _)| f);
                next.dedup_by_key(|&mut (f, _)| f);
                next.retain(|(f, _)| !seen(f));
                all.extend(next.iter().map(|&(f, _)| (f, d)));
                level = next.into_iter().map(|(_, c)| c).collect();
            }
            all.sort_unstable_by_key(|&(f, _)| f);
        }
        let mut offsets = vec![0u32; BUCKETS + 1];
        for &(f, _) in &all {
            offsets[(f >> (64 - BUCKET_BITS)) as usize + 1] += 1;
        }
        for b in 0..BUCKETS {
            offsets[b + 1] += offsets[b];
        }
        let entries = all
            .iter()
            .flat_map(|&(f, d)| (entry_key(f) | u32::from(d + 1)).to_le_bytes())
            .collect();
        Perimeter {
            entries: TableBytes::Owned(entries),
            offsets,
        }
    }

    /// The table from its parts (as stored); `None` when they do not fit together.
    pub fn from_parts(entries: TableBytes, offsets: Vec<u32>) -> Option<Perimeter> {
        let n = entries.bytes().len();
        let ok = n.is_multiple_of(4)
            && offsets.len() == BUCKETS + 1
            && offsets.first() == Some(&0)
            && offsets.last().is_some_and(|&k| k as usize == n / 4)
            && offsets.windows(2).all(|w| w[0] <= w[1]);
        ok.then_some(Perimeter { entries, offsets })
    }

    /// The entries (little-endian u32 each) and the bucket offsets.
    pub fn parts(&self) -> (&[u8], &[u32]) {
        (self.entries.bytes(), &self.offsets)
    }

    /// Number of positions held.
    pub fn len(&self) -> usize {
        self.entries.bytes().len() / 4
    }

    /// Whether the table holds no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.entries.bytes().len() + 4 * self.offsets.len()
    }

    /// The distance of a position within the perimeter, `None` outside it (or, rarely, a
    /// clash; see the module documentation).
    #[inline]
    pub fn distance(&self, c: &CubieCube) -> Option<u8> {
        let f = fingerprint(c);
        let b = (f >> (64 - BUCKET_BITS)) as usize;
        let (lo, hi) = (*self.offsets.get(b)? as usize, *self.offsets.get(b + 1)? as usize);
        let key = entry_key(f);
        self.entries
            .bytes()
            .get(4 * lo..4 * hi)?
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .find(|&e| e & !7 == key)
            .map(|e| ((e & 7) as u8).saturating_sub(1))
    }

    /// A shortest way from a position within the perimeter to solved (following the
    /// distances down), verified; `None` outside the perimeter or on a fingerprint clash.
    pub fn path(&self, c: &CubieCube) -> Option<Vec<Cube3Move>> {
        let mut d = self.distance(c)?;
        let mut cur = *c;
        let mut out = Vec::with_capacity(d as usize);
        while d > 0 {
            let m = Cube3Move::ALL
                .iter()
                .copied()
                .find(|&m| self.distance(&cur.after(m)) == Some(d - 1))?;
            cur.apply_move(m);
            out.push(m);
            d -= 1;
        }
        (cur == CubieCube::SOLVED).then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perimeter_holds_the_positions_within_six_moves() {
        let p = Perimeter::build();
        // Positions at distance 0..=6 in the face-turn metric: 1, 18, 243, 3240, 43239,
        // 574908, 7618438 (fewer if two share a slot key).
        assert_eq!(p.len(), PERIMETER_ENTRIES);
        let c = CubieCube::SOLVED
            .after(Cube3Move::ALL[3])
            .after(Cube3Move::ALL[0])
            .after(Cube3Move::ALL[8]);
        assert_eq!(p.distance(&c), Some(3));
        let path = p.path(&c).unwrap_or_default();
        assert_eq!(path.len(), 3);
        let mut d = c;
        for m in path {
            d.apply_move(m);
        }
        assert_eq!(d, CubieCube::SOLVED);
        // Seven quarter turns lie outside.
        let mut far = CubieCube::SOLVED;
        for m in [0, 3, 6, 9, 12, 15, 0] {
            far.apply_move(Cube3Move::ALL[m]);
        }
        assert_eq!(p.distance(&far), None);
    }
}
