//! The first x-centre orbit (all the 4x4x4's centres) by table-driven search, in three
//! stages (the first wing orbit's parity made even on the way), before the 3x3x3 stage, on
//! every N from 4 to [`MAX_TABLE_N`] (tables per size).
//!
//! 1. The U and D colours onto U and D, with every move: a table of the C(24, 8) = 735,471
//!    sets of positions the eight pieces can hold.
//! 2. The L and R colours onto L and R (so F and B onto F and B), with the moves that keep
//!    the U/D set (every turn about y, half turns about x and z), and the wing permutation
//!    made even: C(16, 8) · 2 = 25,740 entries.
//! 3. Every colour onto its face, with the moves that keep all three pairs of faces' sets
//!    and the wing parity (quarter turns of R, U and F, half turns of every block):
//!    70³ = 343,000 entries.
//!
//! Each table is a breadth-first distance from the goal (one byte per entry, built on first
//! use in well under a second), and each stage walks down it. The move sets are not listed
//! by hand: they are the generating moves of [`Puzzle::moves`] whose centre permutations
//! keep what the earlier stages made. Answers are reference-frame blocks; the stages after
//! them keep the orbit solved (the wing parity of the other orbits is fixed with slices that
//! miss it, the 3x3x3 stage turns outer faces only, and the rest are pure 3-cycles).

use std::sync::OnceLock;
use twisty_core::cube3::parity;
use twisty_core::cube_n::{Block, CubeN, CubeNState};
use twisty_core::Puzzle;

type Perm = [u8; 24];

/// One stage: its moves (with their centre permutations and whether they make the wing
/// permutation odd) and its distance table.
struct Stage {
    moves: Vec<(Block, Perm, bool)>,
    dist: Vec<u8>,
}

struct Tables {
    stages: [Stage; 3],
}

/// Largest N whose first x-centre orbit is solved by tables (beyond it the 3-cycles do it;
/// the tables' build time grows with the number of moves, 9·(N−1)).
pub const MAX_TABLE_N: usize = 8;

static TABLES: [OnceLock<Option<Tables>>; MAX_TABLE_N + 1] = [const { OnceLock::new() }; MAX_TABLE_N + 1];

const UNSEEN: u8 = u8::MAX;

