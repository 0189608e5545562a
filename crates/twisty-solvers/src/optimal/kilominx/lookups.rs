//! The loaded databases and their lookups, compiled for the search: indices through the
//! symmetries, the exact distances carried for the mod-3 tables, and the pruning test.

use super::config::{LookupSpec, MAX_CARRIED};
use super::pattern::{self, Pattern};
use super::search::{self, Bound, Node};
use super::symmetry::Rotation;
use twisty_search::packed::Nibbles;
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

/// A pattern with its loaded table.
#[derive(Debug)]
pub struct Pdb {
    /// The pattern.
    pub pattern: Pattern,
    /// Bits per entry: 4 (distances) or 2 (distances mod 3).
    pub bits: u32,
    table: Table,
    /// How the table was obtained.
    pub origin: Origin,
}

impl Pdb {
    /// Loads or builds the database of `pattern`.
    pub fn new(cache: &TableCache, pattern: Pattern, progress: bool) -> Result<Pdb, TableError> {
        let (table, origin) = cache.get_or_build(&pattern.spec(), || pattern.build(progress))?;
        // The face tables (162 MiB each) are read at random too: huge pages as for the big
        // ones (BENCHMARKS.md); the small sparse tables stay as they are.
        let table = if table.bytes().len() < 32 << 20
            || std::env::var_os("TWISTY_NO_HUGE_PAGES").is_some()
            || origin != Origin::Loaded
        {
            table
        } else {
            table.into_huge_pages()
        };
        Ok(Pdb {
            pattern,
            bits: 4,
            table,
            origin,
        })
    }

    /// Loads or builds the 2-bit (distance mod 3) database of `pattern`.
    pub fn new_mod3(cache: &TableCache, pattern: Pattern, progress: bool) -> Result<Pdb, TableError> {
        let spec = pattern.spec_mod3();
        // A build error (impossible for a valid pattern) leaves no data, which the cache
        // reports as a failed build.
        let (table, origin) =
            cache.get_or_build(&spec, || pattern.build_mod3(progress).unwrap_or_default())?;
        // Random reads all over 3.3 GiB: huge pages save most TLB misses. A table just built
        // is kept as it is (copying it would hold two copies at once).
        let table = if std::env::var_os("TWISTY_NO_HUGE_PAGES").is_some() || origin != Origin::Loaded {
            table
        } else {
            table.into_huge_pages()
        };
        Ok(Pdb {
            pattern,
            bits: 2,
            table,
            origin,
        })
    }

    /// The spec of its table.
    pub fn spec(&self) -> TableSpec {
        if self.bits == 2 {
            self.pattern.spec_mod3()
        } else {
            self.pattern.spec()
        }
    }

    /// The 2-bit entry at `i` (for a mod-3 database).
    #[inline(always)]
    pub fn get2(&self, i: u64) -> u8 {
        match self.table.bytes().get((i >> 2) as usize) {
            Some(b) => (b >> ((i & 3) * 2)) & 3,
            None => 3,
        }
    }

    /// The entry at `i`.
    #[inline(always)]
    pub fn get(&self, i: u64) -> u32 {
        Nibbles(self.table.bytes()).get(i) as u32
    }

    /// The lower bound this database gives for the node's state (or its inverse), without
    /// rotation.
    pub fn lookup(&self, node: &Node, inverse: bool) -> u32 {
        let spec = LookupSpec {
            pattern: 0,
            inverse,
            power: 0,
        };
        let l = Compiled::new(&self.pattern, 0, spec, &Rotation::identity());
        self.get(l.index(node, &self.pattern))
    }
}

/// A lookup ready for the search: which cubies to read, through which rotation table.
#[derive(Debug, Clone)]
pub(super) struct Compiled {
    pdb: usize,
    inverse: bool,
    k: usize,
    /// The cubie (1..20) whose place gives tracked cubie i after the rotation.
    src: [u8; pattern::MAX_K],
    /// Twist correction −δ(src) per cubie.
    adj: [u8; pattern::MAX_K],
    /// `rot[b]`: rotated `position | twist << 5` (twist before the correction).
    rot: [u8; 96],
    /// For an inverse lookup, the free positions (bit `p − 1`) it reads.
    reads_fixed: u32,
}

