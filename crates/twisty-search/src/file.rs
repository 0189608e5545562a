//! The one table-file format, and the table cache.
//!
//! A file is a 128-byte header followed by the table data:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `TWISTYTB` |
//! | 8..12 | format version (little-endian u32) |
//! | 12..16 | entry width in bits |
//! | 16..24 | entry count |
//! | 24..32 | data length in bytes |
//! | 32..40 | xxh3-64 checksum of the data |
//! | 40..104 | table name (`puzzle/kind/parameters`), UTF-8, zero-padded |
//! | 104..128 | reserved, zero |
//!
//! The cache writes a table to a temporary file in the same directory, syncs it and renames
//! it into place, so a reader never sees a partial file. On load the header must match the
//! expected [`TableSpec`] exactly, the length must match and the checksum must verify; any
//! failure is reported with the reason and the table is rebuilt, never trusted. A path that
//! is not a regular file (a directory, a device, a FIFO) is refused without being read. The
//! full checksum runs once per file identity (size, times, inode): a `.<file>.verified`
//! record beside the table remembers it, so later starts check only the header and size;
//! `verify_file` always checks everything. A cache that cannot be written still serves the
//! table built in memory ([`Origin::Unsaved`]).
//!
//! A table file truncated in place by someone else while it is mapped does not kill the
//! process: the pages past its new end read as zeros (an admissible bound; every answer is
//! verified) and the table reports [`TableError::ChangedOnDisk`] from [`Table::check`]; the
//! engine fails the solve with that error and loads the file again on the next one. See
//! [`mapped`] for the design.

mod cache;
mod checks;
mod huge;
pub mod mapped;
pub mod memory;

pub use cache::{default_dir, Origin, TableCache};
pub use mapped::{damaged_mappings, mapping_generation, GuardedMap};
pub use memory::{MemoryStore, TableSource};

use memmap2::{Mmap, MmapMut};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;
use xxhash_rust::xxh3::xxh3_64;

/// File magic.
pub const MAGIC: &[u8; 8] = b"TWISTYTB";
/// Current format version.
pub const VERSION: u32 = 1;
/// Header size in bytes.
pub const HEADER_LEN: usize = 128;
const NAME_LEN: usize = 64;

/// What a table is: its name (unique in the cache), entry width and count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSpec {
    /// `puzzle/kind/parameters`, at most 64 bytes, e.g. `2x2x2/distance/htm`.
    pub name: String,
    /// Entry width in bits (2, 4 or 8).
    pub entry_bits: u32,
    /// Number of entries.
    pub entries: u64,
}

impl TableSpec {
    /// Bytes of data the table holds (`u64::MAX` when that overflows; see
    /// [`TableSpec::checked_data_len`]).
    pub fn data_len(&self) -> u64 {
        self.checked_data_len().unwrap_or(u64::MAX)
    }

    /// Bytes of data the table holds, `None` when entries × width overflows.
    pub fn checked_data_len(&self) -> Option<u64> {
        self.entries
            .checked_mul(u64::from(self.entry_bits))
            .map(|bits| bits.div_ceil(8))
    }

    /// The file name in the cache: the name with `/` replaced by `-`, plus `.tbl`.
    pub fn file_name(&self) -> String {
        format!("{}.tbl", self.name.replace(['/', ' '], "-"))
    }
}

/// Table errors.
#[derive(Debug, Error)]
pub enum TableError {
    /// An I/O failure on a named file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file that is not a valid table of the expected kind.
    #[error("{path}: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The table would exceed the memory cap.
    #[error("table {name} needs {}, over the memory cap of {} (--max-memory, max_memory= or $TWISTY_MAX_MEMORY)", human_bytes(*.needed), human_bytes(*.cap))]
    OverMemory {
        /// Table name.
        name: String,
        /// Bytes needed (with the tables already loaded).
        needed: u64,
        /// The cap.
        cap: u64,
    },
    /// A table name that does not fit the header.
    #[error("table name `{0}` is longer than 64 bytes")]
    NameTooLong(String),
    /// A mapped table file shrank while in use: the data past its new end read as zeros.
    #[error(
        "{path}: the table file changed on disk while in use (it was truncated); run `twisty tables verify`"
    )]
    ChangedOnDisk {
        /// The file.
        path: PathBuf,
    },
    /// The builder produced data of the wrong length.
    #[error("table {name}: the builder produced {got} bytes, expected {expected}")]
    BadBuild {
        /// Table name.
        name: String,
        /// Bytes produced.
        got: u64,
        /// Bytes expected.
        expected: u64,
    },
}

