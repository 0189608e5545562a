//! The macro library: move sequences that finished a cluster, replayed on later clusters
//! with slices remapped (the seed's `DecodeSolution`) and conjugated by single moves.
//!
//! # File format (`supercube-macros.tmac` in the table cache, or `--macros FILE`)
//!
//! All integers little-endian.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `TWSCMACR` |
//! | 8..12 | format version (u32, 1) |
//! | 12..16 | record count (u32) |
//! | 16..24 | FNV-1a 64 checksum of every byte after the header |
//! | 24.. | records |
//!
//! A record is `n` (u8, 2..=16, the cube size it was learned on), `len` (u16, moves),
//! the key (`n³` bytes: the seed's cube code, one orientation state byte per position, of the
//! state the macro was found on; used only to skip duplicates, so any byte is accepted —
//! the seed's older `solutions.bin.org` uses an earlier state encoding), then `len` move codes (u8, each
//! `< 9n`). Files are written to a temporary file and renamed into place; a bad magic,
//! version, checksum, size or value is reported with its byte offset and never trusted.
//!
//! The seed program's own `solutions.bin` (a .NET `BinaryWriter` stream of records: a
//! 7-bit-length-prefixed UTF-8 string key, one char per cubie, then an `int32` count and that
//! many `int32` move codes) is read by [`MacroLibrary::import_seed`].

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// File magic of the library format.
pub const MAGIC: &[u8; 8] = b"TWSCMACR";
/// Format version.
pub const VERSION: u32 = 1;
const HEADER: usize = 24;
/// Largest macro library file read (the seed's stores are a few KiB; a library of a
/// million 27-move macros for the 16x16x16 is about 4 GiB, so this is far more than any
/// use needs and bounds what a mistaken path can cost).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// Reads `path` whole if it is a regular file of at most [`MAX_FILE_BYTES`], with the
/// read itself bounded.
fn read_bounded(path: &Path) -> Result<Vec<u8>, MacroError> {
    use std::io::Read;
    let invalid = |reason: String| MacroError::Invalid {
        path: path.to_path_buf(),
        offset: 0,
        reason,
    };
    let io = |source| MacroError::Io {
        path: path.to_path_buf(),
        source,
    };
    // The kind is checked before opening: opening a FIFO blocks until a writer comes.
    let meta = fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        let what = kind_of(&meta.file_type());
        return Err(invalid(format!("{what}, not a macro library file")));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(invalid(format!(
            "{} bytes, more than a macro library may hold ({MAX_FILE_BYTES})",
            meta.len()
        )));
    }
    let file = fs::File::open(path).map_err(io)?;
    // The opened file is checked again: the path may have been replaced in between.
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(invalid(format!(
            "{}, not a macro library file",
            kind_of(&meta.file_type())
        )));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_FILE_BYTES) as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(invalid(format!(
            "more than {MAX_FILE_BYTES} bytes, more than a macro library may hold"
        )));
    }
    Ok(bytes)
}

/// What a file that is not a regular file is, for messages.
fn kind_of(t: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// A learned macro.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Macro {
    /// Cube size it was learned on.
    pub n: u8,
    /// The cube code (state bytes) of the state it was found on.
    pub key: Vec<u8>,
    /// Move codes on that cube.
    pub moves: Vec<u8>,
}

/// A macro file that cannot be used.
#[derive(Debug, Error)]
pub enum MacroError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The file is malformed.
    #[error("{path}: {reason} (at byte {offset})")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Byte offset of the problem.
        offset: usize,
        /// What is wrong.
        reason: String,
    },
}

