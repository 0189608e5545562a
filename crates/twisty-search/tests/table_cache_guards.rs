//! The table cache against hostile or broken cache directories: partial files of killed
//! builds, links to devices, directories and FIFOs in a table's place, a table of another
//! kind under the name, a cache that cannot be written, and headers whose sizes overflow.
//! Each test works in its own temporary directory.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;
use twisty_search::file::{decode_header, HEADER_LEN, MAGIC, VERSION};
use twisty_search::{Origin, TableCache, TableError, TableSpec};

fn spec() -> TableSpec {
    TableSpec {
        name: String::from("2x2x2/distance/htm"),
        entry_bits: 4,
        entries: 2001,
    }
}

fn data() -> Vec<u8> {
    (0..spec().data_len()).map(|i| (i * 13 % 256) as u8).collect()
}

fn header(name: &str, bits: u32, entries: u64, data_len: u64) -> Vec<u8> {
    let mut h = vec![0u8; HEADER_LEN];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&bits.to_le_bytes());
    h[16..24].copy_from_slice(&entries.to_le_bytes());
    h[24..32].copy_from_slice(&data_len.to_le_bytes());
    h[40..40 + name.len()].copy_from_slice(name.as_bytes());
    h
}

fn rebuilt_reason(cache: &TableCache) -> String {
    let (t, o) = cache.get_or_build(&spec(), data).unwrap();
    assert_eq!(t.bytes(), &data()[..]);
    match o {
        Origin::Rebuilt(r) => r,
        other => panic!("expected a rebuild, got {other:?}"),
    }
}

#[test]
fn a_partial_file_of_a_killed_build_is_listed_and_then_removed() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    // Left by a process that no longer runs (above Linux's largest pid).
    let tmp = dir.path().join(format!(".{}.4999999.tmp", spec().file_name()));
    std::fs::write(&tmp, b"TWISTYTB partial").unwrap();
    let listed = cache.list();
    assert_eq!(listed.len(), 1);
    assert!(listed[0].1.as_ref().unwrap_err().contains("interrupted build"));
    let (_, o) = cache.get_or_build(&spec(), data).unwrap();
    assert_eq!(o, Origin::Built);
    if cfg!(target_os = "linux") {
        assert!(!tmp.exists(), "the stale partial file is removed");
    }
    // One of a running process (pid 1) is left alone: it may be being written.
    let running = dir.path().join(format!(".{}.1.tmp", spec().file_name()));
    std::fs::write(&running, b"x").unwrap();
    cache.store(&spec(), &data()).unwrap();
    assert!(running.exists());
}

#[cfg(unix)]
#[test]
fn a_link_to_a_device_is_refused_and_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let path = cache.path(&spec());
    std::os::unix::fs::symlink("/dev/urandom", &path).unwrap();
    match cache.load(&spec()) {
        Err(TableError::Invalid { reason, .. }) => assert!(reason.contains("character device"), "{reason}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(cache.verify_file(&path).unwrap_err().contains("character device"));
    assert!(rebuilt_reason(&cache).contains("character device, not a table file"));
    assert!(
        std::fs::symlink_metadata(&path).unwrap().is_file(),
        "the link was replaced"
    );
    assert_eq!(cache.get_or_build(&spec(), data).unwrap().1, Origin::Loaded);
}

#[test]
fn a_directory_in_the_tables_place_is_refused_and_the_table_served_from_memory() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    std::fs::create_dir(cache.path(&spec())).unwrap();
    let (t, o) = cache.get_or_build(&spec(), data).unwrap();
    assert_eq!(t.bytes(), &data()[..]);
    match o {
        Origin::Unsaved(r) => {
            assert!(r.contains("a directory, not a table file"), "{r}");
            assert!(r.contains("not stored"), "{r}");
        }
        other => panic!("expected an unsaved table, got {other:?}"),
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_in_the_tables_place_does_not_block() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let path = cache.path(&spec());
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo unavailable; skipped");
        return;
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let c = cache.clone();
    std::thread::spawn(move || {
        let _ = tx.send((rebuilt_reason(&c), c.verify_file(&c.path(&spec())).is_ok()));
    });
    let (reason, valid_after) = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("blocked on the FIFO");
    assert!(reason.contains("a FIFO, not a table file"), "{reason}");
    assert!(valid_after, "the FIFO was replaced by the table");
}

#[test]
fn a_table_of_another_kind_under_the_name_is_refused_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let kilo = TableSpec {
        name: String::from("kilominx/pattern/corners"),
        entry_bits: 4,
        entries: 2001,
    };
    let stored = cache.store(&kilo, &data()).unwrap();
    let path = cache.path(&spec());
    std::fs::rename(&stored, &path).unwrap();
    let e = cache.verify_file(&path).unwrap_err();
    assert!(
        e.contains("kilominx/pattern/corners") && e.contains("2x2x2-distance-htm.tbl"),
        "{e}"
    );
    assert!(rebuilt_reason(&cache).contains("holds kilominx/pattern/corners"));
    assert_eq!(cache.verify_file(&path).unwrap().spec, spec());
}

