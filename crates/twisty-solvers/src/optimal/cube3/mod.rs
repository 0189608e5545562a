//! The optimal 3x3x3 solver: IDA* over the 18 face moves with pattern databases, as Korf
//! (1997) and seed 000 describe it.
//!
//! Heuristics ([`HeuristicKind`]):
//! - `korf`: the max of the corner database (8!·3⁷ = 88,179,840 entries, 42 MiB) and two
//!   7-edge databases (12!/5!·2⁷ = 510,935,040 entries, 244 MiB each) over the edge sets
//!   `UR UF UL UB DR DF DL` and `BR BL FL FR DB DL DF`, which share `DF` and `DL`.
//! - `small`: the corner database and the 5-edge prefixes of the two sets (3,041,280
//!   entries each); builds in seconds, for tests and quick runs.
//! - `korf-inverse` and `small-inverse`: the same databases, also probed with the inverse
//!   position (its distance is the same, so the max stays admissible). The inverse's edge
//!   coordinates are read straight off the cube (see [`coords::EdgePattern::dual_coord`]),
//!   so a node also carries its cubie cube; the corner database gives the same value for a
//!   position and its inverse and is probed once.
//!
//! A search node is six small coordinates advanced by move tables: the corner permutation and
//! twist, and the two 7-edge coordinates (the two sets cover all twelve edges, so the node is
//! solved exactly when every coordinate is). Shorter edge patterns are read off the 7-edge
//! coordinates (see [`coords`]). Move pruning: never the same face twice, opposite faces in
//! one order. Both cores work on one cube (the tree is split three moves below the root,
//! under a shared bound); `--threads` sets how many.
//!
//! - `h48-7`, `h48-8`, `h48-7-quick` (and `h48-tiny` for tests): a coset table whose target
//!   group is invariant under all 48 symmetries, with 7 or 8 edge-flip bits (3.6 or 7.2 GiB),
//!   probed on the position and its inverse (see [`h48`]).
//! - `best` (the default): a symmetry-reduced coset table of 10,066,636,800 entries (2.42
//!   GiB, 2-bit entries relative to a base), probed on three axes of the position and of its
//!   inverse with the "+1 rule" (see [`best`]); `best-tiny` is the same code on a 4.9
//!   million-entry table without the edge flip, for tests. These do not load the pattern
//!   databases or their move tables.

pub mod best;
pub mod coords;
pub mod h48;
mod heuristic;
pub mod pdb;

pub use heuristic::HeuristicKind;

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use coords::{edge_move, edge_prefix, prefix_divisor, EdgePattern, MoveMaps, MOVES, TWISTS};
use twisty_core::cube3::{Cube3, Cube3Move, CubieCube};
use twisty_core::{Metric, Puzzle};
use twisty_search::ida::{ida_star, BoundReport, IdaOptions, IdaOutcome, IdaProblem, MovePruning};
use twisty_search::packed::Nibbles;
use twisty_search::{Origin, Table, TableCache, TableError};
use web_time::Instant;

/// The first edge set (cubies in Kociemba's order: `UR UF UL UB DR DF DL`).
pub const EDGES_A: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];
/// The second edge set (`BR BL FL FR DB DL DF`); it shares `DL` and `DF` with the first.
pub const EDGES_B: [u8; 7] = [11, 10, 9, 8, 7, 6, 5];
/// God's number: the default maximum length.
pub const GODS_NUMBER: u32 = 20;

/// A search node: corner permutation, twist, and the two 7-edge coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    cp: u16,
    tw: u16,
    ea: u32,
    eb: u32,
    /// The whole cube, kept only when the inverse is probed (else always solved).
    cube: CubieCube,
}

/// A loaded pattern database and how it was obtained.
#[derive(Debug)]
pub struct LoadedTable {
    /// The table.
    pub table: Table,
    /// Loaded, built, or rebuilt (with the reason).
    pub origin: Origin,
}

