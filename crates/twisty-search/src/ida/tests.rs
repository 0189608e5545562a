//! IDA* on small rings of integers: optimality sequentially and split, every solution, the
//! bounds, timeouts and cancelling, passes and ordered children, canonical pruning.
use super::*;

/// Integers mod 97 with moves +1, +2, +3, -1, -2, -3 (faces: +/−), goal 0.
struct Ring {
    pruning: MovePruning,
    /// No heuristic and an unreachable goal: the search can only run out.
    blind: bool,
}

impl Ring {
    fn new(prune: bool) -> Self {
        let pruning = if prune {
            MovePruning::new(&[0, 1, 2, 3, 4, 5], |_, _| false)
        } else {
            MovePruning::none(6)
        };
        Ring {
            pruning,
            blind: false,
        }
    }
}

const STEPS: [i32; 6] = [1, 2, 3, -1, -2, -3];

#[test]
fn automaton_of_a_last_face_rule_allows_the_same_moves() {
    // Faces 0 and 1 commute; 2 commutes with nothing. Two moves per face.
    let p = MovePruning::new(&[0, 0, 1, 1, 2, 2], |a, b| a.max(b) == 1 && a.min(b) == 0);
    let a = MoveAutomaton::from_pruning(&p);
    assert_eq!(a.states(), 4);
    assert_eq!(a.moves(), 6);
    for m in 0..6 {
        assert_eq!(
            a.next(MoveAutomaton::START, m),
            Some(p.face(m).map_or(0, |f| u16::from(f) + 1))
        );
    }
    for f in 0..3u8 {
        for m in 0..6 {
            let q = u16::from(f) + 1;
            assert_eq!(a.next(q, m).is_some(), p.allowed(Some(f), m), "face {f} move {m}");
        }
    }
    // 6, then 6·(after 0: 1,2 → 4; after 1: 2 → 2; after 2: 0,1 → 4) = 2·4 + 2·2 + 2·4 = 20.
    assert_eq!(a.sequence_counts(2), vec![6.0, 20.0]);
    let none = MoveAutomaton::from_pruning(&MovePruning::none(3));
    assert_eq!(none.states(), 1);
    assert_eq!(none.sequence_counts(3), vec![3.0, 9.0, 27.0]);
}

#[test]
fn automaton_tables_are_checked() {
    let e = MoveAutomaton::new(3, vec![0, 0]).unwrap_err();
    assert_eq!(
        e,
        AutomatonError::Shape {
            transitions: 2,
            moves: 3
        }
    );
    assert!(e.to_string().contains("whole rows"));
    assert!(MoveAutomaton::new(0, vec![]).is_err());
    let e = MoveAutomaton::new(2, vec![1, MoveAutomaton::NONE, 0, 2]).unwrap_err();
    assert!(e.to_string().contains("state 1 move 1 leads to state 2"), "{e}");
    let a = MoveAutomaton::new(2, vec![1, MoveAutomaton::NONE, 0, 1]).unwrap();
    assert_eq!(a.next(0, 1), None);
    assert_eq!(a.next(1, 0), Some(0));
    assert_eq!(a.sequence_counts(3), vec![1.0, 2.0, 3.0]);
}

impl IdaProblem for Ring {
    type Node = i32;
    fn num_moves(&self) -> usize {
        6
    }
    fn apply(&self, n: &i32, m: usize) -> i32 {
        (n + STEPS[m]).rem_euclid(97)
    }
    fn heuristic(&self, n: &i32) -> u32 {
        if self.blind {
            return 0;
        }
        let d = (*n).min(97 - *n) as u32;
        d.div_ceil(3)
    }
    fn is_goal(&self, n: &i32) -> bool {
        !self.blind && *n == 0
    }
    fn pruning(&self) -> &MovePruning {
        &self.pruning
    }
}

fn check(r: &IdaResult, start: i32, len: usize) {
    let IdaOutcome::Found(sols) = &r.outcome else {
        panic!("not found: {:?}", r.outcome)
    };
    for s in sols {
        assert_eq!(s.len(), len);
        let end = s.iter().fold(start, |n, &m| (n + STEPS[m]).rem_euclid(97));
        assert_eq!(end, 0);
    }
}

