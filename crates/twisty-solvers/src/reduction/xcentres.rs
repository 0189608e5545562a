//! The first x-centre orbit (all the 4x4x4's centres) by table-driven search, in three
//! stages (the first wing orbit's parity made even on the way), before the 3x3x3 stage, on
//! every N from 4 to [`MAX_TABLE_N`].
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
//! Each table is a breadth-first distance from the goal (4 bits per entry), and each stage
//! walks down it. The move sets are not listed by hand: they are the generating moves of
//! [`Puzzle::moves`] whose centre permutations keep what the earlier stages made.
//!
//! What a move does to these coordinates depends only on which of the layers 0, 1, N−2 and
//! N−1 its block holds, so the tables are the same for every even N and for every odd N
//! (the reference frame differs: even N keep the DBL corner still, odd N the middle
//! slices): two sets of three files in the table cache ([`specs`]), built from the 4x4x4's
//! and the 5x5x5's moves. Answers are reference-frame blocks; the stages after them keep
//! the orbit solved (the wing parity of the other orbits is fixed with slices that miss
//! it, the 3x3x3 stage turns outer faces only, and the rest are pure 3-cycles).

use std::sync::OnceLock;
use twisty_core::cube3::parity;
use twisty_core::cube_n::{Block, CubeN, CubeNState};
use twisty_core::Puzzle;
use twisty_search::bfs::{distance_table, BfsOptions, UNREACHED};
use twisty_search::packed::Nibbles;
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

type Perm = [u8; 24];

/// Largest N whose first x-centre orbit is solved by tables (beyond it the 3-cycles do it).
pub const MAX_TABLE_N: usize = 8;

/// Entries of each stage's table.
const SIZES: [u64; 3] = [735_471, 25_740, 343_000];

/// Names of the stages' tables (after `cube-n/x-centres-even/` or `-odd/`).
const NAMES: [&str; 3] = ["ud-sets", "rl-sets-wing-parity", "faces"];

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

/// The colex rank of a set of positions (a bit mask) among the sets of its size.
fn rank(mut mask: u32) -> u64 {
    let (mut r, mut k) = (0u64, 0usize);
    while mask != 0 {
        k += 1;
        r += u64::from(BINOMIAL[mask.trailing_zeros() as usize][k]);
        mask &= mask - 1;
    }
    r
}

