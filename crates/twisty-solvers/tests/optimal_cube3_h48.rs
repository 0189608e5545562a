//! Tests of the `h48` 3x3x3 heuristics end to end with the tiny variant (`h48-tiny`: no
//! flip bit, base 5, built in well under a second): the build does not depend on where its
//! breadth-first search stops, the table is admissible and exact where it claims to be,
//! optimal lengths and `--all` agree with the `small` databases, corrupt and truncated
//! files are rebuilt, and a memory cap is honoured. The real sizes' tests are `#[ignore]`d.
#![allow(clippy::unwrap_used)]
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_search::{Origin, TableCache};
use twisty_solvers::optimal::cube3::h48::coords::H48Coords;
use twisty_solvers::optimal::cube3::h48::{gen, Variant};
use twisty_solvers::optimal::cube3::{Cube3Optimal, HeuristicKind};
use twisty_solvers::{verify, Limits};

struct Fixture {
    _dir: tempfile::TempDir,
    cache: TableCache,
    h48: Cube3Optimal,
    small: Cube3Optimal,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let h48 = Cube3Optimal::new(&cache, HeuristicKind::H48Tiny, false).unwrap();
        let small = Cube3Optimal::new(&cache, HeuristicKind::Small, false).unwrap();
        Fixture {
            _dir: dir,
            cache,
            h48,
            small,
        }
    })
}

fn scramble(len: usize, seed: u64) -> (CubieCube, Vec<Cube3Move>) {
    let mut rng = seeded_rng(seed);
    let mut c = CubieCube::SOLVED;
    let mut moves = Vec::new();
    let mut last = 6u8;
    while moves.len() < len {
        let m = Cube3Move::ALL[rand::Rng::random_range(&mut rng, 0..18)];
        if m.face() == last {
            continue;
        }
        last = m.face();
        c = c.after(m);
        moves.push(m);
    }
    (c, moves)
}

