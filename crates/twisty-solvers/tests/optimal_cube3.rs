//! Tests of the optimal 3x3x3 solver with the small heuristic (tables built in a few seconds
//! into a temporary directory), cross-checked against brute force.
#![allow(clippy::unwrap_used)]
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::rng::seeded_rng;
use twisty_core::{Metric, Puzzle};
use twisty_search::{Origin, TableCache};
use twisty_solvers::optimal::cube3::{pdb, Cube3Optimal, HeuristicKind};
use twisty_solvers::{verify, Limits, SolveError, Solver};

struct Fixture {
    _dir: tempfile::TempDir,
    cache: TableCache,
    solver: Cube3Optimal,
    /// The same databases, also probed with the inverse position.
    inverse: Cube3Optimal,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let solver = Cube3Optimal::new(&cache, HeuristicKind::Small, false).unwrap();
        let inverse = Cube3Optimal::new(&cache, HeuristicKind::SmallInverse, false).unwrap();
        Fixture {
            _dir: dir,
            cache,
            solver,
            inverse,
        }
    })
}

/// Canonical successors: no face twice, opposite faces in one order (as the solver prunes).
fn allowed(prev: Option<u8>, m: Cube3Move) -> bool {
    match prev {
        None => true,
        Some(f) => f != m.face() && !(f % 3 == m.face() % 3 && m.face() < f),
    }
}

/// Every state within `depth` moves of `from` with its distance from `from`.
fn ball(from: CubieCube, depth: u32) -> HashMap<CubieCube, u32> {
    let mut seen = HashMap::from([(from, 0)]);
    let mut frontier = vec![from];
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

fn solved_ball() -> &'static HashMap<CubieCube, u32> {
    static B: OnceLock<HashMap<CubieCube, u32>> = OnceLock::new();
    B.get_or_init(|| ball(CubieCube::SOLVED, 4))
}

/// The exact distance of a state within 8 moves, by meeting in the middle.
fn brute_distance(c: CubieCube) -> Option<u32> {
    let near = solved_ball();
    ball(c, 4)
        .iter()
        .filter_map(|(s, d)| near.get(s).map(|e| d + e))
        .min()
}

/// Every canonical sequence of exactly `len` moves that solves `c`.
fn brute_all(
    c: CubieCube,
    len: u32,
    prev: Option<u8>,
    path: &mut Vec<Cube3Move>,
    out: &mut Vec<Vec<Cube3Move>>,
) {
    if len == 0 {
        if c == CubieCube::SOLVED {
            out.push(path.clone());
        }
        return;
    }
    for m in Cube3Move::ALL {
        if allowed(prev, m) {
            path.push(m);
            brute_all(c.after(m), len - 1, Some(m.face()), path, out);
            path.pop();
        }
    }
}