#[test]
fn a_cache_that_cannot_be_written_serves_the_table_from_memory() {
    let dir = tempfile::tempdir().unwrap();
    // The cache directory cannot be created: its parent is a regular file (this holds even
    // for a privileged user, unlike a read-only mode).
    let blocker = dir.path().join("not-a-dir");
    std::fs::write(&blocker, b"").unwrap();
    let cache = TableCache::new(blocker.join("cache"));
    for _ in 0..2 {
        let (t, o) = cache.get_or_build(&spec(), data).unwrap();
        assert_eq!(t.bytes(), &data()[..]);
        assert!(
            matches!(&o, Origin::Unsaved(r) if r.contains("not stored")),
            "{o:?}"
        );
    }
    assert!(!matches!(cache.load(&spec()), Ok(Some(_))));
}

#[test]
fn header_sizes_that_overflow_are_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let huge = TableSpec {
        name: String::from("2x2x2/distance/htm"),
        entry_bits: 4,
        entries: 1 << 62,
    };
    assert_eq!(huge.checked_data_len(), None);
    let cache = TableCache::new(dir.path());
    let path = cache.path(&huge);
    std::fs::write(&path, header(&huge.name, 4, 1 << 62, 0)).unwrap();
    let h = decode_header(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(h.spec, huge);
    let e = cache.verify_file(&path).unwrap_err();
    assert!(e.contains("more than a file can hold"), "{e}");
    match cache.load(&huge) {
        Err(TableError::Invalid { reason, .. }) => {
            assert!(reason.contains("more than a file can hold"), "{reason}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A data length that disagrees with entries × width.
    std::fs::write(&path, header(&spec().name, 4, 2001, 7)).unwrap();
    assert!(cache
        .verify_file(&path)
        .unwrap_err()
        .contains("header claims 7 data bytes"));
    // A zero entry width.
    std::fs::write(&path, header(&spec().name, 0, 2001, 0)).unwrap();
    assert!(cache
        .verify_file(&path)
        .unwrap_err()
        .contains("entry width of 0 bits"));
}

#[test]
fn the_checksum_is_checked_again_when_the_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    cache.get_or_build(&spec(), data).unwrap();
    let path = cache.path(&spec());
    let record = dir.path().join(format!(".{}.verified", spec().file_name()));
    assert!(record.exists(), "the store records the verified file");
    for _ in 0..2 {
        assert!(cache.load(&spec()).unwrap().is_some());
    }
    // Same size, one data byte changed in place: a new identity, so the checksum runs.
    std::thread::sleep(Duration::from_millis(20));
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[HEADER_LEN + 3] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    assert!(rebuilt_reason(&cache).contains("checksum mismatch"));
    assert!(cache.verify_file(&path).is_ok());
    assert_eq!(cache.clean().unwrap(), 1);
    assert!(!record.exists() && !path.exists());
}
