//! The full phase-1 table in the table cache: three files, the 2-bit entries
//! (`3x3x3/twophase/phase1-full`, 35.2 MB), the flip-slice classes with the twist
//! conjugation (`3x3x3/twophase/flipslice-sym`, 4.5 MB: little-endian u32 class-and-symmetry
//! of each raw value, u32 representatives, u16 self-symmetry masks, u16 conjugated twists)
//! and the entries' closer moves (`3x3x3/twophase/phase1-down`, 563.6 MB, see
//! [`super::down`]).
//!
//! The cache checks each file's header, length and checksum; the loader then checks every
//! value used as an index and walks a few hundred states down to the subgroup, so a file
//! that passes the checksum but holds something else is refused, never indexed out of
//! range. The closer moves follow from the entries: when their file is missing or does not
//! match the entries they are derived again (a few seconds) and stored.

use super::down::DownMoves;
use super::flipslice::{FlipSliceSym, N_FLIPSLICE, N_FLIPSLICE_CLASSES, N_SYM16};
use super::{Phase1Full, N_ENTRIES};
use crate::twophase::coord::{self, N_TWIST};
use crate::twophase::perimeter::TableBytes;
use crate::twophase::tables::Tables;
use std::path::PathBuf;
use twisty_core::cube3::CubieCube;
use twisty_core::seeded_rng;
use twisty_search::{Origin, TableCache, TableError, TableSpec};

/// Bytes of the serialized flip-slice classes.
pub const SYM_BYTES: u64 = (4 * N_FLIPSLICE + 6 * N_FLIPSLICE_CLASSES + 2 * N_TWIST * N_SYM16) as u64;

/// The cache spec of the 2-bit entries.
pub fn table_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/twophase/phase1-full"),
        entry_bits: 2,
        entries: N_ENTRIES as u64,
    }
}

/// The cache spec of the flip-slice classes.
pub fn sym_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/twophase/flipslice-sym"),
        entry_bits: 8,
        entries: SYM_BYTES,
    }
}

/// The cache spec of the closer-move masks (four bytes an entry).
pub fn down_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/twophase/phase1-down"),
        entry_bits: 8,
        entries: 4 * N_ENTRIES as u64,
    }
}

/// The flip-slice classes as bytes.
pub fn sym_to_bytes(s: &FlipSliceSym) -> Vec<u8> {
    let mut out = Vec::with_capacity(SYM_BYTES as usize);
    for x in s.raw_to_sym.iter().chain(&s.class_rep) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    for x in s.self_sym.iter().chain(&s.twist_conj) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out
}

/// The flip-slice classes from bytes; `None` unless the length is right and every value is
/// in range.
pub fn sym_from_bytes(b: &[u8]) -> Option<FlipSliceSym> {
    if b.len() as u64 != SYM_BYTES {
        return None;
    }
    let u32s = |b: &[u8]| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    let u16s = |b: &[u8]| -> Vec<u16> {
        b.chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect()
    };
    let (a, rest) = b.split_at(4 * N_FLIPSLICE);
    let (r, rest) = rest.split_at(4 * N_FLIPSLICE_CLASSES);
    let (m, t) = rest.split_at(2 * N_FLIPSLICE_CLASSES);
    let s = FlipSliceSym {
        raw_to_sym: u32s(a),
        class_rep: u32s(r),
        self_sym: u16s(m),
        twist_conj: u16s(t),
    };
    let ok = s
        .raw_to_sym
        .iter()
        .all(|&x| (x >> 4) < N_FLIPSLICE_CLASSES as u32)
        && s.class_rep.iter().all(|&x| x < N_FLIPSLICE as u32)
        && s.twist_conj.iter().all(|&x| (x as usize) < N_TWIST);
    ok.then_some(s)
}

/// Whether the table behaves as a distance table: random states walk down to the
/// subgroup, never below the small tables' bound.
pub fn plausible(full: &Phase1Full, tables: &Tables) -> bool {
    let mut rng = seeded_rng(0x28);
    (0..300).all(|_| {
        let c = CubieCube::random(&mut rng);
        let (t, f, s) = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
        let bound = tables.phase1.distances(t, f, s).into_iter().max().unwrap_or(0);
        full.distance(tables, t, f, s).is_some_and(|d| d >= bound)
    })
}

fn invalid(spec: &TableSpec, cache: &TableCache, reason: &str) -> TableError {
    TableError::Invalid {
        path: cache.path(spec),
        reason: reason.to_string(),
    }
}

