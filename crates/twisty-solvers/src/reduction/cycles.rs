//! Pure 3-cycles of one orbit of the N×N×N, and solving an orbit with them.
//!
//! A commutator `A·B·A'·B'` whose two parts move exactly one cubie in common is a 3-cycle of
//! that cubie's orbit and leaves every other piece where it was. Two families are used:
//!
//! - centres: `A` an inner slice, `B = X·Y·X'` with `X` a face turn and `Y` an inner slice
//!   (the two slices cross in one centre of the face `X` turns);
//! - wings: `A` an inner slice, `B = X·Y·X'` with `X` and `Y` face turns (`B` moves one
//!   edge of the slice's layer, of which `A` holds one wing).
//!
//! For an orbit, every such commutator built from the face turns and the inner slices that
//! cross the orbit is tried on the orbit's positions; the 3-cycles among them are checked
//! pure on the whole cube (applied to a scrambled state, nothing outside the orbit moves)
//! and then conjugated by setup moves (`S·C·S'` is a pure 3-cycle too) in a cheapest-first
//! search until every 3-cycle of the orbit's 24 positions has its cheapest sequence: a
//! [`CycleBook`]. Orbits whose moves act alike (every wing orbit; the centre orbits of one
//! kind) share one book, written in terms of the orbit's slices ([`Sym`]).
//!
//! A book also holds pairs of 3-cycles made at once (two slices of one axis turned together
//! against a conjugated turn crossing both, and their conjugates by one move: up to
//! 6,000, the cheapest). [`CycleBook::solve`] then solves the orbit by a beam search over
//! the book's entries. Wings need an even permutation of their orbit (an
//! inner slice quarter turn changes it); centres of one colour are interchangeable, so any
//! arrangement of a centre orbit is solved.

use super::simplify;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Arc;
use twisty_core::cube_n::{Block, CentreKind, CubeN, CubeNState};
use twisty_core::supercube::CubeFrame;
use twisty_core::Puzzle;

/// A permutation of an orbit's 24 positions: position `i` receives the piece at `p[i]`.
pub type Perm = [u8; 24];

/// One orbit of the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Orbit {
    /// Centre orbit `j`.
    Centre(usize),
    /// Wing orbit `k`.
    Wing(usize),
}

/// A move written in terms of an orbit's slices (see [`Orbit::slices`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sym {
    axis: u8,
    layer: Layer,
    angle: u8,
}

/// The slices a [`Sym`] turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Layer {
    /// The face at slice 0.
    NegFace,
    /// The face at slice `N−1`.
    PosFace,
    /// Inner slice `i` of the orbit's list alone.
    Inner(u8),
    /// Slices 0 to inner slice `i` of the list.
    WideNeg(u8),
    /// Inner slice `i` of the list to slice `N−1`.
    WidePos(u8),
}

impl Orbit {
    /// The inner slices that cross the orbit (on each axis): `r, c, N−1−r, N−1−c` for the
    /// centre orbit of cell `(r, c)`, `k+1, N−2−k` for wing orbit `k`.
    pub fn slices(self, cube: &CubeN) -> Vec<usize> {
        let n = cube.n;
        match self {
            Orbit::Centre(j) => {
                let (r, c) = cube.centre_cell(j).unwrap_or((1, 1));
                vec![r, c, n - 1 - r, n - 1 - c]
            }
            Orbit::Wing(k) => vec![k + 1, n - 2 - k],
        }
    }

    /// The orbit's pieces in `s`.
    pub fn pieces(self, s: &CubeNState) -> Perm {
        let v = match self {
            Orbit::Centre(j) => s.centres(j),
            Orbit::Wing(k) => s.wings(k),
        };
        let mut out = [0u8; 24];
        out.copy_from_slice(&v[..24]);
        out
    }

    /// Whether `piece` at `pos` is home.
    fn home(self, pos: usize, piece: u8) -> bool {
        match self {
            Orbit::Centre(_) => piece as usize == pos / 4,
            Orbit::Wing(_) => piece as usize == pos,
        }
    }

    /// The permutation `mv` makes of the orbit's positions.
    fn perm(self, cube: &CubeN, mv: Block) -> Perm {
        match self {
            Orbit::Centre(j) => cube.centre_permutation(mv, j),
            Orbit::Wing(k) => cube.wing_permutation(mv, k),
        }
    }

