//! The group a definition's moves generate: a stabiliser chain (Schreier–Sims) on the
//! points the pieces move through, its exact order, and uniformly random elements.
//!
//! The moves act on *points* `(slot, orientation)`: a move sends the piece in slot `t.p[i]`
//! with orientation `x` to slot `i` with orientation `x + t.o[i]`. [`Action`] lays out
//! the points in blocks, one per orbit and orientation modulus `d` (`slots × d` points),
//! so that the same machinery counts the group on every orientation (`d` = the orbit's
//! orientation count: a faithful action) and the states as a solved pattern sees them
//! (`d` = the pieces' moduli, 1 for a `?` orientation). [`StabChain::new`] runs the
//! deterministic Schreier–Sims algorithm with an optional prescribed start of the base;
//! the order is the product of the fundamental orbits' lengths, and a uniform element is a
//! product of uniform coset representatives, one per level.

use super::error::DefError;
use super::DefPuzzle;
use num_bigint::BigUint;
use rand::Rng;

/// A permutation of the points, as the image of each point.
pub type Perm = Vec<u16>;

/// Most points an action may have (a point is 16 bits).
pub const MAX_POINTS: usize = 65_535;
/// Most bytes the chain's coset representatives may take.
pub const MAX_CHAIN_BYTES: usize = 512 << 20;

/// One block of points: the slots of an orbit with orientations counted modulo `d`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// Index of the orbit.
    pub orbit: usize,
    /// The orientation modulus of the block.
    pub d: u8,
    /// First point of the block; point `(slot, x)` is `start + slot·d + x`.
    pub start: usize,
}

/// How transformations act on points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    /// The blocks.
    pub blocks: Vec<Block>,
    /// Number of points.
    pub degree: usize,
}

impl Action {
    /// The action on blocks `(orbit, d)` in this order.
    pub fn new(
        blocks: impl IntoIterator<Item = (usize, u8)>,
        puzzle: &DefPuzzle,
    ) -> Result<Action, DefError> {
        let mut out = Vec::new();
        let mut degree = 0;
        for (orbit, d) in blocks {
            let n = puzzle.layout.orbits[orbit].pieces;
            out.push(Block {
                orbit,
                d,
                start: degree,
            });
            degree += n * d as usize;
        }
        if degree > MAX_POINTS {
            return Err(DefError::global(format!(
                "the pieces move through {degree} points, over the limit of {MAX_POINTS} for the stabiliser chain"
            )));
        }
        Ok(Action { blocks: out, degree })
    }

    /// A bare action on `degree` points, for permutations made elsewhere (no blocks: the
    /// definition conversions [`Action::perm_of`] and [`Action::transform_of`] do nothing).
    pub fn plain(degree: usize) -> Action {
        Action {
            blocks: Vec::new(),
            degree,
        }
    }

    /// The faithful action: every orbit with all its orientations.
    pub fn faithful(puzzle: &DefPuzzle) -> Result<Action, DefError> {
        Action::new(
            puzzle
                .layout
                .orbits
                .iter()
                .enumerate()
                .map(|(i, o)| (i, o.orientations)),
            puzzle,
        )
    }

    /// The point of `(slot, x)` in block `b`.
    pub fn point(&self, b: usize, slot: usize, x: u8) -> usize {
        let blk = self.blocks[b];
        blk.start + slot * blk.d as usize + x as usize
    }

    /// The permutation a transformation makes.
    pub fn perm_of(&self, puzzle: &DefPuzzle, t: &[u8]) -> Perm {
        let mut img = vec![0u16; self.degree];
        for blk in &self.blocks {
            let o = puzzle.layout.orbits[blk.orbit];
            let (off, n, d) = (o.offset, o.pieces, blk.d as usize);
            for i in 0..n {
                let j = t[off + i] as usize;
                let dx = t[off + n + i] as usize;
                for x in 0..d {
                    img[blk.start + j * d + x] = (blk.start + i * d + (x + dx) % d) as u16;
                }
            }
        }
        img
    }

    /// The transformation of a permutation of a faithful action (every orbit must have a
    /// block with all its orientations).
    pub fn transform_of(&self, puzzle: &DefPuzzle, p: &[u16]) -> Vec<u8> {
        let mut t = puzzle.identity.clone();
        for blk in &self.blocks {
            let o = puzzle.layout.orbits[blk.orbit];
            if blk.d != o.orientations {
                continue;
            }
            let (off, n, d) = (o.offset, o.pieces, blk.d as usize);
            for j in 0..n {
                let q = p[blk.start + j * d] as usize - blk.start;
                let (i, x) = (q / d, q % d);
                t[off + i] = j as u8;
                t[off + n + i] = x as u8;
            }
        }
        t
    }
}

/// `a` then `b`.
fn mul(a: &[u16], b: &[u16]) -> Perm {
    a.iter().map(|&x| b[x as usize]).collect()
}

