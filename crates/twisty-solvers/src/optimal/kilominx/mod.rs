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
//!   [`twisty_search::blockbfs_mod3`]), each looked up six times: through the rotation about
//!   UFL and through the three reflections that keep UFL in place
//!   ([`symmetry::Rotation::mirror`]; the mirror images of R + BRD are BL + BRD and its
//!   rotations, those of BR + UBL are BR + UFR and its rotations). The twelve exact distances
//!   are carried from parent to child in the search node (a child's distance is its parent's
//!   −1, 0 or +1, told apart by the entry mod 3; the start's is found by walking down to the
//!   goal); no forward face lookups (after the carried values they almost never prune:
//!   BENCHMARKS.md, "Face lookups dropped"); only canonical sequences of the physical faces ([`canon`]:
//!   branching factor 26.5 instead of 36.3 for a rule on the labels of the UFL-fixed frame),
//!   early exit at the first lookup that prunes, no child ordering. Then the same twelve
//!   lookups for the inverse state: the inverse is not a neighbour of the parent's inverse,
//!   so no exact value can be carried, but the face inside each 6-cubie set (faces R and BR,
//!   4-bit tables, read through the same symmetry) gives a lower bound `f` of its distance,
//!   and the smallest value at least `f` with the entry's residue mod 3 is one too, nearly
//!   always the distance itself. These run only on the children the forward lookups keep; a
//!   child whose inverse value equals its remaining depth marks that lookup tight, so its
//!   children by moves that leave the lookup's positions alone are never generated
//!   (BENCHMARKS.md, "Inverse lookups lifted from the faces").
//! - `best-exact`: `best`'s two 6-cubie sets with 4-bit entries holding the distance itself
//!   (6.6 GiB each, 13.3 GiB in all, built by the same block builder): the twelve forward
//!   lookups read the distance directly, and each of the twelve inverse lookups is one read
//!   giving the exact distance, instead of a face read plus a mod-3 read lifted to a lower
//!   bound. No face tables. Tight lookups skip moves as in `best`.
//! - `best-forward`: the forward lookups of `best` only (the former default; `best-mirror`,
//!   its earlier name, is still accepted).
//! - `best-rotations`: the same tables looked up through the rotations only (six carried
//!   values): fewer reads per node, about twice the nodes; slower than `best-forward`
//!   (BENCHMARKS.md, "`best` is the mirror lookups").
//! - `faces`: the twelve face databases only, each looked up for the state and for its
//!   inverse (the inverse has the same distance, and the search node carries both, so the
//!   second lookup costs no inversion), with the same pruning and early exit.
//! - `sparse`: the five sparse databases only (seconds to build; for quick runs and tests).
//!
//! The search ([`search`]) runs on both cores, the tree split two moves below the root.

pub mod canon;
mod config;
mod lookups;
mod node;
pub mod part;
pub mod pattern;
pub mod research;
pub mod search;
pub mod symmetry;

pub use config::{specs, with_symmetry, Config, LookupSpec, Mod3Config, MAX_CARRIED};
pub use lookups::{Lookups, Pdb};

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use pattern::Pattern;
use search::{Bound, Goal, Iteration, Node, Options, Outcome};
use std::sync::atomic::AtomicBool;
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx, SEED_SKIP};
use twisty_core::Puzzle;
use twisty_search::ida::{BoundReport, MoveAutomaton, MovePruning};
use twisty_search::{Origin, TableCache};
use web_time::Instant;

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

/// The heuristics, by name: the default first, the former name `best-mirror` (now
/// `best-forward`) last.
pub const HEURISTICS: [&str; 8] = [
    "best",
    "best-exact",
    "best-forward",
    "best-rotations",
    "faces",
    "seed",
    "sparse",
    "best-mirror",
];

/// 4-bit tables at least this big are built (and dropped) before any table is loaded.
const BUILD_FIRST_BYTES: u64 = 1 << 30;

/// The heuristic used when none is named.
pub const DEFAULT_HEURISTIC: &str = HEURISTICS[0];

