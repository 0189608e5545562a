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

mod checks;

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
    #[error("table {name} needs {}, over the --max-memory cap of {}", human_bytes(*.needed), human_bytes(*.cap))]
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
    /// Mapped file (data starts after the header).
    Mapped(Mmap),
    /// Owned bytes.
    Owned(Vec<u8>),
    /// A copy in anonymous memory (advised for huge pages on Linux), the whole map is data.
    Anon(Mmap),
}

/// A loaded table.
#[derive(Debug)]
pub struct Table {
    /// Its spec.
    pub spec: TableSpec,
    data: TableData,
}

impl Table {
    /// The table's data bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            TableData::Mapped(m) => &m[HEADER_LEN..],
            TableData::Owned(v) => v,
            TableData::Anon(m) => m,
        }
    }

    /// The table copied into anonymous memory advised for transparent huge pages (Linux),
    /// so random reads of a big table miss the TLB far less often. The copy is one pass over
    /// the data; the file's page cache it was read from becomes reclaimable. If the memory
    /// cannot be mapped, the table is returned unchanged.
    pub fn into_huge_pages(self) -> Table {
        self.into_huge_pages_by(64 << 20)
    }

    /// [`Table::into_huge_pages`], copying `chunk` bytes at a time.
    fn into_huge_pages_by(self, chunk: usize) -> Table {
        let len = self.bytes().len();
        if len == 0 {
            return self;
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
                    // SAFETY: a read-only shared mapping of a file that is never modified in
                    // place: MADV_DONTNEED only drops the pages from this process, and a later
                    // read faults the same bytes in again from the file, so what `src` sees
                    // does not change.
                    #[allow(unsafe_code)]
                    let _ =
                        unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, a, b - a) };
                }
            }
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

/// How a table was obtained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Loaded from a valid file.
    Loaded,
    /// Built because no file existed.
    Built,
    /// Built because the file was invalid (the reason is given).
    Rebuilt(String),
    /// Built (or rebuilt) and used from memory only: the cache could not store it (the
    /// reason is given, for one warning); the next run builds it again.
    Unsaved(String),
}

/// Checks a header's own consistency: version, entry width, and sizes without overflow.
fn check_header(h: &Header) -> Result<u64, String> {
    if h.version != VERSION {
        return Err(format!("format version {} (expected {VERSION})", h.version));
    }
    if !(1..=64).contains(&h.spec.entry_bits) {
        return Err(format!(
            "entry width of {} bits (expected 1 to 64)",
            h.spec.entry_bits
        ));
    }
    let Some(len) = h.spec.checked_data_len() else {
        return Err(format!(
            "header claims {} entries of {} bits, more than a file can hold",
            h.spec.entries, h.spec.entry_bits
        ));
    };
    if h.data_len != len {
        return Err(format!(
            "header claims {} data bytes, but {} entries of {} bits take {len}",
            h.data_len, h.spec.entries, h.spec.entry_bits
        ));
    }
    Ok(len)
}

/// The table cache: a directory of table files.
#[derive(Debug, Clone)]
pub struct TableCache {
    dir: PathBuf,
    max_memory: Option<u64>,
}