/// The optimal 3x3x3 solver with its tables.
#[derive(Debug)]
pub struct Cube3Optimal {
    kind: HeuristicKind,
    cpt: Vec<u16>,
    twt: Vec<u16>,
    e7: Vec<u32>,
    pattern_a: EdgePattern,
    pattern_b: EdgePattern,
    solved: Node,
    divisor: u32,
    inverse: bool,
    dual_a: EdgePattern,
    dual_b: EdgePattern,
    tables: Vec<LoadedTable>,
    pruning: MovePruning,
    coset: Option<best::CosetCoords>,
    h48: Option<(h48::Variant, h48::coords::H48Coords)>,
}

/// Peak memory of an `h48` table build: the table being filled (it becomes the table), plus
/// the short states (a set slot and a cube each: 0.2 GB measured at short depth 8, 4.4 GB at
/// depth 9).
pub fn h48_build_bytes(v: h48::Variant) -> u64 {
    let short = match v.short_depth() {
        9.. => 4600 << 20,
        8 => 900 << 20,
        _ => 16 << 20,
    };
    v.table_bytes() + short
}

/// Peak memory of the coset-table build: the mod-3 array (`n / 4` bytes) and the result
/// being filled (`n · 16 / 62`), then the result and its byte copy; plus the unit minima.
pub fn coset_build_bytes(v: best::Variant) -> u64 {
    let n = best::CLASSES * v.per_class();
    let packed = twisty_search::coset_bfs::packed_len(n);
    (n / 4 + packed).max(2 * packed) + n / 62
}

impl Cube3Optimal {
    /// Loads the heuristic's databases from `cache`, building missing or invalid ones
    /// (with progress bars on stderr when `progress`).
    pub fn new(cache: &TableCache, kind: HeuristicKind, progress: bool) -> Result<Self, TableError> {
        if let Some(v) = kind.coset() {
            return Self::new_coset(cache, kind, v, progress);
        }
        if let Some(v) = kind.h48() {
            return Self::new_h48(cache, kind, v, progress);
        }
        let maps = MoveMaps::new();
        let mut tables = Vec::new();
        let (table, origin) =
            cache.get_or_build(&pdb::corner_spec(), || pdb::build_corners(&maps, progress))?;
        tables.push(LoadedTable { table, origin });
        for p in kind.patterns().iter().flatten() {
            let (table, origin) =
                cache.get_or_build(&pdb::edge_spec(p), || pdb::build_edges(p, &maps, progress))?;
            tables.push(LoadedTable { table, origin });
        }
        let pattern_a = EdgePattern {
            edges: EDGES_A.to_vec(),
        };
        let pattern_b = EdgePattern {
            edges: EDGES_B.to_vec(),
        };
        let e7 = pattern_a.move_table(&maps);
        let solved = Node {
            cp: 0,
            tw: 0,
            ea: pattern_a.solved(),
            eb: pattern_b.solved(),
            cube: CubieCube::SOLVED,
        };
        let j = kind.edge_len() as usize;
        let faces: Vec<u8> = Cube3Move::ALL.iter().map(|m| m.face()).collect();
        Ok(Cube3Optimal {
            kind,
            cpt: coords::corner_perm_table(&maps),
            twt: coords::twist_table(&maps),
            e7,
            pattern_a,
            pattern_b,
            solved,
            divisor: prefix_divisor(7, kind.edge_len()),
            inverse: kind.inverse(),
            dual_a: EdgePattern {
                edges: EDGES_A[..j].to_vec(),
            },
            dual_b: EdgePattern {
                edges: EDGES_B[..j].to_vec(),
            },
            tables,
            pruning: MovePruning::new(&faces, |a, b| a != b && a % 3 == b % 3),
            coset: None,
            h48: None,
        })
    }

