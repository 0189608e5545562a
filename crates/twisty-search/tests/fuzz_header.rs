//! Fuzzing of the table header decoder and of the cache's checks on whole files: 100,000
//! generated headers (raw bytes, and headers with the right magic and random or extreme
//! fields, names and lengths) plus the shared seed corpus. Fails on a panic, on a decoded
//! header that does not hold the bytes it came from, or on slow inputs.
#![allow(clippy::unwrap_used)]

#[path = "../../twisty-core/tests/fuzz/mod.rs"]
mod fuzz;

use fuzz::{corpus, run, Gen};
use twisty_search::file::{decode_header, HEADER_LEN, MAGIC, VERSION};
use twisty_search::{TableCache, TableSpec};

const EXTREMES: [u64; 8] = [0, 1, 2, 4, 8, 1 << 62, u64::MAX, u64::MAX / 4 + 1];

fn field(g: &mut Gen) -> u64 {
    if g.chance(50) {
        *g.pick(&EXTREMES)
    } else {
        g.next_u64() >> g.below(64)
    }
}

/// A header with the right magic (mostly), random or extreme fields and a random name,
/// followed by 0 to 40 data bytes.
fn header(g: &mut Gen) -> Vec<u8> {
    let mut h = vec![0u8; HEADER_LEN];
    if g.chance(90) {
        h[0..8].copy_from_slice(MAGIC);
    }
    let version = if g.chance(80) {
        VERSION
    } else {
        g.next_u64() as u32
    };
    h[8..12].copy_from_slice(&version.to_le_bytes());
    h[12..16].copy_from_slice(&(field(g) as u32).to_le_bytes());
    h[16..24].copy_from_slice(&field(g).to_le_bytes());
    h[24..32].copy_from_slice(&field(g).to_le_bytes());
    h[32..40].copy_from_slice(&g.next_u64().to_le_bytes());
    for b in h[40..40 + g.below(65)].iter_mut() {
        *b = if g.chance(90) {
            g.within(0x20, 0x7e) as u8
        } else {
            g.next_u64() as u8
        };
    }
    let cut = if g.chance(10) {
        g.below(HEADER_LEN)
    } else {
        HEADER_LEN
    };
    h.truncate(cut);
    h.extend((0..g.below(41)).map(|_| g.next_u64() as u8));
    h
}

#[test]
fn fuzz_decode_header() {
    run(
        "table decode_header",
        21,
        &corpus(),
        |g| {
            if g.chance(25) {
                fuzz::bytes(g, 200)
            } else {
                header(g)
            }
        },
        |b| {
            if let Ok(h) = decode_header(b) {
                assert!(b.len() >= HEADER_LEN && &b[0..8] == MAGIC);
                assert_eq!(u64::from_le_bytes(b[16..24].try_into().unwrap()), h.spec.entries);
                // Sizes never panic, whatever the header claims.
                let _ = (h.spec.data_len(), h.spec.checked_data_len(), h.spec.file_name());
            }
        },
    );
}

#[test]
fn fuzzed_files_are_refused_without_panics() {
    // Whole files through `verify_file` and `load`: far fewer cases (each touches the disk).
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let spec = TableSpec {
        name: String::from("fuzz/table"),
        entry_bits: 4,
        entries: 10,
    };
    let path = cache.path(&spec);
    let mut g = Gen::new(22);
    for _ in 0..500 {
        let bytes = header(&mut g);
        std::fs::write(&path, &bytes).unwrap();
        let verified = cache.verify_file(&path);
        let loaded = cache.load(&spec);
        if let Ok(h) = &verified {
            assert_eq!(h.spec.file_name(), spec.file_name());
        }
        if let Ok(Some(t)) = loaded {
            assert_eq!(t.bytes().len() as u64, spec.data_len());
        }
    }
}
