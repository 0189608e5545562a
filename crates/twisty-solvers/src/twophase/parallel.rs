//! One two-phase solve on several threads.
//!
//! For the first solution within the bound, every thread runs all six searches of
//! [`super::search`] (three axis frames × the state and its inverse) but searches only the
//! subtrees it claims (see [`SearchContext::set_split`]), so the solution, wherever it
//! is, is found about `threads` times sooner; the first thread to find one raises a shared
//! flag that stops the others, and "nothing within the bound" needs every share to run out.
//!
//! While improving (a time budget) or with a probe budget, each thread's own bound moves
//! with what it found, so the six searches (each complete on its own) are dealt out to the
//! threads round robin instead (search `k` to thread `k mod threads`), every thread running
//! the usual loop over phase-1 lengths on its searches. The threads share
//! the length of the best solution found so far and each searches only below it, until the
//! budget runs out; the shortest is kept. A thread that runs out of shorter lengths proves
//! the shortest optimal (each search alone is complete) and stops the others.
//!
//! With one thread this is exactly [`SearchContext::solve`].

use super::search::{SearchContext, SplitClaims, ALL_VARIANTS};
use super::tables::Tables;
use crate::solver::{Limits, SolveError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use twisty_core::cube3::{Cube3Move, CubieCube};
use web_time::Instant;

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

/// What a solve found, with its counters summed over the threads that reported before the
/// answer was decided.
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
        let r = run(&mut ctx, state, max_length, limits, start);
        return r.result.map(|moves| SearchOutcome {
            moves,
            proven: r.proven,
            nodes: r.nodes,
            phase2_nodes: r.phase2_nodes,
            probes: r.probes,
        });
    }
    state.validate()?;
    let stop = Arc::new(AtomicBool::new(false));
    let improving = plan.improve_until.is_some();
    // The first solution is wanted: every thread takes a share of each search's subtrees
    // (see `search::split`). Otherwise (improving, or a probe budget, where a thread's own
    // bound moves with what it found) the six searches are dealt out, each complete alone.
    let split = !improving && plan.min_probes == 0;
    let shared_best = improving.then(|| Arc::new(AtomicUsize::new(usize::MAX)));
    // Raised by a thread that proves its answer's length optimal (or that nothing is within
    // the bound).
    let proof = Arc::new(AtomicBool::new(false));
    let claims = Arc::new(SplitClaims::new());
    let work = {
        let (tables, stop, shared_best, proof, claims, state, limits, plan) = (
            tables.clone(),
            stop.clone(),
            shared_best.clone(),
            proof.clone(),
            claims.clone(),
            *state,
            limits.clone(),
            *plan,
        );
        move |i: usize| {
            let mut ctx = SearchContext::new(tables.clone());
            ctx.set_min_probes(plan.min_probes);
            ctx.set_improve_until(plan.improve_until);
            if split {
                ctx.set_split(Some(claims.clone()));
            } else {
                ctx.set_variants(share(i, threads));
            }
            ctx.set_peer_stop(Some(stop.clone()));
            ctx.set_shared_best(shared_best.clone());
            let r = run(&mut ctx, &state, max_length, &limits, start);
            // The first answer ends the others' searches, unless they improve on it; a proof
            // (of optimality, or that nothing is within the bound) ends them too.
            // A share alone proves nothing: with the searches split, only all threads' ends
            // together do.
            if r.proven && !split {
                proof.store(true, Ordering::Relaxed);
            }
            if (r.proven && !split) || (!improving && r.result.is_ok()) {
                stop.store(true, Ordering::Relaxed);
            }
            r
        }
    };
    // Share 0 runs on the calling thread, the others on the worker threads kept between
    // solves (see [`super::pool`]), which report back over a channel. The call does not
    // wait for a thread whose answer cannot matter any more (it stops at its next budget
    // check, within a few hundred nodes), so a thread the system is slow to schedule does
    // not hold the answer back. A share no thread could be started for runs here after
    // share 0.
    let (tx, rx) = std::sync::mpsc::channel();
    let mut here = vec![0];
    for i in 1..threads {
        let (w, tx) = (work.clone(), tx.clone());
        let job = move || {
            // The receiver may be gone by then: the answer was given without this thread.
            let _ = tx.send(w(i));
        };
        if super::pool::spawn(job).is_err() {
            here.push(i);
        }
    }
    drop(tx);
    let mut runs = Vec::with_capacity(threads);
    for i in here {
        if i > 0 && decided_now(&runs, improving, &shared_best, &proof) {
            break;
        }
        runs.push(work(i));
    }
    let mut expected = threads;
    while runs.len() < expected && !decided_now(&runs, improving, &shared_best, &proof) {
        match rx.recv() {
            Ok(r) => runs.push(r),
            Err(_) => expected = runs.len(),
        }
    }
    stop.store(true, Ordering::Relaxed);
    let (mut nodes, mut phase2_nodes, mut probes) = (0, 0, 0);
    // Dealt searches: a proof from any thread holds for the shortest answer of all (each
    // search alone is complete, and no thread's bound went below the shortest answer).
    // Split searches: every share must have run out.
    let proven = if split {
        runs.len() == threads && runs.iter().all(|r| r.proven)
    } else {
        runs.iter().any(|r| r.proven)
    };
    let mut best: Option<Vec<Cube3Move>> = None;
    let mut error = None;
    for r in runs {
        nodes += r.nodes;
        phase2_nodes += r.phase2_nodes;
        probes += r.probes;
        match r.result {
            Ok(moves) => {
                if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
                    best = Some(moves);
                }
            }
            Err(e) => error = Some(pick_error(error, e)),
        }
    }
    match best {
        Some(moves) => Ok(SearchOutcome {
            moves,
            proven,
            nodes,
            phase2_nodes,
            probes,
        }),
        None => Err(user_error(error, limits)),
    }
}