    fn new_coset(
        cache: &TableCache,
        kind: HeuristicKind,
        v: best::Variant,
        progress: bool,
    ) -> Result<Self, TableError> {
        let coords = best::CosetCoords::new(v);
        let spec = coords.spec();
        if let Some(cap) = cache.max_memory() {
            let need = coset_build_bytes(v);
            if need > cap && !cache.path(&spec).exists() {
                return Err(TableError::OverMemory {
                    name: format!("{} (building)", spec.name),
                    needed: need,
                    cap,
                });
            }
        }
        let (table, origin) = cache.get_or_build(&spec, || coords.build_table(progress).bytes)?;
        // Random probes all over 2.4 GiB: huge pages save most TLB misses. A table just built
        // is kept as it is (copying it would hold two copies at once), and so is the small
        // test variant, which fits the caches anyway.
        let huge = v == best::Variant::Full;
        Ok(Cube3Optimal {
            coset: Some(coords),
            ..Self::one_table(kind, table, origin, huge)
        })
    }

    /// A solver guided by one coset table (`best`, `h48`): no pattern databases. A loaded
    /// table is moved to huge pages when `huge` (a table just built is kept as it is: copying
    /// it would hold two copies at once), unless `TWISTY_NO_HUGE_PAGES` is set.
    fn one_table(kind: HeuristicKind, table: Table, origin: twisty_search::Origin, huge: bool) -> Self {
        let table = if std::env::var_os("TWISTY_NO_HUGE_PAGES").is_some()
            || origin != twisty_search::Origin::Loaded
            || !huge
        {
            table
        } else {
            table.into_huge_pages()
        };
        let faces: Vec<u8> = Cube3Move::ALL.iter().map(|m| m.face()).collect();
        let empty = EdgePattern { edges: Vec::new() };
        Cube3Optimal {
            kind,
            cpt: Vec::new(),
            twt: Vec::new(),
            e7: Vec::new(),
            pattern_a: empty.clone(),
            pattern_b: empty.clone(),
            solved: Node {
                cp: 0,
                tw: 0,
                ea: 0,
                eb: 0,
                cube: CubieCube::SOLVED,
            },
            divisor: 1,
            inverse: true,
            dual_a: empty.clone(),
            dual_b: empty,
            tables: vec![LoadedTable { table, origin }],
            pruning: MovePruning::new(&faces, |a, b| a != b && a % 3 == b % 3),
            coset: None,
            h48: None,
        }
    }

    fn new_h48(
        cache: &TableCache,
        kind: HeuristicKind,
        v: h48::Variant,
        progress: bool,
    ) -> Result<Self, TableError> {
        let spec = v.spec();
        if let Some(cap) = cache.max_memory() {
            let need = h48_build_bytes(v);
            if need > cap && !cache.path(&spec).exists() {
                return Err(TableError::OverMemory {
                    name: format!("{} (building)", spec.name),
                    needed: need,
                    cap,
                });
            }
        }
        let coords = h48::coords::H48Coords::new();
        let (table, origin) = cache.get_or_build_table(&spec, || {
            h48::gen::build(&coords, v, progress)
                .map(|r| r.table)
                .ok_or_else(|| TableError::BadBuild {
                    name: spec.name.clone(),
                    got: 0,
                    expected: spec.data_len(),
                })
        })?;
        let huge = v != h48::Variant::Tiny;
        Ok(Cube3Optimal {
            h48: Some((v, coords)),
            ..Self::one_table(kind, table, origin, huge)
        })
    }