fn inv(a: &[u16]) -> Perm {
    let mut out = vec![0u16; a.len()];
    for (i, &x) in a.iter().enumerate() {
        out[x as usize] = i as u16;
    }
    out
}

fn is_identity(a: &[u16]) -> bool {
    a.iter().enumerate().all(|(i, &x)| i == x as usize)
}

#[derive(Debug, Clone)]
struct Level {
    base: usize,
    /// Indices into `StabChain::gens` of the strong generators fixing the earlier base points.
    gens: Vec<usize>,
    /// The fundamental orbit, in discovery order.
    orbit: Vec<u16>,
    /// Per point: its position in `orbit`, or `u32::MAX`.
    index: Vec<u32>,
    /// Per orbit position: a representative mapping the base point there, and its inverse.
    reps: Vec<(Perm, Perm)>,
    /// Per orbit position: how many of `gens` have been checked for Schreier generators.
    checked: Vec<usize>,
}

impl Level {
    fn new(base: usize, degree: usize) -> Level {
        let id: Perm = (0..degree as u16).collect();
        let mut index = vec![u32::MAX; degree];
        index[base] = 0;
        Level {
            base,
            gens: Vec::new(),
            orbit: vec![base as u16],
            index,
            reps: vec![(id.clone(), id)],
            checked: vec![0],
        }
    }

    /// Extends the orbit with the generators (old points keep their representatives).
    fn extend(&mut self, all: &[Perm], bytes: &mut usize) -> Result<(), DefError> {
        let mut i = 0;
        while i < self.orbit.len() {
            let p = self.orbit[i] as usize;
            for &g in &self.gens {
                let q = all[g][p] as usize;
                if self.index[q] == u32::MAX {
                    self.index[q] = self.orbit.len() as u32;
                    self.orbit.push(q as u16);
                    let rep = mul(&self.reps[i].0, &all[g]);
                    let rinv = inv(&rep);
                    *bytes += 4 * rep.len();
                    if *bytes > MAX_CHAIN_BYTES {
                        return Err(DefError::global(format!(
                            "the stabiliser chain would need over {} MiB",
                            MAX_CHAIN_BYTES >> 20
                        )));
                    }
                    self.reps.push((rep, rinv));
                    self.checked.push(0);
                }
            }
            i += 1;
        }
        Ok(())
    }
}

/// A base and strong generating set of a permutation group, with explicit coset
/// representatives.
#[derive(Debug, Clone)]
pub struct StabChain {
    /// The action the chain's permutations are of.
    pub action: Action,
    gens: Vec<Perm>,
    levels: Vec<Level>,
    bytes: usize,
}

impl StabChain {
    /// Runs Schreier–Sims on `generators` (of `action`), with the base starting with
    /// `prefix` (points fixed by the whole group give levels of orbit length 1).
    pub fn new(action: Action, generators: &[Perm], prefix: &[usize]) -> Result<StabChain, DefError> {
        let degree = action.degree;
        let mut chain = StabChain {
            action,
            gens: Vec::new(),
            levels: Vec::new(),
            bytes: 0,
        };
        for &p in prefix {
            if chain.levels.iter().all(|l| l.base != p) {
                chain.levels.push(Level::new(p, degree));
            }
        }
        for g in generators {
            if is_identity(g) || chain.gens.contains(g) {
                continue;
            }
            chain.gens.push(g.clone());
        }
        for gi in 0..chain.gens.len() {
            chain.ensure_moves_base(gi, degree);
            let g = chain.gens[gi].clone();
            for l in 0..chain.levels.len() {
                chain.levels[l].gens.push(gi);
                if (g[chain.levels[l].base] as usize) != chain.levels[l].base {
                    break;
                }
            }
        }
        for l in 0..chain.levels.len() {
            chain.levels[l].extend(&chain.gens, &mut chain.bytes)?;
        }
        let mut i = chain.levels.len() as isize - 1;
        while i >= 0 {
            match chain.check_level(i as usize, degree)? {
                Some(j) => i = j as isize,
                None => i -= 1,
            }
        }
        Ok(chain)
    }

    /// Appends a base point moved by generator `gi` if it fixes every base point so far.
    fn ensure_moves_base(&mut self, gi: usize, degree: usize) {
        let g = &self.gens[gi];
        if self.levels.iter().all(|l| g[l.base] as usize == l.base) {
            if let Some(p) = (0..degree).find(|&p| g[p] as usize != p) {
                self.levels.push(Level::new(p, degree));
            }
        }
    }

    /// Sifts `h` through the levels from `from`: the residue and the level it stopped at
    /// (the number of levels when it went through every one).
    fn sift(&self, mut h: Perm, from: usize) -> (Perm, usize) {
        for l in from..self.levels.len() {
            let level = &self.levels[l];
            let b = h[level.base] as usize;
            let k = level.index[b];
            if k == u32::MAX {
                return (h, l);
            }
            h = mul(&h, &level.reps[k as usize].1);
        }
        let n = self.levels.len();
        (h, n)
    }

