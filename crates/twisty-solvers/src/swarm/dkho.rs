//! Discrete krill herd (seed 002, `4_KHO.py`; paper §6, Eqs. 17–18).
//!
//! A krill's chromosome is its move list since the scramble. Each iteration:
//! 1. **Move selection**, for every unsolved krill of fitness `T`: evaluate the 18 children;
//!    if some child improves on `T` (or is solved), take the best of them (greedy
//!    selection); otherwise pick by roulette wheel with
//!    `p(m) = η(S+m) / Σ_n η(S+m+n)`, `η = 1/f` (9,999,999 for solved), normalised over
//!    the moves (18 + 342 evaluations). The chosen child's fitness becomes the krill's.
//! 2. **Kill**: with `g` the smallest fitness, `threshold = g + ⌊g/2⌋` (1.5·g for whole
//!    numbers); every krill above it dies.
//! 3. **Reproduction**, when some died and more than one survived: the survivors pair up in
//!    order (`i < j`, child `(i, j)` then `(j, i)`, around again if needed) until the herd
//!    is back to its size; a child is `k1[..c] ++ k2[c..]` with `c ~ U{1..|k1|}` (one-point
//!    crossover), rebuilt from the scramble and evaluated. A herd reduced to one krill stays
//!    at one (the thesis reports such runs).
//! 4. **Mutation**: every krill above the threshold (in practice only new children) gets
//!    `U{1..len}` distinct genes replaced by uniform random moves and is re-evaluated.
//!
//! NFE per iteration lies between `18·n·P` (every krill improves greedily, nobody dies) and
//! `n·(362·P − 4)` (everybody uses the roulette wheel and `P − 2` children are born and
//! mutated), the bounds of the paper's Table 8.
//!
//! Quirk of the seed code, reproduced with `seed_quirks`: the greedy selection keeps the
//! *last* improving move in move order (each one overwrites the previous), not the best.

use super::{eta, roulette, Evaluator, Fitness, Recorder, SwarmError, SwarmOutcome};
use rand::seq::index::sample;
use rand::Rng;
use twisty_core::Puzzle;

/// Parameters of the discrete krill herd.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DkhoParams {
    /// Number of krill (paper: 25).
    pub krill: usize,
    /// Iterations (paper: 100).
    pub iterations: u64,
    /// Kill threshold as a multiple of the global minimum (paper: 1.5; 1.5 is computed
    /// exactly as the code's `g // 2 + g`).
    pub kill_factor: f64,
    /// Reproduce the seed code's quirk (see the module docs).
    pub seed_quirks: bool,
}

impl Default for DkhoParams {
    fn default() -> Self {
        Self {
            krill: 25,
            iterations: 100,
            kill_factor: 1.5,
            seed_quirks: false,
        }
    }
}

#[derive(Clone)]
struct Krill<P: Puzzle> {
    id: usize,
    state: P::State,
    moves: Vec<P::Move>,
    fitness: u32,
    solved: bool,
}

/// The states one move from `s`, in move order.
pub(crate) fn children_of<P: Puzzle>(puzzle: &P, s: &P::State, moves: &[P::Move]) -> Vec<P::State> {
    moves
        .iter()
        .map(|&mv| {
            let mut c = s.clone();
            puzzle.apply(&mut c, mv);
            c
        })
        .collect()
}

fn threshold(g: u32, factor: f64) -> u32 {
    if factor == 1.5 {
        g / 2 + g
    } else {
        (f64::from(g) * factor).floor() as u32
    }
}