    /// The `h48` heuristic over the loaded table (for `h48-7`, `h48-8`, `h48-tiny`).
    pub fn h48_problem(&self) -> Option<h48::search::H48Problem<'_>> {
        let (v, coords) = self.h48.as_ref()?;
        let mut p = h48::search::H48Problem::new(
            coords,
            twisty_search::coset_bfs::BasePacked {
                bytes: self.tables[0].table.bytes(),
                base: v.base(),
            },
            &self.pruning,
            v.flip_bits(),
            std::env::var_os("TWISTY_H48_NO_HALF_TURN_RULE").is_none(),
            std::env::var_os("TWISTY_H48_NO_SWITCH").is_none(),
        );
        p.order = std::env::var_os("TWISTY_OPTIMAL_NO_ORDER").is_none();
        Some(p)
    }

    /// The coset heuristic over the loaded table (for `best` and `best-tiny`).
    pub fn best_problem(&self) -> Option<best::BestProblem<'_>> {
        let coords = self.coset.as_ref()?;
        Some(best::BestProblem {
            coords,
            table: twisty_search::coset_bfs::BasePacked {
                bytes: self.tables[0].table.bytes(),
                base: coords.variant.base(),
            },
            pruning: &self.pruning,
            inverse: true,
            order: std::env::var_os("TWISTY_OPTIMAL_NO_ORDER").is_none(),
        })
    }

    /// The heuristic in use.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// The databases (corners first) and how each was obtained.
    pub fn tables(&self) -> &[LoadedTable] {
        &self.tables
    }

    /// Total bytes of the databases.
    pub fn table_bytes(&self) -> u64 {
        self.tables.iter().map(|t| t.table.bytes().len() as u64).sum()
    }

    /// The search node of a cube.
    pub fn node(&self, c: &CubieCube) -> Node {
        Node {
            cp: coords::corner_perm(c),
            tw: coords::twist(c),
            ea: self.pattern_a.coord(c),
            eb: self.pattern_b.coord(c),
            cube: if self.inverse { *c } else { CubieCube::SOLVED },
        }
    }

    /// The edge databases' values for the inverse position (0 when not probed).
    #[inline]
    fn dual_lookups(&self, n: &Node) -> [u8; 2] {
        if !self.inverse {
            return [0, 0];
        }
        [
            Nibbles(self.tables[1].table.bytes()).get(self.dual_a.dual_coord(&n.cube) as u64),
            Nibbles(self.tables[2].table.bytes()).get(self.dual_b.dual_coord(&n.cube) as u64),
        ]
    }

    #[inline]
    fn lookups(&self, n: &Node) -> [u8; 3] {
        let j = self.kind.edge_len();
        let c = Nibbles(self.tables[0].table.bytes()).get(n.cp as u64 * TWISTS + n.tw as u64);
        let a = edge_prefix(n.ea, 7, j, self.divisor);
        let b = edge_prefix(n.eb, 7, j, self.divisor);
        [
            c,
            Nibbles(self.tables[1].table.bytes()).get(a as u64),
            Nibbles(self.tables[2].table.bytes()).get(b as u64),
        ]
    }

    /// The heuristic value of a cube (a lower bound on its distance).
    pub fn heuristic_of(&self, c: &CubieCube) -> u32 {
        if let Some(p) = self.h48_problem() {
            return p.heuristic(&p.node(c, None));
        }
        if let Some(p) = self.best_problem() {
            return p.heuristic(&p.node(c));
        }
        self.heuristic(&self.node(c))
    }

    /// The value of each database for a cube (corners, first edge set, second edge set).
    ///
    /// For `best` and `best-tiny`: one probe (U–D axis), the three axes, the three axes of
    /// the position and the inverse (each without the +1 rule).
    pub fn lookups_of(&self, c: &CubieCube) -> [u8; 3] {
        if let Some(p) = self.h48_problem() {
            let h = p.probes(&p.node(c, None));
            return [h[0], h[1], h[0].max(h[1])];
        }
        if let Some(p) = self.best_problem() {
            let n = p.node(c);
            let h = p.probes(&n);
            let three = h[0].max(h[1]).max(h[2]);
            let six = three.max(p.inverse_probes(&n).into_iter().max().unwrap_or(0));
            return [h[0], three, six];
        }
        self.lookups(&self.node(c))
    }

    /// Solves `state` optimally: every optimal solution when `all`, else the first found.
    /// `on_bound` is called after each depth searched completely without a solution.
    pub fn solve_with(
        &self,
        state: &CubieCube,
        limits: &Limits,
        all: bool,
        on_bound: impl FnMut(&BoundReport) + Send,
    ) -> Result<Vec<Solution<Cube3Move>>, SolveError> {
        state.validate()?;
        if limits.metric != Metric::Htm {
            return Err(SolveError::Unsupported(String::from(
                "the optimal 3x3x3 solver works in the half-turn metric (HTM) only",
            )));
        }
        if let Some(keep) = &limits.moves {
            if self.h48.is_some() {
                return Err(SolveError::Unsupported(String::from(
                    "the h48 heuristics search the position and its inverse together and cannot keep to a move set: use `best`, `korf`, `korf-inverse`, `small` or `small-inverse`",
                )));
            }
            if crate::subgroup::reachable_with(&Cube3, state, keep, cube3_points) == Some(false) {
                return Err(SolveError::OutsideMoveSet);
            }
        }
        let threads = limits.threads.unwrap_or_else(rayon::current_num_threads).max(1);
        let opts = IdaOptions {
            max_depth: limits.max_length.unwrap_or(GODS_NUMBER),
            timeout: limits.timeout,
            max_nodes: limits.max_nodes,
            all,
            // Subtrees four moves deep, taken in the order of the last iteration's node
            // counts (BENCHMARKS.md); `TWISTY_IDA_SPLIT=D` (0 to 6) for experiments.
            split_depth: std::env::var("TWISTY_IDA_SPLIT")
                .ok()
                .and_then(|s| s.parse().ok())
                .filter(|&d| d <= 6)
                .unwrap_or(4),
            min_depth: limits.min_length.unwrap_or(0),
            // Move indices are `Cube3Move::ALL`'s, the order of `Puzzle::moves`.
            root_face: limits
                .after_move
                .filter(|&m| m < Cube3Move::ALL.len())
                .and_then(|m| self.pruning().face(m)),
            // Every thread takes the next subtree in order (with the learned order this gave
            // fewer nodes than rayon's split, which starts one thread in the middle);
            // `TWISTY_IDA_RAYON_SPLIT=1` and `TWISTY_IDA_NO_LEARN=1` turn each off.
            queue: std::env::var_os("TWISTY_IDA_RAYON_SPLIT").is_none(),
            learn: std::env::var_os("TWISTY_IDA_NO_LEARN").is_none(),
            // A node's grandchildren are made before its first child is searched, at every
            // depth (BENCHMARKS.md); `TWISTY_IDA_LOOKAHEAD=D` limits it to the children
            // with at most D moves left (0: off), for experiments.
            lookahead: std::env::var("TWISTY_IDA_LOOKAHEAD")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(u32::MAX),
            progress: limits.progress.clone(),
            moves: limits.moves.clone(),
        };
        let pool = twisty_search::threads::Pool::new(threads)
            .map_err(|e| SolveError::Unsupported(format!("cannot start {threads} threads: {e}")))?;
        let cancel = limits.cancel.as_deref();
        let t0 = Instant::now();
        let mut h48 = self.h48_problem();
        let r = match (&mut h48, self.best_problem()) {
            (Some(p), _) => {
                // No switching when every optimal solution is listed (each once, in canonical
                // form) or when a prefix precedes the state (the solution's first move must
                // follow it canonically, and with switching it may be chosen last).
                p.switching &= !all && opts.root_face.is_none();
                let start = p.node(state, opts.root_face);
                pool.install(|| ida_star(&*p, &start, &opts, cancel, on_bound))
            }
            (None, Some(p)) => {
                let start = p.node(state);
                pool.install(|| ida_star(&p, &start, &opts, cancel, on_bound))
            }
            (None, None) => {
                let start = self.node(state);
                pool.install(|| ida_star(self, &start, &opts, cancel, on_bound))
            }
        };
        let elapsed = t0.elapsed();
        let stats = SearchStats {
            nodes: r.nodes,
            elapsed,
            breakdown: r
                .bounds
                .iter()
                .map(|b| (format!("depth {}", b.bound), b.nodes, b.elapsed.as_secs_f64()))
                .collect(),
            ..Default::default()
        };
        match r.outcome {
            IdaOutcome::Found(paths) => {
                let mut out = Vec::with_capacity(paths.len());
                for path in paths {
                    let path = match &h48 {
                        Some(p) => p.solution_moves(&path),
                        None => path,
                    };
                    let moves: Vec<Cube3Move> = path.iter().map(|&m| Cube3Move::ALL[m]).collect();
                    verify(&Cube3, state, &moves)?;
                    out.push(Solution {
                        length: moves.len() as u32,
                        moves,
                        optimal: true,
                        stats: stats.clone(),
                    });
                }
                Ok(out)
            }
            IdaOutcome::Exhausted => Err(SolveError::NoSolutionWithin {
                max_length: opts.max_depth,
            }),
            IdaOutcome::Timeout => Err(SolveError::Timeout {
                deepest_bound: r.deepest_complete,
            }),
            IdaOutcome::Cancelled => Err(SolveError::Cancelled {
                deepest_bound: r.deepest_complete,
            }),
        }
    }
}

