//! The optimal Kilominx solver: IDA* over the 48 moves with pattern databases, as the St
//! Andrews solver does it, built breadth-first instead of by its day-long iterative deepening.
//!
//! Every database tracks k of the 19 free cubies and is indexed exactly as the seed does
//! ([`pattern`]). Heuristics (`--heuristic`):
//! - `seed`: the seed's heuristic exactly: its twelve 5-cubie face databases
//!   (19P5·3⁵ = 339,072,480 entries, 170 MB each at 4 bits) and five 4-cubie sparse ones
//!   (7,534,944 entries), max over the 17, with the seed's move pruning ([`SEED_SKIP`]) and its
//!   expansion order (children by estimated cost, the largest first).
//! - `best` (default): two 6-cubie databases ([`BEST_PATTERN`]: face R's five cubies and
//!   BRD; [`SECOND_PATTERN`]: face BR's five cubies and UBL; 19P6·3⁶ = 14,241,044,160 entries
//!   each, 3.3 GiB at 2 bits per entry holding the distance mod 3, built by the block builder
//!   [`twisty_search::blockbfs_mod3`]), each looked up three times through the rotation about
//!   UFL, the six exact distances carried from parent to child in the search node (a child's
//!   distance is its parent's −1, 0 or +1, told apart by the entry mod 3; the start's is
//!   found by walking down to the goal); then the twelve face databases for the inverse
//!   state, and the six faces the 6-cubie sets do not contain for the state; only canonical
//!   sequences of the physical faces ([`canon`]: branching factor 26.5 instead of 36.3 for a
//!   rule on the labels of the UFL-fixed frame), early exit at the first lookup that prunes,
//!   no child ordering.
//! - `best-mirror`: `best` with each 6-cubie table also looked up through the three
//!   reflections that keep UFL in place ([`symmetry::Rotation::mirror`]): twelve exact values
//!   carried per node instead of six, from the same tables (the mirror images of R + BRD are
//!   BL + BRD and its rotations, those of BR + UBL are BR + UFR and its rotations).
//! - `faces`: the twelve face databases only, each looked up for the state and for its
//!   inverse (the inverse has the same distance, and the search node carries both, so the
//!   second lookup costs no inversion), with the same pruning and early exit.
//! - `sparse`: the five sparse databases only (seconds to build; for quick runs and tests).
//!
//! The search ([`search`]) runs on both cores, the tree split two moves below the root.

pub mod canon;
pub mod pattern;
pub mod research;
pub mod search;
pub mod symmetry;

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use pattern::Pattern;
use search::{Bound, Goal, Iteration, Node, Options, Outcome};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use symmetry::Rotation;
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx, SEED_SKIP};
use twisty_core::Puzzle;
use twisty_search::ida::{BoundReport, MoveAutomaton, MovePruning};
use twisty_search::packed::Nibbles;
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

/// The seed's twelve face patterns (5 cubies each), in its order (faces U, L, F, R, BL, BR,
/// DL, DR, DBL, DBR, DB, D; on U, L and F the fixed UFL is replaced by a nearby cubie).
pub const FACE_PATTERNS: [[&str; 5]; 12] = [
    ["MBR", "UBL", "UFR", "UBR", "UBM"],
    ["DFL", "UBL", "MFL", "MBL", "FLD"],
    ["DFM", "UFR", "MFL", "MFR", "FMD"],
    ["UFR", "UBR", "MFR", "MBR", "FRD"],
    ["UBL", "UBM", "MBM", "MBL", "BLD"],
    ["UBR", "UBM", "MBR", "MBM", "BRD"],
    ["MFL", "FMD", "DFM", "DFL", "FLD"],
    ["MFR", "FMD", "FRD", "DFM", "DFR"],
    ["MBL", "BLD", "DFL", "FLD", "DBL"],
    ["MBR", "FRD", "BRD", "DFR", "DBR"],
    ["MBM", "BRD", "BLD", "DBL", "DBR"],
    ["DFM", "DFL", "DBL", "DFR", "DBR"],
];