    /// What orbits share a book with this one must have in common besides their move
    /// permutations.
    fn kind(self, cube: &CubeN) -> u8 {
        match self {
            Orbit::Wing(_) => 0,
            Orbit::Centre(j) => match cube.centre_kind(j) {
                Some(CentreKind::X) => 1,
                Some(CentreKind::Plus) => 2,
                _ => 3,
            },
        }
    }
}

/// The moves of an orbit's books: the 18 face turns, then every turn of each of the
/// orbit's inner slices alone and of the blocks from either face to it.
fn sym_moves(inner: usize) -> Vec<Sym> {
    let mut out = Vec::new();
    for axis in 0..3u8 {
        for layer in [Layer::NegFace, Layer::PosFace] {
            for angle in 0..3 {
                out.push(Sym { axis, layer, angle });
            }
        }
    }
    for axis in 0..3u8 {
        for i in 0..inner as u8 {
            for layer in [Layer::Inner(i), Layer::WideNeg(i), Layer::WidePos(i)] {
                for angle in 0..3 {
                    out.push(Sym { axis, layer, angle });
                }
            }
        }
    }
    out
}

impl Sym {
    fn inverse(self) -> Sym {
        Sym {
            angle: 2 - self.angle,
            ..self
        }
    }

    fn is_face(self) -> bool {
        matches!(self.layer, Layer::NegFace | Layer::PosFace)
    }

    /// The block this move is on an orbit whose slice list is `slices`.
    fn block(self, n: usize, slices: &[usize]) -> Block {
        let at = |i: u8| slices[i as usize];
        let (lo, hi) = match self.layer {
            Layer::NegFace => (0, 0),
            Layer::PosFace => (n - 1, n - 1),
            Layer::Inner(i) => (at(i), at(i)),
            Layer::WideNeg(i) => (0, at(i)),
            Layer::WidePos(i) => (at(i), n - 1),
        };
        Block {
            axis: self.axis,
            lo: lo as u8,
            hi: hi as u8,
            angle: self.angle,
        }
    }
}

/// The reference-frame blocks (what the model applies) of blocks turned on a cube held
/// at home: a block that holds the anchor turns the cube in the hand, so the blocks after
/// it are written in the turned frame (see [`twisty_core::cube_n::held`]).
pub fn to_reference(cube: &CubeN, physical: &[Block]) -> Vec<Block> {
    let mut frame = CubeFrame(0);
    let mut out = Vec::with_capacity(physical.len());
    for &b in physical {
        let r = cube.to_reference(frame, b);
        simplify::push(&mut out, r);
        if cube.holds_anchor(r) {
            frame = frame.rotated(b.axis, b.angle);
        }
    }
    out
}

/// Orbit permutations of reference blocks, computed once each.
struct PermCache<'a> {
    cube: &'a CubeN,
    orbit: Orbit,
    perms: HashMap<Block, Perm>,
}

impl PermCache<'_> {
    /// The permutation of a sequence of reference blocks.
    fn of(&mut self, refs: &[Block]) -> Perm {
        let mut out: Perm = std::array::from_fn(|i| i as u8);
        for &b in refs {
            let (cube, orbit) = (self.cube, self.orbit);
            let p = self.perms.entry(b).or_insert_with(|| orbit.perm(cube, b));
            out = then(&out, p);
        }
        out
    }
}

/// `then(a, b)`: the permutation of `a` followed by `b`.
fn then(a: &Perm, b: &Perm) -> Perm {
    std::array::from_fn(|i| a[b[i] as usize])
}

/// A book entry as [`CycleBook::sequences`] gives it: the positions it changes with the
/// positions their new pieces come from, its reference blocks and its length (OBTM).
pub type Sequence = (Vec<(u8, u8)>, Vec<Block>, u32);

/// One 3-cycle of a book: the three positions it changes with the positions their new
/// pieces come from, its moves and its length.
#[derive(Debug, Clone)]
struct Entry {
    moved: Vec<(u8, u8)>,
    moves: Vec<Sym>,
    cost: u32,
}

/// Every 3-cycle of an orbit's positions with the cheapest sequence found for it.
#[derive(Debug, Clone)]
pub struct CycleBook {
    entries: Vec<Entry>,
}

/// Books shared by the orbits whose moves act alike.
#[derive(Debug, Default)]
pub struct Library {
    books: HashMap<(u8, Vec<Perm>), Arc<CycleBook>>,
}

/// Why an orbit could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stuck(pub Orbit);

