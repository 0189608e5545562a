//! Round trips, corruption detection, the memory cap and huge-page copies.
use super::*;

fn spec() -> TableSpec {
    TableSpec {
        name: String::from("test/distance/htm"),
        entry_bits: 4,
        entries: 1001,
    }
}

fn data() -> Vec<u8> {
    (0..spec().data_len()).map(|i| (i * 7 % 256) as u8).collect()
}

#[test]
fn huge_page_copies_hold_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let (t, _) = cache.get_or_build(&spec(), data).unwrap();
    assert_eq!(t.into_huge_pages().bytes(), &data()[..]);
    let (t, o) = cache.get_or_build(&spec(), || panic!("must load")).unwrap();
    assert_eq!(o, Origin::Loaded);
    let t = t.into_huge_pages();
    assert!(!t.is_mapped());
    assert_eq!(t.bytes(), &data()[..]);
    assert_eq!(t.spec, spec());
    // A table of many pages copied in small chunks, each dropped from the map once copied.
    let big = TableSpec {
        name: String::from("test/distance/big"),
        entry_bits: 8,
        entries: 300_001,
    };
    let bytes: Vec<u8> = (0..big.entries).map(|i| (i * 131 % 251) as u8).collect();
    cache.store(&big, &bytes).unwrap();
    let (t, o) = cache.get_or_build(&big, || panic!("must load")).unwrap();
    assert_eq!(o, Origin::Loaded);
    assert!(t.is_mapped());
    let t = t.into_huge_pages_by(3 * 4096 + 5);
    assert!(!t.is_mapped());
    assert_eq!(t.bytes(), &bytes[..]);
}

#[test]
fn threads_storing_the_same_table_at_once_each_write_their_own_file() {
    // Two engines in one process may build the same table at the same time: every store
    // must succeed and leave the complete table, never a file another thread is writing.
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..25 {
                    cache.store(&spec(), &data()).unwrap();
                    let t = cache.load(&spec()).unwrap().expect("stored");
                    assert_eq!(t.bytes(), &data()[..]);
                }
            });
        }
    });
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

#[test]
fn write_reload_and_detect_corruption() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let (t, o) = cache.get_or_build(&spec(), data).unwrap();
    assert_eq!(o, Origin::Built);
    assert_eq!(t.bytes(), &data()[..]);
    let (t, o) = cache.get_or_build(&spec(), || panic!("must load")).unwrap();
    assert_eq!(o, Origin::Loaded);
    assert!(t.is_mapped());
    assert_eq!(t.bytes(), &data()[..]);
    drop(t);
    let path = cache.path(&spec());
    // No temporary files left behind (the table and its verification record remain).
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");

    // Flipped byte in the data.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[HEADER_LEN + 10] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let (_, o) = cache.get_or_build(&spec(), data).unwrap();
    assert!(
        matches!(o, Origin::Rebuilt(ref r) if r.contains("checksum")),
        "{o:?}"
    );
    assert!(cache.verify_file(&path).is_ok());

    // Truncated.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    assert!(cache.verify_file(&path).unwrap_err().contains("truncated"));
    let (_, o) = cache.get_or_build(&spec(), data).unwrap();
    assert!(matches!(o, Origin::Rebuilt(ref r) if r.contains("truncated")));

    // Shorter than a header.
    std::fs::write(&path, b"TWIST").unwrap();
    let (_, o) = cache.get_or_build(&spec(), data).unwrap();
    assert!(matches!(o, Origin::Rebuilt(ref r) if r.contains("truncated")));

    // Wrong magic.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[0] = b'X';
    std::fs::write(&path, &bytes).unwrap();
    let (_, o) = cache.get_or_build(&spec(), data).unwrap();
    assert!(matches!(o, Origin::Rebuilt(ref r) if r.contains("magic")));

    // A foreign table stored under this name.
    let other = TableSpec {
        name: String::from("other/table"),
        entry_bits: 4,
        entries: 1001,
    };
    let other_path = cache.store(&other, &data()).unwrap();
    std::fs::rename(&other_path, &path).unwrap();
    let (_, o) = cache.get_or_build(&spec(), data).unwrap();
    assert!(matches!(o, Origin::Rebuilt(ref r) if r.contains("other/table")));

    assert_eq!(cache.list().len(), 1);
    assert_eq!(cache.clean().unwrap(), 1);
    assert!(cache.list().is_empty());
}