/// Runs the krill herd from `start`.
pub fn dkho<P: Puzzle + Sync, F: Fitness<P> + Send, R: Rng + ?Sized>(
    puzzle: &P,
    start: &P::State,
    params: &DkhoParams,
    ev: &mut Evaluator<F>,
    rng: &mut R,
) -> Result<SwarmOutcome<P::Move>, SwarmError>
where
    P::State: Sync,
{
    if params.krill == 0 || params.iterations == 0 {
        return Err(SwarmError::InvalidParameter {
            name: "krill/iterations",
            reason: "must be at least 1".into(),
        });
    }
    if !(params.kill_factor.is_finite() && (1.0..=100.0).contains(&params.kill_factor)) {
        return Err(SwarmError::InvalidParameter {
            name: "kill-factor",
            reason: format!("{} is not a number between 1 and 100", params.kill_factor),
        });
    }
    let moves = puzzle.moves();
    let k = moves.len();
    let f0 = ev.eval(puzzle, start)?;
    ev.uncount();
    let mut rec = Recorder::<P>::new(start, f0);
    if puzzle.is_solved(start) {
        rec.solved(puzzle, 0, 0, &[])?;
        return Ok(rec.finish(f0, 0, Vec::new(), ev));
    }
    let size = params.krill;
    let mut herd: Vec<Krill<P>> = (0..size)
        .map(|id| Krill {
            id,
            state: start.clone(),
            moves: Vec::new(),
            fitness: f0,
            solved: false,
        })
        .collect();
    let mut next_id = size;
    let mut child_fit = vec![0u32; k];
    let mut weights = vec![0f64; k];
    let mut it = 0u64;
    let mut best_moves = Vec::new();
    let mut best_fit = f0;
    while it < params.iterations && !herd.iter().all(|c| c.solved) {
        let g = herd.iter().map(|c| c.fitness).min().unwrap_or(f0);
        let mean = herd.iter().map(|c| f64::from(c.fitness)).sum::<f64>() / herd.len() as f64;
        rec.iteration(g, mean);
        // 1. Move selection.
        for i in 0..herd.len() {
            if herd[i].solved {
                continue;
            }
            let t = herd[i].fitness;
            let s = herd[i].state.clone();
            let mut chosen: Option<usize> = None;
            let children = children_of(puzzle, &s, &moves);
            let fits = ev.eval_batch(puzzle, &children)?;
            for (m, &f1) in fits.iter().enumerate() {
                rec.see(f1);
                child_fit[m] = f1;
                if f1 < t || f1 == 0 {
                    chosen = match chosen {
                        Some(c) if !params.seed_quirks && child_fit[c] <= f1 => Some(c),
                        _ => Some(m),
                    };
                }
            }
            let m = match chosen {
                Some(m) => m,
                None => {
                    let grand: Vec<P::State> = children
                        .iter()
                        .flat_map(|c| children_of(puzzle, c, &moves))
                        .collect();
                    let gf = ev.eval_batch(puzzle, &grand)?;
                    for m in 0..k {
                        let den: f64 = gf[m * k..(m + 1) * k].iter().map(|&f| eta(f)).sum();
                        weights[m] = if den > 0.0 { eta(child_fit[m]) / den } else { 0.0 };
                    }
                    roulette(&weights, rng)
                }
            };
            let c = &mut herd[i];
            puzzle.apply(&mut c.state, moves[m]);
            c.moves.push(moves[m]);
            c.fitness = child_fit[m];
            if puzzle.is_solved(&c.state) {
                c.solved = true;
                c.fitness = 0;
                rec.solved(puzzle, c.id, it, &c.moves)?;
            }
        }
        for c in &herd {
            if c.fitness < best_fit {
                best_fit = c.fitness;
                best_moves = c.moves.clone();
            }
        }
        // 2. Kill.
        let g = herd.iter().map(|c| c.fitness).min().unwrap_or(f0);
        let thr = threshold(g, params.kill_factor);
        let before = herd.len();
        herd.retain(|c| c.fitness <= thr);
        // 3. Reproduction.
        if herd.len() < before && herd.len() > 1 {
            let parents = herd.len();
            'fill: loop {
                for i in 0..parents {
                    for j in i + 1..parents {
                        for (a, b) in [(i, j), (j, i)] {
                            if herd.len() >= size {
                                break 'fill;
                            }
                            let (k1, k2) = (&herd[a].moves, &herd[b].moves);
                            let c = if k1.is_empty() {
                                0
                            } else {
                                rng.random_range(1..=k1.len())
                            };
                            let mut genes: Vec<P::Move> = k1[..c].to_vec();
                            if c < k2.len() {
                                genes.extend_from_slice(&k2[c..]);
                            }
                            let state = {
                                let mut s = start.clone();
                                puzzle.apply_all(&mut s, &genes);
                                s
                            };
                            let fitness = ev.eval(puzzle, &state)?;
                            rec.see(fitness);
                            herd.push(Krill {
                                id: next_id,
                                solved: false,
                                state,
                                moves: genes,
                                fitness,
                            });
                            next_id += 1;
                        }
                    }
                }
            }
        }
        // 4. Mutation.
        for c in herd.iter_mut() {
            if c.fitness <= thr || c.moves.is_empty() {
                continue;
            }
            let len = c.moves.len();
            let points = rng.random_range(1..=len);
            for p in sample(rng, len, points) {
                c.moves[p] = moves[rng.random_range(0..k)];
            }
            c.state = start.clone();
            puzzle.apply_all(&mut c.state, &c.moves);
            c.fitness = ev.eval(puzzle, &c.state)?;
            rec.see(c.fitness);
        }
        // A child (crossed or mutated) may land on solved.
        for c in herd.iter_mut() {
            if !c.solved && puzzle.is_solved(&c.state) {
                c.solved = true;
                c.fitness = 0;
                rec.solved(puzzle, c.id, it, &c.moves)?;
            }
        }
        it += 1;
    }
    Ok(rec.finish(f0, it, best_moves, ev))
}
