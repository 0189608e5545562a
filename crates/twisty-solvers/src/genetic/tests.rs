use super::*;
use crate::genetic::cube::scores;
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::index;

fn scrambled(n: usize, seed: u64) -> (Supercube, SupercubeState) {
    let p = Supercube { n };
    let moves = p.random_moves(&mut seeded_rng(seed), 100);
    let s = p.state_after(&moves);
    (p, s)
}

#[test]
fn active_cubie_goes_inside_out() {
    let p = Supercube { n: 5 };
    let s = p.state_after(&p.parse_moves("x2").unwrap_or_default());
    // x2 turns the core in place: the core is the first active cubie.
    assert_eq!(active_cubie(5, &s.orient), Some(62));
    let s = p.state_after(&p.parse_moves("x0").unwrap_or_default());
    let a = active_cubie(5, &s.orient).map(|q| coords(5, q));
    // The nearest unsolved cubie of the outer shell: a face centre of the x = 0 face.
    assert_eq!(a, Some([0, 2, 2]));
    assert_eq!(active_cubie(5, &p.solved().orient), None);
}

#[test]
fn active_cubie_ties_go_to_the_first_in_the_seeds_scan_order() {
    // Two unsolved face centres of a 3x3x3 at the same distance: (1,1,0) on the low z face
    // and (2,1,1) on the high x face. The seed scans the low side of every axis first, so
    // the z = 0 centre wins although its axis comes later.
    let mut cube = vec![0u8; 27];
    let (low_z, high_x) = (index(3, [1, 1, 0]), index(3, [2, 1, 1]));
    cube[low_z] = 1;
    cube[high_x] = 1;
    assert_eq!(active_cubie(3, &cube), Some(low_z));
    // Same side: the scan runs i (coordinate axis + 1), then j (axis + 2), then the axis.
    // Edges (x,y,z) = (0,0,1) [x face: i = y = 0, j = z = 1] and (0,1,0) [x face: i = 1,
    // j = 0; z face: i = x = 0, j = y = 1, axis 2]: the first is met first.
    let mut cube = vec![0u8; 27];
    let (first, second) = (index(3, [0, 0, 1]), index(3, [0, 1, 0]));
    cube[first] = 5;
    cube[second] = 5;
    assert_eq!(active_cubie(3, &cube), Some(first));
    // An inner cubie beats any outer one, however near.
    let mut cube = vec![0u8; 64];
    cube[0] = 1;
    cube[index(4, [1, 2, 2])] = 1;
    assert_eq!(active_cubie(4, &cube), Some(index(4, [1, 2, 2])));
}

#[test]
fn free_genes_are_the_active_slices_and_mirrors() {
    let g = free_genes(5, [0, 2, 1]);
    // Slices 0, 4, 2, 1, 3 on three axes, three angles each.
    assert_eq!(g.len(), 5 * 9);
    assert!(g.iter().all(|&c| (c as usize) < 45));
    assert_eq!(free_genes(3, [1, 1, 1]).len(), 9);
}

#[test]
fn ga_solves_n2_and_n3_from_a_fixed_seed_and_the_solution_verifies() {
    for ((n, seed), params) in [(2, 7), (3, 11)]
        .into_iter()
        .flat_map(|c| [(c, GaParams::default()), (c, GaParams::paper())])
    {
        let (p, s) = scrambled(n, seed);
        let attempts = params.attempts as u64;
        let solver = GeneticSolver {
            params,
            seed,
            ..GeneticSolver::default()
        };
        let mut lib = MacroLibrary::new(Some(200));
        let mut calls = 0;
        let sol = solver.solve_with(&p, &s, &Limits::default(), &mut lib, |_| calls += 1);
        let sol = match sol {
            Ok(s) => s,
            Err(e) => panic!("N = {n}: {e}"),
        };
        let mut t = s.clone();
        p.apply_all(&mut t, &sol.moves);
        assert!(p.is_solved(&t), "N = {n}");
        let mut t = s.clone();
        p.apply_all(&mut t, &sol.simplified);
        assert!(p.is_solved(&t));
        assert!(sol.simplified.len() <= sol.moves.len());
        let mut t = s.clone();
        p.apply_all(&mut t, &sol.merged);
        assert!(p.is_solved(&t), "N = {n}: merged");
        assert!(sol.simplified.len() <= sol.merged.len() && sol.merged.len() <= sol.moves.len());
        assert_eq!(calls as u64, sol.ga_count);
        assert!(sol.ga_count > 0);
        assert_eq!(sol.ga_runs, sol.ga_count * attempts);
        // Same seed, same run.
        let again = solver
            .solve_with(
                &p,
                &s,
                &Limits::default(),
                &mut MacroLibrary::new(Some(200)),
                |_| {},
            )
            .map(|a| a.moves);
        assert_eq!(again.ok(), Some(sol.moves.clone()));
    }
}

