//! The optimal Kilominx solver: IDA* over the 48 moves with pattern databases, as the St
//! Andrews solver does it, built breadth-first instead of by its day-long iterative deepening.
//!
//! A pattern database tracks k of the 19 free cubies. Its index is the seed's formula: the
//! positions of the tracked cubies (position − 1, so 0..19, UFL being fixed) ranked as a
//! partial permutation by their Lehmer code (`code_i = p_i − #{earlier p < p_i}`,
//! `rank = Σ code_i · P(18 − i, k − 1 − i)`), times 3^k, plus the twists as base-3 digits
//! (the first cubie most significant). Entries are 4-bit distances.
//!
//! Heuristics (`--heuristic`):
//! - `sparse`: the seed's five sparse databases (4 cubies each, 19P4·3⁴ = 7,534,944 entries,
//!   3.6 MiB each at 4 bits), max over them. Built in seconds.
//! - `seed` (the seed's full heuristic, adding its twelve 5-cubie face databases of
//!   339,072,480 entries each) is not built yet.
//!
//! The search is [`twisty_search::ida`]: canonical move pruning from the faces that really
//! commute in the UFL-fixed frame, early exit at the first database that prunes, both cores.

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx, CUBIE_NAMES};
use twisty_core::Puzzle;
use twisty_search::ida::{ida_star, BoundReport, IdaOptions, IdaOutcome, IdaProblem, MovePruning};
use twisty_search::packed::{Nibbles, NibblesMut};
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

/// The seed's five sparse patterns (4 cubies each).
pub const SPARSE_PATTERNS: [[&str; 4]; 5] = [
    ["UFR", "MBR", "DFM", "BLD"],
    ["UFR", "MBM", "FLD", "DFR"],
    ["UBR", "FMD", "MBL", "DBR"],
    ["UBM", "MFL", "FRD", "DBL"],
    ["UBL", "MFR", "BRD", "DFL"],
];

/// Free positions (all but UFL).
const N: usize = 19;

fn cubie_index(name: &str) -> Option<usize> {
    CUBIE_NAMES.iter().position(|&n| n == name)
}