/// Every set of `k` of `n` positions as a mask, in rank order (increasing masks are colex
/// order).
fn all_sets(n: u32, k: u32) -> Vec<u32> {
    let mut out = Vec::with_capacity(BINOMIAL[n as usize][k as usize] as usize);
    let mut m: u32 = (1 << k) - 1;
    while m < 1 << n {
        out.push(m);
        // The next mask with as many bits (Gosper).
        let c = m & m.wrapping_neg();
        let r = m + c;
        m = (((r ^ m) >> 2) / c) | r;
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

/// The bits of `positions` in `mask`, packed in their order.
fn gather(mask: u32, positions: &[usize]) -> u32 {
    positions
        .iter()
        .enumerate()
        .fold(0, |acc, (k, &p)| acc | (mask >> p & 1) << k)
}

/// The mask with bit `positions[k]` set for each bit `k` of `packed`.
fn scatter(packed: u32, positions: &[usize]) -> u32 {
    positions
        .iter()
        .enumerate()
        .fold(0, |acc, (k, &p)| acc | (packed >> k & 1) << p)
}

/// What stage `stage` looks at in a colour array: the positions holding the U/D colours,
/// the R/L colours, or each pair's first colour (U, R, F).
fn mask(stage: usize, c: &Perm) -> u32 {
    (0..24)
        .filter(|&i| match stage {
            0 => pair(c[i]) == 0,
            1 => pair(c[i]) == 1,
            _ => c[i] == pair((i / 4) as u8),
        })
        .fold(0, |acc, i| acc | 1 << i)
}

/// The stage coordinate of a mask (and the wing parity, for stage 2).
fn coord(stage: usize, mask: u32, odd: bool) -> u64 {
    match stage {
        0 => rank(mask),
        1 => 2 * rank(gather(mask, &SIDES)) + odd as u64,
        _ => (0..3).fold(0, |r, p| 70 * r + rank(gather(mask, &pair_positions(p)))),
    }
}

/// One move as the tables see it: the mask it makes of a mask, a byte at a time, and
/// whether it makes the first wing orbit's permutation odd.
#[derive(Clone)]
struct MaskMove {
    block: Block,
    perm: Perm,
    bytes: Box<[[u32; 256]; 3]>,
    flips: bool,
}

impl MaskMove {
    fn new(cube: &CubeN, block: Block) -> MaskMove {
        let perm = cube.centre_permutation(block, 0);
        // Position i receives the piece at perm[i]: bit perm[i] goes to bit i.
        let mut to = [0u8; 24];
        for (i, &p) in perm.iter().enumerate() {
            to[p as usize] = i as u8;
        }
        let mut bytes = Box::new([[0u32; 256]; 3]);
        for (b, table) in bytes.iter_mut().enumerate() {
            for (v, out) in table.iter_mut().enumerate() {
                *out = (0..8)
                    .filter(|t| v >> t & 1 == 1)
                    .fold(0, |acc, t| acc | 1 << to[8 * b + t]);
            }
        }
        MaskMove {
            block,
            perm,
            bytes,
            flips: parity(&cube.wing_permutation(block, 0)),
        }
    }

    fn apply(&self, m: u32) -> u32 {
        self.bytes[0][(m & 255) as usize]
            | self.bytes[1][(m >> 8 & 255) as usize]
            | self.bytes[2][(m >> 16 & 255) as usize]
    }
}

/// The moves of each stage on `cube`: all, those that keep the U/D set, those that keep
/// every pair's set and the wing parity.
fn stage_moves(cube: &CubeN) -> [Vec<MaskMove>; 3] {
    let all: Vec<MaskMove> = cube.moves().into_iter().map(|m| MaskMove::new(cube, m)).collect();
    let keeps = |p: &Perm, sets: &dyn Fn(usize) -> u8| (0..24).all(|i| sets(i) == sets(p[i] as usize));
    let s2 = all
        .iter()
        .filter(|m| keeps(&m.perm, &|i| u8::from(pair((i / 4) as u8) == 0)))
        .cloned()
        .collect();
    let s3 = all
        .iter()
        .filter(|m| !m.flips && keeps(&m.perm, &|i| pair((i / 4) as u8)))
        .cloned()
        .collect();
    [all, s2, s3]
}

/// The solved colour array.
fn solved() -> Perm {
    std::array::from_fn(|i| (i / 4) as u8)
}

/// The table specs of even N (`odd` false) or odd N.
pub fn specs(odd: bool) -> [TableSpec; 3] {
    let family = if odd { "odd" } else { "even" };
    std::array::from_fn(|k| TableSpec {
        name: format!("cube-n/x-centres-{family}/{}", NAMES[k]),
        entry_bits: 4,
        entries: SIZES[k],
    })
}

/// The size whose moves build the tables of even N (`odd` false) or odd N.
fn representative(odd: bool) -> usize {
    if odd {
        5
    } else {
        4
    }
}

/// Builds stage `stage`'s table for even or odd N (a progress bar on stderr when
/// `progress` is set): 4-bit distances, 15 unreached.
pub fn build_stage(odd: bool, stage: usize, progress: bool) -> Vec<u8> {
    let Ok(cube) = CubeN::new(representative(odd)) else {
        return Vec::new();
    };
    let moves = &stage_moves(&cube)[stage];
    let goal = coord(stage, mask(stage, &solved()), false);
    let opts = BfsOptions {
        progress: progress.then(|| specs(odd)[stage].name.clone()),
    };
    let nm = moves.len();
    let d = match stage {
        0 => {
            let sets = all_sets(24, 8);
            let next = |i: u64, k: usize| rank(moves[k].apply(sets[i as usize]));
            distance_table(SIZES[0], &[goal], nm, next, &opts)
        }
        1 => {
            let sets = all_sets(16, 8);
            let next = |i: u64, k: usize| {
                let m = moves[k].apply(scatter(sets[(i / 2) as usize], &SIDES));
                coord(1, m, (i % 2 == 1) ^ moves[k].flips)
            };
            distance_table(SIZES[1], &[goal], nm, next, &opts)
        }
        _ => {
            let sets = all_sets(8, 4);
            let next = |i: u64, k: usize| {
                let m = (0..3).fold(0, |acc, p| {
                    let r = (i / 70u64.pow(2 - p as u32)) % 70;
                    acc | scatter(sets[r as usize], &pair_positions(p))
                });
                coord(2, moves[k].apply(m), false)
            };
            distance_table(SIZES[2], &[goal], nm, next, &opts)
        }
    };
    d.table.0
}

/// Where a table came from: the cache's file, or built in this process only.
#[derive(Debug)]
enum Stored {
    Cached(Table),
    Built(Vec<u8>),
}

impl Stored {
    fn bytes(&self) -> &[u8] {
        match self {
            Stored::Cached(t) => t.bytes(),
            Stored::Built(v) => v,
        }
    }
}

/// The three distance tables of even or odd N.
#[derive(Debug)]
pub struct XCentreTables {
    odd: bool,
    stages: [Stored; 3],
}

impl XCentreTables {
    /// The tables of even N (`odd` false) or odd N built in memory (for a process that does
    /// not use the table cache).
    pub fn build(odd: bool) -> XCentreTables {
        XCentreTables {
            odd,
            stages: std::array::from_fn(|k| Stored::Built(build_stage(odd, k, false))),
        }
    }

    /// The tables of even or odd N from `cache`: each loaded from its file, or built (with
    /// a progress bar on stderr when `progress` is set) and stored when the file is missing
    /// or invalid. Returns each file's name and origin too.
    pub fn from_cache(
        cache: &TableCache,
        odd: bool,
        progress: bool,
    ) -> Result<(XCentreTables, Vec<(String, Origin)>), TableError> {
        let mut tables = Vec::new();
        let mut origins = Vec::new();
        for (k, spec) in specs(odd).into_iter().enumerate() {
            let (t, origin) = cache.get_or_build(&spec, || build_stage(odd, k, progress))?;
            origins.push((spec.file_name(), origin));
            tables.push(Stored::Cached(t));
        }
        let stages: [Stored; 3] = tables.try_into().map_err(|_| TableError::BadBuild {
            name: String::from("cube-n/x-centres"),
            got: 0,
            expected: 3,
        })?;
        Ok((XCentreTables { odd, stages }, origins))
    }

    /// Whether these are the tables of odd N.
    pub fn is_odd(&self) -> bool {
        self.odd
    }

    /// The distance of stage `stage`'s coordinate `i` (15: beyond the table).
    fn distance(&self, stage: usize, i: u64) -> u8 {
        Nibbles(self.stages[stage].bytes()).get(i)
    }

    /// Moves that solve the first x-centre orbit of `s` (every centre of a 4x4x4) and leave
    /// the first wing orbit's permutation even, or `None` when N is outside
    /// 4..=[`MAX_TABLE_N`], of the other parity than the tables, or a stage cannot (the
    /// caller then solves the orbit another way).
    pub fn solve(&self, cube: &CubeN, s: &CubeNState) -> Option<Vec<Block>> {
        if !(4..=MAX_TABLE_N).contains(&cube.n) || cube.is_odd() != self.odd {
            return None;
        }
        let mut c: Perm = s.centres(0).try_into().ok()?;
        let mut odd = parity(s.wings(0));
        let mut out = Vec::new();
        for (k, moves) in stage_moves(cube).iter().enumerate() {
            let mut m = mask(k, &c);
            let mut d = self.distance(k, coord(k, m, odd));
            while d > 0 {
                if d == UNREACHED {
                    return None;
                }
                let mv = moves.iter().find(|mv| {
                    let next = mv.apply(m);
                    self.distance(k, coord(k, next, odd ^ mv.flips)) == d - 1
                })?;
                out.push(mv.block);
                m = mv.apply(m);
                c = std::array::from_fn(|i| c[mv.perm[i] as usize]);
                odd ^= mv.flips;
                d -= 1;
            }
        }
        Some(out)
    }
}

/// The process-wide tables built in memory, even N and odd N (for solvers not given tables
/// from the cache).
static BUILT: [OnceLock<XCentreTables>; 2] = [OnceLock::new(), OnceLock::new()];

/// [`XCentreTables::solve`] on tables built in memory once per process.
pub fn solve(cube: &CubeN, s: &CubeNState) -> Option<Vec<Block>> {
    if !(4..=MAX_TABLE_N).contains(&cube.n) {
        return None;
    }
    let odd = cube.is_odd();
    BUILT[usize::from(odd)]
        .get_or_init(|| XCentreTables::build(odd))
        .solve(cube, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The effect of every move on what the tables see, as a sorted list.
    fn effects(n: usize) -> Vec<(Perm, bool)> {
        let cube = CubeN::new(n).expect("size");
        let mut v: Vec<(Perm, bool)> = stage_moves(&cube)[0].iter().map(|m| (m.perm, m.flips)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn every_size_of_one_parity_moves_the_orbit_alike() {
        let (even, odd) = (effects(4), effects(5));
        assert_ne!(even, odd, "the two reference frames differ");
        for n in 6..=MAX_TABLE_N {
            let want = if n % 2 == 1 { &odd } else { &even };
            assert_eq!(&effects(n), want, "{n}x{n}x{n}");
        }
    }

    #[test]
    fn ranks_and_sets_agree() {
        for (n, k) in [(24, 8), (16, 8), (8, 4)] {
            let sets = all_sets(n, k);
            assert_eq!(sets.len(), BINOMIAL[n as usize][k as usize] as usize);
            for (i, &m) in sets.iter().enumerate() {
                assert_eq!(m.count_ones(), k);
                assert_eq!(rank(m), i as u64);
            }
        }
        assert_eq!(
            SIZES,
            [735_471, 2 * 12_870, 70 * 70 * 70],
            "C(24, 8), 2·C(16, 8), 70³"
        );
    }

    /// The smaller tables against a plain breadth-first search over colour arrays.
    #[test]
    fn the_tables_are_breadth_first_distances() {
        for odd in [false, true] {
            let cube = CubeN::new(representative(odd)).expect("size");
            let moves = stage_moves(&cube);
            for stage in [1, 2] {
                let table = build_stage(odd, stage, false);
                let mut dist = vec![UNREACHED; SIZES[stage] as usize];
                let start = solved();
                dist[coord(stage, mask(stage, &start), false) as usize] = 0;
                let mut frontier = vec![(start, false)];
                let mut d = 0;
                while !frontier.is_empty() {
                    let mut next = Vec::new();
                    for (c, par) in &frontier {
                        for mv in &moves[stage] {
                            let t: Perm = std::array::from_fn(|i| c[mv.perm[i] as usize]);
                            let i = coord(stage, mask(stage, &t), par ^ mv.flips) as usize;
                            if dist[i] == UNREACHED {
                                dist[i] = d + 1;
                                next.push((t, par ^ mv.flips));
                            }
                        }
                    }
                    frontier = next;
                    d += 1;
                }
                let t = Nibbles(&table);
                for (i, &want) in dist.iter().enumerate() {
                    assert_eq!(t.get(i as u64), want, "odd {odd}, stage {stage}, entry {i}");
                }
            }
        }
    }

    #[test]
    fn a_corrupt_file_is_refused_and_rebuilt() {
        let dir = tempfile::tempdir().expect("dir");
        let cache = TableCache::new(dir.path());
        let (_, origins) = XCentreTables::from_cache(&cache, false, false).expect("built");
        assert!(origins.iter().all(|(_, o)| *o == Origin::Built), "{origins:?}");
        let (_, origins) = XCentreTables::from_cache(&cache, false, false).expect("loaded");
        assert!(origins.iter().all(|(_, o)| *o == Origin::Loaded), "{origins:?}");
        let path = cache.path(&specs(false)[0]);
        let mut bytes = std::fs::read(&path).expect("file");
        bytes[1000] ^= 0x24;
        std::fs::write(&path, &bytes).expect("write");
        let err = cache.verify_file(&path).expect_err("refused");
        assert!(err.contains("checksum mismatch"), "{err}");
        let (t, origins) = XCentreTables::from_cache(&cache, false, false).expect("rebuilt");
        assert!(
            matches!(&origins[0].1, Origin::Rebuilt(why) if why.contains("checksum mismatch")),
            "{origins:?}"
        );
        assert_eq!(origins[1].1, Origin::Loaded);
        // The rebuilt tables solve.
        let cube = CubeN::new(4).expect("size");
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(3);
        let s = cube.random_state(&mut rng);
        assert!(t.solve(&cube, &s).is_some());
        // Even N's tables do not serve an odd N.
        let five = CubeN::new(5).expect("size");
        assert!(t.solve(&five, &five.solved()).is_none());
    }
}