    /// Checks the Schreier generators of level `i` not yet checked; when one does not sift,
    /// adds its residue and returns the level to resume at.
    fn check_level(&mut self, i: usize, degree: usize) -> Result<Option<usize>, DefError> {
        let mut pos = 0;
        while pos < self.levels[i].orbit.len() {
            while self.levels[i].checked[pos] < self.levels[i].gens.len() {
                let level = &self.levels[i];
                let s = level.gens[level.checked[pos]];
                let beta = level.orbit[pos] as usize;
                let gamma = self.gens[s][beta] as usize;
                let u_beta = &level.reps[pos].0;
                let g = mul(u_beta, &self.gens[s]);
                let gk = level.index[gamma] as usize;
                self.levels[i].checked[pos] += 1;
                if g == self.levels[i].reps[gk].0 {
                    continue;
                }
                let h = mul(&g, &self.levels[i].reps[gk].1);
                let (res, j) = self.sift(h, i + 1);
                if j == self.levels.len() && is_identity(&res) {
                    continue;
                }
                self.gens.push(res);
                let gi = self.gens.len() - 1;
                if j == self.levels.len() {
                    let r = &self.gens[gi];
                    let Some(p) = (0..degree).find(|&p| r[p] as usize != p) else {
                        continue;
                    };
                    self.levels.push(Level::new(p, degree));
                }
                for l in i + 1..=j {
                    self.levels[l].gens.push(gi);
                    let (gens, level) = (&self.gens, &mut self.levels[l]);
                    level.extend(gens, &mut self.bytes)?;
                }
                return Ok(Some(j));
            }
            pos += 1;
        }
        Ok(None)
    }

    /// The group's order.
    pub fn order(&self) -> BigUint {
        self.levels
            .iter()
            .fold(BigUint::from(1u32), |acc, l| acc * BigUint::from(l.orbit.len()))
    }

    /// The lengths of the fundamental orbits, level by level.
    pub fn orbit_lengths(&self) -> Vec<usize> {
        self.levels.iter().map(|l| l.orbit.len()).collect()
    }

    /// The order of the subgroup fixing the first `k` base points.
    pub fn order_from(&self, k: usize) -> BigUint {
        self.levels[k.min(self.levels.len())..]
            .iter()
            .fold(BigUint::from(1u32), |acc, l| acc * BigUint::from(l.orbit.len()))
    }

    /// Strong generators of the subgroup fixing the first `k` base points.
    pub fn generators_from(&self, k: usize) -> Vec<&Perm> {
        match self.levels.get(k) {
            Some(l) => l.gens.iter().map(|&g| &self.gens[g]).collect(),
            None => Vec::new(),
        }
    }

    /// Whether `p` is an element of the group.
    pub fn contains(&self, p: &[u16]) -> bool {
        let (res, l) = self.sift(p.to_vec(), 0);
        l == self.levels.len() && is_identity(&res)
    }

    /// A uniformly random element.
    pub fn random_perm<R: Rng + ?Sized>(&self, rng: &mut R) -> Perm {
        let mut g: Perm = (0..self.action.degree as u16).collect();
        for level in self.levels.iter().rev() {
            let k = rng.random_range(0..level.orbit.len());
            g = mul(&g, &level.reps[k].0);
        }
        g
    }

    /// A uniformly random element as a transformation of `puzzle` (the chain's action must
    /// be faithful).
    pub fn random_transform<R: Rng + ?Sized>(&self, puzzle: &DefPuzzle, rng: &mut R) -> Vec<u8> {
        self.action.transform_of(puzzle, &self.random_perm(rng))
    }
}

impl DefPuzzle {
    /// The stabiliser chain of the group the moves generate, on the faithful action (built
    /// once, then shared).
    pub fn stabiliser_chain(&self) -> Result<std::sync::Arc<StabChain>, DefError> {
        self.chain
            .get_or_init(|| {
                let action = Action::faithful(self)?;
                let gens: Vec<Perm> = self
                    .bases
                    .iter()
                    .map(|b| action.perm_of(self, &b.transform))
                    .collect();
                StabChain::new(action, &gens, &[]).map(std::sync::Arc::new)
            })
            .clone()
    }

    /// The exact order of the group the moves generate, every piece and orientation
    /// distinct (rotations and aliases excluded).
    pub fn group_order(&self) -> Result<BigUint, DefError> {
        Ok(self.stabiliser_chain()?.order())
    }

    /// Whether a transformation is in the group the moves generate (a state reachable
    /// from solved).
    pub fn is_reachable(&self, t: &[u8]) -> Result<bool, DefError> {
        let chain = self.stabiliser_chain()?;
        Ok(chain.contains(&chain.action.perm_of(self, t)))
    }
}
