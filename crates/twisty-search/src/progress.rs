//! Progress inside a long search bound, shared between a search's threads and whatever draws
//! it. A bound of a deep optimal search can take an hour; the per-bound callbacks only speak
//! when it ends. A search that supports it ([`crate::ida::ida_star`], given one in
//! [`crate::ida::IdaOptions::progress`], and the Kilominx optimal search of `twisty-solvers`)
//! updates an [`IterationProgress`] as it goes: the bound, the subtrees of the bound searched
//! to their end, and the nodes counted so far. A front end reads
//! [`IterationProgress::snapshot`] on its own clock.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use web_time::Instant;

/// Counters of the bound being searched, updated by the solver's threads.
#[derive(Debug)]
pub struct IterationProgress {
    created: Instant,
    /// When the bound started, in nanoseconds after `created`.
    started: AtomicU64,
    bound: AtomicU32,
    subtrees: AtomicU64,
    done: AtomicU64,
    /// The search's node count when the bound started, and the latest.
    base: AtomicU64,
    total: AtomicU64,
    /// The last bound's nodes in this bound's subtrees, in all and in those done.
    weight: AtomicU64,
    weight_done: AtomicU64,
}

/// A reading of an [`IterationProgress`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProgressSnapshot {
    /// The bound being searched (0 before the first bound starts).
    pub bound: u32,
    /// The subtrees the bound is split into (0 when it is searched as one tree).
    pub subtrees: u64,
    /// The subtrees searched to their end.
    pub done: u64,
    /// Nodes of this bound so far (counted by the threads every few thousand nodes).
    pub nodes: u64,
    /// Time since the bound started.
    pub elapsed: Duration,
    /// The nodes the last bound generated in this bound's subtrees (0 when not known: the
    /// first bound split, or a search that does not learn from the last bound).
    pub last_nodes: u64,
    /// Of those, the nodes in the subtrees done: `last_nodes_done / last_nodes` estimates
    /// the share of the bound's work done (the next bound's tree grows alike under every
    /// subtree), where `done / subtrees` under-reads when the largest subtrees go first.
    pub last_nodes_done: u64,
}

impl ProgressSnapshot {
    /// The share of the bound's work done, estimated from the last bound's node counts of
    /// the subtrees done, when they are known.
    pub fn estimated_share(&self) -> Option<f64> {
        (self.last_nodes > 0)
            .then(|| self.last_nodes_done.min(self.last_nodes) as f64 / self.last_nodes as f64)
    }

    /// The time left in the bound at the rate so far, from [`ProgressSnapshot::estimated_share`]
    /// (none before any work is done).
    pub fn estimated_left(&self) -> Option<Duration> {
        let share = self.estimated_share().filter(|&f| f > 0.0)?;
        Duration::try_from_secs_f64(self.elapsed.as_secs_f64() * (1.0 - share) / share).ok()
    }
}

