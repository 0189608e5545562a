//! Iterative-deepening A* (IDA*) for any puzzle given as a compact node type, a move
//! function and an admissible heuristic.
//!
//! - Move pruning by a *canonical sequence* rule derived from each move's face and which
//!   faces commute ([`MovePruning`]): never the same face twice in a row, and commuting faces
//!   only in increasing order. One mechanism for every puzzle.
//! - The heuristic receives the remaining budget so it can stop at the first table that
//!   prunes ([`IdaProblem::prunes`]).
//! - Both cores: the tree is split at a fixed depth below the root and the subtrees are
//!   searched in parallel (rayon) under a shared bound and a shared stop flag; with
//!   [`IdaOptions::queue`] and [`IdaOptions::learn`] every thread takes the next subtree in
//!   the order of the last iteration's node counts (`ida/roots.rs`).
//! - Every finished bound is reported to a callback (depth, nodes, time) for progress lines;
//!   timeouts, node budgets and a cancel flag stop the search cleanly and report the deepest
//!   bound that was searched completely.
//! - `all` mode collects every optimal solution instead of stopping at the first.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

mod moves;
mod restrict;
mod roots;
use crate::progress::IterationProgress;
pub use moves::{AutomatonError, MoveAutomaton, MovePruning};
use restrict::Restricted;
pub use roots::{for_each_in_order, SubtreeCounts};
use roots::{sort_roots, Root};

/// A search problem for [`ida_star`].
pub trait IdaProblem: Sync {
    /// A compact, copyable search node.
    type Node: Copy + Send + Sync;

    /// Number of moves; moves are `0..num_moves()`.
    fn num_moves(&self) -> usize;

    /// The node reached by move `m`.
    fn apply(&self, node: &Self::Node, m: usize) -> Self::Node;

    /// An admissible lower bound on the distance to the goal.
    fn heuristic(&self, node: &Self::Node) -> u32;

    /// Whether the node must be pruned with `remaining` moves left, i.e. whether its distance
    /// is provably more than `remaining`. The default compares [`IdaProblem::heuristic`];
    /// problems with several tables override it to stop at the first table that prunes.
    fn prunes(&self, node: &Self::Node, remaining: u32) -> bool {
        self.heuristic(node) > remaining
    }

    /// A hint before the children of `node` are generated and tested: move `m` will be
    /// tried, so its table entries may be prefetched. The default does nothing.
    #[inline]
    fn prefetch_child(&self, _node: &Self::Node, _m: usize) {}

    /// [`IdaProblem::prunes`] for a freshly generated child, which may record in the node
    /// what it computed (e.g. table values its own children inherit). The default calls
    /// `prunes`.
    #[inline]
    fn prunes_child(&self, node: &mut Self::Node, remaining: u32) -> bool {
        self.prunes(node, remaining)
    }

    /// Whether the children of a node are handled in passes: all of them generated
    /// ([`IdaProblem::apply`]) before any is tested, then each tested with
    /// [`IdaProblem::prunes_child`], then each that passed tested with
    /// [`IdaProblem::prunes_child_late`] and searched. Work a pass starts (e.g. prefetches of
    /// the table entries the next pass reads) then overlaps over all the siblings. The nodes
    /// generated and searched are the same as without passes. Default: false (each child
    /// is generated, tested and searched before the next).
    const PASSES: bool = false;

    /// With [`IdaProblem::PASSES`], called for every generated child once all siblings are
    /// generated, before the first test: e.g. prefetches of the entries that test reads,
    /// issued back to back so that their address translations and memory reads overlap.
    /// Default: nothing.
    #[inline]
    fn generated(&self, _node: &Self::Node) {}

    /// With [`IdaProblem::PASSES`], called for every child that [`IdaProblem::prunes_child`]
    /// kept once all siblings are tested, before the second test (as
    /// [`IdaProblem::generated`] for the first). Default: nothing.
    #[inline]
    fn kept(&self, _node: &Self::Node) {}

