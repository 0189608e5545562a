//! Tests of the search: the node's state and inverse, optimal lengths against an
//! independent breadth-first search, limits and bad input, and the split search.

use super::super::pattern::MAX_K;
use super::super::*;
use super::inverse_state;
use std::collections::HashMap;
use twisty_core::rng::seeded_rng;
use twisty_search::Origin;

#[test]
fn node_tracks_the_state_and_its_inverse() {
    let k = Kilominx;
    let mut rng = seeded_rng(11);
    for n in [1, 2, 5, 17, 40] {
        let moves = k.random_moves(&mut rng, n);
        let s = k.state_after(&moves);
        let mut node = Node::new(&KiloState::SOLVED);
        for &m in &moves {
            node = node.apply(m.index() as usize);
        }
        assert_eq!(node, Node::new(&s));
        // The inverse state read from the node: cubie c of the inverse is at position
        // s.cubie(c) with the twist inverse_twist(s.twist(c)).
        let inv = Node::new(&inverse_state(&moves));
        for c in 1..20 {
            assert_eq!(inv.w[c] & 31, s.cubie(c) - 1);
            assert_eq!(
                inv.w[c] >> 5,
                search::inverse_twist(s.twist(c)),
                "{n} moves, cubie {c}"
            );
        }
    }
}

/// Exact distances up to 5 by an independent search: a breadth-first ball of radius 3 around
/// solved, met by every sequence of up to 2 moves from the state.
struct Oracle {
    ball: HashMap<KiloState, u32>,
}

