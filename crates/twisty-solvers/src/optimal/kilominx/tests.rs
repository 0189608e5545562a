use super::pattern::{move_maps, MAX_K};
use super::symmetry::Rotation;
use super::*;
use std::collections::HashMap;
use twisty_core::rng::seeded_rng;
use twisty_search::packed::Nibbles;
use twisty_search::Origin;

fn inverse_state(moves: &[KiloMove]) -> KiloState {
    let k = Kilominx;
    let inv: Vec<KiloMove> = moves.iter().rev().map(|&m| k.inverse(m)).collect();
    k.state_after(&inv)
}

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

#[test]
fn index_round_trip_and_sizes() {
    let p = Pattern::new(&SPARSE_PATTERNS[0]).unwrap();
    assert_eq!(p.size(), 7_534_944);
    for f in &FACE_PATTERNS {
        assert_eq!(Pattern::new(f).unwrap().size(), 339_072_480);
    }
    let small = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
    let (mut pos, mut tw) = ([0u8; 3], [0u8; 3]);
    for i in (0..small.size()).step_by(997) {
        small.unindex(i, &mut pos, &mut tw);
        assert_eq!(small.index_of(&pos, &tw), i);
    }
    // The seed's formula on a hand-computed case: positions 3, 1, 19 (zero-based 2, 0, 18)
    // give codes 2, 0, 16: rank 2·P(18,2) + 0·P(17,1) + 16 = 2·306 + 16 = 628; twists
    // 1, 0, 2 give 1·9 + 2 = 11; index 628·27 + 11.
    assert_eq!(small.index_of(&[3, 1, 19], &[1, 0, 2]), 628 * 27 + 11);
    assert!(Pattern::new(&["UFL"]).is_none());
    assert!(Pattern::new(&["UFR", "UFR"]).is_none());
    assert!(Pattern::new(&["XYZ"]).is_none());
    assert!(specs("nope").is_none());
    assert_eq!(specs("seed").map(|s| s.len()), Some(10));
    assert_eq!(specs("faces").map(|s| s.len()), Some(5));
    let best = specs("best").unwrap();
    assert_eq!(best.len(), 2);
    for spec in &best[..2] {
        assert_eq!(
            (spec.entry_bits, spec.entries),
            (2, 19 * 18 * 17 * 16 * 15 * 14 * 729)
        );
    }
    // Distinct files: a cache holding only the first table is not misread.
    assert_ne!(best[0].file_name(), best[1].file_name());
    assert_eq!(best[1].name, "kilominx/pdb2/UBL-UBR-UBM-MBR-MBM-BRD");
    // `best` looks up each 6-cubie table 6 times (rotations and reflections),
    // `best-rotations` 3 times; neither reads the face tables. `best-mirror` is `best`.
    let c = Config::named("best").unwrap();
    assert_eq!(c.mod3.iter().map(|m| m.powers.len()).collect::<Vec<_>>(), [6, 6]);
    assert!(c.lookups.is_empty() && c.patterns.is_empty());
    let c = Config::named("best-rotations").unwrap();
    assert_eq!(c.mod3.iter().map(|m| m.powers.len()).collect::<Vec<_>>(), [3, 3]);
    assert_eq!(specs("best-rotations"), specs("best"));
    assert_eq!(specs("best-mirror"), specs("best"));
    assert_eq!(super::heuristic_named("best-mirror"), Some("best"));
    assert_eq!(super::heuristic_named("best-rotations"), Some("best-rotations"));
    assert_eq!(super::heuristic_named("Best"), None);
    assert_eq!(super::DEFAULT_HEURISTIC, "best");
    for h in super::HEURISTICS {
        assert!(Config::named(h).is_some(), "{h}");
    }
}

/// Both 6-cubie sets take one cubie from each 3-cycle of the rotation about UFL (their three
/// copies are disjoint and cover the 18 moving cubies), and group the cubies differently.
#[test]
fn the_six_cubie_sets_partition_the_moving_cubies_differently() {
    let powers = Rotation::powers().unwrap();
    let copies = |names: &[&str]| -> Vec<Vec<u8>> {
        let p = Pattern::new(names).unwrap();
        powers
            .iter()
            .map(|r| {
                let mut v: Vec<u8> = p.cubies.iter().map(|&c| r.cubie(c)).collect();
                v.sort_unstable();
                v
            })
            .collect()
    };
    let (a, b) = (copies(&BEST_PATTERN), copies(&SECOND_PATTERN));
    for sets in [&a, &b] {
        let mut all: Vec<u8> = sets.concat();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 18, "{sets:?}");
        let fixed = |name: &str| twisty_core::kilominx::CUBIE_NAMES.iter().position(|&n| n == name);
        for c in ["UFL", "DBR"] {
            assert!(!all.contains(&(fixed(c).unwrap() as u8)));
        }
    }
    // No copy of the second set is a copy of the first, and none shares more than 3 cubies.
    for x in &b {
        for y in &a {
            assert!(x.iter().filter(|c| y.contains(c)).count() <= 3, "{x:?} {y:?}");
        }
    }
}

