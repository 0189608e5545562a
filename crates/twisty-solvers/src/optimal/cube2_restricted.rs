//! The optimal 2x2x2 solver kept to a move set ([`Limits::moves`]): IDA* over the allowed
//! turns with the full distance table as its heuristic (a state is no nearer with fewer
//! moves, so the table's distance is a lower bound), after a check that the allowed moves
//! can solve the state at all.

use super::cube2::{unit_moves, Cube2Optimal};
use crate::solver::{Limits, SearchStats, SolveError};
use crate::subgroup::{points, reachable_with};
use twisty_core::cube2::{Cube2, Cube2Move, Cube2State};
use twisty_core::{Metric, Puzzle};
use twisty_search::ida::{ida_star, IdaOptions, IdaOutcome, IdaProblem, MovePruning};
use web_time::Instant;

/// Longest restricted answer searched when no maximum is given (the diameter of the
/// 2x2x2 in QTM is 14; a restricted group's is larger, and a state it cannot reach is
/// refused before the search).
const MAX_LENGTH: u32 = 40;

struct Restricted<'a> {
    table: &'a Cube2Optimal,
    moves: Vec<Cube2Move>,
    pruning: MovePruning,
}

impl IdaProblem for Restricted<'_> {
    type Node = Cube2State;

    fn num_moves(&self) -> usize {
        self.moves.len()
    }

    fn apply(&self, node: &Cube2State, m: usize) -> Cube2State {
        let mut s = *node;
        Cube2.apply(&mut s, self.moves[m]);
        s
    }

    fn heuristic(&self, node: &Cube2State) -> u32 {
        u32::from(self.table.distance(node))
    }

    fn is_goal(&self, node: &Cube2State) -> bool {
        Cube2.is_solved(node)
    }

    fn pruning(&self) -> &MovePruning {
        &self.pruning
    }
}

/// A 2x2x2 state as a permutation of its 24 (corner slot, twist) points.
pub fn cube2_points(s: &Cube2State) -> twisty_core::def::group::Perm {
    points(&[(&s.corner_perms(), &s.corner_oris(), 3)])
}

/// An optimal solution using only the moves `keep` marks (by index in `Cube2Move::ALL`), and
/// the nodes searched.
pub(super) fn solution(
    table: &Cube2Optimal,
    metric: Metric,
    state: &Cube2State,
    keep: &[bool],
    limits: &Limits,
) -> Result<(Vec<Cube2Move>, SearchStats), SolveError> {
    if reachable_with(&Cube2, state, keep, cube2_points) == Some(false) {
        return Err(SolveError::OutsideMoveSet);
    }
    let moves: Vec<Cube2Move> = unit_moves(metric)
        .into_iter()
        .filter(|m| keep.get(m.index() as usize).copied().unwrap_or(false))
        .collect();
    // In HTM never the same face twice; in QTM a half turn is two equal quarter turns, so
    // only the search's optimality rules out `R R'`.
    let pruning = if metric == Metric::Qtm {
        MovePruning::none(moves.len())
    } else {
        let faces: Vec<u8> = moves.iter().map(|m| m.face()).collect();
        MovePruning::new(&faces, |_, _| false)
    };
    let problem = Restricted {
        table,
        moves,
        pruning,
    };
    let opts = IdaOptions {
        max_depth: limits.max_length.unwrap_or(MAX_LENGTH),
        timeout: limits.timeout,
        max_nodes: limits.max_nodes,
        ..IdaOptions::default()
    };
    let t0 = Instant::now();
    let r = ida_star(&problem, state, &opts, limits.cancel.as_deref(), |_| {});
    let stats = SearchStats {
        nodes: r.nodes,
        elapsed: t0.elapsed(),
        ..Default::default()
    };
    let path = match r.outcome {
        IdaOutcome::Found(mut s) if !s.is_empty() => s.swap_remove(0),
        IdaOutcome::Found(_) | IdaOutcome::Exhausted => {
            return Err(SolveError::NoSolutionWithin {
                max_length: opts.max_depth,
            })
        }
        IdaOutcome::Timeout => {
            return Err(SolveError::Timeout {
                deepest_bound: r.deepest_complete,
            })
        }
        IdaOutcome::Cancelled => {
            return Err(SolveError::Cancelled {
                deepest_bound: r.deepest_complete,
            })
        }
    };
    // Equal quarter turns in a row (QTM) print as a half turn.
    let mut out: Vec<Cube2Move> = Vec::with_capacity(path.len());
    for m in path.into_iter().map(|i| problem.moves[i]) {
        match out.last() {
            Some(&last) if last == m => {
                out.pop();
                out.extend(Cube2Move::new(m.face(), 2));
            }
            _ => out.push(m),
        }
    }
    Ok((out, stats))
}
