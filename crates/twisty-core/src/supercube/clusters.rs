//! Clusters: the orbits of cubie positions under the 24 rotations (the paper's §3.1).
//!
//! A cluster's *kind* `k` (C1..C6) is the number of distinct slices that can move its
//! cubies: the distinct values among `x, N−1−x, y, N−1−y, z, N−1−z` of any member. C1 is the
//! core (odd N), C2 the 8 corners of a cube or inner cube, C3 the 6 face centres or the 12
//! edge middles, C4..C6 have 24 cubies (wings, centre pieces, obliques).

use super::{coords, group, index, rotate, ORIENTATIONS};

/// One cluster of positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Kind 1..=6 (C1..C6).
    pub kind: u8,
    /// Member positions, in the order the seed's `GetCluster` visits them.
    pub positions: Vec<usize>,
}

/// The cluster kind (1..=6) of a position of an N×N×N cube.
pub fn cluster_kind(n: usize, pos: usize) -> u8 {
    let v = coords(n, pos);
    let mut seen: Vec<usize> = Vec::with_capacity(6);
    for c in v {
        for s in [c, n - 1 - c] {
            if !seen.contains(&s) {
                seen.push(s);
            }
        }
    }
    seen.len() as u8
}

/// The positions of the cluster of `pos`, in the order the seed's `GetCluster` visits
/// them: it turns the X, Y and Z slices through the moving cubie in nested loops of four
/// quarter turns each, recording the position after every turn (`X^α`, then `Y^β X^α`,
/// then `Z^γ Y^β X^α`, for α, β, γ = 1, 2, 3, 4), without repeats.
pub fn cluster_of(n: usize, pos: usize) -> Vec<usize> {
    let g = group();
    let v = coords(n, pos);
    let mut out = Vec::with_capacity(ORIENTATIONS);
    let pow = |axis: usize, k: usize| -> usize {
        if k.is_multiple_of(4) {
            0
        } else {
            g.turn[axis][k % 4 - 1] as usize
        }
    };
    let mut record = |r: usize| {
        let p = index(n, rotate(n, &g.matrix[r], v));
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for alpha in 1..=4 {
        let ra = pow(0, alpha);
        record(ra);
        for beta in 1..=4 {
            let rb = g.mul[pow(1, beta)][ra] as usize;
            record(rb);
            for gamma in 1..=4 {
                record(g.mul[pow(2, gamma)][rb] as usize);
            }
        }
    }
    out
}

/// Every cluster of an N×N×N cube, ordered by their smallest position.
pub fn clusters(n: usize) -> Vec<Cluster> {
    let total = n * n * n;
    let mut done = vec![false; total];
    let mut out = Vec::new();
    for p in 0..total {
        if done[p] {
            continue;
        }
        let positions = cluster_of(n, p);
        for &q in &positions {
            done[q] = true;
        }
        out.push(Cluster {
            kind: cluster_kind(n, p),
            positions,
        });
    }
    out
}