#[test]
fn learned_macros_are_stored_and_the_solver_trait_verifies() {
    let (p, s) = scrambled(3, 5);
    let solver = GeneticSolver::default();
    let mut lib = MacroLibrary::new(None);
    let sol = solver.solve_with(&p, &s, &Limits::default(), &mut lib, |_| {});
    let learned = sol.map(|s| s.learned).unwrap_or(0);
    assert_eq!(learned, lib.len());
    assert!(!lib.is_empty(), "a 3x3x3 solve completes clusters and learns");
    let sol = Solver::solve(&solver, &p, &s, &Limits::default());
    let moves = sol.map(|x| x.moves).unwrap_or_default();
    let mut t = s.clone();
    p.apply_all(&mut t, &moves);
    assert!(p.is_solved(&t));
}

#[test]
fn a_step_plays_its_best_run_lowest_error_then_fewest_moves_first_on_ties() {
    let r = |fitness, moves, generations| ga::GaResult {
        genes: vec![0; 27],
        fitness,
        moves,
        generations,
    };
    let pick = |runs: Vec<ga::GaResult>| best_run(runs).map(|b| (b.fitness, b.moves, b.generations));
    assert_eq!(
        pick(vec![r(9, 3, 1), r(7, 20, 2), r(7, 5, 3), r(8, 1, 4)]),
        Some((7, 5, 3))
    );
    assert_eq!(pick(vec![r(7, 5, 1), r(7, 5, 2)]), Some((7, 5, 1)));
    assert_eq!(pick(vec![r(u64::MAX, 0, 50)]), Some((u64::MAX, 0, 50)));
    assert_eq!(pick(Vec::new()), None);
    assert_eq!(GaParams::paper().attempts, 1);
    assert_eq!(
        GaParams {
            attempts: 1,
            ..GaParams::default()
        },
        GaParams::paper()
    );
}

#[test]
fn bad_parameters_and_budgets_are_errors() {
    let (p, s) = scrambled(3, 1);
    let solver = GeneticSolver {
        params: GaParams {
            population: 1,
            ..GaParams::default()
        },
        ..GeneticSolver::default()
    };
    assert!(matches!(
        solver.solve_with(&p, &s, &Limits::default(), &mut MacroLibrary::new(None), |_| {}),
        Err(SolveError::Unsupported(_))
    ));
    for attempts in [0, MAX_ATTEMPTS + 1] {
        let solver = GeneticSolver {
            params: GaParams {
                attempts,
                ..GaParams::default()
            },
            ..GeneticSolver::default()
        };
        match solver.solve_with(&p, &s, &Limits::default(), &mut MacroLibrary::new(None), |_| {}) {
            Err(e @ SolveError::Unsupported(_)) => assert!(e.to_string().contains("attempts"), "{e}"),
            other => panic!("expected a parameter error for attempts {attempts}, got {other:?}"),
        }
    }
    let solver = GeneticSolver {
        max_gas: 1,
        ..GeneticSolver::default()
    };
    match solver.solve_with(&p, &s, &Limits::default(), &mut MacroLibrary::new(None), |_| {}) {
        Err(e @ SolveError::GaveUp(_)) => assert!(e.to_string().contains("--max-gas 1 GA steps"), "{e}"),
        other => panic!("expected the --max-gas give-up, got {other:?}"),
    }
    let wrong = Supercube { n: 4 }.solved();
    assert!(solver
        .solve_with(
            &p,
            &wrong,
            &Limits::default(),
            &mut MacroLibrary::new(None),
            |_| {}
        )
        .is_err());
}