#[test]
fn memory_cap_and_bad_builds() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path()).with_max_memory(Some(100));
    let e = cache.get_or_build(&spec(), data).unwrap_err();
    assert!(e.to_string().contains("over the memory cap"), "{e}");
    let cache = TableCache::new(dir.path());
    let e = cache.get_or_build(&spec(), || vec![1, 2, 3]).unwrap_err();
    assert!(matches!(e, TableError::BadBuild { .. }));
    let long = TableSpec {
        name: "x".repeat(65),
        entry_bits: 4,
        entries: 2,
    };
    assert!(matches!(
        cache.store(&long, &[0]),
        Err(TableError::NameTooLong(_))
    ));
}

#[test]
fn a_table_in_memory_must_have_the_spec_length() {
    let t = Table::from_vec(spec(), data()).expect("the right length");
    assert_eq!(t.bytes(), &data()[..]);
    assert!(!t.is_mapped());
    let mut short = data();
    short.pop();
    assert!(Table::from_vec(spec(), short).is_none());
}

#[test]
fn a_cache_without_a_directory_builds_in_memory_and_stores_nothing() {
    let cache = TableCache::in_memory();
    assert!(cache.is_in_memory());
    let mut builds = 0;
    for _ in 0..2 {
        let (t, origin) = cache
            .get_or_build(&spec(), || {
                builds += 1;
                data()
            })
            .unwrap();
        // Quiet: built, never "unsaved" with a warning.
        assert_eq!(origin, Origin::Built);
        assert_eq!(t.bytes(), &data()[..]);
        assert!(!cache.has_file(&spec()));
    }
    // Nothing stored anywhere, so the second request built it again.
    assert_eq!(builds, 2);
    assert!(!std::path::Path::new(&spec().file_name()).exists());
    assert!(matches!(
        cache.store(&spec(), &data()),
        Err(TableError::Io { .. })
    ));
    assert_eq!(cache.load(&spec()).unwrap().map(|_| ()), None);
}

#[test]
fn the_huge_page_account_of_a_mapping_is_read_from_smaps() {
    let smaps = "\
7f47f5e00000-7f4817786000 r--s 00000000 fe:00 5431363    /t/3x3x3-twophase-phase1-down.tbl
Size:             550424 kB
Rss:              550424 kB
FilePmdMapped:    544768 kB
VmFlags: rd sh mr mw me ms hg
7f4817786000-7f4817800000 rw-p 00000000 00:00 0
Rss:                   4 kB
FilePmdMapped:         0 kB
";
    assert_eq!(huge::file_pmd_mapped_kb(smaps, 0x7f47_f5e0_0000), Some(544_768));
    assert_eq!(huge::file_pmd_mapped_kb(smaps, 0x7f48_1778_6000), Some(0));
    // No mapping starts there (inside the first one), or no such line.
    assert_eq!(huge::file_pmd_mapped_kb(smaps, 0x7f47_f5e0_1000), None);
    assert_eq!(
        huge::file_pmd_mapped_kb("7f00-7f10 r--p 0 0 0\nRss: 4 kB\n", 0x7f00),
        None
    );
}

#[test]
fn a_big_mapped_table_keeps_its_bytes_whether_kept_mapped_or_copied() {
    // Over the size worth the huge-page check: the kernel may map it by 2 MiB pages (kept)
    // or not (copied); the bytes are the same either way.
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let big = TableSpec {
        name: String::from("test/distance/huge"),
        entry_bits: 8,
        entries: 5 << 20,
    };
    let bytes: Vec<u8> = (0..big.entries).map(|i| (i * 131 % 251) as u8).collect();
    cache.store(&big, &bytes).unwrap();
    let (t, o) = cache.get_or_build(&big, || panic!("must load")).unwrap();
    assert_eq!(o, Origin::Loaded);
    let t = t.into_huge_pages();
    assert_eq!(t.bytes(), &bytes[..]);
    assert!(t.check().is_ok());
}
