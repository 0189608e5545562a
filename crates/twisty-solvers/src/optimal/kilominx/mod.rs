//! The optimal Kilominx solver: IDA* over the 48 moves with pattern databases, as the St
//! Andrews solver does it, built breadth-first instead of by its day-long iterative deepening.
//!
//! Every database tracks k of the 19 free cubies and is indexed exactly as the seed does
//! ([`pattern`]). Heuristics (`--heuristic`):
//! - `seed`: the seed's heuristic exactly: its twelve 5-cubie face databases
//!   (19P5·3⁵ = 339,072,480 entries, 170 MB each at 4 bits) and five 4-cubie sparse ones
//!   (7,534,944 entries), max over the 17, with the seed's move pruning ([`SEED_SKIP`]) and its
//!   expansion order (children by estimated cost, the largest first).
//! - `best` (default): the same twelve face databases, each looked up for the state and for
//!   its inverse (the inverse has the same distance, and the search node carries both, so the
//!   second lookup costs no inversion), with the canonical move pruning from the faces that
//!   really commute in the UFL-fixed frame, early exit at the first lookup that prunes, and no
//!   child ordering.
//! - `sparse`: the five sparse databases only (seconds to build; for quick runs and tests).
//!
//! The search ([`search`]) runs on both cores, the tree split two moves below the root.

pub mod pattern;
pub mod search;
pub mod symmetry;

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use pattern::Pattern;
use search::{Bound, Node, Options, Outcome};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use symmetry::Rotation;
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx, SEED_SKIP};
use twisty_core::Puzzle;
use twisty_search::ida::{BoundReport, MovePruning};
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

/// The heuristics, by name.
pub const HEURISTICS: [&str; 3] = ["best", "seed", "sparse"];

/// One lookup: a database read for the state (or its inverse), possibly through a power of
/// the rotation about UFL so that it gives the distance of the rotated cubie set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookupSpec {
    /// The pattern (index into [`Config::patterns`]).
    pub pattern: usize,
    /// Read for the inverse state.
    pub inverse: bool,
    /// The lookup gives the distance of the cubie set ρ^power(pattern).
    pub power: u8,
}

/// A heuristic's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The patterns whose tables are built.
    pub patterns: Vec<Pattern>,
    /// The lookups in the order they are tried.
    pub lookups: Vec<LookupSpec>,
    /// The seed's move pruning (`SEED_SKIP`) instead of the true commutation.
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
                    patterns,
                    lookups,
                    seed_pruning: true,
                    order_children: true,
                }
            }
            "best" => Config {
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
    Config::named(heuristic).map(|c| c.patterns.iter().map(Pattern::spec).collect())
}

/// A pattern with its loaded table.
#[derive(Debug)]
pub struct Pdb {
    /// The pattern.
    pub pattern: Pattern,
    table: Table,
    /// How the table was obtained.
    pub origin: Origin,
}

