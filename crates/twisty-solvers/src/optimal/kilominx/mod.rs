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

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use pattern::Pattern;
use search::{Bound, Node, Options, Outcome};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
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

/// A heuristic's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The patterns.
    pub patterns: Vec<Pattern>,
    /// The lookups in the order they are tried: (pattern, of the inverse state).
    pub lookups: Vec<(usize, bool)>,
    /// The seed's move pruning (`SEED_SKIP`) instead of the true commutation.
    pub seed_pruning: bool,
    /// The seed's expansion order.
    pub order_children: bool,
}

fn patterns_of(sets: &[&[&str]]) -> Vec<Pattern> {
    sets.iter().filter_map(|p| Pattern::new(p)).collect()
}

impl Config {
    /// The configuration of a named heuristic.
    pub fn named(heuristic: &str) -> Option<Config> {
        let faces: Vec<&[&str]> = FACE_PATTERNS.iter().map(|p| &p[..]).collect();
        let sparse: Vec<&[&str]> = SPARSE_PATTERNS.iter().map(|p| &p[..]).collect();
        Some(match heuristic {
            "seed" => {
                let patterns = patterns_of(&[faces, sparse].concat());
                Config {
                    lookups: (0..patterns.len()).map(|i| (i, false)).collect(),
                    patterns,
                    seed_pruning: true,
                    order_children: true,
                }
            }
            "best" => {
                let patterns = patterns_of(&faces);
                Config {
                    lookups: (0..patterns.len()).flat_map(|i| [(i, false), (i, true)]).collect(),
                    patterns,
                    seed_pruning: false,
                    order_children: false,
                }
            }
            "sparse" => Config::plain(patterns_of(&sparse)),
            _ => return None,
        })
    }

    /// Forward lookups of `patterns`, true pruning, no ordering (small tables for tests).
    pub fn plain(patterns: Vec<Pattern>) -> Config {
        Config {
            lookups: (0..patterns.len()).map(|i| (i, false)).collect(),
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

    /// The lower bound this database gives for the node's state (or its inverse).
    #[inline(always)]
    pub fn lookup(&self, node: &Node, inverse: bool) -> u32 {
        let cubies = &self.pattern.cubies;
        let k = cubies.len();
        let (mut pos, mut tw) = ([0u8; pattern::MAX_K], [0u8; pattern::MAX_K]);
        for j in 0..k {
            let c = cubies[j] as usize;
            if inverse {
                pos[j] = node.s.cubie(c) - 1;
                tw[j] = search::inverse_twist(node.s.twist(c));
            } else {
                pos[j] = node.w[c] & 31;
                tw[j] = node.w[c] >> 5;
            }
        }
        let i = self.pattern.index0(&pos[..k], &tw[..k]);
        Nibbles(self.table.bytes()).get(i) as u32
    }
}

/// The databases of a heuristic and the order they are looked up.
#[derive(Debug)]
pub struct Lookups {
    pdbs: Vec<Pdb>,
    order: Vec<(usize, bool)>,
}

impl Bound for Lookups {
    #[inline]
    fn prunes(&self, node: &Node, remaining: u32) -> bool {
        self.order.iter().any(|&(i, inv)| self.pdbs[i].lookup(node, inv) > remaining)
    }

    fn estimate(&self, node: &Node, cap: u32) -> u32 {
        let mut h = 0;
        for &(i, inv) in &self.order {
            h = h.max(self.pdbs[i].lookup(node, inv));
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
            lookups: Lookups {
                pdbs,
                order: config.lookups,
            },
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
        };
        let cancel: Option<&AtomicBool> = limits.cancel.as_deref();
        let r = search::search(&self.lookups, &self.pruning, &Node::new(state), &opts, cancel, on_bound);
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
