//! A* over sticker states, as seed 001 describes it, with exact repeated-state detection.

use super::net::Stickers;
use super::stickers::{move_perms, permute, rotation_perms, Perm, SeedMove, GOAL, STICKERS};
use crate::solver::{Limits, SolveError};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::time::Duration;
use thiserror::Error;
use web_time::Instant;

/// Default memory budget of one run's node store, open list and visited set.
pub const DEFAULT_MEMORY_BUDGET: usize = 512 << 20;

/// Expansions between two checks of the clock and the cancel flag (a few milliseconds).
const CHECK_EVERY: u64 = 256;

/// Which states count as solved, and the move set that goes with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Part 2.1 of the seed: the one goal colouring (left r, top b, right g, front o,
    /// bottom y, back p); all 12 quarter turns.
    Fixed,
    /// Part 2.2: any whole-cube orientation of the goal (24 colourings); the 6 quarter turns
    /// of top, right and front only.
    AnyOrientation,
}

/// Repeated-state detection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepeatedStates {
    /// None (the seed's part 2.1): states are pushed again however often they are reached.
    None,
    /// A visited set of exact canonical forms: a state and every whole-cube rotation of it
    /// are one entry. A child is dropped when its class was already generated, as the seed
    /// does (its classes were only approximate: it permuted whole faces without turning the
    /// stickers inside them).
    Exact,
}

/// Options of one A* run.
#[derive(Debug, Clone, Copy)]
pub struct AStarOptions {
    /// Goal and move set.
    pub goal: Goal,
    /// The divisor `p` of the misplaced-sticker count (the seed's "parameter").
    pub weight: f64,
    /// Integer division of the heuristic (the seed's Python 2 behaviour); needs an integer weight.
    pub integer_heuristic: bool,
    /// Repeated-state detection.
    pub repeated: RepeatedStates,
    /// Stop after this many expansions.
    pub max_expanded: u64,
    /// Bytes the run may use for its stored nodes (node store, open list and visited
    /// set); [`AStar2x2::max_nodes`] turns it into a node count.
    pub memory_budget: usize,
}

impl AStarOptions {
    /// The seed's settings for `goal` with divisor `weight`.
    pub fn seed(goal: Goal, weight: f64) -> Self {
        AStarOptions {
            goal,
            weight,
            integer_heuristic: false,
            repeated: match goal {
                Goal::Fixed => RepeatedStates::None,
                Goal::AnyOrientation => RepeatedStates::Exact,
            },
            max_expanded: 5_000_000,
            memory_budget: DEFAULT_MEMORY_BUDGET,
        }
    }
}

/// The outcome of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct AStarResult {
    /// The moves found.
    pub path: Vec<SeedMove>,
    /// Nodes expanded (popped from the priority queue), the seed's "Cost".
    pub expanded: u64,
    /// Nodes generated (children pushed).
    pub generated: u64,
    /// Run time.
    pub elapsed: Duration,
}

/// Why A* stopped without a path.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AStarError {
    /// The weight is not a positive number (or not an integer with integer division).
    #[error("the weight must be a positive number{}, not {weight}", if *integer { " (an integer with --integer-heuristic)" } else { "" })]
    BadWeight {
        /// The weight given.
        weight: f64,
        /// Whether integer division was asked for.
        integer: bool,
    },
    /// The expansion budget ran out.
    #[error("no path found within {0} expanded nodes")]
    Budget(u64),
    /// The stored nodes reached the memory budget.
    #[error("no path found within the memory budget of {budget_mib} MiB ({max_nodes} stored nodes)")]
    Memory {
        /// The budget in MiB.
        budget_mib: usize,
        /// The number of stored nodes it allows.
        max_nodes: usize,
    },
    /// The time limit passed.
    #[error("stopped by the time limit")]
    Timeout,
    /// The cancel flag was raised.
    #[error("cancelled")]
    Cancelled,
}

impl From<AStarError> for SolveError {
    fn from(e: AStarError) -> Self {
        match e {
            AStarError::Timeout => SolveError::Timeout { deepest_bound: None },
            AStarError::Cancelled => SolveError::Cancelled { deepest_bound: None },
            other => SolveError::GaveUp(other.to_string()),
        }
    }
}

