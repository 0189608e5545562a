//! The genetic-algorithm solver of the full N×N×N supercube (seed 004, Świta & Suszyński),
//! as the authors' code at the paper's commit does it:
//!
//! 1. The *active cubie* is the unsolved cubie nearest the centre in the smallest inner
//!    cube that has one (`GetActCubie`'s scan order decides ties); its whole cluster is
//!    appended to the evaluated list if not in it (clusters accumulate, inner first).
//! 2. Error = `f(A)·2|B| + f(B)`, `f = Σ (1 + state/256)` over unsolved cubies, where B is
//!    the last |cluster of the active cubie| cubies of the list and A the rest (usually B is
//!    the last cluster added; for odd N the cut can fall inside a cluster, and A and B then
//!    follow the cubies).
//! 3. A GA (population 100, chromosome 27, ≤ 50 generations, unique selection of 10 %
//!    winners, one-point crossover, 100 % conjugation mutations `X·m·X⁻¹`) restricted to
//!    moves of the active cubie's slices and their mirrors, stops at the first generation
//!    whose best chromosome (best prefix) beats the current error.
//! 4. After an improvement, every stored macro (slices remapped onto the active cubie, and
//!    conjugated by each single free move) is tried; the best improvement is played.
//! 5. A GA run that completes a cluster is learned as a macro.
//!
//! The loop repeats until the cube is solved. The played moves are verified on the input.
//!
//! One change of ours, [`GaParams::attempts`]: each step may run several independent GAs
//! (each with the paper's parameters, from its own seed drawn from the solver's generator)
//! and play the best of them — the lowest error, then the fewest moves; ties between a GA
//! run and a macro, or between macros, also go to the shorter. A step that makes more
//! progress leaves fewer steps to play, so solutions get shorter (see BENCHMARKS.md).
//! `attempts = 1` ([`GaParams::paper`]) is the seed's loop exactly, draw for draw.

pub mod cube;
pub mod ga;
pub mod genome;
pub mod macros;
mod params;
mod postprocess;
mod report;

pub use params::{GaParams, DEFAULT_ATTEMPTS, MAX_ATTEMPTS};
use postprocess::to_moves;
pub use postprocess::{simplify_solution, IDENTITY_WINDOW};
pub use report::{GaSolution, Progress};

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use cube::{error, scores_split, Tables};
use macros::{remap, Macro, MacroLibrary};
use rand::Rng;
use rayon::prelude::*;
use std::time::Duration;
use twisty_core::rng::seeded_rng;
use twisty_core::supercube::{
    cluster_kind, cluster_of, coords, simplify, SuperMove, Supercube, SupercubeState,
};
use twisty_core::Puzzle;
use web_time::Instant;

/// The GA solver.
#[derive(Debug, Clone)]
pub struct GeneticSolver {
    /// GA parameters.
    pub params: GaParams,
    /// Seed of the solver's random generator.
    pub seed: u64,
    /// Learn macros from GA runs that complete a cluster.
    pub learn: bool,
    /// Largest number of steps (GA count) before giving up.
    pub max_gas: u64,
}

impl Default for GeneticSolver {
    fn default() -> Self {
        GeneticSolver {
            params: GaParams::default(),
            seed: 1,
            learn: true,
            max_gas: 200_000,
        }
    }
}