    /// A second test of a child that [`IdaProblem::prunes_child`] kept (the child is pruned
    /// when either test says so); may record in the node what it computed. With
    /// [`IdaProblem::PASSES`], called for every kept sibling only after all of them passed
    /// the first test. Default: false (nothing more to test).
    #[inline]
    fn prunes_child_late(&self, _node: &mut Self::Node, _remaining: u32) -> bool {
        false
    }

    /// Whether the child of `node` (which has `remaining` moves left) by move `m` is known to
    /// be pruned without generating it (e.g. a table value the child would inherit already
    /// exceeds its remaining depth). Such moves are neither generated nor counted. Default:
    /// false.
    #[inline]
    fn skips_move(&self, _node: &Self::Node, _m: usize, _remaining: u32) -> bool {
        false
    }

    /// Whether the children that pass both tests are searched in increasing order of
    /// [`IdaProblem::order_key`] (ties in move order), and the subtrees of a parallel
    /// search sorted in that order, instead of in move order. Only with
    /// [`IdaProblem::PASSES`]. A complete iteration searches the same nodes either way; the
    /// last one may find a solution sooner. Default: false.
    const ORDERS: bool = false;

    /// The order key of a child that passed both tests (see [`IdaProblem::ORDERS`]), e.g.
    /// its heuristic value, so that the children with the most slack come first.
    #[inline]
    fn order_key(&self, _node: &Self::Node) -> u32 {
        0
    }

    /// Whether `node` is solved.
    fn is_goal(&self, node: &Self::Node) -> bool;

    /// The move pruning rule.
    fn pruning(&self) -> &MovePruning;
}

/// Limits and options of one IDA* run.
#[derive(Debug, Clone, Default)]
pub struct IdaOptions {
    /// Search no deeper than this.
    pub max_depth: u32,
    /// Stop after this wall-clock time.
    pub timeout: Option<Duration>,
    /// Stop after this many generated nodes.
    pub max_nodes: Option<u64>,
    /// Collect every optimal solution instead of the first.
    pub all: bool,
    /// Depth below the root at which the tree is split for parallel search (0 = sequential).
    pub split_depth: u32,
    /// The first bound searched is at least this: the caller knows that nothing shorter
    /// solves (e.g. one subtree of a search split by move prefixes, whose shorter bounds
    /// were exhausted). A wrong value can return a longer answer than the shortest.
    pub min_depth: u32,
    /// The face of the move that precedes the root (e.g. the last move of a prefix): the
    /// first move must follow it canonically, so that subtrees of a split search do not
    /// repeat each other's sequences.
    pub root_face: Option<u8>,
    /// With [`IdaProblem::ORDERS`], every thread of a split search takes the next subtree
    /// in key order, instead of rayon splitting the sorted subtrees between the threads
    /// (one starts at the front, another in the middle).
    pub queue: bool,
    /// With [`IdaProblem::ORDERS`], take a split search's subtrees by decreasing node count
    /// of the last complete iteration (see `ida/roots.rs`).
    pub learn: bool,
    /// With [`IdaProblem::ORDERS`], the children of every survivor of a node are made
    /// (and their [`IdaProblem::generated`] hints given) before the first survivor is
    /// searched, when the survivors have at most this many moves left (0: never). The
    /// table reads of a node's grandchildren then overlap over all its children instead of
    /// waiting once per child; the nodes searched and their order are the same.
    pub lookahead: u32,
    /// Counters updated inside each bound: the bound, the subtrees of a split search
    /// searched to their end, and the nodes as the threads poll (every few thousand nodes).
    pub progress: Option<Arc<IterationProgress>>,
    /// Only the moves marked here (by index) are generated: a search restricted to a move
    /// set (e.g. `R` and `U` turns only). `None`: every move of the problem.
    pub moves: Option<Vec<bool>>,
}

/// One finished depth bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundReport {
    /// The bound (solution length searched).
    pub bound: u32,
    /// Nodes generated in this iteration.
    pub nodes: u64,
    /// Time of this iteration.
    pub elapsed: Duration,
}