#[test]
fn corner_database_distribution_and_reload() {
    let f = fixture();
    let t = &f.solver.tables()[0];
    assert_eq!(t.table.spec, pdb::corner_spec());
    assert_eq!(t.table.spec.entries, 88_179_840);
    let mut counts = [0u64; 16];
    for b in t.table.bytes() {
        counts[(b & 15) as usize] += 1;
        counts[(b >> 4) as usize] += 1;
    }
    assert_eq!(
        &counts[..12],
        &[1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736]
    );
    assert!(counts[12..].iter().all(|&n| n == 0));
    assert_eq!(f.solver.tables().len(), 3);
    assert_eq!(f.solver.tables()[1].table.spec.entries, 12 * 11 * 10 * 9 * 8 * 32);
    assert_eq!(HeuristicKind::Korf.specs()[1].entries, 510_935_040);

    // Reloaded from the files, then a corrupted file is detected and rebuilt.
    let again = Cube3Optimal::new(&f.cache, HeuristicKind::Small, false).unwrap();
    assert!(again
        .tables()
        .iter()
        .all(|t| t.origin == Origin::Loaded && t.table.is_mapped()));
    drop(again);
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    for spec in HeuristicKind::Small.specs().iter().skip(1) {
        let path = f.cache.path(spec);
        std::fs::copy(&path, cache.path(spec)).unwrap();
    }
    std::fs::copy(f.cache.path(&pdb::corner_spec()), cache.path(&pdb::corner_spec())).unwrap();
    let edge = &HeuristicKind::Small.specs()[2];
    let mut bytes = std::fs::read(cache.path(edge)).unwrap();
    let n = bytes.len();
    bytes[n - 5] ^= 0x10;
    std::fs::write(cache.path(edge), &bytes).unwrap();
    let rebuilt = Cube3Optimal::new(&cache, HeuristicKind::Small, false).unwrap();
    assert_eq!(rebuilt.tables()[0].origin, Origin::Loaded);
    assert!(
        matches!(&rebuilt.tables()[2].origin, Origin::Rebuilt(r) if r.contains("checksum")),
        "{:?}",
        rebuilt.tables()[2].origin
    );
    assert_eq!(
        rebuilt.tables()[2].table.bytes(),
        f.solver.tables()[2].table.bytes()
    );
    // A truncated file too.
    let bytes = std::fs::read(cache.path(edge)).unwrap();
    std::fs::write(cache.path(edge), &bytes[..bytes.len() / 2]).unwrap();
    let rebuilt = Cube3Optimal::new(&cache, HeuristicKind::Small, false).unwrap();
    assert!(matches!(&rebuilt.tables()[2].origin, Origin::Rebuilt(r) if r.contains("truncated")));
}

#[test]
fn heuristic_is_admissible_and_exact_on_solved() {
    let f = fixture();
    let (s, inv) = (&f.solver, &f.inverse);
    assert!(inv.tables().iter().all(|t| t.origin == Origin::Loaded));
    assert_eq!(s.heuristic_of(&CubieCube::SOLVED), 0);
    assert_eq!(inv.heuristic_of(&CubieCube::SOLVED), 0);
    for m in Cube3Move::ALL {
        assert_eq!(s.heuristic_of(&CubieCube::SOLVED.after(m)), 1);
    }
    let mut rng = seeded_rng(11);
    let mut higher = 0;
    for _ in 0..200 {
        let n = 1 + (rand::Rng::random::<u32>(&mut rng) % 8) as usize;
        let c = Cube3.state_after(&Cube3.random_moves(&mut rng, n));
        let d = brute_distance(c).unwrap();
        let (h, hi) = (s.heuristic_of(&c), inv.heuristic_of(&c));
        assert!(h <= hi && hi <= d, "{h} {hi} {d}");
        // The inverse probe of a position is the plain probe of its inverse.
        assert_eq!(hi, h.max(s.heuristic_of(&c.inverse())));
        higher += (hi > h) as u32;
    }
    assert!(higher > 0, "the inverse probe never raised the bound");
}

#[test]
fn optimal_lengths_match_brute_force_up_to_8_moves() {
    let f = fixture();
    let p = Cube3;
    let mut rng = seeded_rng(5);
    for len in 1..=8usize {
        for _ in 0..4 {
            let c = p.state_after(&p.random_moves(&mut rng, len));
            for (threads, s) in [(1, &f.solver), (2, &f.solver), (2, &f.inverse)] {
                let limits = Limits {
                    threads: Some(threads),
                    ..Limits::default()
                };
                let sol = s.solve(&p, &c, &limits).unwrap();
                verify(&p, &c, &sol.moves).unwrap();
                assert!(sol.optimal);
                assert_eq!(Some(sol.length), brute_distance(c), "scramble of {len}");
                assert_eq!(sol.length as usize, sol.moves.len());
            }
        }
    }
}

