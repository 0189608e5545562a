//! The solver's compact cube: one orientation byte per position, precomputed move tables,
//! and the paper's error function kept up to date move by move (incremental fitness).

use twisty_core::supercube::{coords, group, index, rotate, Supercube};

/// Error scale: the paper's per-cubie score `1 + state/256` times 256, so errors are exact
/// integers (`error = 256 · (f(A)·2|B| + f(B))`).
pub const SCALE: u64 = 256;

/// Move tables of one cube size.
#[derive(Debug, Clone)]
pub struct Tables {
    /// Cube size.
    pub n: usize,
    /// Positions of slice `axis·N + slice`.
    slice_pos: Vec<Vec<u16>>,
    /// For each move code and each index `i` of its slice list, the index its cubie goes to.
    dst: Vec<Vec<u16>>,
    /// Rotation element of each move code.
    rot: Vec<u8>,
    /// Group multiplication.
    mul: [[u8; 24]; 24],
    /// Score of each orientation (0 for identity, 256 + state byte otherwise).
    pub cost: [u32; 24],
    /// `rot_pos[o·N³ + p]`: position `p` rotated about the centre by orientation `o`.
    rot_pos: Vec<u16>,
    /// Coordinates of each position.
    coord: Vec<[u8; 3]>,
    /// Group inverses.
    inv: [u8; 24],
}

/// One position changed by a move sequence: the cubie that ends at `pos` came from `src`
/// and was turned by `rot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    /// Final position.
    pub pos: u16,
    /// Position the cubie started from.
    pub src: u16,
    /// Rotation it underwent.
    pub rot: u8,
}

impl Tables {
    /// Builds the tables of `cube`.
    pub fn new(cube: &Supercube) -> Tables {
        let n = cube.n;
        let g = group();
        let mut slice_pos = Vec::with_capacity(3 * n);
        for axis in 0..3 {
            for s in 0..n {
                slice_pos.push(
                    cube.slice_positions(axis, s)
                        .into_iter()
                        .map(|p| p as u16)
                        .collect::<Vec<_>>(),
                );
            }
        }
        let mut dst = Vec::with_capacity(9 * n);
        let mut rot = Vec::with_capacity(9 * n);
        for code in 0..9 * n {
            let (slice, axis, angle) = (code / 9, (code % 9) / 3, code % 3);
            let r = g.turn[axis][angle];
            let list: &Vec<u16> = &slice_pos[axis * n + slice];
            let m = &g.matrix[r as usize];
            let d: Vec<u16> = list
                .iter()
                .map(|&p| {
                    let q = index(n, rotate(n, m, coords(n, p as usize))) as u16;
                    list.iter().position(|&x| x == q).unwrap_or(0) as u16
                })
                .collect();
            dst.push(d);
            rot.push(r);
        }
        let mut cost = [0u32; 24];
        for o in 1..24 {
            cost[o] = SCALE as u32 + g.state[o] as u32;
        }
        let total = n * n * n;
        let mut rot_pos = Vec::with_capacity(24 * total);
        for o in 0..24 {
            for p in 0..total {
                rot_pos.push(index(n, rotate(n, &g.matrix[o], coords(n, p))) as u16);
            }
        }
        let coord = (0..total).map(|p| coords(n, p).map(|c| c as u8)).collect();
        Tables {
            n,
            slice_pos,
            dst,
            rot,
            mul: g.mul,
            cost,
            rot_pos,
            coord,
            inv: g.inv,
        }
    }

    /// The net effect of `moves` (whatever the state): every position whose cubie changes.
    /// `zero` is scratch of N³ bytes.
    pub fn net_effect(&self, moves: &[u8], zero: &mut [u8], out: &mut Vec<Change>) {
        zero.fill(0);
        for &m in moves {
            self.apply(zero, m);
        }
        out.clear();
        let total = zero.len();
        for (p, &o) in zero.iter().enumerate() {
            if o != 0 {
                let src = self.rot_pos[self.inv[o as usize] as usize * total + p];
                out.push(Change {
                    pos: p as u16,
                    src,
                    rot: o,
                });
            }
        }
    }

    /// The home position of the cubie at `p` with orientation `o` (every move turns a cubie
    /// about the centre, so its position is its orientation applied to its home). A
    /// cubie's home names it: the seed's lists hold cubie objects, not positions.
    #[inline]
    pub fn home(&self, o: u8, p: usize) -> usize {
        self.rot_pos[self.inv[o as usize] as usize * self.coord.len() + p] as usize
    }