/// A list of macros with duplicate keys skipped and an optional size cap.
#[derive(Debug, Clone, Default)]
pub struct MacroLibrary {
    macros: Vec<Macro>,
    keys: HashSet<Vec<u8>>,
    /// Largest number of macros kept (`None` = unlimited).
    pub limit: Option<usize>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl MacroLibrary {
    /// An empty library.
    pub fn new(limit: Option<usize>) -> Self {
        MacroLibrary {
            limit,
            ..Default::default()
        }
    }

    /// The macros, oldest first.
    pub fn macros(&self) -> &[Macro] {
        &self.macros
    }

    /// Number of macros.
    pub fn len(&self) -> usize {
        self.macros.len()
    }

    /// Whether the library is empty.
    pub fn is_empty(&self) -> bool {
        self.macros.is_empty()
    }

    /// Whether the cap is reached.
    pub fn full(&self) -> bool {
        self.limit.is_some_and(|l| self.macros.len() >= l)
    }

    /// Adds a macro unless its key is known, it is empty or the library is full. Returns
    /// whether it was added.
    pub fn add(&mut self, m: Macro) -> bool {
        if self.full() || m.moves.is_empty() || self.keys.contains(&m.key) {
            return false;
        }
        self.keys.insert(m.key.clone());
        self.macros.push(m);
        true
    }

    /// Keeps only the first `limit` macros and caps the library there.
    pub fn truncate(&mut self, limit: usize) {
        self.macros.truncate(limit);
        self.keys = self.macros.iter().map(|m| m.key.clone()).collect();
        self.limit = Some(limit);
    }

    /// The library in this crate's file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for m in &self.macros {
            body.push(m.n);
            body.extend_from_slice(&(m.moves.len() as u16).to_le_bytes());
            body.extend_from_slice(&m.key);
            body.extend_from_slice(&m.moves);
        }
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.macros.len() as u32).to_le_bytes());
        out.extend_from_slice(&fnv1a(&body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Parses this crate's file format (`path` names the file in errors).
    pub fn from_bytes(bytes: &[u8], path: &Path, limit: Option<usize>) -> Result<Self, MacroError> {
        let bad = |offset: usize, reason: String| MacroError::Invalid {
            path: path.to_path_buf(),
            offset,
            reason,
        };
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(bad(
                0,
                String::from("not a supercube macro file (bad magic or too short)"),
            ));
        }
        let u32_at = |o: usize| u32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]);
        let version = u32_at(8);
        if version != VERSION {
            return Err(bad(8, format!("format version {version} (expected {VERSION})")));
        }
        let count = u32_at(12) as usize;
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[16..24]);
        if u64::from_le_bytes(sum) != fnv1a(&bytes[HEADER..]) {
            return Err(bad(
                16,
                String::from("checksum mismatch (corrupt or truncated file)"),
            ));
        }
        let mut lib = MacroLibrary::new(limit);
        let mut o = HEADER;
        for r in 0..count {
            if o + 3 > bytes.len() {
                return Err(bad(o, format!("record {r} of {count} is truncated")));
            }
            let n = bytes[o] as usize;
            if !(2..=16).contains(&n) {
                return Err(bad(o, format!("record {r}: cube size {n} is not 2..16")));
            }
            let len = u16::from_le_bytes([bytes[o + 1], bytes[o + 2]]) as usize;
            let key_at = o + 3;
            let end = key_at + n * n * n + len;
            if end > bytes.len() {
                return Err(bad(o, format!("record {r} of {count} is truncated")));
            }
            let key = &bytes[key_at..key_at + n * n * n];
            let moves = &bytes[key_at + n * n * n..end];
            if let Some(i) = moves.iter().position(|&c| c as usize >= 9 * n) {
                return Err(bad(
                    key_at + n * n * n + i,
                    format!("record {r}: move code {} is out of range for N = {n}", moves[i]),
                ));
            }
            lib.add(Macro {
                n: n as u8,
                key: key.to_vec(),
                moves: moves.to_vec(),
            });
            o = end;
        }
        if o != bytes.len() {
            return Err(bad(o, format!("{} bytes after the last record", bytes.len() - o)));
        }
        Ok(lib)
    }

    /// Parses the seed program's `solutions.bin` stream.
    pub fn import_seed(bytes: &[u8], path: &Path, limit: Option<usize>) -> Result<Self, MacroError> {
        let bad = |offset: usize, reason: String| MacroError::Invalid {
            path: path.to_path_buf(),
            offset,
            reason,
        };
        let mut lib = MacroLibrary::new(limit);
        let mut o = 0;
        let mut r = 0;
        while o < bytes.len() {
            // 7-bit encoded string length.
            let start = o;
            let mut len = 0usize;
            let mut shift = 0;
            loop {
                let Some(&b) = bytes.get(o) else {
                    return Err(bad(start, format!("record {r}: truncated key length")));
                };
                o += 1;
                len |= ((b & 0x7f) as usize) << shift;
                if b & 0x80 == 0 {
                    break;
                }
                shift += 7;
                if shift > 28 {
                    return Err(bad(start, format!("record {r}: bad key length")));
                }
            }
            let Some(raw) = bytes.get(o..o + len) else {
                return Err(bad(o, format!("record {r}: key of {len} bytes is truncated")));
            };
            let text =
                std::str::from_utf8(raw).map_err(|e| bad(o, format!("record {r}: key is not UTF-8: {e}")))?;
            let key: Vec<u32> = text.chars().map(|c| c as u32).collect();
            let n = (1..=16).find(|&n| n * n * n == key.len()).unwrap_or(0);
            if n < 2 {
                return Err(bad(
                    o,
                    format!(
                        "record {r}: key of {} cubies is not a cube of size 2..16",
                        key.len()
                    ),
                ));
            }
            if let Some(i) = key.iter().position(|&c| c > 255) {
                return Err(bad(
                    o,
                    format!("record {r}: cubie {i} has no orientation state {}", key[i]),
                ));
            }
            o += len;
            let int_at = |o: usize| -> Option<i32> {
                bytes
                    .get(o..o + 4)
                    .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            };
            let count = int_at(o).ok_or_else(|| bad(o, format!("record {r}: truncated move count")))?;
            if !(0..=100_000).contains(&count) {
                return Err(bad(o, format!("record {r}: move count {count} is absurd")));
            }
            o += 4;
            let mut moves = Vec::with_capacity(count as usize);
            for _ in 0..count {
                let c = int_at(o).ok_or_else(|| bad(o, format!("record {r}: truncated moves")))?;
                if c < 0 || c as usize >= 9 * n {
                    return Err(bad(
                        o,
                        format!("record {r}: move code {c} is out of range for N = {n}"),
                    ));
                }
                moves.push(c as u8);
                o += 4;
            }
            lib.add(Macro {
                n: n as u8,
                key: key.iter().map(|&c| c as u8).collect(),
                moves,
            });
            r += 1;
        }
        Ok(lib)
    }

    /// Reads a library file: this crate's format, or the seed's `solutions.bin` when the
    /// magic is absent.
    pub fn load(path: &Path, limit: Option<usize>) -> Result<Self, MacroError> {
        Self::load_file(path, limit).map(|(lib, _)| lib)
    }

    /// [`MacroLibrary::load`], and whether the file is in this crate's format (so that
    /// learned macros may be saved back to it). The file must be a regular file of at most
    /// [`MAX_FILE_BYTES`]; a FIFO, a device or a directory is refused without reading it,
    /// and the read itself is bounded (a file that grows while it is read is refused too).
    pub fn load_file(path: &Path, limit: Option<usize>) -> Result<(Self, bool), MacroError> {
        let bytes = read_bounded(path)?;
        let ours = bytes.starts_with(MAGIC);
        let mut lib = if ours {
            Self::from_bytes(&bytes, path, limit)?
        } else {
            Self::import_seed(&bytes, path, limit).map_err(|e| match e {
                // A file whose first record is not one is not a library at all: say so
                // without describing its bytes (it may be anyone's file).
                MacroError::Invalid { reason, .. } if reason.starts_with("record 0:") => MacroError::Invalid {
                    path: path.to_path_buf(),
                    offset: 0,
                    reason: String::from(
                        "not a supercube macro library (neither twisty's format nor the seed program's solutions.bin)",
                    ),
                },
                e => e,
            })?
        };
        if let Some(l) = limit {
            lib.truncate(l);
        }
        Ok((lib, ours))
    }

    /// Writes the library atomically (temporary file, then rename).
    pub fn save(&self, path: &Path) -> Result<(), MacroError> {
        let io = |source| MacroError::Io {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io)?;
        }
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        fs::write(&tmp, self.to_bytes()).map_err(io)?;
        fs::rename(&tmp, path).map_err(|e| {
            let _ = fs::remove_file(&tmp);
            io(e)
        })
    }
}

