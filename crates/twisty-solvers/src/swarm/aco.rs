//! Ant colony optimisation (seed 002, `3_ACO.py`; paper Eqs. 13–16).
//!
//! Pheromone lives in a table keyed by state, one value per move, every value starting at
//! 10⁻⁶; there is no evaporation (neither in the paper's equation nor in the code). Each
//! iteration every unsolved ant, one after the other, picks a move by roulette wheel over
//!
//! `p(m) = τ(S, m)^α · η(S+m)^β / Σ_{all edges} τ^α · η^β`, with `η = 1/f`
//! (9,999,999 for solved),
//!
//! the sum running over the 18 edges leaving `S` (Eq. 15 as printed, [`AcoRule::Edges`]):
//! `18·n` counted evaluations per ant-step. [`AcoRule::Adjacent`] sums instead over the 18
//! "adjacent edges" after each move, `τ(S+m, n)^α · η(S+m+n)^β`, as the paper's count of 19
//! evaluations per move (`342·n` per ant-step, NFE = `342·n·N·P`) and its code do. Each ant
//! deposits `η(S')` on the edge it took; by default the deposits of an iteration take effect
//! after every ant has moved (Eq. 14, [`AcoDeposit::PerIteration`]), and the global best is
//! updated.
//!
//! Regrouping (paper §5, "Depth traversed and regrouping"): at the start of an iteration,
//! when some ant found a new global minimum, or when the ants have walked as many steps as
//! the global minimum since the last regroup, every ant moves to the global best state; the
//! pheromone rows added since that state was entered are removed, newest first (the code's
//! `dict.popitem()` loop), and its own row is reset to 10⁻⁶. A regroup onto a solved state
//! ends the run.
//!
//! Quirks of the seed code, reproduced with `seed_quirks`:
//! - the adjacent-edge denominator, and deposits applied as soon as each ant moves;
//! - the pheromone of the numerator is read in the *child's* row at column `m`
//!   (`τ(S+m, m)`), and the denominator reads column `m` too (`τ(S+m+n, m)`), instead of
//!   `τ(S, m)` and `τ(S+m, n)`;
//! - the chosen child is evaluated once more (not counted in the NFE), so with varying
//!   evaluations the deposit uses a fresh draw;
//! - a regroup onto a solved state marks every remaining ant as having solved it (the code
//!   reuses a stale move list); the corrected mode counts only the ants that really did.

use super::dkho::children_of;
use super::{eta, roulette, Evaluator, Fitness, Recorder, SwarmError, SwarmOutcome};
use rand::Rng;
use std::collections::HashMap;
use twisty_core::Puzzle;

/// Initial pheromone of every edge.
pub const TAU0: f64 = 1e-6;

/// Which edges normalise a move's weight in the selection rule (Eq. 15's denominator).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AcoRule {
    /// Eq. 15 as printed (and textbook ACO, Eq. 11): the sum runs over all the edges the
    /// ant can take from its state, so `p(m) ∝ τ(S, m)^α · η(S+m)^β`. Only the 18
    /// children are evaluated: `18·n` counted evaluations per ant-step.
    #[default]
    Edges,
    /// The paper's evaluation count (19 evaluations per move): the sum runs over the 18
    /// edges *after* the move, `τ(S+m, n)^α · η(S+m+n)^β`; `342·n` per ant-step (Table 8).
    /// A state one move from solved then has a solved child (η = 9,999,999) in its
    /// denominator, so the move into it gets a weight of about 10⁻⁷.
    Adjacent,
}

/// When the ants' pheromone deposits take effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AcoDeposit {
    /// After every ant has moved in the iteration (Eq. 14: an edge's pheromone is the sum
    /// over all the ants that traversed it; Eqs. 9–10 update per iteration). Within one
    /// iteration the ants choose independently.
    #[default]
    PerIteration,
    /// As soon as each ant moves (the seed code): every later ant at the same state then
    /// follows the first one, whose deposit `1/f` outweighs the initial 10⁻⁶ by 10⁵.
    Immediate,
}