/// Formats a byte count as KiB/MiB/GiB.
pub fn human_bytes(n: u64) -> String {
    let f = n as f64;
    if f >= (1u64 << 30) as f64 {
        format!("{:.1} GiB", f / (1u64 << 30) as f64)
    } else if f >= (1u64 << 20) as f64 {
        format!("{:.1} MiB", f / (1u64 << 20) as f64)
    } else if f >= 1024.0 {
        format!("{:.1} KiB", f / 1024.0)
    } else {
        format!("{n} B")
    }
}

/// A parsed header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// Format version.
    pub version: u32,
    /// The spec stored in the file.
    pub spec: TableSpec,
    /// Data length.
    pub data_len: u64,
    /// Checksum of the data.
    pub checksum: u64,
}

fn encode_header(spec: &TableSpec, checksum: u64) -> Result<[u8; HEADER_LEN], TableError> {
    if spec.name.len() > NAME_LEN {
        return Err(TableError::NameTooLong(spec.name.clone()));
    }
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&spec.entry_bits.to_le_bytes());
    h[16..24].copy_from_slice(&spec.entries.to_le_bytes());
    h[24..32].copy_from_slice(&spec.data_len().to_le_bytes());
    h[32..40].copy_from_slice(&checksum.to_le_bytes());
    h[40..40 + spec.name.len()].copy_from_slice(spec.name.as_bytes());
    Ok(h)
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    let mut a = [0u8; 4];
    a.copy_from_slice(&b[i..i + 4]);
    u32::from_le_bytes(a)
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(a)
}

/// Parses a header from the first bytes of a file.
pub fn decode_header(bytes: &[u8]) -> Result<Header, String> {
    if bytes.len() < HEADER_LEN {
        return Err(format!(
            "truncated: {} bytes, shorter than the header",
            bytes.len()
        ));
    }
    if &bytes[0..8] != MAGIC {
        return Err(String::from("not a twisty table (bad magic)"));
    }
    let version = u32_at(bytes, 8);
    let name_bytes = &bytes[40..40 + NAME_LEN];
    let end = name_bytes.iter().position(|&b| b == 0).unwrap_or(NAME_LEN);
    let name =
        std::str::from_utf8(&name_bytes[..end]).map_err(|_| String::from("table name is not UTF-8"))?;
    Ok(Header {
        version,
        spec: TableSpec {
            name: name.to_string(),
            entry_bits: u32_at(bytes, 12),
            entries: u64_at(bytes, 16),
        },
        data_len: u64_at(bytes, 24),
        checksum: u64_at(bytes, 32),
    })
}

/// Table data: memory-mapped from the cache, or owned when just built.
#[derive(Debug)]
pub enum TableData {
    /// Mapped file (data starts after the header), guarded against the file shrinking.
    Mapped(GuardedMap),
    /// Owned bytes.
    Owned(Vec<u8>),
    /// A copy in anonymous memory (advised for huge pages on Linux), the whole map is data.
    Anon(Mmap),
    /// Bytes shared with a cache without a directory ([`MemoryStore`]), the data from the
    /// offset on (past the header of a table file handed in, or 0 for a table built).
    Shared(std::sync::Arc<Vec<u8>>, usize),
}

/// A loaded table.
#[derive(Debug)]
pub struct Table {
    /// Its spec.
    pub spec: TableSpec,
    data: TableData,
}

impl Table {
    /// A table held in memory (e.g. built for a process whose cache is not used); `None`
    /// when `data` is not exactly `spec.data_len()` bytes.
    pub fn from_vec(spec: TableSpec, data: Vec<u8>) -> Option<Table> {
        (data.len() as u64 == spec.data_len()).then_some(Table {
            spec,
            data: TableData::Owned(data),
        })
    }