/// Position of the active cubie (`GetActCubie`), in the seed's scan order: shells from the
/// core outwards (`restrict` = ⌊(N−1)/2⌋ … 0); in each shell, for side ∈ {low, high}, then
/// `i`, then `j` over the shell's coordinates `restrict..N−restrict`, then axis ∈ {x, y, z}:
/// the cell with `v[axis]` on that side, `v[axis+1] = i`, `v[axis+2] = j`. The unsolved cubie
/// with the strictly smallest L1 distance to the centre wins (the first found on ties); the
/// scan stops after the first shell with `restrict > 0` that holds one.
fn active_cubie(n: usize, cube: &[u8]) -> Option<usize> {
    let c = (n - 1) / 2;
    let mut best: Option<(usize, usize)> = None;
    for restrict in (0..=c).rev() {
        let hi = n - 1 - restrict;
        let mut found = false;
        for side in [restrict, hi] {
            for i in restrict..=hi {
                for j in restrict..=hi {
                    for axis in 0..3 {
                        let mut v = [0; 3];
                        v[axis] = side;
                        v[(axis + 1) % 3] = i;
                        v[(axis + 2) % 3] = j;
                        let p = (v[2] * n + v[1]) * n + v[0];
                        if cube[p] == 0 {
                            continue;
                        }
                        // Twice the L1 distance to the centre (N−1)/2, so it stays an integer.
                        let d: usize = v.iter().map(|&x| (2 * x).abs_diff(n - 1)).sum();
                        if best.is_none_or(|(bd, _)| d < bd) {
                            best = Some((d, p));
                            found = true;
                        }
                    }
                }
            }
        }
        if found && restrict > 0 {
            break;
        }
    }
    best.map(|(_, p)| p)
}

/// The gene pool (`GetFreeGenes`): every axis and angle on the slices through the active
/// cubie's coordinates and their mirrors.
fn free_genes(n: usize, act: [usize; 3]) -> Vec<u8> {
    let mut out = Vec::with_capacity(54);
    for axis in 0..3 {
        for coord in 0..3 {
            for slice in [act[coord], n - 1 - act[coord]] {
                let gene = (9 * slice + 3 * axis) as u8;
                if !out.contains(&gene) {
                    out.extend([gene, gene + 1, gene + 2]);
                }
            }
        }
    }
    out
}

/// The best of a step's GA runs: the lowest error, then the fewest moves, the first on ties.
fn best_run(runs: Vec<ga::GaResult>) -> Option<ga::GaResult> {
    runs.into_iter().reduce(|best, r| {
        if (r.fitness, r.moves) < (best.fitness, best.moves) {
            r
        } else {
            best
        }
    })
}

