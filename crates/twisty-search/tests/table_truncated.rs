//! A table file truncated in place while it is mapped: the process lives, the pages past the
//! new end read as zeros, and the table says which file changed. A fault outside any table
//! still ends the process as SIGBUS always did.
#![cfg(unix)]

use std::fs::OpenOptions;
use std::os::unix::process::ExitStatusExt;
use std::process::Command;
use twisty_search::file::{damaged_mappings, HEADER_LEN};
use twisty_search::{TableCache, TableError, TableSpec};

const ENTRIES: u64 = 1 << 20;

fn spec() -> TableSpec {
    TableSpec {
        name: String::from("test/truncated/1"),
        entry_bits: 8,
        entries: ENTRIES,
    }
}

/// Reads a byte so that the compiler cannot reuse an earlier read of it.
fn read(b: &[u8], i: usize) -> u8 {
    // SAFETY: `i` is in bounds (indexing checks it) and the byte is initialised.
    #[allow(unsafe_code)]
    unsafe {
        std::ptr::read_volatile(&b[i])
    }
}

#[test]
fn a_table_truncated_while_mapped_reads_zeros_and_names_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let data = vec![0x5au8; ENTRIES as usize];
    let path = cache.store(&spec(), &data).unwrap();
    let table = cache.load(&spec()).unwrap().unwrap();
    assert!(table.is_mapped());
    assert!(table.check().is_ok());
    let last = ENTRIES as usize - 1;
    assert_eq!(read(table.bytes(), last), 0x5a);

    // Someone else shrinks the file in place to ten pages.
    let f = OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(HEADER_LEN as u64 + 10 * 4096).unwrap();

    // Inside the new length: the bytes as they were; past it: zeros, not SIGBUS.
    assert_eq!(read(table.bytes(), 0), 0x5a);
    assert_eq!(read(table.bytes(), last), 0);
    assert_eq!(read(table.bytes(), last - 5000), 0);
    match table.check() {
        Err(e @ TableError::ChangedOnDisk { .. }) => {
            let m = e.to_string();
            assert!(m.contains(&path.display().to_string()), "{m}");
            assert!(m.contains("twisty tables verify"), "{m}");
        }
        other => panic!("expected ChangedOnDisk, got {other:?}"),
    }
    assert!(damaged_mappings().iter().any(|(p, _)| *p == path));

    // Dropped, the mapping leaves the list; the file is found short and refused.
    drop(table);
    assert!(!damaged_mappings().iter().any(|(p, _)| *p == path));
    match cache.load(&spec()) {
        Err(TableError::Invalid { reason, .. }) => assert!(reason.contains("truncated"), "{reason}"),
        other => panic!("expected a truncated file, got {other:?}"),
    }
}

#[test]
fn a_table_truncated_while_verified_is_reported_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let path = cache.store(&spec(), &vec![1u8; ENTRIES as usize]).unwrap();
    // Truncated before the check maps it: refused by size, as before.
    OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(HEADER_LEN as u64 + 4096)
        .unwrap();
    let e = cache.verify_file(&path).unwrap_err();
    assert!(e.contains("truncated"), "{e}");
}

/// The child's part of [`a_fault_outside_any_table_still_ends_the_process`]: a table is
/// mapped (so the handler is installed), then a file mapped directly is truncated and read.
#[test]
fn child_reads_a_truncated_plain_mapping() {
    let Some(dir) = std::env::var_os("TWISTY_SIGBUS_CHILD") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let cache = TableCache::new(&dir);
    cache.store(&spec(), &vec![2u8; ENTRIES as usize]).unwrap();
    let table = cache.load(&spec()).unwrap().unwrap();
    assert!(table.is_mapped());
    let plain = dir.join("plain");
    std::fs::write(&plain, vec![3u8; 1 << 20]).unwrap();
    let f = OpenOptions::new().read(true).write(true).open(&plain).unwrap();
    // SAFETY: the point of the test: the file is truncated under the map.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::Mmap::map(&f) }.unwrap();
    f.set_len(4096).unwrap();
    let b = read(&map, (1 << 20) - 1);
    // Not reached: the read above ends the process.
    println!("read {b} past the end of a truncated file");
    std::process::exit(0);
}

#[test]
fn a_fault_outside_any_table_still_ends_the_process() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child_reads_a_truncated_plain_mapping",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("TWISTY_SIGBUS_CHILD", dir.path())
        .output()
        .unwrap();
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGBUS),
        "status {:?}, stdout {}",
        out.status,
        String::from_utf8_lossy(&out.stdout)
    );
}
