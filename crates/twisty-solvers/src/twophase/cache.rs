//! The two-phase tables and the short-answer tables in the table cache.
//!
//! Four files: the two-phase tables as one byte table (`3x3x3/twophase/tables`: each
//! vector as a little-endian u32 count and its values), the perimeter's entries and bucket
//! offsets (32-bit entries), and the corner database, which is the optimal solver's file
//! (`3x3x3/pdb/corners`). The loader checks every length and every value that is used as
//! an index, so a file that passes the cache's checksum but holds something else is
//! rebuilt, never indexed out of range.

use super::coord::{N_CCOMBP, N_FLIP, N_SLICE, N_SPERM, N_TWIST};
use super::perimeter::{Perimeter, TableBytes, BUCKETS, PERIMETER_ENTRIES};
use super::short::CornerDb;
use super::sym::{Phase2Sym, SymCoord, N_SYM};
use super::sym1::{Phase1Sym, SymClasses, N_SYM1};
use super::tables::{PruneTable, Tables};
use super::TwoPhase;
use crate::optimal::cube3::{coords, pdb};
use std::sync::Arc;
use twisty_search::{Origin, TableCache, TableError, TableSpec};

/// Bytes of the serialized two-phase tables.
pub const TABLES_BYTES: u64 = 1_291_248;

/// Raw corner and U/D edge permutations of phase 2.
const N_PERM8: usize = 40320;

/// The cache spec of the two-phase tables.
pub fn tables_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/twophase/tables"),
        entry_bits: 8,
        entries: TABLES_BYTES,
    }
}

/// The cache spec of the perimeter's entries.
pub fn perimeter_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/twophase/perimeter6"),
        entry_bits: 32,
        entries: PERIMETER_ENTRIES as u64,
    }
}

/// The cache spec of the perimeter's bucket offsets.
pub fn offsets_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/twophase/perimeter6-offsets"),
        entry_bits: 32,
        entries: BUCKETS as u64 + 1,
    }
}

/// Appends vectors with their counts.
struct Writer(Vec<u8>);

impl Writer {
    fn count(&mut self, n: usize) {
        self.0.extend_from_slice(&(n as u32).to_le_bytes());
    }

    fn u16s(&mut self, v: &[u16]) {
        self.count(v.len());
        for x in v {
            self.0.extend_from_slice(&x.to_le_bytes());
        }
    }

    fn u8s(&mut self, v: &[u8]) {
        self.count(v.len());
        self.0.extend_from_slice(v);
    }

    fn prune(&mut self, t: &PruneTable) {
        self.count(t.len());
        self.u8s(t.raw());
    }
}

/// Reads vectors back, checking counts and value bounds.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }

    fn count(&mut self, expected: Option<usize>) -> Option<usize> {
        let b = self.take(4)?;
        let n = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize;
        expected.is_none_or(|e| e == n).then_some(n)
    }

    /// A u16 vector of `expected` values (any count if `None`), each below `bound`.
    fn u16s(&mut self, expected: Option<usize>, bound: usize) -> Option<Vec<u16>> {
        let n = self.count(expected)?;
        let v: Vec<u16> = self
            .take(n.checked_mul(2)?)?
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        v.iter().all(|&x| (x as usize) < bound).then_some(v)
    }

    fn u8s(&mut self, expected: Option<usize>, bound: usize) -> Option<Vec<u8>> {
        let n = self.count(expected)?;
        let v = self.take(n)?.to_vec();
        v.iter().all(|&x| (x as usize) < bound).then_some(v)
    }

    fn prune(&mut self, len: usize) -> Option<PruneTable> {
        let n = self.count(Some(len))?;
        PruneTable::from_raw(self.u8s(Some(n.div_ceil(2)), 256)?, n)
    }

    fn array<const N: usize>(&mut self, bound: usize) -> Option<[u8; N]> {
        self.u8s(Some(N), bound)?.try_into().ok()
    }
}

/// The two-phase tables as bytes.
pub fn to_bytes(t: &Tables) -> Vec<u8> {
    let mut w = Writer(Vec::with_capacity(TABLES_BYTES as usize));
    for v in [
        &t.twist_move,
        &t.flip_move,
        &t.slice_move,
        &t.sperm_move,
        &t.ccombp_move,
    ] {
        w.u16s(v);
    }
    let p1 = &t.phase1;
    for c in [&p1.twist, &p1.flip] {
        w.u16s(&c.raw_to_sym);
        w.u16s(&c.class_rep);
        w.u8s(&c.self_sym);
    }
    w.u16s(&p1.slice_conj);
    w.u16s(&p1.flip_conj);
    for pt in [&p1.twist_slice_prune, &p1.flip_slice_prune, &p1.twist_flip_prune] {
        w.prune(pt);
    }
    let p2 = &t.phase2;
    w.u8s(p2.sym_mult.as_flattened());
    w.u8s(&p2.sym_inv);
    w.u8s(p2.sym_move.as_flattened());
    w.u8s(&p2.sperm_conj);
    w.u8s(&p2.sperm_inv);
    w.u8s(&p2.ccombp_conj);
    w.u8s(&p2.class_ccombp);
    for c in [&p2.corners, &p2.edges] {
        w.u16s(&c.raw_to_sym);
        w.u16s(&c.class_rep);
        w.u16s(&c.self_sym);
        w.u16s(&c.moves);
        w.u16s(&c.inverse);
    }
    for pt in [
        &p2.corner_sperm_prune,
        &p2.edge_sperm_prune,
        &p2.edge_ccombp_prune,
    ] {
        w.prune(pt);
    }
    w.0
}