/// Whether the runs reported so far decide the answer.
fn decided_now(
    runs: &[Run],
    improving: bool,
    shared_best: &Option<Arc<AtomicUsize>>,
    proof: &AtomicBool,
) -> bool {
    let best = shared_best
        .as_ref()
        .map_or(usize::MAX, |b| b.load(Ordering::Relaxed));
    let held = |r: &Run, limit: usize| r.result.as_ref().is_ok_and(|m| m.len() <= limit);
    if proof.load(Ordering::Relaxed) {
        // Wait for the proof's thread (it raised the flag when done), and for the thread
        // holding the shortest answer: a thread beaten by another's shorter answer proves
        // that answer optimal, not its own.
        runs.iter().any(|r| r.proven) && (best == usize::MAX || runs.iter().any(|r| held(r, best)))
    } else if improving {
        // Nobody can give a shorter answer than the best held.
        runs.iter().any(|r| held(r, best))
    } else {
        runs.iter().any(|r| r.result.is_ok())
    }
}

/// What one thread's search gave.
struct Run {
    result: Result<Vec<Cube3Move>, SolveError>,
    proven: bool,
    nodes: u64,
    phase2_nodes: u64,
    probes: u64,
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

fn run(ctx: &mut SearchContext, state: &CubieCube, max_length: u32, limits: &Limits, start: Instant) -> Run {
    let result = ctx
        .solve(state, max_length, limits, start)
        .map(<[Cube3Move]>::to_vec);
    Run {
        result,
        proven: ctx.proven(),
        nodes: ctx.nodes(),
        phase2_nodes: ctx.phase2_nodes(),
        probes: ctx.probes(),
    }
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

    fn run_of(len: usize, proven: bool) -> Run {
        Run {
            result: Ok(vec![Cube3Move::ALL[0]; len]),
            proven,
            nodes: 0,
            phase2_nodes: 0,
            probes: 0,
        }
    }

    #[test]
    fn a_proof_waits_for_the_shortest_answer() {
        // One thread, beaten by another's 7-move answer, proved that nothing shorter than
        // 7 exists while holding an 11-move answer: the 7-move one must be waited for.
        let best = Some(Arc::new(AtomicUsize::new(7)));
        let proof = AtomicBool::new(true);
        let mut runs = vec![run_of(11, true)];
        assert!(!decided_now(&runs, true, &best, &proof));
        runs.push(run_of(7, false));
        assert!(decided_now(&runs, true, &best, &proof));
        // A proof that nothing is within the bound needs no answer.
        let none = Run {
            result: Err(SolveError::NoSolutionWithin { max_length: 5 }),
            ..run_of(0, true)
        };
        assert!(decided_now(&[none], false, &None, &proof));
    }

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
