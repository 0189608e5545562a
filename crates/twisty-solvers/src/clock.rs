//! The optimal clock solver: fewest moves in the WCA's count (every turn of a pin setting
//! counts 1 whatever its amount; `y2` counts nothing).
//!
//! Moves add hours to dials, so a solution is a choice of amounts for the 18 settings (nine
//! on each side; a setting turned twice is turned once by the sum) that cancels the state:
//! 14 linear equations over Z/12 in 18 unknowns. The nine settings of one side, on that
//! side's nine dials, form an invertible matrix over Z/12 (determinant 1), so the front's
//! amounts are fixed by what they do to the front's nine dials: the cross (edges and centre)
//! must be cancelled, and the four corners may take any hours `u`, the back's settings then
//! cancelling the rest of the corners and the back's cross. Every solution is one of the
//! 12^4 = 20,736 choices of `u`; the solver counts the moves (non-zero amounts) of each and
//! keeps the fewest, which is therefore optimal, ties broken by the fewest hours turned.

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use twisty_core::clock::linear::{self, Matrix};
use twisty_core::clock::{behind, Clock, ClockMove, ClockState, Pins, Side, CORNERS, HOURS};
use web_time::Instant;

/// Every choice of the corner hours `u`: the solutions examined per state.
pub const CHOICES: u64 = 12 * 12 * 12 * 12;

/// The optimal clock solver (a 9×9 inverse over Z/12, computed once).
#[derive(Debug, Clone)]
pub struct ClockOptimal {
    /// The inverse of one side's settings on its dials: amounts from dial hours.
    inv: Matrix,
}

/// One side's settings on its nine dials: column `p` is what setting `p` turned one hour
/// does.
fn side_matrix() -> Matrix {
    (0..9)
        .map(|i| {
            Pins::ALL
                .iter()
                .map(|p| u8::from(p.dials().contains(&i)))
                .collect()
        })
        .collect()
}

impl ClockOptimal {
    /// The solver.
    pub fn new() -> Result<ClockOptimal, SolveError> {
        let inv = linear::inverse(&side_matrix())
            .ok_or_else(|| SolveError::Table("a side's pin settings are not invertible over Z/12".into()))?;
        Ok(ClockOptimal { inv })
    }

    /// The amounts (front's nine settings, then the back's) of an optimal solution of
    /// `state`, its move count, and how many solutions have that count.
    pub fn amounts(&self, state: &ClockState) -> ([u8; 18], u32, u64) {
        let d = state.dials();
        let neg = |h: u8| (HOURS - h % HOURS) % HOURS;
        // Front dial hours the front's moves must make: the cross cancelled, corners 0 (+u).
        let mut x0 = [0u8; 9];
        let mut y0 = [0u8; 9];
        for i in 0..9 {
            if !CORNERS.contains(&i) {
                x0[i] = neg(d[i]);
                y0[i] = neg(d[9 + i]);
            }
        }
        for c in CORNERS {
            y0[behind(c)] = d[c];
        }
        let a0 = linear::apply(&self.inv, &x0);
        let b0 = linear::apply(&self.inv, &y0);
        let mut base = [0u8; 18];
        base[..9].copy_from_slice(&a0);
        base[9..].copy_from_slice(&b0);
        // What one hour of u_c adds to the 18 amounts.
        let cols: Vec<[u8; 18]> = CORNERS
            .iter()
            .map(|&c| {
                let mut col = [0u8; 18];
                for p in 0..9 {
                    col[p] = self.inv[p][c];
                    col[9 + p] = self.inv[p][behind(c)];
                }
                col
            })
            .collect();
        let add = |v: &mut [u8; 18], c: &[u8; 18]| {
            for k in 0..18 {
                v[k] = (v[k] + c[k]) % HOURS;
            }
        };
        let cost = |v: &[u8; 18]| -> (u32, u32) {
            let moves = v.iter().filter(|&&h| h != 0).count() as u32;
            let hours = v.iter().map(|&h| u32::from(h.min(HOURS - h))).sum();
            (moves, hours)
        };
        let mut best = (u32::MAX, u32::MAX);
        let mut best_v = base;
        let mut ties = 0u64;
        let mut v0 = base;
        for _ in 0..HOURS {
            let mut v1 = v0;
            for _ in 0..HOURS {
                let mut v2 = v1;
                for _ in 0..HOURS {
                    let mut v3 = v2;
                    for _ in 0..HOURS {
                        let c = cost(&v3);
                        if c.0 < best.0 {
                            ties = 0;
                        }
                        if c.0 <= best.0 {
                            ties += 1;
                        }
                        if c < best {
                            best = c;
                            best_v = v3;
                        }
                        add(&mut v3, &cols[3]);
                    }
                    add(&mut v2, &cols[2]);
                }
                add(&mut v1, &cols[1]);
            }
            add(&mut v0, &cols[0]);
        }
        (best_v, best.0, ties)
    }
}