#[test]
fn all_optimal_solutions_match_brute_force() {
    let s = &fixture().solver;
    let p = Cube3;
    let mut rng = seeded_rng(8);
    for len in [2usize, 3, 4, 5] {
        let c = p.state_after(&p.random_moves(&mut rng, len));
        let d = brute_distance(c).unwrap();
        let mut want = Vec::new();
        brute_all(c, d, None, &mut Vec::new(), &mut want);
        want.sort();
        let got = s.solve_with(&c, &Limits::default(), true, |_| {}).unwrap();
        let mut got: Vec<Vec<Cube3Move>> = got.into_iter().map(|s| s.moves).collect();
        got.sort();
        assert_eq!(got, want, "scramble of {len}");
    }
    // Two commuting faces: `U D` has the one canonical solution `U' D'`.
    let c = p.state_after(&p.parse_moves("U D").unwrap());
    let all = s.solve_with(&c, &Limits::default(), true, |_| {}).unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].moves, p.parse_moves("U' D'").unwrap());
}

#[test]
fn solved_limits_and_errors() {
    let s = &fixture().solver;
    let p = Cube3;
    let sol = s.solve(&p, &CubieCube::SOLVED, &Limits::default()).unwrap();
    assert!(sol.moves.is_empty());
    let c = p.state_after(&p.parse_moves("R U F D L B").unwrap());
    let mut reported = Vec::new();
    let e = s
        .solve_with(
            &c,
            &Limits {
                max_length: Some(4),
                ..Limits::default()
            },
            false,
            |b| reported.push(b.bound),
        )
        .unwrap_err();
    assert_eq!(e, SolveError::NoSolutionWithin { max_length: 4 });
    assert!(reported.iter().all(|&b| b <= 4));
    // A node budget stops a deep search cleanly.
    let deep = p.state_after(&p.parse_moves("R U2 F' L D2 B R' U F2 D' L2 B' U R2 F").unwrap());
    // Cancelled (a raised flag stops a deep search at its first poll).
    let cancel = Arc::new(AtomicBool::new(true));
    let e = s
        .solve(
            &p,
            &deep,
            &Limits {
                cancel: Some(cancel),
                ..Limits::default()
            },
        )
        .unwrap_err();
    assert!(matches!(e, SolveError::Cancelled { .. }), "{e:?}");
    let e = s
        .solve(
            &p,
            &deep,
            &Limits {
                max_nodes: Some(200_000),
                timeout: Some(Duration::from_secs(60)),
                ..Limits::default()
            },
        )
        .unwrap_err();
    assert!(
        matches!(e, SolveError::Timeout { deepest_bound: Some(d) } if d >= 8),
        "{e:?}"
    );
    let e = s
        .solve(
            &p,
            &c,
            &Limits {
                metric: Metric::Qtm,
                ..Limits::default()
            },
        )
        .unwrap_err();
    assert!(matches!(e, SolveError::Unsupported(_)));
    // An impossible state (one twisted corner) is refused.
    let bad = CubieCube::from_parts(
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        [0; 12],
    )
    .unwrap();
    assert!(matches!(
        s.solve(&p, &bad, &Limits::default()),
        Err(SolveError::Invalid(_))
    ));
}

/// Superflip is 20 moves (Reid 1995). Builds the Korf databases (529 MiB, minutes) into a
/// temporary directory, then searches every depth up to 20 with them: days with this
/// heuristic (its corner database says 0 for superflip). Run with `--ignored`.
#[test]
#[ignore]
fn superflip_is_twenty_with_korf() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = TableCache::new(tmp.path());
    let s = Cube3Optimal::new(&cache, HeuristicKind::KorfInverse, true).unwrap();
    let p = Cube3;
    let c = p.state_after(
        &p.parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
            .unwrap(),
    );
    assert_eq!(s.lookups_of(&c)[0], 0);
    let sol = s.solve(&p, &c, &Limits::default()).unwrap();
    verify(&p, &c, &sol.moves).unwrap();
    assert_eq!(sol.length, 20);
}
