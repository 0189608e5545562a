//! The Kilominx IDA* over the search nodes of `node.rs` (the state and its inverse side
//! by side): database lookups that stop at the first one that prunes, optional ordering of children by
//! estimated cost (the seed's quirk: the largest f first), and both cores splitting the tree
//! two moves below the root under a shared stop flag. It stops at the first solution, or
//! ([`Goal`]) finishes the first bound that has one and keeps them all, or runs every bound
//! up to the maximum depth completely, counting the solutions of each (or one part of each:
//! [`super::part`]).

pub use super::node::{inverse_twist, Node, MAX_CARRIED};
use super::part::Part;
use crate::progress::IterationProgress;
use rayon::prelude::*;
use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use twisty_search::ida::{for_each_in_order, BoundReport, MoveAutomaton, SubtreeCounts};
use web_time::Instant;

/// What a search needs from a heuristic.
pub trait Bound: Sync {
    /// Whether the node's distance provably exceeds `remaining`.
    fn prunes(&self, node: &Node, remaining: u32) -> bool;
    /// The lower bound, or a value above `cap` as soon as one is found.
    fn estimate(&self, node: &Node, cap: u32) -> u32;
    /// Fills the values the start node carries (nothing by default).
    fn init(&self, node: &mut Node) {
        let _ = node;
    }
    /// Fills the values a child carries, from its parent's (nothing by default).
    fn derive(&self, parent: &Node, kid: &mut Node) {
        let _ = (parent, kid);
    }
    /// The moves (bit `m`) whose child of `node` (which has `remaining` moves left) is
    /// known to be pruned without generating it, because it would inherit a value above
    /// `remaining − 1` unchanged from `node`. Default: none.
    fn skipped_moves(&self, node: &Node, remaining: u32) -> u64 {
        let _ = (node, remaining);
        0
    }
    /// Keeps in `alive` (indices into `kids`) the children that no lookup prunes with
    /// `remaining` moves left, and derives their carried values from `parent`: one lookup at
    /// a time over all children, so the table reads of the siblings can be in flight
    /// together (`prefetch`).
    fn filter(&self, parent: &Node, kids: &mut [Node], alive: &mut Vec<u8>, remaining: u32, prefetch: bool) {
        alive.retain(|&i| {
            self.derive(parent, &mut kids[i as usize]);
            !self.prunes(&kids[i as usize], remaining)
        });
        let _ = prefetch;
    }
}

/// What a search looks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Goal {
    /// The first optimal solution found.
    #[default]
    First,
    /// Every solution of the first bound that has one (the bound is searched to its end).
    All,
    /// Every bound up to the maximum depth searched completely, its solutions counted (not
    /// kept); the search does not stop at a solution.
    Complete,
}

/// One depth bound searched: its nodes, time and solutions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Iteration {
    /// The bound (the length of the move sequences searched).
    pub bound: u32,
    /// Nodes generated in this iteration.
    pub nodes: u64,
    /// Time of this iteration.
    pub elapsed: Duration,
    /// Move sequences of exactly `bound` moves that solve the state (canonical sequences only;
    /// counted with [`Goal::Complete`] and [`Goal::All`], at most 1 with [`Goal::First`]).
    pub solutions: u64,
}

impl Iteration {
    /// The iteration as the generic IDA* bound report.
    pub fn report(&self) -> BoundReport {
        BoundReport {
            bound: self.bound,
            nodes: self.nodes,
            elapsed: self.elapsed,
        }
    }
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Solutions of the optimal length (move indices), in move-index order: one with
    /// [`Goal::First`], all of them with [`Goal::All`] (only those found before the stop when
    /// [`Report::stopped`] is set).
    Found(Vec<Vec<u8>>),
    /// Nothing up to the maximum depth (with [`Goal::Complete`]: every bound up to it
    /// searched, see [`Report::iterations`]).
    Exhausted,
    /// Time or node budget spent.
    Timeout,
    /// Cancelled.
    Cancelled,
}