/// The seed's five sparse patterns (4 cubies each).
pub const SPARSE_PATTERNS: [[&str; 4]; 5] = [
    ["UFR", "MBR", "DFM", "BLD"],
    ["UFR", "MBM", "FLD", "DFR"],
    ["UBR", "FMD", "MBL", "DBR"],
    ["UBM", "MFL", "FRD", "DBL"],
    ["UBL", "MFR", "BRD", "DFL"],
];

/// The first 6-cubie pattern of `best`: face R's five cubies and BRD.
///
/// The rotation about UFL fixes UFL and DBR and moves the other 18 cubies in six 3-cycles
/// (`{UBL, MFL, UFR}`, `{UBR, MBL, FMD}`, `{UBM, FLD, MFR}`, `{MBR, BLD, DFM}`,
/// `{FRD, MBM, DFL}`, `{BRD, DBL, DFR}`); this set takes one cubie from each, so its three
/// rotated copies (R + BRD, BL + DBL, DL + DFR) are disjoint and cover all 18.
pub const BEST_PATTERN: [&str; 6] = ["UFR", "UBR", "MFR", "MBR", "FRD", "BRD"];

/// The second 6-cubie pattern of `best`: face BR's five cubies and UBL.
///
/// Chosen among the compact sets (a face and one cubie sharing a face with three of its
/// five) that, like [`BEST_PATTERN`], take one cubie from each 3-cycle of the rotation about
/// UFL, so its three copies (BR + UBL, DBL + MFL, DR + UFR) are disjoint too. The only
/// other faces whose five cubies lie in five different cycles are R's class (R, BL, DL:
/// the first set's faces, which would regroup one cubie only) and BR's class (BR, DBL, DR);
/// D, DB and DBR hold the fixed DBR, U, L and F the fixed UFL. BR's class with the cubie
/// from the missing cycle `{UBL, MFL, UFR}` gives two sets up to rotation: BR + UFR, which
/// shares four cubies with R + BRD, and BR + UBL, which shares at most three with any copy
/// of the first set (three with R + BRD, three with BL + DBL). The smaller overlap makes
/// the second bound the less correlated with the first, so the max of the six rises more.
pub const SECOND_PATTERN: [&str; 6] = ["UBL", "UBR", "UBM", "MBR", "MBM", "BRD"];

/// The heuristics, by name.
pub const HEURISTICS: [&str; 5] = ["best", "best-mirror", "faces", "seed", "sparse"];

/// One lookup: a database read for the state (or its inverse), possibly through a power of
/// the rotation about UFL so that it gives the distance of the rotated cubie set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookupSpec {
    /// The pattern (index into [`Config::patterns`]).
    pub pattern: usize,
    /// Read for the inverse state.
    pub inverse: bool,
    /// The lookup gives the distance of the cubie set ρ^power(pattern) for powers 0..3, of
    /// its mirror images ([`symmetry::Rotation::symmetries`]) for 3..6.
    pub power: u8,
}

/// A distance-mod-3 database looked up through symmetries of the UFL-fixed puzzle, its exact
/// values carried by the search nodes (at most six lookups).
#[derive(Debug, Clone)]
pub struct Mod3Config {
    /// The lookups give the distances of the cubie sets ρ^power(pattern) for powers 0..3, and
    /// of the pattern's three mirror images for 3..6 (the reflections through the planes that
    /// hold the UFL–DBR axis), in this order.
    pub powers: Vec<u8>,
    /// The pattern.
    pub pattern: Pattern,
}

/// The most exact distances a search node carries (two mod-3 databases, six lookups each).
pub const MAX_CARRIED: usize = search::MAX_CARRIED;

/// A heuristic's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The 2-bit databases looked up first, in this order ([`MAX_CARRIED`] lookups at most).
    pub mod3: Vec<Mod3Config>,
    /// The patterns whose 4-bit tables are built.
    pub patterns: Vec<Pattern>,
    /// The lookups in the order they are tried.
    pub lookups: Vec<LookupSpec>,
    /// The seed's move pruning (`SEED_SKIP`, on the last face only) instead of the canonical
    /// sequences of the physical faces ([`canon`]).
    pub seed_pruning: bool,
    /// The seed's expansion order.
    pub order_children: bool,
}