/// A duration for people, to a useful precision: `45 s`, `12 min`, `3.4 h`.
fn rough(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 120.0 {
        format!("{s:.0} s")
    } else if s < 7200.0 {
        format!("{:.0} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}

impl std::fmt::Display for ProgressSnapshot {
    /// One line for people: `bound 15: 312/1104 subtrees, 4000000000 nodes, 4.00 M nodes/s,
    /// 1000.0 s; ~40 % done, ~25 min left` (no subtrees when the bound is one tree, no
    /// estimate when the last bound's counts are not known).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        write!(f, "bound {}: ", self.bound)?;
        if self.subtrees > 0 {
            write!(f, "{}/{} subtrees, ", self.done, self.subtrees)?;
        }
        write!(
            f,
            "{} nodes, {:.2} M nodes/s, {secs:.1} s",
            self.nodes,
            self.nodes as f64 / secs.max(1e-9) / 1e6
        )?;
        if let (Some(share), Some(left)) = (self.estimated_share(), self.estimated_left()) {
            write!(f, "; ~{:.0} % done, ~{} left", share * 100.0, rough(left))?;
        }
        Ok(())
    }
}

impl Default for IterationProgress {
    fn default() -> IterationProgress {
        IterationProgress::new()
    }
}

impl IterationProgress {
    /// Counters at zero.
    pub fn new() -> IterationProgress {
        IterationProgress {
            created: Instant::now(),
            started: AtomicU64::new(0),
            bound: AtomicU32::new(0),
            subtrees: AtomicU64::new(0),
            done: AtomicU64::new(0),
            base: AtomicU64::new(0),
            total: AtomicU64::new(0),
            weight: AtomicU64::new(0),
            weight_done: AtomicU64::new(0),
        }
    }

    fn since_created(&self) -> u64 {
        u64::try_from(self.created.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    /// The counters now. The fields are read one by one while the search runs, so they may
    /// be a moment apart, never torn.
    pub fn snapshot(&self) -> ProgressSnapshot {
        ProgressSnapshot {
            bound: self.bound.load(Ordering::Relaxed),
            subtrees: self.subtrees.load(Ordering::Relaxed),
            done: self.done.load(Ordering::Relaxed),
            nodes: self
                .total
                .load(Ordering::Relaxed)
                .saturating_sub(self.base.load(Ordering::Relaxed)),
            elapsed: Duration::from_nanos(
                self.since_created()
                    .saturating_sub(self.started.load(Ordering::Relaxed)),
            ),
            last_nodes: self.weight.load(Ordering::Relaxed),
            last_nodes_done: self.weight_done.load(Ordering::Relaxed),
        }
    }

    /// A new bound of `subtrees` subtrees starts; the search had generated `base` nodes
    /// before it (the bound's own count starts there).
    pub fn start_bound(&self, bound: u32, subtrees: u64, base: u64) {
        self.weight.store(0, Ordering::Relaxed);
        self.weight_done.store(0, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
        self.base.store(base, Ordering::Relaxed);
        self.total.store(base, Ordering::Relaxed);
        self.subtrees.store(subtrees, Ordering::Relaxed);
        self.started.store(self.since_created(), Ordering::Relaxed);
        self.bound.store(bound, Ordering::Relaxed);
    }

    /// The search has generated `total` nodes in all so far.
    pub fn set_nodes(&self, total: u64) {
        self.total.fetch_max(total, Ordering::Relaxed);
    }

    /// One more subtree is searched to its end.
    pub fn finish_subtree(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// The bound's subtrees generated `nodes` nodes at the last bound (after
    /// [`IterationProgress::start_bound`], by a search that keeps those counts).
    pub fn set_last_nodes(&self, nodes: u64) {
        self.weight.store(nodes, Ordering::Relaxed);
    }

    /// One more subtree is searched to its end; it generated `last_nodes` nodes at the last
    /// bound.
    pub fn finish_subtree_of(&self, last_nodes: u64) {
        self.weight_done.fetch_add(last_nodes, Ordering::Relaxed);
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// Runs `body` while a second thread hands `on_reading` a reading every `period` once a
    /// bound has started. The thread ends when `body` returns or unwinds, and is joined
    /// before this returns: no reading is handed over after it. Where no thread can be
    /// started (WebAssembly, a process out of threads), `body` runs alone and no reading is
    /// handed over.
    pub fn watch<R>(
        &self,
        period: Duration,
        mut on_reading: impl FnMut(ProgressSnapshot) + Send,
        body: impl FnOnce() -> R,
    ) -> R {
        let (stop, ticks) = mpsc::channel::<()>();
        std::thread::scope(|s| {
            // Without a thread, `ticks` is dropped at once and `stop` with the body.
            let _watching = std::thread::Builder::new()
                .name("progress".into())
                .spawn_scoped(s, move || {
                    while let Err(RecvTimeoutError::Timeout) = ticks.recv_timeout(period) {
                        let reading = self.snapshot();
                        if reading.bound > 0 {
                            on_reading(reading);
                        }
                    }
                });
            // Dropped when `body` returns or unwinds, which ends the watching thread.
            let _stop = stop;
            body()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_reads_as_one_line() {
        let split = ProgressSnapshot {
            bound: 15,
            subtrees: 1104,
            done: 312,
            nodes: 4_000_000_000,
            elapsed: Duration::from_secs(1000),
            ..ProgressSnapshot::default()
        };
        assert_eq!(
            split.to_string(),
            "bound 15: 312/1104 subtrees, 4000000000 nodes, 4.00 M nodes/s, 1000.0 s"
        );
        let single = ProgressSnapshot {
            bound: 9,
            nodes: 3_000_000,
            elapsed: Duration::from_millis(1500),
            ..ProgressSnapshot::default()
        };
        assert_eq!(
            single.to_string(),
            "bound 9: 3000000 nodes, 2.00 M nodes/s, 1.5 s"
        );
        // With the last bound's counts: 40 % of its nodes done in 1000 s, 1500 s to go.
        let estimated = ProgressSnapshot {
            last_nodes: 1_000_000,
            last_nodes_done: 400_000,
            ..split
        };
        assert_eq!(estimated.estimated_share(), Some(0.4));
        assert_eq!(estimated.estimated_left(), Some(Duration::from_secs(1500)));
        assert_eq!(
            estimated.to_string(),
            "bound 15: 312/1104 subtrees, 4000000000 nodes, 4.00 M nodes/s, 1000.0 s; ~40 % done, ~25 min left"
        );
        // Nothing done yet: a share, no time left.
        let early = ProgressSnapshot {
            last_nodes_done: 0,
            ..estimated
        };
        assert_eq!(
            (early.estimated_share(), early.estimated_left()),
            (Some(0.0), None)
        );
        assert!(!early.to_string().contains('~'));
        assert_eq!(rough(Duration::from_secs(45)), "45 s");
        assert_eq!(rough(Duration::from_secs(9000)), "2.5 h");
    }

    #[test]
    fn the_last_bounds_counts_weigh_the_subtrees_done() {
        let p = IterationProgress::new();
        p.start_bound(14, 3, 0);
        p.set_last_nodes(100);
        p.finish_subtree_of(70);
        let s = p.snapshot();
        assert_eq!((s.done, s.last_nodes, s.last_nodes_done), (1, 100, 70));
        // A new bound forgets them until told again.
        p.start_bound(15, 3, 0);
        let s = p.snapshot();
        assert_eq!(
            (s.last_nodes, s.last_nodes_done, s.estimated_share()),
            (0, 0, None)
        );
    }

    #[test]
    fn counts_restart_with_each_bound() {
        let p = IterationProgress::new();
        // The fields but the time since the bound started.
        let counts = |s: ProgressSnapshot| (s.bound, s.subtrees, s.done, s.nodes);
        assert_eq!(counts(p.snapshot()), (0, 0, 0, 0));
        p.start_bound(13, 3, 40);
        p.set_nodes(140);
        p.finish_subtree();
        p.set_nodes(187);
        p.set_nodes(150); // a thread reporting late does not move the count back
        p.finish_subtree();
        assert_eq!(counts(p.snapshot()), (13, 3, 2, 147));
        std::thread::sleep(Duration::from_millis(20));
        let long = p.snapshot().elapsed;
        assert!(long >= Duration::from_millis(20), "{long:?}");
        p.start_bound(14, 5, 187);
        assert_eq!(counts(p.snapshot()), (14, 5, 0, 0));
        // The time restarts with the bound.
        assert!(p.snapshot().elapsed < long, "{:?}", p.snapshot());
    }

    #[test]
    fn watching_hands_over_readings_while_the_body_runs() {
        let p = IterationProgress::new();
        let seen = std::sync::Mutex::new(Vec::new());
        let (tx, rx) = mpsc::channel();
        let out = p.watch(
            Duration::from_millis(1),
            |r| {
                seen.lock().unwrap().push(r.bound);
                let _ = tx.send(());
            },
            || {
                // No bound has started: nothing is handed over.
                std::thread::sleep(Duration::from_millis(20));
                assert!(seen.lock().unwrap().is_empty());
                p.start_bound(7, 0, 0);
                for _ in 0..2 {
                    rx.recv_timeout(Duration::from_secs(60)).unwrap();
                }
                42
            },
        );
        assert_eq!(out, 42);
        // The watching thread has been joined: nothing more arrives.
        let n = seen.lock().unwrap().len();
        std::thread::sleep(Duration::from_millis(10));
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), n);
        assert!(n >= 2 && seen.iter().all(|&b| b == 7), "{seen:?}");
    }
}
