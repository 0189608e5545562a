//! The batch's files checked against each other before any is opened for writing:
//! `--output` is not the input (`--batch x.txt --output x.txt`, or a symlink or hard link to
//! it: creating the output would empty the input), `--summary-json` is neither the input nor
//! the output. Two paths are the same file when they name one device and inode, or (for a
//! file that does not exist yet) when their directories are one and their names equal.

use crate::commands::{CliError, CliResult};
use std::path::{Path, PathBuf};

/// Whether `a` and `b` name the same file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => same_inode(&x, &y),
        (Err(_), Err(_)) => match (normalised(a), normalised(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
        // One exists, the other not: two files.
        _ => false,
    }
}

#[cfg(unix)]
fn same_inode(x: &std::fs::Metadata, y: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    x.dev() == y.dev() && x.ino() == y.ino()
}

#[cfg(not(unix))]
fn same_inode(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

/// The canonical directory of `p` joined with its file name (for a file not yet created).
fn normalised(p: &Path) -> Option<PathBuf> {
    let name = p.file_name()?;
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

/// Refuses a run whose output or summary would overwrite its input or its records.
/// `input` is `None` for standard input.
pub fn check(input: Option<&Path>, output: Option<&Path>, summary: Option<&Path>) -> CliResult {
    let refuse = |what: String| Err(CliError::usage(anyhow::anyhow!(what)));
    let summary = summary.filter(|s| s.as_os_str() != "-");
    if let (Some(i), Some(o)) = (input, output) {
        if same_file(i, o) {
            return refuse(format!(
                "--output {} is the input file {}: writing the records would destroy it; choose another output file",
                o.display(),
                i.display()
            ));
        }
    }
    if let (Some(i), Some(s)) = (input, summary) {
        if same_file(i, s) {
            return refuse(format!(
                "--summary-json {} is the input file {}: choose another file",
                s.display(),
                i.display()
            ));
        }
    }
    if let (Some(o), Some(s)) = (output, summary) {
        if same_file(o, s) {
            return refuse(format!(
                "--summary-json {} is the --output file: the summary would overwrite the records; choose another file",
                s.display()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_spellings_of_one_file_are_the_same_file() {
        let Ok(dir) = tempfile::tempdir() else {
            return;
        };
        let a = dir.path().join("a.txt");
        assert!(std::fs::write(&a, "R U\n").is_ok());
        let link = dir.path().join("link.txt");
        #[cfg(unix)]
        assert!(std::os::unix::fs::symlink(&a, &link).is_ok());
        #[cfg(unix)]
        assert!(same_file(&a, &link));
        assert!(same_file(&a, &dir.path().join(".").join("a.txt")));
        assert!(!same_file(&a, &dir.path().join("b.txt")));
        let new = dir.path().join("new.json");
        assert!(same_file(
            &new,
            &dir.path()
                .join("..")
                .join(dir.path().file_name().unwrap_or_default())
                .join("new.json")
        ));
        assert!(check(Some(&a), Some(&link), None).is_err());
        assert!(check(None, Some(&new), Some(&new)).is_err());
        assert!(check(Some(&a), Some(&new), None).is_ok());
    }
}
