//! One genetic-algorithm run (`TGA.Execute` with the driver's parameters): find a move
//! sequence, restricted to the active cluster's slices, that strictly improves the cube's
//! error.

use super::cube::{error, Tables, Track};
use super::genome::{crossover, mutate, normalise};
use super::GaParams;
use rand::Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use twisty_core::TwistyRng;
use web_time::Instant;

/// What one GA run works on.
#[derive(Debug)]
pub struct Problem<'a> {
    /// Move tables.
    pub tables: &'a Tables,
    /// The current cube.
    pub cube: &'a [u8],
    /// Group of each position (0 untracked, 1 = A, 2 = B).
    pub group: &'a [u8],
    /// Group of each cubie by home position, when A and B are not unions of clusters
    /// ([`Track::home`]).
    pub home: Option<&'a [u8]>,
    /// |B|.
    pub b_len: usize,
    /// Scores of A and B on the current cube.
    pub fa: i64,
    /// Score of B.
    pub fb: i64,
    /// The current error (the GA must beat it strictly).
    pub high_score: u64,
    /// The gene pool (move codes on the active cubie's slices).
    pub free_genes: &'a [u8],
    /// The active cubie's `[x, y, z]`.
    pub act: [usize; 3],
    /// Tracked positions of every slice ([`Tables::tracked_indices`]).
    pub tracked: &'a [Vec<u16>],
    /// The run ends early (with the best chromosome so far) once this instant has passed
    /// or this flag is raised; checked once per generation.
    pub stop: Stop<'a>,
}

/// When a GA run must end early: the solve's deadline and cancel flag.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stop<'a> {
    /// The instant past which the run stops.
    pub deadline: Option<Instant>,
    /// The cancel flag.
    pub cancel: Option<&'a AtomicBool>,
}

impl Stop<'_> {
    /// Whether the deadline has passed or the flag is raised.
    pub fn reached(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Best chromosome of a run.
#[derive(Debug, Clone)]
pub struct GaResult {
    /// Its genes.
    pub genes: Vec<u8>,
    /// Its fitness (the best error over its prefixes).
    pub fitness: u64,
    /// Length of the prefix reaching that fitness.
    pub moves: usize,
    /// Generations run.
    pub generations: usize,
}

/// Evaluates one chromosome (after forcing gene 0 onto the active cubie's slice; it is
/// not normalised here, see [`run`]): the best error over its prefixes, ignoring prefixes that return to the
/// starting state, and the first prefix length reaching it. `scratch` holds two cubes.
///
/// Only the tracked positions (groups A and B) are simulated: the error depends on them
/// alone. When they are all back at their start, the prefix is replayed on the whole cube
/// to tell whether the cube itself returned to the start.
pub fn evaluate(p: &Problem<'_>, genes: &mut [u8], scratch: &mut [u8]) -> (u64, usize) {
    let axis = ((genes[0] % 9) / 3) as usize;
    genes[0] = 9 * p.act[axis] as u8 + genes[0] % 9;
    let (scratch, full) = scratch.split_at_mut(p.cube.len());
    scratch.copy_from_slice(p.cube);
    let mut t = Track {
        group: p.group,
        home: p.home,
        start: p.cube,
        fa: p.fa,
        fb: p.fb,
        diff: 0,
    };
    let mut best = (u64::MAX, 0);
    for (i, &g) in genes.iter().enumerate() {
        p.tables.apply_tracked(scratch, g, p.tracked, &mut t);
        if t.diff == 0 {
            full.copy_from_slice(p.cube);
            for &h in &genes[..=i] {
                p.tables.apply(full, h);
            }
            if full == p.cube {
                continue;
            }
        }
        let e = error(t.fa, t.fb, p.b_len);
        if e < best.0 {
            best = (e, i + 1);
        }
    }
    best
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on this thread's scratch cube of `len` bytes (allocated once per thread and
/// size, so evaluations never allocate).
pub fn with_scratch<T>(len: usize, f: impl FnOnce(&mut [u8]) -> T) -> T {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() != len {
            s.resize(len, 0);
        }
        f(&mut s)
    })
}

/// Unique selection (`SelectionUnique`): walking the population best first, a specimen is
/// taken when its fitness differs from the last one taken, or when the specimens left are
/// no more than the places left — so a short list is padded from the *worst* end, as the
/// seed's code does. `order` is sorted by fitness; `winners` receives indices.
pub fn select_unique(order: &[usize], fit: &[(u64, usize)], n_win: usize, winners: &mut Vec<usize>) {
    winners.clear();
    let Some(&first) = order.first() else {
        return;
    };
    winners.push(first);
    let mut last = fit[first].0;
    for (k, &i) in order.iter().enumerate().skip(1) {
        if winners.len() >= n_win {
            break;
        }
        if fit[i].0 != last || order.len() - 1 - k < n_win - winners.len() {
            winners.push(i);
            last = fit[i].0;
        }
    }
}

