//! The packed layout and the operations on transformations and states.
//!
//! A state (or a transformation, which is the state it makes from the identity) is a byte
//! string: for each orbit in order, `pieces` permutation bytes (slot `i` holds the piece
//! whose home is slot `p[i]`) then `pieces` orientation bytes (`o[i]`, the twist of the
//! piece in slot `i`, `0 ≤ o[i] < orientations`). Applying a transformation `t` to `s`
//! gives `s'.p[i] = s.p[t.p[i]]` and `s'.o[i] = (s.o[t.p[i]] + t.o[i]) mod orientations`.

/// One orbit's place in the packed state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrbitLayout {
    /// Byte offset of the orbit's permutation bytes; its orientation bytes follow them.
    pub offset: usize,
    /// Number of pieces.
    pub pieces: usize,
    /// Number of orientations (1: the pieces have none).
    pub orientations: u8,
}

/// The packed layout of a definition's states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// The orbits, in order.
    pub orbits: Vec<OrbitLayout>,
    /// Total bytes of a state.
    pub len: usize,
}

impl Layout {
    /// The layout of orbits of these sizes (`(pieces, orientations)`).
    pub fn new(sizes: impl IntoIterator<Item = (usize, u8)>) -> Layout {
        let mut orbits = Vec::new();
        let mut len = 0;
        for (pieces, orientations) in sizes {
            orbits.push(OrbitLayout {
                offset: len,
                pieces,
                orientations,
            });
            len += 2 * pieces;
        }
        Layout { orbits, len }
    }

    /// The identity: every piece home, no twist.
    pub fn identity(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.len];
        for o in &self.orbits {
            for k in 0..o.pieces {
                out[o.offset + k] = k as u8;
            }
        }
        out
    }

    /// `out = a` then `b` (apply `a`, then `b`). `out` must not alias `a` or `b`.
    #[inline]
    pub fn compose_into(&self, a: &[u8], b: &[u8], out: &mut [u8]) {
        for o in &self.orbits {
            let (off, n) = (o.offset, o.pieces);
            let bp = &b[off..off + n];
            let ap = &a[off..off + n];
            let dp = &mut out[off..off + n];
            for i in 0..n {
                dp[i] = ap[bp[i] as usize];
            }
            if o.orientations == 1 {
                out[off + n..off + 2 * n].fill(0);
                continue;
            }
            let m = o.orientations;
            let ao = &a[off + n..off + 2 * n];
            let bo = &b[off + n..off + 2 * n];
            let dout = &mut out[off + n..off + 2 * n];
            for i in 0..n {
                let v = ao[bp[i] as usize] + bo[i];
                dout[i] = if v >= m { v - m } else { v };
            }
        }
    }

    /// `a` then `b`, as a new vector.
    pub fn compose(&self, a: &[u8], b: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.len];
        self.compose_into(a, b, &mut out);
        out
    }

    /// The inverse of `a`.
    pub fn invert(&self, a: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; self.len];
        for o in &self.orbits {
            let (off, n, m) = (o.offset, o.pieces, o.orientations);
            for i in 0..n {
                let j = a[off + i] as usize;
                out[off + j] = i as u8;
                let t = a[off + n + i];
                out[off + n + j] = if t == 0 { 0 } else { m - t };
            }
        }
        out
    }

    /// `a` repeated `k` times.
    pub fn power(&self, a: &[u8], k: usize) -> Vec<u8> {
        let mut out = self.identity();
        for _ in 0..k {
            out = self.compose(&out, a);
        }
        out
    }

    /// The order of `a` (the least `k ≥ 1` with `a^k` the identity), or `None` above `max`.
    pub fn order(&self, a: &[u8], max: usize) -> Option<usize> {
        let id = self.identity();
        let mut p = a.to_vec();
        for k in 1..=max {
            if p == id {
                return Some(k);
            }
            p = self.compose(&p, a);
        }
        None
    }
}