#[test]
fn net_effect_evaluation_equals_full_simulation() {
    use rand::Rng;
    for n in [3, 4, 5] {
        let (p, s) = scrambled(n, 40 + n as u64);
        let t = Tables::new(&p);
        let mut rng = seeded_rng(n as u64);
        let cube = s.orient.clone();
        for trial in 0..30 {
            let group: Vec<u8> = (0..cube.len()).map(|_| rng.random_range(0..3u8)).collect();
            let b_len = group.iter().filter(|&&g| g == 2).count();
            let homes: Vec<u8> = (0..cube.len()).map(|_| rng.random_range(1..3u8)).collect();
            let (fa, fb) = scores(&t, &cube, &group);
            let len = rng.random_range(1..20);
            let m: Vec<u8> = (0..len).map(|_| rng.random_range(0..9 * n as u8)).collect();
            let mut zero = vec![0u8; cube.len()];
            let mut effect = Vec::new();
            t.net_effect(&m, &mut zero, &mut effect);
            for j in std::iter::once(None).chain((0..9 * n as u8).map(Some)) {
                let mut full = cube.clone();
                let seq: Vec<u8> = j
                    .into_iter()
                    .chain(m.iter().copied())
                    .chain(j.map(genome::inverse))
                    .collect();
                for &c in &seq {
                    t.apply(&mut full, c);
                }
                let (ga, gb) = scores(&t, &full, &group);
                let want = error(ga, gb, b_len);
                let got = t.conjugate_error(&cube, &group, None, (fa, fb, b_len), &effect, j);
                assert_eq!(got, want, "N = {n}, trial {trial}, j = {j:?}");
                // Groups by cubie (home position) instead of by position.
                let (ha, hb) = scores_split(&t, &cube, &group, Some(&homes));
                let (ga, gb) = scores_split(&t, &full, &group, Some(&homes));
                let want = error(ga, gb, b_len);
                let got = t.conjugate_error(&cube, &group, Some(&homes), (ha, hb, b_len), &effect, j);
                assert_eq!(got, want, "by cubie: N = {n}, trial {trial}, j = {j:?}");
            }
        }
    }
}

/// Heavy: 4x4x4 to 6x6x6 with the seed program's macro store, as the paper's runs.
#[test]
#[ignore]
fn ga_solves_n4_to_n6_with_the_seed_macros() {
    let store = crate::test_data::seed_input("robertswita_RubikCube_6bd668f_bin_Release_solutions.bin");
    let lib = MacroLibrary::load(&store, Some(100)).unwrap_or_default();
    assert_eq!(lib.len(), 100);
    for n in 4..=6 {
        let (p, s) = scrambled(n, 100 + n as u64);
        let solver = GeneticSolver {
            learn: false,
            ..GeneticSolver::default()
        };
        let mut l = lib.clone();
        let sol = solver.solve_with(&p, &s, &Limits::default(), &mut l, |_| {});
        let moves = sol.map(|x| x.moves).unwrap_or_default();
        let mut t = s.clone();
        p.apply_all(&mut t, &moves);
        assert!(p.is_solved(&t), "N = {n}");
        assert_eq!(l.len(), 100, "learning is off");
    }
}

/// The straightforward evaluation: whole-cube simulation, whole-cube comparison.
fn reference_evaluate(p: &ga::Problem<'_>, genes: &[u8]) -> (u64, usize) {
    let mut cube = p.cube.to_vec();
    let mut best = (u64::MAX, 0);
    for (i, &g) in genes.iter().enumerate() {
        p.tables.apply(&mut cube, g);
        if cube == p.cube {
            continue;
        }
        let (fa, fb) = scores_split(p.tables, &cube, p.group, p.home);
        let e = error(fa, fb, p.b_len);
        if e < best.0 {
            best = (e, i + 1);
        }
    }
    best
}