/// Chromosomes evaluated between two looks at the stop ([`Problem::stop`]) inside a
/// generation, so that a large population stops within a fraction of a millisecond.
const STOP_CHUNK: usize = 256;

/// Runs one GA. A run whose stop is reached before it starts, or while a generation is
/// evaluated, ends at once with what it had (no generation counted for the unfinished one).
pub fn run(p: &Problem<'_>, params: &GaParams, rng: &mut TwistyRng) -> GaResult {
    let len = params.chromosome;
    let pop_n = params.population;
    if p.stop.reached() {
        return GaResult {
            genes: vec![p.free_genes.first().copied().unwrap_or(0); len],
            fitness: u64::MAX,
            moves: 0,
            generations: 0,
        };
    }
    let random_gene = |rng: &mut TwistyRng| p.free_genes[rng.random_range(0..p.free_genes.len())];
    let mut pop: Vec<Vec<u8>> = (0..pop_n)
        .map(|_| (0..len).map(|_| random_gene(rng)).collect())
        .collect();
    // Chromosomes are normalised when they are made (here and in `crossover`), never after a
    // mutation: the seed's `Check()` runs once per chromosome (its `IsChecked` flag), so the
    // conjugates the mutation writes are evaluated as written.
    for g in &mut pop {
        normalise(g);
    }
    let mut next: Vec<Vec<u8>> = vec![vec![0u8; len]; pop_n];
    let mut fit: Vec<(u64, usize)> = vec![(u64::MAX, 0); pop_n];
    let mut order: Vec<usize> = (0..pop_n).collect();
    let mut winners: Vec<usize> = Vec::with_capacity(pop_n);
    let n_win = ((params.winners * pop_n as f64).round() as usize).clamp(2, pop_n);
    let mut best = GaResult {
        genes: pop[0].clone(),
        fitness: u64::MAX,
        moves: 0,
        generations: 0,
    };
    let cubies = p.cube.len();
    let mut generation = 0;
    loop {
        // Evaluate (in parallel; deterministic) and sort; a stop reached meanwhile ends the
        // run before the half-evaluated generation is used.
        pop.par_chunks_mut(STOP_CHUNK)
            .zip(fit.par_chunks_mut(STOP_CHUNK))
            .for_each(|(gs, fs)| {
                if p.stop.reached() {
                    return;
                }
                with_scratch(2 * cubies, |scratch| {
                    for (g, f) in gs.iter_mut().zip(fs.iter_mut()) {
                        *f = evaluate(p, g, scratch);
                    }
                });
            });
        if p.stop.reached() {
            break;
        }
        order.sort_by_key(|&i| (fit[i].0, i));
        let top = order[0];
        if fit[top].0 < best.fitness {
            best.fitness = fit[top].0;
            best.moves = fit[top].1;
            best.genes.copy_from_slice(&pop[top]);
        }
        generation += 1;
        if best.fitness < p.high_score || generation >= params.generations || p.stop.reached() {
            break;
        }
        select_unique(&order, &fit, n_win, &mut winners);
        // One-point crossover of random winner pairs; the population is replaced.
        for k in 0..pop_n.div_ceil(2) {
            let mi = rng.random_range(0..winners.len());
            let mut di = rng.random_range(0..winners.len() - 1);
            if di >= mi {
                di += 1;
            }
            let split = rng.random_range(0..len);
            let (mom, dad) = (&pop[winners[mi]], &pop[winners[di]]);
            if 2 * k + 1 < pop_n {
                let (a, b) = next.split_at_mut(2 * k + 1);
                crossover(mom, dad, split, &mut a[2 * k], &mut b[0]);
            } else {
                let mut twin = vec![0u8; len];
                crossover(mom, dad, split, &mut next[2 * k], &mut twin);
            }
        }
        std::mem::swap(&mut pop, &mut next);
        // Conjugation mutations on random members.
        let mutations = (params.mutation * pop_n as f64).round() as usize;
        for _ in 0..mutations {
            let i = rng.random_range(0..pop_n);
            mutate(&mut pop[i], rng);
        }
    }
    best.generations = generation;
    best
}