/// Bytes one stored node costs: its entry in the node store, in the open list and in the
/// visited set (with the hash table's control byte and spare capacity).
const NODE_BYTES: usize = std::mem::size_of::<(Stickers, usize, Option<SeedMove>, u32)>()
    + std::mem::size_of::<Open>()
    + 2 * (std::mem::size_of::<[u8; STICKERS]>() + 1);

/// Node of the open list: ordered by f, then by insertion (first in, first out).
struct Open {
    f: f64,
    order: u64,
    node: usize,
}

impl PartialEq for Open {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        // BinaryHeap is a max-heap: reverse both keys.
        o.f.total_cmp(&self.f).then(o.order.cmp(&self.order))
    }
}

/// The A* solver with its precomputed permutations and goal colourings.
#[derive(Debug, Clone)]
pub struct AStar2x2 {
    moves: [Perm; 12],
    rotations: Vec<Perm>,
    goals: Vec<[u8; STICKERS]>,
}

impl Default for AStar2x2 {
    fn default() -> Self {
        Self::new()
    }
}

/// The seed's move order: T T' Bo Bo' L L' R R' F F' Ba Ba' (face indices 1, 4, 0, 2, 3, 5).
const SEED_ORDER: [(u8, bool); 12] = [
    (1, true),
    (1, false),
    (4, true),
    (4, false),
    (0, true),
    (0, false),
    (2, true),
    (2, false),
    (3, true),
    (3, false),
    (5, true),
    (5, false),
];

impl AStar2x2 {
    /// Precomputes the move and rotation permutations and the 24 goal colourings.
    pub fn new() -> Self {
        let rotations = rotation_perms();
        let mut goals: Vec<[u8; STICKERS]> = rotations.iter().map(|r| permute(&GOAL, r)).collect();
        goals.dedup();
        AStar2x2 {
            moves: move_perms(),
            rotations,
            goals,
        }
    }

    fn moves_for(goal: Goal) -> Vec<SeedMove> {
        SEED_ORDER
            .iter()
            .filter(|(f, _)| goal == Goal::Fixed || matches!(f, 1..=3))
            .map(|&(face, clockwise)| SeedMove { face, clockwise })
            .collect()
    }

    /// Applies one move.
    pub fn apply(&self, s: &Stickers, m: SeedMove) -> Stickers {
        Stickers(permute(
            &s.0,
            &self.moves[2 * m.face as usize + usize::from(!m.clockwise)],
        ))
    }

    /// The number of stickers differing from the goal (the minimum over the 24 goal
    /// colourings for [`Goal::AnyOrientation`]).
    pub fn misplaced(&self, s: &Stickers, goal: Goal) -> u32 {
        let count = |g: &[u8; STICKERS]| s.0.iter().zip(g).filter(|(a, b)| a != b).count() as u32;
        match goal {
            Goal::Fixed => count(&GOAL),
            Goal::AnyOrientation => self.goals.iter().map(count).min().unwrap_or(0),
        }
    }

    /// Whether `s` is a goal state.
    pub fn is_goal(&self, s: &Stickers, goal: Goal) -> bool {
        match goal {
            Goal::Fixed => s.0 == GOAL,
            Goal::AnyOrientation => s.is_uniform(),
        }
    }

    /// The canonical form of a state under whole-cube rotations.
    pub fn canonical(&self, s: &Stickers) -> [u8; STICKERS] {
        self.rotations
            .iter()
            .map(|r| permute(&s.0, r))
            .min()
            .unwrap_or(s.0)
    }

    /// The number of stored nodes `memory_budget` bytes allow (at least 1).
    pub fn max_nodes(memory_budget: usize) -> usize {
        (memory_budget / NODE_BYTES).max(1)
    }

    /// Runs A* from `start` without a time limit or cancel flag.
    pub fn solve(&self, start: &Stickers, opts: &AStarOptions) -> Result<AStarResult, AStarError> {
        self.solve_within(start, opts, &Limits::default())
    }