#[test]
fn tracked_evaluation_equals_whole_cube_evaluation() {
    use rand::Rng;
    for n in [2, 3, 4, 5] {
        let (p, s) = scrambled(n, 70 + n as u64);
        let t = Tables::new(&p);
        let mut rng = seeded_rng(n as u64);
        let cube = s.orient.clone();
        // Grow the tracked set cluster by cluster, as the solver does.
        let all = twisty_core::supercube::clusters(n);
        let mut group = vec![0u8; cube.len()];
        for (k, c) in all.iter().enumerate() {
            for g in group.iter_mut() {
                if *g == 2 {
                    *g = 1;
                }
            }
            for &q in &c.positions {
                group[q] = 2;
            }
            let act = coords(n, c.positions[0]);
            let genes = free_genes(n, act);
            let tracked = t.tracked_indices(&group);
            // Every other cluster, the groups go by cubie: a random half of the tracked
            // cubies in B, as when the seed's split falls inside a cluster.
            let homes: Vec<u8> = (0..cube.len()).map(|_| rng.random_range(1..3u8)).collect();
            let home = (k % 2 == 1).then_some(&homes[..]);
            let (fa, fb) = scores_split(&t, &cube, &group, home);
            let b_len = c.positions.len();
            let problem = ga::Problem {
                tables: &t,
                cube: &cube,
                group: &group,
                home,
                b_len,
                fa,
                fb,
                high_score: error(fa, fb, b_len),
                free_genes: &genes,
                act,
                tracked: &tracked,
                stop: ga::Stop::default(),
            };
            let mut scratch = vec![0u8; 2 * cube.len()];
            for trial in 0..40 {
                let mut g: Vec<u8> = (0..27).map(|_| genes[rng.random_range(0..genes.len())]).collect();
                if trial % 4 == 0 {
                    // Sequences that return to the start (a move and its inverse on another axis).
                    let m = g[0];
                    g[1] = genome::inverse(m);
                    g[2] = (m + 3) % (9 * n as u8);
                }
                let got = ga::evaluate(&problem, &mut g, &mut scratch);
                let want = reference_evaluate(&problem, &g);
                assert_eq!(got, want, "N = {n}, cluster {k}, trial {trial}");
            }
        }
    }
}

#[test]
fn simplify_drops_identity_runs_and_keeps_the_effect() {
    let p = Supercube { n: 4 };
    let t = Tables::new(&p);
    // On the full 4x4x4 the commutator x0 y1 x0' y1' has order 5.
    let comm = p.parse_moves("x0 y1 x0' y1'").unwrap_or_default();
    let five: Vec<_> = comm.iter().copied().cycle().take(20).collect();
    assert!(p.is_solved(&p.state_after(&five)));
    assert!(!p.is_solved(&p.state_after(&comm)));
    let moves = p
        .parse_moves("z2 x0 y1 x3 x3' y1' x0' z1 (x0 y1 x0' y1')5 z3")
        .unwrap_or_default();
    let s = simplify_solution(&t, &moves);
    assert_eq!(p.state_after(&s), p.state_after(&moves));
    assert_eq!(p.format_moves(&s), "z2 z1 z3");
    let mut rng = seeded_rng(3);
    for _ in 0..20 {
        let m = p.random_moves(&mut rng, 60);
        let s = simplify_solution(&t, &m);
        assert_eq!(p.state_after(&s), p.state_after(&m));
        assert!(s.len() <= m.len());
    }
}

#[test]
fn unique_selection_pads_from_the_worst_end() {
    // Fitness by index; `order` sorted best first.
    let fit: Vec<(u64, usize)> = [5, 5, 5, 7, 7, 9, 9, 9, 9, 9].iter().map(|&f| (f, 1)).collect();
    let order: Vec<usize> = (0..10).collect();
    let mut w = Vec::new();
    // Three distinct values, then the last places taken from the end of the list.
    ga::select_unique(&order, &fit, 5, &mut w);
    assert_eq!(w, vec![0, 3, 5, 8, 9]);
    // Enough distinct values: the best of each.
    let fit: Vec<(u64, usize)> = [1, 2, 2, 3, 4, 5].iter().map(|&f| (f, 1)).collect();
    ga::select_unique(&[0, 1, 2, 3, 4, 5], &fit, 4, &mut w);
    assert_eq!(w, vec![0, 1, 3, 4]);
    // All equal: the first, then the worst end.
    let fit = vec![(3u64, 1); 6];
    ga::select_unique(&[0, 1, 2, 3, 4, 5], &fit, 3, &mut w);
    assert_eq!(w, vec![0, 4, 5]);
}

