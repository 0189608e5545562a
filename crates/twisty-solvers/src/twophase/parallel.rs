//! One two-phase solve on several threads.
//!
//! The six searches of [`super::search`] (three axis frames × the state and its inverse) are
//! each complete on their own, so they are dealt out to the threads round robin (search `k`
//! to thread `k mod threads`); every thread runs the usual loop over phase-1 lengths on its
//! share. Without improving, the first thread to find a solution within the bound raises a
//! shared flag that stops the others. While improving (a time budget), every thread
//! improves its own answer until the budget runs out, and the shortest is kept; a thread
//! that proves its answer optimal stops the others.
//!
//! With one thread this is exactly [`SearchContext::solve`].

use super::search::{SearchContext, ALL_VARIANTS};
use super::tables::Tables;
use crate::solver::{Limits, SolveError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use twisty_core::cube3::{Cube3Move, CubieCube};

/// Most threads one solve uses (one per search).
pub const MAX_THREADS: usize = 6;

/// How a solve runs beyond the first solution within the bound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchPlan {
    /// Keep searching for shorter solutions until this many phase-2 searches were started
    /// (0: return the first solution). Ignored while improving.
    pub min_probes: u64,
    /// Keep improving the answer until this instant (see
    /// [`SearchContext::set_improve_until`]).
    pub improve_until: Option<Instant>,
    /// Threads (0 and 1: one; at most [`MAX_THREADS`] are used).
    pub threads: usize,
}

/// What a solve found, with its counters summed over the threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The solution.
    pub moves: Vec<Cube3Move>,
    /// Whether the search proved it optimal.
    pub proven: bool,
    /// Nodes generated.
    pub nodes: u64,
    /// Phase-2 nodes generated.
    pub phase2_nodes: u64,
    /// Phase-2 searches started.
    pub probes: u64,
}

/// The variants of thread `i` of `n`.
fn share(i: usize, n: usize) -> u8 {
    (0..6).filter(|k| k % n == i).fold(0u8, |m, k| m | 1 << k)
}

/// Solves `state` within `max_length` moves under `limits` (its own `max_length` and
/// `threads` are ignored; `plan` says how) on the shared `tables`.
pub fn solve(
    tables: &Arc<Tables>,
    state: &CubieCube,
    max_length: u32,
    limits: &Limits,
    start: Instant,
    plan: &SearchPlan,
) -> Result<SearchOutcome, SolveError> {
    let threads = plan.threads.clamp(1, MAX_THREADS);
    if threads == 1 {
        let mut ctx = SearchContext::new(tables.clone());
        ctx.set_min_probes(plan.min_probes);
        ctx.set_improve_until(plan.improve_until);
        return run(&mut ctx, state, max_length, limits, start);
    }
    state.validate()?;
    let stop = Arc::new(AtomicBool::new(false));
    let improving = plan.improve_until.is_some();
    let results: Vec<Result<SearchOutcome, SolveError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let stop = stop.clone();
                scope.spawn(move || {
                    let mut ctx = SearchContext::new(tables.clone());
                    ctx.set_min_probes(plan.min_probes);
                    ctx.set_improve_until(plan.improve_until);
                    ctx.set_variants(share(i, threads));
                    ctx.set_peer_stop(Some(stop.clone()));
                    let r = run(&mut ctx, state, max_length, limits, start);
                    // The first answer ends the others' searches, unless they improve on it; a
                    // proof (of optimality, or that nothing is within the bound) ends them too.
                    let proof = match &r {
                        Ok(o) => !improving || o.proven,
                        Err(e) => matches!(e, SolveError::NoSolutionWithin { .. }),
                    };
                    if proof {
                        stop.store(true, Ordering::Relaxed);
                    }
                    r
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or(Err(SolveError::Cancelled { deepest_bound: None }))
            })
            .collect()
    });
    let (mut nodes, mut phase2_nodes, mut probes) = (0, 0, 0);
    let mut best: Option<SearchOutcome> = None;
    let mut error = None;
    for r in results {
        match r {
            Ok(o) => {
                nodes += o.nodes;
                phase2_nodes += o.phase2_nodes;
                probes += o.probes;
                // A proof from any thread holds for all: each search alone is complete.
                let better = best.as_ref().is_none_or(|b| {
                    o.moves.len() < b.moves.len() || (o.moves.len() == b.moves.len() && o.proven)
                });
                if better {
                    best = Some(o);
                }
            }
            Err(e) => error = Some(pick_error(error, e)),
        }
    }
    match best {
        Some(b) => Ok(SearchOutcome {
            nodes,
            phase2_nodes,
            probes,
            ..b
        }),
        None => Err(user_error(error, limits)),
    }
}

/// Of two errors of threads, the one to report: a proof that nothing exists within the bound
/// over a stop.
fn pick_error(old: Option<SolveError>, new: SolveError) -> SolveError {
    match old {
        Some(e @ SolveError::NoSolutionWithin { .. }) => e,
        _ => new,
    }
}

/// The error of a solve that found nothing: a stop raised by a peer is not the user's cancel.
fn user_error(error: Option<SolveError>, limits: &Limits) -> SolveError {
    match error {
        Some(SolveError::Cancelled { .. }) if !limits.cancelled() => {
            SolveError::Timeout { deepest_bound: None }
        }
        Some(e) => e,
        None => SolveError::Cancelled { deepest_bound: None },
    }
}

fn run(
    ctx: &mut SearchContext,
    state: &CubieCube,
    max_length: u32,
    limits: &Limits,
    start: Instant,
) -> Result<SearchOutcome, SolveError> {
    let moves = ctx.solve(state, max_length, limits, start)?.to_vec();
    Ok(SearchOutcome {
        moves,
        proven: ctx.proven(),
        nodes: ctx.nodes(),
        phase2_nodes: ctx.phase2_nodes(),
        probes: ctx.probes(),
    })
}

/// The variant masks of `threads` threads (for tests).
pub fn shares(threads: usize) -> Vec<u8> {
    let n = threads.clamp(1, MAX_THREADS);
    if n == 1 {
        return vec![ALL_VARIANTS];
    }
    (0..n).map(|i| share(i, n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_cover_the_six_searches_once() {
        for n in 1..=8 {
            let s = shares(n);
            assert_eq!(s.iter().fold(0, |m, &x| m | x), ALL_VARIANTS);
            assert_eq!(s.iter().map(|x| x.count_ones()).sum::<u32>(), 6);
            assert!(s.iter().all(|&x| x != 0));
        }
    }
}