fn sym_classes(r: &mut Reader<'_>, n: usize) -> Option<SymClasses> {
    // The class count is read off the representatives, which follow the map.
    let at = r.at;
    r.u16s(Some(n), usize::MAX)?;
    let classes = r.count(None)?;
    r.at = at;
    Some(SymClasses {
        raw_to_sym: r.u16s(Some(n), classes << 3)?,
        class_rep: r.u16s(Some(classes), n)?,
        self_sym: r.u8s(Some(classes), 256)?,
    })
}

fn sym_coord(r: &mut Reader<'_>) -> Option<SymCoord> {
    let at = r.at;
    r.u16s(Some(N_PERM8), usize::MAX)?;
    let classes = r.count(None)?;
    r.at = at;
    let bound = classes << 4;
    Some(SymCoord {
        raw_to_sym: r.u16s(Some(N_PERM8), bound)?,
        class_rep: r.u16s(Some(classes), N_PERM8)?,
        self_sym: r.u16s(Some(classes), 1 << 16)?,
        moves: r.u16s(Some(classes * 10), bound)?,
        inverse: r.u16s(Some(classes), bound)?,
    })
}

/// The two-phase tables from bytes; `None` unless they are exactly what
/// [`to_bytes`] writes, with every index in range.
pub fn from_bytes(bytes: &[u8]) -> Option<Tables> {
    let mut r = Reader { bytes, at: 0 };
    let twist_move = r.u16s(Some(N_TWIST * 18), N_TWIST)?;
    let flip_move = r.u16s(Some(N_FLIP * 18), N_FLIP)?;
    let slice_move = r.u16s(Some(N_SLICE * 18), N_SLICE)?;
    let sperm_move = r.u16s(Some(N_SPERM * 10), N_SPERM)?;
    let ccombp_move = r.u16s(Some(N_CCOMBP * 10), N_CCOMBP)?;
    let twist = sym_classes(&mut r, N_TWIST)?;
    let flip = sym_classes(&mut r, N_FLIP)?;
    let slice_conj = r.u16s(Some(N_SLICE * N_SYM1), N_SLICE)?;
    let flip_conj = r.u16s(Some(N_FLIP * N_SYM1), N_FLIP)?;
    let (tc, fc) = (twist.class_rep.len(), flip.class_rep.len());
    let phase1 = Phase1Sym {
        twist_slice_prune: r.prune(tc * N_SLICE)?,
        flip_slice_prune: r.prune(fc * N_SLICE)?,
        twist_flip_prune: r.prune(tc * N_FLIP)?,
        twist,
        flip,
        slice_conj,
        flip_conj,
    };
    let sym_mult: Vec<u8> = r.u8s(Some(N_SYM * N_SYM), N_SYM)?;
    let sym_inv = r.array::<N_SYM>(N_SYM)?;
    let sym_move: Vec<u8> = r.u8s(Some(N_SYM * 10), 10)?;
    let sperm_conj = r.u8s(Some(N_SPERM * N_SYM), N_SPERM)?;
    let sperm_inv = r.array::<N_SPERM>(N_SPERM)?;
    let ccombp_conj = r.u8s(Some(N_CCOMBP * N_SYM), N_CCOMBP)?;
    let class_ccombp = r.u8s(None, N_CCOMBP)?;
    let corners = sym_coord(&mut r)?;
    let edges = sym_coord(&mut r)?;
    if class_ccombp.len() != corners.classes() {
        return None;
    }
    let (cc, ec) = (corners.classes(), edges.classes());
    let phase2 = Phase2Sym {
        sym_mult: std::array::from_fn(|a| std::array::from_fn(|b| sym_mult[a * N_SYM + b])),
        sym_inv,
        sym_move: std::array::from_fn(|s| std::array::from_fn(|j| sym_move[s * 10 + j])),
        sperm_conj,
        sperm_inv,
        ccombp_conj,
        class_ccombp,
        corner_sperm_prune: r.prune(cc * N_SPERM)?,
        edge_sperm_prune: r.prune(ec * N_SPERM)?,
        edge_ccombp_prune: r.prune(ec * N_CCOMBP)?,
        corners,
        edges,
    };
    (r.at == bytes.len()).then(|| {
        Tables::assemble(
            [twist_move, flip_move, slice_move, sperm_move, ccombp_move],
            phase1,
            phase2,
        )
    })
}

fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn u32_bytes(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Stores `data` again in place of a file that loaded but did not decode.
fn rebuilt(cache: &TableCache, spec: &TableSpec, data: &[u8]) -> Result<Origin, TableError> {
    cache.store(spec, data)?;
    Ok(Origin::Rebuilt(String::from("contents do not decode")))
}

impl TwoPhase {
    /// The solver on the two-phase tables from `cache` alone (1.3 MB; loaded or built and
    /// stored as in [`TwoPhase::from_cache`]), with the short-answer pass of
    /// [`TwoPhase::new`]. Returns the origin of the one table.
    pub fn from_cache_plain(
        cache: &TableCache,
        progress: bool,
    ) -> Result<(TwoPhase, Vec<Origin>), TableError> {
        let spec = tables_spec();
        let (table, origin) = cache.get_or_build(&spec, || {
            if progress {
                eprintln!("building table {}", spec.name);
            }
            to_bytes(&Tables::build())
        })?;
        let (tables, origin) = match from_bytes(table.bytes()) {
            Some(t) => (t, origin),
            None => {
                let t = Tables::build();
                let origin = rebuilt(cache, &spec, &to_bytes(&t))?;
                (t, origin)
            }
        };
        let tp = TwoPhase {
            tables: Arc::new(tables),
            corners: None,
            perimeter: None,
            short_depth: super::PLAIN_SHORT_DEPTH,
        };
        Ok((tp, vec![origin]))
    }

    /// The solver on tables from `cache`, with the short-answer pass's corner database and
    /// perimeter: each table is loaded from its file, or built (a line on stderr when
    /// `progress` is set) and stored when the file is missing or invalid. Returns the
    /// origins of the four tables (two-phase tables, perimeter entries, perimeter offsets,
    /// corner database).
    pub fn from_cache(cache: &TableCache, progress: bool) -> Result<(TwoPhase, Vec<Origin>), TableError> {
        let note = |name: &str| {
            if progress {
                eprintln!("building table {name}");
            }
        };
        let (plain, mut origins) = TwoPhase::from_cache_plain(cache, progress)?;
        let tables = plain.tables;
        let mut built: Option<Arc<Perimeter>> = None;
        let mut build_perimeter = |name: &str| {
            note(name);
            built.get_or_insert_with(|| Arc::new(Perimeter::build())).clone()
        };
        let (pspec, ospec) = (perimeter_spec(), offsets_spec());
        let (entries, o1) = cache.get_or_build(&pspec, || build_perimeter(&pspec.name).parts().0.to_vec())?;
        let (offsets, o2) =
            cache.get_or_build(&ospec, || u32_bytes(build_perimeter(&ospec.name).parts().1))?;
        let offsets = u32s(offsets.bytes());
        let (perimeter, o1, o2) = match Perimeter::from_parts(TableBytes::Cached(entries), offsets) {
            Some(p) => (p, o1, o2),
            None => {
                let p = Perimeter::build();
                let (e, o) = p.parts();
                let o1 = rebuilt(cache, &pspec, e)?;
                let o2 = rebuilt(cache, &ospec, &u32_bytes(o))?;
                (p, o1, o2)
            }
        };
        origins.extend([o1, o2]);
        let maps = coords::MoveMaps::new();
        let (corners, o) = cache.get_or_build(&pdb::corner_spec(), || {
            note("3x3x3/pdb/corners");
            pdb::build_corners(&maps, progress)
        })?;
        origins.push(o);
        let corners = CornerDb {
            perm_move: coords::corner_perm_table(&maps),
            twist_move: coords::twist_table(&maps),
            data: TableBytes::Cached(corners),
        };
        let tp = TwoPhase {
            tables,
            corners: Some(Arc::new(corners)),
            perimeter: Some(Arc::new(perimeter)),
            short_depth: super::SHORT_DEPTH,
        };
        Ok((tp, origins))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_round_trip_through_bytes() {
        let t = Tables::build();
        let bytes = to_bytes(&t);
        assert_eq!(bytes.len() as u64, TABLES_BYTES);
        let back = from_bytes(&bytes).unwrap_or_else(Tables::build);
        assert_eq!(to_bytes(&back), bytes);
        assert_eq!(back.frame_moves, t.frame_moves);
        // A value out of range (the first twist move entry) or a short input is refused.
        let mut bad = bytes.clone();
        bad[4] = 0xff;
        bad[5] = 0xff;
        assert!(from_bytes(&bad).is_none());
        assert!(from_bytes(&bytes[..bytes.len() - 1]).is_none());
    }
}