    /// Whether position `p` is in the slice of move `code`.
    #[inline]
    fn in_slice(&self, code: u8, p: usize) -> bool {
        let (slice, axis) = (code / 9, (code % 9) / 3);
        self.coord[p][axis as usize] == slice
    }

    /// The error of `cube` after `j · M · j⁻¹` (or `M` alone when `j` is `None`), where
    /// `effect` is M's [`Tables::net_effect`]: only the changed positions are visited.
    /// `home` gives the group by cubie (home position) when A and B are not unions of
    /// clusters (see [`Track::home`]).
    #[allow(clippy::too_many_arguments)]
    pub fn conjugate_error(
        &self,
        cube: &[u8],
        group: &[u8],
        home: Option<&[u8]>,
        (fa, fb, b_len): (i64, i64, usize),
        effect: &[Change],
        j: Option<u8>,
    ) -> u64 {
        let total = cube.len();
        let (mut fa, mut fb) = (fa, fb);
        for ch in effect {
            let (a, b) = (ch.pos as usize, ch.src as usize);
            let (q, r1, c, r3) = match j {
                None => (a, 0u8, b, 0u8),
                Some(j) => {
                    let rj = self.rot[j as usize];
                    let rjinv = self.inv[rj as usize];
                    let (q, r1) = if self.in_slice(j, a) {
                        (self.rot_pos[rjinv as usize * total + a] as usize, rjinv)
                    } else {
                        (a, 0)
                    };
                    let (c, r3) = if self.in_slice(j, b) {
                        (self.rot_pos[rjinv as usize * total + b] as usize, rj)
                    } else {
                        (b, 0)
                    };
                    (q, r1, c, r3)
                }
            };
            let gq = group[q];
            if gq == 0 {
                continue;
            }
            let new = self.mul[r1 as usize]
                [self.mul[ch.rot as usize][self.mul[r3 as usize][cube[c] as usize] as usize] as usize];
            let old = cube[q];
            let (gn, go) = match home {
                None => (gq, gq),
                Some(h) => (h[self.home(new, q)], h[self.home(old, q)]),
            };
            let (cn, co) = (self.cost[new as usize] as i64, self.cost[old as usize] as i64);
            fa += cn * i64::from(gn == 1) - co * i64::from(go == 1);
            fb += cn * i64::from(gn == 2) - co * i64::from(go == 2);
        }
        error(fa, fb, b_len)
    }

    /// Applies move `code` to `cube` (no tracking).
    #[inline]
    pub fn apply(&self, cube: &mut [u8], code: u8) {
        let n = self.n;
        let code = code as usize;
        let list = &self.slice_pos[((code % 9) / 3) * n + code / 9];
        let dst = &self.dst[code];
        let r = self.rot[code] as usize;
        let mut buf = [0u8; 256];
        for (i, &p) in list.iter().enumerate() {
            buf[i] = cube[p as usize];
        }
        for (i, &d) in dst.iter().enumerate() {
            cube[list[d as usize] as usize] = self.mul[r][buf[i] as usize];
        }
    }

    /// Applies move `code` and returns the change in the number of non-identity positions.
    #[inline]
    pub fn apply_counting(&self, cube: &mut [u8], code: u8) -> i64 {
        let n = self.n;
        let code = code as usize;
        let list = &self.slice_pos[((code % 9) / 3) * n + code / 9];
        let dst = &self.dst[code];
        let r = self.rot[code] as usize;
        let mut buf = [0u8; 256];
        for (i, &p) in list.iter().enumerate() {
            buf[i] = cube[p as usize];
        }
        let mut delta = 0i64;
        for (i, &d) in dst.iter().enumerate() {
            let new = self.mul[r][buf[i] as usize];
            delta += i64::from(new != 0) - i64::from(buf[d as usize] != 0);
            cube[list[d as usize] as usize] = new;
        }
        delta
    }

    /// For every slice (`axis·N + slice`), the indices into its position list of the
    /// positions whose `group` is not 0. Tracked positions only ever receive cubies from
    /// tracked positions (the tracked set is a union of clusters), so a move can be applied
    /// to them alone.
    pub fn tracked_indices(&self, group: &[u8]) -> Vec<Vec<u16>> {
        self.slice_pos
            .iter()
            .map(|list| {
                (0..list.len() as u16)
                    .filter(|&i| group[list[i as usize] as usize] != 0)
                    .collect()
            })
            .collect()
    }