    /// Runs A* from `start`, stopping with [`AStarError::Timeout`] once `limits.timeout`
    /// has passed and with [`AStarError::Cancelled`] once `limits.cancel` is raised (both
    /// checked before the first expansion and then every few milliseconds), and with
    /// [`AStarError::Memory`] when the stored nodes reach `opts.memory_budget`.
    pub fn solve_within(
        &self,
        start: &Stickers,
        opts: &AStarOptions,
        limits: &Limits,
    ) -> Result<AStarResult, AStarError> {
        let w = opts.weight;
        if !(w.is_finite() && w > 0.0) || (opts.integer_heuristic && w.fract() != 0.0) {
            return Err(AStarError::BadWeight {
                weight: w,
                integer: opts.integer_heuristic,
            });
        }
        let t0 = Instant::now();
        let deadline = limits.deadline(t0);
        let stop = || {
            if limits.cancelled() {
                Some(AStarError::Cancelled)
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                Some(AStarError::Timeout)
            } else {
                None
            }
        };
        if let Some(e) = stop() {
            return Err(e);
        }
        let max_nodes = Self::max_nodes(opts.memory_budget);
        let h = |s: &Stickers| -> f64 {
            let m = self.misplaced(s, opts.goal);
            if opts.integer_heuristic {
                (m / w as u32) as f64
            } else {
                m as f64 / w
            }
        };
        let moves = Self::moves_for(opts.goal);
        // Nodes: (state, parent index, move from parent, depth).
        let mut nodes: Vec<(Stickers, usize, Option<SeedMove>, u32)> = vec![(*start, usize::MAX, None, 0)];
        let mut open = BinaryHeap::new();
        let mut order = 0u64;
        open.push(Open {
            f: h(start),
            order,
            node: 0,
        });
        let mut seen: HashSet<[u8; STICKERS]> = HashSet::new();
        if opts.repeated == RepeatedStates::Exact {
            seen.insert(self.canonical(start));
        }
        let (mut expanded, mut generated) = (0u64, 0u64);
        while let Some(Open { node, .. }) = open.pop() {
            expanded += 1;
            let (state, _, _, depth) = nodes[node];
            if self.is_goal(&state, opts.goal) {
                let mut path = Vec::new();
                let mut i = node;
                while let (_, parent, Some(m), _) = nodes[i] {
                    path.push(m);
                    i = parent;
                }
                path.reverse();
                return Ok(AStarResult {
                    path,
                    expanded,
                    generated,
                    elapsed: t0.elapsed(),
                });
            }
            if expanded >= opts.max_expanded {
                return Err(AStarError::Budget(opts.max_expanded));
            }
            if expanded % CHECK_EVERY == 0 {
                if let Some(e) = stop() {
                    return Err(e);
                }
            }
            if nodes.len() + moves.len() > max_nodes {
                return Err(AStarError::Memory {
                    budget_mib: opts.memory_budget >> 20,
                    max_nodes,
                });
            }
            for &m in &moves {
                let child = self.apply(&state, m);
                if opts.repeated == RepeatedStates::Exact && !seen.insert(self.canonical(&child)) {
                    continue;
                }
                generated += 1;
                order += 1;
                nodes.push((child, node, Some(m), depth + 1));
                open.push(Open {
                    f: (depth + 1) as f64 + h(&child),
                    order,
                    node: nodes.len() - 1,
                });
            }
        }
        Err(AStarError::Budget(expanded))
    }

