//! The 4x4x4's edges paired before the 3x3x3 stage, with moves that keep the centres solved.
//!
//! On the 4x4x4 every wing shares its edge with one other; an edge is *paired* when its two
//! wings are the two halves of one 3x3x3 edge (two wings of one edge in one slot always show
//! the colours as a 3x3x3 edge would: a wing cannot be flipped in place). Once all twelve
//! are paired and the centres solved, the cube is a 3x3x3 turned by outer faces, which the
//! two-phase stage solves; the wings then end home with it. Unlike the pure 3-cycles of
//! [`super::cycles`], pairing moves need not keep the corners or the edges' places, so
//! they are much shorter.
//!
//! A [`PairingBook`] holds
//! - every sequence of up to [`BOOK_DEPTH`] generating moves (outer and wide turns, the
//!   reference frame's [`Puzzle::moves`]) that leaves the centres solved and changes which
//!   wings share an edge, the cheapest of each wing permutation (found by a depth-first
//!   enumeration of canonical sequences, turns of one axis in one order), and
//! - the wing orbit's pure 3-cycles and pairs of 3-cycles from its [`CycleBook`], which can
//!   always pair two more edges when few are left.
//!
//! [`PairingBook::solve`] is a beam search over the book's entries, each step pairing more
//! edges, ranked by length so far plus [`PER_EDGE`] moves for each edge still unpaired and
//! the cost of a parity fix at the end: when every edge is paired the edges' permutation
//! may have the other parity than the corners' (the 4x4x4's PLL parity), fixed by
//! [`PARITY_FIX`], which keeps the centres and the pairing. The wing permutation must be
//! even (the earlier stages make it so); then the edges' flips sum to an even number.

use super::cycles::{CycleBook, Orbit};
use super::simplify;
use std::collections::HashMap;
use twisty_core::cube3::parity;
use twisty_core::cube_n::{Block, CubeN, CubeNState};
use twisty_core::Puzzle;

/// A permutation of the wing orbit's 24 positions: position `i` receives the piece at `p[i]`.
type Perm = [u8; 24];

/// Longest sequence of generating moves the book enumerates.
pub const BOOK_DEPTH: usize = 6;

/// The beam search's estimate of the moves each unpaired edge still costs.
pub const PER_EDGE: u32 = 3;

/// The edge swap that fixes the PLL parity (wide and inner half turns; keeps the centres,
/// keeps every edge paired and turns no corner), as a person writes it.
pub const PARITY_FIX: &str = "2R2 U2 2R2 Uw2 2R2 Uw2";

/// One way of changing the pairing: the positions it changes with the positions their new
/// wings come from, its reference blocks, its length and whether it makes the corners'
/// permutation odd.
#[derive(Debug, Clone)]
struct Entry {
    moved: Vec<(u8, u8)>,
    moves: Vec<Block>,
    cost: u32,
    corner_odd: bool,
}

/// The pairing moves of the 4x4x4 (see the module notes).
#[derive(Debug, Clone)]
pub struct PairingBook {
    entries: Vec<Entry>,
    fix: Vec<Block>,
    fix_cost: u32,
}

/// Why the edges could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// Not a 4x4x4.
    Size(usize),
    /// The centres are not solved (the book's moves keep them as they are).
    Centres,
    /// The wing permutation is odd (no book move changes it).
    OddWings,
    /// The beam found no way to pair every edge.
    Stuck,
}

/// Whether the two wings of every edge belong to one edge.
fn unpaired(c: &Perm) -> u32 {
    (0..12).filter(|&e| c[2 * e] / 2 != c[2 * e + 1] / 2).count() as u32
}

/// `then(a, b)`: the permutation of `a` followed by `b`.
fn then(a: &Perm, b: &Perm) -> Perm {
    std::array::from_fn(|i| a[b[i] as usize])
}

/// Whether a wing permutation keeps every edge's two positions together.
fn keeps_edges(p: &Perm) -> bool {
    (0..12).all(|e| p[2 * e] / 2 == p[2 * e + 1] / 2)
}

fn moved_of(p: &Perm) -> Vec<(u8, u8)> {
    (0..24u8)
        .filter(|&i| p[i as usize] != i)
        .map(|i| (i, p[i as usize]))
        .collect()
}

/// Whether the corners' permutation of `moves` is odd.
fn corners_odd(cube: &CubeN, moves: &[Block]) -> bool {
    let s = cube.state_after(moves);
    let cp: Vec<u8> = (0..8).map(|i| s.corner_perm(i)).collect();
    parity(&cp)
}

