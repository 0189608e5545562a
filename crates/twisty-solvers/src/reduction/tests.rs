use super::cycles::{Library, Orbit};
use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn solve_random(n: usize, seed: u64) -> Solution<Block> {
    let cube = CubeN::new(n).expect("size");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let state = cube.random_state(&mut rng);
    let sol = Reduction::new()
        .solve(&cube, &state, &Limits::default())
        .unwrap_or_else(|e| panic!("{n}x{n}x{n}: {e}"));
    let mut s = state.clone();
    cube.apply_all(&mut s, &sol.moves);
    assert!(cube.is_solved(&s), "{n}x{n}x{n}: the answer does not solve");
    assert_eq!(sol.stats.phases.len(), STAGES.len());
    sol
}

#[test]
fn random_states_of_4_to_7_are_solved() {
    for n in 4..=7 {
        for seed in 0..2 {
            solve_random(n, seed);
        }
    }
}

#[test]
fn small_cubes_are_solved() {
    for n in 2..=3 {
        solve_random(n, 1);
    }
}

#[test]
fn a_large_cube_is_solved() {
    solve_random(12, 7);
}

#[test]
#[ignore = "a benchmark: the largest size the targets name"]
fn size_33_is_solved() {
    let t = web_time::Instant::now();
    let sol = solve_random(33, 1);
    let parts: Vec<String> = sol
        .stats
        .phases
        .iter()
        .map(|p| format!("{} {}", p.name, p.length))
        .collect();
    println!(
        "33: {} OBTM ({}) in {:.1} s",
        sol.length,
        parts.join(", "),
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn every_three_cycle_of_an_orbit_is_in_its_book_and_pure() {
    for n in [4, 5, 7] {
        let cube = CubeN::new(n).expect("size");
        let mut lib = Library::default();
        let mut orbits: Vec<Orbit> = (0..cube.centre_orbits()).map(Orbit::Centre).collect();
        orbits.extend((0..cube.wing_orbits()).map(Orbit::Wing));
        for o in orbits {
            let book = lib.book(&cube, o);
            assert_eq!(book.three_cycles(), 24 * 23 * 22 / 3, "{n}: {o:?}");
        }
    }
}

#[test]
fn an_odd_wing_permutation_is_fixed_by_the_parity_stage() {
    let cube = CubeN::new(4).expect("size");
    // One inner slice turn: odd wings, scrambled centres.
    let state = cube.state_after(&[Block {
        axis: 0,
        lo: 2,
        hi: 2,
        angle: 0,
    }]);
    let stages = Reduction::new()
        .with_centre_tables(false)
        .stages(&cube, &state, &Limits::default())
        .expect("solves");
    assert_eq!(stages[1].0.len(), 1);
}

#[test]
fn a_state_of_another_size_is_refused() {
    let four = CubeN::new(4).expect("size");
    let five = CubeN::new(5).expect("size");
    let err = Reduction::new().solve(&four, &five.solved(), &Limits::default());
    assert!(err.is_err());
}

/// The benchmark of scripts/bench_cube_n.sh: `CUBE_N_BENCH` lists `N:count` (default
/// `4:3,5:3,6:2,7:2,10:1`); N = 4, 5 and N ≥ 8 get uniformly random states, N = 6 and 7
/// random-move scrambles of the WCA lengths (80, 100). Prints mean, median and max OBTM,
/// the stages' means and the time per solve (not asserted).
#[test]
#[ignore = "a benchmark: prints lengths and times"]
fn lengths() {
    let spec = std::env::var("CUBE_N_BENCH").unwrap_or_else(|_| "4:3,5:3,6:2,7:2,10:1".to_string());
    for item in spec.split(',') {
        let mut it = item.split(':');
        let n: usize = it.next().and_then(|x| x.trim().parse().ok()).expect("N");
        let count: u64 = it.next().and_then(|x| x.trim().parse().ok()).unwrap_or(1);
        let cube = CubeN::new(n).expect("size");
        let beam = std::env::var("CUBE_N_BEAM")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(DEFAULT_BEAM);
        let solver = Reduction::new().with_beam(beam);
        // Books and two-phase tables built before the clock starts.
        solver
            .solve(&cube, &cube.solved(), &Limits::default())
            .expect("solved state");
        let mut lengths = Vec::new();
        let mut stage_sums = [0u64; STAGES.len()];
        let mut times = Vec::new();
        for seed in 0..count {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1000 + seed);
            let state = match n {
                6 | 7 => {
                    let moves = cube.random_moves(&mut rng, if n == 6 { 80 } else { 100 });
                    cube.state_after(&moves)
                }
                _ => cube.random_state(&mut rng),
            };
            let t = web_time::Instant::now();
            let sol = solver
                .solve(
                    &cube,
                    &state,
                    &Limits {
                        metric: Metric::Obtm,
                        ..Limits::default()
                    },
                )
                .expect("solves");
            times.push(t.elapsed().as_secs_f64());
            let mut s = state.clone();
            cube.apply_all(&mut s, &sol.moves);
            assert!(cube.is_solved(&s));
            lengths.push(sol.length);
            for (sum, p) in stage_sums.iter_mut().zip(&sol.stats.phases) {
                *sum += u64::from(p.length);
            }
        }
        lengths.sort_unstable();
        let mean = |v: u64| v as f64 / count as f64;
        let total: u64 = lengths.iter().map(|&l| u64::from(l)).sum();
        let stages: Vec<String> = solver
            .stage_names(n)
            .iter()
            .zip(stage_sums)
            .map(|(name, sum)| format!("{name} {:.1}", mean(sum)))
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{n}x{n}x{n}: {count} solves, OBTM mean {:.1} median {} max {}; stages: {}; time mean {:.3} s max {:.3} s",
            mean(total),
            lengths[lengths.len() / 2],
            lengths[lengths.len() - 1],
            stages.join(", "),
            times.iter().sum::<f64>() / count as f64,
            times[times.len() - 1],
        );
    }
}