#[test]
fn finds_optimal_sequentially_and_in_parallel() {
    for split in [0, 1, 2] {
        let p = Ring::new(false);
        let opts = IdaOptions {
            max_depth: 30,
            split_depth: split,
            ..Default::default()
        };
        let r = ida_star(&p, &10, &opts, None, |_| {});
        check(&r, 10, 4);
        let r = ida_star(&p, &50, &opts, None, |_| {});
        check(&r, 50, 16);
    }
}

#[test]
fn all_solutions_and_bounds() {
    let p = Ring::new(true);
    let opts = IdaOptions {
        max_depth: 10,
        all: true,
        split_depth: 1,
        ..Default::default()
    };
    let mut seen = Vec::new();
    let r = ida_star(&p, &5, &opts, None, |b| seen.push(b.bound));
    check(&r, 5, 2);
    // 5 = 2 + 3 = 3 + 2 (faces differ, both orders allowed: no commuting faces declared).
    let IdaOutcome::Found(s) = &r.outcome else {
        unreachable!()
    };
    assert_eq!(s.len(), 2);
    assert!(seen.is_empty(), "the first bound (2) already solves");
}

#[test]
fn root_face_and_min_depth_shape_the_first_bound() {
    // 5 − 2 − 3 = 5 − 3 − 2 = 0; after a move on the face of −2 only (−3)(−2) is canonical.
    let p = Ring::new(true);
    for split in [0, 1] {
        let opts = IdaOptions {
            max_depth: 10,
            all: true,
            split_depth: split,
            root_face: p.pruning.face(4),
            ..Default::default()
        };
        let r = ida_star(&p, &5, &opts, None, |_| {});
        assert_eq!(r.outcome, IdaOutcome::Found(vec![vec![5, 4]]), "split {split}");
    }
    // Bounds start at min_depth: 10 takes 4 moves, but the caller said nothing below 6
    // solves, so the answer has 6 (the documented cost of a wrong claim).
    let q = Ring::new(false);
    let opts = IdaOptions {
        max_depth: 10,
        min_depth: 6,
        ..Default::default()
    };
    let r = ida_star(&q, &10, &opts, None, |_| {});
    check(&r, 10, 6);
    assert_eq!(r.deepest_complete, Some(5));
    let blind = Ring {
        blind: true,
        ..Ring::new(false)
    };
    let opts = IdaOptions {
        max_depth: 5,
        min_depth: 3,
        ..Default::default()
    };
    let mut seen = Vec::new();
    let r = ida_star(&blind, &7, &opts, None, |b| seen.push(b.bound));
    assert_eq!((r.outcome, seen), (IdaOutcome::Exhausted, vec![3, 4, 5]));
}

#[test]
fn exhausted_timeout_and_cancel() {
    let p = Ring::new(false);
    let opts = IdaOptions {
        max_depth: 3,
        ..Default::default()
    };
    let r = ida_star(&p, &40, &opts, None, |_| {});
    assert_eq!(r.outcome, IdaOutcome::Exhausted);
    assert_eq!(r.deepest_complete, Some(3));
    let blind = Ring {
        blind: true,
        ..Ring::new(false)
    };
    let opts = IdaOptions {
        max_depth: 5,
        ..Default::default()
    };
    let mut seen = Vec::new();
    let r = ida_star(&blind, &7, &opts, None, |b| seen.push(b.bound));
    assert_eq!(r.outcome, IdaOutcome::Exhausted);
    assert_eq!(seen, vec![1, 2, 3, 4, 5]);
    // 6^1 + … + 6^5 nodes over the five bounds.
    assert_eq!(
        r.nodes,
        (1..=5u32)
            .map(|b| (1..=b).map(|d| 6u64.pow(d)).sum::<u64>())
            .sum::<u64>()
    );
    let opts = IdaOptions {
        max_depth: 40,
        max_nodes: Some(100_000),
        split_depth: 2,
        ..Default::default()
    };
    let r = ida_star(&blind, &7, &opts, None, |_| {});
    assert_eq!(r.outcome, IdaOutcome::Timeout);
    assert!(r.deepest_complete.is_some_and(|d| d >= 4));
    let flag = AtomicBool::new(true);
    let opts = IdaOptions {
        max_depth: 40,
        ..Default::default()
    };
    let r = ida_star(&blind, &7, &opts, Some(&flag), |_| {});
    assert_eq!(r.outcome, IdaOutcome::Cancelled);
}