impl Compiled {
    /// `r` is the automorphism U applied before reading pattern `p`: the lookup gives
    /// d_P(U s), which is d_{ρ^j P}(s) for U = ρ^{-j}.
    fn new(p: &Pattern, pdb: usize, l: LookupSpec, r: &Rotation) -> Compiled {
        let k = p.k();
        let mut src = [0u8; pattern::MAX_K];
        let mut adj = [0u8; pattern::MAX_K];
        for (i, &c) in p.cubies.iter().enumerate() {
            let from = (1..20u8).find(|&x| r.cubie(x) == c).unwrap_or(c);
            src[i] = from;
            adj[i] = (3 - r.delta[from as usize - 1]) % 3;
        }
        let mut rot = [0u8; 96];
        for q in 0..pattern::N {
            for t in 0..3u8 {
                rot[q | (t as usize) << 5] = r.rho[q] | r.twist(q, t) << 5;
            }
        }
        let reads_fixed = src[..k].iter().fold(0u32, |a, &c| a | 1 << (c - 1));
        Compiled {
            pdb,
            inverse: l.inverse,
            k,
            src,
            adj,
            rot,
            reads_fixed,
        }
    }

    /// The free positions (bit `p − 1`) whose cubie and twist the lookup reads in `node`: a
    /// move that moves none of them leaves the lookup's value unchanged.
    #[inline(always)]
    fn reads(&self, node: &Node) -> u32 {
        if self.inverse {
            self.reads_fixed
        } else {
            self.src[..self.k]
                .iter()
                .fold(0u32, |a, &c| a | 1 << (node.w[c as usize] & 31))
        }
    }

    #[inline(always)]
    fn index(&self, node: &Node, p: &Pattern) -> u64 {
        let (mut pos, mut tw) = ([0u8; pattern::MAX_K], [0u8; pattern::MAX_K]);
        for j in 0..self.k {
            let c = self.src[j] as usize;
            let b = if self.inverse {
                (node.s.cubie(c) - 1) | search::inverse_twist(node.s.twist(c)) << 5
            } else {
                node.w[c]
            };
            let r = self.rot[b as usize];
            pos[j] = r & 31;
            tw[j] = ((r >> 5) + self.adj[j]) % 3;
        }
        p.index0(&pos[..self.k], &tw[..self.k])
    }
}

/// The symmetry U a lookup applies before reading its table so that it gives the distance of
/// the cubie set `syms[power](P)`: `d_P(U s) = d_{U⁻¹ P}(s)`, so U is ρ^−j for the rotations
/// (powers 0..3) and the reflection itself for powers 3..6 (each its own inverse).
fn reader(syms: &[Rotation; 6], power: u8) -> &Rotation {
    match power {
        0..3 => &syms[((3 - power) % 3) as usize],
        _ => &syms[(power as usize).min(5)],
    }
}

/// The databases of a heuristic and the order they are looked up.
#[derive(Debug)]
pub struct Lookups {
    pub(super) pdbs: Vec<Pdb>,
    pub(super) order: Vec<Compiled>,
    /// The mod-3 databases.
    pub(super) m3: Vec<Pdb>,
    /// Their lookups (at most [`MAX_CARRIED`], `pdb` indexing `m3`), looked up first; the
    /// node carries the exact value of lookup `j` in `h[j]`.
    pub(super) m3_order: Vec<Compiled>,
    /// `touch[p]`: the moves (bit per move) that move the cubie at free position `p` or
    /// change its twist.
    pub(super) touch: [u64; pattern::N],
    /// Inverse lookups of the mod-3 tables, each with the lookup of a face table whose cubies
    /// lie inside the 6-cubie set (same symmetry): the face value is a lower bound of the
    /// 6-cubie distance, and the smallest value at least that with the right residue mod 3
    /// is one too.
    /// The face lookup's `pdb` indexes [`Lookups::pdbs`], the other's [`Lookups::m3`].
    pub(super) inv: Vec<(Compiled, Compiled)>,
}

