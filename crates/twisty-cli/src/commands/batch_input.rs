//! Which input a batch output belongs to: `--output FILE` gets a record of its input beside
//! it, `FILE.input.json` (`{"path", "size", "xxh3"}`: the input's canonical path, its size
//! and the xxh3-64 hash of its bytes), so that `--resume` with another input, or with the
//! input changed since, is refused with a message naming the input the output belongs to.
//!
//! The record is beside the output, not in it, so the output stays pure JSON Lines of
//! records. An output written before records were kept (no `FILE.input.json`) is resumed
//! with a warning, and gets its record. Standard input, a FIFO or `<(…)` cannot be read
//! twice, so such an input is recorded by name only and cannot be checked: resuming it
//! warns; resuming an output of a file from standard input is refused (give the file).

use crate::commands::{CliError, CliResult};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::Xxh3;

/// What identifies a batch input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputIdentity {
    /// The canonical path of the input file, or `-` for an input that cannot be read twice
    /// (standard input, a FIFO).
    pub path: String,
    /// Its size in bytes (regular files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    /// The xxh3-64 hash of its bytes, in hex (regular files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xxh3: Option<String>,
}

impl InputIdentity {
    /// The identity of standard input or another stream.
    pub fn stream(name: &Path) -> InputIdentity {
        InputIdentity {
            path: if name.as_os_str() == "-" {
                String::from("-")
            } else {
                name.display().to_string()
            },
            size: None,
            xxh3: None,
        }
    }

    /// Whether it names a file that was hashed.
    fn checkable(&self) -> bool {
        self.xxh3.is_some()
    }

    /// For messages: the path, with size and hash when known.
    fn describe(&self) -> String {
        match (&self.size, &self.xxh3) {
            (Some(size), Some(h)) => format!("{} ({size} bytes, xxh3 {h})", self.path),
            _ if self.path == "-" => String::from("standard input"),
            _ => format!("{} (a stream)", self.path),
        }
    }
}

/// The lines of a regular file (a last line without a newline counts) and its identity,
/// in one pass.
pub fn count_and_identify(path: &Path, mut f: File) -> std::io::Result<(u64, InputIdentity)> {
    let (mut n, mut buf, mut last, mut size) = (0u64, vec![0u8; 1 << 16], b'\n', 0u64);
    let mut hash = Xxh3::new();
    loop {
        let k = f.read(&mut buf)?;
        if k == 0 {
            break;
        }
        n += buf[..k].iter().filter(|&&b| b == b'\n').count() as u64;
        last = buf[k - 1];
        size += k as u64;
        hash.update(&buf[..k]);
    }
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    Ok((
        n + u64::from(last != b'\n'),
        InputIdentity {
            path: canonical.display().to_string(),
            size: Some(size),
            xxh3: Some(format!("{:016x}", hash.digest())),
        },
    ))
}

/// Where the identity of the input of `output` is kept: `OUTPUT.input.json`.
pub fn record_path(output: &Path) -> PathBuf {
    let mut name = output.file_name().unwrap_or_default().to_os_string();
    name.push(".input.json");
    output.with_file_name(name)
}

/// Writes the identity of the input of `output` beside it; a record that cannot be written
/// is a warning (the run goes on, a later `--resume` cannot check its input).
pub fn write(output: &Path, input: &InputIdentity) {
    let path = record_path(output);
    let written = serde_json::to_string(input)
        .map_err(std::io::Error::other)
        .and_then(|text| std::fs::write(&path, format!("{text}\n")));
    if let Err(e) = written {
        eprintln!(
            "warning: cannot write {}: {e}; a --resume into {} will not be able to check its input",
            path.display(),
            output.display()
        );
    }
}

/// Checks, before resuming into `output` (which holds `answered` records), that `input` is
/// the input it was written from. Returns whether the record must be (re)written: it is
/// missing (an older output, resumed with a warning).
pub fn check_resume(output: &Path, input: &InputIdentity, answered: usize) -> CliResult<bool> {
    let path = record_path(output);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if answered > 0 {
                eprintln!(
                    "warning: {} has no record of its input ({} is missing: written by an older twisty, \
                     or moved without it); resuming without checking that {} is the input it answers",
                    output.display(),
                    path.display(),
                    input.describe()
                );
            }
            return Ok(true);
        }
        Err(e) => {
            return Err(CliError::usage(anyhow::anyhow!(
                "cannot read {}: {e}",
                path.display()
            )))
        }
    };
    let Ok(recorded) = serde_json::from_str::<InputIdentity>(&text) else {
        return Err(CliError::usage(anyhow::anyhow!(
            "{} is not a record of a batch input; not resuming into {} (remove it to resume unchecked)",
            path.display(),
            output.display()
        )));
    };
    let refuse = |why: String| Err(CliError::usage(anyhow::anyhow!(why)));
    match (recorded.checkable(), input.checkable()) {
        (true, true) => {
            if recorded.size == input.size && recorded.xxh3 == input.xxh3 {
                return Ok(false);
            }
            if recorded.path == input.path {
                return refuse(format!(
                    "{} has changed since {} was written: it was {}, it is {}; not resuming \
                     (start again without --resume, or write to another output)",
                    input.path,
                    output.display(),
                    recorded.describe(),
                    input.describe()
                ));
            }
            refuse(format!(
                "{} holds the answers of {}, not of {}; resume with --batch {}, or write to another output",
                output.display(),
                recorded.describe(),
                input.describe(),
                recorded.path
            ))
        }
        (true, false) => refuse(format!(
            "{} holds the answers of {}; {} cannot be checked against it: resume with --batch {}",
            output.display(),
            recorded.describe(),
            input.describe(),
            recorded.path
        )),
        (false, _) => {
            eprintln!(
                "warning: {} was written from {}, which cannot be checked; resuming with {} unchecked",
                output.display(),
                recorded.describe(),
                input.describe()
            );
            Ok(input.checkable())
        }
    }
}