    /// The table's data bytes.
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            TableData::Mapped(m) => &m[HEADER_LEN..],
            TableData::Owned(v) => v,
            TableData::Anon(m) => m,
            TableData::Shared(v, offset) => &v[*offset..],
        }
    }

    /// The table copied into anonymous memory advised for transparent huge pages (Linux),
    /// so random reads of a big table miss the TLB far less often. The copy is one pass over
    /// the data; the file's page cache it was read from becomes reclaimable. If the memory
    /// cannot be mapped, the table is returned unchanged. A mapped file the kernel already
    /// maps mostly by 2 MiB pages (large page-cache folios) is kept mapped, populated, with
    /// no copy: the copy would buy nothing, and a fresh page zeroed by the kernel for every
    /// byte of it costs up to seconds on a big table.
    pub fn into_huge_pages(self) -> Table {
        self.into_huge_pages_by(64 << 20)
    }

    /// [`Table::into_huge_pages`], copying `chunk` bytes at a time.
    fn into_huge_pages_by(self, chunk: usize) -> Table {
        let len = self.bytes().len();
        if len == 0 {
            return self;
        }
        if let TableData::Mapped(map) = &self.data {
            if huge::held_in_huge_pages(map.mmap()) {
                return self;
            }
        }
        let Ok(mut m) = MmapMut::map_anon(len) else {
            return self;
        };
        // The advice is best effort: without it the copy still works, with small pages.
        #[cfg(target_os = "linux")]
        let _ = m.advise(memmap2::Advice::HugePage);
        // Copied a chunk at a time, the pages of a mapped file dropped from this process as
        // soon as they are copied, so loading several big tables never holds a table twice
        // (the page cache keeps the file's pages, reclaimable).
        let src = self.bytes();
        for start in (0..len).step_by(chunk.max(1)) {
            let end = (start + chunk.max(1)).min(len);
            m[start..end].copy_from_slice(&src[start..end]);
            #[cfg(target_os = "linux")]
            if let TableData::Mapped(map) = &self.data {
                // Page-aligned range of the map (data starts after the header) wholly copied.
                let page = 4096;
                let (a, b) = (
                    (start + HEADER_LEN).div_ceil(page) * page,
                    (end + HEADER_LEN) / page * page,
                );
                if b > a {
                    // SAFETY: a read-only shared mapping of a file the cache never modifies in
                    // place: MADV_DONTNEED only drops the pages from this process, and a later
                    // read faults the same bytes in again from the file (or, if someone else
                    // truncated it, zeros: see `mapped`), so `src` stays readable.
                    #[allow(unsafe_code)]
                    let _ = unsafe {
                        map.mmap()
                            .unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, a, b - a)
                    };
                }
            }
        }
        // A file that shrank during the copy: the copy holds zeros, the mapping says so.
        if self.check().is_err() {
            return self;
        }
        match m.make_read_only() {
            Ok(ro) => Table {
                spec: self.spec,
                data: TableData::Anon(ro),
            },
            Err(_) => self,
        }
    }

    /// Whether the data is a mapped file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.data, TableData::Mapped(_))
    }

    /// The file the data is mapped from, if it is.
    pub fn path(&self) -> Option<&Path> {
        match &self.data {
            TableData::Mapped(m) => Some(m.path()),
            _ => None,
        }
    }

    /// [`TableError::ChangedOnDisk`] when the table is mapped from a file that was truncated
    /// while in use (the data past its new end read as zeros).
    pub fn check(&self) -> Result<(), TableError> {
        match &self.data {
            TableData::Mapped(m) if m.damaged() => Err(TableError::ChangedOnDisk {
                path: m.path().to_path_buf(),
            }),
            _ => Ok(()),
        }
    }
}

/// A table being built with atomic 64-bit words in anonymous memory advised for
/// transparent huge pages (Linux), so random updates of a big table miss the TLB far less
/// often; [`AtomicTable::into_table`] turns it into the finished [`Table`] without a copy.
#[derive(Debug)]
pub struct AtomicTable {
    map: MmapMut,
    words: usize,
}

impl AtomicTable {
    /// `words` words (`8 · words` bytes), each set to `fill`; `None` if the memory cannot
    /// be mapped.
    pub fn new(words: usize, fill: u64) -> Option<AtomicTable> {
        let mut map = MmapMut::map_anon(words.checked_mul(8)?.max(8)).ok()?;
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        if fill != 0 {
            let b = fill.to_le_bytes();
            for c in map.chunks_exact_mut(8) {
                c.copy_from_slice(&b);
            }
        }
        Some(AtomicTable { map, words })
    }

    /// The words.
    pub fn words(&self) -> &[std::sync::atomic::AtomicU64] {
        let p = self.map.as_ptr().cast::<std::sync::atomic::AtomicU64>();
        // SAFETY: the map is page-aligned (so 8-aligned) and holds at least `8 · words`
        // bytes; `AtomicU64` has the size, alignment and bit validity of `u64`, and every
        // byte pattern is a valid `u64`. While this shared borrow lives the map is only
        // reached through it (`into_table` takes `self` by value), and every write goes
        // through the atomics.
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts(p, self.words)
        }
    }

    /// The finished table: the words' little-endian bytes (the first `spec.data_len()`
    /// bytes of the map). `None` if the map is shorter than the spec or cannot be made
    /// read-only.
    pub fn into_table(self, spec: &TableSpec) -> Option<Table> {
        if (self.map.len() as u64) < spec.data_len() || spec.data_len() != self.words as u64 * 8 {
            return None;
        }
        #[cfg(target_endian = "big")]
        let mut map = self.map;
        #[cfg(target_endian = "big")]
        for c in map.chunks_exact_mut(8) {
            c.reverse();
        }
        #[cfg(target_endian = "little")]
        let map = self.map;
        let ro = map.make_read_only().ok()?;
        Some(Table {
            spec: spec.clone(),
            data: TableData::Anon(ro),
        })
    }
}

#[cfg(test)]
mod tests;