impl Lookups {
    pub(super) fn new(pdbs: Vec<Pdb>, specs: &[LookupSpec], m3: Vec<(Pdb, Vec<u8>)>) -> Lookups {
        let syms = Rotation::symmetries().unwrap_or_else(|| std::array::from_fn(|_| Rotation::identity()));
        let m3_order: Vec<Compiled> = m3
            .iter()
            .enumerate()
            .flat_map(|(t, (pdb, pw))| pw.iter().take(6).map(move |&j| (t, &pdb.pattern, j)))
            .take(MAX_CARRIED)
            .map(|(t, pattern, j)| {
                let l = LookupSpec {
                    pattern: t,
                    inverse: false,
                    power: j,
                };
                Compiled::new(pattern, t, l, reader(&syms, j))
            })
            .collect();
        let m3 = m3.into_iter().map(|(pdb, _)| pdb).collect();
        let order = specs
            .iter()
            .map(|l| Compiled::new(&pdbs[l.pattern].pattern, l.pattern, *l, reader(&syms, l.power)))
            .collect();
        let maps = pattern::move_maps();
        let mut touch = [0u64; pattern::N];
        for (p, t) in touch.iter_mut().enumerate() {
            for m in 0..48 {
                if usize::from(maps.dest[m][p]) != p || maps.add[m][p] != 0 {
                    *t |= 1 << m;
                }
            }
        }
        Lookups {
            pdbs,
            order,
            m3,
            m3_order,
            touch,
            inv: Vec::new(),
        }
    }

    /// Adds the inverse lookups of the mod-3 tables: `faces[t]` indexes the pattern in
    /// [`Lookups::pdbs`] whose cubies lie inside mod-3 table `t`'s set; `powers[t]` the
    /// symmetries that table is read through. The two tables' lookups alternate.
    pub(super) fn with_inverse(mut self, faces: &[usize], powers: &[Vec<u8>]) -> Lookups {
        let syms = Rotation::symmetries().unwrap_or_else(|| std::array::from_fn(|_| Rotation::identity()));
        let per_table: Vec<Vec<(Compiled, Compiled)>> = faces
            .iter()
            .zip(powers)
            .enumerate()
            .map(|(t, (&f, pw))| {
                pw.iter()
                    .map(|&j| {
                        let l = LookupSpec {
                            pattern: f,
                            inverse: true,
                            power: j,
                        };
                        let face = Compiled::new(&self.pdbs[f].pattern, f, l, reader(&syms, j));
                        let m = Compiled::new(&self.m3[t].pattern, t, l, reader(&syms, j));
                        (face, m)
                    })
                    .collect()
            })
            .collect();
        let longest = per_table.iter().map(Vec::len).max().unwrap_or(0);
        self.inv = (0..longest)
            .flat_map(|i| per_table.iter().filter_map(move |v| v.get(i).cloned()))
            .collect();
        self
    }

    /// The value of inverse lookup `i`.
    #[inline(always)]
    pub(super) fn inv_value(&self, i: usize, node: &Node) -> u32 {
        let (f, m) = &self.inv[i];
        let fp = &self.pdbs[f.pdb];
        let mp = &self.m3[m.pdb];
        Self::lift(
            fp.get(f.index(node, &fp.pattern)),
            mp.get2(m.index(node, &mp.pattern)),
        )
    }

    /// The smallest value at least `f` that is `m` mod 3.
    #[inline(always)]
    pub(super) fn lift(f: u32, m: u8) -> u32 {
        if m == 3 {
            f
        } else {
            f + (u32::from(m) + 3 - f % 3) % 3
        }
    }

    /// The moves that leave every one of `positions` (bit `p`) alone.
    #[inline(always)]
    fn untouched(&self, positions: u32) -> u64 {
        let mut touched = 0u64;
        let mut p = positions;
        while p != 0 {
            touched |= self.touch[p.trailing_zeros() as usize];
            p &= p - 1;
        }
        !touched & ((1 << 48) - 1)
    }