    /// The optimal number of quarter turns for `goal` (12 moves for [`Goal::Fixed`], 6 for
    /// [`Goal::AnyOrientation`]), by breadth-first search from both ends when the goal is
    /// fixed and from the start otherwise; `None` past `max_depth`.
    pub fn optimal_length(&self, start: &Stickers, goal: Goal, max_depth: u32) -> Option<u32> {
        if self.is_goal(start, goal) {
            return Some(0);
        }
        let moves = Self::moves_for(goal);
        match goal {
            Goal::Fixed => {
                // Bidirectional BFS on exact states.
                let mut a: HashMap<[u8; STICKERS], u32> = HashMap::from([(start.0, 0)]);
                let mut b: HashMap<[u8; STICKERS], u32> = HashMap::from([(GOAL, 0)]);
                let (mut fa, mut fb) = (vec![start.0], vec![GOAL]);
                let (mut da, mut db) = (0u32, 0u32);
                while da + db < max_depth {
                    let grow_a = fa.len() <= fb.len();
                    let (front, mine, other, d) = if grow_a {
                        (&mut fa, &mut a, &b, &mut da)
                    } else {
                        (&mut fb, &mut b, &a, &mut db)
                    };
                    *d += 1;
                    let mut next = Vec::new();
                    for s in front.iter() {
                        for &m in &moves {
                            let c = self.apply(&Stickers(*s), m).0;
                            if mine.contains_key(&c) {
                                continue;
                            }
                            mine.insert(c, *d);
                            if other.contains_key(&c) {
                                return Some(da + db);
                            }
                            next.push(c);
                        }
                    }
                    *front = next;
                }
                None
            }
            Goal::AnyOrientation => {
                // Plain BFS: the top/right/front turns keep the left-bottom-back corner, so
                // the reachable set is at most 3,674,160 states.
                let mut seen: HashSet<[u8; STICKERS]> = HashSet::from([start.0]);
                let mut frontier = vec![start.0];
                for d in 1..=max_depth {
                    let mut next = Vec::new();
                    for s in &frontier {
                        for &m in &moves {
                            let c = self.apply(&Stickers(*s), m);
                            if self.is_goal(&c, goal) {
                                return Some(d);
                            }
                            if seen.insert(c.0) {
                                next.push(c.0);
                            }
                        }
                    }
                    frontier = next;
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// `U2 F2 U' R' U2 R' F' R F'` (12 quarter turns): with a near-zero heuristic (weight
    /// 1000) A* is close to a breadth-first search and needs far more than a second.
    fn hard(a: &AStar2x2) -> Stickers {
        let mut s = Stickers(GOAL);
        let (u, r, f) = (1, 2, 3);
        for (face, clockwise) in [
            (u, true),
            (u, true),
            (f, true),
            (f, true),
            (u, false),
            (r, false),
            (u, true),
            (u, true),
            (r, false),
            (f, false),
            (r, true),
            (f, false),
        ] {
            s = a.apply(&s, SeedMove { face, clockwise });
        }
        s
    }

    fn weight_one() -> AStarOptions {
        let mut o = AStarOptions::seed(Goal::Fixed, 1000.0);
        o.max_expanded = u64::MAX;
        o
    }

    #[test]
    fn expired_deadline_and_raised_cancel_flag_stop_the_search() {
        let a = AStar2x2::new();
        let s = hard(&a);
        let expired = Limits {
            timeout: Some(Duration::ZERO),
            ..Limits::default()
        };
        let t = Instant::now();
        assert_eq!(
            a.solve_within(&s, &weight_one(), &expired),
            Err(AStarError::Timeout)
        );
        let cancelled = Limits {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Limits::default()
        };
        assert_eq!(
            a.solve_within(&s, &weight_one(), &cancelled),
            Err(AStarError::Cancelled)
        );
        assert!(t.elapsed() < Duration::from_secs(2));
        assert_eq!(
            SolveError::from(AStarError::Timeout),
            SolveError::Timeout { deepest_bound: None }
        );
    }

    #[test]
    fn a_short_time_limit_stops_a_long_search() {
        let a = AStar2x2::new();
        let limits = Limits {
            timeout: Some(Duration::from_millis(20)),
            ..Limits::default()
        };
        let t = Instant::now();
        let r = a.solve_within(&hard(&a), &weight_one(), &limits);
        assert_eq!(r, Err(AStarError::Timeout));
        assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    }

    #[test]
    fn the_memory_budget_caps_the_stored_nodes() {
        let a = AStar2x2::new();
        let mut o = weight_one();
        o.memory_budget = 1 << 20;
        let max_nodes = AStar2x2::max_nodes(1 << 20);
        assert!(max_nodes > 1000 && max_nodes < (1 << 20), "{max_nodes}");
        match a.solve_within(&hard(&a), &o, &Limits::default()) {
            Err(AStarError::Memory {
                budget_mib: 1,
                max_nodes: m,
            }) => assert_eq!(m, max_nodes),
            other => panic!("expected the memory error, got {other:?}"),
        }
        let msg = AStarError::Memory {
            budget_mib: 1,
            max_nodes,
        }
        .to_string();
        assert!(msg.contains("memory budget of 1 MiB"), "{msg}");
    }
}
