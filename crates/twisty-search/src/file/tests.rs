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

/// A source of table files kept outside the process, counting its reads.
struct Kept {
    files: std::sync::Mutex<std::collections::BTreeMap<String, Vec<u8>>>,
    reads: std::sync::atomic::AtomicUsize,
}

impl TableSource for Kept {
    fn has(&self, file_name: &str) -> bool {
        self.files.lock().unwrap().contains_key(file_name)
    }
    fn read(&self, file_name: &str) -> Option<Vec<u8>> {
        self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.files.lock().unwrap().get(file_name).cloned()
    }
}

/// The whole file of the table `spec()` built by a cache without a directory.
fn exported_file() -> Vec<u8> {
    let cache = TableCache::in_memory();
    let (t, origin) = cache.get_or_build(&spec(), data).unwrap();
    assert_eq!(origin, Origin::Built);
    assert_eq!(cache.memory().take_built(), vec![spec().file_name()]);
    assert!(
        cache.memory().take_built().is_empty(),
        "each built table is listed once"
    );
    let e = cache.memory().export(&spec().file_name()).unwrap();
    assert_eq!(e.data(), t.bytes());
    let file = [&e.header[..], e.data()].concat();
    assert_eq!(file.len(), e.len());
    // Once handed out, the store keeps no table alive: the solver's copy is the only one.
    drop((t, e));
    let gone = cache.memory().export(&spec().file_name()).unwrap_err();
    assert!(gone.contains("no longer held"), "{gone}");
    file
}

#[test]
fn a_table_built_is_held_for_export_until_the_next_take_even_when_the_solver_drops_it() {
    let cache = TableCache::in_memory();
    let (t, _) = cache.get_or_build(&spec(), data).unwrap();
    drop(t);
    assert_eq!(cache.memory().take_built(), vec![spec().file_name()]);
    assert_eq!(
        cache.memory().export(&spec().file_name()).unwrap().data(),
        &data()[..]
    );
    // Built again, dropped, named, then not handed out before the next take: released.
    let (t, _) = cache.get_or_build(&spec(), data).unwrap();
    drop(t);
    assert_eq!(cache.memory().take_built().len(), 1);
    assert!(cache.memory().take_built().is_empty());
    assert!(cache.memory().export(&spec().file_name()).is_err());
    assert!(cache.memory().list().is_empty());
}

#[test]
fn a_table_handed_out_by_a_cache_in_memory_is_loaded_by_the_next_one() {
    let file = exported_file();
    let cache = TableCache::in_memory();
    assert!(!cache.has_file(&spec()));
    let header = cache.memory().import(file).unwrap();
    assert_eq!(header.spec, spec());
    assert!(cache.has_file(&spec()));
    assert_eq!(cache.memory().list()[0].how, memory::Held::Imported);
    let (t, origin) = cache.get_or_build(&spec(), || panic!("must not build")).unwrap();
    assert_eq!(origin, Origin::Loaded);
    assert_eq!(t.bytes(), &data()[..]);
    assert!(cache.memory().take_built().is_empty());
    let listed = cache.memory().list();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].how, memory::Held::Loaded);
    // A loaded table is handed out again as the same file.
    let e = cache.memory().export(&spec().file_name()).unwrap();
    assert_eq!(e.data(), &data()[..]);
    assert_eq!(decode_header(&e.header).unwrap().spec, spec());
}

#[test]
fn a_corrupt_or_wrong_table_file_is_refused_and_built_again() {
    let file = exported_file();
    let cache = TableCache::in_memory();
    let mut flipped = file.clone();
    flipped[HEADER_LEN + 3] ^= 0x10;
    let e = cache.memory().import(flipped).unwrap_err();
    assert!(e.contains("checksum mismatch"), "{e}");
    let e = cache
        .memory()
        .import(file[..file.len() - 1].to_vec())
        .unwrap_err();
    assert!(e.contains("truncated"), "{e}");
    let e = cache.memory().import(b"not a table".to_vec()).unwrap_err();
    assert!(e.contains("shorter than the header"), "{e}");
    let mut magic = file.clone();
    magic[0] = b'X';
    assert!(cache.memory().import(magic).unwrap_err().contains("bad magic"));
    assert!(!cache.has_file(&spec()), "nothing refused is kept");
    // A valid file of another table under this one's name: refused when it is used.
    let other = TableSpec {
        name: String::from("test/distance/htm"),
        entry_bits: 8,
        entries: spec().data_len(),
    };
    let mut renamed = file.clone();
    renamed[..HEADER_LEN].copy_from_slice(&encode_header(&other, xxh3_64(&file[HEADER_LEN..])).unwrap());
    cache.memory().import(renamed).unwrap();
    let mut builds = 0;
    let (t, origin) = cache
        .get_or_build(&spec(), || {
            builds += 1;
            data()
        })
        .unwrap();
    assert_eq!(builds, 1);
    assert!(
        matches!(&origin, Origin::Rebuilt(r) if r.contains("expected test/distance/htm (4-bit × 1001)")),
        "{origin:?}"
    );
    assert_eq!(t.bytes(), &data()[..]);
    assert_eq!(cache.memory().take_built(), vec![spec().file_name()]);
}

#[test]
fn a_cache_in_memory_reads_a_missing_table_from_its_source_and_checks_it() {
    let file = exported_file();
    let kept = std::sync::Arc::new(Kept {
        files: Default::default(),
        reads: Default::default(),
    });
    let cache = TableCache::in_memory();
    cache.memory().set_source(Some(kept.clone()));
    assert!(!cache.has_file(&spec()));
    kept.files
        .lock()
        .unwrap()
        .insert(spec().file_name(), file.clone());
    assert!(cache.has_file(&spec()), "kept by the source");
    assert_eq!(
        kept.reads.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "has reads nothing"
    );
    let (t, origin) = cache.get_or_build(&spec(), || panic!("must not build")).unwrap();
    assert_eq!(origin, Origin::Loaded);
    assert_eq!(t.bytes(), &data()[..]);
    // A corrupt file at the source: rebuilt, with the reason.
    let mut bad = file;
    bad[HEADER_LEN] ^= 1;
    kept.files.lock().unwrap().insert(spec().file_name(), bad);
    let (_, origin) = cache.get_or_build(&spec(), data).unwrap();
    assert!(
        matches!(&origin, Origin::Rebuilt(r) if r.contains("checksum mismatch")),
        "{origin:?}"
    );
}