/// Parameters of the ant colony.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AcoParams {
    /// Number of ants (paper: 25).
    pub ants: usize,
    /// Iterations (paper: 100).
    pub iterations: u64,
    /// Pheromone exponent α (paper: 1).
    pub alpha: f64,
    /// Heuristic exponent β (paper: 1).
    pub beta: f64,
    /// Selection rule (ignored with `seed_quirks`, which uses the code's adjacent rule).
    pub rule: AcoRule,
    /// When deposits take effect (ignored with `seed_quirks`: immediately, as the code).
    pub deposit: AcoDeposit,
    /// Reproduce the seed code's quirks (see the module docs).
    pub seed_quirks: bool,
}

impl Default for AcoParams {
    fn default() -> Self {
        Self {
            ants: 25,
            iterations: 100,
            alpha: 1.0,
            beta: 1.0,
            rule: AcoRule::Edges,
            deposit: AcoDeposit::PerIteration,
            seed_quirks: false,
        }
    }
}

/// The pheromone table in insertion order (for the LIFO removal at a regroup).
struct Pheromone<S> {
    rows: Vec<(S, Vec<f64>)>,
    index: HashMap<S, usize>,
    width: usize,
}

impl<S: Clone + Eq + std::hash::Hash> Pheromone<S> {
    fn new(width: usize) -> Self {
        Self {
            rows: Vec::new(),
            index: HashMap::new(),
            width,
        }
    }

    fn get(&self, s: &S, m: usize) -> f64 {
        self.index.get(s).map_or(TAU0, |&i| self.rows[i].1[m])
    }

    fn ensure(&mut self, s: &S) -> usize {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        self.rows.push((s.clone(), vec![TAU0; self.width]));
        self.index.insert(s.clone(), self.rows.len() - 1);
        self.rows.len() - 1
    }

    /// Pops rows newest first until `s`'s row is popped (or none is left), then re-adds
    /// `s` with fresh values.
    fn rewind_to(&mut self, s: &S) {
        while let Some((key, _)) = self.rows.pop() {
            self.index.remove(&key);
            if &key == s {
                break;
            }
        }
        self.ensure(s);
    }
}

struct Ant<P: Puzzle> {
    state: P::State,
    moves: Vec<P::Move>,
    fitness: u32,
    solved: bool,
}

