//! Discrete particle swarm (seed 002, `1_PSO.py`).
//!
//! Every particle starts at the scramble. Each iteration, for each unsolved
//! particle with current fitness `cur`, `PA = pbest − cur` and `GA = gbest − cur`
//! choose the velocity (a move sequence):
//! - `PA ≤ 0, GA < 0`: retrace — restart from the scramble with the global best
//!   moves followed by `k ~ U{1..|GA|}` random moves;
//! - `PA > 0`: `k ~ U{1..GA}` random moves (`U{1..PA}` when `GA ≤ 0`);
//! - `PA = GA = 0`: one random move.
//!
//! Random moves are uniform over all moves. Every particle is evaluated every
//! iteration (solved ones too), so NFE = `n·N·P` for a full run.
//!
//! Quirk (reproduced with `seed_quirks`): the seed records the personal and
//! global best with the fitness of the state *before* the velocity step but the
//! move list *after* it, so the stored best is one step late. The corrected mode
//! stores the move list that matches the recorded fitness.

use super::{Evaluator, Fitness, Recorder, SwarmError, SwarmOutcome};
use rand::Rng;
use twisty_core::Puzzle;

/// Parameters of the particle swarm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PsoParams {
    /// Number of particles (paper: 50).
    pub particles: usize,
    /// Iterations (paper: 10,000).
    pub iterations: u64,
    /// Reproduce the seed code's late personal/global best.
    pub seed_quirks: bool,
}

impl Default for PsoParams {
    fn default() -> Self {
        Self {
            particles: 50,
            iterations: 10_000,
            seed_quirks: false,
        }
    }
}

/// Runs the particle swarm from `start`.
pub fn pso<P: Puzzle + Sync, F: Fitness<P> + Send, R: Rng + ?Sized>(
    puzzle: &P,
    start: &P::State,
    params: &PsoParams,
    ev: &mut Evaluator<F>,
    rng: &mut R,
) -> Result<SwarmOutcome<P::Move>, SwarmError>
where
    P::State: Sync,
{
    if params.particles == 0 || params.iterations == 0 {
        return Err(SwarmError::InvalidParameter {
            name: "particles/iterations",
            reason: "must be at least 1".into(),
        });
    }
    let moves = puzzle.moves();
    let f0 = ev.eval(puzzle, start)?;
    ev.uncount();
    let n = params.particles;
    let mut pos = vec![start.clone(); n];
    let mut pos_moves: Vec<Vec<P::Move>> = vec![Vec::new(); n];
    let mut pbest = vec![f0; n];
    let mut gbest = f0;
    let mut gbest_moves: Vec<P::Move> = Vec::new();
    let mut solved = vec![puzzle.is_solved(start); n];
    let mut rec = Recorder::<P>::new(start, f0);
    if solved[0] {
        rec.solved(puzzle, 0, 0, &[])?;
    }
    let mut cur_fit = vec![f0; n];
    let mut it = 0u64;
    while it < params.iterations && !solved.iter().all(|&s| s) {
        rec.iteration(
            gbest,
            cur_fit.iter().map(|&f| f64::from(f)).sum::<f64>() / n as f64,
        );
        // A particle's position at the start of the iteration does not depend on the
        // others' moves in it, so all are evaluated first (in parallel with workers).
        let fits = ev.eval_batch(puzzle, &pos)?;
        for i in 0..n {
            let cur = fits[i];
            rec.see(cur);
            cur_fit[i] = cur;
            if solved[i] {
                continue;
            }
            let pa = i64::from(pbest[i]) - i64::from(cur);
            let ga = i64::from(gbest) - i64::from(cur);
            let before = pos_moves[i].clone();
            let mut k = 0i64;
            let mut retrace = false;
            if pa <= 0 && ga < 0 {
                retrace = true;
                k = rng.random_range(1..=-ga);
            }
            if pa > 0 {
                k = if ga > 0 {
                    rng.random_range(1..=ga)
                } else {
                    rng.random_range(1..=pa)
                };
            }
            if pa == 0 && ga == 0 {
                k = 1;
            }
            if retrace {
                pos[i] = start.clone();
                pos_moves[i] = gbest_moves.clone();
                puzzle.apply_all(&mut pos[i], &gbest_moves);
            }
            for _ in 0..k {
                let mv = moves[rng.random_range(0..moves.len())];
                puzzle.apply(&mut pos[i], mv);
                pos_moves[i].push(mv);
            }
            let recorded = if params.seed_quirks {
                &pos_moves[i]
            } else {
                &before
            };
            if cur < pbest[i] {
                pbest[i] = cur;
            }
            if cur < gbest {
                gbest = cur;
                gbest_moves = recorded.clone();
            }
            if puzzle.is_solved(&pos[i]) {
                solved[i] = true;
                pbest[i] = 0;
                gbest = 0;
                rec.solved(puzzle, i, it, &pos_moves[i])?;
            }
        }
        it += 1;
    }
    Ok(rec.finish(f0, it, gbest_moves, ev))
}