/// Number of ordered selections P(n, k).
fn npk(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// Where each cubie goes and the twist it gains, per move: `dest[m][pos]`, `add[m][pos]`.
struct MoveMaps {
    dest: Vec<[u8; 20]>,
    add: Vec<[u8; 20]>,
}

fn move_maps() -> MoveMaps {
    let k = Kilominx;
    let mut dest = Vec::with_capacity(48);
    let mut add = Vec::with_capacity(48);
    for m in k.moves() {
        let s = k.state_after(&[m]);
        let mut d = [0u8; 20];
        let mut a = [0u8; 20];
        for i in 0..20 {
            d[s.cubie(i) as usize] = i as u8;
            a[s.cubie(i) as usize] = s.twist(i);
        }
        dest.push(d);
        add.push(a);
    }
    MoveMaps { dest, add }
}

/// A pattern of tracked cubies and its index arithmetic.
#[derive(Debug, Clone)]
pub struct Pattern {
    cubies: Vec<usize>,
    weights: Vec<u64>,
    pow3: u64,
}

impl Pattern {
    /// A pattern of the named cubies (not UFL).
    pub fn new(names: &[&str]) -> Option<Pattern> {
        let cubies: Vec<usize> = names.iter().map(|n| cubie_index(n)).collect::<Option<_>>()?;
        if cubies.contains(&0) || cubies.is_empty() || cubies.len() > 6 {
            return None;
        }
        let k = cubies.len();
        let weights = (0..k).map(|i| npk(N - 1 - i, k - 1 - i)).collect();
        Some(Pattern {
            cubies,
            weights,
            pow3: 3u64.pow(k as u32),
        })
    }

    /// Number of entries: 19Pk · 3^k.
    pub fn size(&self) -> u64 {
        npk(N, self.cubies.len()) * self.pow3
    }

    /// The table spec.
    pub fn spec(&self) -> TableSpec {
        let names: Vec<&str> = self.cubies.iter().map(|&c| CUBIE_NAMES[c]).collect();
        TableSpec {
            name: format!("kilominx/pdb/{}", names.join("-")),
            entry_bits: 4,
            entries: self.size(),
        }
    }

    /// Index from positions (1..20) and twists of the tracked cubies.
    #[inline]
    fn index_of(&self, pos: &[u8], tw: &[u8]) -> u64 {
        let k = self.cubies.len();
        let mut rank = 0u64;
        let mut digits = 0u64;
        for i in 0..k {
            let p = pos[i] - 1;
            let smaller = pos[..i].iter().filter(|&&q| q - 1 < p).count() as u8;
            rank += (p - smaller) as u64 * self.weights[i];
            digits = digits * 3 + tw[i] as u64;
        }
        rank * self.pow3 + digits
    }

    /// The index of a full state.
    #[inline]
    pub fn index(&self, s: &KiloState) -> u64 {
        let mut where_ = [0u8; 20];
        let mut twist = [0u8; 20];
        for i in 0..20 {
            where_[s.cubie(i) as usize] = i as u8;
            twist[s.cubie(i) as usize] = s.twist(i);
        }
        let mut pos = [0u8; 6];
        let mut tw = [0u8; 6];
        for (j, &c) in self.cubies.iter().enumerate() {
            pos[j] = where_[c];
            tw[j] = twist[c];
        }
        let k = self.cubies.len();
        self.index_of(&pos[..k], &tw[..k])
    }

    /// Positions (1..20) and twists of an index.
    fn unindex(&self, i: u64, pos: &mut [u8], tw: &mut [u8]) {
        let k = self.cubies.len();
        let (mut rank, mut digits) = (i / self.pow3, i % self.pow3);
        for j in (0..k).rev() {
            tw[j] = (digits % 3) as u8;
            digits /= 3;
        }
        let mut used = [false; N];
        for j in 0..k {
            let code = rank / self.weights[j];
            rank %= self.weights[j];
            // The code-th unused position.
            let mut c = code;
            let mut p = 0;
            loop {
                if !used[p] {
                    if c == 0 {
                        break;
                    }
                    c -= 1;
                }
                p += 1;
            }
            used[p] = true;
            pos[j] = p as u8 + 1;
        }
    }

    /// Builds the table breadth-first (level by level, both cores), 4-bit entries.
    pub fn build(&self) -> Vec<u8> {
        let maps = move_maps();
        let size = self.size() as usize;
        let dist: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(u8::MAX)).collect();
        let k = self.cubies.len();
        let start_pos: Vec<u8> = self.cubies.iter().map(|&c| c as u8).collect();
        let start = self.index_of(&start_pos, &vec![0; k]);
        dist[start as usize].store(0, Ordering::Relaxed);
        let mut depth = 0u8;
        loop {
            let found: usize = (0..size)
                .into_par_iter()
                .with_min_len(1 << 14)
                .map(|i| {
                    if dist[i].load(Ordering::Relaxed) != depth {
                        return 0;
                    }
                    let (mut pos, mut tw) = ([0u8; 6], [0u8; 6]);
                    self.unindex(i as u64, &mut pos[..k], &mut tw[..k]);
                    let mut n = 0;
                    for m in 0..48 {
                        let (mut np, mut nt) = ([0u8; 6], [0u8; 6]);
                        for j in 0..k {
                            let p = pos[j] as usize;
                            np[j] = maps.dest[m][p];
                            nt[j] = (tw[j] + maps.add[m][p]) % 3;
                        }
                        let c = self.index_of(&np[..k], &nt[..k]) as usize;
                        if dist[c]
                            .compare_exchange(u8::MAX, depth + 1, Ordering::Relaxed, Ordering::Relaxed)
                            .is_ok()
                        {
                            n += 1;
                        }
                    }
                    n
                })
                .sum();
            if found == 0 || depth >= 14 {
                break;
            }
            depth += 1;
        }
        let mut packed = NibblesMut::new(size as u64);
        for (i, d) in dist.iter().enumerate() {
            packed.set(i as u64, d.load(Ordering::Relaxed).min(15));
        }
        packed.0
    }
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
    pub fn new(cache: &TableCache, pattern: Pattern) -> Result<Pdb, TableError> {
        let (table, origin) = cache.get_or_build(&pattern.spec(), || pattern.build())?;
        Ok(Pdb {
            pattern,
            table,
            origin,
        })
    }

    /// The lower bound this database gives for `s`.
    #[inline]
    pub fn lookup(&self, s: &KiloState) -> u32 {
        Nibbles(self.table.bytes()).get(self.pattern.index(s)) as u32
    }
}