/// The moves of 18 amounts (front's settings, then the back's), zeros left out.
pub fn moves_of(amounts: &[u8; 18]) -> Vec<ClockMove> {
    let mut out = Vec::new();
    for (k, &h) in amounts.iter().enumerate() {
        if h != 0 {
            out.push(ClockMove {
                side: if k < 9 { Side::Front } else { Side::Back },
                pins: Pins::ALL[k % 9],
                hours: h,
            });
        }
    }
    out
}

impl Solver<Clock> for ClockOptimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(
        &self,
        puzzle: &Clock,
        state: &ClockState,
        limits: &Limits,
    ) -> Result<Solution<ClockMove>, SolveError> {
        let start = Instant::now();
        let (amounts, length, ties) = self.amounts(state);
        if let Some(max) = limits.max_length {
            if length > max {
                return Err(SolveError::NoSolutionWithin { max_length: max });
            }
        }
        let moves = moves_of(&amounts);
        verify(puzzle, state, &moves)?;
        Ok(Solution {
            length: moves.len() as u32,
            moves,
            optimal: true,
            stats: SearchStats {
                nodes: CHOICES,
                expanded: 0,
                elapsed: start.elapsed(),
                breakdown: vec![("optimal solutions".into(), ties, length as f64)],
                phases: Vec::new(),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use twisty_core::{seeded_rng, Puzzle};

    #[test]
    fn answers_match_a_breadth_first_search_to_depth_two() {
        // Every state one or two moves from solved, by brute force over the 198 moves.
        let mut dist: HashMap<ClockState, u32> = HashMap::new();
        dist.insert(Clock.solved(), 0);
        let mut layer = vec![Clock.solved()];
        for depth in 1..=2 {
            let mut next = Vec::new();
            for s in &layer {
                for m in Clock.moves() {
                    let mut t = *s;
                    Clock.apply(&mut t, m);
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(t) {
                        e.insert(depth);
                        next.push(t);
                    }
                }
            }
            layer = next;
        }
        let solver = ClockOptimal::new().expect("invertible");
        let mut checked = 0;
        for (i, (s, &d)) in dist.iter().enumerate() {
            // One in 4 at depth 1, one in 400 at depth 2 (a debug solve takes milliseconds).
            if (d == 1 && i % 4 != 0) || (d == 2 && i % 400 != 0) {
                continue;
            }
            let sol = solver.solve(&Clock, s, &Limits::default()).expect("solves");
            assert_eq!(sol.length, d, "{s:?}");
            checked += 1;
        }
        assert!(checked > 60, "{checked}");
    }

    #[test]
    fn random_states_take_at_most_fourteen_moves_and_short_ones_stay_short() {
        let solver = ClockOptimal::new().expect("invertible");
        let mut rng = seeded_rng(11);
        for k in 0..16 {
            let s = Clock.random_state(&mut rng);
            let sol = solver.solve(&Clock, &s, &Limits::default()).expect("solves");
            assert!(sol.length <= 14, "{}", sol.length);
            // k moves of distinct settings: at most k.
            let n = k % 8;
            let moves = Clock.random_moves(&mut rng, n);
            let t = Clock.state_after(&moves);
            let short = solver.solve(&Clock, &t, &Limits::default()).expect("solves");
            assert!(short.length as usize <= n, "{n} moves: {}", short.length);
        }
        let far = Clock.random_state(&mut rng);
        let e = solver.solve(
            &Clock,
            &far,
            &Limits {
                max_length: Some(3),
                ..Limits::default()
            },
        );
        assert_eq!(e.err(), Some(SolveError::NoSolutionWithin { max_length: 3 }));
    }
}
