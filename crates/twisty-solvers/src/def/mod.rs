//! The optimal solver of puzzles given by a definition ([`DefPuzzle`]): IDA* over the
//! coordinates of [`tables`], pruned by their exact distance tables (the maximum of them) and
//! by the canonical-sequence automaton of the definition's moves.
//!
//! A node is the tuple of coordinate values and the automaton's state; a move is one table
//! lookup per coordinate. A node is solved when its tuple is a solved state's, so several
//! solved states, identical pieces and orientation wildcards cost nothing more. Lengths are
//! in moves (every power of a base move counts one); the quarter-turn metric is refused.
//! Every answer is applied to the input state and checked.

pub mod gods;
pub mod tables;
#[cfg(test)]
mod tests;

pub use tables::{DefTables, TableCaps, TooLarge};

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use tables::MAX_COORDS;
use twisty_core::def::{DefMove, DefPuzzle, DefState};
use twisty_core::{InvalidState, Metric, Puzzle};
use twisty_search::ida::{
    ida_star, BoundReport, IdaOptions, IdaOutcome, IdaProblem, IdaResult, MoveAutomaton, MovePruning,
};
use web_time::Instant;

/// The default longest answer searched for.
pub const DEFAULT_MAX_LENGTH: u32 = 40;

/// A search node: every coordinate's value and the automaton's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    values: [u32; MAX_COORDS],
    state: u16,
}

struct Problem<'a> {
    t: &'a DefTables,
    moves: usize,
    k: usize,
    pruning: MovePruning,
}

impl IdaProblem for Problem<'_> {
    type Node = Node;

    fn num_moves(&self) -> usize {
        self.moves
    }

    #[inline]
    fn apply(&self, node: &Node, m: usize) -> Node {
        let mut values = [0u32; MAX_COORDS];
        for i in 0..self.k {
            values[i] = self.t.coords[i].next(node.values[i], m);
        }
        Node {
            values,
            state: self
                .t
                .automaton
                .next(node.state, m)
                .unwrap_or(MoveAutomaton::START),
        }
    }

    fn heuristic(&self, node: &Node) -> u32 {
        self.t.bound(&node.values)
    }

    #[inline]
    fn prunes(&self, node: &Node, remaining: u32) -> bool {
        self.t
            .tables
            .iter()
            .any(|t| u32::from(t.distance(&node.values)) > remaining)
    }

    #[inline]
    fn skips_move(&self, node: &Node, m: usize, _remaining: u32) -> bool {
        self.t.automaton.next(node.state, m).is_none()
    }

    fn is_goal(&self, node: &Node) -> bool {
        self.t.targets.iter().any(|t| t[..] == node.values[..self.k])
    }

    fn pruning(&self) -> &MovePruning {
        &self.pruning
    }
}

/// The optimal solver of definitions. Its tables are built on first use for the puzzle it is
/// asked about and kept for the next solves of the same puzzle.
#[derive(Debug, Default)]
pub struct DefOptimal {
    caps: TableCaps,
    cache: Mutex<Option<(u64, Arc<DefTables>)>>,
}

/// A fingerprint of a puzzle's moves and solved states (which tables depend on): a key for
/// caching its tables.
pub fn fingerprint(p: &DefPuzzle) -> u64 {
    let mut h = DefaultHasher::new();
    for m in p.move_info() {
        m.transform.hash(&mut h);
        m.face.hash(&mut h);
    }
    p.solved_patterns().hash(&mut h);
    p.labels().hash(&mut h);
    p.orientation_mods().hash(&mut h);
    h.finish()
}

impl DefOptimal {
    /// A solver whose tables stay within `caps`.
    pub fn new(caps: TableCaps) -> DefOptimal {
        DefOptimal {
            caps,
            cache: Mutex::new(None),
        }
    }

    /// The tables for `puzzle`, built now if they are not yet.
    pub fn tables(&self, puzzle: &DefPuzzle) -> Result<Arc<DefTables>, SolveError> {
        let key = fingerprint(puzzle);
        let mut c = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((k, t)) = c.as_ref() {
            if *k == key {
                return Ok(t.clone());
            }
        }
        let t = Arc::new(DefTables::build(puzzle, self.caps).map_err(|e| {
            SolveError::Unsupported(format!("{} has no optimal search here: {}", puzzle.name(), e.0))
        })?);
        *c = Some((key, t.clone()));
        Ok(t)
    }

    /// Every optimal solution (each once, in canonical form), shortest length first found;
    /// `on_bound` is called after each bound searched without a solution.
    pub fn solve_all(
        &self,
        puzzle: &DefPuzzle,
        state: &DefState,
        limits: &Limits,
        on_bound: impl FnMut(&BoundReport) + Send,
    ) -> Result<Vec<Solution<DefMove>>, SolveError> {
        let (r, stats) = self.run(puzzle, state, limits, true, on_bound)?;
        match &r.outcome {
            IdaOutcome::Found(paths) => paths
                .iter()
                .map(|p| self.solution(puzzle, state, p, stats.clone()))
                .collect(),
            _ => Err(self.error(&r, limits)),
        }
    }