impl GeneticSolver {
    /// Solves `state`, trying and (when [`GeneticSolver::learn`] is set) extending `library`,
    /// calling `progress` after every GA run.
    pub fn solve_with(
        &self,
        puzzle: &Supercube,
        state: &SupercubeState,
        limits: &Limits,
        library: &mut MacroLibrary,
        mut progress: impl FnMut(&Progress),
    ) -> Result<GaSolution, SolveError> {
        self.params.check().map_err(SolveError::Unsupported)?;
        let n = puzzle.n;
        if state.n as usize != n || state.orient.len() != n * n * n || state.orient.iter().any(|&o| o >= 24) {
            return Err(SolveError::Unsupported(format!(
                "the state is not a {n}x{n}x{n} supercube state"
            )));
        }
        let start = Instant::now();
        let deadline = limits.deadline(start);
        let tables = Tables::new(puzzle);
        let mut rng = seeded_rng(self.seed);
        let mut cube = state.orient.clone();
        let total = cube.len();
        // The seed's `ActCluster`: the cubies (named by home position) of every cluster
        // worked on so far, in the order they were appended; `starts` holds where each
        // cluster begins and `added` its positions.
        let mut act_list: Vec<usize> = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        let mut added: Vec<Vec<usize>> = Vec::new();
        let mut group = vec![0u8; total];
        let mut home_group = vec![0u8; total];
        let mut played: Vec<u8> = Vec::new();
        // The seed's `TrySolutions` starts true: macros are tried after the first GA run even
        // when it found no improvement.
        let mut try_macros = true;
        let mut stats = GaSolution {
            moves: Vec::new(),
            merged: Vec::new(),
            simplified: Vec::new(),
            ga_count: 0,
            ga_runs: 0,
            generations: 0,
            macro_hits: 0,
            learned: 0,
            elapsed: Duration::ZERO,
        };
        let mut scratch = vec![0u8; cube.len()];
        let mut mapped: Vec<u8> = Vec::new();
        while let Some(act_pos) = active_cubie(n, &cube) {
            if limits.cancelled() {
                return Err(SolveError::Cancelled { deepest_bound: None });
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(SolveError::Timeout { deepest_bound: None });
            }
            if stats.ga_count >= self.max_gas {
                return Err(SolveError::GaveUp(format!(
                    "after --max-gas {} GA steps without solving the cube",
                    self.max_gas
                )));
            }
            let act_cluster = cluster_of(n, act_pos);
            if group[act_pos] == 0 {
                starts.push(act_list.len());
                act_list.extend(act_cluster.iter().map(|&p| tables.home(cube[p], p)));
                for &p in &act_cluster {
                    group[p] = 1;
                }
                added.push(act_cluster.clone());
            }
            // `Evaluate()`: B is the last |cluster of the active cubie| cubies of the list.
            let b_len = act_cluster.len();
            let split = act_list.len() - b_len;
            let by_home = !starts.contains(&split);
            if by_home {
                for (i, &h) in act_list.iter().enumerate() {
                    home_group[h] = if i >= split { 2 } else { 1 };
                }
            } else {
                for (k, positions) in added.iter().enumerate() {
                    let g = if starts[k] >= split { 2 } else { 1 };
                    for &p in positions {
                        group[p] = g;
                    }
                }
            }
            let home = by_home.then_some(&home_group[..]);
            let act = coords(n, act_pos);
            let (fa, fb) = scores_split(&tables, &cube, &group, home);
            let high = error(fa, fb, b_len);
            let genes = free_genes(n, act);
            let tracked = tables.tracked_indices(&group);
            let problem = ga::Problem {
                tables: &tables,
                cube: &cube,
                group: &group,
                home,
                b_len,
                fa,
                fb,
                high_score: high,
                free_genes: &genes,
                act,
                tracked: &tracked,
                stop: ga::Stop {
                    deadline,
                    cancel: limits.cancel.as_deref(),
                },
            };
            // One GA run (the seed's loop), or several from seeds drawn in turn, in parallel;
            // the best is the lowest error, then the fewest moves, the first on ties.
            let runs: Vec<ga::GaResult> = if self.params.attempts == 1 {
                vec![ga::run(&problem, &self.params, &mut rng)]
            } else {
                let seeds: Vec<u64> = (0..self.params.attempts).map(|_| rng.random()).collect();
                seeds
                    .par_iter()
                    .map(|&s| ga::run(&problem, &self.params, &mut seeded_rng(s)))
                    .collect()
            };
            // A run cut short by the limits is not played.
            if limits.cancelled() {
                return Err(SolveError::Cancelled { deepest_bound: None });
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(SolveError::Timeout { deepest_bound: None });
            }
            stats.ga_count += 1;
            stats.ga_runs += runs.len() as u64;
            stats.generations += runs.iter().map(|r| r.generations as u64).sum::<u64>();
            let Some(best) = best_run(runs) else {
                return Err(SolveError::Unsupported(String::from("no GA run")));
            };
            let mut moves: Vec<u8> = Vec::new();
            let mut score = high;
            if best.fitness < high {
                moves = best.genes[..best.moves].to_vec();
                score = best.fitness;
                try_macros = true;
                if best.fitness == 0 && self.learn && group.iter().filter(|&&g| g != 0).count() > 1 {
                    let key = cube
                        .iter()
                        .map(|&o| twisty_core::supercube::group().state[o as usize])
                        .collect();
                    if library.add(Macro {
                        n: n as u8,
                        key,
                        moves: moves.clone(),
                    }) {
                        stats.learned += 1;
                    }
                }
            }
            if try_macros && !library.is_empty() {
                if let Some((e, cand)) = self.best_macro(&problem, library, &genes, &mut mapped) {
                    if e < score || (self.prefers_short() && e == score && cand.len() < moves.len()) {
                        score = e;
                        moves = cand;
                        stats.macro_hits += 1;
                    }
                }
            }
            if moves.is_empty() {
                try_macros = false;
            }
            let _ = score;
            for &m in &moves {
                tables.apply(&mut cube, m);
            }
            played.extend_from_slice(&moves);
            scratch.copy_from_slice(&cube);
            progress(&Progress {
                shell: (n - 1) / 2
                    - coords(n, act_pos)
                        .iter()
                        .map(|&c| c.min(n - 1 - c))
                        .min()
                        .unwrap_or(0),
                cluster: cluster_kind(n, act_pos),
                unsolved: cube.iter().filter(|&&o| o != 0).count(),
                cubies: cube.len(),
                ga_count: stats.ga_count,
                moves: played.len(),
                elapsed: start.elapsed(),
            });
        }
        stats.moves = to_moves(&played);
        verify(puzzle, state, &stats.moves)?;
        stats.merged = simplify(&stats.moves);
        verify(puzzle, state, &stats.merged)?;
        stats.simplified = simplify_solution(&tables, &stats.moves);
        verify(puzzle, state, &stats.simplified)?;
        stats.elapsed = start.elapsed();
        Ok(stats)
    }

