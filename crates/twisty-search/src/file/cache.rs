//! The table cache: tables loaded from (or built into) one directory, written atomically,
//! verified once per file identity.

use super::*;

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
pub(super) fn check_header(h: &Header) -> Result<u64, String> {
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
    /// The tables of a cache without a directory (unused with one).
    memory: std::sync::Arc<MemoryStore>,
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
    /// A cache in `dir` (created when a table is first written). An empty `dir` is no
    /// directory at all, as [`TableCache::in_memory`].
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        TableCache {
            dir: dir.into(),
            max_memory: None,
            memory: Default::default(),
        }
    }

    /// A cache without a directory (WebAssembly, where no file can be written): every table
    /// is built in memory when first asked for, and no warning is given about it
    /// ([`Origin::Built`], never [`Origin::Unsaved`]); nothing is read or written, except
    /// through its [`MemoryStore`] ([`TableCache::memory`]): table files handed in before
    /// a solve, or read from its [`TableSource`], are loaded from there (checked as files
    /// are), and tables built can be handed out.
    pub fn in_memory() -> Self {
        TableCache::new(PathBuf::new())
    }

    /// Whether the cache has no directory ([`TableCache::in_memory`]).
    pub fn is_in_memory(&self) -> bool {
        self.dir.as_os_str().is_empty()
    }

    /// Whether the table of `spec` is stored in the cache (in memory: handed in to its
    /// [`MemoryStore`] or kept by the store's source, and not yet used).
    pub fn has_file(&self, spec: &TableSpec) -> bool {
        if self.is_in_memory() {
            return self.memory.has(spec);
        }
        self.path(spec).is_file()
    }

    /// The tables of a cache without a directory: files handed in, tables built (shared by
    /// every clone of this cache; unused by a cache with a directory).
    pub fn memory(&self) -> &MemoryStore {
        &self.memory
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
        if self.is_in_memory() {
            return self.memory.load(spec);
        }
        let path = self.path(spec);
        let Some((file, meta)) = checks::open_regular(&path)? else {
            return Ok(None);
        };
        // SAFETY: the file lives in the private cache directory and the cache only ever
        // replaces it by an atomic rename, never modifies it in place; it is a regular file
        // (checked above), its contents are validated below (header, size, and the checksum
        // or a record of it for this exact file identity) before use, and the map is
        // read-only. Someone else truncating it reads as zeros, reported by the map.
        #[allow(unsafe_code)]
        let map = unsafe { GuardedMap::map(&file, &path) }.map_err(io(&path))?;
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
        if map.damaged() {
            return Err(invalid(String::from("truncated while being read")));
        }
        Ok(Some(Table {
            spec: spec.clone(),
            data: TableData::Mapped(map),
        }))
    }

    /// Writes `data` as the table `spec`, atomically (refused with an I/O error by a cache
    /// without a directory).
    pub fn store(&self, spec: &TableSpec, data: &[u8]) -> Result<PathBuf, TableError> {
        if data.len() as u64 != spec.data_len() {
            return Err(TableError::BadBuild {
                name: spec.name.clone(),
                got: data.len() as u64,
                expected: spec.data_len(),
            });
        }
        if self.is_in_memory() {
            return Err(TableError::Io {
                path: PathBuf::from(spec.file_name()),
                source: std::io::Error::other("the table cache has no directory"),
            });
        }
        let checksum = xxh3_64(data);
        let header = encode_header(spec, checksum)?;
        fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        let path = self.path(spec);
        checks::remove_stale_temporaries(&self.dir, &spec.file_name());
        let tmp = self.dir.join(checks::temporary_name(&spec.file_name()));
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
        if self.is_in_memory() {
            return Ok((self.memory.built(table), origin));
        }
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
        let map = unsafe { GuardedMap::map(&file, path) }.map_err(|e| e.to_string())?;
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
        let sum = xxh3_64(&map[HEADER_LEN..]);
        if map.damaged() {
            return Err(String::from("truncated while being verified"));
        }
        if sum != h.checksum {
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