#[test]
fn the_first_x_centres_by_tables_leave_them_solved_and_the_wings_even() {
    for (n, seed) in [(4, 0), (4, 1), (4, 2), (5, 3), (6, 4)] {
        let cube = CubeN::new(n).expect("size");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let state = cube.random_state(&mut rng);
        let moves = super::xcentres::solve(&cube, &state).expect("the tables reach every state");
        let mut s = state.clone();
        cube.apply_all(&mut s, &moves);
        assert!(
            (0..24).all(|p| s.centres(0)[p] as usize == p / 4),
            "centres solved"
        );
        assert!(!parity(s.wings(0)), "wing permutation even");
        assert!(moves.len() < 40, "{} moves", moves.len());
    }
}

#[test]
fn the_4x4x4_edges_are_paired_before_the_3x3x3_stage() {
    let cube = CubeN::new(4).expect("size");
    let solver = Reduction::new();
    for seed in 0..6 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(40 + seed);
        let state = cube.random_state(&mut rng);
        let stages = solver.stages(&cube, &state, &Limits::default()).expect("solves");
        assert_eq!(stages.len(), PAIRED_STAGES.len());
        let mut s = state.clone();
        for (k, (m, _)) in stages.iter().enumerate() {
            cube.apply_all(&mut s, m);
            if k == 2 {
                // After the pairing: centres solved, every edge paired, no OLL or PLL parity.
                assert!(
                    (0..24).all(|p| s.centres(0)[p] as usize == p / 4),
                    "seed {seed}: centres"
                );
                let (ep, eo) = pairing::paired_edges(&cube, &s).expect("every edge paired");
                let cp: Vec<u8> = (0..8).map(|i| s.corner_perm(i)).collect();
                assert_eq!(parity(&ep), parity(&cp), "seed {seed}: PLL parity");
                assert_eq!(
                    eo.iter().map(|&f| u32::from(f)).sum::<u32>() % 2,
                    0,
                    "seed {seed}: flips"
                );
            }
        }
        assert!(cube.is_solved(&s), "seed {seed}");
        assert!(
            stages[4].0.is_empty(),
            "seed {seed}: nothing left for the 3-cycles"
        );
        let total: u32 = stages.iter().map(|(m, _)| simplify::obtm(&cube, m)).sum();
        assert!(total < 110, "seed {seed}: {total} OBTM");
    }
}

