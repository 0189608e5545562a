//! The tables of a cache without a directory (WebAssembly): built in memory, handed out as
//! table files after a build ([`MemoryStore::export`]) and taken back in before a solve
//! ([`MemoryStore::import`], or read on demand from a [`TableSource`]), so a front end can
//! keep them in storage of its own (a browser's IndexedDB) across runs.
//!
//! A table handed in is a whole table file (header and data, the format of [`super`]) and is
//! checked as a file on disk is: the header's own consistency, the length and the full
//! checksum when it is handed in, and the header's table (name, width, entries) against the
//! table a solver asks for when it is used. One that fails is refused with the reason and
//! the table is built again, never trusted.

use super::*;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, Weak};

/// Storage outside the process that keeps table files for a cache without a directory (a
/// browser's IndexedDB): asked by file name, synchronously, when a solver needs a table the
/// cache does not hold.
pub trait TableSource: Send + Sync {
    /// Whether a file of this name is kept (cheap: no data read).
    fn has(&self, file_name: &str) -> bool;
    /// The whole file (header and data), or `None` when it is not kept or cannot be read.
    fn read(&self, file_name: &str) -> Option<Vec<u8>>;
}

/// How a table held in memory was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// Built in this process.
    Built,
    /// From a table file handed in or read from the [`TableSource`].
    Loaded,
    /// Handed in and checked, not yet asked for by a solver.
    Imported,
}

impl Held {
    /// `built`, `loaded` or `imported`.
    pub fn as_str(self) -> &'static str {
        match self {
            Held::Built => "built",
            Held::Loaded => "loaded",
            Held::Imported => "imported",
        }
    }
}

/// A table of the store, as [`MemoryStore::list`] gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldTable {
    /// The file name (as in a cache directory).
    pub file_name: String,
    /// The table's spec.
    pub spec: TableSpec,
    /// How it was obtained.
    pub how: Held,
}

/// A table file handed out by [`MemoryStore::export`]: the header, then the data (shared
/// with the solver that holds the table, not copied).
#[derive(Debug, Clone)]
pub struct Exported {
    /// The file's header (with the data's checksum).
    pub header: [u8; HEADER_LEN],
    buf: Arc<Vec<u8>>,
    offset: usize,
}

impl Exported {
    /// The file's data, after the header.
    pub fn data(&self) -> &[u8] {
        &self.buf[self.offset..]
    }

    /// The file's length in bytes (header and data).
    pub fn len(&self) -> usize {
        HEADER_LEN + self.data().len()
    }

    /// Whether the file is empty (never: it has a header).
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// A table in use: a weak reference to the solver's copy, so the store keeps no table alive,
/// except a table built and not yet handed out (a solver may turn a table into structures of
/// its own and drop it): that one is held until [`MemoryStore::export`] hands it out or the
/// next [`MemoryStore::take_built`] after the one that named it.
struct InUse {
    spec: TableSpec,
    how: Held,
    buf: Weak<Vec<u8>>,
    pinned: Option<Arc<Vec<u8>>>,
    offset: usize,
    /// Known when it came from a file; computed on export for a built one.
    checksum: Option<u64>,
}

#[derive(Default)]
struct Inner {
    /// Files handed in (checked), not yet used, by file name: (spec, whole file).
    imported: BTreeMap<String, (TableSpec, Vec<u8>)>,
    /// Tables in use, by file name.
    in_use: BTreeMap<String, InUse>,
    /// File names of the tables built since [`MemoryStore::take_built`] last ran.
    fresh: Vec<String>,
    source: Option<Arc<dyn TableSource>>,
}

/// The tables of a cache without a directory (see the module's documentation); shared by
/// every clone of the cache.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = self.lock();
        f.debug_struct("MemoryStore")
            .field("imported", &inner.imported.keys().collect::<Vec<_>>())
            .field("in_use", &inner.in_use.keys().collect::<Vec<_>>())
            .field("source", &inner.source.is_some())
            .finish()
    }
}

/// Checks a whole table file: the header's consistency, the length, the checksum.
pub fn check_file(file: &[u8]) -> Result<Header, String> {
    let header = decode_header(file)?;
    let expected = super::cache::check_header(&header)?;
    let actual = file.len() as u64 - HEADER_LEN as u64;
    if actual != expected {
        return Err(format!(
            "truncated or padded: {actual} data bytes, expected {expected}"
        ));
    }
    if xxh3_64(&file[HEADER_LEN..]) != header.checksum {
        return Err(String::from("checksum mismatch (corrupt data)"));
    }
    Ok(header)
}

/// `reason` for the table file `file_name`, as the cache reports an invalid file.
fn invalid(file_name: &str, reason: String) -> TableError {
    TableError::Invalid {
        path: PathBuf::from(file_name),
        reason,
    }
}