impl Library {
    /// The book for `orbit`, built on first use for its kind.
    pub fn book(&mut self, cube: &CubeN, orbit: Orbit) -> Arc<CycleBook> {
        let slices = orbit.slices(cube);
        let syms = sym_moves(slices.len());
        let perms: Vec<Perm> = syms
            .iter()
            .map(|s| orbit.perm(cube, s.block(cube.n, &slices)))
            .collect();
        let key = (orbit.kind(cube), perms);
        if !self.books.contains_key(&key) {
            let book = CycleBook::build(cube, orbit, &slices, &syms);
            self.books.insert(key.clone(), Arc::new(book));
        }
        self.books[&key].clone()
    }
}

/// The positions a 3-cycle changes, with where their pieces come from.
fn moved_of(p: &Perm) -> Option<Vec<(u8, u8)>> {
    let out: Vec<(u8, u8)> = (0..24u8)
        .filter(|&i| p[i as usize] != i)
        .map(|i| (i, p[i as usize]))
        .collect();
    (out.len() == 3).then_some(out)
}

/// The positions a pair of disjoint 3-cycles changes.
fn double_of(p: &Perm) -> Option<Vec<(u8, u8)>> {
    let out: Vec<(u8, u8)> = (0..24u8)
        .filter(|&i| p[i as usize] != i)
        .map(|i| (i, p[i as usize]))
        .collect();
    let three = |&(i, _): &(u8, u8)| {
        let a = p[i as usize] as usize;
        let b = p[a] as usize;
        p[b] as usize == i as usize
    };
    (out.len() == 6 && out.iter().all(three)).then_some(out)
}

/// Most pairs of 3-cycles a book keeps (the cheapest).
const MAX_DOUBLES: usize = 6000;

/// Whether reference blocks `moves` change nothing outside `orbit`: first tried on a
/// scrambled state, then, as centres of one colour look alike there, on the positions of
/// every other orbit.
fn is_pure(cube: &CubeN, orbit: Orbit, moves: &[Block], probe: &CubeNState, all: &mut AllPerms) -> bool {
    if !looks_pure(cube, orbit, moves, probe) {
        return false;
    }
    let identity: Perm = std::array::from_fn(|i| i as u8);
    let others = (0..cube.centre_orbits())
        .map(Orbit::Centre)
        .chain((0..cube.wing_orbits()).map(Orbit::Wing))
        .filter(|&o| o != orbit);
    for o in others {
        let mut p = identity;
        for &b in moves {
            let q = all.perms.entry((o, b)).or_insert_with(|| o.perm(cube, b));
            p = then(&p, q);
        }
        if p != identity {
            return false;
        }
    }
    true
}

/// Orbit permutations of reference blocks on every orbit, computed once each.
#[derive(Debug, Default)]
struct AllPerms {
    perms: HashMap<(Orbit, Block), Perm>,
}

/// Whether `moves` change nothing outside `orbit` on the scrambled state `probe`.
fn looks_pure(cube: &CubeN, orbit: Orbit, moves: &[Block], probe: &CubeNState) -> bool {
    let mut s = probe.clone();
    cube.apply_all(&mut s, moves);
    let same_corners = (0..8)
        .all(|i| s.corner_perm(i) == probe.corner_perm(i) && s.corner_twist(i) == probe.corner_twist(i));
    let same_midges =
        (0..12).all(|i| s.midge_perm(i) == probe.midge_perm(i) && s.midge_flip(i) == probe.midge_flip(i));
    let (skip_w, skip_c) = match orbit {
        Orbit::Wing(k) => (Some(k), None),
        Orbit::Centre(j) => (None, Some(j)),
    };
    let same_wings = (0..cube.wing_orbits()).all(|k| Some(k) == skip_w || s.wings(k) == probe.wings(k));
    let same_centres =
        (0..cube.centre_orbits()).all(|j| Some(j) == skip_c || s.centres(j) == probe.centres(j));
    same_corners && same_midges && same_wings && same_centres
}