#[test]
fn the_parity_fix_keeps_the_centres_and_the_pairs_and_swaps_two_edges() {
    let cube = CubeN::new(4).expect("size");
    let fix = cube.parse_moves(pairing::PARITY_FIX).expect("parses");
    let s = cube.state_after(&fix);
    assert!((0..24).all(|p| s.centres(0)[p] as usize == p / 4));
    let (ep, eo) = pairing::paired_edges(&cube, &s).expect("paired");
    assert!(parity(&ep), "the edges' permutation is odd");
    assert!(eo.iter().all(|&f| f == 0));
    // Half turns only: the corners' permutation (the held cube's turned in the reference
    // frame) stays even.
    let cp: Vec<u8> = (0..8).map(|i| s.corner_perm(i)).collect();
    assert!(!parity(&cp));
}

#[test]
fn the_pairing_refuses_unsolved_centres_and_other_sizes() {
    let cube = CubeN::new(4).expect("size");
    let libs = &mut Library::default();
    let book = pairing::PairingBook::build(&cube, &libs.book(&cube, Orbit::Wing(0)), 2).expect("book");
    assert!(!book.is_empty());
    let turned = cube.state_after(&cube.parse_moves("Rw").expect("parses"));
    let never = || false;
    assert_eq!(
        book.solve(&cube, &turned, 4, &never).err(),
        Some(pairing::PairingError::Centres)
    );
    let five = CubeN::new(5).expect("size");
    assert_eq!(
        pairing::PairingBook::build(&five, &libs.book(&five, Orbit::Wing(0)), 2).err(),
        Some(pairing::PairingError::Size(5))
    );
    // Solved: nothing to pair.
    assert_eq!(book.solve(&cube, &cube.solved(), 4, &never), Ok(Some(Vec::new())));
}

#[test]
fn the_time_limit_and_the_cancel_flag_stop_every_size() {
    for n in [4, 5, 7] {
        let cube = CubeN::new(n).expect("size");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let state = cube.random_state(&mut rng);
        let limits = Limits {
            timeout: Some(std::time::Duration::ZERO),
            ..Limits::default()
        };
        let err = Reduction::new()
            .solve(&cube, &state, &limits)
            .expect_err("stopped");
        assert!(matches!(err, SolveError::Timeout { .. }), "{n}: {err}");
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let limits = Limits {
            cancel: Some(cancel),
            ..Limits::default()
        };
        let err = Reduction::new()
            .solve(&cube, &state, &limits)
            .expect_err("stopped");
        assert!(matches!(err, SolveError::Cancelled { .. }), "{n}: {err}");
    }
}

#[test]
fn several_pairings_are_offered_shortest_first_each_different() {
    let cube = CubeN::new(4).expect("size");
    let libs = &mut Library::default();
    let book = pairing::PairingBook::build(&cube, &libs.book(&cube, Orbit::Wing(0)), 4).expect("book");
    // Centres solved, wings broken.
    let start = cube.state_after(&cube.parse_moves("Uw R U R' Uw' Fw' L F2 L' Fw").expect("parses"));
    assert!((0..24).all(|p| start.centres(0)[p] as usize == p / 4));
    let never = || false;
    let all = book
        .solve_many(&cube, &start, 16, 4, &never)
        .expect("pairs")
        .expect("not stopped");
    assert!(all.len() > 1, "{} candidates", all.len());
    assert!(all.len() <= 4);
    let one = book
        .solve(&cube, &start, 16, &never)
        .expect("pairs")
        .expect("not stopped");
    assert_eq!(one, all[0], "the first candidate is the single answer");
    let mut ends = Vec::new();
    for m in &all {
        let mut s = start.clone();
        cube.apply_all(&mut s, m);
        assert!((0..24).all(|p| s.centres(0)[p] as usize == p / 4), "centres kept");
        assert!(pairing::paired_edges(&cube, &s).is_some(), "every edge paired");
        let w = s.wings(0).to_vec();
        assert!(!ends.contains(&w), "each ends differently");
        ends.push(w);
    }
}