/// Exact distances of every state within `depth` moves.
fn ball(depth: u32) -> HashMap<CubieCube, u32> {
    let mut seen = HashMap::from([(CubieCube::SOLVED, 0)]);
    let mut frontier = vec![CubieCube::SOLVED];
    for d in 1..=depth {
        let mut next = Vec::new();
        for c in frontier {
            for m in Cube3Move::ALL {
                let n = c.after(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    seen
}

#[test]
fn the_build_does_not_depend_on_the_short_depth() {
    let co = H48Coords::new();
    // Depth 7 is base + 2: a plain breadth-first search, no depth-first part at all.
    let bfs = gen::build_from(&co, Variant::Tiny, 7, false).unwrap();
    for sd in [3, 5] {
        let t = gen::build_from(&co, Variant::Tiny, sd, false).unwrap();
        assert_eq!(t.values, bfs.values, "short depth {sd}");
        assert!(t.table.bytes() == bfs.table.bytes(), "short depth {sd}");
    }
    // Every stored value occurs; the states within 5 moves are few.
    assert!(bfs.values.iter().all(|&v| v > 0), "{:?}", bfs.values);
    assert_eq!(bfs.short_states.len(), 8);
    assert_eq!(bfs.short_states[0], 1);
    // Half turns are in the target group; the twelve quarter turns are one state up to
    // symmetry.
    assert_eq!(bfs.short_states[1], 1);
}

#[test]
fn heuristic_is_admissible_and_exact_where_stored_exactly() {
    let f = fixture();
    let p = f.h48.h48_problem().unwrap();
    // Lower bound on states of known distance; both probes.
    let b = ball(4);
    for (c, &d) in &b {
        assert!(f.h48.heuristic_of(c) <= d, "{d}");
    }
    for seed in 0..400 {
        let (c, moves) = scramble(5 + (seed % 8) as usize, seed);
        let h = f.h48.heuristic_of(&c);
        assert!(h as usize <= moves.len(), "seed {seed}: {h} > {}", moves.len());
        // The inverse has the same bound from the other probe.
        assert_eq!(h, f.h48.heuristic_of(&c.inverse()));
    }
    // Values 6 and 7 (base + 1, base + 2) are exact coset distances: a state's value v is
    // at most one more than some neighbour's, and no neighbour is below v - 1.
    let mut exact = 0;
    for seed in 0..2000 {
        let (c, _) = scramble(6 + (seed % 4) as usize, 5000 + seed);
        let v = p.value(&c);
        if v == 6 || v == 7 {
            exact += 1;
            let ns: Vec<u8> = Cube3Move::ALL.iter().map(|&m| p.value(&c.after(m))).collect();
            // Without flip bits the coordinate is one that moves act on, so neighbours' exact
            // distances are within one; values up to 5 read as the unit's minimum, above 7 as 8.
            for &w in &ns {
                if w >= 6 {
                    assert!(w <= v + 1, "{v} {ns:?}");
                }
                if v == 7 {
                    assert!(w >= 6, "{v} {ns:?}");
                }
            }
            assert!(ns.iter().any(|&w| w + 1 == v || (w < 6 && v == 6)), "{v} {ns:?}");
        }
        assert!(v <= 8);
    }
    assert!(exact > 100, "{exact}");
}

#[test]
fn optimal_lengths_and_all_solutions_match_the_small_databases() {
    let f = fixture();
    let limits = Limits::default();
    for (seed, len) in [(1u64, 6usize), (2, 7), (3, 8), (4, 9), (5, 9), (6, 10)] {
        let (c, _) = scramble(len, 100 + seed);
        let a = f.h48.solve_with(&c, &limits, true, |_| {}).unwrap();
        let b = f.small.solve_with(&c, &limits, true, |_| {}).unwrap();
        assert_eq!(a[0].length, b[0].length, "seed {seed}");
        for s in &a {
            verify(&Cube3, &c, &s.moves).unwrap();
            let mut x = c;
            for &m in &s.moves {
                x = x.after(m);
            }
            assert_eq!(x, CubieCube::SOLVED);
            assert_eq!(s.length, a[0].length);
        }
        let sa: HashSet<Vec<Cube3Move>> = a.into_iter().map(|s| s.moves).collect();
        let sb: HashSet<Vec<Cube3Move>> = b.into_iter().map(|s| s.moves).collect();
        assert_eq!(sa, sb, "seed {seed}");
    }
    // A bound below the optimum finds nothing.
    let (c, _) = scramble(7, 42);
    let opt = f.h48.solve_with(&c, &limits, false, |_| {}).unwrap()[0].length;
    let short = Limits {
        max_length: Some(opt - 1),
        ..Limits::default()
    };
    assert!(f.h48.solve_with(&c, &short, false, |_| {}).is_err());
}

/// One solution (the search may then switch to choosing the solution's last moves):
/// the optimal length, a solving sequence, on one and on two threads.
#[test]
fn single_solutions_are_optimal_with_switching_on_one_and_two_threads() {
    let f = fixture();
    for threads in [1usize, 2] {
        let limits = Limits {
            threads: Some(threads),
            ..Limits::default()
        };
        for seed in 0..16u64 {
            let (c, _) = scramble(5 + (seed % 6) as usize, 700 + seed);
            let a = f.h48.solve_with(&c, &limits, false, |_| {}).unwrap();
            let b = f.small.solve_with(&c, &limits, false, |_| {}).unwrap();
            assert_eq!(a.len(), 1);
            assert_eq!(a[0].length, b[0].length, "seed {seed}, {threads} threads");
            let x = a[0].moves.iter().fold(c, |x, &m| x.after(m));
            assert_eq!(x, CubieCube::SOLVED, "seed {seed}");
        }
    }
    // After a prefix move the first move follows it canonically.
    let (c, _) = scramble(8, 77);
    let u = Cube3Move::ALL.iter().position(|m| m.to_string() == "U").unwrap();
    let after_u = Limits {
        after_move: Some(u),
        threads: Some(1),
        ..Limits::default()
    };
    let a = f.h48.solve_with(&c, &after_u, false, |_| {}).unwrap();
    let x = a[0].moves.iter().fold(c, |x, &m| x.after(m));
    assert_eq!(x, CubieCube::SOLVED);
    assert_ne!(
        a[0].moves.first().map(|m| m.face()),
        Some(Cube3Move::ALL[u].face())
    );
}

#[test]
fn table_is_persisted_corruption_is_rebuilt_and_memory_is_capped() {
    let f = fixture();
    let t = &f.h48.tables()[0];
    assert_eq!(t.table.spec, Variant::Tiny.spec());
    assert_eq!(t.table.bytes().len() as u64, Variant::Tiny.table_bytes());
    let again = Cube3Optimal::new(&f.cache, HeuristicKind::H48Tiny, false).unwrap();
    assert_eq!(again.tables()[0].origin, Origin::Loaded);
    assert!(again.tables()[0].table.bytes() == t.table.bytes());
    drop(again);

    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let spec = &t.table.spec;
    let mut bytes = std::fs::read(f.cache.path(spec)).unwrap();
    let len = bytes.len();
    bytes[len / 2] ^= 0x10;
    std::fs::write(cache.path(spec), &bytes).unwrap();
    let rebuilt = Cube3Optimal::new(&cache, HeuristicKind::H48Tiny, false).unwrap();
    assert!(
        matches!(&rebuilt.tables()[0].origin, Origin::Rebuilt(r) if r.contains("checksum")),
        "{:?}",
        rebuilt.tables()[0].origin
    );
    assert!(rebuilt.tables()[0].table.bytes() == t.table.bytes());
    let bytes = std::fs::read(cache.path(spec)).unwrap();
    std::fs::write(cache.path(spec), &bytes[..bytes.len() / 3]).unwrap();
    let rebuilt = Cube3Optimal::new(&cache, HeuristicKind::H48Tiny, false).unwrap();
    assert!(
        matches!(&rebuilt.tables()[0].origin, Origin::Rebuilt(r) if r.contains("truncated")),
        "{:?}",
        rebuilt.tables()[0].origin
    );

    let dir = tempfile::tempdir().unwrap();
    let capped = TableCache::new(dir.path()).with_max_memory(Some(1000));
    let e = Cube3Optimal::new(&capped, HeuristicKind::H48Tiny, false).unwrap_err();
    assert!(
        e.to_string().contains("h48-tiny") && e.to_string().contains("max-memory"),
        "{e}"
    );
}

/// The 3.6 GiB table (built into `TWISTY_TABLES`, or a temporary directory: minutes and
/// 4.5 GB): optimal lengths on random states agree with the `best` table's when it is in
/// the same cache, and every solution is verified.
#[test]
#[ignore]
fn h48_7_solves_random_states() {
    let dir = std::env::var_os("TWISTY_TABLES").map(std::path::PathBuf::from);
    let tmp = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.as_deref().unwrap_or(tmp.path()));
    let s = Cube3Optimal::new(&cache, HeuristicKind::H48_7, true).unwrap();
    let best = HeuristicKind::Best
        .specs()
        .iter()
        .all(|spec| cache.path(spec).exists())
        .then(|| Cube3Optimal::new(&cache, HeuristicKind::Best, false).unwrap());
    let mut rng = seeded_rng(2026);
    for _ in 0..3 {
        let c = Cube3.random_state(&mut rng);
        let a = s.solve_with(&c, &Limits::default(), false, |_| {}).unwrap();
        verify(&Cube3, &c, &a[0].moves).unwrap();
        if let Some(b) = &best {
            let b = b.solve_with(&c, &Limits::default(), false, |_| {}).unwrap();
            assert_eq!(a[0].length, b[0].length);
        }
    }
}

/// The progress inside a bound: a solve ends in the bound of its solution's length; a search
/// that runs out at `max_length` ends with that bound's own nodes and every subtree done.
#[test]
fn progress_follows_the_bounds() {
    let f = fixture();
    let (c, _) = scramble(9, 4242);
    let progress = std::sync::Arc::new(twisty_solvers::IterationProgress::new());
    let limits = Limits {
        threads: Some(2),
        progress: Some(progress.clone()),
        ..Limits::default()
    };
    let sols = f.h48.solve_with(&c, &limits, false, |_| {}).unwrap();
    let len = sols[0].length;
    assert!(len >= 6, "{len}");
    assert_eq!(progress.snapshot().bound, len);
    assert!(progress.snapshot().nodes > 0);

    let progress = std::sync::Arc::new(twisty_solvers::IterationProgress::new());
    let short = Limits {
        max_length: Some(len - 1),
        progress: Some(progress.clone()),
        ..limits
    };
    let mut last = None;
    assert!(f.h48.solve_with(&c, &short, false, |b| last = Some(*b)).is_err());
    let last = last.unwrap();
    let s = progress.snapshot();
    assert_eq!((s.bound, s.nodes), (len - 1, last.nodes));
    // (The frontier four moves deep may be pruned whole; the split search is checked in
    // `twisty-search`.)
    assert_eq!(s.done, s.subtrees, "{s:?}");
}