/// Loads the table from `cache` without building its entries: `Ok(None)` when the entries
/// or the classes file is missing, an error naming the file when one is present but
/// truncated, corrupt or not a phase-1 table. The closer moves are loaded when stored and
/// valid, otherwise derived from the entries and stored; their file's origin is returned.
pub fn load(cache: &TableCache, tables: &Tables) -> Result<Option<(Phase1Full, Origin)>, TableError> {
    let (ts, ss) = (table_spec(), sym_spec());
    let Some(sym) = cache.load(&ss)? else {
        return Ok(None);
    };
    let Some(data) = cache.load(&ts)? else {
        return Ok(None);
    };
    let sym = sym_from_bytes(sym.bytes()).ok_or_else(|| invalid(&ss, cache, "contents do not decode"))?;
    let full = Phase1Full::from_parts(sym, TableBytes::Cached(data.into_huge_pages()))
        .ok_or_else(|| invalid(&ts, cache, "entry count does not match the classes"))?;
    if !plausible(&full, tables) {
        return Err(invalid(&ts, cache, "not a phase-1 distance table"));
    }
    Ok(Some(attach_down(cache, tables, full)))
}

/// `full` with its closer moves from the cache, or derived and stored when their file is
/// missing or wrong.
fn attach_down(cache: &TableCache, tables: &Tables, full: Phase1Full) -> (Phase1Full, Origin) {
    let spec = down_spec();
    let bad = match cache.load(&spec) {
        Ok(Some(t)) => {
            let bytes = TableBytes::Cached(t.into_huge_pages());
            match DownMoves::from_bytes(&full, &tables.twist_move, bytes) {
                Some(d) => return (full.with_down(d), Origin::Loaded),
                None => Some(String::from("the closer moves do not match the phase-1 table")),
            }
        }
        Ok(None) => None,
        Err(e) => Some(e.to_string()),
    };
    let bytes = DownMoves::derive(&full, &tables.twist_move);
    let origin = store(cache, &spec, &bytes, bad.map(|r| (cache.path(&spec), r)).as_ref());
    (full.with_down(DownMoves::from_owned(bytes)), origin)
}

/// Stores one file; its origin: built, rebuilt (when `bad` names this file and why it was
/// refused) or unsaved (an I/O error, the table kept in memory).
fn store(cache: &TableCache, spec: &TableSpec, bytes: &[u8], bad: Option<&(PathBuf, String)>) -> Origin {
    match cache.store(spec, bytes) {
        Ok(path) => match bad {
            Some((p, r)) if *p == path => Origin::Rebuilt(r.clone()),
            _ => Origin::Built,
        },
        Err(TableError::Io { path, source }) => Origin::Unsaved(format!(
            "not stored ({}: {source}); using the table built in memory",
            path.display()
        )),
        Err(e) => Origin::Unsaved(format!("not stored ({e}); using the table built in memory")),
    }
}

/// The paths of the three files.
pub fn paths(cache: &TableCache) -> [PathBuf; 3] {
    [
        cache.path(&table_spec()),
        cache.path(&sym_spec()),
        cache.path(&down_spec()),
    ]
}

/// Loads the table from `cache`, or builds it (on all cores, a progress bar with
/// `progress`) and stores it when a file is missing or invalid. Returns the origins of the
/// three files (entries, classes, closer moves).
pub fn load_or_build(
    cache: &TableCache,
    tables: &Tables,
    progress: bool,
) -> Result<(Phase1Full, [Origin; 3]), TableError> {
    // The file found wrong and why.
    let bad = match load(cache, tables) {
        Ok(Some((full, down))) => return Ok((full, [Origin::Loaded, Origin::Loaded, down])),
        Ok(None) => None,
        Err(TableError::Invalid { path, reason }) => Some((path, reason)),
        Err(TableError::Io { path, source }) => Some((path, source.to_string())),
        Err(e) => return Err(e),
    };
    if progress {
        eprintln!(
            "building table {} ({}, about 8 s on two cores)",
            table_spec().name,
            twisty_search::file::human_bytes(table_spec().data_len() + SYM_BYTES + down_spec().data_len())
        );
    }
    let (full, _) = Phase1Full::build(tables, progress);
    let down = full.down.as_ref().map_or(&[][..], DownMoves::raw_bytes);
    let origins = [
        store(cache, &table_spec(), full.raw(), bad.as_ref()),
        store(cache, &sym_spec(), &sym_to_bytes(&full.sym), bad.as_ref()),
        store(cache, &down_spec(), down, bad.as_ref()),
    ];
    Ok((full, origins))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flipslice_classes_round_trip_and_refuse_bad_bytes() {
        let s = FlipSliceSym::build();
        let b = sym_to_bytes(&s);
        assert_eq!(b.len() as u64, SYM_BYTES);
        assert_eq!(sym_from_bytes(&b).as_ref(), Some(&s));
        assert!(sym_from_bytes(&b[..b.len() - 1]).is_none());
        let mut bad = b.clone();
        // The first class-and-symmetry value, far out of range.
        bad[3] = 0xff;
        assert!(sym_from_bytes(&bad).is_none());
    }
}
