//! Particle swarm on short 3x3x3 scrambles, corrected and seed-quirk modes.

use twisty_core::cube3::Cube3;
use twisty_core::rng::seeded_rng;
use twisty_core::Puzzle;
use twisty_solvers::swarm::{pso, DepthDistance, Evaluator, PsoParams};

#[test]
fn pso_solves_short_scrambles_in_both_modes() {
    let p = Cube3;
    for quirks in [false, true] {
        let mut rng = seeded_rng(7);
        let scramble = p.random_moves(&mut rng, 2);
        let start = p.state_after(&scramble);
        let mut ev = Evaluator::new(DepthDistance::new(&p, 2), 1).unwrap();
        let params = PsoParams {
            particles: 20,
            iterations: 300,
            seed_quirks: quirks,
        };
        let out = pso(&p, &start, &params, &mut ev, &mut rng).unwrap();
        assert!(out.solved, "quirks={quirks} {}", p.format_moves(&scramble));
        let mut s = start;
        p.apply_all(&mut s, &out.solution);
        assert!(p.is_solved(&s));
        // n·N·P: every particle evaluated every iteration.
        assert_eq!(out.nfe, 20 * out.iterations);
    }
}