/// A 3x3x3 state as a permutation of its 48 (corner slot, twist) and (edge slot, flip)
/// points, for [`crate::subgroup`].
pub fn cube3_points(c: &CubieCube) -> twisty_core::def::group::Perm {
    crate::subgroup::points(&[
        (&c.corner_perms(), &c.corner_oris(), 3),
        (&c.edge_perms(), &c.edge_oris(), 2),
    ])
}

impl IdaProblem for Cube3Optimal {
    type Node = Node;

    fn num_moves(&self) -> usize {
        MOVES
    }

    #[inline]
    fn apply(&self, n: &Node, m: usize) -> Node {
        Node {
            cp: self.cpt[n.cp as usize * MOVES + m],
            tw: self.twt[n.tw as usize * MOVES + m],
            ea: edge_move(&self.e7, n.ea, 7, m),
            eb: edge_move(&self.e7, n.eb, 7, m),
            cube: if self.inverse {
                n.cube.after(Cube3Move::ALL[m])
            } else {
                n.cube
            },
        }
    }

    fn heuristic(&self, n: &Node) -> u32 {
        let regular = self.lookups(n).into_iter().max().unwrap_or(0);
        let dual = self.dual_lookups(n).into_iter().max().unwrap_or(0);
        regular.max(dual) as u32
    }

