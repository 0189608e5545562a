//! The large-table mode of the two-phase solver: the full phase-1 table's file handling
//! (quick), and its distances, closer moves and solves (ignored: building the table takes
//! about 8 s on two cores; with `TWISTY_TABLES` set, the table is loaded from or stored in
//! that cache).
#![allow(clippy::unwrap_used)]

use std::sync::{Arc, OnceLock};
use std::time::Instant;
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::{seeded_rng, Puzzle};
use twisty_search::{Origin, TableCache, TableError};
use twisty_solvers::twophase::large::{cache, symmove, Phase1Full, N_ENTRIES};
use twisty_solvers::twophase::perimeter::TableBytes;
use twisty_solvers::twophase::search::MAX_PRE_MOVES_LARGE;
use twisty_solvers::twophase::{coord, SearchPlan, TwoPhase};
use twisty_solvers::Limits;

fn reason(r: Result<Option<(Phase1Full, Origin)>, TableError>) -> String {
    match r {
        Err(TableError::Invalid { reason, .. }) => reason,
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("an invalid table was accepted"),
    }
}

/// Missing files are no table; truncated, corrupt and well-formed but wrong files are
/// refused with the reason.
#[test]
fn bad_table_files_give_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let tables = TwoPhase::global().tables();
    assert!(cache::load(&cache, tables).unwrap().is_none());
    // Files of the right size that decode but hold no distances.
    let (ts, ss) = (cache::table_spec(), cache::sym_spec());
    cache.store(&ss, &vec![0u8; ss.data_len() as usize]).unwrap();
    assert!(
        cache::load(&cache, tables).unwrap().is_none(),
        "one file alone is no table"
    );
    cache.store(&ts, &vec![0u8; ts.data_len() as usize]).unwrap();
    assert_eq!(
        reason(cache::load(&cache, tables)),
        "not a phase-1 distance table"
    );
    // One byte changed: the checksum fails.
    let path = cache.path(&ts);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(reason(cache::load(&cache, tables)).contains("checksum"));
    // Cut short.
    std::fs::write(&path, &bytes[..bytes.len() - 1000]).unwrap();
    let why = reason(cache::load(&cache, tables));
    assert!(why.contains("truncated"), "{why}");
}

/// The exact distance of a neighbour follows from the node's distance and the entry.
#[test]
fn neighbour_distances_follow_from_mod3() {
    for d in 0..13u8 {
        for delta in [-1i32, 0, 1] {
            let n = d as i32 + delta;
            if n < 0 {
                continue;
            }
            assert_eq!(
                Phase1Full::next_distance(d, (n % 3) as u8) as i32,
                n,
                "{d} {delta}"
            );
        }
    }
}

fn full() -> &'static Arc<Phase1Full> {
    static T: OnceLock<Arc<Phase1Full>> = OnceLock::new();
    T.get_or_init(|| {
        let tables = TwoPhase::global().tables();
        let start = Instant::now();
        let full = match std::env::var_os("TWISTY_TABLES") {
            Some(dir) => {
                cache::load_or_build(&TableCache::new(dir), tables, false)
                    .unwrap()
                    .0
            }
            None => Phase1Full::build(tables, false).0,
        };
        eprintln!("full phase-1 table ready in {:.1?}", start.elapsed());
        Arc::new(full)
    })
}

/// The smallest number of moves taking the raw phase-1 coordinates to the subgroup, by
/// iterative deepening on the small tables.
fn phase1_optimum(t: &twisty_solvers::twophase::Tables, x: (u16, u16, u16)) -> u8 {
    fn within(t: &twisty_solvers::twophase::Tables, x: (u16, u16, u16), n: u8) -> bool {
        if x == (0, 0, 0) {
            return true;
        }
        let h = t.phase1.distances(x.0, x.1, x.2).into_iter().max().unwrap_or(0);
        if h > n {
            return false;
        }
        (0..18).any(|m| {
            let y = (
                t.twist_move[x.0 as usize * 18 + m],
                t.flip_move[x.1 as usize * 18 + m],
                t.slice_move[x.2 as usize * 18 + m],
            );
            within(t, y, n - 1)
        })
    }
    (0..=12).find(|&n| within(t, x, n)).unwrap_or(99)
}

/// Every entry is reached, the deepest at 12; the distances of random states are the
/// phase-1 optimum found by a separate search.
#[test]
#[ignore = "builds the 35 MB phase-1 table"]
fn full_table_gives_exact_phase1_distances() {
    let tables = TwoPhase::global().tables();
    let full = full();
    let mut counts = [0usize; 4];
    for i in 0..N_ENTRIES {
        counts[full.entry(i) as usize] += 1;
    }
    assert_eq!(counts[3], 0, "unreached entries");
    assert!(cache::plausible(full, tables));
    let mut rng = seeded_rng(2028);
    let mut deepest = 0;
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        let x = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
        let d = full.distance(tables, x.0, x.1, x.2).unwrap();
        assert_eq!(d, phase1_optimum(tables, x));
        for max in 0..=12 {
            let within = full.distance_at_most(tables, x.0, x.1, x.2, max);
            assert_eq!(within, (d <= max).then_some(d), "bound {max}");
        }
        deepest = deepest.max(d);
    }
    assert!((10..=12).contains(&deepest));
}