/// Many subtrees smaller than the polling interval: the node budget still stops the
/// search (each finished subtree polls).
#[test]
fn budget_holds_with_small_subtrees() {
    let blind = Ring {
        blind: true,
        ..Ring::new(false)
    };
    let opts = IdaOptions {
        max_depth: 6,
        max_nodes: Some(1000),
        split_depth: 5,
        ..Default::default()
    };
    let r = ida_star(&blind, &7, &opts, None, |_| {});
    assert_eq!(r.outcome, IdaOutcome::Timeout);
    assert!(r.nodes < 6u64.pow(6), "{}", r.nodes);
}

/// The ring searched in passes, its heuristic test split over the two child tests.
struct InPasses(Ring);

impl IdaProblem for InPasses {
    type Node = i32;
    const PASSES: bool = true;
    fn num_moves(&self) -> usize {
        6
    }
    fn apply(&self, n: &i32, m: usize) -> i32 {
        self.0.apply(n, m)
    }
    fn heuristic(&self, n: &i32) -> u32 {
        self.0.heuristic(n)
    }
    fn prunes_child(&self, n: &mut i32, remaining: u32) -> bool {
        *n % 2 == 0 && self.0.prunes(n, remaining)
    }
    fn prunes_child_late(&self, n: &mut i32, remaining: u32) -> bool {
        *n % 2 == 1 && self.0.prunes(n, remaining)
    }
    fn is_goal(&self, n: &i32) -> bool {
        self.0.is_goal(n)
    }
    fn pruning(&self) -> &MovePruning {
        &self.0.pruning
    }
}

/// The ring in passes with its children searched by decreasing value (an order that
/// differs from move order).
struct Ordered(InPasses);

impl IdaProblem for Ordered {
    type Node = i32;
    const PASSES: bool = true;
    const ORDERS: bool = true;
    fn num_moves(&self) -> usize {
        6
    }
    fn apply(&self, n: &i32, m: usize) -> i32 {
        self.0.apply(n, m)
    }
    fn heuristic(&self, n: &i32) -> u32 {
        self.0.heuristic(n)
    }
    fn prunes_child(&self, n: &mut i32, remaining: u32) -> bool {
        self.0.prunes_child(n, remaining)
    }
    fn prunes_child_late(&self, n: &mut i32, remaining: u32) -> bool {
        self.0.prunes_child_late(n, remaining)
    }
    fn order_key(&self, n: &i32) -> u32 {
        100 - *n as u32
    }
    fn is_goal(&self, n: &i32) -> bool {
        self.0.is_goal(n)
    }
    fn pruning(&self) -> &MovePruning {
        self.0.pruning()
    }
}