impl CycleBook {
    fn build(cube: &CubeN, orbit: Orbit, slices: &[usize], syms: &[Sym]) -> CycleBook {
        let n = cube.n;
        let refs = |seq: &[Sym]| -> Vec<Block> {
            to_reference(cube, &seq.iter().map(|s| s.block(n, slices)).collect::<Vec<_>>())
        };
        let mut cache = PermCache {
            cube,
            orbit,
            perms: HashMap::new(),
        };
        let faces: Vec<Sym> = syms.iter().copied().filter(|s| s.is_face()).collect();
        let inner: Vec<Sym> = syms.iter().copied().filter(|s| !s.is_face()).collect();
        let ys: &[Sym] = match orbit {
            Orbit::Centre(_) => &inner,
            Orbit::Wing(_) => &faces,
        };
        // Commutators that are 3-cycles of the orbit, cheapest first; the cheapest pure
        // sequence of each cycle is kept.
        let mut found: Vec<(u32, Perm, Vec<Sym>)> = Vec::new();
        for &a in inner.iter().filter(|a| a.angle != 1) {
            for &x in &faces {
                for &y in ys {
                    let seq = vec![a, x, y, x.inverse(), a.inverse(), x, y.inverse(), x.inverse()];
                    let r = refs(&seq);
                    let c = cache.of(&r);
                    if moved_of(&c).is_none() {
                        continue;
                    }
                    found.push((simplify::obtm(cube, &r), c, seq));
                }
            }
        }
        found.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(55);
        let probe = cube.random_state(&mut rng);
        let mut all = AllPerms::default();
        let mut best: HashMap<Perm, u32> = HashMap::new();
        let mut nodes: Vec<(Perm, Vec<Sym>, u32)> = Vec::new();
        let mut heap = BinaryHeap::new();
        for (cost, c, seq) in found {
            if best.contains_key(&c) || !is_pure(cube, orbit, &refs(&seq), &probe, &mut all) {
                continue;
            }
            best.insert(c, cost);
            heap.push((Reverse(cost), nodes.len()));
            nodes.push((c, seq, cost));
        }
        // Cheapest-first conjugation by every move.
        let mut done: HashMap<Perm, ()> = HashMap::new();
        let mut entries = Vec::new();
        while let Some((Reverse(cost), id)) = heap.pop() {
            let (c, seq) = (nodes[id].0, nodes[id].1.clone());
            if done.contains_key(&c) || best.get(&c).is_some_and(|&b| b < cost) {
                continue;
            }
            done.insert(c, ());
            if let Some(moved) = moved_of(&c) {
                entries.push(Entry {
                    moved,
                    moves: seq.clone(),
                    cost,
                });
            }
            if seq.len() > 40 {
                continue;
            }
            for &m in syms {
                let mut s2 = Vec::with_capacity(seq.len() + 2);
                s2.push(m);
                s2.extend_from_slice(&seq);
                s2.push(m.inverse());
                let r = refs(&s2);
                let t = cache.of(&r);
                if done.contains_key(&t) {
                    continue;
                }
                let cost2 = simplify::obtm(cube, &r);
                if best.get(&t).is_none_or(|&old| old > cost2) {
                    best.insert(t, cost2);
                    heap.push((Reverse(cost2), nodes.len()));
                    nodes.push((t, s2, cost2));
                }
            }
        }
        // Pairs of 3-cycles made at once: two slices of one axis turned together against
        // a conjugated turn crossing both; with their conjugates by one move.
        let mut found: Vec<(u32, Perm, Vec<Sym>)> = Vec::new();
        let singles: Vec<Sym> = inner
            .iter()
            .copied()
            .filter(|a| matches!(a.layer, Layer::Inner(_)))
            .collect();
        for (i, &a1) in singles.iter().enumerate() {
            for &a2 in &singles[i + 1..] {
                if a1.axis != a2.axis || a1.angle != a2.angle || a1.angle == 1 || a1.layer == a2.layer {
                    continue;
                }
                for &x in &faces {
                    for &y in ys {
                        let seq = vec![
                            a1,
                            a2,
                            x,
                            y,
                            x.inverse(),
                            a2.inverse(),
                            a1.inverse(),
                            x,
                            y.inverse(),
                            x.inverse(),
                        ];
                        let r = refs(&seq);
                        let c = cache.of(&r);
                        if double_of(&c).is_some() {
                            found.push((simplify::obtm(cube, &r), c, seq));
                        }
                    }
                }
            }
        }
        found.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let mut doubles: HashMap<Perm, (u32, Vec<Sym>)> = HashMap::new();
        let mut bases = Vec::new();
        for (cost, c, seq) in found {
            if doubles.contains_key(&c) || !is_pure(cube, orbit, &refs(&seq), &probe, &mut all) {
                continue;
            }
            doubles.insert(c, (cost, seq.clone()));
            bases.push(seq);
        }
        for seq in bases {
            for &m in syms {
                let mut s2 = Vec::with_capacity(seq.len() + 2);
                s2.push(m);
                s2.extend_from_slice(&seq);
                s2.push(m.inverse());
                let r = refs(&s2);
                let t = cache.of(&r);
                let cost2 = simplify::obtm(cube, &r);
                if doubles.get(&t).is_none_or(|(old, _)| *old > cost2) {
                    doubles.insert(t, (cost2, s2));
                }
            }
        }
        let mut doubles: Vec<(u32, Perm, Vec<Sym>)> =
            doubles.into_iter().map(|(c, (k, s))| (k, c, s)).collect();
        doubles.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        for (cost, c, seq) in doubles.into_iter().take(MAX_DOUBLES) {
            if let Some(moved) = double_of(&c) {
                entries.push(Entry {
                    moved,
                    moves: seq,
                    cost,
                });
            }
        }
        CycleBook { entries }
    }