/// The heuristic a name selects (`best-mirror` is the former name of `best-forward`), or `None` for
/// an unknown name.
pub fn heuristic_named(name: &str) -> Option<&'static str> {
    match name {
        "best-mirror" => Some("best-forward"),
        _ => HEURISTICS.iter().find(|&&h| h == name).copied(),
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
        Self::with_config_at(cache, config, progress, BUILD_FIRST_BYTES)
    }

    /// [`KilominxOptimal::with_config`], the missing 4-bit tables of at least `build_first`
    /// bytes built and dropped before any table is loaded.
    fn with_config_at(
        cache: &TableCache,
        config: Config,
        progress: bool,
        build_first: u64,
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
        // A missing big 4-bit table (6.6 GiB for six cubies) is built, stored and dropped
        // before any table is loaded: its build holds it and the copy being written, and a
        // second such build beside a first one kept in memory would need three times its size.
        // The tables are then loaded from the cache; the report keeps saying they were built.
        // (A table the cache could not store is kept as built: loading would build it again.)
        let mut early: Vec<Option<Result<Pdb, Origin>>> = config.patterns.iter().map(|_| None).collect();
        for (i, p) in config.patterns.iter().enumerate() {
            if p.spec().data_len() >= build_first && !cache.path(&p.spec()).exists() {
                let pdb =
                    Pdb::new(cache, p.clone(), progress).map_err(|e| SolveError::Table(e.to_string()))?;
                early[i] = Some(match pdb.origin {
                    Origin::Unsaved(_) => Ok(pdb),
                    ref o => Err(o.clone()),
                });
            }
        }
        let pdbs = config
            .patterns
            .into_iter()
            .zip(early)
            .map(|(p, e)| match e {
                Some(Ok(pdb)) => Ok(pdb),
                Some(Err(built)) => Pdb::new(cache, p, progress).map(|mut pdb| {
                    pdb.origin = built;
                    pdb
                }),
                None => Pdb::new(cache, p, progress),
            })
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
        let powers: Vec<Vec<u8>> = m3.iter().map(|(_, p)| p.clone()).collect();
        // An inverse lookup is lifted from a pattern inside the 6-cubie set: any other would
        // not bound its distance from below.
        for (t, &f) in config.inverse_faces.iter().enumerate() {
            let inside = match (pdbs.get(f), m3.get(t)) {
                (Some(face), Some((big, _))) => {
                    face.pattern.cubies.iter().all(|c| big.pattern.cubies.contains(c))
                }
                _ => false,
            };
            if !inside {
                return Err(SolveError::Unsupported(format!(
                    "inverse lookup {t}: pattern {f} is not a pattern inside mod-3 database {t}"
                )));
            }
        }
        let lookups = Lookups::new(pdbs, &config.lookups, m3).with_inverse(&config.inverse_faces, &powers);
        Ok(KilominxOptimal {
            lookups,
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
        let (r, stats) = self.run(state, limits, Goal::First, None, None, |it| {
            on_bound(&it.report())
        })?;
        match r.outcome {
            Outcome::Found(paths) => {
                let path = paths.into_iter().next().unwrap_or_default();
                self.solution(state, &path, stats)
            }
            _ => Err(self.error(&r, limits)),
        }
    }

    /// Runs the search with `goal` up to `max_depth` (the limits' maximum length, else 30);
    /// with `part`, only that part of every bound.
    fn run(
        &self,
        state: &KiloState,
        limits: &Limits,
        goal: Goal,
        max_depth: Option<u32>,
        part: Option<part::Part>,
        on_bound: impl FnMut(&Iteration),
    ) -> Result<(search::Report, SearchStats), SolveError> {
        state.validate()?;
        let t0 = Instant::now();
        let opts = Options {
            max_depth: max_depth.or(limits.max_length).unwrap_or(30),
            timeout: limits.timeout,
            max_nodes: limits.max_nodes,
            order_children: self.order_children,
            // A part is a set of the subtrees two moves deep, on one thread too.
            split_depth: if limits.threads == Some(1) && part.is_none() {
                0
            } else {
                2
            },
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
            part,
            progress: limits.progress.clone(),
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