    /// Applies move `code` to the tracked positions only (`tracked` from
    /// [`Tables::tracked_indices`]) and updates the running sums of `t`.
    #[inline]
    pub fn apply_tracked(&self, cube: &mut [u8], code: u8, tracked: &[Vec<u16>], t: &mut Track<'_>) {
        let n = self.n;
        let code = code as usize;
        let s = ((code % 9) / 3) * n + code / 9;
        let list = &self.slice_pos[s];
        let dst = &self.dst[code];
        let r = self.rot[code] as usize;
        let idx = &tracked[s];
        let mut buf = [0u8; 256];
        for &i in idx {
            buf[i as usize] = cube[list[i as usize] as usize];
        }
        let (mut fa, mut fb, mut diff) = (t.fa, t.fb, t.diff);
        match t.home {
            None => {
                for &i in idx {
                    let d = dst[i as usize] as usize;
                    let p = list[d] as usize;
                    let old = buf[d];
                    let new = self.mul[r][buf[i as usize] as usize];
                    cube[p] = new;
                    let delta = self.cost[new as usize] as i64 - self.cost[old as usize] as i64;
                    let g = t.group[p];
                    fa += delta * i64::from(g == 1);
                    fb += delta * i64::from(g == 2);
                    let st = t.start[p];
                    diff += i64::from(new != st) - i64::from(old != st);
                }
            }
            Some(h) => {
                for &i in idx {
                    let d = dst[i as usize] as usize;
                    let p = list[d] as usize;
                    let old = buf[d];
                    let new = self.mul[r][buf[i as usize] as usize];
                    cube[p] = new;
                    let (gn, go) = (h[self.home(new, p)], h[self.home(old, p)]);
                    let (cn, co) = (self.cost[new as usize] as i64, self.cost[old as usize] as i64);
                    fa += cn * i64::from(gn == 1) - co * i64::from(go == 1);
                    fb += cn * i64::from(gn == 2) - co * i64::from(go == 2);
                    let st = t.start[p];
                    diff += i64::from(new != st) - i64::from(old != st);
                }
            }
        }
        t.fa = fa;
        t.fb = fb;
        t.diff = diff;
    }
}

/// Running sums of one evaluation.
#[derive(Debug)]
pub struct Track<'a> {
    /// Group of each position (0 untracked, 1 = A, 2 = B).
    pub group: &'a [u8],
    /// When set, the group of each cubie by its home position (1 = A, 2 = B), used instead
    /// of `group`'s values: the seed splits its list of cubies at `len − |cluster of the
    /// active cubie|`, which is not a cluster boundary when the active cubie's cluster is not
    /// the last one added and has another size (odd N: 12 edge middles beside 24 centres of
    /// the same distance). `group` then only marks which positions are tracked.
    pub home: Option<&'a [u8]>,
    /// The state the evaluation started from.
    pub start: &'a [u8],
    /// Score of group A.
    pub fa: i64,
    /// Score of group B.
    pub fb: i64,
    /// Number of tracked positions that differ from `start`.
    pub diff: i64,
}

/// The paper's error `f(A)·2|B| + f(B)` (scaled by [`SCALE`]).
#[inline]
pub fn error(fa: i64, fb: i64, b_len: usize) -> u64 {
    (fa as u64) * 2 * b_len as u64 + fb as u64
}

/// Scores of groups A and B of `cube`.
pub fn scores(t: &Tables, cube: &[u8], group: &[u8]) -> (i64, i64) {
    scores_split(t, cube, group, None)
}

/// Scores of groups A and B of `cube`, the groups by position or (when `home` is given)
/// by cubie, as [`Track::home`] says.
pub fn scores_split(t: &Tables, cube: &[u8], group: &[u8], home: Option<&[u8]>) -> (i64, i64) {
    let (mut fa, mut fb) = (0i64, 0i64);
    for (p, &gr) in group.iter().enumerate() {
        let gr = match (gr, home) {
            (0, _) => 0,
            (_, Some(h)) => h[t.home(cube[p], p)],
            (g, None) => g,
        };
        match gr {
            1 => fa += t.cost[cube[p] as usize] as i64,
            2 => fb += t.cost[cube[p] as usize] as i64,
            _ => {}
        }
    }
    (fa, fb)
}