/// The optimal Kilominx solver.
#[derive(Debug)]
pub struct KilominxOptimal {
    pdbs: Vec<Pdb>,
    pruning: MovePruning,
    moves: Vec<KiloMove>,
}

/// The specs of the tables a heuristic needs.
pub fn specs(heuristic: &str) -> Option<Vec<TableSpec>> {
    match heuristic {
        "sparse" => Some(
            SPARSE_PATTERNS
                .iter()
                .filter_map(|p| Pattern::new(p))
                .map(|p| p.spec())
                .collect(),
        ),
        _ => None,
    }
}

impl KilominxOptimal {
    /// The solver with the named heuristic (`sparse`), its tables loaded or built.
    pub fn new(cache: &TableCache, heuristic: &str) -> Result<KilominxOptimal, SolveError> {
        let patterns: Vec<Pattern> = match heuristic {
            "sparse" => SPARSE_PATTERNS.iter().filter_map(|p| Pattern::new(p)).collect(),
            other => {
                return Err(SolveError::Unsupported(format!(
                    "Kilominx heuristic `{other}`: available: sparse (the seed's full `seed` heuristic and `best` are not built yet)"
                )))
            }
        };
        Self::with_patterns(cache, patterns)
    }

    /// The solver with explicit patterns (small ones for tests).
    pub fn with_patterns(cache: &TableCache, patterns: Vec<Pattern>) -> Result<KilominxOptimal, SolveError> {
        let pdbs = patterns
            .into_iter()
            .map(|p| Pdb::new(cache, p))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| SolveError::Table(e.to_string()))?;
        let k = Kilominx;
        let moves = k.moves();
        let faces: Vec<u8> = moves.iter().map(|&m| k.face(m)).collect();
        let pruning = MovePruning::new(&faces, |a, b| k.faces_commute(a, b));
        Ok(KilominxOptimal { pdbs, pruning, moves })
    }

    /// The databases (for reports).
    pub fn pdbs(&self) -> &[Pdb] {
        &self.pdbs
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
        let opts = IdaOptions {
            max_depth: limits.max_length.unwrap_or(30),
            timeout: limits.timeout,
            max_nodes: limits.max_nodes,
            all: false,
            split_depth: if limits.threads == Some(1) { 0 } else { 2 },
        };
        let r = ida_star(self, state, &opts, limits.cancel.as_deref(), on_bound);
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
            IdaOutcome::Found(sols) => {
                let moves: Vec<KiloMove> = sols[0].iter().map(|&i| self.moves[i]).collect();
                verify(&Kilominx, state, &moves)?;
                Ok(Solution {
                    length: moves.len() as u32,
                    moves,
                    optimal: true,
                    stats,
                })
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

impl IdaProblem for KilominxOptimal {
    type Node = KiloState;

    fn num_moves(&self) -> usize {
        48
    }

    #[inline]
    fn apply(&self, node: &KiloState, m: usize) -> KiloState {
        let mut s = *node;
        Kilominx.apply(&mut s, self.moves[m]);
        s
    }

    fn heuristic(&self, node: &KiloState) -> u32 {
        self.pdbs.iter().map(|p| p.lookup(node)).max().unwrap_or(0)
    }

    #[inline]
    fn prunes(&self, node: &KiloState, remaining: u32) -> bool {
        self.pdbs.iter().any(|p| p.lookup(node) > remaining)
    }

    fn is_goal(&self, node: &KiloState) -> bool {
        *node == KiloState::SOLVED
    }

    fn pruning(&self) -> &MovePruning {
        &self.pruning
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
mod tests {
    use super::*;
    use std::collections::HashMap;
    use twisty_core::rng::seeded_rng;

    #[test]
    fn index_round_trip_and_sizes() {
        let p = Pattern::new(&SPARSE_PATTERNS[0]).unwrap();
        assert_eq!(p.size(), 7_534_944);
        let face = Pattern::new(&["MBR", "UBL", "UFR", "UBR", "UBM"]).unwrap();
        assert_eq!(face.size(), 339_072_480);
        let small = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
        let (mut pos, mut tw) = ([0u8; 3], [0u8; 3]);
        for i in (0..small.size()).step_by(997) {
            small.unindex(i, &mut pos, &mut tw);
            assert_eq!(small.index_of(&pos, &tw), i);
        }
        assert!(Pattern::new(&["UFL"]).is_none());
    }

    #[test]
    fn small_database_matches_an_independent_bfs() {
        // A 3-cubie pattern (157,464 entries): every entry against a hash-map BFS on the
        // abstracted state (positions and twists of the three cubies).
        let p = Pattern::new(&["UFR", "DBR", "MBL"]).unwrap();
        let table = p.build();
        let k = Kilominx;
        let maps = move_maps();
        let start: Vec<(u8, u8)> = p.cubies.iter().map(|&c| (c as u8, 0)).collect();
        let mut dist: HashMap<Vec<(u8, u8)>, u8> = HashMap::from([(start.clone(), 0)]);
        let mut frontier = vec![start];
        let mut d = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for s in &frontier {
                for m in 0..48 {
                    let t: Vec<(u8, u8)> = s
                        .iter()
                        .map(|&(pos, tw)| (maps.dest[m][pos as usize], (tw + maps.add[m][pos as usize]) % 3))
                        .collect();
                    if !dist.contains_key(&t) {
                        dist.insert(t.clone(), d + 1);
                        next.push(t);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        assert_eq!(dist.len() as u64, p.size());
        for (s, &d) in &dist {
            let pos: Vec<u8> = s.iter().map(|x| x.0).collect();
            let tw: Vec<u8> = s.iter().map(|x| x.1).collect();
            assert_eq!(Nibbles(&table).get(p.index_of(&pos, &tw)), d);
        }
        let _ = k;
    }

    #[test]
    fn optimal_lengths_match_breadth_first_search() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let pats = vec![
            Pattern::new(&["UFR", "DBR", "MBL"]).unwrap(),
            Pattern::new(&["UBM", "DFM", "BRD"]).unwrap(),
        ];
        let solver = KilominxOptimal::with_patterns(&cache, pats).unwrap();
        let k = Kilominx;
        // Exact distances to depth 3 by BFS.
        let mut dist: HashMap<KiloState, u32> = HashMap::from([(KiloState::SOLVED, 0)]);
        let mut frontier = vec![KiloState::SOLVED];
        for d in 1..=3 {
            let mut next = Vec::new();
            for s in &frontier {
                for m in k.moves() {
                    let mut t = *s;
                    k.apply(&mut t, m);
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(t) {
                        e.insert(d);
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        let mut rng = seeded_rng(5);
        for n in 1..=5 {
            for _ in 0..4 {
                let moves = k.random_moves(&mut rng, n);
                let s = k.state_after(&moves);
                let sol = solver.solve(&k, &s, &Limits::default()).unwrap();
                let mut t = s;
                k.apply_all(&mut t, &sol.moves);
                assert!(k.is_solved(&t));
                assert!(sol.length as usize <= n);
                if let Some(&d) = dist.get(&s) {
                    assert_eq!(sol.length, d, "{}", k.format_moves(&moves));
                } else {
                    assert!(sol.length >= 4);
                }
            }
        }
        // Limits.
        let s = k.state_after(&k.random_moves(&mut rng, 6));
        let e = solver.solve(
            &k,
            &s,
            &Limits {
                max_length: Some(2),
                ..Default::default()
            },
        );
        assert!(matches!(e, Err(SolveError::NoSolutionWithin { max_length: 2 })));
        assert!(matches!(
            KilominxOptimal::new(&cache, "nope"),
            Err(SolveError::Unsupported(_))
        ));
    }
}
