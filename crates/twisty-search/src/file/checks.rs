//! Guards of the table cache: refusing paths that are not regular files (without blocking
//! on a FIFO or reading a device), remembering which files passed a full checksum (by file
//! identity), and finding partial files left by interrupted builds.

use super::{TableError, HEADER_LEN};
use std::fs::{self, File, Metadata};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What kind of non-regular file `meta` describes, for messages.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

fn not_regular(path: &Path, meta: &Metadata) -> TableError {
    TableError::Invalid {
        path: path.to_path_buf(),
        reason: format!("{}, not a table file", kind(meta)),
    }
}

/// Opens `path` for reading only if it is (or links to) a regular file: `Ok(None)` when
/// nothing is there, [`TableError::Invalid`] naming the kind of file otherwise. The type is
/// checked before opening and the file is opened non-blocking, so a FIFO never blocks and a
/// device is never read; the opened file is checked again.
pub(super) fn open_regular(path: &Path) -> Result<Option<(File, Metadata)>, TableError> {
    let io = |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    if !meta.is_file() {
        return Err(not_regular(path, &meta));
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK: opening a FIFO swapped in after the check above returns at once.
        options.custom_flags(0o4000);
    }
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(not_regular(path, &meta));
    }
    if meta.len() < HEADER_LEN as u64 {
        return Err(TableError::Invalid {
            path: path.to_path_buf(),
            reason: format!("truncated: {} bytes, shorter than the header", meta.len()),
        });
    }
    Ok(Some((file, meta)))
}

/// The file's identity: size, modification and change times, inode and device. A file
/// rewritten in any way gets another identity.
fn identity(meta: &Metadata) -> String {
    let nanos = |t: std::io::Result<std::time::SystemTime>| {
        t.ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos())
    };
    #[cfg(unix)]
    let extra = {
        use std::os::unix::fs::MetadataExt;
        format!(
            "{} {} {}.{}",
            meta.ino(),
            meta.dev(),
            meta.ctime(),
            meta.ctime_nsec()
        )
    };
    #[cfg(not(unix))]
    let extra = String::new();
    format!("{} {} {extra}", meta.len(), nanos(meta.modified()))
}

/// The record kept next to a verified table: `.<file name>.verified`.
pub(super) fn sidecar(path: &Path) -> PathBuf {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("table");
    path.with_file_name(format!(".{name}.verified"))
}

fn record(meta: &Metadata, checksum: u64) -> String {
    format!("twisty verified v1 {} {checksum:016x}\n", identity(meta))
}

/// Whether the file with `meta` and header checksum `checksum` passed a full checksum
/// before and is still the same file.
pub(super) fn was_verified(path: &Path, meta: &Metadata, checksum: u64) -> bool {
    fs::read_to_string(sidecar(path)).is_ok_and(|r| r == record(meta, checksum))
}

/// Remembers that the file passed a full checksum (best effort: a read-only cache simply
/// checks again next time).
pub(super) fn remember_verified(path: &Path, meta: &Metadata, checksum: u64) {
    let _ = fs::write(sidecar(path), record(meta, checksum));
}

/// A new temporary file name for writing `file_name`: `.<table file>.<pid>-<n>.tmp`, unique
/// within the process too, so that two threads storing the same table (two engines in one
/// process) never write into one file.
pub(super) fn temporary_name(file_name: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!(".{file_name}.{}-{n}.tmp", std::process::id())
}

/// The process id in a temporary file name `.<table file>.<pid>-<n>.tmp` (or
/// `.<table file>.<pid>.tmp`, as earlier versions wrote them).
fn tmp_pid(name: &str) -> Option<u32> {
    let stem = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let last = stem.rsplit('.').next()?;
    last.split_once('-').map_or(last, |(pid, _)| pid).parse().ok()
}

/// Whether `name` is a temporary file of the cache (`.<table file>.<pid>-<n>.tmp`).
pub(super) fn is_temporary(name: &str) -> bool {
    tmp_pid(name).is_some()
}

/// Removes the temporary files of `file_name` left by builds whose process is gone (on
/// Linux, where that can be told; elsewhere they stay until `clean`).
pub(super) fn remove_stale_temporaries(dir: &Path, file_name: &str) {
    let Ok(rd) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{file_name}.");
    for e in rd.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = name.strip_prefix(&prefix).and(tmp_pid(name)) else {
            continue;
        };
        if pid != std::process::id() && !running(pid) {
            let _ = fs::remove_file(e.path());
        }
    }
}

fn running(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_holds_only_for_the_same_file_and_checksum() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.tbl");
        fs::write(&path, [7u8; 200]).unwrap();
        let meta = fs::metadata(&path).unwrap();
        assert!(!was_verified(&path, &meta, 42));
        remember_verified(&path, &meta, 42);
        assert!(was_verified(&path, &fs::metadata(&path).unwrap(), 42));
        assert!(!was_verified(&path, &meta, 43));
        // Rewritten (even with the same bytes): another identity.
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(&path, [7u8; 200]).unwrap();
        assert!(!was_verified(&path, &fs::metadata(&path).unwrap(), 42));
    }

    #[test]
    fn temporary_names() {
        assert!(is_temporary(".2x2x2-distance-htm.tbl.123.tmp"));
        assert!(is_temporary(".2x2x2-distance-htm.tbl.123-7.tmp"));
        assert_eq!(tmp_pid(".x.tbl.123-7.tmp"), Some(123));
        assert_eq!(tmp_pid(".x.tbl.123.tmp"), Some(123));
        let (a, b) = (temporary_name("x.tbl"), temporary_name("x.tbl"));
        assert_ne!(a, b);
        assert_eq!(tmp_pid(&a), Some(std::process::id()));
        assert!(!is_temporary("2x2x2-distance-htm.tbl"));
        assert!(!is_temporary(".x.tbl.abc.tmp"));
    }
}