#[test]
fn small_database_matches_an_independent_bfs() {
    // A 3-cubie pattern (157,464 entries): every entry against a hash-map BFS on the
    // abstracted state (positions and twists of the three cubies).
    let p = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
    let table = p.build(false);
    let maps = move_maps();
    let start: Vec<(u8, u8)> = p.cubies.iter().map(|&c| (c - 1, 0)).collect();
    let mut dist: HashMap<Vec<(u8, u8)>, u8> = HashMap::from([(start.clone(), 0)]);
    let mut frontier = vec![start];
    let mut d = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for s in &frontier {
            for m in 0..48 {
                let t: Vec<(u8, u8)> = s
                    .iter()
                    .map(|&(pos, tw)| (maps.dest[m][pos as usize], (tw + maps.add[m][pos as usize]) % 3))
                    .collect();
                if !dist.contains_key(&t) {
                    dist.insert(t.clone(), d + 1);
                    next.push(t);
                }
            }
        }
        frontier = next;
        d += 1;
    }
    assert_eq!(dist.len() as u64, p.size());
    for (s, &d) in &dist {
        let pos: Vec<u8> = s.iter().map(|x| x.0 + 1).collect();
        let tw: Vec<u8> = s.iter().map(|x| x.1).collect();
        assert_eq!(Nibbles(&table).get(p.index_of(&pos, &tw)), d);
    }
}

#[test]
fn block_built_tables_equal_the_generic_breadth_first_tables() {
    use twisty_search::packed::Mod3;
    for names in [
        &["UFR", "DBR", "MBL"][..],
        &["UBM", "FLD"],
        &["MFR", "DFM", "BRD"],
    ] {
        let p = Pattern::new(names).unwrap();
        let generic = p.build_generic(false);
        assert_eq!(p.build(false), generic, "{names:?}");
        let m3 = Mod3(p.build_mod3(false).unwrap());
        let g = Nibbles(&generic);
        for i in 0..p.size() {
            assert_eq!(m3.get(i), g.get(i) % 3, "{names:?} entry {i}");
        }
    }
}

/// The exact distances a mod-3 database carries (start found by walking down, children
/// derived from parents) equal the 4-bit table of the same pattern, through all three
/// rotations, along random walks.
#[test]
fn carried_mod3_distances_equal_the_exact_table() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let p = Pattern::new(&["UFR", "DBR", "MBL", "BRD"]).unwrap();
    let exact = Pdb::new(&cache, p.clone(), false).unwrap();
    let m3 = Pdb::new_mod3(&cache, p, false).unwrap();
    assert_eq!(m3.spec().entry_bits, 2);
    let specs: Vec<LookupSpec> = (0..3u8)
        .map(|power| LookupSpec {
            pattern: 0,
            inverse: false,
            power,
        })
        .collect();
    // A second mod-3 database carried in the next three slots, as `best-rotations` has.
    let q = Pattern::new(&["UBL", "MBM", "DFR"]).unwrap();
    let exact2 = Pdb::new(&cache, q.clone(), false).unwrap();
    let m3b = Pdb::new_mod3(&cache, q, false).unwrap();
    let specs: Vec<LookupSpec> = specs
        .iter()
        .copied()
        .chain((0..3u8).map(|power| LookupSpec {
            pattern: 1,
            inverse: false,
            power,
        }))
        .collect();
    let lookups = Lookups::new(
        vec![exact, exact2],
        &specs,
        vec![(m3, vec![0, 1, 2]), (m3b, vec![0, 1, 2])],
    );
    let k = Kilominx;
    let mut rng = seeded_rng(21);
    let mut max = 0;
    for start_len in [0, 3, 9, 25] {
        let s = k.state_after(&k.random_moves(&mut rng, start_len));
        let mut node = Node::new(&s);
        lookups.init(&mut node);
        for m in k.random_moves(&mut rng, 40) {
            for j in 0..6 {
                let want = lookups.value(&lookups.order[j], &node);
                assert_eq!(node.h[j] as u32, want, "lookup {j}");
                max = max.max(want);
            }
            let mut kid = node.apply(m.index() as usize);
            lookups.derive(&node, &mut kid);
            node = kid;
        }
    }
    assert!(max >= 5, "{max}");
}