    /// The exact distance a mod-3 lookup gives: walk toward the goal, each step to a
    /// neighbour whose entry is one less mod 3 (one always exists off the goal).
    fn exact(pdb: &Pdb, l: &Compiled, node: &Node) -> u8 {
        let solved = pdb.pattern.solved_index();
        let mut cur = *node;
        let mut d = 0u8;
        // No pattern is 64 moves deep; the cap only guards against a damaged table.
        while d < 64 {
            let i = l.index(&cur, &pdb.pattern);
            let v = pdb.get2(i);
            if i == solved || v == 3 {
                break;
            }
            let want = (v + 2) % 3;
            match (0..48)
                .map(|m| cur.apply(m))
                .find(|c| pdb.get2(l.index(c, &pdb.pattern)) == want)
            {
                Some(c) => {
                    cur = c;
                    d += 1;
                }
                None => break,
            }
        }
        d
    }

    /// The exact value of a child from its parent's `e` and its entry `v` (mod 3).
    #[inline(always)]
    fn step(e: u8, v: u8) -> u8 {
        match (v + 3 - e % 3) % 3 {
            _ if v == 3 => e,
            0 => e,
            1 => e + 1,
            _ => e.saturating_sub(1),
        }
    }

    #[inline(always)]
    fn carried(&self, node: &Node) -> u32 {
        node.h[..self.m3_order.len()].iter().copied().max().unwrap_or(0) as u32
    }

    /// The table indices of stage `st` of [`Bound::filter`] for the `alive` kids (by kid;
    /// an inverse stage reads two tables, the face table's indices in `out[0]`), their reads
    /// started when `prefetch`.
    #[inline(always)]
    fn stage_indices(
        &self,
        st: usize,
        kids: &[Node],
        alive: &[u8],
        out: &mut [[u64; 48]; 2],
        prefetch: bool,
    ) {
        let m3 = self.m3_order.len();
        let no = self.order.len();
        if st >= m3 + no {
            let (f, m) = &self.inv[st - m3 - no];
            let fp = &self.pdbs[f.pdb];
            let mp = &self.m3[m.pdb];
            for &k in alive {
                out[0][k as usize] = f.index(&kids[k as usize], &fp.pattern);
                out[1][k as usize] = m.index(&kids[k as usize], &mp.pattern);
            }
            if prefetch {
                for &k in alive {
                    twisty_search::prefetch::prefetch(mp.table.bytes(), (out[1][k as usize] / 4) as usize);
                    twisty_search::prefetch::prefetch(fp.table.bytes(), (out[0][k as usize] / 2) as usize);
                }
            }
            return;
        }
        let (l, pdb, per_byte) = if st < m3 {
            let l = &self.m3_order[st];
            (l, &self.m3[l.pdb], 4)
        } else {
            let l = &self.order[st - m3];
            (l, &self.pdbs[l.pdb], 2)
        };
        for &k in alive {
            out[0][k as usize] = l.index(&kids[k as usize], &pdb.pattern);
        }
        if prefetch {
            let bytes = pdb.table.bytes();
            for &k in alive {
                twisty_search::prefetch::prefetch(bytes, (out[0][k as usize] / per_byte) as usize);
            }
        }
    }

    #[inline(always)]
    pub(super) fn value(&self, l: &Compiled, node: &Node) -> u32 {
        let pdb = &self.pdbs[l.pdb];
        pdb.get(l.index(node, &pdb.pattern))
    }
}

impl Bound for Lookups {
    #[inline]
    fn prunes(&self, node: &Node, remaining: u32) -> bool {
        self.carried(node) > remaining
            || self.order.iter().any(|l| self.value(l, node) > remaining)
            || (0..self.inv.len()).any(|i| self.inv_value(i, node) > remaining)
    }