    /// Every entry as the positions it changes (with where their new pieces come from),
    /// its reference blocks on `orbit` and its length.
    pub fn sequences(&self, cube: &CubeN, orbit: Orbit) -> Vec<Sequence> {
        let slices = orbit.slices(cube);
        self.entries
            .iter()
            .map(|e| {
                let blocks: Vec<Block> = e.moves.iter().map(|s| s.block(cube.n, &slices)).collect();
                (e.moved.clone(), to_reference(cube, &blocks), e.cost)
            })
            .collect()
    }

    /// Number of 3-cycles in the book (pairs of 3-cycles not counted).
    pub fn three_cycles(&self) -> usize {
        self.entries.iter().filter(|e| e.moved.len() == 3).count()
    }

    /// Number of 3-cycles and pairs of 3-cycles in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Moves that take `orbit`'s pieces `cur` home, made of the book's pure 3-cycles;
    /// `Err` if the book runs out of improving cycles (an odd wing permutation).
    ///
    /// A beam search of `width` sequences: each step extends every sequence by every
    /// 3-cycle that puts more pieces home than it takes away, and keeps the `width` best
    /// by length so far plus [`PER_PIECE`] moves for each piece still away from home.
    pub fn solve(&self, cube: &CubeN, orbit: Orbit, cur: Perm, width: usize) -> Result<Vec<Block>, Stuck> {
        let away = |c: &Perm| (0..24).filter(|&i| !orbit.home(i, c[i])).count() as u32;
        // (pieces, length, away, path of entries)
        let mut beam: Vec<(Perm, u32, u32, Vec<u32>)> = vec![(cur, 0, away(&cur), Vec::new())];
        let mut best: Option<(u32, Vec<u32>)> = None;
        loop {
            let mut next: Vec<(u32, usize, usize, u32)> = Vec::new(); // (score, node, entry, away)
            for (b, (c, len, left, _)) in beam.iter().enumerate() {
                if *left == 0 {
                    if best.as_ref().is_none_or(|(l, _)| len < l) {
                        best = Some((*len, beam[b].3.clone()));
                    }
                    continue;
                }
                for (e, entry) in self.entries.iter().enumerate() {
                    let mut gain = 0i32;
                    for &(pos, src) in &entry.moved {
                        gain += orbit.home(pos as usize, c[src as usize]) as i32
                            - orbit.home(pos as usize, c[pos as usize]) as i32;
                    }
                    if gain > 0 {
                        let rest = left - gain as u32;
                        next.push((len + entry.cost + PER_PIECE * rest, b, e, rest));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            next.sort_unstable();
            let mut seen: HashMap<Perm, ()> = HashMap::new();
            let mut kept = Vec::with_capacity(width);
            for (_, b, e, rest) in next {
                if kept.len() >= width {
                    break;
                }
                let (c, len, _, path) = &beam[b];
                let entry = &self.entries[e];
                if best.as_ref().is_some_and(|(l, _)| len + entry.cost >= *l) {
                    continue;
                }
                let mut n = *c;
                for &(pos, src) in &entry.moved {
                    n[pos as usize] = c[src as usize];
                }
                if seen.insert(n, ()).is_some() {
                    continue;
                }
                let mut p = path.clone();
                p.push(e as u32);
                kept.push((n, len + entry.cost, rest, p));
            }
            if kept.is_empty() {
                break;
            }
            beam = kept;
        }
        let (_, path) = best.ok_or(Stuck(orbit))?;
        let slices = orbit.slices(cube);
        let mut out = Vec::new();
        for e in path {
            let entry = &self.entries[e as usize];
            let blocks: Vec<Block> = entry.moves.iter().map(|s| s.block(cube.n, &slices)).collect();
            simplify::extend(&mut out, &to_reference(cube, &blocks));
        }
        Ok(out)
    }
}

/// The beam search's estimate of the moves each piece away from home still costs.
pub const PER_PIECE: u32 = 5;