/// The default cache directory: `<user cache dir>/twisty`.
pub fn default_dir() -> PathBuf {
    dirs::cache_dir()
        .map(|d| d.join("twisty"))
        .unwrap_or_else(|| PathBuf::from("twisty-tables"))
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> TableError + '_ {
    move |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl TableCache {
    /// A cache in `dir` (created when a table is first written).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        TableCache {
            dir: dir.into(),
            max_memory: None,
        }
    }

    /// Refuses to build or load a table larger than `bytes`.
    pub fn with_max_memory(mut self, bytes: Option<u64>) -> Self {
        self.max_memory = bytes;
        self
    }

    /// The memory cap, if any.
    pub fn max_memory(&self) -> Option<u64> {
        self.max_memory
    }

    /// The cache directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path a table is stored at.
    pub fn path(&self, spec: &TableSpec) -> PathBuf {
        self.dir.join(spec.file_name())
    }

    fn check_memory(&self, spec: &TableSpec) -> Result<(), TableError> {
        if let Some(cap) = self.max_memory {
            if spec.data_len() > cap {
                return Err(TableError::OverMemory {
                    name: spec.name.clone(),
                    needed: spec.data_len(),
                    cap,
                });
            }
        }
        Ok(())
    }

    /// Loads a valid table file for `spec`: `Ok(None)` when there is none, `Err(reason)`
    /// (as a string) when a file exists but is invalid.
    pub fn load(&self, spec: &TableSpec) -> Result<Option<Table>, TableError> {
        self.check_memory(spec)?;
        let path = self.path(spec);
        let Some((file, meta)) = checks::open_regular(&path)? else {
            return Ok(None);
        };
        // SAFETY: the file lives in the private cache directory and is only ever replaced by
        // an atomic rename, never modified in place; it is a regular file (checked above),
        // its contents are validated below (header, size, and the checksum or a record of
        // it for this exact file identity) before use, and the map is read-only.
        #[allow(unsafe_code)]
        let map = unsafe { Mmap::map(&file) }.map_err(io(&path))?;
        let invalid = |reason: String| TableError::Invalid {
            path: path.clone(),
            reason,
        };
        let header = decode_header(&map).map_err(invalid)?;
        if header.version != VERSION {
            return Err(invalid(format!(
                "format version {} (expected {VERSION})",
                header.version
            )));
        }
        if header.spec != *spec {
            return Err(invalid(format!(
                "holds {} ({}-bit × {}), expected {} ({}-bit × {})",
                header.spec.name,
                header.spec.entry_bits,
                header.spec.entries,
                spec.name,
                spec.entry_bits,
                spec.entries
            )));
        }
        let expected = check_header(&header).map_err(invalid)?;
        let actual = map.len() as u64 - HEADER_LEN as u64;
        if actual != expected {
            return Err(invalid(format!(
                "truncated or padded: {actual} data bytes, expected {expected}"
            )));
        }
        if !checks::was_verified(&path, &meta, header.checksum) {
            if xxh3_64(&map[HEADER_LEN..]) != header.checksum {
                return Err(invalid(String::from("checksum mismatch (corrupt data)")));
            }
            checks::remember_verified(&path, &meta, header.checksum);
        }
        Ok(Some(Table {
            spec: spec.clone(),
            data: TableData::Mapped(map),
        }))
    }

    /// Writes `data` as the table `spec`, atomically.
    pub fn store(&self, spec: &TableSpec, data: &[u8]) -> Result<PathBuf, TableError> {
        if data.len() as u64 != spec.data_len() {
            return Err(TableError::BadBuild {
                name: spec.name.clone(),
                got: data.len() as u64,
                expected: spec.data_len(),
            });
        }
        let checksum = xxh3_64(data);
        let header = encode_header(spec, checksum)?;
        fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        let path = self.path(spec);
        checks::remove_stale_temporaries(&self.dir, &spec.file_name());
        let tmp = self
            .dir
            .join(format!(".{}.{}.tmp", spec.file_name(), std::process::id()));
        let write = || -> std::io::Result<()> {
            let mut f = File::create(&tmp)?;
            f.write_all(&header)?;
            f.write_all(data)?;
            f.sync_all()?;
            fs::rename(&tmp, &path)
        };
        write().map_err(|e| {
            let _ = fs::remove_file(&tmp);
            io(&path)(e)
        })?;
        // The bytes just written are the checksummed ones: record them as verified.
        if let Ok(meta) = fs::metadata(&path) {
            checks::remember_verified(&path, &meta, checksum);
        }
        Ok(path)
    }

    /// Loads the table, or builds it with `build` (which must return exactly
    /// `spec.data_len()` bytes) and stores it. An invalid file is rebuilt and the reason
    /// returned in [`Origin::Rebuilt`]. When the built table cannot be stored (a read-only
    /// cache, a directory in the table's place), it is returned from memory with the reason
    /// in [`Origin::Unsaved`].
    pub fn get_or_build(
        &self,
        spec: &TableSpec,
        build: impl FnOnce() -> Vec<u8>,
    ) -> Result<(Table, Origin), TableError> {
        // The freshly built bytes are used directly; the next run maps the file.
        self.get_or_build_table(spec, || {
            Ok(Table {
                spec: spec.clone(),
                data: TableData::Owned(build()),
            })
        })
    }

    /// [`TableCache::get_or_build`] for a build that returns the finished [`Table`] (e.g.
    /// from an [`AtomicTable`]), which is stored and used as it is.
    pub fn get_or_build_table(
        &self,
        spec: &TableSpec,
        build: impl FnOnce() -> Result<Table, TableError>,
    ) -> Result<(Table, Origin), TableError> {
        let origin = match self.load(spec) {
            Ok(Some(t)) => return Ok((t, Origin::Loaded)),
            Ok(None) => Origin::Built,
            Err(TableError::Invalid { reason, .. }) => Origin::Rebuilt(reason),
            // An unreadable file (permissions, I/O): built again, the reason reported.
            Err(e @ TableError::Io { .. }) => Origin::Rebuilt(e.to_string()),
            Err(e) => return Err(e),
        };
        self.check_memory(spec)?;
        let table = build()?;
        let origin = match self.store(spec, table.bytes()) {
            Ok(_) => origin,
            Err(TableError::Io { path, source }) => {
                let why = match origin {
                    Origin::Rebuilt(reason) => format!("{reason}; rebuilt, "),
                    _ => String::new(),
                };
                Origin::Unsaved(format!(
                    "{why}not stored ({}: {source}); using the table built in memory",
                    path.display()
                ))
            }
            Err(e) => return Err(e),
        };
        Ok((table, origin))
    }

    /// Every table file in the cache with its header, or the reason it is unreadable; a
    /// partial file left by an interrupted build is listed with that reason.
    pub fn list(&self) -> Vec<(PathBuf, Result<Header, String>)> {
        let mut out = Vec::new();
        let Ok(rd) = fs::read_dir(&self.dir) else {
            return out;
        };
        for e in rd.flatten() {
            let p = e.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if checks::is_temporary(name) {
                out.push((
                    p,
                    Err(String::from(
                        "partial file of an interrupted build (removed by the next build or by clean)",
                    )),
                ));
            } else if p.extension().is_some_and(|x| x == "tbl") {
                let h = match checks::open_regular(&p) {
                    Ok(Some((mut f, _))) => {
                        let mut b = [0u8; HEADER_LEN];
                        std::io::Read::read_exact(&mut f, &mut b)
                            .map_err(|e| e.to_string())
                            .and_then(|_| decode_header(&b))
                    }
                    Ok(None) => Err(String::from("dangling link")),
                    Err(TableError::Invalid { reason, .. }) => Err(reason),
                    Err(e) => Err(e.to_string()),
                };
                out.push((p, h));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Checks one file completely: a regular file, its header (version, width, sizes, and
    /// a name that matches the file's own name), its length and its full checksum.
    pub fn verify_file(&self, path: &Path) -> Result<Header, String> {
        let reason = |e: TableError| match e {
            TableError::Invalid { reason, .. } => reason,
            e => e.to_string(),
        };
        let (file, _) = checks::open_regular(path)
            .map_err(reason)?
            .ok_or_else(|| String::from("no such file"))?;
        // SAFETY: as in `load`: a regular, read-only mapped file of the cache, only read.
        #[allow(unsafe_code)]
        let map = unsafe { Mmap::map(&file) }.map_err(|e| e.to_string())?;
        let h = decode_header(&map)?;
        let expected = check_header(&h)?;
        let own = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if h.spec.file_name() != own {
            return Err(format!(
                "holds {}, whose file name is {}, not {own}",
                h.spec.name,
                h.spec.file_name()
            ));
        }
        let actual = map.len() as u64 - HEADER_LEN as u64;
        if actual != expected {
            return Err(format!(
                "truncated or padded: {actual} data bytes, expected {expected}"
            ));
        }
        if xxh3_64(&map[HEADER_LEN..]) != h.checksum {
            return Err(String::from("checksum mismatch (corrupt data)"));
        }
        Ok(h)
    }

    /// Deletes every table file and leftover temporary file (and the verification records);
    /// returns how many tables and temporary files.
    pub fn clean(&self) -> Result<usize, TableError> {
        let mut n = 0;
        let Ok(rd) = fs::read_dir(&self.dir) else {
            return Ok(0);
        };
        for e in rd.flatten() {
            let p = e.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with('.') && name.ends_with(".tbl.verified") {
                // A verification record goes with its table (not counted).
                fs::remove_file(&p).map_err(io(&p))?;
            } else if name.ends_with(".tbl") || (name.starts_with('.') && name.ends_with(".tmp")) {
                fs::remove_file(&p).map_err(io(&p))?;
                n += 1;
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests;