impl MemoryStore {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads the tables the store does not hold from `source` from now on (`None`: no
    /// source).
    pub fn set_source(&self, source: Option<Arc<dyn TableSource>>) {
        self.lock().source = source;
    }

    /// Takes in a whole table file (header and data) for a later solve, after checking it
    /// completely (header, length, checksum); returns its header. Refused with the reason
    /// when it is not a valid table file. A table already in use is left as it is.
    pub fn import(&self, file: Vec<u8>) -> Result<Header, String> {
        let header = check_file(&file)?;
        let name = header.spec.file_name();
        let mut inner = self.lock();
        let live = inner.in_use.get(&name).is_some_and(|t| t.buf.strong_count() > 0);
        if !live {
            inner.imported.insert(name, (header.spec.clone(), file));
        }
        Ok(header)
    }

    /// Whether the table of `spec` can be loaded: handed in, or kept by the source.
    pub fn has(&self, spec: &TableSpec) -> bool {
        let name = spec.file_name();
        let inner = self.lock();
        inner.imported.contains_key(&name) || inner.source.as_ref().is_some_and(|s| s.has(&name))
    }

    /// The table of `spec` from a file handed in or read from the source: `Ok(None)` when
    /// there is none, an [`TableError::Invalid`] error when the file is not a valid table of
    /// `spec` (it is dropped).
    pub(super) fn load(&self, spec: &TableSpec) -> Result<Option<Table>, TableError> {
        let name = spec.file_name();
        let (imported, source) = {
            let mut inner = self.lock();
            (inner.imported.remove(&name), inner.source.clone())
        };
        let (held_spec, file) = match imported {
            Some(f) => f,
            None => {
                let Some(file) = source.filter(|s| s.has(&name)).and_then(|s| s.read(&name)) else {
                    return Ok(None);
                };
                let header = check_file(&file).map_err(|r| invalid(&name, r))?;
                (header.spec, file)
            }
        };
        if held_spec != *spec {
            return Err(invalid(
                &name,
                format!(
                    "holds {} ({}-bit × {}), expected {} ({}-bit × {})",
                    held_spec.name,
                    held_spec.entry_bits,
                    held_spec.entries,
                    spec.name,
                    spec.entry_bits,
                    spec.entries
                ),
            ));
        }
        let checksum = decode_header(&file).ok().map(|h| h.checksum);
        let buf = Arc::new(file);
        self.lock().in_use.insert(
            name,
            InUse {
                spec: spec.clone(),
                how: Held::Loaded,
                buf: Arc::downgrade(&buf),
                pinned: None,
                offset: HEADER_LEN,
                checksum,
            },
        );
        Ok(Some(Table {
            spec: spec.clone(),
            data: TableData::Shared(buf, HEADER_LEN),
        }))
    }

    /// Records a table just built, for [`MemoryStore::export`]; returns it with its data
    /// shared with the store (the store keeps only a weak reference).
    pub(super) fn built(&self, table: Table) -> Table {
        let spec = table.spec.clone();
        let (buf, offset) = match table.data {
            TableData::Shared(buf, offset) => (buf, offset),
            TableData::Owned(v) => (Arc::new(v), 0),
            other => {
                let t = Table {
                    spec: spec.clone(),
                    data: other,
                };
                (Arc::new(t.bytes().to_vec()), 0)
            }
        };
        let name = spec.file_name();
        let mut inner = self.lock();
        inner.in_use.insert(
            name.clone(),
            InUse {
                spec: spec.clone(),
                how: Held::Built,
                buf: Arc::downgrade(&buf),
                pinned: Some(buf.clone()),
                offset,
                checksum: None,
            },
        );
        inner.fresh.retain(|n| *n != name);
        inner.fresh.push(name);
        Table {
            spec,
            data: TableData::Shared(buf, offset),
        }
    }

    /// The file names of the tables built since the last call (each once), for a front end
    /// to export and keep; each is held for [`MemoryStore::export`] until the next call.
    pub fn take_built(&self) -> Vec<String> {
        let mut inner = self.lock();
        let fresh = std::mem::take(&mut inner.fresh);
        for (name, t) in inner.in_use.iter_mut() {
            if !fresh.contains(name) {
                t.pinned = None;
            }
        }
        fresh
    }

    /// The table file of the table `file_name` in use (built or loaded), for a front end to
    /// keep: its header (with the checksum of the data) and its data, not copied. Refused
    /// when no solver holds such a table (and it is not a table built and held for export).
    pub fn export(&self, file_name: &str) -> Result<Exported, String> {
        let mut inner = self.lock();
        let Some(t) = inner.in_use.get_mut(file_name) else {
            return Err(format!("no table {file_name} is held in memory"));
        };
        let Some(buf) = t.buf.upgrade() else {
            return Err(format!("the table {file_name} is no longer held in memory"));
        };
        let checksum = match t.checksum {
            Some(c) => c,
            None => {
                let c = xxh3_64(&buf[t.offset..]);
                t.checksum = Some(c);
                c
            }
        };
        let header = encode_header(&t.spec, checksum).map_err(|e| e.to_string())?;
        // Handed out: from now on the solver's copy, if it kept one, is the only one.
        t.pinned = None;
        Ok(Exported {
            header,
            offset: t.offset,
            buf,
        })
    }

    /// The tables held: in use (built or loaded) and handed in but not yet used.
    pub fn list(&self) -> Vec<HeldTable> {
        let inner = self.lock();
        let mut out: Vec<HeldTable> = inner
            .in_use
            .iter()
            .filter(|(_, t)| t.buf.strong_count() > 0)
            .map(|(n, t)| HeldTable {
                file_name: n.clone(),
                spec: t.spec.clone(),
                how: t.how,
            })
            .collect();
        out.extend(inner.imported.iter().map(|(n, (spec, _))| HeldTable {
            file_name: n.clone(),
            spec: spec.clone(),
            how: Held::Imported,
        }));
        out.sort_by(|a, b| a.file_name.cmp(&b.file_name));
        out
    }

    /// Drops the files handed in and not yet used; returns how many.
    pub fn forget_imported(&self) -> usize {
        let mut inner = self.lock();
        let n = inner.imported.len();
        inner.imported.clear();
        n
    }
}