impl Pdb {
    /// Loads or builds the database of `pattern`.
    pub fn new(cache: &TableCache, pattern: Pattern, progress: bool) -> Result<Pdb, TableError> {
        let (table, origin) = cache.get_or_build(&pattern.spec(), || pattern.build(progress))?;
        Ok(Pdb {
            pattern,
            table,
            origin,
        })
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
                rot[q | (t as usize) << 5] = r.rho[q] | ((t + r.delta[q]) % 3) << 5;
            }
        }
        Compiled {
            pdb,
            inverse: l.inverse,
            k,
            src,
            adj,
            rot,
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

/// The databases of a heuristic and the order they are looked up.
#[derive(Debug)]
pub struct Lookups {
    pdbs: Vec<Pdb>,
    order: Vec<Compiled>,
}

impl Lookups {
    fn new(pdbs: Vec<Pdb>, specs: &[LookupSpec]) -> Lookups {
        let powers = Rotation::powers().unwrap_or_else(|| std::array::from_fn(|_| Rotation::identity()));
        let order = specs
            .iter()
            .map(|l| {
                let u = &powers[((3 - l.power % 3) % 3) as usize];
                Compiled::new(&pdbs[l.pattern].pattern, l.pattern, *l, u)
            })
            .collect();
        Lookups { pdbs, order }
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
        self.order.iter().any(|l| self.value(l, node) > remaining)
    }

    fn filter(&self, kids: &[Node], alive: &mut Vec<u8>, remaining: u32, prefetch: bool) {
        let mut idx = [0u64; 48];
        for l in &self.order {
            let pdb = &self.pdbs[l.pdb];
            let bytes = pdb.table.bytes();
            for (slot, &i) in idx.iter_mut().zip(alive.iter()) {
                *slot = l.index(&kids[i as usize], &pdb.pattern);
                if prefetch {
                    twisty_search::prefetch::prefetch(bytes, (*slot / 2) as usize);
                }
            }
            let mut w = 0;
            for a in 0..alive.len() {
                if pdb.get(idx[a]) <= remaining {
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
        let mut h = 0;
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
    pruning: MovePruning,
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
        let pdbs = config
            .patterns
            .into_iter()
            .map(|p| Pdb::new(cache, p, progress))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| SolveError::Table(e.to_string()))?;
        let k = Kilominx;
        let moves = k.moves();
        let faces: Vec<u8> = moves.iter().map(|&m| k.face(m)).collect();
        let pruning = if config.seed_pruning {
            MovePruning::new(&faces, |a, b| {
                SEED_SKIP[a as usize].contains(&b) || SEED_SKIP[b as usize].contains(&a)
            })
        } else {
            MovePruning::new(&faces, |a, b| k.faces_commute(a, b))
        };
        Ok(KilominxOptimal {
            lookups: Lookups::new(pdbs, &config.lookups),
            pruning,
            order_children: config.order_children,
            moves,
        })
    }

    /// The databases (for reports).
    pub fn pdbs(&self) -> &[Pdb] {
        &self.lookups.pdbs
    }

    /// The heuristic value of a state (max over the lookups).
    pub fn heuristic(&self, state: &KiloState) -> u32 {
        self.lookups.estimate(&Node::new(state), u32::MAX)
    }

    /// Solves with a callback per finished depth bound.
    pub fn solve_with(
        &self,
        state: &KiloState,
        limits: &Limits,
        on_bound: impl FnMut(&BoundReport),
    ) -> Result<Solution<KiloMove>, SolveError> {
        state.validate()?;
        let t0 = Instant::now();
        let opts = Options {
            max_depth: limits.max_length.unwrap_or(30),
            timeout: limits.timeout,
            max_nodes: limits.max_nodes,
            order_children: self.order_children,
            split_depth: if limits.threads == Some(1) { 0 } else { 2 },
            // Measured slower on the shared 2-core machine (BENCHMARKS.md); kept for comparison.
            prefetch: std::env::var_os("TWISTY_KILOMINX_PREFETCH").is_some(),
        };
        let cancel: Option<&AtomicBool> = limits.cancel.as_deref();
        let r = search::search(
            &self.lookups,
            &self.pruning,
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
        match r.outcome {
            Outcome::Found(path) => {
                let moves: Vec<KiloMove> = path.iter().map(|&i| self.moves[i as usize]).collect();
                verify(&Kilominx, state, &moves)?;
                Ok(Solution {
                    length: moves.len() as u32,
                    moves,
                    optimal: true,
                    stats,
                })
            }
            Outcome::Exhausted => Err(SolveError::NoSolutionWithin {
                max_length: opts.max_depth,
            }),
            Outcome::Timeout => Err(SolveError::Timeout {
                deepest_bound: r.deepest_complete,
            }),
            Outcome::Cancelled => Err(SolveError::Cancelled {
                deepest_bound: r.deepest_complete,
            }),
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