/// Runs the ant colony from `start`.
pub fn aco<P: Puzzle + Sync, F: Fitness<P> + Send, R: Rng + ?Sized>(
    puzzle: &P,
    start: &P::State,
    params: &AcoParams,
    ev: &mut Evaluator<F>,
    rng: &mut R,
) -> Result<SwarmOutcome<P::Move>, SwarmError>
where
    P::State: Sync,
{
    if params.ants == 0 || params.iterations == 0 {
        return Err(SwarmError::InvalidParameter {
            name: "ants/iterations",
            reason: "must be at least 1".into(),
        });
    }
    for (name, v) in [("alpha", params.alpha), ("beta", params.beta)] {
        if !(v.is_finite() && (0.0..=100.0).contains(&v)) {
            return Err(SwarmError::InvalidParameter {
                name,
                reason: format!("{v} is not a number between 0 and 100"),
            });
        }
    }
    let moves = puzzle.moves();
    let k = moves.len();
    let f0 = ev.eval(puzzle, start)?;
    ev.uncount();
    let mut rec = Recorder::<P>::new(start, f0);
    let mut pher = Pheromone::<P::State>::new(k);
    pher.ensure(start);
    let mut ants: Vec<Ant<P>> = (0..params.ants)
        .map(|_| Ant {
            state: start.clone(),
            moves: Vec::new(),
            fitness: f0,
            solved: false,
        })
        .collect();
    let (mut g_fit, mut g_state, mut g_moves) = (f0, start.clone(), Vec::new());
    if puzzle.is_solved(start) {
        rec.solved(puzzle, 0, 0, &[])?;
        return Ok(rec.finish(f0, 0, Vec::new(), ev));
    }
    let (mut depth, mut done, mut prev) = (f0, 0u32, f0);
    let (a, b) = (params.alpha, params.beta);
    let mut it = 0u64;
    let mut child_fit = vec![0u32; k];
    let mut weights = vec![0f64; k];
    let mut deposits: Vec<(P::State, usize, f64)> = Vec::new();
    while it < params.iterations {
        if done == depth || g_fit < prev {
            for ant in ants.iter_mut().filter(|a| !a.solved) {
                ant.state = g_state.clone();
                ant.moves = g_moves.clone();
                ant.fitness = g_fit;
            }
            depth = g_fit;
            done = 0;
            prev = g_fit;
            pher.rewind_to(&g_state);
            if puzzle.is_solved(&g_state) {
                if params.seed_quirks {
                    for (i, ant) in ants.iter_mut().enumerate().filter(|(_, a)| !a.solved) {
                        ant.solved = true;
                        rec.solved(puzzle, i, it, &g_moves)?;
                    }
                }
                break;
            }
        }
        let mean = ants.iter().map(|a| f64::from(a.fitness)).sum::<f64>() / ants.len() as f64;
        rec.iteration(g_fit, mean);
        for i in 0..ants.len() {
            if ants[i].solved {
                continue;
            }
            let s = ants[i].state.clone();
            let children = children_of(puzzle, &s, &moves);
            let adjacent = params.seed_quirks || params.rule == AcoRule::Adjacent;
            if adjacent {
                // Each child, then its 18 children (the "adjacent edges"): 342
                // evaluations, counted in that order.
                let mut batch = Vec::with_capacity(k * (k + 1));
                for c in &children {
                    batch.push(c.clone());
                    batch.extend(children_of(puzzle, c, &moves));
                }
                let fits = ev.eval_batch(puzzle, &batch)?;
                for (m, s1) in children.iter().enumerate() {
                    let row = &fits[m * (k + 1)..(m + 1) * (k + 1)];
                    let f1 = row[0];
                    rec.see(f1);
                    child_fit[m] = f1;
                    let tau = if params.seed_quirks {
                        pher.get(s1, m)
                    } else {
                        pher.get(&s, m)
                    };
                    let num = tau.powf(a) * eta(f1).powf(b);
                    let mut den = 0.0;
                    for (n, &f2) in row[1..].iter().enumerate() {
                        let tau2 = if params.seed_quirks {
                            pher.get(&batch[m * (k + 1) + 1 + n], m)
                        } else {
                            pher.get(s1, n)
                        };
                        den += tau2.powf(a) * eta(f2).powf(b);
                    }
                    weights[m] = if den > 0.0 { num / den } else { 0.0 };
                }
            } else {
                // Eq. 15 over the edges leaving `s`: the common denominator cancels in
                // the roulette's normalisation.
                let fits = ev.eval_batch(puzzle, &children)?;
                for (m, &f1) in fits.iter().enumerate() {
                    rec.see(f1);
                    child_fit[m] = f1;
                    weights[m] = pher.get(&s, m).powf(a) * eta(f1).powf(b);
                }
            }
            let m = roulette(&weights, rng);

            let mut s1 = s.clone();
            puzzle.apply(&mut s1, moves[m]);
            let f1 = if params.seed_quirks {
                let f = ev.eval(puzzle, &s1)?;
                ev.uncount();
                f
            } else {
                child_fit[m]
            };
            let row = pher.ensure(&s);
            if params.seed_quirks || params.deposit == AcoDeposit::Immediate {
                pher.rows[row].1[m] += eta(f1);
            } else {
                deposits.push((s, m, eta(f1)));
            }
            pher.ensure(&s1);
            let ant = &mut ants[i];
            ant.state = s1;
            ant.moves.push(moves[m]);
            ant.fitness = f1;
            if f1 < g_fit {
                g_fit = f1;
                g_state = ant.state.clone();
                g_moves = ant.moves.clone();
            }
            if puzzle.is_solved(&ant.state) {
                ant.solved = true;
                rec.solved(puzzle, i, it, &ant.moves)?;
                g_fit = 0;
                g_state = ant.state.clone();
                g_moves = ant.moves.clone();
            }
        }
        // Eq. 14: an edge's pheromone is the sum of what every ant that traversed it in
        // this iteration deposited.
        for (st, m, amount) in deposits.drain(..) {
            let row = pher.ensure(&st);
            pher.rows[row].1[m] += amount;
        }
        done += 1;
        it += 1;
        if ants.iter().all(|a| a.solved) {
            break;
        }
    }
    Ok(rec.finish(f0, it, g_moves, ev))
}