#[test]
fn evaluation_keeps_a_mutant_as_written() {
    // A conjugate x0 · x1 · x0' (which normalisation would shorten to x1) is evaluated and
    // kept as written: only gene 0 is moved onto the active cubie's slice.
    let (p, s) = scrambled(3, 9);
    let t = Tables::new(&p);
    let cube = s.orient.clone();
    let n = 3;
    let group = vec![2u8; cube.len()];
    let act = [0, 0, 0];
    let genes = free_genes(n, act);
    let tracked = t.tracked_indices(&group);
    let (fa, fb) = scores(&t, &cube, &group);
    let problem = ga::Problem {
        tables: &t,
        cube: &cube,
        group: &group,
        home: None,
        b_len: cube.len(),
        fa,
        fb,
        high_score: error(fa, fb, cube.len()),
        free_genes: &genes,
        act,
        tracked: &tracked,
        stop: ga::Stop::default(),
    };
    let mut g = vec![0u8, 18, 2, 3, 21, 5];
    let written = g.clone();
    let mut scratch = vec![0u8; 2 * cube.len()];
    let (e, len) = ga::evaluate(&problem, &mut g, &mut scratch);
    assert_eq!(g, written);
    assert!(len >= 1 && len <= g.len());
    assert_eq!((e, len), reference_evaluate(&problem, &g));
}

#[test]
fn time_limit_and_cancel_flag_stop_the_solve() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;
    use web_time::Instant;
    let (p, s) = scrambled(7, 3);
    let solver = GeneticSolver::default();
    let run = |limits: &Limits| solver.solve_with(&p, &s, limits, &mut MacroLibrary::new(None), |_| {});
    let expired = Limits {
        timeout: Some(Duration::ZERO),
        ..Limits::default()
    };
    assert_eq!(
        run(&expired).err(),
        Some(SolveError::Timeout { deepest_bound: None })
    );
    let cancelled = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    assert_eq!(
        run(&cancelled).err(),
        Some(SolveError::Cancelled { deepest_bound: None })
    );
    let short = Limits {
        timeout: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let t = Instant::now();
    assert_eq!(
        run(&short).err(),
        Some(SolveError::Timeout { deepest_bound: None })
    );
    let took = t.elapsed();
    // The GA checks the limits every generation; the bound only guards against ignoring them.
    assert!(took < Duration::from_secs(2), "{took:?}");
    eprintln!("7x7x7 GA: 100 ms limit, stopped after {took:?}");
}

#[test]
fn a_raised_stop_ends_a_run_before_its_first_generation() {
    use std::sync::atomic::AtomicBool;
    let (p, s) = scrambled(4, 5);
    let t = Tables::new(&p);
    let cube = s.orient.clone();
    let c = &twisty_core::supercube::clusters(4)[0];
    let mut group = vec![0u8; cube.len()];
    for &q in &c.positions {
        group[q] = 2;
    }
    let act = coords(4, c.positions[0]);
    let genes = free_genes(4, act);
    let tracked = t.tracked_indices(&group);
    let (fa, fb) = scores_split(&t, &cube, &group, None);
    let raised = AtomicBool::new(true);
    let running = ga::Problem {
        tables: &t,
        cube: &cube,
        group: &group,
        home: None,
        b_len: c.positions.len(),
        fa,
        fb,
        high_score: 0,
        free_genes: &genes,
        act,
        tracked: &tracked,
        stop: ga::Stop::default(),
    };
    let stopped = ga::Problem {
        stop: ga::Stop {
            deadline: None,
            cancel: Some(&raised),
        },
        ..running
    };
    let params = GaParams {
        population: 20_000,
        generations: 3,
        ..GaParams::default()
    };
    // Raised before the run: not one generation is evaluated (before, a whole one was,
    // 20,000 chromosomes for each of a step's attempts).
    let r = ga::run(&stopped, &params, &mut seeded_rng(1));
    assert_eq!((r.generations, r.fitness), (0, u64::MAX));
    // Not raised: the run goes to its generation limit (high score 0 is never beaten).
    let r = ga::run(&running, &params, &mut seeded_rng(1));
    assert_eq!(r.generations, 3);
}

#[test]
fn populations_are_bounded_per_run_and_per_step() {
    for (population, chromosome, attempts, says) in [
        (100_000, 1000, 1, "genes per run"),
        (100_000, 27, 1024, "chromosomes per step"),
    ] {
        let params = GaParams {
            population,
            chromosome,
            attempts,
            ..GaParams::default()
        };
        let e = params.check().err().unwrap_or_default();
        assert!(e.contains(says), "{e}");
    }
    let fine = GaParams {
        population: 20_000,
        ..GaParams::default()
    };
    assert_eq!(fine.check(), Ok(()));
}