    #[inline]
    fn prunes(&self, n: &Node, remaining: u32) -> bool {
        let c = Nibbles(self.tables[0].table.bytes()).get(n.cp as u64 * TWISTS + n.tw as u64);
        if c as u32 > remaining {
            return true;
        }
        let j = self.kind.edge_len();
        let a = edge_prefix(n.ea, 7, j, self.divisor);
        if Nibbles(self.tables[1].table.bytes()).get(a as u64) as u32 > remaining {
            return true;
        }
        let b = edge_prefix(n.eb, 7, j, self.divisor);
        if Nibbles(self.tables[2].table.bytes()).get(b as u64) as u32 > remaining {
            return true;
        }
        self.inverse && self.dual_lookups(n).into_iter().any(|v| v as u32 > remaining)
    }

    #[inline]
    fn is_goal(&self, n: &Node) -> bool {
        *n == self.solved
    }

    fn pruning(&self) -> &MovePruning {
        &self.pruning
    }
}

impl Solver<Cube3> for Cube3Optimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(
        &self,
        _puzzle: &Cube3,
        state: &CubieCube,
        limits: &Limits,
    ) -> Result<Solution<Cube3Move>, SolveError> {
        self.solve_with(state, limits, false, |_| {})?
            .into_iter()
            .next()
            .ok_or(SolveError::Unverified)
    }
}

/// The average heuristic value of `kind` over `count` uniformly random states (from `seed`),
/// with the average of each database; the yardstick nxopt reports for its tables.
pub fn average_heuristic(solver: &Cube3Optimal, count: usize, seed: u64) -> (f64, [f64; 3]) {
    let mut rng = twisty_core::rng::seeded_rng(seed);
    let mut sum = 0u64;
    let mut each = [0u64; 3];
    for _ in 0..count {
        let c = Cube3.random_state(&mut rng);
        let l = solver.lookups_of(&c);
        sum += solver.heuristic_of(&c) as u64;
        for (e, v) in each.iter_mut().zip(l) {
            *e += v as u64;
        }
    }
    let n = count.max(1) as f64;
    (sum as f64 / n, each.map(|e| e as f64 / n))
}