/// How an IDA* run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum IdaOutcome {
    /// Solutions of the optimal length (one unless `all`).
    Found(Vec<Vec<usize>>),
    /// Every sequence up to `max_depth` was searched; none solves.
    Exhausted,
    /// Stopped by the time or node budget.
    Timeout,
    /// Stopped by the cancel flag.
    Cancelled,
}

/// The result of [`ida_star`].
#[derive(Debug, Clone, PartialEq)]
pub struct IdaResult {
    /// How the search ended.
    pub outcome: IdaOutcome,
    /// Deepest bound searched completely without a solution (`None` if none was).
    pub deepest_complete: Option<u32>,
    /// Nodes generated in all.
    pub nodes: u64,
    /// Per-bound breakdown.
    pub bounds: Vec<BoundReport>,
    /// Total time.
    pub elapsed: Duration,
}

struct Shared<'a> {
    stop: AtomicBool,
    timed_out: AtomicBool,
    cancel: Option<&'a AtomicBool>,
    nodes: AtomicU64,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    found: Mutex<Vec<Vec<usize>>>,
    all: bool,
    progress: Option<&'a IterationProgress>,
}

impl Shared<'_> {
    /// Polls the stop conditions; called every few thousand nodes.
    fn poll(&self, local_nodes: u64) -> bool {
        let total = self.nodes.fetch_add(local_nodes, Ordering::Relaxed) + local_nodes;
        if let Some(p) = self.progress {
            p.set_nodes(total);
        }
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) || self.max_nodes.is_some_and(|m| total >= m) {
            self.timed_out.store(true, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stop.load(Ordering::Relaxed)
    }
}

const POLL_EVERY: u64 = 1 << 14;

struct Worker<'p, 's, 'c, P: IdaProblem> {
    p: &'p P,
    shared: &'s Shared<'c>,
    path: Vec<usize>,
    local: u64,
    /// The children kept at each remaining depth (with [`IdaProblem::PASSES`]), reused.
    /// (move, node, pruned by the first test).
    kids: Vec<Vec<Kid<P::Node>>>,
    /// `ahead[r][i]`: the children made ahead for the `i`-th survivor searched with `r`
    /// moves left (see [`IdaOptions::lookahead`]), reused.
    ahead: Vec<Vec<Vec<Kid<P::Node>>>>,
    /// [`IdaOptions::lookahead`].
    lookahead: u32,
    /// Nodes already added to the shared count.
    counted: u64,
}

/// A child in the passes: (move, node, pruned by the first test).
type Kid<N> = (usize, N, bool);

