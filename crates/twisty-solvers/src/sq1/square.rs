//! Phase 2 of the Square-1 solver: both layers square (`CCE CCE CCE CCE` from slot 0),
//! where turns of 90° (3 slots) and the slice keep them so.
//!
//! The 8 corners sit at quarters 0–3 of the top (slots 0, 3, 6, 9) then of the bottom, the
//! 8 edges at slots 2, 5, 8, 11 of each; a coordinate is the rank of each permutation
//! (8! = 40,320) with the middle layer. A step is one of the 16 turns `(3i,3j)` then a
//! slice ([`SLICES`]); the goal is the solved state turned `(0,-1)`, up to any of the 16 turns (the
//! last turn is free in the twist metric). Two pruning tables, corners with the middle and
//! edges with the middle (80,640 entries each), give distances in slices.

use twisty_core::sq1::{Sq1State, CORNERS};
use twisty_search::rank::{rank_perm, unrank_perm};

/// Permutations of 8.
pub const PERMS: usize = 40_320;

/// Turns of phase 2: `t = 4i + j` turns the top `3i` and the bottom `3j` slots.
pub const TURNS: usize = 16;

/// A position of phase 2 (8 pieces at 8 places: top quarters 0–3, bottom quarters 0–3)
/// turned `t`.
fn turned(p: &[u8; 8], t: usize) -> [u8; 8] {
    let (i, j) = (t / 4, t % 4);
    let mut out = [0u8; 8];
    for q in 0..4 {
        out[(q + i) % 4] = p[q];
        out[4 + (q + j) % 4] = p[4 + q];
    }
    out
}

/// Slices of phase 2: the slice itself, and the slice between the turns `(1,1)` and
/// `(-1,-1)` (the layers shifted one slot, so that each half holds other corner–edge
/// pairs: without it corners and edges would move as one).
pub const SLICES: usize = 2;

/// A slice of kind `kind` on corners (`edges` false) or edges: the corners of top
/// quarters 2, 3 trade with those of bottom quarters 0, 1 (either kind); the plain slice
/// moves the edges the same way, the shifted one trades top edges 1, 2 with bottom edges 3, 0.
fn sliced(p: &[u8; 8], kind: usize, edges: bool) -> [u8; 8] {
    let mut out = *p;
    if kind == 1 && edges {
        out.swap(1, 7);
        out.swap(2, 4);
    } else {
        out.swap(2, 4);
        out.swap(3, 5);
    }
    out
}

/// Move tables and pruning tables of phase 2.
#[derive(Debug, Clone)]
pub struct SquareTables {
    /// `turn[perm * 16 + t]`: a permutation turned.
    pub turn: Vec<u16>,
    /// `corner_slice[kind][perm]`: a corner permutation after a slice of that kind.
    pub corner_slice: [Vec<u16>; SLICES],
    /// `edge_slice[kind][perm]`: an edge permutation after a slice of that kind.
    pub edge_slice: [Vec<u16>; SLICES],
    /// The goal's corner rank.
    pub goal_corners: u16,
    /// The goal's edge rank.
    pub goal_edges: u16,
    /// Slices to the goal for corners: `corner_dist[perm * 2 + middle]`.
    pub corner_dist: Vec<u8>,
    /// Slices to the goal for edges.
    pub edge_dist: Vec<u8>,
}

impl SquareTables {
    /// Builds the tables (tens of milliseconds).
    pub fn new() -> SquareTables {
        let mut turn = vec![0u16; PERMS * TURNS];
        let mut corner_slice = [vec![0u16; PERMS], vec![0u16; PERMS]];
        let mut edge_slice = [vec![0u16; PERMS], vec![0u16; PERMS]];
        let mut p = [0u8; 8];
        for r in 0..PERMS {
            unrank_perm(r as u64, &mut p);
            for t in 0..TURNS {
                turn[r * TURNS + t] = rank_perm(&turned(&p, t)) as u16;
            }
            for kind in 0..SLICES {
                corner_slice[kind][r] = rank_perm(&sliced(&p, kind, false)) as u16;
                edge_slice[kind][r] = rank_perm(&sliced(&p, kind, true)) as u16;
            }
        }
        let mut goal = Sq1State::default();
        goal.turn(0, 11);
        let (gc, ge) = coordinates(&goal);
        let mut t = SquareTables {
            turn,
            corner_slice,
            edge_slice,
            goal_corners: gc,
            goal_edges: ge,
            corner_dist: Vec::new(),
            edge_dist: Vec::new(),
        };
        t.corner_dist = t.distances(gc, false);
        t.edge_dist = t.distances(ge, true);
        t
    }

    /// Slices to the goal `g` (up to a turn, the middle square) for every permutation and
    /// middle, breadth first backwards: `x` is one step from `y` when some turn of `x`
    /// sliced is `y`.
    fn distances(&self, g: u16, edges: bool) -> Vec<u8> {
        let slice = if edges {
            &self.edge_slice
        } else {
            &self.corner_slice
        };
        let mut dist = vec![u8::MAX; 2 * PERMS];
        let mut frontier = Vec::new();
        for t in 0..TURNS {
            let x = usize::from(self.turn[usize::from(g) * TURNS + t]);
            if dist[2 * x] == u8::MAX {
                dist[2 * x] = 0;
                frontier.push(2 * x);
            }
        }
        let mut d = 0u8;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &y in &frontier {
                let (perm, middle) = (y / 2, y % 2);
                // Each slice is its own inverse: x turned by t is s, so x is s turned back.
                for (kind, t) in (0..SLICES).flat_map(|k| (0..TURNS).map(move |t| (k, t))) {
                    let s = usize::from(slice[kind][perm]);
                    let back = (4 - t / 4) % 4 * 4 + (4 - t % 4) % 4;
                    let x = 2 * usize::from(self.turn[s * TURNS + back]) + (1 - middle);
                    if dist[x] == u8::MAX {
                        dist[x] = d + 1;
                        next.push(x);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        dist
    }

    /// A lower bound on the slices left from `(corners, edges, middle)`.
    pub fn bound(&self, corners: u16, edges: u16, middle: bool) -> u8 {
        let m = usize::from(middle);
        self.corner_dist[2 * usize::from(corners) + m].max(self.edge_dist[2 * usize::from(edges) + m])
    }

    /// The turn that finishes `(corners, edges, middle)`, if one does.
    pub fn finishing_turn(&self, corners: u16, edges: u16, middle: bool) -> Option<usize> {
        if middle {
            return None;
        }
        (0..TURNS).find(|&t| {
            self.turn[usize::from(corners) * TURNS + t] == self.goal_corners
                && self.turn[usize::from(edges) * TURNS + t] == self.goal_edges
        })
    }
}

impl Default for SquareTables {
    fn default() -> Self {
        SquareTables::new()
    }
}

/// The corner and edge ranks of a state with both layers square from slot 0.
pub fn coordinates(s: &Sq1State) -> (u16, u16) {
    let mut c = [0u8; 8];
    let mut e = [0u8; 8];
    for (l, layer) in [s.top(), s.bottom()].into_iter().enumerate() {
        for q in 0..4 {
            c[4 * l + q] = layer[3 * q] % CORNERS;
            e[4 * l + q] = layer[3 * q + 2].wrapping_sub(CORNERS) % 8;
        }
    }
    (rank_perm(&c) as u16, rank_perm(&e) as u16)
}