/// Search options.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Deepest bound.
    pub max_depth: u32,
    /// Wall-clock budget.
    pub timeout: Option<Duration>,
    /// Node budget.
    pub max_nodes: Option<u64>,
    /// Expand children by estimated cost, the largest first (the seed's order).
    pub order_children: bool,
    /// Split the tree this many moves below the root for parallel search (0: one thread).
    pub split_depth: u32,
    /// Evaluate the children of a node one lookup at a time with the table reads prefetched.
    pub prefetch: bool,
    /// What to look for.
    pub goal: Goal,
    /// The first bound is at least this (the caller knows nothing shorter solves).
    pub min_depth: u32,
    /// Take the subtrees of a split search by decreasing node count of the last complete
    /// iteration, every thread the next one in order (see `twisty_search::ida`).
    pub learn: bool,
    /// The canonical-sequence automaton's state at the root ([`MoveAutomaton::START`], or
    /// the state after the move that precedes the root in a search split by prefixes).
    pub root: u16,
    /// Search only this part of every bound (the tree must be split: `split_depth` ≥ 1).
    pub part: Option<Part>,
    /// Counters of the bound being searched (nodes as the threads poll, subtrees as they
    /// finish), for a front end to draw.
    pub progress: Option<Arc<IterationProgress>>,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct Report {
    /// How it ended.
    pub outcome: Outcome,
    /// Deepest bound searched completely without a solution.
    pub deepest_complete: Option<u32>,
    /// Nodes generated.
    pub nodes: u64,
    /// Per-bound breakdown of the bounds searched to their end.
    pub bounds: Vec<BoundReport>,
    /// The bounds searched to their end, with their solutions.
    pub iterations: Vec<Iteration>,
    /// The bound the time limit, node budget or cancel flag stopped, as far as it got.
    pub stopped: Option<Iteration>,
}

struct Shared<'c> {
    stop: AtomicBool,
    timed_out: AtomicBool,
    cancel: Option<&'c AtomicBool>,
    nodes: AtomicU64,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    goal: Goal,
    found: Mutex<Vec<Vec<u8>>>,
    /// Solutions of the current bound.
    solutions: AtomicU64,
    progress: Option<&'c IterationProgress>,
}