impl<P: IdaProblem> Worker<'_, '_, '_, P> {
    /// Adds the nodes counted since the last call to the shared count and polls the stop
    /// conditions; returns true to stop.
    fn flush(&mut self) -> bool {
        let n = std::mem::take(&mut self.local);
        self.counted += n;
        self.shared.poll(n)
    }

    /// Depth-first search below `node` with `remaining` moves; returns true to stop.
    fn dfs(&mut self, node: &P::Node, remaining: u32, prev_face: Option<u8>) -> bool {
        if remaining == 0 {
            if self.p.is_goal(node) {
                let mut f = self.shared.found.lock().unwrap_or_else(|e| e.into_inner());
                f.push(self.path.clone());
                if !self.shared.all {
                    self.shared.stop.store(true, Ordering::Relaxed);
                    return true;
                }
            }
            return false;
        }
        self.hint_children(node, remaining, prev_face);
        let pruning = self.p.pruning();
        if P::PASSES {
            return self.children_in_passes(node, remaining, prev_face);
        }
        for m in 0..self.p.num_moves() {
            if !pruning.allowed(prev_face, m) || self.p.skips_move(node, m, remaining) {
                continue;
            }
            let mut child = self.p.apply(node, m);
            self.local += 1;
            if self.local >= POLL_EVERY && self.flush() {
                return true;
            }
            if self.p.prunes_child(&mut child, remaining - 1)
                || self.p.prunes_child_late(&mut child, remaining - 1)
            {
                continue;
            }
            self.path.push(m);
            let stop = self.dfs(&child, remaining - 1, pruning.face(m));
            self.path.pop();
            if stop {
                return true;
            }
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// The children of `node` (`remaining` ≥ 1) in passes (see [`IdaProblem::PASSES`]);
    /// returns true to stop. Nodes are counted in the last pass, in move order, so the
    /// count stops where the search stops exactly as without passes.
    fn children_in_passes(&mut self, node: &P::Node, remaining: u32, prev_face: Option<u8>) -> bool {
        let r = remaining as usize;
        if self.kids.len() <= r {
            self.kids.resize_with(r + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.kids[r]);
        self.make_children(node, remaining, prev_face, &mut kids);
        let stop = self.test_children(&mut kids, remaining);
        self.kids[r] = kids;
        stop
    }

    /// The [`IdaProblem::prefetch_child`] hints for every move that will be tried from
    /// `node`.
    #[inline]
    fn hint_children(&self, node: &P::Node, remaining: u32, prev_face: Option<u8>) {
        let pruning = self.p.pruning();
        for m in 0..self.p.num_moves() {
            if pruning.allowed(prev_face, m) && !self.p.skips_move(node, m, remaining) {
                self.p.prefetch_child(node, m);
            }
        }
    }

    /// The first pass: the children of `node` made into `kids`, then every one's
    /// [`IdaProblem::generated`] hint given.
    #[inline]
    fn make_children(
        &self,
        node: &P::Node,
        remaining: u32,
        prev_face: Option<u8>,
        kids: &mut Vec<Kid<P::Node>>,
    ) {
        let pruning = self.p.pruning();
        kids.clear();
        for m in 0..self.p.num_moves() {
            if pruning.allowed(prev_face, m) && !self.p.skips_move(node, m, remaining) {
                kids.push((m, self.p.apply(node, m), false));
            }
        }
        for (_, child, _) in kids.iter() {
            self.p.generated(child);
        }
    }

    /// The passes after the first over the children made by [`Worker::make_children`];
    /// returns true to stop.
    fn test_children(&mut self, kids: &mut Vec<Kid<P::Node>>, remaining: u32) -> bool {
        for (_, child, pruned) in kids.iter_mut() {
            *pruned = self.p.prunes_child(child, remaining - 1);
        }
        for (_, child, pruned) in kids.iter() {
            if !*pruned {
                self.p.kept(child);
            }
        }
        if P::ORDERS {
            return self.ordered_children(kids, remaining);
        }
        let pruning = self.p.pruning();
        let mut stop = false;
        for (m, child, pruned) in kids.iter_mut() {
            self.local += 1;
            if self.local >= POLL_EVERY && self.flush() {
                stop = true;
                break;
            }
            if *pruned || self.p.prunes_child_late(child, remaining - 1) {
                continue;
            }
            self.path.push(*m);
            stop = self.dfs(child, remaining - 1, pruning.face(*m));
            self.path.pop();
            if stop {
                break;
            }
        }
        stop || self.shared.stop.load(Ordering::Relaxed)
    }
}

impl<P: IdaProblem> Worker<'_, '_, '_, P> {
    /// The last pass of [`Worker::test_children`] with [`IdaProblem::ORDERS`]: every kept
    /// child tested again, the survivors searched by increasing key (their own children
    /// made ahead, see [`IdaOptions::lookahead`]).
    fn ordered_children(&mut self, kids: &mut Vec<Kid<P::Node>>, remaining: u32) -> bool {
        self.local += kids.len() as u64;
        for (_, child, pruned) in kids.iter_mut() {
            *pruned = *pruned || self.p.prunes_child_late(child, remaining - 1);
        }
        kids.retain(|k| !k.2);
        kids.sort_by_key(|k| self.p.order_key(&k.1));
        if self.local >= POLL_EVERY && self.flush() {
            return true;
        }
        let pruning = self.p.pruning();
        let below = remaining - 1;
        if below >= 1 && below <= self.lookahead && kids.len() >= 2 {
            let b = below as usize;
            if self.ahead.len() <= b {
                self.ahead.resize_with(b + 1, Vec::new);
            }
            let mut ahead = std::mem::take(&mut self.ahead[b]);
            if ahead.len() < kids.len() {
                ahead.resize_with(kids.len(), Vec::new);
            }
            for ((m, child, _), made) in kids.iter().zip(ahead.iter_mut()) {
                let face = pruning.face(*m);
                self.hint_children(child, below, face);
                self.make_children(child, below, face, made);
            }
            let mut stop = false;
            for ((m, _, _), made) in kids.iter().zip(ahead.iter_mut()) {
                self.path.push(*m);
                stop = self.test_children(made, below);
                self.path.pop();
                if stop {
                    break;
                }
            }
            self.ahead[b] = ahead;
            return stop || self.shared.stop.load(Ordering::Relaxed);
        }
        let mut stop = false;
        for (m, child, _) in kids.iter() {
            self.path.push(*m);
            stop = self.dfs(child, below, pruning.face(*m));
            self.path.pop();
            if stop {
                break;
            }
        }
        stop || self.shared.stop.load(Ordering::Relaxed)
    }
}

/// Enumerates the canonical prefixes of length `depth` (with their end nodes and last faces),
/// pruned by the heuristic against `bound`.
fn frontier<P: IdaProblem>(
    p: &P,
    start: &P::Node,
    depth: u32,
    bound: u32,
    root_face: Option<u8>,
) -> Vec<Root<P::Node>> {
    let mut out = vec![(Vec::new(), *start, root_face)];
    for d in 0..depth {
        // Each parent's children in passes (made, then tested, then tested late), as in the
        // search itself; parents in parallel, the order kept.
        out = out
            .par_iter()
            .flat_map_iter(|(path, node, face)| {
                let mut kids: Vec<(usize, P::Node)> = (0..p.num_moves())
                    .filter(|&m| p.pruning().allowed(*face, m) && !p.skips_move(node, m, bound - d))
                    .map(|m| (m, p.apply(node, m)))
                    .collect();
                kids.retain_mut(|(_, c)| !p.prunes_child(c, bound - d - 1));
                kids.retain_mut(|(_, c)| !p.prunes_child_late(c, bound - d - 1));
                kids.into_iter().map(move |(m, c)| {
                    let mut np = path.clone();
                    np.push(m);
                    (np, c, p.pruning().face(m))
                })
            })
            .collect();
    }
    out
}

/// Runs IDA* from `start`. `on_bound` is called after each bound searched completely without
/// a solution. `cancel`, when raised, stops the search.
pub fn ida_star<P: IdaProblem>(
    p: &P,
    start: &P::Node,
    opts: &IdaOptions,
    cancel: Option<&AtomicBool>,
    on_bound: impl FnMut(&BoundReport),
) -> IdaResult {
    match &opts.moves {
        Some(keep) => {
            let r = Restricted {
                inner: p,
                pruning: p.pruning().restricted(keep),
            };
            run(&r, start, opts, cancel, on_bound)
        }
        None => run(p, start, opts, cancel, on_bound),
    }
}

/// [`ida_star`] on the problem's own move rule.
fn run<P: IdaProblem>(
    p: &P,
    start: &P::Node,
    opts: &IdaOptions,
    cancel: Option<&AtomicBool>,
    mut on_bound: impl FnMut(&BoundReport),
) -> IdaResult {
    let t0 = Instant::now();
    let shared = Shared {
        stop: AtomicBool::new(false),
        timed_out: AtomicBool::new(false),
        cancel,
        nodes: AtomicU64::new(0),
        deadline: opts.timeout.map(|t| t0 + t),
        max_nodes: opts.max_nodes,
        found: Mutex::new(Vec::new()),
        all: opts.all,
        progress: opts.progress.as_deref(),
    };
    let mut bounds = Vec::new();
    let mut deepest = None;
    let mut history = SubtreeCounts::default();
    let finish = |outcome, deepest, bounds, shared: &Shared<'_>| IdaResult {
        outcome,
        deepest_complete: deepest,
        nodes: shared.nodes.load(Ordering::Relaxed),
        bounds,
        elapsed: t0.elapsed(),
    };
    if p.is_goal(start) {
        return finish(IdaOutcome::Found(vec![Vec::new()]), None, bounds, &shared);
    }
    let mut bound = p.heuristic(start).max(opts.min_depth).max(1);
    if bound > 1 {
        // An admissible heuristic proves that nothing shorter than h exists.
        deepest = Some((bound - 1).min(opts.max_depth));
    }
    while bound <= opts.max_depth {
        let t_bound = Instant::now();
        let nodes_before = shared.nodes.load(Ordering::Relaxed);
        let split = opts.split_depth.min(bound.saturating_sub(1));
        if split == 0 {
            if let Some(p) = shared.progress {
                p.start_bound(bound, 0, nodes_before);
            }
            let mut w = Worker {
                p,
                shared: &shared,
                path: Vec::new(),
                local: 0,
                kids: Vec::new(),
                ahead: Vec::new(),
                lookahead: opts.lookahead,
                counted: 0,
            };
            w.dfs(start, bound, opts.root_face);
            let total = shared.nodes.fetch_add(w.local, Ordering::Relaxed) + w.local;
            if let Some(p) = shared.progress {
                p.set_nodes(total);
            }
        } else {
            let mut roots = frontier(p, start, split, bound, opts.root_face);
            if let Some(p) = shared.progress {
                p.start_bound(bound, roots.len() as u64, nodes_before);
            }
            shared.nodes.fetch_add(roots.len() as u64, Ordering::Relaxed);
            if P::ORDERS && P::PASSES {
                sort_roots(&history, p, &mut roots);
            }
            let last = history.tell_progress(roots.iter().map(|r| &r.0), shared.progress);
            let counts: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
            let subtree = |i: usize, (path, node, face): &Root<P::Node>| {
                if shared.stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut w = Worker {
                    p,
                    shared: &shared,
                    path: path.clone(),
                    local: 0,
                    kids: Vec::new(),
                    ahead: Vec::new(),
                    lookahead: opts.lookahead,
                    counted: 0,
                };
                w.dfs(node, bound - split, *face);
                counts[i].store(w.counted + w.local, Ordering::Relaxed);
                // Poll after every subtree too: subtrees smaller than the polling interval
                // would otherwise never check the deadline, node budget or cancel flag.
                shared.poll(w.local);
                if let Some(p) = shared.progress {
                    p.finish_subtree_of(last.get(i).copied().unwrap_or(0));
                }
            };
            if P::ORDERS && P::PASSES && opts.queue {
                for_each_in_order(roots.len(), |i| subtree(i, &roots[i]));
            } else {
                roots.par_iter().enumerate().for_each(|(i, r)| subtree(i, r));
            }
            if opts.learn {
                history.learn(roots.into_iter().map(|r| r.0), &counts);
            }
        }
        let found = std::mem::take(&mut *shared.found.lock().unwrap_or_else(|e| e.into_inner()));
        if !found.is_empty() {
            let mut found = found;
            found.sort();
            return finish(IdaOutcome::Found(found), deepest, bounds, &shared);
        }
        if shared.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return finish(IdaOutcome::Cancelled, deepest, bounds, &shared);
        }
        if shared.timed_out.load(Ordering::Relaxed) {
            return finish(IdaOutcome::Timeout, deepest, bounds, &shared);
        }
        let report = BoundReport {
            bound,
            nodes: shared.nodes.load(Ordering::Relaxed) - nodes_before,
            elapsed: t_bound.elapsed(),
        };
        on_bound(&report);
        bounds.push(report);
        deepest = Some(bound);
        bound += 1;
    }
    finish(IdaOutcome::Exhausted, deepest, bounds, &shared)
}

#[cfg(test)]
mod tests;
