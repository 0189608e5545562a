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
fn every_three_cycle_of_an_orbit_is_in_its_book_and_pure() {
    for n in [4, 5, 7] {
        let cube = CubeN::new(n).expect("size");
        let mut lib = Library::default();
        let mut orbits: Vec<Orbit> = (0..cube.centre_orbits()).map(Orbit::Centre).collect();
        orbits.extend((0..cube.wing_orbits()).map(Orbit::Wing));
        for o in orbits {
            let book = lib.book(&cube, o);
            assert_eq!(book.len(), 24 * 23 * 22 / 3, "{n}: {o:?}");
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
        .stages(&cube, &state, &Limits::default())
        .expect("solves");
    assert_eq!(stages[0].0.len(), 1);
}

#[test]
fn a_state_of_another_size_is_refused() {
    let four = CubeN::new(4).expect("size");
    let five = CubeN::new(5).expect("size");
    let err = Reduction::new().solve(&four, &five.solved(), &Limits::default());
    assert!(err.is_err());
}

/// Lengths and times of a few solves (a benchmark; timings are not asserted).
#[test]
#[ignore = "a benchmark: prints lengths and times"]
fn lengths() {
    for n in [4, 5, 6, 7, 10] {
        let t = std::time::Instant::now();
        let mut total = 0;
        for seed in 0..3 {
            let sol = solve_random(n, seed);
            total += sol.length;
            let parts: Vec<String> = sol
                .stats
                .phases
                .iter()
                .map(|p| format!("{} {}", p.name, p.length))
                .collect();
            println!("{n}: {} OBTM ({})", sol.length, parts.join(", "));
        }
        println!(
            "{n}: mean {} in {:.2} s each",
            total / 3,
            t.elapsed().as_secs_f64() / 3.0
        );
    }
}