impl PairingBook {
    /// The book of the 4x4x4 (`Err` for another size), with the wing orbit's 3-cycles from
    /// `cycles`, enumerating sequences up to `depth` moves.
    pub fn build(cube: &CubeN, cycles: &CycleBook, depth: usize) -> Result<PairingBook, PairingError> {
        if cube.n != 4 {
            return Err(PairingError::Size(cube.n));
        }
        let moves = cube.moves();
        let centre: Vec<Perm> = moves.iter().map(|&m| cube.centre_permutation(m, 0)).collect();
        let wing: Vec<Perm> = moves.iter().map(|&m| cube.wing_permutation(m, 0)).collect();
        let solved: Perm = std::array::from_fn(|i| (i / 4) as u8);
        let identity: Perm = std::array::from_fn(|i| i as u8);
        // Every canonical sequence of up to half the depth (more for the first half of an
        // odd depth), with its centres' colours and its wing permutation.
        let (first, second) = (depth.div_ceil(2), depth / 2);
        let mut halves: Vec<(Vec<usize>, Perm, Perm)> = vec![(Vec::new(), solved, identity)];
        let mut from = 0;
        for _ in 0..first {
            let end = halves.len();
            for i in from..end {
                for k in 0..moves.len() {
                    let (seq, colours, wings) = &halves[i];
                    if let Some(&last) = seq.last() {
                        let (a, b) = (moves[last], moves[k]);
                        // Turns of one axis commute: one order only, one turn per block.
                        if a.axis == b.axis && (a.lo, a.hi) >= (b.lo, b.hi) {
                            continue;
                        }
                    }
                    let c2: Perm = std::array::from_fn(|i| colours[centre[k][i] as usize]);
                    let w2 = then(wings, &wing[k]);
                    let mut s2 = seq.clone();
                    s2.push(k);
                    halves.push((s2, c2, w2));
                }
            }
            from = end;
        }
        // A·C' keeps the centres when A and C leave them alike.
        let mut groups: HashMap<Perm, Vec<usize>> = HashMap::new();
        for (i, h) in halves.iter().enumerate() {
            groups.entry(h.1).or_default().push(i);
        }
        let inverse = |p: &Perm| -> Perm {
            let mut q = [0u8; 24];
            for (i, &x) in p.iter().enumerate() {
                q[x as usize] = i as u8;
            }
            q
        };
        let mut best: HashMap<Perm, (u32, Vec<Block>)> = HashMap::new();
        for members in groups.values() {
            let movers: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&i| !keeps_edges(&halves[i].2))
                .collect();
            if movers.is_empty() {
                continue;
            }
            for &ia in members {
                let (sa, _, wa) = &halves[ia];
                let a_moves = !keeps_edges(wa);
                for &ic in members {
                    let (sc, _, wc) = &halves[ic];
                    if sa.len() > first || sc.len() > second || (!a_moves && keeps_edges(wc)) {
                        continue;
                    }
                    let p = then(wa, &inverse(wc));
                    if keeps_edges(&p) {
                        continue;
                    }
                    let mut blocks: Vec<Block> = sa.iter().map(|&k| moves[k]).collect();
                    simplify::extend(
                        &mut blocks,
                        &simplify::inverse(&sc.iter().map(|&k| moves[k]).collect::<Vec<_>>()),
                    );
                    let cost = simplify::obtm(cube, &blocks);
                    if best.get(&p).is_none_or(|(c, _)| *c > cost) {
                        best.insert(p, (cost, blocks));
                    }
                }
            }
        }
        let mut entries: Vec<Entry> = best
            .into_iter()
            .map(|(p, (cost, blocks))| Entry {
                moved: moved_of(&p),
                cost,
                corner_odd: corners_odd(cube, &blocks),
                moves: blocks,
            })
            .collect();
        for (moved, blocks, cost) in cycles.sequences(cube, Orbit::Wing(0)) {
            entries.push(Entry {
                moved,
                corner_odd: corners_odd(cube, &blocks),
                moves: blocks,
                cost,
            });
        }
        entries.sort_by(|a, b| (a.cost, &a.moved).cmp(&(b.cost, &b.moved)));
        let fix = cube.parse_moves(PARITY_FIX).map_err(|_| PairingError::Stuck)?;
        let fix_cost = simplify::obtm(cube, &fix);
        Ok(PairingBook {
            entries,
            fix,
            fix_cost,
        })
    }

    /// Number of entries (sequences and 3-cycles).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The parity fix's reference blocks.
    pub fn parity_fix(&self) -> &[Block] {
        &self.fix
    }

    /// Moves that pair every edge of `s` (a 4x4x4 with its centres solved and an even wing
    /// permutation), keeping the centres solved and leaving the edges' permutation of the
    /// corners' parity: a beam search of `width` sequences (see the module notes).
    /// `stop` is asked between steps; when it says so the search ends with `Ok(None)`.
    pub fn solve(
        &self,
        cube: &CubeN,
        s: &CubeNState,
        width: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Vec<Block>>, PairingError> {
        Ok(self
            .solve_many(cube, s, width, 1, stop)?
            .map(|mut all| all.swap_remove(0)))
    }

    /// Up to `count` ways (at least one) of pairing every edge of `s`, as [`Self::solve`]
    /// finds them, shortest first: the shortest complete pairings the beam met, each
    /// leaving a different wing permutation (so a different 3x3x3 for the next stage).
    pub fn solve_many(
        &self,
        cube: &CubeN,
        s: &CubeNState,
        width: usize,
        count: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Vec<Vec<Block>>>, PairingError> {
        let count = count.max(1);
        if cube.n != 4 {
            return Err(PairingError::Size(cube.n));
        }
        if (0..24).any(|i| s.centres(0)[i] as usize != i / 4) {
            return Err(PairingError::Centres);
        }
        let start: Perm = s.wings(0).try_into().map_err(|_| PairingError::Size(cube.n))?;
        if parity(&start) {
            return Err(PairingError::OddWings);
        }
        let cp: Vec<u8> = (0..8).map(|i| s.corner_perm(i)).collect();
        // The cost to finish once every edge is paired.
        let finish = |c: &Perm, odd: bool| -> u32 {
            let ep: Vec<u8> = (0..12).map(|e| c[2 * e] / 2).collect();
            if parity(&ep) != odd {
                self.fix_cost
            } else {
                0
            }
        };
        struct Node {
            c: Perm,
            len: u32,
            left: u32,
            odd: bool,
            path: Vec<u32>,
        }
        let mut beam = vec![Node {
            c: start,
            len: 0,
            left: unpaired(&start),
            odd: parity(&cp),
            path: Vec::new(),
        }];
        // The shortest complete pairings so far, (total, wings, path, fix), shortest first.
        let mut done: Vec<(u32, Perm, Vec<u32>, bool)> = Vec::new();
        loop {
            if stop() {
                return Ok(None);
            }
            // (score, node, entry, left after)
            let mut next: Vec<(u32, usize, usize, u32)> = Vec::new();
            for (b, node) in beam.iter().enumerate() {
                if node.left == 0 {
                    let extra = finish(&node.c, node.odd);
                    let total = node.len + extra;
                    let full = done.len() >= count;
                    let worse = full && done.last().is_some_and(|d| d.0 <= total);
                    let twin = done.iter().position(|d| d.1 == node.c);
                    if let Some(i) = twin.filter(|&i| done[i].0 > total) {
                        done.remove(i);
                    }
                    if !worse && !done.iter().any(|d| d.1 == node.c) {
                        done.push((total, node.c, node.path.clone(), extra > 0));
                        done.sort_by_key(|d| d.0);
                        done.truncate(count);
                    }
                    continue;
                }
                // Nothing longer than the longest kept pairing can be kept.
                let bound = if done.len() >= count {
                    done.last().map_or(u32::MAX, |d| d.0)
                } else {
                    u32::MAX
                };
                let mut after = node.c;
                for (e, entry) in self.entries.iter().enumerate() {
                    if node.len + entry.cost >= bound {
                        break;
                    }
                    for &(pos, src) in &entry.moved {
                        after[pos as usize] = node.c[src as usize];
                    }
                    let left = unpaired(&after);
                    for &(pos, _) in &entry.moved {
                        after[pos as usize] = node.c[pos as usize];
                    }
                    if left < node.left {
                        next.push((node.len + entry.cost + PER_EDGE * left, b, e, left));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            next.sort_unstable();
            let mut seen: HashMap<Perm, ()> = HashMap::new();
            let mut kept = Vec::with_capacity(width);
            for (_, b, e, left) in next {
                if kept.len() >= width {
                    break;
                }
                let node = &beam[b];
                let entry = &self.entries[e];
                let mut c = node.c;
                for &(pos, src) in &entry.moved {
                    c[pos as usize] = node.c[src as usize];
                }
                if seen.insert(c, ()).is_some() {
                    continue;
                }
                let mut path = node.path.clone();
                path.push(e as u32);
                kept.push(Node {
                    c,
                    len: node.len + entry.cost,
                    left,
                    odd: node.odd ^ entry.corner_odd,
                    path,
                });
            }
            if kept.is_empty() {
                break;
            }
            beam = kept;
        }
        if done.is_empty() {
            return Err(PairingError::Stuck);
        }
        let all = done
            .into_iter()
            .map(|(_, _, path, fix)| {
                let mut out = Vec::new();
                for e in path {
                    simplify::extend(&mut out, &self.entries[e as usize].moves);
                }
                if fix {
                    simplify::extend(&mut out, &self.fix);
                }
                out
            })
            .collect();
        Ok(Some(all))
    }
}

/// The 3x3x3 edges of a 4x4x4 whose edges are all paired: the edge in each slot (3x3x3
/// order) and its flip, or `None` if some edge is unpaired.
pub fn paired_edges(cube: &CubeN, s: &CubeNState) -> Option<([u8; 12], [u8; 12])> {
    let w = s.wings(0);
    if w.len() < 24 {
        return None;
    }
    let mut ep = [0u8; 12];
    let mut eo = [0u8; 12];
    for e in 0..12 {
        let (a, b) = (w[2 * e], w[2 * e + 1]);
        if a / 2 != b / 2 {
            return None;
        }
        ep[e] = a / 2;
        // Flipped when the wing does not show its edge's first colour on the slot's first
        // face, as it does at home.
        let here = cube.wing_colours(0, a as usize, 2 * e);
        let home = cube.wing_colours(0, a as usize, a as usize);
        eo[e] = u8::from(here[0] != home[0]);
    }
    Some((ep, eo))
}
