//! Greedy tree search (seed 002, `2_GREEDY.py`): a depth-first, backtracking
//! hill-climb over a stack of sorted child lists.
//!
//! Each iteration expands the current state (all children evaluated, `|moves|·n`
//! NFE, so `18·n` per iteration on the 3x3x3), sorts them by fitness (stable),
//! and descends into the best child whose fitness is not worse than the
//! current one and which is not already on the current path; exhausted levels
//! are popped (backtracking). At the root, once, the best child is taken even
//! when every child is worse than the root. The paper's default budget is
//! 10,000 iterations.
//!
//! Cycles: the paper skips a move whose state "has been encountered before", which is a
//! check against every state the search has entered; the seed's code only checks the
//! current path (`child in orientations`), reproduced with `seed_quirks`. With the
//! path-only check and a deterministic fitness, the search can spend its whole budget
//! re-entering the same few equal-fitness states along different paths.
//!
//! Ties: the paper takes "the move that gives the minimum fitness" without saying which
//! of several equal ones; the seed's stable bubble sort takes the first in move order.
//! With [`GreedyParams::tie_seed`] the children are shuffled before the stable sort, so
//! equal-fitness children are tried in a random order (the order the seed's varying
//! fitness effectively gave them), which matters on long plateaus of equal fitness.

use super::{Evaluator, Fitness, Recorder, SwarmError, SwarmOutcome};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashSet;
use twisty_core::Puzzle;

/// A child in a level: fitness, move, state.
type Child<P> = (u32, <P as Puzzle>::Move, <P as Puzzle>::State);

/// Parameters of the greedy tree search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GreedyParams {
    /// Iteration budget (paper: 10,000).
    pub iterations: u64,
    /// `None`: equal-fitness children are tried in move order (the seed's stable sort);
    /// `Some(seed)`: in a random order drawn from this seed.
    pub tie_seed: Option<u64>,
    /// Reproduce the seed code's cycle check (current path only) instead of the paper's
    /// (every state entered so far).
    pub seed_quirks: bool,
}

impl Default for GreedyParams {
    fn default() -> Self {
        Self {
            iterations: 10_000,
            tie_seed: None,
            seed_quirks: false,
        }
    }
}

/// Runs the greedy tree search from `start`.
pub fn greedy<P: Puzzle + Sync, F: Fitness<P> + Send>(
    puzzle: &P,
    start: &P::State,
    params: &GreedyParams,
    ev: &mut Evaluator<F>,
) -> Result<SwarmOutcome<P::Move>, SwarmError>
where
    P::State: Sync,
{
    if params.iterations == 0 {
        return Err(SwarmError::InvalidParameter {
            name: "iterations",
            reason: "must be at least 1".into(),
        });
    }
    let moves = puzzle.moves();
    let f0 = ev.eval(puzzle, start)?;
    ev.uncount();
    let mut path_states = vec![start.clone()];
    let mut path_fit = vec![f0];
    let mut path_moves: Vec<P::Move> = Vec::new();
    // levels[k] holds the untried children of path_states[k], best last.
    let mut levels: Vec<Vec<Child<P>>> = Vec::new();
    let mut rec = Recorder::<P>::new(start, f0);
    let mut forced_used = false;
    let mut iterations = 0u64;
    let mut tie_rng = params.tie_seed.map(Xoshiro256PlusPlus::seed_from_u64);
    // Every state entered so far (the paper's cycle check).
    let mut entered: HashSet<P::State> = HashSet::new();
    entered.insert(start.clone());
    loop {
        let Some(top) = path_states.last() else {
            return Ok(rec.finish(f0, iterations, path_moves, ev));
        };
        if puzzle.is_solved(top) {
            rec.solved(puzzle, 0, iterations, &path_moves)?;
            return Ok(rec.finish(f0, iterations, Vec::new(), ev));
        }
        rec.iteration(
            rec_min(&path_fit),
            f64::from(path_fit.last().copied().unwrap_or(f0)),
        );
        let states: Vec<P::State> = moves
            .iter()
            .map(|&mv| {
                let mut s = top.clone();
                puzzle.apply(&mut s, mv);
                s
            })
            .collect();
        let fits = ev.eval_batch(puzzle, &states)?;
        let mut children = Vec::with_capacity(moves.len());
        for ((s, &mv), f) in states.into_iter().zip(&moves).zip(fits) {
            rec.see(f);
            children.push((f, mv, s));
        }
        if let Some(r) = tie_rng.as_mut() {
            children.shuffle(r);
        }
        children.sort_by_key(|c| c.0);
        children.reverse();
        levels.push(children);
        loop {
            if levels.len() == 1 && !forced_used {
                let worse = levels[0].iter().all(|c| c.0 > path_fit[0]);
                if worse {
                    if let Some((f, mv, s)) = levels[0].pop() {
                        forced_used = true;
                        entered.insert(s.clone());
                        path_states.push(s);
                        path_fit.push(f);
                        path_moves.push(mv);
                        break;
                    }
                }
            }
            while levels.last().is_some_and(|l| l.is_empty()) {
                levels.pop();
                if levels.is_empty() {
                    return Ok(rec.finish(f0, iterations, Vec::new(), ev));
                }
                path_states.pop();
                path_fit.pop();
                path_moves.pop();
            }
            let Some((f, mv, s)) = levels.last_mut().and_then(|l| l.pop()) else {
                return Ok(rec.finish(f0, iterations, Vec::new(), ev));
            };
            let current = path_fit.last().copied().unwrap_or(f0);
            let seen = if params.seed_quirks {
                path_states.contains(&s)
            } else {
                entered.contains(&s)
            };
            if f > current || seen {
                continue;
            }
            if !params.seed_quirks {
                entered.insert(s.clone());
            }
            path_states.push(s);
            path_fit.push(f);
            path_moves.push(mv);
            break;
        }
        iterations += 1;
        if iterations == params.iterations {
            if path_states.last().is_some_and(|s| puzzle.is_solved(s)) {
                rec.solved(puzzle, 0, iterations, &path_moves)?;
            }
            return Ok(rec.finish(f0, iterations, path_moves, ev));
        }
    }
}

fn rec_min(fits: &[u32]) -> u32 {
    fits.iter().copied().min().unwrap_or(0)
}
