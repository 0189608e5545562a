//! Phase 2: the ten cubies of D ∪ DB ∪ DBR, solved with moves of those three faces by IDA*
//! with two exact pruning tables (permutation: 10! entries; twists: 3⁹ entries).

use twisty_core::kilominx::{KiloMove, KiloState, Kilominx, FACE_NAMES};
use twisty_core::Puzzle;

/// Number of cubies phase 2 moves.
const N: usize = 10;
const FACTS: [usize; N] = [362_880, 40_320, 5_040, 720, 120, 24, 6, 2, 1, 1];
const PERMS: usize = 3_628_800;
const TWISTS: usize = 19_683;

/// Phase-2 solver of the Kilominx: IDA* in ⟨D, DB, DBR⟩.
#[derive(Debug)]
pub struct Phase2 {
    /// The twelve moves of D, DB and DBR.
    moves: [KiloMove; 12],
    /// The ten positions those faces move, in increasing order.
    positions: [u8; N],
    /// Per move: local destination ← local source and twist added.
    src: [[u8; N]; 12],
    add: [[u8; N]; 12],
    perm_dist: Vec<u8>,
    twist_dist: Vec<u8>,
}

fn perm_rank(p: &[u8; N]) -> usize {
    let mut r = 0;
    for i in 0..N {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r += smaller * FACTS[i];
    }
    r
}

fn perm_unrank(mut r: usize) -> [u8; N] {
    let mut left: Vec<u8> = (0..N as u8).collect();
    let mut p = [0u8; N];
    for i in 0..N {
        let d = r / FACTS[i];
        r %= FACTS[i];
        p[i] = left.remove(d);
    }
    p
}

fn twist_rank(t: &[u8; N]) -> usize {
    t[..N - 1].iter().fold(0, |acc, &x| acc * 3 + x as usize)
}

fn twist_unrank(mut r: usize) -> [u8; N] {
    let mut t = [0u8; N];
    let mut sum = 0;
    for i in (0..N - 1).rev() {
        t[i] = (r % 3) as u8;
        sum += t[i];
        r /= 3;
    }
    t[N - 1] = (3 - sum % 3) % 3;
    t
}

fn bfs(size: usize, start: usize, next: impl Fn(usize, usize) -> usize) -> Vec<u8> {
    let mut dist = vec![u8::MAX; size];
    dist[start] = 0;
    let mut frontier = vec![start];
    let mut d = 0u8;
    while !frontier.is_empty() {
        let mut nf = Vec::new();
        for &x in &frontier {
            for m in 0..12 {
                let y = next(x, m);
                if dist[y] == u8::MAX {
                    dist[y] = d + 1;
                    nf.push(y);
                }
            }
        }
        frontier = nf;
        d += 1;
    }
    dist
}

impl Default for Phase2 {
    fn default() -> Self {
        Self::new()
    }
}

impl Phase2 {
    /// Builds the move and pruning tables (about a second).
    pub fn new() -> Phase2 {
        let k = Kilominx;
        let mut moves = [KiloMove::new(0, 0).unwrap_or_else(|| unreachable!()); 12];
        let mut i = 0;
        for name in ["D", "DB", "DBR"] {
            let face = FACE_NAMES.iter().position(|n| *n == name).unwrap_or(0) as u8;
            for s in 0..4 {
                if let Some(m) = KiloMove::new(face, s) {
                    moves[i] = m;
                }
                i += 1;
            }
        }
        let mut touched = [false; 20];
        let after: Vec<KiloState> = moves
            .iter()
            .map(|&m| {
                let mut s = KiloState::SOLVED;
                k.apply(&mut s, m);
                s
            })
            .collect();
        for s in &after {
            for (p, t) in touched.iter_mut().enumerate() {
                *t |= s.cubie(p) as usize != p || s.twist(p) != 0;
            }
        }
        let mut positions = [0u8; N];
        let mut local = [u8::MAX; 20];
        let mut n = 0;
        for p in 0..20 {
            if touched[p] && n < N {
                positions[n] = p as u8;
                local[p] = n as u8;
                n += 1;
            }
        }
        let mut src = [[0u8; N]; 12];
        let mut add = [[0u8; N]; 12];
        for (m, s) in after.iter().enumerate() {
            for i in 0..N {
                let p = positions[i] as usize;
                src[m][i] = local[s.cubie(p) as usize];
                add[m][i] = s.twist(p);
            }
        }
        let perm_dist = bfs(PERMS, 0, |x, m| {
            let p = perm_unrank(x);
            let q: [u8; N] = std::array::from_fn(|i| p[src[m][i] as usize]);
            perm_rank(&q)
        });
        let twist_dist = bfs(TWISTS, 0, |x, m| {
            let t = twist_unrank(x);
            let u: [u8; N] = std::array::from_fn(|i| (t[src[m][i] as usize] + add[m][i]) % 3);
            twist_rank(&u)
        });
        Phase2 {
            moves,
            positions,
            src,
            add,
            perm_dist,
            twist_dist,
        }
    }

    /// The ten positions phase 2 moves.
    pub fn positions(&self) -> [u8; N] {
        self.positions
    }

    /// Whether `state` is in the phase-2 subgroup (every other cubie solved).
    pub fn in_subgroup(&self, state: &KiloState) -> bool {
        (0..20).all(|p| {
            self.positions.contains(&(p as u8)) || (state.cubie(p) as usize == p && state.twist(p) == 0)
        })
    }

    /// An optimal solution within ⟨D, DB, DBR⟩ of at most `max_depth` moves, or `None`
    /// (also when the state is not in the subgroup).
    pub fn solve(&self, state: &KiloState, max_depth: u8) -> Option<Vec<KiloMove>> {
        if !self.in_subgroup(state) {
            return None;
        }
        let mut local = [u8::MAX; 20];
        for (i, &p) in self.positions.iter().enumerate() {
            local[p as usize] = i as u8;
        }
        let perm: [u8; N] = std::array::from_fn(|i| local[state.cubie(self.positions[i] as usize) as usize]);
        let twist: [u8; N] = std::array::from_fn(|i| state.twist(self.positions[i] as usize));
        let mut path = Vec::new();
        for bound in 0..=max_depth {
            if self.search(&perm, &twist, bound, 12, &mut path) {
                return Some(path.iter().map(|&m| self.moves[m]).collect());
            }
        }
        None
    }

    fn search(
        &self,
        perm: &[u8; N],
        twist: &[u8; N],
        bound: u8,
        last_face: usize,
        path: &mut Vec<usize>,
    ) -> bool {
        let h = self.perm_dist[perm_rank(perm)].max(self.twist_dist[twist_rank(twist)]);
        if h == 0 {
            return true;
        }
        if h > bound {
            return false;
        }
        for m in 0..12 {
            if m / 4 == last_face {
                continue;
            }
            let p: [u8; N] = std::array::from_fn(|i| perm[self.src[m][i] as usize]);
            let t: [u8; N] = std::array::from_fn(|i| (twist[self.src[m][i] as usize] + self.add[m][i]) % 3);
            path.push(m);
            if self.search(&p, &t, bound - 1, m / 4, path) {
                return true;
            }
            path.pop();
        }
        false
    }
}