fn patterns_of(sets: &[&[&str]]) -> Vec<Pattern> {
    sets.iter().filter_map(|p| Pattern::new(p)).collect()
}

/// Tables for `sets` in order, each served by rotating an earlier table when a power of the
/// rotation about UFL maps that table's cubie set onto it: (patterns, (pattern, power) per
/// set).
pub fn with_symmetry(sets: &[Pattern]) -> (Vec<Pattern>, Vec<(usize, u8)>) {
    let powers = Rotation::powers();
    let mut patterns: Vec<Pattern> = Vec::new();
    let mut served = Vec::new();
    for q in sets {
        let mut want: Vec<u8> = q.cubies.clone();
        want.sort_unstable();
        let found = powers.as_ref().and_then(|pw| {
            patterns.iter().enumerate().find_map(|(i, p)| {
                (1..3u8).find_map(|j| {
                    let mut img: Vec<u8> = p.cubies.iter().map(|&c| pw[j as usize].cubie(c)).collect();
                    img.sort_unstable();
                    (img == want).then_some((i, j))
                })
            })
        });
        match found {
            Some(x) => served.push(x),
            None => {
                patterns.push(q.clone());
                served.push((patterns.len() - 1, 0));
            }
        }
    }
    (patterns, served)
}

impl Config {
    /// The configuration of a named heuristic.
    pub fn named(heuristic: &str) -> Option<Config> {
        let faces: Vec<&[&str]> = FACE_PATTERNS.iter().map(|p| &p[..]).collect();
        let sparse: Vec<&[&str]> = SPARSE_PATTERNS.iter().map(|p| &p[..]).collect();
        let (face_patterns, face_served) = with_symmetry(&patterns_of(&faces));
        let lookup = |(pattern, power): (usize, u8), inverse| LookupSpec {
            pattern,
            inverse,
            power,
        };
        Some(match heuristic {
            "seed" => {
                let mut patterns = face_patterns;
                let mut lookups: Vec<LookupSpec> = face_served.iter().map(|&x| lookup(x, false)).collect();
                for p in patterns_of(&sparse) {
                    patterns.push(p);
                    lookups.push(lookup((patterns.len() - 1, 0), false));
                }
                Config {
                    mod3: Vec::new(),
                    patterns,
                    lookups,
                    seed_pruning: true,
                    order_children: true,
                }
            }
            "best" | "best-mirror" => {
                let sixes = [Pattern::new(&BEST_PATTERN)?, Pattern::new(&SECOND_PATTERN)?];
                let powers = Rotation::powers()?;
                let covered: Vec<Vec<u8>> = sixes
                    .iter()
                    .flat_map(|six| {
                        powers.iter().map(|r| {
                            let mut img: Vec<u8> = six.cubies.iter().map(|&c| r.cubie(c)).collect();
                            img.sort_unstable();
                            img
                        })
                    })
                    .collect();
                let face_sets = patterns_of(&faces);
                let mut lookups: Vec<LookupSpec> = face_served.iter().map(|&x| lookup(x, true)).collect();
                for (q, &x) in face_sets.iter().zip(&face_served) {
                    let inside = covered
                        .iter()
                        .any(|set| q.cubies.iter().all(|c| set.binary_search(c).is_ok()));
                    if !inside {
                        lookups.push(lookup(x, false));
                    }
                }
                Config {
                    mod3: sixes
                        .into_iter()
                        .map(|pattern| Mod3Config {
                            pattern,
                            powers: if heuristic == "best" {
                                vec![0, 1, 2]
                            } else {
                                vec![0, 1, 2, 3, 4, 5]
                            },
                        })
                        .collect(),
                    patterns: face_patterns,
                    lookups,
                    seed_pruning: false,
                    order_children: false,
                }
            }
            "faces" => Config {
                mod3: Vec::new(),
                patterns: face_patterns,
                lookups: face_served
                    .iter()
                    .flat_map(|&x| [lookup(x, false), lookup(x, true)])
                    .collect(),
                seed_pruning: false,
                order_children: false,
            },
            "sparse" => Config::plain(patterns_of(&sparse)),
            _ => return None,
        })
    }