/// Ordered children (and subtrees ordered by the last iteration's counts): complete
/// iterations search the same nodes, the solutions are the
/// same set with `all`, and one solution has the optimal length, sequentially and split.
#[test]
fn ordered_children_search_the_same_tree() {
    for prune in [false, true] {
        for split in [0, 2] {
            for all in [false, true] {
                for (start, queue, learn) in [
                    (5, false, false),
                    (10, true, true),
                    (50, false, true),
                    (71, true, false),
                    (71, false, false),
                    (71, false, true),
                    (71, true, true),
                ] {
                    let opts = IdaOptions {
                        max_depth: 30,
                        split_depth: split,
                        all,
                        queue,
                        learn,
                        ..Default::default()
                    };
                    let a = ida_star(&InPasses(Ring::new(prune)), &start, &opts, None, |_| {});
                    let b = ida_star(&Ordered(InPasses(Ring::new(prune))), &start, &opts, None, |_| {});
                    // Children made ahead search the same nodes in the same order: on one
                    // thread, the same first solution after the same count.
                    for lookahead in [1, 3, u32::MAX] {
                        let o = IdaOptions {
                            lookahead,
                            ..opts.clone()
                        };
                        let c = ida_star(&Ordered(InPasses(Ring::new(prune))), &start, &o, None, |_| {});
                        assert_eq!(b.bounds.len(), c.bounds.len());
                        for (x, y) in b.bounds.iter().zip(&c.bounds) {
                            assert_eq!((x.bound, x.nodes), (y.bound, y.nodes), "lookahead {lookahead}");
                        }
                        assert_eq!(b.deepest_complete, c.deepest_complete);
                        if split == 0 || all {
                            assert_eq!(b.outcome, c.outcome, "lookahead {lookahead}");
                        }
                        if split == 0 {
                            assert_eq!(b.nodes, c.nodes, "lookahead {lookahead}");
                        }
                    }
                    assert_eq!(a.bounds.len(), b.bounds.len());
                    for (x, y) in a.bounds.iter().zip(&b.bounds) {
                        assert_eq!((x.bound, x.nodes), (y.bound, y.nodes));
                    }
                    assert_eq!(a.deepest_complete, b.deepest_complete);
                    let IdaOutcome::Found(sb) = &b.outcome else {
                        panic!("{:?}", b.outcome);
                    };
                    if all {
                        assert_eq!(a.outcome, b.outcome);
                    }
                    for s in sb {
                        let end = s.iter().fold(start, |n, &m| (n + STEPS[m]).rem_euclid(97));
                        assert_eq!(end, 0);
                        assert_eq!(s.len() as u32, a.deepest_complete.map_or(1, |d| d + 1));
                    }
                }
            }
        }
    }
}

#[test]
fn passes_search_the_same_nodes() {
    for (prune, all) in [(false, false), (true, false), (true, true)] {
        for split in [0, 2] {
            let opts = IdaOptions {
                max_depth: 30,
                split_depth: split,
                all,
                ..Default::default()
            };
            for start in [5, 10, 50] {
                let a = ida_star(&Ring::new(prune), &start, &opts, None, |_| {});
                let b = ida_star(&InPasses(Ring::new(prune)), &start, &opts, None, |_| {});
                // In parallel, which first solutions are found before the others stop
                // (and after how many nodes) is timing.
                if split == 0 || all {
                    assert_eq!(a.outcome, b.outcome);
                    assert_eq!(a.nodes, b.nodes);
                } else {
                    let len = |r: &IdaResult| match &r.outcome {
                        IdaOutcome::Found(s) => s.first().map(Vec::len),
                        _ => None,
                    };
                    assert_eq!(len(&a), len(&b));
                }
                assert_eq!(a.deepest_complete, b.deepest_complete);
            }
        }
    }
    let blind = InPasses(Ring {
        blind: true,
        ..Ring::new(false)
    });
    let opts = IdaOptions {
        max_depth: 4,
        ..Default::default()
    };
    let r = ida_star(&blind, &7, &opts, None, |_| {});
    assert_eq!(r.outcome, IdaOutcome::Exhausted);
    assert_eq!(
        r.nodes,
        (1..=4u32)
            .map(|b| (1..=b).map(|d| 6u64.pow(d)).sum::<u64>())
            .sum::<u64>()
    );
}

#[test]
fn canonical_pruning_rule() {
    // Faces 0 and 1 commute: after face 1, face 0 is not allowed; after 0, 1 is.
    let mp = MovePruning::new(&[0, 0, 1, 1, 2], |a, b| a + b == 1);
    assert!(mp.allowed(None, 0));
    assert!(!mp.allowed(Some(0), 1));
    assert!(mp.allowed(Some(0), 2));
    assert!(!mp.allowed(Some(1), 0));
    assert!(mp.allowed(Some(2), 0));
}