/// The large mode gives the small mode's answers (the same phase-1 solutions in the same
/// order) with fewer phase-1 nodes, the small mode limited to the large mode's pre-moves.
#[test]
#[ignore = "builds the 35 MB phase-1 table"]
fn large_mode_gives_the_small_modes_answers() {
    let small = TwoPhase::new();
    let large = TwoPhase::new().with_large(full().clone());
    let mut rng = seeded_rng(7);
    let limits = Limits {
        max_length: Some(20),
        ..Limits::default()
    };
    let (mut ctx_s, mut ctx_l) = (small.context(), large.context());
    ctx_s.set_max_pre_moves(Some(MAX_PRE_MOVES_LARGE));
    for _ in 0..50 {
        let s = Cube3.random_state(&mut rng);
        let a = ctx_s.solve(&s, 20, &limits, Instant::now()).unwrap().to_vec();
        let b = ctx_l.solve(&s, 20, &limits, Instant::now()).unwrap().to_vec();
        assert_eq!(a, b);
        assert!(ctx_l.nodes() < ctx_s.nodes());
    }
}

/// Solves in the large mode are valid, within the bound, on one thread and two, and with
/// a budget.
#[test]
#[ignore = "builds the 35 MB phase-1 table"]
fn large_mode_solves_within_the_bound() {
    let tp = TwoPhase::new().with_large(full().clone());
    assert!(tp.is_large());
    let mut rng = seeded_rng(28);
    for (k, max) in [(0, 20), (1, 20), (2, 19), (3, 21)] {
        for _ in 0..25 {
            let s = Cube3.random_state(&mut rng);
            let limits = Limits {
                max_length: Some(max),
                ..Limits::default()
            };
            let plan = SearchPlan {
                threads: 1 + k % 2,
                improve_until: (k == 3).then(|| Instant::now() + std::time::Duration::from_millis(20)),
                ..SearchPlan::default()
            };
            let sol = tp.solve_with_plan(&Cube3, &s, &limits, &plan, 0).unwrap();
            assert!(sol.moves.len() <= max as usize);
            let mut t = s;
            Cube3.apply_all(&mut t, &sol.moves);
            assert!(Cube3.is_solved(&t));
        }
    }
}

/// The closer-move masks, read in the frame of the state (through its flip-slice
/// symmetry), name exactly the moves whose state is one move closer to the subgroup.
#[test]
#[ignore = "builds the 35 MB phase-1 table"]
fn closer_moves_are_exactly_the_moves_one_closer() {
    let tables = TwoPhase::global().tables();
    let full = full();
    let down = full.down.as_ref().expect("a built table has its closer moves");
    let mut rng = seeded_rng(2029);
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        let (t, f, s) = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
        let d = full.distance(tables, t, f, s).unwrap();
        let fs = full.sym.raw_to_sym[s as usize * coord::N_FLIP + f as usize];
        let mask = down.mask(&full.moves, symmove::index(&full.sym, fs, t), (fs & 15) as usize);
        for m in 0..18 {
            let child = (
                tables.twist_move[t as usize * 18 + m],
                tables.flip_move[f as usize * 18 + m],
                tables.slice_move[s as usize * 18 + m],
            );
            let dc = full.distance(tables, child.0, child.1, child.2).unwrap();
            assert_eq!(mask >> m & 1 == 1, dc + 1 == d, "move {m}: {d} -> {dc}");
        }
    }
}

/// The search gives the same answers with the closer-move masks as without them, in fewer
/// nodes.
#[test]
#[ignore = "builds the 35 MB phase-1 table"]
fn closer_moves_change_no_answer() {
    let full = full();
    let sym = cache::sym_from_bytes(&cache::sym_to_bytes(&full.sym)).unwrap();
    let plain = Phase1Full::from_parts(sym, TableBytes::Owned(full.raw().to_vec())).unwrap();
    assert!(plain.down.is_none());
    let without = TwoPhase::new().with_large(Arc::new(plain));
    let with = TwoPhase::new().with_large(full.clone());
    let mut rng = seeded_rng(8);
    let (mut a, mut b) = (without.context(), with.context());
    for max in [20, 19] {
        let limits = Limits {
            max_length: Some(max),
            ..Limits::default()
        };
        for _ in 0..30 {
            let s = Cube3.random_state(&mut rng);
            let x = a.solve(&s, max, &limits, Instant::now()).unwrap().to_vec();
            let y = b.solve(&s, max, &limits, Instant::now()).unwrap().to_vec();
            assert_eq!(x, y);
            assert!(b.nodes() < a.nodes(), "{} vs {}", b.nodes(), a.nodes());
        }
    }
}

/// A missing, corrupt or wrong closer-move file is derived again from the entries and
/// stored, and said so; the table then loads whole.
#[test]
#[ignore = "builds the 35 MB phase-1 table"]
fn closer_moves_file_is_derived_again_when_missing_or_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let tc = TableCache::new(dir.path());
    let tables = TwoPhase::global().tables();
    let (_, origins) = cache::load_or_build(&tc, tables, false).unwrap();
    assert!(origins.iter().all(|o| *o == Origin::Built), "{origins:?}");
    let spec = cache::down_spec();
    let path = tc.path(&spec);
    let good = std::fs::read(&path).unwrap();
    let load = || {
        let (full, origin) = cache::load(&tc, tables).unwrap().unwrap();
        assert!(full.down.is_some());
        origin
    };
    assert_eq!(load(), Origin::Loaded);
    // Well-formed but wrong.
    tc.store(&spec, &vec![0u8; spec.data_len() as usize]).unwrap();
    match load() {
        Origin::Rebuilt(why) => assert!(why.contains("do not match"), "{why}"),
        o => panic!("{o:?}"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), good);
    // One byte changed.
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    match load() {
        Origin::Rebuilt(why) => assert!(why.contains("checksum"), "{why}"),
        o => panic!("{o:?}"),
    }
    // Missing.
    std::fs::remove_file(&path).unwrap();
    assert_eq!(load(), Origin::Built);
    assert_eq!(load(), Origin::Loaded);
}
