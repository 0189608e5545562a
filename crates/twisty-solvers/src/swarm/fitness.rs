//! Fitness functions and the NFE-counting [`Evaluator`].

use super::SwarmError;
use twisty_core::Puzzle;

/// An estimate of the number of moves from a state to solved (lower is better,
/// 0 exactly when solved). One instance per thread.
pub trait Fitness<P: Puzzle> {
    /// Evaluates `state`.
    fn eval(&mut self, puzzle: &P, state: &P::State) -> Result<u32, SwarmError>;
}

/// Exact distance up to `max_depth` moves (iterative deepening over canonical
/// sequences), `max_depth + 1` beyond. Needs no tables; admissible.
#[derive(Debug, Clone)]
pub struct DepthDistance<M> {
    max_depth: u32,
    moves: Vec<M>,
}

impl<M: Copy> DepthDistance<M> {
    /// A distance exact up to `max_depth` moves.
    pub fn new<P: Puzzle<Move = M>>(puzzle: &P, max_depth: u32) -> Self {
        Self {
            max_depth,
            moves: puzzle.moves(),
        }
    }
}

fn dfs<P: Puzzle>(
    puzzle: &P,
    moves: &[P::Move],
    state: &P::State,
    depth: u32,
    prev: Option<P::Move>,
) -> bool {
    if depth == 0 {
        return puzzle.is_solved(state);
    }
    for &mv in moves {
        if let Some(p) = prev {
            if !puzzle.may_follow(p, mv) {
                continue;
            }
        }
        let mut next = state.clone();
        puzzle.apply(&mut next, mv);
        if dfs(puzzle, moves, &next, depth - 1, Some(mv)) {
            return true;
        }
    }
    false
}

impl<P: Puzzle> Fitness<P> for DepthDistance<P::Move> {
    fn eval(&mut self, puzzle: &P, state: &P::State) -> Result<u32, SwarmError> {
        for d in 0..=self.max_depth {
            if dfs(puzzle, &self.moves, state, d, None) {
                return Ok(d);
            }
        }
        Ok(self.max_depth + 1)
    }
}

/// Python 3 `round(sum / n)`: nearest integer, ties to even.
pub fn round_half_even(sum: u64, n: u64) -> u64 {
    let q = sum / n;
    let r = sum % n;
    match (2 * r).cmp(&n) {
        std::cmp::Ordering::Greater => q + 1,
        std::cmp::Ordering::Equal => q + (q & 1),
        std::cmp::Ordering::Less => q,
    }
}

/// Wraps a [`Fitness`]: averages `n` evaluations per call and counts NFE.
#[derive(Debug, Clone)]
pub struct Evaluator<F> {
    /// The underlying fitness.
    pub fitness: F,
    n: u32,
    nfe: u64,
}

impl<F> Evaluator<F> {
    /// An evaluator averaging `n ≥ 1` evaluations per call.
    pub fn new(fitness: F, n: u32) -> Result<Self, SwarmError> {
        if n == 0 {
            return Err(SwarmError::InvalidParameter {
                name: "evaluations",
                reason: "must be at least 1".into(),
            });
        }
        Ok(Self { fitness, n, nfe: 0 })
    }

    /// Function evaluations counted so far (`n` per call).
    pub fn nfe(&self) -> u64 {
        self.nfe
    }

    /// Evaluations averaged per call.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Removes one call from the count (the seed's exclusions).
    pub fn uncount(&mut self) {
        self.nfe = self.nfe.saturating_sub(u64::from(self.n));
    }

    /// Evaluates `state` `n` times and returns the rounded mean.
    pub fn eval<P: Puzzle>(&mut self, puzzle: &P, state: &P::State) -> Result<u32, SwarmError>
    where
        F: Fitness<P>,
    {
        let mut sum = 0u64;
        for _ in 0..self.n {
            sum += u64::from(self.fitness.eval(puzzle, state)?);
        }
        self.nfe += u64::from(self.n);
        Ok(round_half_even(sum, u64::from(self.n)) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_half_to_even() {
        assert_eq!(round_half_even(5, 2), 2); // 2.5 -> 2
        assert_eq!(round_half_even(7, 2), 4); // 3.5 -> 4
        assert_eq!(round_half_even(10, 3), 3); // 3.33 -> 3
        assert_eq!(round_half_even(11, 3), 4); // 3.67 -> 4
    }
}