impl Oracle {
    fn new() -> Oracle {
        let k = Kilominx;
        let mut ball = HashMap::from([(KiloState::SOLVED, 0)]);
        let mut frontier = vec![KiloState::SOLVED];
        for d in 1..=3 {
            let mut next = Vec::new();
            for s in &frontier {
                for m in k.moves() {
                    let mut t = *s;
                    k.apply(&mut t, m);
                    if let std::collections::hash_map::Entry::Vacant(e) = ball.entry(t) {
                        e.insert(d);
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        assert_eq!(ball.len(), 1 + 48 + 1536 + 43520);
        Oracle { ball }
    }

    /// The exact distance if it is at most 5, else None.
    fn distance(&self, s: &KiloState) -> Option<u32> {
        let k = Kilominx;
        let mut best = self.ball.get(s).copied();
        for a in k.moves() {
            let mut t = *s;
            k.apply(&mut t, a);
            if let Some(d) = self.ball.get(&t) {
                best = Some(best.map_or(d + 1, |b| b.min(d + 1)));
            }
            for b in k.moves() {
                let mut u = t;
                k.apply(&mut u, b);
                if let Some(d) = self.ball.get(&u) {
                    best = Some(best.map_or(d + 2, |x| x.min(d + 2)));
                }
            }
        }
        best
    }
}

fn small_patterns() -> Vec<Pattern> {
    vec![
        Pattern::new(&["UFR", "DBR", "MBL"]).unwrap(),
        Pattern::new(&["UBM", "DFM", "BRD"]).unwrap(),
    ]
}

#[test]
fn optimal_lengths_match_breadth_first_search_to_depth_5() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let oracle = Oracle::new();
    // The `best` shape (forward and inverse lookups) and the seed's expansion order, both with
    // the true move pruning, on small tables.
    let best_like = Config {
        lookups: [(0, false), (0, true), (1, false), (1, true)]
            .map(|(pattern, inverse)| LookupSpec {
                pattern,
                inverse,
                power: 0,
            })
            .to_vec(),
        ..Config::plain(small_patterns())
    };
    let ordered = Config {
        order_children: true,
        ..Config::plain(small_patterns())
    };
    // The `best-rotations` shape: two mod-3 tables through the three rotations first.
    let with_mod3 = Config {
        mod3: [&["UFR", "UBR", "MFR"][..], &["UBL", "UBR", "UBM"]]
            .map(|names| Mod3Config {
                pattern: Pattern::new(names).unwrap(),
                powers: vec![0, 1, 2],
            })
            .to_vec(),
        ..Config::plain(small_patterns())
    };
    let solvers = [
        KilominxOptimal::with_config(&cache, best_like, false).unwrap(),
        KilominxOptimal::with_config(&cache, ordered, false).unwrap(),
        KilominxOptimal::with_config(&cache, with_mod3, false).unwrap(),
        KilominxOptimal::with_config(&cache, super::with_inverse_config(small_patterns()), false).unwrap(),
        // The `best-exact` shape: 4-bit tables through the six symmetries, forward and inverse.
        KilominxOptimal::with_config(&cache, Config::exact(small_patterns()), false).unwrap(),
    ];
    let k = Kilominx;
    let mut rng = seeded_rng(5);
    let mut seen = [0usize; 6];
    for n in 1..=5 {
        for _ in 0..6 {
            let moves = k.random_moves(&mut rng, n);
            let s = k.state_after(&moves);
            let d = oracle.distance(&s).expect("within 5 moves");
            seen[d as usize] += 1;
            for (i, solver) in solvers.iter().enumerate() {
                let threads = if i == 1 { Some(1) } else { None };
                let limits = Limits {
                    threads,
                    ..Default::default()
                };
                let sol = solver.solve(&k, &s, &limits).unwrap();
                let mut t = s;
                k.apply_all(&mut t, &sol.moves);
                assert!(k.is_solved(&t));
                assert_eq!(sol.length, d, "solver {i}: {}", k.format_moves(&moves));
            }
        }
    }
    assert!(seen[5] >= 3, "{seen:?}");
}

#[test]
fn limits_and_bad_input_give_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let solver = KilominxOptimal::with_patterns(&cache, small_patterns()).unwrap();
    let k = Kilominx;
    let mut rng = seeded_rng(9);
    let s = k.state_after(&k.random_moves(&mut rng, 8));
    let e = solver.solve(
        &k,
        &s,
        &Limits {
            max_length: Some(2),
            ..Default::default()
        },
    );
    assert!(
        matches!(e, Err(SolveError::NoSolutionWithin { max_length: 2 })),
        "{e:?}"
    );
    let deep = k.state_after(&k.random_moves(&mut rng, 30));
    let e = solver.solve(
        &k,
        &deep,
        &Limits {
            max_nodes: Some(1000),
            ..Default::default()
        },
    );
    match e {
        Err(SolveError::Timeout { deepest_bound }) => assert!(deepest_bound.is_some_and(|d| d < 12)),
        other => panic!("{other:?}"),
    }
    let cancel = std::sync::Arc::new(AtomicBool::new(true));
    let e = solver.solve(
        &k,
        &s,
        &Limits {
            cancel: Some(cancel),
            max_nodes: None,
            ..Default::default()
        },
    );
    assert!(matches!(e, Err(SolveError::Cancelled { .. })), "{e:?}");
    // A twisted corner is not a legal state.
    let mut twists = [0u8; 20];
    twists[3] = 1;
    let bad = KiloState::from_parts(std::array::from_fn(|i| i as u8), twists);
    assert!(bad.is_err());
    assert!(matches!(
        KilominxOptimal::new(&cache, "nope"),
        Err(SolveError::Unsupported(_))
    ));
    // A corrupt table file is detected and rebuilt.
    let p = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
    let path = cache.path(&p.spec());
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&path, &bytes).unwrap();
    let again = KilominxOptimal::with_patterns(&cache, small_patterns()).unwrap();
    assert!(matches!(again.pdbs()[0].origin, Origin::Rebuilt(_)));
    assert_eq!(
        again.solve(&k, &s, &Limits::default()).unwrap().length,
        solver.solve(&k, &s, &Limits::default()).unwrap().length
    );
    let _ = MAX_K;
}

/// A search split by first moves (what `twisty.ray.solve_optimal` does): for each move m,
/// the state after m searched at exactly the optimal length − 1, continuing m canonically.
/// The answers, m prepended, are exactly the unsplit search's optimal solutions.
#[test]
fn split_search_hints_partition_the_optimal_solutions_by_first_move() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let solver = KilominxOptimal::with_patterns(&cache, small_patterns()).unwrap();
    let k = Kilominx;
    let moves = k.moves();
    let limits = |max: u32, min: Option<u32>, after: Option<usize>| Limits {
        max_length: Some(max),
        min_length: min,
        after_move: after,
        threads: Some(1),
        ..Default::default()
    };
    let mut rng = seeded_rng(31);
    let mut checked = 0;
    for n in [3, 4, 4, 5] {
        let s = k.state_after(&k.random_moves(&mut rng, n));
        let all = solver.solve_all(&s, &limits(12, None, None), |_| {}).unwrap();
        assert!(all.complete);
        let opt = all.solutions[0].length;
        if opt < 2 {
            continue;
        }
        let mut want: Vec<Vec<KiloMove>> = all.solutions.into_iter().map(|x| x.moves).collect();
        let mut got = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            let mut child = s;
            k.apply(&mut child, m);
            match solver.solve_all(&child, &limits(opt - 1, Some(opt - 1), Some(i)), |_| {}) {
                Ok(r) => got.extend(r.solutions.into_iter().map(|x| {
                    let mut v = vec![m];
                    v.extend(x.moves);
                    v
                })),
                Err(SolveError::NoSolutionWithin { .. }) => {}
                Err(e) => panic!("{e:?}"),
            }
        }
        want.sort();
        got.sort();
        assert_eq!(got, want, "{n} moves");
        checked += 1;
    }
    assert!(checked >= 3);
}