/// The progress counters end at the last bound: its own node count, every subtree of a split
/// search counted, for the plain, the split and the queued (ordered) searches.
#[test]
fn progress_ends_at_the_last_bound() {
    for split in [0, 1, 2] {
        for ordered in [false, true] {
            let progress = Arc::new(IterationProgress::new());
            let opts = IdaOptions {
                max_depth: 5,
                split_depth: split,
                queue: true,
                learn: true,
                progress: Some(progress.clone()),
                ..Default::default()
            };
            let blind = Ring {
                blind: true,
                ..Ring::new(false)
            };
            let mut seen = Vec::new();
            let r = if ordered {
                ida_star(&Ordered(InPasses(blind)), &7, &opts, None, |b| {
                    seen.push((b.bound, progress.snapshot().bound))
                })
            } else {
                ida_star(&blind, &7, &opts, None, |b| {
                    seen.push((b.bound, progress.snapshot().bound))
                })
            };
            assert_eq!(r.outcome, IdaOutcome::Exhausted);
            // Each bound was announced before it was reported.
            assert_eq!(seen, (1..=5).map(|b| (b, b)).collect::<Vec<_>>());
            let last = r.bounds.last().copied().unwrap();
            let s = progress.snapshot();
            assert_eq!(
                (s.bound, s.nodes),
                (5, last.nodes),
                "split {split} ordered {ordered}"
            );
            // Every node of the bound is counted, except those strictly between the root
            // and the split depth (the frontier's own nodes are).
            let first = split.max(1);
            assert_eq!(
                last.nodes,
                (first..=5u32).map(|d| 6u64.pow(d)).sum::<u64>(),
                "split {split}"
            );
            // The frontier at the split depth: 6^split subtrees, all searched.
            let subtrees = if split == 0 { 0 } else { 6u64.pow(split) };
            assert_eq!(
                (s.subtrees, s.done),
                (subtrees, subtrees),
                "split {split} ordered {ordered}"
            );
            // The estimate of the share done weighs each subtree by its nodes at bound 4
            // (those below the split depth): all done at the end.
            let at_4 = if split == 0 {
                0
            } else {
                (split + 1..=4u32).map(|d| 6u64.pow(d)).sum::<u64>()
            };
            assert_eq!(
                (s.last_nodes, s.last_nodes_done),
                (at_4, at_4),
                "split {split} ordered {ordered}"
            );
            assert_eq!(s.estimated_share(), (split > 0).then_some(1.0));
        }
    }
}

#[test]
fn a_restricted_search_uses_only_the_kept_moves() {
    // From 1, with +3 and −2 only (moves 2 and 4): −2 +3 −2 in some order, 3 moves (with
    // every move it is 1: −1). Both pruning rules (none, and one face per move).
    for prune in [false, true] {
        let p = Ring::new(prune);
        for split in [0, 2] {
            let mut keep = vec![false; 6];
            keep[2] = true;
            keep[4] = true;
            let opts = IdaOptions {
                max_depth: 12,
                split_depth: split,
                moves: Some(keep),
                ..Default::default()
            };
            let r = ida_star(&p, &1, &opts, None, |_| {});
            let IdaOutcome::Found(s) = &r.outcome else {
                panic!("no solution: {:?}", r.outcome)
            };
            assert_eq!(s[0].len(), 3, "prune {prune} split {split}: {:?}", s[0]);
            assert!(s[0].iter().all(|&m| m == 2 || m == 4), "{:?}", s[0]);
            assert_eq!(s[0].iter().fold(1, |n, &m| n + STEPS[m]).rem_euclid(97), 0);
        }
    }
    // Nothing kept: nothing but the start is searched, and the search runs out.
    let opts = IdaOptions {
        max_depth: 6,
        moves: Some(Vec::new()),
        ..Default::default()
    };
    let r = ida_star(&Ring::new(true), &10, &opts, None, |_| {});
    assert_eq!(r.outcome, IdaOutcome::Exhausted);
}

#[test]
fn a_restricted_rule_keeps_the_canonical_order_of_the_kept_moves() {
    let p = MovePruning::new(&[0, 0, 1, 1], |_, _| false).restricted(&[true, false, true, true]);
    assert!(p.allowed(None, 0) && !p.allowed(None, 1) && p.allowed(None, 2));
    // Same face twice is still not allowed; a left-out move never is.
    assert!(!p.allowed(Some(1), 2) && p.allowed(Some(0), 2) && !p.allowed(Some(1), 1));
    let none = MovePruning::none(3).restricted(&[false, true]);
    assert!(!none.allowed(None, 0) && none.allowed(Some(0), 1) && !none.allowed(None, 2));
}