/// Binomial coefficients `C(n, k)` for `n, k ≤ 24`.
const BINOMIAL: [[u32; 25]; 25] = {
    let mut t = [[0u32; 25]; 25];
    let mut n = 0;
    while n < 25 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

fn binomial(n: usize, k: usize) -> usize {
    if n > 24 || k > 24 {
        return 0;
    }
    BINOMIAL[n][k] as usize
}

/// The rank of a set of `bits.len()` flags among the sets of its size (colex order).
fn rank(bits: impl Iterator<Item = bool>) -> usize {
    let mut r = 0;
    let mut k = 0;
    for (i, b) in bits.enumerate() {
        if b {
            k += 1;
            r += binomial(i, k);
        }
    }
    r
}

/// The set of rank `r` with `k` of `n` flags set.
fn unrank(mut r: usize, n: usize, mut k: usize) -> Vec<bool> {
    let mut out = vec![false; n];
    for i in (0..n).rev() {
        if k > 0 && binomial(i, k) <= r {
            r -= binomial(i, k);
            out[i] = true;
            k -= 1;
        }
    }
    out
}

/// Colour `c`'s face pair: U/D 0, R/L 1, F/B 2.
fn pair(c: u8) -> u8 {
    c % 3
}

/// The side positions (faces R F L B) in order, for stage 2.
const SIDES: [usize; 16] = [4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23];

/// The positions of face pair `p` (0: U/D, 1: R/L, 2: F/B) in order, for stage 3.
fn pair_positions(p: usize) -> [usize; 8] {
    let (a, b) = (p, p + 3);
    std::array::from_fn(|i| if i < 4 { 4 * a + i } else { 4 * b + i - 4 })
}

/// Stage coordinates of a colour array.
fn coord(stage: usize, c: &Perm, odd: bool) -> usize {
    match stage {
        0 => rank(c.iter().map(|&x| pair(x) == 0)),
        1 => 2 * rank(SIDES.iter().map(|&p| pair(c[p]) == 1)) + odd as usize,
        _ => {
            let mut r = 0;
            for p in 0..3 {
                r = 70 * r + rank(pair_positions(p).iter().map(|&q| c[q] == p as u8));
            }
            r
        }
    }
}

/// A colour array of stage coordinate `r` (any one; the other flags as solved) and its
/// wing parity.
fn example(stage: usize, r: usize) -> (Perm, bool) {
    let mut c: Perm = std::array::from_fn(|i| (i / 4) as u8);
    match stage {
        0 => {
            let ud = unrank(r, 24, 8);
            // U/D colours where set, the others R, F, L, B in turn (any is fine).
            let mut others = [1u8, 2, 4, 5].iter().flat_map(|&x| [x; 4]);
            let mut uds = [0u8, 0, 0, 0, 3, 3, 3, 3].into_iter();
            for i in 0..24 {
                c[i] = if ud[i] {
                    uds.next().unwrap_or(0)
                } else {
                    others.next().unwrap_or(1)
                };
            }
            (c, false)
        }
        1 => {
            let lr = unrank(r / 2, 16, 8);
            let mut lrs = [1u8, 1, 1, 1, 4, 4, 4, 4].into_iter();
            let mut fbs = [2u8, 2, 2, 2, 5, 5, 5, 5].into_iter();
            for (k, &p) in SIDES.iter().enumerate() {
                c[p] = if lr[k] {
                    lrs.next().unwrap_or(1)
                } else {
                    fbs.next().unwrap_or(2)
                };
            }
            (c, r % 2 == 1)
        }
        _ => {
            let mut rest = r;
            for p in (0..3).rev() {
                let set = unrank(rest % 70, 8, 4);
                rest /= 70;
                for (k, &q) in pair_positions(p).iter().enumerate() {
                    c[q] = if set[k] { p as u8 } else { p as u8 + 3 };
                }
            }
            (c, false)
        }
    }
}

fn apply(c: &Perm, p: &Perm) -> Perm {
    std::array::from_fn(|i| c[p[i] as usize])
}

impl Tables {
    fn build(n: usize) -> Option<Tables> {
        let cube = CubeN::new(n).ok()?;
        let all: Vec<(Block, Perm, bool)> = cube
            .moves()
            .into_iter()
            .map(|m| {
                (
                    m,
                    cube.centre_permutation(m, 0),
                    parity(&cube.wing_permutation(m, 0)),
                )
            })
            .collect();
        let keeps = |p: &Perm, sets: &dyn Fn(usize) -> u8| (0..24).all(|i| sets(i) == sets(p[i] as usize));
        let s2: Vec<_> = all
            .iter()
            .copied()
            .filter(|(_, p, _)| keeps(p, &|i| u8::from(pair((i / 4) as u8) == 0)))
            .collect();
        let s3: Vec<_> = all
            .iter()
            .copied()
            .filter(|(_, p, odd)| !odd && keeps(p, &|i| pair((i / 4) as u8)))
            .collect();
        let sizes = [binomial(24, 8), 2 * binomial(16, 8), 70 * 70 * 70];
        let mut stages = Vec::new();
        for (stage, moves) in [all, s2, s3].into_iter().enumerate() {
            let solved: Perm = std::array::from_fn(|i| (i / 4) as u8);
            let mut dist = vec![UNSEEN; sizes[stage]];
            let goal = coord(stage, &solved, false);
            dist[goal] = 0;
            let mut frontier = vec![goal];
            let mut d = 0u8;
            while !frontier.is_empty() {
                let mut next = Vec::new();
                for &r in &frontier {
                    let (c, odd) = example(stage, r);
                    for (_, p, flips) in &moves {
                        let t = coord(stage, &apply(&c, p), odd ^ flips);
                        if dist[t] == UNSEEN {
                            dist[t] = d + 1;
                            next.push(t);
                        }
                    }
                }
                frontier = next;
                d += 1;
            }
            stages.push(Stage { moves, dist });
        }
        let stages: [Stage; 3] = stages.try_into().ok()?;
        Some(Tables { stages })
    }
}

/// Moves that solve the first x-centre orbit of `s` (every centre of a 4x4x4) and leave the
/// first wing orbit's permutation even, or `None` when N is outside 4..=[`MAX_TABLE_N`] or
/// a stage cannot (the caller then solves the orbit another way).
pub fn solve(cube: &CubeN, s: &CubeNState) -> Option<Vec<Block>> {
    if !(4..=MAX_TABLE_N).contains(&cube.n) {
        return None;
    }
    let t = TABLES
        .get(cube.n)?
        .get_or_init(|| Tables::build(cube.n))
        .as_ref()?;
    let mut c: Perm = s.centres(0).try_into().ok()?;
    let mut odd = parity(s.wings(0));
    let mut out = Vec::new();
    for (k, stage) in t.stages.iter().enumerate() {
        let mut d = *stage.dist.get(coord(k, &c, odd))?;
        while d > 0 {
            if d == UNSEEN {
                return None;
            }
            let (m, next, flips) = stage.moves.iter().find_map(|(m, p, flips)| {
                let n = apply(&c, p);
                (stage.dist[coord(k, &n, odd ^ flips)] == d - 1).then_some((*m, n, *flips))
            })?;
            out.push(m);
            c = next;
            odd ^= flips;
            d -= 1;
        }
    }
    Some(out)
}
