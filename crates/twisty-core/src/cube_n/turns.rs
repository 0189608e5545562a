//! Precomputed slice turns: for every slice of every axis, the 4-cycles its quarter turn
//! makes in each orbit, built once per size from the geometry. Applying a block turns its
//! slices by walking these cycles: no allocation, nothing recomputed per move.

use super::geometry::{cubie_of, rotate_facelet, Geometry, Sticker};
use crate::supercube::group;

/// A 4-cycle with orientation changes: the piece at `pos[i]` goes to `pos[(i + 1) % 4]` and
/// its orientation grows by `delta[i]`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cycle {
    pub pos: [u8; 4],
    pub delta: [u8; 4],
}

/// The positive quarter turn (90° about the axis) of one slice.
#[derive(Debug, Default)]
pub(crate) struct Quarter {
    pub corners: Option<Cycle>,
    pub midges: Option<Cycle>,
    /// Cycles of indices into the flat wing array (`24 · orbit + position`).
    pub wings: Vec<[u16; 4]>,
    /// Cycles of indices into the flat centre array (`24 · orbit + position`).
    pub centres: Vec<[u16; 4]>,
}

/// The geometry and the quarter turns of every slice of one size.
#[derive(Debug)]
pub(crate) struct Tables {
    pub geometry: Geometry,
    /// `quarter[3 · slice + axis]`.
    pub quarter: Vec<Quarter>,
}

/// Follows `dest` from every moved position into 4-cycles.
fn cycles<T: Copy>(dest: &[Option<(usize, T)>]) -> Vec<([usize; 4], [T; 4])> {
    let mut seen = vec![false; dest.len()];
    let mut out = Vec::new();
    for start in 0..dest.len() {
        let Some((_, t0)) = dest[start] else { continue };
        if seen[start] {
            continue;
        }
        let mut pos = [start; 4];
        let mut delta = [t0; 4];
        let mut p = start;
        for i in 0..4 {
            seen[p] = true;
            pos[i] = p;
            match dest[p] {
                Some((q, t)) => {
                    delta[i] = t;
                    p = q;
                }
                None => break,
            }
        }
        out.push((pos, delta));
    }
    out
}

impl Tables {
    pub fn new(n: usize) -> Tables {
        let geometry = Geometry::new(n);
        let g = group();
        let mut quarter = Vec::with_capacity(3 * n);
        for slice in 0..n {
            for axis in 0..3 {
                let m = &g.matrix[g.turn[axis][0] as usize];
                let moved = |f: usize| cubie_of(n, f)[axis] == slice;
                let go = |f: usize| geometry.owner[rotate_facelet(n, m, f)];
                let mut q = Quarter::default();
                let mut dest: Vec<Option<(usize, u8)>> = vec![None; 8];
                for (p, fs) in geometry.corners.iter().enumerate() {
                    if let (true, Sticker::Corner { pos, slot }) = (moved(fs[0]), go(fs[0])) {
                        dest[p] = Some((pos as usize, slot));
                    }
                }
                q.corners = cycles(&dest).first().map(|&(pos, delta)| Cycle {
                    pos: pos.map(|p| p as u8),
                    delta,
                });
                if n % 2 == 1 {
                    let mut dest: Vec<Option<(usize, u8)>> = vec![None; 12];
                    for (p, fs) in geometry.midges.iter().enumerate() {
                        if let (true, Sticker::Midge { pos, slot }) = (moved(fs[0]), go(fs[0])) {
                            dest[p] = Some((pos as usize, slot));
                        }
                    }
                    q.midges = cycles(&dest).first().map(|&(pos, delta)| Cycle {
                        pos: pos.map(|p| p as u8),
                        delta,
                    });
                }
                let mut dest: Vec<Option<(usize, ())>> = vec![None; 24 * geometry.wings.len()];
                for (k, orbit) in geometry.wings.iter().enumerate() {
                    for (p, fs) in orbit.iter().enumerate() {
                        if let (true, Sticker::Wing { orbit, pos, .. }) = (moved(fs[0]), go(fs[0])) {
                            dest[24 * k + p] = Some((24 * orbit as usize + pos as usize, ()));
                        }
                    }
                }
                q.wings = cycles(&dest)
                    .into_iter()
                    .map(|(c, _)| c.map(|p| p as u16))
                    .collect();
                let mut dest: Vec<Option<(usize, ())>> = vec![None; 24 * geometry.centres.len()];
                for (k, orbit) in geometry.centres.iter().enumerate() {
                    for (p, &f) in orbit.iter().enumerate() {
                        if let (true, Sticker::Centre { orbit, pos }) = (moved(f), go(f)) {
                            dest[24 * k + p] = Some((24 * orbit as usize + pos as usize, ()));
                        }
                    }
                }
                q.centres = cycles(&dest)
                    .into_iter()
                    .map(|(c, _)| c.map(|p| p as u16))
                    .collect();
                quarter.push(q);
            }
        }
        Tables { geometry, quarter }
    }

    /// Turns slice `slice` of `axis` by `turns` (1..=3) positive quarter turns.
    #[inline]
    pub fn turn(&self, parts: Parts<'_>, axis: usize, slice: usize, turns: u8) {
        let Some(q) = self.quarter.get(3 * slice + axis) else {
            return;
        };
        if let Some(c) = q.corners {
            turn_oriented(parts.corners, &c, turns, 3, 3);
        }
        if let Some(c) = q.midges {
            turn_oriented(parts.midges, &c, turns, 2, 4);
        }
        for c in &q.wings {
            turn_plain(parts.wings, c, turns);
        }
        for c in &q.centres {
            turn_plain(parts.centres, c, turns);
        }
    }
}

/// The state arrays a turn rewrites.
pub(crate) struct Parts<'a> {
    pub corners: &'a mut [u8; 8],
    pub midges: &'a mut [u8; 12],
    pub wings: &'a mut [u8],
    pub centres: &'a mut [u8],
}

/// One cycle of pieces without orientation, turned 1, 2 or 3 times ("replaced by": after a
/// quarter turn, `c[1]` holds what `c[0]` held).
#[inline]
fn turn_plain(a: &mut [u8], c: &[u16; 4], turns: u8) {
    let [p0, p1, p2, p3] = c.map(|p| p as usize);
    if p3 >= a.len() || p0 >= a.len() || p1 >= a.len() || p2 >= a.len() {
        return;
    }
    match turns {
        1 => {
            let x = a[p3];
            a[p3] = a[p2];
            a[p2] = a[p1];
            a[p1] = a[p0];
            a[p0] = x;
        }
        2 => {
            a.swap(p0, p2);
            a.swap(p1, p3);
        }
        3 => {
            let x = a[p0];
            a[p0] = a[p1];
            a[p1] = a[p2];
            a[p2] = a[p3];
            a[p3] = x;
        }
        _ => {}
    }
}

/// One cycle of oriented pieces (`cubie | orientation << shift`, orientation mod `modulus`).
#[inline]
fn turn_oriented(a: &mut [u8], c: &Cycle, turns: u8, modulus: u8, shift: u8) {
    let mask = (1u8 << shift) - 1;
    for _ in 0..turns {
        let old = c.pos.map(|p| a[p as usize]);
        for i in 0..4 {
            let piece = old[i] & mask;
            let o = ((old[i] >> shift) + c.delta[i]) % modulus;
            a[c.pos[(i + 1) % 4] as usize] = piece | o << shift;
        }
    }
}