    /// Forward lookups of `patterns`, true pruning, no ordering (small tables for tests).
    pub fn plain(patterns: Vec<Pattern>) -> Config {
        Config {
            mod3: Vec::new(),
            lookups: (0..patterns.len())
                .map(|pattern| LookupSpec {
                    pattern,
                    inverse: false,
                    power: 0,
                })
                .collect(),
            patterns,
            seed_pruning: false,
            order_children: false,
        }
    }
}

/// The specs of the tables a heuristic needs.
pub fn specs(heuristic: &str) -> Option<Vec<TableSpec>> {
    Config::named(heuristic).map(|c| {
        let mut v: Vec<TableSpec> = c.mod3.iter().map(|m| m.pattern.spec_mod3()).collect();
        v.extend(c.patterns.iter().map(Pattern::spec));
        v
    })
}

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
struct Compiled {
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
    pdbs: Vec<Pdb>,
    order: Vec<Compiled>,
    /// The mod-3 databases.
    m3: Vec<Pdb>,
    /// Their lookups (at most [`MAX_CARRIED`], `pdb` indexing `m3`), looked up first; the
    /// node carries the exact value of lookup `j` in `h[j]`.
    m3_order: Vec<Compiled>,
    /// `touch[p]`: the moves (bit per move) that move the cubie at free position `p` or
    /// change its twist.
    touch: [u64; pattern::N],
}

impl Lookups {
    fn new(pdbs: Vec<Pdb>, specs: &[LookupSpec], m3: Vec<(Pdb, Vec<u8>)>) -> Lookups {
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

    #[inline(always)]
    fn value(&self, l: &Compiled, node: &Node) -> u32 {
        let pdb = &self.pdbs[l.pdb];
        pdb.get(l.index(node, &pdb.pattern))
    }
}

impl Bound for Lookups {
    #[inline]
    fn prunes(&self, node: &Node, remaining: u32) -> bool {
        self.carried(node) > remaining || self.order.iter().any(|l| self.value(l, node) > remaining)
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
        skip
    }

    fn filter(&self, parent: &Node, kids: &mut [Node], alive: &mut Vec<u8>, remaining: u32, prefetch: bool) {
        let mut idx = [0u64; 48];
        for (j, l) in self.m3_order.iter().enumerate() {
            let pdb = &self.m3[l.pdb];
            let bytes = pdb.table.bytes();
            for (slot, &i) in idx.iter_mut().zip(alive.iter()) {
                *slot = l.index(&kids[i as usize], &pdb.pattern);
                if prefetch {
                    twisty_search::prefetch::prefetch(bytes, (*slot / 4) as usize);
                }
            }
            let mut w = 0;
            for a in 0..alive.len() {
                let kid = &mut kids[alive[a] as usize];
                let e = Self::step(parent.h[j], pdb.get2(idx[a]));
                kid.h[j] = e;
                if e as u32 <= remaining {
                    alive[w] = alive[a];
                    w += 1;
                }
            }
            alive.truncate(w);
            if w == 0 {
                return;
            }
        }
        for (li, l) in self.order.iter().enumerate() {
            let pdb = &self.pdbs[l.pdb];
            let bytes = pdb.table.bytes();
            let bit = if li < 32 { 1u32 << li } else { 0 };
            for (slot, &i) in idx.iter_mut().zip(alive.iter()) {
                *slot = l.index(&kids[i as usize], &pdb.pattern);
                if prefetch {
                    twisty_search::prefetch::prefetch(bytes, (*slot / 2) as usize);
                }
            }
            let mut w = 0;
            for a in 0..alive.len() {
                let v = pdb.get(idx[a]);
                if v <= remaining {
                    if v == remaining {
                        kids[alive[a] as usize].tight |= bit;
                    }
                    alive[w] = alive[a];
                    w += 1;
                }
            }
            alive.truncate(w);
            if w == 0 {
                return;
            }
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
        h
    }
}

/// The optimal Kilominx solver.
#[derive(Debug)]
pub struct KilominxOptimal {
    lookups: Lookups,
    canon: MoveAutomaton,
    order_children: bool,
    moves: Vec<KiloMove>,
}

impl KilominxOptimal {
    /// The solver with a named heuristic (`best`, `seed` or `sparse`), its tables loaded or
    /// built (with a progress bar on stderr when `progress`).
    pub fn new(cache: &TableCache, heuristic: &str) -> Result<KilominxOptimal, SolveError> {
        Self::new_with_progress(cache, heuristic, false)
    }

