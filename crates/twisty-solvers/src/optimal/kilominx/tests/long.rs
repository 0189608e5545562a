//! The long tests, ignored by default: the seed's appendix C with full tables, the served
//! seed faces against directly built tables, and lookup averages.

use super::super::*;
use twisty_core::rng::seeded_rng;
use twisty_search::packed::Nibbles;

/// The seed's appendix C: every scramble of the given lengths solved with the named heuristic
/// and its length compared with the seed's proven optimal length. Builds the heuristic's
/// tables into a temporary directory unless `TWISTY_KILOMINX_TEST_TABLES` names a directory
/// holding them.
fn appendix_c(heuristic: &str, lengths: &[usize]) {
    let text = std::fs::read_to_string(crate::test_data::seed_input(
        "puddles31_HonoursProject_Report_c-testing_kilominx_scrambles.tsv",
    ))
    .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = std::env::var_os("TWISTY_KILOMINX_TEST_TABLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| tmp.path().to_path_buf());
    let cache = TableCache::new(dir);
    let solver = KilominxOptimal::new(&cache, heuristic).unwrap();
    let k = Kilominx;
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let len: usize = cols[0].parse().unwrap();
        if !lengths.contains(&len) {
            continue;
        }
        let s = k.state_after(&k.parse_moves(cols[1]).unwrap());
        let sol = solver.solve(&k, &s, &Limits::default()).unwrap();
        assert_eq!(sol.length, cols[2].parse::<u32>().unwrap(), "{line}");
        n += 1;
    }
    assert!(n > 0);
}

#[test]
#[ignore = "builds 6.9 GiB of tables (about 30-45 processor-minutes); scrambles of 10-12 moves of appendix C; \
            run with `cargo test --release -p twisty-solvers appendix_c -- --ignored`"]
fn appendix_c_lengths_with_best() {
    appendix_c("best", &[10, 11, 12]);
}

#[test]
#[ignore = "builds 809 MiB of tables (about 3 min on 2 cores); scrambles of 10-11 moves of appendix C"]
fn appendix_c_lengths_with_faces() {
    appendix_c("faces", &[10, 11]);
}

#[test]
#[ignore = "builds 827 MiB of tables (about 20 min on 2 cores); scrambles of 10-11 moves of appendix C"]
fn appendix_c_lengths_with_seed() {
    appendix_c("seed", &[10, 11]);
}

/// The seed's BL, DL and D face databases built directly agree with the lookups that serve
/// them through the rotation (from the R and DBR tables) on sampled states.
#[test]
#[ignore = "builds four 339,072,480-entry face databases (about 15 min on 2 cores)"]
fn served_seed_faces_equal_directly_built_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = std::env::var_os("TWISTY_KILOMINX_TEST_TABLES")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| tmp.path().to_path_buf());
    let cache = TableCache::new(dir);
    let seed = Config::named("seed").unwrap();
    let solver = KilominxOptimal::with_config(&cache, seed.clone(), false).unwrap();
    let k = Kilominx;
    let mut rng = seeded_rng(99);
    for face in [4usize, 6, 11] {
        assert_ne!(seed.lookups[face].power, 0, "face {face} is served by rotation");
        let direct = Pattern::new(&FACE_PATTERNS[face]).unwrap();
        let table = direct.build(false);
        let mut checked = std::collections::BTreeSet::new();
        for n in 0..20_000 {
            let s = Node::new(&k.state_after(&k.random_moves(&mut rng, n % 16)));
            let via = solver.lookups.value(&solver.lookups.order[face], &s);
            let pos: Vec<u8> = direct.cubies.iter().map(|&c| s.w[c as usize] & 31).collect();
            let tw: Vec<u8> = direct.cubies.iter().map(|&c| s.w[c as usize] >> 5).collect();
            let want = Nibbles(&table).get(direct.index0(&pos, &tw)) as u32;
            assert_eq!(via, want, "face {face}, sample {n}");
            checked.insert(want);
        }
        assert!(checked.len() >= 8, "{checked:?}");
    }
}

/// The averages, over random states, of the first 6-cubie table's three lookups (max), the
/// second's, both, and the whole `best-rotations` heuristic: how much the second table adds.
/// Needs the `best` tables in `TWISTY_KILOMINX_TEST_TABLES`; prints the figures.
#[test]
#[ignore = "needs the 6.6 GiB of 6-cubie tables in TWISTY_KILOMINX_TEST_TABLES"]
fn six_cubie_lookup_averages_on_random_states() {
    let Some(dir) = std::env::var_os("TWISTY_KILOMINX_TEST_TABLES") else {
        panic!("set TWISTY_KILOMINX_TEST_TABLES to the directory holding the `best` tables");
    };
    let cache = TableCache::new(dir);
    let solver = KilominxOptimal::new(&cache, "best-rotations").unwrap();
    let k = Kilominx;
    let mut rng = seeded_rng(2026);
    let n = 2000;
    let (mut first, mut second, mut both, mut all) = (0u64, 0u64, 0u64, 0u64);
    let mut better = 0;
    for _ in 0..n {
        let mut node = Node::new(&k.state_after(&k.random_moves(&mut rng, 100)));
        solver.lookups.init(&mut node);
        let a = node.h[..3].iter().copied().max().unwrap_or(0) as u64;
        let b = node.h[3..6].iter().copied().max().unwrap_or(0) as u64;
        first += a;
        second += b;
        both += a.max(b);
        better += usize::from(b > a);
        all += solver.lookups.estimate(&node, u32::MAX) as u64;
    }
    let avg = |x: u64| x as f64 / n as f64;
    println!(
        "{n} random states: first table (3 lookups) {:.3}, second {:.3}, both {:.3}, \
         whole heuristic {:.3}; second > first in {better}",
        avg(first),
        avg(second),
        avg(both),
        avg(all)
    );
    assert!(both >= first);
}