#[test]
fn lookups_of_the_inverse_state_equal_lookups_on_the_inverted_state() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let p = Pattern::new(&["UBM", "DFM", "BRD"]).unwrap();
    let pdb = Pdb::new(&cache, p, false).unwrap();
    let k = Kilominx;
    let mut rng = seeded_rng(3);
    let mut differ = 0;
    for _ in 0..200 {
        let moves = k.random_moves(&mut rng, 12);
        let s = k.state_after(&moves);
        let inv = inverse_state(&moves);
        let (a, b) = (
            pdb.lookup(&Node::new(&s), true),
            pdb.lookup(&Node::new(&inv), false),
        );
        assert_eq!(a, b);
        differ += usize::from(a != pdb.lookup(&Node::new(&s), false));
    }
    // The inverse lookup is a different bound, not a copy of the forward one.
    assert!(differ > 20, "{differ}");
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
#[ignore = "builds 6.6 GiB of tables (about 30-45 processor-minutes); scrambles of 10-12 moves of appendix C; \
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

fn where_after_move(w: &[u8; 20], m: usize) -> [u8; 20] {
    let maps = move_maps();
    let mut out = [0u8; 20];
    for c in 1..20 {
        let (p, t) = ((w[c] & 31) as usize, w[c] >> 5);
        out[c] = maps.dest[m][p] | ((t + maps.add[m][p]) % 3) << 5;
    }
    out
}

#[test]
fn the_rotation_about_ufl_is_an_automorphism() {
    let r = Rotation::new().expect("the rotation exists");
    assert_eq!(&r.face[..3], &[1, 2, 0]);
    let r3 = r.then(&r).then(&r);
    assert_eq!(r3.rho, Rotation::identity().rho);
    assert_eq!(r3.delta.map(|d| (d + 3 - r3.delta[0]) % 3), [0; 19]);
    let k = Kilominx;
    let mut rng = seeded_rng(21);
    for _ in 0..20 {
        let s = Node::new(&k.state_after(&k.random_moves(&mut rng, 25)));
        let ts = r.apply_where(&s.w);
        for m in 0..48 {
            let m2 = 4 * r.face[m / 4] as usize + m % 4;
            assert_eq!(
                r.apply_where(&s.apply(m).w),
                where_after_move(&ts, m2),
                "move {m}"
            );
        }
    }
    // Solved maps to solved.
    let solved = Node::new(&KiloState::SOLVED).w;
    assert_eq!(r.apply_where(&solved), solved);
}

#[test]
fn rotated_lookups_equal_the_tables_of_the_rotated_cubie_sets() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let powers = Rotation::powers().unwrap();
    let p = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
    let k = Kilominx;
    for j in 1..3u8 {
        // The rotated set, in a shuffled order (values do not depend on the order).
        let mut names: Vec<&str> = p
            .cubies
            .iter()
            .map(|&c| twisty_core::kilominx::CUBIE_NAMES[powers[j as usize].cubie(c) as usize])
            .collect();
        names.rotate_left(1);
        let q = Pattern::new(&names).unwrap();
        assert_ne!(q.spec(), p.spec());
        let via = Config {
            lookups: [false, true]
                .map(|inverse| LookupSpec {
                    pattern: 0,
                    inverse,
                    power: j,
                })
                .to_vec(),
            ..Config::plain(vec![p.clone()])
        };
        let direct = Config {
            lookups: [false, true]
                .map(|inverse| LookupSpec {
                    pattern: 0,
                    inverse,
                    power: 0,
                })
                .to_vec(),
            ..Config::plain(vec![q.clone()])
        };
        let via = KilominxOptimal::with_config(&cache, via, false).unwrap();
        let direct = KilominxOptimal::with_config(&cache, direct, false).unwrap();
        let mut rng = seeded_rng(j as u64);
        let mut values = std::collections::BTreeSet::new();
        for n in 0..400 {
            let s = Node::new(&k.state_after(&k.random_moves(&mut rng, n % 13)));
            for l in 0..2 {
                let a = via.lookups.value(&via.lookups.order[l], &s);
                let b = direct.lookups.value(&direct.lookups.order[l], &s);
                assert_eq!(a, b, "power {j}, lookup {l}, {n}");
                values.insert(a);
            }
        }
        assert!(values.len() >= 5, "{values:?}");
    }
}

#[test]
fn the_seed_face_sets_fall_into_rotation_classes() {
    let faces: Vec<Pattern> = FACE_PATTERNS.iter().map(|f| Pattern::new(f).unwrap()).collect();
    let (built, served) = with_symmetry(&faces);
    // U and L (their stand-ins for UFL are not images of each other), F from U;
    // R, BL, DL; BR, DR, DBL; DBR, DB, D.
    let names: Vec<Vec<&str>> = built.iter().map(|p| p.names()).collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert_eq!(names[0], FACE_PATTERNS[0]);
    assert_eq!(names[1], FACE_PATTERNS[1]);
    assert_eq!(names[2], FACE_PATTERNS[3]);
    assert_eq!(served.iter().filter(|s| s.1 == 0).count(), 5);
    assert_eq!(served[2], (0, 2));
    assert_eq!(served.len(), 12);
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
#[ignore = "needs the 6.6 GiB of `best` tables in TWISTY_KILOMINX_TEST_TABLES"]
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
