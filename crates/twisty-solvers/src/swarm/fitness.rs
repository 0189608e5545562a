//! Fitness functions and the NFE-counting [`Evaluator`].

use super::SwarmError;
use crate::solver::Limits;
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use twisty_core::Puzzle;
use web_time::Instant;

/// An estimate of the number of moves from a state to solved (lower is better,
/// 0 exactly when solved). One instance per thread.
pub trait Fitness<P: Puzzle> {
    /// Evaluates `state`.
    fn eval(&mut self, puzzle: &P, state: &P::State) -> Result<u32, SwarmError>;
    /// Tells a fitness whose single evaluation may run long when the run must stop, so it
    /// can end that evaluation early; [`Evaluator::with_limits`] calls it. The default
    /// ignores it (for evaluations that take well under a millisecond).
    fn stop_at(&mut self, deadline: Option<Instant>, cancel: Option<Arc<AtomicBool>>) {
        let _ = (deadline, cancel);
    }
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
///
/// With [`Evaluator::with_cache`], the averaged value of each state is remembered (keyed by
/// a 64-bit hash of the state; a collision could only misjudge a fitness, never a returned
/// solution, which is always verified). A call answered from the cache still counts `n`
/// towards the NFE, which stays the seed's count of fitness *calls*; the hits are counted
/// apart, and [`Evaluator::computed`] counts the evaluations really performed. With varying
/// evaluations the cache keeps the first averaged draw of each state.
#[derive(Debug, Clone)]
pub struct Evaluator<F> {
    /// The underlying fitness.
    pub fitness: F,
    n: u32,
    nfe: u64,
    computed: u64,
    hits: u64,
    cache: Option<HashMap<u64, u32>>,
    cache_limit: usize,
    /// Extra fitness instances for [`Evaluator::eval_batch`] on several threads.
    workers: Vec<F>,
    /// When the run must stop.
    stop: Stop,
}

/// A deadline and a cancel flag, checked before every evaluation.
#[derive(Debug, Clone, Default)]
struct Stop {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// Whether the fitness instances were told ([`Fitness::stop_at`]).
    passed_on: bool,
}

impl Stop {
    fn check(&self) -> Result<(), SwarmError> {
        if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Err(SwarmError::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Err(SwarmError::Timeout)
        } else {
            Ok(())
        }
    }
}

/// Default largest number of cached states (about 16 bytes each plus the map's overhead);
/// the cache is cleared when it is full.
pub const DEFAULT_CACHE_LIMIT: usize = 1 << 22;

fn state_key<S: Hash>(state: &S) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    state.hash(&mut h);
    h.finish()
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
        Ok(Self {
            fitness,
            n,
            nfe: 0,
            computed: 0,
            hits: 0,
            cache: None,
            cache_limit: DEFAULT_CACHE_LIMIT,
            workers: Vec::new(),
            stop: Stop::default(),
        })
    }

    /// Stops the run at `limits.timeout` from now and when `limits.cancel` is raised:
    /// every evaluation first checks both and fails with [`SwarmError::Timeout`] or
    /// [`SwarmError::Cancelled`], which the algorithms pass on at once.
    pub fn with_limits(mut self, limits: &Limits) -> Self {
        self.stop = Stop {
            deadline: limits.deadline(Instant::now()),
            cancel: limits.cancel.clone(),
            passed_on: false,
        };
        self
    }

    /// Checks the limits, and before the first evaluation hands them to the fitness
    /// instances ([`Fitness::stop_at`]).
    fn before_eval<P: Puzzle>(&mut self) -> Result<(), SwarmError>
    where
        F: Fitness<P>,
    {
        self.stop.check()?;
        if !self.stop.passed_on {
            self.stop.passed_on = true;
            for f in std::iter::once(&mut self.fitness).chain(self.workers.iter_mut()) {
                f.stop_at(self.stop.deadline, self.stop.cancel.clone());
            }
        }
        Ok(())
    }

    /// `Err(Timeout)` once the deadline has passed, `Err(Cancelled)` once the flag is up.
    pub fn check_limits(&self) -> Result<(), SwarmError> {
        self.stop.check()
    }

    /// Extra fitness instances: [`Evaluator::eval_batch`] then evaluates the states that
    /// miss the cache on up to `1 + workers.len()` threads (rayon's pool). Results and
    /// counts are the same as sequential evaluation, up to the per-instance random draws of
    /// varying fitnesses.
    pub fn with_workers(mut self, workers: Vec<F>) -> Self {
        self.workers = workers;
        self
    }

    /// Turns the fitness cache on (`limit` states at most, then it is cleared) or off.
    pub fn with_cache(mut self, on: bool, limit: usize) -> Self {
        self.cache = on.then(HashMap::new);
        self.cache_limit = limit.max(1);
        self
    }

    /// Calls answered from the cache.
    pub fn cache_hits(&self) -> u64 {
        self.hits
    }

    /// Fitness evaluations actually computed (`n` per call not answered from the cache).
    pub fn computed(&self) -> u64 {
        self.computed
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

    /// Evaluates every state of `states` (as many calls of [`Evaluator::eval`], counted
    /// the same), the cache misses in parallel when workers were given.
    pub fn eval_batch<P>(&mut self, puzzle: &P, states: &[P::State]) -> Result<Vec<u32>, SwarmError>
    where
        P: Puzzle + Sync,
        P::State: Sync,
        F: Fitness<P> + Send,
    {
        if self.workers.is_empty() || states.len() < 2 {
            return states.iter().map(|s| self.eval(puzzle, s)).collect();
        }
        self.before_eval::<P>()?;
        let stop = self.stop.clone();
        let n = self.n;
        self.nfe += u64::from(n) * states.len() as u64;
        let mut out = vec![0u32; states.len()];
        let keys: Option<Vec<u64>> = self
            .cache
            .as_ref()
            .map(|_| states.iter().map(state_key).collect());
        let mut misses = Vec::with_capacity(states.len());
        for i in 0..states.len() {
            match (&self.cache, &keys) {
                (Some(c), Some(k)) if c.contains_key(&k[i]) => {
                    out[i] = c[&k[i]];
                    self.hits += 1;
                }
                _ => misses.push(i),
            }
        }
        // One share of the misses per instance, interleaved so that neighbouring (similar)
        // states spread over the instances.
        let mut fits: Vec<&mut F> = std::iter::once(&mut self.fitness)
            .chain(self.workers.iter_mut())
            .collect();
        let k = fits.len();
        let shares: Vec<Vec<usize>> = (0..k)
            .map(|j| misses.iter().copied().skip(j).step_by(k).collect())
            .collect();
        let results: Vec<Result<(usize, u32), SwarmError>> = fits
            .par_iter_mut()
            .zip(shares.par_iter())
            .flat_map_iter(|(f, share)| {
                share
                    .iter()
                    .map(|&i| {
                        stop.check()?;
                        let mut sum = 0u64;
                        for _ in 0..n {
                            sum += u64::from(f.eval(puzzle, &states[i])?);
                        }
                        Ok((i, round_half_even(sum, u64::from(n)) as u32))
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        for r in results {
            let (i, v) = r?;
            out[i] = v;
            self.computed += u64::from(n);
            if let (Some(cache), Some(k)) = (&mut self.cache, &keys) {
                if cache.len() >= self.cache_limit {
                    cache.clear();
                }
                cache.insert(k[i], v);
            }
        }
        Ok(out)
    }

    /// Evaluates `state` `n` times and returns the rounded mean.
    pub fn eval<P: Puzzle>(&mut self, puzzle: &P, state: &P::State) -> Result<u32, SwarmError>
    where
        F: Fitness<P>,
    {
        self.before_eval::<P>()?;
        self.nfe += u64::from(self.n);
        let key = self.cache.as_ref().map(|_| state_key(state));
        if let (Some(cache), Some(k)) = (&self.cache, key) {
            if let Some(&v) = cache.get(&k) {
                self.hits += 1;
                return Ok(v);
            }
        }
        let mut sum = 0u64;
        for _ in 0..self.n {
            sum += u64::from(self.fitness.eval(puzzle, state)?);
        }
        self.computed += u64::from(self.n);
        let v = round_half_even(sum, u64::from(self.n)) as u32;
        if let (Some(cache), Some(k)) = (&mut self.cache, key) {
            if cache.len() >= self.cache_limit {
                cache.clear();
            }
            cache.insert(k, v);
        }
        Ok(v)
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
