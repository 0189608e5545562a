//! Greedy tree search on short 3x3x3 scrambles with a table-free fitness.

use twisty_core::cube3::Cube3;
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::swarm::{greedy, DepthDistance, Evaluator, GreedyParams};

#[test]
fn greedy_solves_short_scrambles_and_counts_nfe() {
    let p = Cube3;
    let mut rng = seeded_rng(2);
    for len in 1..=4 {
        let scramble = p.random_moves(&mut rng, len);
        let start = p.state_after(&scramble);
        let mut ev = Evaluator::new(DepthDistance::new(&p, 3), 1).unwrap();
        let out = greedy(
            &p,
            &start,
            &GreedyParams {
                iterations: 50,
                ..GreedyParams::default()
            },
            &mut ev,
        )
        .unwrap();
        assert!(out.solved, "scramble {}", p.format_moves(&scramble));
        let mut s = start;
        p.apply_all(&mut s, &out.solution);
        assert!(p.is_solved(&s));
        // 18·n evaluations per expansion; one expansion per move of the path
        // when the search never backtracks on these short scrambles.
        assert_eq!(out.nfe, 18 * out.solution.len() as u64);
    }
}

#[test]
fn greedy_rejects_zero_budget() {
    let p = Cube3;
    let mut ev = Evaluator::new(DepthDistance::new(&p, 1), 1).unwrap();
    assert!(greedy(
        &p,
        &p.solved(),
        &GreedyParams {
            iterations: 0,
            ..GreedyParams::default()
        },
        &mut ev
    )
    .is_err());
    assert!(Evaluator::new(DepthDistance::new(&p, 1), 0).is_err());
}

#[test]
fn greedy_with_twophase_fitness_solves_a_six_move_scramble() {
    use twisty_solvers::swarm::TwoPhaseFitness;
    use twisty_solvers::twophase::TwoPhase;
    let p = Cube3;
    let mut rng = seeded_rng(6);
    let scramble = p.random_moves(&mut rng, 6);
    let start = p.state_after(&scramble);
    let mut ev = Evaluator::new(TwoPhaseFitness::new(TwoPhase::global(), 20), 1).unwrap();
    let out = greedy(
        &p,
        &start,
        &GreedyParams {
            iterations: 100,
            ..GreedyParams::default()
        },
        &mut ev,
    )
    .unwrap();
    assert!(out.solved, "scramble {}", p.format_moves(&scramble));
    let mut s = start;
    p.apply_all(&mut s, &out.solution);
    assert!(p.is_solved(&s));
    assert_eq!(out.nfe % 18, 0);
}

/// Timing on paper parameters (Greedy-10000, 15-move scrambles); run with
/// `cargo test -p twisty-solvers --test swarm_greedy -- --ignored --nocapture`.
#[test]
#[ignore]
fn greedy_paper_parameters_on_fifteen_move_scrambles() {
    use std::time::Instant;
    use twisty_solvers::swarm::TwoPhaseFitness;
    use twisty_solvers::twophase::TwoPhase;
    let p = Cube3;
    let tp = TwoPhase::global();
    let mut rng = seeded_rng(15);
    let mut solved = 0;
    for _ in 0..5 {
        let scramble = p.random_moves(&mut rng, 15);
        let start = p.state_after(&scramble);
        let mut ev = Evaluator::new(TwoPhaseFitness::new(tp, 20), 1).unwrap();
        let t = Instant::now();
        let out = greedy(&p, &start, &GreedyParams::default(), &mut ev).unwrap();
        let dt = t.elapsed().as_secs_f64();
        println!(
            "solved={} actual={} obtained={} iters={} nfe={} time={dt:.3}s evals/s={:.0}",
            out.solved,
            out.initial_fitness,
            out.solution.len(),
            out.iterations,
            out.nfe,
            out.nfe as f64 / dt
        );
        if out.solved {
            let mut s = start;
            p.apply_all(&mut s, &out.solution);
            assert!(p.is_solved(&s));
            solved += 1;
        }
    }
    assert!(solved > 0);
}