    /// [`KilominxOptimal::new`] with a progress bar per database built.
    pub fn new_with_progress(
        cache: &TableCache,
        heuristic: &str,
        progress: bool,
    ) -> Result<KilominxOptimal, SolveError> {
        let config = Config::named(heuristic).ok_or_else(|| {
            SolveError::Unsupported(format!(
                "Kilominx heuristic `{heuristic}`: available: {}",
                HEURISTICS.join(", ")
            ))
        })?;
        Self::with_config(cache, config, progress)
    }

    /// The solver with explicit patterns and plain lookups (small ones for tests).
    pub fn with_patterns(cache: &TableCache, patterns: Vec<Pattern>) -> Result<KilominxOptimal, SolveError> {
        Self::with_config(cache, Config::plain(patterns), false)
    }

    /// The solver of a configuration.
    pub fn with_config(
        cache: &TableCache,
        config: Config,
        progress: bool,
    ) -> Result<KilominxOptimal, SolveError> {
        // Missing mod-3 tables are built before the others are loaded, so a build (which holds
        // its table and the copy being written) never runs beside a loaded 3.3 GiB table.
        let mut m3: Vec<Option<(Pdb, Vec<u8>)>> = config.mod3.iter().map(|_| None).collect();
        let mut todo: Vec<usize> = (0..config.mod3.len()).collect();
        todo.sort_by_key(|&i| cache.path(&config.mod3[i].pattern.spec_mod3()).exists());
        for i in todo {
            let m = &config.mod3[i];
            let pdb = Pdb::new_mod3(cache, m.pattern.clone(), progress)
                .map_err(|e| SolveError::Table(e.to_string()))?;
            m3[i] = Some((pdb, m.powers.clone()));
        }
        let m3: Vec<(Pdb, Vec<u8>)> = m3.into_iter().flatten().collect();
        let pdbs = config
            .patterns
            .into_iter()
            .map(|p| Pdb::new(cache, p, progress))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| SolveError::Table(e.to_string()))?;
        let k = Kilominx;
        let moves = k.moves();
        let faces: Vec<u8> = moves.iter().map(|&m| k.face(m)).collect();
        let canon = if config.seed_pruning {
            MoveAutomaton::from_pruning(&MovePruning::new(&faces, |a, b| {
                SEED_SKIP[a as usize].contains(&b) || SEED_SKIP[b as usize].contains(&a)
            }))
        } else {
            // The canonical sequences of the physical faces; the rule on labels alone (faces
            // that commute in the UFL-fixed frame) is the fallback, should the automaton not
            // come out of the move tables (it always does: unit-tested).
            canon::automaton().unwrap_or_else(|| {
                MoveAutomaton::from_pruning(&MovePruning::new(&faces, |a, b| k.faces_commute(a, b)))
            })
        };
        Ok(KilominxOptimal {
            lookups: Lookups::new(pdbs, &config.lookups, m3),
            canon,
            order_children: config.order_children,
            moves,
        })
    }

    /// The databases (for reports): the mod-3 ones first.
    pub fn pdbs(&self) -> Vec<&Pdb> {
        self.lookups.m3.iter().chain(&self.lookups.pdbs).collect()
    }

    /// The heuristic value of a state (max over the lookups).
    pub fn heuristic(&self, state: &KiloState) -> u32 {
        let mut node = Node::new(state);
        self.lookups.init(&mut node);
        self.lookups.estimate(&node, u32::MAX)
    }