impl Shared<'_> {
    fn poll(&self, local: u64) -> bool {
        let total = self.nodes.fetch_add(local, Ordering::Relaxed) + local;
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

struct Worker<'a, 'c, B: Bound> {
    h: &'a B,
    canon: &'a MoveAutomaton,
    shared: &'a Shared<'c>,
    order: bool,
    prefetch: bool,
    path: Vec<u8>,
    local: u64,
    /// Nodes already added to the shared count.
    counted: u64,
}

impl<B: Bound> Worker<'_, '_, B> {
    /// Adds the nodes counted since the last call to the shared count and polls the stop
    /// conditions; true to stop.
    fn flush(&mut self) -> bool {
        let n = std::mem::take(&mut self.local);
        self.counted += n;
        self.shared.poll(n)
    }

    /// Records the solution `path` + `m`; true to stop the search.
    fn found(&mut self, m: usize) -> bool {
        let goal = self.shared.goal;
        let first = self.shared.solutions.fetch_add(1, Ordering::Relaxed) == 0;
        if goal == Goal::Complete || (goal == Goal::First && !first) {
            return goal == Goal::First;
        }
        let mut p = self.path.clone();
        p.push(m as u8);
        self.shared
            .found
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(p);
        if goal == Goal::First {
            self.shared.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Makes the children of `node` (in state `q` of the move automaton) by the moves the
    /// automaton allows and `skip` (bit per move) does not, into the first places of `kids`,
    /// `moves` (the move of each) and `states` (the automaton's state after it), and counts
    /// them: how many, or `None` to stop the search.
    #[inline(always)]
    fn children(
        &mut self,
        node: &Node,
        q: u16,
        skip: u64,
        kids: &mut [Node; 48],
        moves: &mut [u8; 48],
        states: &mut [u16; 48],
    ) -> Option<usize> {
        let mut n = 0;
        for m in 0..48 {
            let Some(r) = self.canon.next(q, m) else {
                continue;
            };
            if skip >> m & 1 == 1 {
                continue;
            }
            kids[n] = node.apply(m);
            moves[n] = m as u8;
            states[n] = r;
            n += 1;
        }
        self.local += n as u64;
        if self.local >= POLL_EVERY && self.flush() {
            return None;
        }
        Some(n)
    }

    /// Searches below `node` (which has `remaining > 0` moves left and is in state `q` of
    /// the move automaton); true to stop.
    fn dfs(&mut self, node: &Node, remaining: u32, q: u16) -> bool {
        if self.order {
            return self.dfs_ordered(node, remaining, q);
        }
        let (mut kids, mut moves, mut states) = ([*node; 48], [0u8; 48], [0u16; 48]);
        let skip = self.h.skipped_moves(node, remaining);
        let Some(n) = self.children(node, q, skip, &mut kids, &mut moves, &mut states) else {
            return true;
        };
        if remaining == 1 {
            for (kid, &m) in kids[..n].iter().zip(&moves[..n]) {
                if kid.is_solved() && self.found(m as usize) {
                    return true;
                }
            }
            return false;
        }
        let mut alive: Vec<u8> = (0..n as u8).collect();
        self.h
            .filter(node, &mut kids[..n], &mut alive, remaining - 1, self.prefetch);
        for &i in &alive {
            let m = moves[i as usize];
            self.path.push(m);
            let stop = self.dfs(&kids[i as usize], remaining - 1, states[i as usize]);
            self.path.pop();
            if stop {
                return true;
            }
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// The seed's expansion: children within the bound, the largest estimate first (ties in
    /// move order). Which children are within the bound is found by [`Bound::filter`], one
    /// lookup at a time over all of them with the reads started ahead; the estimates of the
    /// survivors (whose entries were just read) then give the order. The nodes, their order
    /// and the counts are those of estimating each child in turn.
    fn dfs_ordered(&mut self, node: &Node, remaining: u32, q: u16) -> bool {
        let (mut kids, mut moves, mut states) = ([*node; 48], [0u8; 48], [0u16; 48]);
        let Some(n) = self.children(node, q, 0, &mut kids, &mut moves, &mut states) else {
            return true;
        };
        let mut alive: Vec<u8> = (0..n as u8).collect();
        self.h
            .filter(node, &mut kids[..n], &mut alive, remaining - 1, self.prefetch);
        let mut order: Vec<(u32, u8)> = alive
            .iter()
            .map(|&i| (self.h.estimate(&kids[i as usize], remaining - 1), i))
            .collect();
        order.sort_by_key(|k| Reverse(k.0));
        for (_, i) in order {
            let (i, m) = (i as usize, moves[i as usize]);
            if remaining == 1 {
                if kids[i].is_solved() && self.found(m as usize) {
                    return true;
                }
                continue;
            }
            self.path.push(m);
            let stop = self.dfs(&kids[i], remaining - 1, states[i]);
            self.path.pop();
            if stop {
                return true;
            }
        }
        self.shared.stop.load(Ordering::Relaxed)
    }
}

/// A move prefix, the node it reaches and its automaton state.
type Prefix = (Vec<u8>, Node, u16);

/// Canonical prefixes of `depth` moves within `bound`, with their nodes and automaton
/// states, and the number of nodes generated to find them.
fn frontier<B: Bound>(
    h: &B,
    canon: &MoveAutomaton,
    start: &Node,
    depth: u32,
    bound: u32,
    root: u16,
) -> (Vec<Prefix>, u64) {
    let mut generated = 0u64;
    let mut out = vec![(Vec::new(), *start, root)];
    for d in 0..depth {
        let mut next = Vec::new();
        for (path, node, q) in &out {
            for m in 0..48 {
                let Some(r) = canon.next(*q, m) else {
                    continue;
                };
                let mut c = node.apply(m);
                h.derive(node, &mut c);
                generated += 1;
                if h.prunes(&c, bound - d - 1) {
                    continue;
                }
                let mut np = path.clone();
                np.push(m as u8);
                next.push((np, c, r));
            }
        }
        out = next;
    }
    (out, generated)
}

/// IDA* from `start` over the move sequences `canon` generates; `on_bound` after each bound
/// searched to its end (without a solution, or with any with [`Goal::Complete`]).
pub fn search<B: Bound>(
    h: &B,
    canon: &MoveAutomaton,
    start: &Node,
    opts: &Options,
    cancel: Option<&AtomicBool>,
    mut on_bound: impl FnMut(&Iteration),
) -> Report {
    let t0 = Instant::now();
    let mut start = *start;
    h.init(&mut start);
    let start = &start;
    let shared = Shared {
        stop: AtomicBool::new(false),
        timed_out: AtomicBool::new(false),
        cancel,
        nodes: AtomicU64::new(0),
        deadline: opts.timeout.map(|t| t0 + t),
        max_nodes: opts.max_nodes,
        goal: opts.goal,
        found: Mutex::new(Vec::new()),
        solutions: AtomicU64::new(0),
        progress: opts.progress.as_deref(),
    };
    let mut report = Report {
        outcome: Outcome::Exhausted,
        deepest_complete: None,
        nodes: 0,
        bounds: Vec::new(),
        iterations: Vec::new(),
        stopped: None,
    };
    // Whether this run counts the nodes above the split (the whole search, or its first part).
    let top = opts.part.is_none_or(|p| p.counts_top());
    if start.is_solved() {
        if opts.goal != Goal::Complete {
            report.outcome = Outcome::Found(vec![Vec::new()]);
            return report;
        }
        // The empty sequence is the one solution of bound 0 (in the first part only).
        let it = Iteration {
            bound: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            solutions: u64::from(top),
        };
        on_bound(&it);
        report.iterations.push(it);
    }
    let mut bound = h.estimate(start, u32::MAX).max(opts.min_depth).max(1);
    if bound > 1 {
        report.deepest_complete = Some((bound - 1).min(opts.max_depth));
    }
    let mut history: SubtreeCounts<Vec<u8>> = SubtreeCounts::default();
    let worker = |path: Vec<u8>| Worker {
        h,
        canon,
        shared: &shared,
        order: opts.order_children,
        prefetch: opts.prefetch,
        path,
        local: 0,
        counted: 0,
    };
    while bound <= opts.max_depth {
        let t_bound = Instant::now();
        let before = shared.nodes.load(Ordering::Relaxed);
        shared.solutions.store(0, Ordering::Relaxed);
        let split = opts.split_depth.min(bound - 1);
        let progress = shared.progress;
        if split == 0 {
            if let Some(p) = progress {
                p.start_bound(bound, 0, before);
            }
            if top {
                let mut w = worker(Vec::new());
                w.dfs(start, bound, opts.root);
                let total = shared.nodes.fetch_add(w.local, Ordering::Relaxed) + w.local;
                if let Some(p) = progress {
                    p.set_nodes(total);
                }
            }
        } else {
            let (mut roots, generated) = frontier(h, canon, start, split, bound, opts.root);
            if let Some(p) = opts.part {
                let mut position = 0;
                roots.retain(|_| {
                    position += 1;
                    p.keeps(position - 1)
                });
            }
            if top {
                shared.nodes.fetch_add(generated, Ordering::Relaxed);
            }
            if let Some(p) = progress {
                p.start_bound(bound, roots.len() as u64, before);
                p.set_nodes(shared.nodes.load(Ordering::Relaxed));
            }
            if opts.learn {
                roots.sort_by_cached_key(|r| Reverse(history.get(&r.0)));
            }
            let last = history.tell_progress(roots.iter().map(|r| &r.0), progress);
            let counts: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
            let subtree = |i: usize, (path, node, q): &Prefix| {
                if shared.stop.load(Ordering::Relaxed) {
                    return;
                }
                let mut w = worker(path.clone());
                w.dfs(node, bound - split, *q);
                counts[i].store(w.counted + w.local, Ordering::Relaxed);
                // Poll after every subtree too: subtrees smaller than the polling interval
                // would otherwise never check the deadline, node budget or cancel flag.
                shared.poll(w.local);
                if let Some(p) = progress.filter(|_| !shared.stop.load(Ordering::Relaxed)) {
                    p.finish_subtree_of(last.get(i).copied().unwrap_or(0));
                }
            };
            if opts.learn {
                // Every thread takes the next subtree in order.
                for_each_in_order(roots.len(), |i| subtree(i, &roots[i]));
                history.learn(roots.into_iter().map(|r| r.0), &counts);
            } else {
                roots.par_iter().enumerate().for_each(|(i, r)| subtree(i, r));
            }
        }
        report.nodes = shared.nodes.load(Ordering::Relaxed);
        let it = Iteration {
            bound,
            nodes: report.nodes - before,
            elapsed: t_bound.elapsed(),
            solutions: shared.solutions.load(Ordering::Relaxed),
        };
        let cancelled = cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        let timed_out = shared.timed_out.load(Ordering::Relaxed);
        let interrupted = cancelled || timed_out;
        if opts.goal != Goal::Complete {
            let mut found = std::mem::take(&mut *shared.found.lock().unwrap_or_else(|e| e.into_inner()));
            if !found.is_empty() {
                found.sort_unstable();
                report.outcome = Outcome::Found(found);
                if opts.goal == Goal::All && interrupted {
                    report.stopped = Some(it);
                }
                return report;
            }
        }
        if interrupted {
            report.outcome = if cancelled {
                Outcome::Cancelled
            } else {
                Outcome::Timeout
            };
            report.stopped = Some(it);
            return report;
        }
        on_bound(&it);
        report.bounds.push(it.report());
        report.iterations.push(it);
        report.deepest_complete = Some(bound);
        bound += 1;
    }
    report
}