    /// The first optimal solution; `on_bound` is called after each bound searched without
    /// a solution.
    pub fn solve_with(
        &self,
        puzzle: &DefPuzzle,
        state: &DefState,
        limits: &Limits,
        on_bound: impl FnMut(&BoundReport) + Send,
    ) -> Result<Solution<DefMove>, SolveError> {
        let (r, stats) = self.run(puzzle, state, limits, false, on_bound)?;
        match &r.outcome {
            IdaOutcome::Found(paths) => {
                let p = paths.first().cloned().unwrap_or_default();
                self.solution(puzzle, state, &p, stats)
            }
            _ => Err(self.error(&r, limits)),
        }
    }

    fn run(
        &self,
        puzzle: &DefPuzzle,
        state: &DefState,
        limits: &Limits,
        all: bool,
        on_bound: impl FnMut(&BoundReport) + Send,
    ) -> Result<(IdaResult, SearchStats), SolveError> {
        if limits.metric == Metric::Qtm {
            return Err(SolveError::Unsupported(
                "the quarter-turn metric for definitions (every move counts one)".into(),
            ));
        }
        if state.0.len() != puzzle.state_len() {
            return Err(SolveError::Invalid(InvalidState::Malformed(format!(
                "a state of {} bytes for {}, whose states have {}",
                state.0.len(),
                puzzle.name(),
                puzzle.state_len()
            ))));
        }
        // Every piece distinct and counted: the stabiliser chain says whether the state is
        // reachable (else the coordinates, each reachable alone, could send the search on to
        // its maximum length). With identical pieces or wildcards a state outside the group
        // may still look like one inside it, and is searched.
        let exact = !puzzle.has_identical_pieces() && !puzzle.has_orientation_wildcards();
        if exact && puzzle.is_reachable(&state.0) == Ok(false) {
            return Err(unreachable(puzzle));
        }
        if let (true, Some(keep)) = (exact, &limits.moves) {
            if reachable_with_moves(puzzle, &state.0, keep) == Some(false) {
                return Err(SolveError::OutsideMoveSet);
            }
        }
        let t = self.tables(puzzle)?;
        let Some(v) = t.values(puzzle, &state.0) else {
            return Err(unreachable(puzzle));
        };
        let k = v.len();
        let mut values = [0u32; MAX_COORDS];
        values[..k].copy_from_slice(&v);
        let root = limits
            .after_move
            .filter(|&m| m < puzzle.move_info().len())
            .and_then(|m| t.automaton.next(MoveAutomaton::START, m))
            .unwrap_or(MoveAutomaton::START);
        let problem = Problem {
            t: &t,
            moves: puzzle.move_info().len(),
            k,
            pruning: MovePruning::none(puzzle.move_info().len()),
        };
        let opts = IdaOptions {
            max_depth: limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH),
            timeout: limits.timeout,
            max_nodes: limits.max_nodes,
            all,
            split_depth: if limits.threads == Some(1) { 0 } else { 2 },
            min_depth: limits.min_length.unwrap_or(0),
            progress: limits.progress.clone(),
            moves: limits.moves.clone(),
            ..IdaOptions::default()
        };
        let threads = limits.threads.unwrap_or(0);
        let pool = twisty_search::threads::Pool::new(threads)
            .map_err(|e| SolveError::Unsupported(format!("cannot start {threads} threads: {e}")))?;
        let cancel: Option<&AtomicBool> = limits.cancel.as_deref();
        let t0 = Instant::now();
        let start = Node { values, state: root };
        let r = pool.install(|| ida_star(&problem, &start, &opts, cancel, on_bound));
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

    fn solution(
        &self,
        puzzle: &DefPuzzle,
        state: &DefState,
        path: &[usize],
        stats: SearchStats,
    ) -> Result<Solution<DefMove>, SolveError> {
        let moves: Vec<DefMove> = path.iter().map(|&m| DefMove(m as u16)).collect();
        verify(puzzle, state, &moves)?;
        Ok(Solution {
            length: moves.len() as u32,
            moves,
            optimal: true,
            stats,
        })
    }

    fn error(&self, r: &IdaResult, limits: &Limits) -> SolveError {
        match r.outcome {
            IdaOutcome::Timeout => SolveError::Timeout {
                deepest_bound: r.deepest_complete,
            },
            IdaOutcome::Cancelled => SolveError::Cancelled {
                deepest_bound: r.deepest_complete,
            },
            _ => SolveError::NoSolutionWithin {
                max_length: limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH),
            },
        }
    }
}

fn unreachable(puzzle: &DefPuzzle) -> SolveError {
    SolveError::Invalid(InvalidState::Other(format!(
        "no sequence of moves of {} reaches this state",
        puzzle.name()
    )))
}

impl Solver<DefPuzzle> for DefOptimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(
        &self,
        puzzle: &DefPuzzle,
        state: &DefState,
        limits: &Limits,
    ) -> Result<Solution<DefMove>, SolveError> {
        self.solve_with(puzzle, state, limits, |_| {})
    }
}

/// Whether a state is in the group the moves `keep` marks generate (`None`: the chain could
/// not be built, e.g. too many points).
fn reachable_with_moves(puzzle: &DefPuzzle, state: &[u8], keep: &[bool]) -> Option<bool> {
    use twisty_core::def::group::{Action, StabChain};
    let action = Action::faithful(puzzle).ok()?;
    let gens: Vec<_> = puzzle
        .move_info()
        .iter()
        .zip(keep)
        .filter(|(_, &k)| k)
        .map(|(m, _)| action.perm_of(puzzle, &m.transform))
        .collect();
    let target = action.perm_of(puzzle, state);
    let chain = StabChain::new(action, &gens, &[]).ok()?;
    Some(chain.contains(&target))
}
