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

use super::{Evaluator, Fitness, SwarmError, SwarmOutcome};
use twisty_core::Puzzle;

/// A child in a level: fitness, move, state.
type Child<P> = (u32, <P as Puzzle>::Move, <P as Puzzle>::State);

/// Parameters of the greedy tree search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GreedyParams {
    /// Iteration budget (paper: 10,000).
    pub iterations: u64,
}

impl Default for GreedyParams {
    fn default() -> Self {
        Self { iterations: 10_000 }
    }
}

/// Runs the greedy tree search from `start`.
pub fn greedy<P: Puzzle, F: Fitness<P>>(
    puzzle: &P,
    start: &P::State,
    params: &GreedyParams,
    ev: &mut Evaluator<F>,
) -> Result<SwarmOutcome<P::Move>, SwarmError> {
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
    let mut min_fit = f0;
    let mut forced_used = false;
    let mut iterations = 0u64;
    let outcome = |solved: bool, path: Vec<P::Move>, min: u32, it: u64, ev: &Evaluator<F>| SwarmOutcome {
        solved,
        solution: path,
        initial_fitness: f0,
        min_fitness: min,
        iterations: it,
        nfe: ev.nfe(),
    };
    loop {
        let Some(top) = path_states.last() else {
            return Ok(outcome(false, path_moves, min_fit, iterations, ev));
        };
        if puzzle.is_solved(top) {
            return Ok(outcome(true, path_moves, 0, iterations, ev));
        }
        let mut children = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut s = top.clone();
            puzzle.apply(&mut s, mv);
            let f = ev.eval(puzzle, &s)?;
            min_fit = min_fit.min(f);
            children.push((f, mv, s));
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
                    return Ok(outcome(false, Vec::new(), min_fit, iterations, ev));
                }
                path_states.pop();
                path_fit.pop();
                path_moves.pop();
            }
            let Some((f, mv, s)) = levels.last_mut().and_then(|l| l.pop()) else {
                return Ok(outcome(false, Vec::new(), min_fit, iterations, ev));
            };
            let current = path_fit.last().copied().unwrap_or(f0);
            if f > current || path_states.contains(&s) {
                continue;
            }
            path_states.push(s);
            path_fit.push(f);
            path_moves.push(mv);
            break;
        }
        iterations += 1;
        if iterations == params.iterations {
            let solved = path_states.last().is_some_and(|s| puzzle.is_solved(s));
            return Ok(outcome(solved, path_moves, min_fit, iterations, ev));
        }
    }
}