    fn init(&self, node: &mut Node) {
        for (j, l) in self.m3_order.iter().enumerate() {
            node.h[j] = Self::exact(&self.m3[l.pdb], l, node);
        }
    }

    #[inline]
    fn derive(&self, parent: &Node, kid: &mut Node) {
        for (j, l) in self.m3_order.iter().enumerate() {
            let pdb = &self.m3[l.pdb];
            kid.h[j] = Self::step(parent.h[j], pdb.get2(l.index(kid, &pdb.pattern)));
        }
    }

    fn skipped_moves(&self, node: &Node, remaining: u32) -> u64 {
        let mut skip = 0u64;
        for (j, l) in self.m3_order.iter().enumerate() {
            if u32::from(node.h[j]) >= remaining {
                skip |= self.untouched(l.reads(node));
            }
        }
        let mut t = node.tight;
        while t != 0 {
            skip |= self.untouched(self.order[t.trailing_zeros() as usize].reads(node));
            t &= t - 1;
        }
        let mut t = node.inv_tight;
        while t != 0 {
            skip |= self.untouched(self.inv[t.trailing_zeros() as usize].1.reads_fixed);
            t &= t - 1;
        }
        skip
    }

    fn filter(&self, parent: &Node, kids: &mut [Node], alive: &mut Vec<u8>, remaining: u32, prefetch: bool) {
        // Stage `j < m3` is mod-3 lookup `j`, then the other lookups in order, then the
        // inverse ones. Each stage's indices are computed and their reads started (back to
        // back, so that the address translations overlap) before the previous stage's values
        // are read: the next stage's memory latency hides behind this one's.
        let m3 = self.m3_order.len();
        let no = self.order.len();
        let stages = m3 + no + self.inv.len();
        let mut cur = [[0u64; 48]; 2];
        let mut next = [[0u64; 48]; 2];
        if stages == 0 {
            return;
        }
        self.stage_indices(0, kids, alive, &mut cur, prefetch);
        for st in 0..stages {
            if st + 1 < stages {
                self.stage_indices(st + 1, kids, alive, &mut next, prefetch);
            }
            let mut w = 0;
            if st < m3 {
                let pdb = &self.m3[self.m3_order[st].pdb];
                for a in 0..alive.len() {
                    let k = alive[a] as usize;
                    let e = Self::step(parent.h[st], pdb.get2(cur[0][k]));
                    kids[k].h[st] = e;
                    if e as u32 <= remaining {
                        alive[w] = alive[a];
                        w += 1;
                    }
                }
            } else if st < m3 + no {
                let li = st - m3;
                let pdb = &self.pdbs[self.order[li].pdb];
                let bit = if li < 32 { 1u32 << li } else { 0 };
                for a in 0..alive.len() {
                    let k = alive[a] as usize;
                    let v = pdb.get(cur[0][k]);
                    if v <= remaining {
                        if v == remaining {
                            kids[k].tight |= bit;
                        }
                        alive[w] = alive[a];
                        w += 1;
                    }
                }
            } else {
                let i = st - m3 - no;
                let (f, m) = &self.inv[i];
                let fp = &self.pdbs[f.pdb];
                let mp = &self.m3[m.pdb];
                for a in 0..alive.len() {
                    let k = alive[a] as usize;
                    let v = Self::lift(fp.get(cur[0][k]), mp.get2(cur[1][k]));
                    if v <= remaining {
                        if v == remaining && i < 16 {
                            kids[k].inv_tight |= 1 << i;
                        }
                        alive[w] = alive[a];
                        w += 1;
                    }
                }
            }
            alive.truncate(w);
            if w == 0 {
                return;
            }
            std::mem::swap(&mut cur, &mut next);
        }
    }

    fn estimate(&self, node: &Node, cap: u32) -> u32 {
        let mut h = self.carried(node);
        for l in &self.order {
            h = h.max(self.value(l, node));
            if h > cap {
                break;
            }
        }
        for i in 0..self.inv.len() {
            if h > cap {
                break;
            }
            h = h.max(self.inv_value(i, node));
        }
        h
    }
}