    /// Whether ties between a step's candidates (GA runs, macros) go to the shorter: with
    /// more than one attempt per step. The seed's loop (one attempt) keeps the first found.
    fn prefers_short(&self) -> bool {
        self.params.attempts > 1
    }

    /// Tries every macro, remapped onto the active cubie, alone and conjugated by each free
    /// gene; returns the lowest final error and its moves (on ties: the first in library
    /// order, or with [`GeneticSolver::prefers_short`] the shortest, then the first).
    fn best_macro(
        &self,
        p: &ga::Problem<'_>,
        library: &MacroLibrary,
        genes: &[u8],
        mapped: &mut Vec<u8>,
    ) -> Option<(u64, Vec<u8>)> {
        let n = p.tables.n;
        let list: Vec<Vec<u8>> = library
            .macros()
            .iter()
            .filter_map(|m| {
                if remap(m, n, p.act, mapped) {
                    Some(mapped.clone())
                } else {
                    None
                }
            })
            .collect();
        let conj: Vec<Option<u8>> = std::iter::once(None)
            .chain(genes.iter().map(|&g| Some(g)))
            .collect();
        let best = list
            .par_iter()
            .enumerate()
            .map(|(mi, m)| {
                ga::with_scratch(p.cube.len(), |zero| {
                    let mut effect = Vec::new();
                    p.tables.net_effect(m, zero, &mut effect);
                    let mut best: Option<(u64, usize, usize)> = None;
                    for (ji, &j) in conj.iter().enumerate() {
                        let e = p.tables.conjugate_error(
                            p.cube,
                            p.group,
                            p.home,
                            (p.fa, p.fb, p.b_len),
                            &effect,
                            j,
                        );
                        if best.is_none_or(|(be, _, _)| e < be) {
                            best = Some((e, mi, ji));
                        }
                    }
                    best
                })
            })
            .flatten()
            .min_by_key(|&(e, mi, ji)| {
                let len = if self.prefers_short() {
                    list[mi].len() + 2 * usize::from(conj[ji].is_some())
                } else {
                    0
                };
                (e, len, mi, ji)
            })?;
        let (e, mi, ji) = best;
        let mut out = Vec::with_capacity(list[mi].len() + 2);
        if let Some(j) = conj[ji] {
            out.push(j);
        }
        out.extend_from_slice(&list[mi]);
        if let Some(j) = conj[ji] {
            out.push(genome::inverse(j));
        }
        Some((e, out))
    }
}

impl Solver<Supercube> for GeneticSolver {
    fn name(&self) -> &'static str {
        "ga"
    }

    fn solve(
        &self,
        puzzle: &Supercube,
        state: &SupercubeState,
        limits: &Limits,
    ) -> Result<Solution<SuperMove>, SolveError> {
        let mut library = MacroLibrary::new(None);
        let s = self.solve_with(puzzle, state, limits, &mut library, |_| {})?;
        Ok(Solution {
            length: puzzle.length(&s.moves, limits.metric),
            moves: s.moves,
            optimal: false,
            stats: SearchStats {
                elapsed: s.elapsed,
                breakdown: vec![
                    (String::from("GA steps"), s.ga_count, s.elapsed.as_secs_f64()),
                    (String::from("GA runs"), s.ga_runs, 0.0),
                ],
                ..SearchStats::default()
            },
        })
    }
}

#[cfg(test)]
mod tests;
