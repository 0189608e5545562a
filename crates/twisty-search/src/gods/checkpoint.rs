//! Checkpoint files of a God's-algorithm search: the table and the counts after a
//! complete depth, so that a stopped or killed search resumes there.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `TWGODSCK` |
//! | 8..12 | format version (little-endian u32) |
//! | 12..16 | 1 when the search has ended, else 0 |
//! | 16..24 | fingerprint of the search (puzzle, metric, starts, ranking) |
//! | 24..32 | entries of the table |
//! | 32..36 | last complete depth `D` |
//! | 36..40 | reserved, zero |
//! | 40..48 | xxh3-64 checksum of the table data |
//! | 48..48 + 8(D+1) | `counts[0..=D]` |
//! | then 8 bytes | xxh3-64 checksum of every header byte before it |
//! | then | the table: its 64-bit words, little-endian |
//!
//! [`write()`] writes a temporary file in the same directory, syncs it and renames it over
//! the checkpoint, so a reader sees the previous depth's file or this one, never a mix.
//! [`read`] refuses a file of another search (fingerprint), of another size, or whose
//! checksums fail, saying which.

use super::GodsTable;
use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// File magic.
pub const MAGIC: &[u8; 8] = b"TWGODSCK";
/// Format version.
pub const VERSION: u32 = 1;
/// Bytes of the fixed part of the header.
const FIXED: usize = 48;
/// Words read or written at a time.
const CHUNK_WORDS: usize = 1 << 17;
/// Most depths a checkpoint records.
const MAX_DEPTHS: u64 = 1 << 16;

/// A checkpoint read back.
#[derive(Debug)]
pub struct Saved {
    /// `counts[d]` for every complete depth.
    pub counts: Vec<u64>,
    /// Whether the search had ended.
    pub finished: bool,
    /// The table.
    pub table: GodsTable,
}

/// A 64-bit fingerprint of `bytes` (xxh3), for [`write()`] and [`read`].
pub fn fingerprint(bytes: &[u8]) -> u64 {
    xxh3_64(bytes)
}

fn header(fp: u64, entries: u64, counts: &[u64], finished: bool, data_sum: u64) -> Vec<u8> {
    let mut h = Vec::with_capacity(FIXED + 8 * counts.len() + 8);
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&VERSION.to_le_bytes());
    h.extend_from_slice(&u32::from(finished).to_le_bytes());
    h.extend_from_slice(&fp.to_le_bytes());
    h.extend_from_slice(&entries.to_le_bytes());
    h.extend_from_slice(&((counts.len() as u32).saturating_sub(1)).to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&data_sum.to_le_bytes());
    for c in counts {
        h.extend_from_slice(&c.to_le_bytes());
    }
    let sum = xxh3_64(&h);
    h.extend_from_slice(&sum.to_le_bytes());
    h
}

/// Writes the checkpoint `path` atomically: the table and the counts of depths
/// `0..counts.len()`.
pub fn write(path: &Path, fp: u64, counts: &[u64], finished: bool, table: &GodsTable) -> std::io::Result<()> {
    // The table's checksum first (one pass over the words), then header and data.
    let mut hasher = Xxh3::new();
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK_WORDS * 8);
    for chunk in table.words.chunks(CHUNK_WORDS) {
        buf.clear();
        for w in chunk {
            buf.extend_from_slice(&w.load(Relaxed).to_le_bytes());
        }
        hasher.update(&buf);
    }
    let h = header(fp, table.entries(), counts, finished, hasher.digest());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let tmp = temporary(path);
    let result = (|| {
        let mut f = BufWriter::new(File::create(&tmp)?);
        f.write_all(&h)?;
        for chunk in table.words.chunks(CHUNK_WORDS) {
            buf.clear();
            for w in chunk {
                buf.extend_from_slice(&w.load(Relaxed).to_le_bytes());
            }
            f.write_all(&buf)?;
        }
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn temporary(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    let mut a = [0u8; 4];
    a.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(a)
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// Reads the checkpoint `path` of the search `fp` over `entries` entries; the error says
/// what is wrong with it.
pub fn read(path: &Path, fp: u64, entries: u64) -> Result<Saved, String> {
    let shown = path.display();
    let meta = fs::metadata(path).map_err(|e| format!("cannot read the checkpoint {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("the checkpoint {shown} is not a file"));
    }
    let mut f = File::open(path).map_err(|e| format!("cannot read the checkpoint {shown}: {e}"))?;
    let mut fixed = [0u8; FIXED];
    f.read_exact(&mut fixed)
        .map_err(|_| format!("the checkpoint {shown} is truncated (no complete header)"))?;
    if &fixed[0..8] != MAGIC {
        return Err(format!("{shown} is not a checkpoint of twisty gods (bad magic)"));
    }
    let version = u32_at(&fixed, 8);
    if version != VERSION {
        return Err(format!(
            "the checkpoint {shown} has format version {version}, not {VERSION}"
        ));
    }
    let finished = u32_at(&fixed, 12) == 1;
    let file_fp = u64_at(&fixed, 16);
    let file_entries = u64_at(&fixed, 24);
    let depth = u64::from(u32_at(&fixed, 32));
    let data_sum = u64_at(&fixed, 40);
    if depth >= MAX_DEPTHS {
        return Err(format!("the checkpoint {shown} is corrupt (depth {depth})"));
    }
    let mut rest = vec![0u8; 8 * (depth as usize + 1) + 8];
    f.read_exact(&mut rest)
        .map_err(|_| format!("the checkpoint {shown} is truncated (in its counts)"))?;
    let mut whole = fixed.to_vec();
    whole.extend_from_slice(&rest[..rest.len() - 8]);
    if xxh3_64(&whole) != u64_at(&rest, rest.len() - 8) {
        return Err(format!(
            "the checkpoint {shown} is corrupt (its header's checksum does not match)"
        ));
    }
    if file_fp != fp {
        return Err(format!(
            "the checkpoint {shown} is of another search (fingerprint {file_fp:016x}, this one {fp:016x}: another puzzle, metric, solved states or ranking)"
        ));
    }
    if file_entries != entries {
        return Err(format!(
            "the checkpoint {shown} has {file_entries} entries, this search {entries}"
        ));
    }
    let words = entries.div_ceil(32);
    let expected = (FIXED + rest.len()) as u64 + words * 8;
    if meta.len() != expected {
        return Err(format!(
            "the checkpoint {shown} has {} bytes, {expected} expected (truncated or extended)",
            meta.len()
        ));
    }
    let mut hasher = Xxh3::new();
    let mut ws: Vec<u64> = Vec::with_capacity(words as usize);
    let mut buf = vec![0u8; CHUNK_WORDS * 8];
    let mut left = words as usize;
    while left > 0 {
        let n = left.min(CHUNK_WORDS);
        f.read_exact(&mut buf[..n * 8])
            .map_err(|e| format!("cannot read the checkpoint {shown}: {e}"))?;
        hasher.update(&buf[..n * 8]);
        ws.extend(buf[..n * 8].chunks_exact(8).map(|c| u64_at(c, 0)));
        left -= n;
    }
    if hasher.digest() != data_sum {
        return Err(format!(
            "the checkpoint {shown} is corrupt (its table's checksum does not match)"
        ));
    }
    let counts = (0..=depth as usize).map(|d| u64_at(&rest, 8 * d)).collect();
    let table = GodsTable::from_words(entries, ws)
        .ok_or_else(|| format!("the checkpoint {shown} has a table of the wrong size"))?;
    Ok(Saved {
        counts,
        finished,
        table,
    })
}
