//! A* over sticker states, as seed 001 describes it, with exact repeated-state detection.

use super::net::Stickers;
use super::stickers::{move_perms, permute, rotation_perms, Perm, SeedMove, GOAL, STICKERS};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::time::{Duration, Instant};
use thiserror::Error;

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
}

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

    /// Runs A* from `start`.
    pub fn solve(&self, start: &Stickers, opts: &AStarOptions) -> Result<AStarResult, AStarError> {
        let w = opts.weight;
        if !(w.is_finite() && w > 0.0) || (opts.integer_heuristic && w.fract() != 0.0) {
            return Err(AStarError::BadWeight {
                weight: w,
                integer: opts.integer_heuristic,
            });
        }
        let t0 = Instant::now();
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