/// Maps a macro onto the cluster of the active cubie `act` (`[x, y, z]`) of an `n` cube as
/// the seed's `DecodeSolution` does: the macro's distinct slices are numbered in order of
/// first appearance; a slice equal to `n − 1` minus an already numbered slice (mirror taken
/// on the *current* cube, whatever size the macro was learned on) takes that slice's mirrored
/// coordinate. The 1st, 2nd and 3rd numbered slices become x, y and z; a 4th, 5th and 6th
/// become `n − 1 − x`, `n − 1 − y` and `n − 1 − z`. Returns `false` (macro not usable here)
/// where the seed's code would index past its three coordinates: a 7th distinct slice, or
/// the mirror of a 4th..6th one.
pub fn remap(m: &Macro, n: usize, act: [usize; 3], out: &mut Vec<u8>) -> bool {
    let mut map = [0u8; 6];
    let mut len = 0;
    out.clear();
    for &c in &m.moves {
        let (s, rest) = (c / 9, c % 9);
        let idx = match map[..len].iter().position(|&x| x == s) {
            Some(i) => i,
            None => {
                let mirror = (n - 1).checked_sub(s as usize);
                match mirror.and_then(|ms| map[..len].iter().position(|&x| x as usize == ms)) {
                    Some(i) => i + 3,
                    None => {
                        if len == map.len() {
                            return false;
                        }
                        map[len] = s;
                        len += 1;
                        len - 1
                    }
                }
            }
        };
        let slice = match idx {
            0..=2 => act[idx],
            3..=5 => n - 1 - act[idx - 3],
            _ => return false,
        };
        out.push(9 * slice as u8 + rest);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_data::seed_input;

    #[test]
    fn imports_the_seed_stores() {
        for (file, records) in [
            ("robertswita_RubikCube_6bd668f_bin_Debug_solutions.bin", 97),
            ("robertswita_RubikCube_6bd668f_bin_Release_solutions.bin", 103),
            ("robertswita_RubikCube_6bd668f_bin_Debug_solutions.bin.org", 101),
        ] {
            let lib = match MacroLibrary::load(&seed_input(file), None) {
                Ok(l) => l,
                Err(e) => panic!("{e}"),
            };
            assert_eq!(lib.len(), records, "{file}");
            assert!(lib
                .macros()
                .iter()
                .all(|m| (2..=6).contains(&m.n) && m.moves.len() <= 27));
            // Our format round-trips.
            let back = MacroLibrary::from_bytes(&lib.to_bytes(), Path::new("x"), None).unwrap_or_default();
            assert_eq!(back.macros(), lib.macros());
        }
    }

    #[test]
    fn corrupt_and_truncated_files_are_refused_with_offsets() {
        let mut lib = MacroLibrary::new(None);
        lib.add(Macro {
            n: 2,
            key: vec![0x41, 0, 0x41, 0, 0x41, 0, 0x41, 0],
            moves: vec![2, 5],
        });
        let bytes = lib.to_bytes();
        let p = Path::new("m.tmac");
        assert!(MacroLibrary::from_bytes(&bytes, p, None).is_ok());
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        let e = MacroLibrary::from_bytes(&flipped, p, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("checksum"), "{e}");
        let e = MacroLibrary::from_bytes(&bytes[..10], p, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("bad magic"), "{e}");
        // The seed format: a truncated stream and an out-of-range code.
        let seed = [8u8, 0x41, 0, 0x41, 0, 0x41, 0, 0x41, 0, 1, 0, 0, 0, 2, 0, 0];
        let e = MacroLibrary::import_seed(&seed, p, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("truncated moves") && e.contains("byte 13"), "{e}");
        let seed = [8u8, 0x41, 0, 0x41, 0, 0x41, 0, 0x41, 0, 1, 0, 0, 0, 18, 0, 0, 0];
        let e = MacroLibrary::import_seed(&seed, p, None)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("out of range"), "{e}");
        let seed = [7u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        assert!(MacroLibrary::import_seed(&seed, p, None).is_err());
    }

    #[test]
    fn remap_follows_first_appearance_and_mirrors_on_the_current_cube() {
        // Learned on a 3-cube: slices 0, 2 (its mirror there), 1.
        let m = Macro {
            n: 3,
            key: vec![0; 27],
            moves: vec![0, 18 + 3, 9 + 6],
        };
        let mut out = Vec::new();
        // On a 3-cube, 2 mirrors 0: 0 -> x = 0, 2 -> 3-1-0 = 2, 1 -> y = 1.
        assert!(remap(&m, 3, [0, 1, 2], &mut out));
        assert_eq!(out, vec![0, 18 + 3, 9 + 6]);
        // On a 7-cube the mirror of 0 is 6, so 2 is a new slice (as the seed's
        // DecodeSolution does): 0 -> x = 1, 2 -> y = 3, 1 -> z = 5.
        assert!(remap(&m, 7, [1, 3, 5], &mut out));
        assert_eq!(out, vec![9, 27 + 3, 45 + 6]);
        // A 4th, 5th and 6th distinct slice take the mirrors of x, y and z.
        let six = Macro {
            n: 16,
            key: vec![0; 4096],
            moves: vec![0, 9, 18, 27, 36 + 1, 45 + 2],
        };
        assert!(remap(&six, 16, [0, 1, 2], &mut out));
        assert_eq!(out, vec![0, 9, 18, 135, 126 + 1, 117 + 2]);
        // A 7th distinct slice, or the mirror of a 4th one, has no coordinate.
        let seven = Macro {
            n: 8,
            key: vec![0; 512],
            moves: vec![0, 9, 18, 27, 36, 45, 54],
        };
        // 0,1,2,3 then 4 = mirror of 3 (the 4th slice).
        assert!(!remap(&seven, 8, [0, 1, 2], &mut out));
        let seven = Macro {
            n: 16,
            key: vec![0; 4096],
            moves: vec![0, 9, 18, 27, 36, 45, 54],
        };
        assert!(!remap(&seven, 16, [0, 1, 2], &mut out));
    }
}
