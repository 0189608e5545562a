//! Tests of the pattern databases: indexing, the cubie sets, the built tables against
//! breadth-first ones, carried distances, and the lookups through the rotation.

use super::super::pattern::move_maps;
use super::super::symmetry::Rotation;
use super::super::*;
use super::inverse_state;
use std::collections::HashMap;
use twisty_core::rng::seeded_rng;
use twisty_search::packed::Nibbles;

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
    assert_eq!(best.len(), 4);
    for spec in &best[..2] {
        assert_eq!(
            (spec.entry_bits, spec.entries),
            (2, 19 * 18 * 17 * 16 * 15 * 14 * 729)
        );
    }
    // Distinct files: a cache holding only the first table is not misread.
    assert_ne!(best[0].file_name(), best[1].file_name());
    assert_eq!(best[1].name, "kilominx/pdb2/UBL-UBR-UBM-MBR-MBM-BRD");
    // `best` and `best-forward` look up each 6-cubie table 6 times (rotations and
    // reflections), `best-rotations` 3 times; only `best` reads the two face tables inside
    // the 6-cubie sets (faces R and BR), for its inverse lookups and nothing else.
    // `best-mirror` is `best-forward`.
    let c = Config::named("best").unwrap();
    assert_eq!(c.mod3.iter().map(|m| m.powers.len()).collect::<Vec<_>>(), [6, 6]);
    assert!(c.lookups.is_empty());
    assert_eq!(c.inverse_faces, [0, 1]);
    assert_eq!(best[2].name, "kilominx/pdb/UFR-UBR-MFR-MBR-FRD");
    assert_eq!(best[3].name, "kilominx/pdb/UBR-UBM-MBR-MBM-BRD");
    // The same files as `faces` (and `seed`) use: a cache holding those keeps them.
    let faces = specs("faces").unwrap();
    assert!(best[2..].iter().all(|b| faces.contains(b)));
    let c = Config::named("best-forward").unwrap();
    assert!(c.lookups.is_empty() && c.patterns.is_empty() && c.inverse_faces.is_empty());
    let c = Config::named("best-rotations").unwrap();
    assert_eq!(c.mod3.iter().map(|m| m.powers.len()).collect::<Vec<_>>(), [3, 3]);
    assert_eq!(specs("best-rotations").unwrap(), best[..2]);
    assert_eq!(specs("best-forward").unwrap(), best[..2]);
    assert_eq!(specs("best-mirror"), specs("best-forward"));
    assert_eq!(super::heuristic_named("best-mirror"), Some("best-forward"));
    assert_eq!(super::heuristic_named("best-rotations"), Some("best-rotations"));
    // `best-exact`: the same two 6-cubie sets as 4-bit tables (6.6 GiB each), each read
    // through the six symmetries for the state and for its inverse; no other table.
    let exact = specs("best-exact").unwrap();
    assert_eq!(exact.len(), 2);
    for (spec, m3) in exact.iter().zip(&best[..2]) {
        assert_eq!((spec.entry_bits, spec.entries), (4, m3.entries));
        assert_eq!(spec.name, m3.name.replace("pdb2", "pdb"));
        assert_eq!(spec.data_len(), 7_120_522_080);
    }
    let c = Config::named("best-exact").unwrap();
    assert!(c.mod3.is_empty() && c.inverse_faces.is_empty());
    assert_eq!(c.lookups.len(), 24);
    for t in 0..2 {
        for inverse in [false, true] {
            let mut powers: Vec<u8> = c
                .lookups
                .iter()
                .filter(|l| l.pattern == t && l.inverse == inverse)
                .map(|l| l.power)
                .collect();
            powers.sort_unstable();
            assert_eq!(powers, [0, 1, 2, 3, 4, 5], "pattern {t}, inverse {inverse}");
        }
    }
    // The forward lookups come first.
    assert!(c.lookups[..12].iter().all(|l| !l.inverse));
    assert_eq!(super::heuristic_named("best-exact"), Some("best-exact"));
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

/// Big 4-bit tables are built and dropped before any table is loaded, then loaded from the
/// cache: the solver reports them as built, and solves as one that kept them in memory.
#[test]
fn tables_built_first_are_reported_built_and_loaded_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let patterns = vec![
        Pattern::new(&["UFR", "UBR", "MFR"]).unwrap(),
        Pattern::new(&["UBL", "UBR", "UBM"]).unwrap(),
    ];
    let first = KilominxOptimal::with_config_at(&cache, Config::exact(patterns.clone()), false, 0).unwrap();
    assert!(first.pdbs().iter().all(|p| p.origin == Origin::Built));
    for p in &patterns {
        assert!(cache.path(&p.spec()).exists());
    }
    let again = KilominxOptimal::with_config_at(&cache, Config::exact(patterns.clone()), false, 0).unwrap();
    assert!(again.pdbs().iter().all(|p| p.origin == Origin::Loaded));
    // Built with nothing dropped (the threshold out of reach) from a fresh cache: the same.
    let other = tempfile::tempdir().unwrap();
    let kept =
        KilominxOptimal::with_config(&TableCache::new(other.path()), Config::exact(patterns), false).unwrap();
    assert!(kept.pdbs().iter().all(|p| p.origin == Origin::Built));
    let k = Kilominx;
    let mut rng = seeded_rng(8);
    for _ in 0..5 {
        let s = k.state_after(&k.random_moves(&mut rng, 20));
        assert!(first.heuristic(&s) > 0);
        assert_eq!(first.heuristic(&s), again.heuristic(&s));
        assert_eq!(first.heuristic(&s), kept.heuristic(&s));
    }
}