    /// Solves with a callback per finished depth bound.
    pub fn solve_with(
        &self,
        state: &KiloState,
        limits: &Limits,
        mut on_bound: impl FnMut(&BoundReport),
    ) -> Result<Solution<KiloMove>, SolveError> {
        let (r, stats) = self.run(state, limits, Goal::First, None, |it| on_bound(&it.report()))?;
        match r.outcome {
            Outcome::Found(paths) => {
                let path = paths.into_iter().next().unwrap_or_default();
                self.solution(state, &path, stats)
            }
            _ => Err(self.error(&r, limits)),
        }
    }

    /// Runs the search with `goal` up to `max_depth` (the limits' maximum length, else 30).
    fn run(
        &self,
        state: &KiloState,
        limits: &Limits,
        goal: Goal,
        max_depth: Option<u32>,
        on_bound: impl FnMut(&Iteration),
    ) -> Result<(search::Report, SearchStats), SolveError> {
        state.validate()?;
        let t0 = Instant::now();
        let opts = Options {
            max_depth: max_depth.or(limits.max_length).unwrap_or(30),
            timeout: limits.timeout,
            max_nodes: limits.max_nodes,
            order_children: self.order_children,
            split_depth: if limits.threads == Some(1) { 0 } else { 2 },
            // A few per cent faster on an idle machine, slower on a loaded one (BENCHMARKS.md);
            // `TWISTY_KILOMINX_PREFETCH=0` turns it off.
            prefetch: std::env::var_os("TWISTY_KILOMINX_PREFETCH").is_none_or(|v| v != "0"),
            goal,
            // Subtrees in the order of the last iteration's node counts, from a shared queue
            // (not in the seed's order of children); `TWISTY_IDA_NO_LEARN=1` turns it off.
            learn: !self.order_children && std::env::var_os("TWISTY_IDA_NO_LEARN").is_none(),
            min_depth: limits.min_length.unwrap_or(0),
            // Move indices are `Kilominx::moves`' order, the automaton's.
            root: limits
                .after_move
                .filter(|&m| m < self.canon.moves())
                .and_then(|m| self.canon.next(MoveAutomaton::START, m))
                .unwrap_or(MoveAutomaton::START),
        };
        let cancel: Option<&AtomicBool> = limits.cancel.as_deref();
        let r = search::search(
            &self.lookups,
            &self.canon,
            &Node::new(state),
            &opts,
            cancel,
            on_bound,
        );
        let stats = SearchStats {
            nodes: r.nodes,
            elapsed: t0.elapsed(),
            breakdown: r
                .bounds
                .iter()
                .map(|b| (format!("depth {}", b.bound), b.nodes, b.elapsed.as_secs_f64()))
                .collect(),
            ..Default::default()
        };
        Ok((r, stats))
    }

    /// The verified solution of a path of move indices.
    fn solution(
        &self,
        state: &KiloState,
        path: &[u8],
        stats: SearchStats,
    ) -> Result<Solution<KiloMove>, SolveError> {
        let moves: Vec<KiloMove> = path.iter().map(|&i| self.moves[i as usize]).collect();
        verify(&Kilominx, state, &moves)?;
        Ok(Solution {
            length: moves.len() as u32,
            moves,
            optimal: true,
            stats,
        })
    }

    /// The error of a search that found nothing.
    fn error(&self, r: &search::Report, limits: &Limits) -> SolveError {
        match r.outcome {
            Outcome::Timeout => SolveError::Timeout {
                deepest_bound: r.deepest_complete,
            },
            Outcome::Cancelled => SolveError::Cancelled {
                deepest_bound: r.deepest_complete,
            },
            _ => SolveError::NoSolutionWithin {
                max_length: limits.max_length.unwrap_or(30),
            },
        }
    }
}

impl Solver<Kilominx> for KilominxOptimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(
        &self,
        _p: &Kilominx,
        state: &KiloState,
        limits: &Limits,
    ) -> Result<Solution<KiloMove>, SolveError> {
        self.solve_with(state, limits, |_| {})
    }
}

#[cfg(test)]
mod tests;
