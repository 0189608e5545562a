//! Research runs of the optimal Kilominx solver: every optimal solution of a state
//! ([`KilominxOptimal::solve_all`]), and complete IDA* iterations up to a fixed depth with the
//! nodes, time and solutions of each bound ([`KilominxOptimal::explore`]), which measure a
//! heuristic on a fixed amount of work rather than on where the first solution happens to lie.
//!
//! Both search the same canonical sequences as a plain solve, so "every solution" means every
//! canonical sequence: of two sequences that differ only in the order of commuting turns, one.

use super::part::Part;
use super::search::{Goal, Iteration, Outcome};
use super::KilominxOptimal;
use crate::solver::{Limits, Solution, SolveError};
use twisty_core::kilominx::{KiloMove, KiloState};
use twisty_search::ida::BoundReport;

/// The deepest bound a research run may ask for.
pub const MAX_DEPTH: u32 = 40;

/// Every optimal solution of a state.
#[derive(Debug, Clone)]
pub struct AllSolutions {
    /// The solutions, verified, in move-index order.
    pub solutions: Vec<Solution<KiloMove>>,
    /// False when the time limit, node budget or cancel flag stopped the search of the
    /// optimal bound after it had found these: there may be more.
    pub complete: bool,
}

/// Why a research run stopped before its last bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The time limit or the node budget.
    Timeout,
    /// The cancel flag (Ctrl-C).
    Cancelled,
}

/// The result of complete iterations up to a depth.
#[derive(Debug, Clone)]
pub struct Exploration {
    /// The heuristic's bound for the state: the first bound searched (bounds below it have no
    /// solution and generate no node).
    pub start_bound: u32,
    /// The depth asked for.
    pub depth: u32,
    /// The bounds searched to their end, in order.
    pub iterations: Vec<Iteration>,
    /// Why and where the run stopped early, with the nodes, time and solutions of the
    /// unfinished bound so far; `None` when every bound up to `depth` was searched.
    pub stopped: Option<(Stop, Iteration)>,
}

impl Exploration {
    /// The length of the shortest solution found, if any.
    pub fn optimal(&self) -> Option<u32> {
        self.iterations.iter().find(|i| i.solutions > 0).map(|i| i.bound)
    }
}

impl KilominxOptimal {
    /// Every optimal solution of `state`: the first bound with a solution is searched to its
    /// end. `on_bound` is called after each bound searched without a solution. A stop during
    /// the optimal bound returns the solutions found so far, marked incomplete; a stop before
    /// any solution is an error, as for [`KilominxOptimal::solve_with`].
    pub fn solve_all(
        &self,
        state: &KiloState,
        limits: &Limits,
        mut on_bound: impl FnMut(&BoundReport),
    ) -> Result<AllSolutions, SolveError> {
        let (r, stats) = self.run(state, limits, Goal::All, None, None, |it| on_bound(&it.report()))?;
        let complete = r.stopped.is_none();
        match r.outcome {
            Outcome::Found(paths) => {
                let solutions = paths
                    .iter()
                    .map(|p| self.solution(state, p, stats.clone()))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(AllSolutions { solutions, complete })
            }
            _ => Err(self.error(&r, limits)),
        }
    }

    /// Complete IDA* iterations from the heuristic's bound for `state` up to `depth`, without
    /// stopping at a solution: every canonical sequence of each bound's length that solves the
    /// state is counted. `on_iteration` is called after each bound. The limits' time limit,
    /// node budget and cancel flag stop the run, which then reports the bounds finished and
    /// the unfinished one as far as it got; their maximum length is not used.
    ///
    /// With `part`, only that part of every bound is searched ([`Part`]): the nodes and
    /// solutions of the parts of a bound add up to the whole bound's. A part's
    /// [`Exploration::optimal`] is then only its own shortest solution.
    pub fn explore(
        &self,
        state: &KiloState,
        limits: &Limits,
        depth: u32,
        part: Option<Part>,
        on_iteration: impl FnMut(&Iteration),
    ) -> Result<Exploration, SolveError> {
        if depth > MAX_DEPTH {
            return Err(SolveError::Unsupported(format!(
                "complete iterations to depth {depth}: at most {MAX_DEPTH}"
            )));
        }
        state.validate()?;
        let start_bound = self.heuristic(state);
        let (r, _) = self.run(state, limits, Goal::Complete, Some(depth), part, on_iteration)?;
        let stopped = r.stopped.map(|it| {
            let why = match r.outcome {
                Outcome::Cancelled => Stop::Cancelled,
                _ => Stop::Timeout,
            };
            (why, it)
        });
        Ok(Exploration {
            start_bound,
            depth,
            iterations: r.iterations,
            stopped,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::pattern::Pattern;
    use super::super::{Config, Mod3Config};
    use super::*;
    use crate::solver::{verify, Solver};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use twisty_core::kilominx::Kilominx;
    use twisty_core::rng::seeded_rng;
    use twisty_core::Puzzle;
    use twisty_search::ida::MoveAutomaton;
    use twisty_search::TableCache;

    /// Per length 0..=depth, the sequences the solver's move automaton generates from `state`
    /// that solve it, by enumerating them all.
    fn brute_force(solver: &KilominxOptimal, state: &KiloState, depth: u32) -> Vec<u64> {
        fn walk(solver: &KilominxOptimal, s: &KiloState, q: u16, len: usize, depth: usize, out: &mut [u64]) {
            if *s == KiloState::SOLVED {
                out[len] += 1;
            }
            if len == depth {
                return;
            }
            for (m, &mv) in solver.moves.iter().enumerate() {
                if let Some(r) = solver.canon.next(q, m) {
                    let mut t = *s;
                    Kilominx.apply(&mut t, mv);
                    walk(solver, &t, r, len + 1, depth, out);
                }
            }
        }
        let mut out = vec![0u64; depth as usize + 1];
        walk(solver, state, MoveAutomaton::START, 0, depth as usize, &mut out);
        out
    }

    fn small() -> Vec<Pattern> {
        vec![
            Pattern::new(&["UFR", "DBR", "MBL"]).unwrap(),
            Pattern::new(&["UBM", "DFM", "BRD"]).unwrap(),
        ]
    }

    /// Five shapes on small tables: plain lookups with the canonical sequences, the seed's
    /// pruning and order, two mod-3 tables carried through the rotations, the `best` shape
    /// (the six symmetries, inverse lookups too) and the `best-exact` shape (4-bit tables
    /// through the six symmetries, forward and inverse).
    fn solvers(cache: &TableCache) -> Vec<KilominxOptimal> {
        let seed_like = Config {
            seed_pruning: true,
            order_children: true,
            ..Config::plain(small())
        };
        let with_mod3 = Config {
            mod3: [&["UFR", "UBR", "MFR"][..], &["UBL", "UBR", "UBM"]]
                .map(|names| Mod3Config {
                    pattern: Pattern::new(names).unwrap(),
                    powers: vec![0, 1, 2],
                })
                .to_vec(),
            ..Config::plain(small())
        };
        let with_inverse = super::super::tests::with_inverse_config(small());
        let exact = Config::exact(small());
        [Config::plain(small()), seed_like, with_mod3, with_inverse, exact]
            .into_iter()
            .map(|c| KilominxOptimal::with_config(cache, c, false).unwrap())
            .collect()
    }

    #[test]
    fn complete_iterations_count_every_solution_of_every_bound() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let k = Kilominx;
        let mut rng = seeded_rng(17);
        let mut states = vec![KiloState::SOLVED];
        for n in [1, 2, 2, 3, 3] {
            states.push(k.state_after(&k.random_moves(&mut rng, n)));
        }
        let depth = 4;
        let mut beyond_optimal = 0;
        for (i, solver) in solvers(&cache).iter().enumerate() {
            for s in &states {
                let want = brute_force(solver, s, depth);
                for threads in [Some(1), None] {
                    let limits = Limits {
                        threads,
                        ..Default::default()
                    };
                    let mut seen = Vec::new();
                    let e = solver
                        .explore(s, &limits, depth, None, |it| seen.push(*it))
                        .unwrap();
                    assert_eq!(e.stopped, None);
                    assert_eq!(seen, e.iterations);
                    // Bounds below the first searched have no solution.
                    let first = e.iterations[0].bound as usize;
                    assert!(want[..first].iter().all(|&c| c == 0), "solver {i}: {want:?}");
                    let got: Vec<u64> = e.iterations.iter().map(|it| it.solutions).collect();
                    assert_eq!(got, want[first..], "solver {i}, threads {threads:?}");
                    let bounds: Vec<u32> = e.iterations.iter().map(|it| it.bound).collect();
                    assert_eq!(bounds, (first as u32..=depth).collect::<Vec<_>>());
                    assert_eq!(e.optimal(), want.iter().position(|&c| c > 0).map(|d| d as u32));
                    if s != &KiloState::SOLVED {
                        assert_eq!(first as u32, e.start_bound.max(1));
                    }
                }
                let opt = want.iter().position(|&c| c > 0).unwrap_or(0);
                beyond_optimal += want[opt + 1..].iter().sum::<u64>();
            }
        }
        // Longer solutions exist too (e.g. through a face turned and undone elsewhere), and
        // were counted.
        assert!(beyond_optimal > 0);
    }

    #[test]
    fn the_progress_inside_a_bound_ends_at_the_bound_s_own_figures() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let k = Kilominx;
        let mut rng = seeded_rng(53);
        let s = k.state_after(&k.random_moves(&mut rng, 12));
        let (mut split_seen, mut estimated) = (0, 0);
        for (i, solver) in solvers(&cache).iter().enumerate() {
            let depth = solver.heuristic(&s).max(3) + 1;
            for (threads, part) in [(Some(1), None), (None, None), (None, Part::new(2, 3).ok())] {
                let progress = Arc::new(crate::IterationProgress::new());
                let limits = Limits {
                    threads,
                    progress: Some(progress.clone()),
                    ..Default::default()
                };
                let e = solver.explore(&s, &limits, depth, part, |_| {}).unwrap();
                let last = e.iterations.last().unwrap();
                let seen = progress.snapshot();
                let at = format!("solver {i}, threads {threads:?}, part {part:?}");
                assert_eq!(seen.bound, last.bound, "{at}");
                assert_eq!(seen.nodes, last.nodes, "{at}");
                if threads == Some(1) && part.is_none() {
                    // One tree: no subtrees to count.
                    assert_eq!((seen.subtrees, seen.done), (0, 0), "{at}");
                } else {
                    // Every subtree two moves deep that survived the pruning was searched.
                    split_seen += usize::from(seen.subtrees > 0);
                    assert_eq!(seen.done, seen.subtrees, "{at}: {seen:?}");
                    // The last bound's counts of the subtrees, all done.
                    estimated += usize::from(seen.last_nodes > 0);
                    assert_eq!(seen.last_nodes_done, seen.last_nodes, "{at}: {seen:?}");
                }
            }
        }
        // Most bounds are split (a bound whose depth-2 nodes are all pruned has no subtree).
        assert!(split_seen >= 5, "{split_seen}");
        // The bound before the last was split and learnt from in some runs.
        assert!(estimated >= 1, "{estimated}");
    }

    #[test]
    fn the_parts_of_a_complete_iteration_add_up_to_the_whole() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let k = Kilominx;
        let mut rng = seeded_rng(41);
        let states: Vec<KiloState> = [0, 1, 3, 12]
            .into_iter()
            .map(|n| k.state_after(&k.random_moves(&mut rng, n)))
            .collect();
        let depth = 5;
        let mut solved_in_parts = 0;
        for (i, solver) in solvers(&cache).iter().enumerate() {
            for s in &states {
                let whole = solver
                    .explore(s, &Limits::default(), depth, None, |_| {})
                    .unwrap();
                for n in [2, 3] {
                    for threads in [Some(1), None] {
                        let limits = Limits {
                            threads,
                            ..Default::default()
                        };
                        let mut nodes = vec![0u64; whole.iterations.len()];
                        let mut solutions = vec![0u64; whole.iterations.len()];
                        for p in 1..=n {
                            let part = Part::new(p, n).unwrap();
                            let e = solver.explore(s, &limits, depth, Some(part), |_| {}).unwrap();
                            assert_eq!(e.stopped, None);
                            assert_eq!(e.start_bound, whole.start_bound);
                            let bounds =
                                |x: &Exploration| x.iterations.iter().map(|it| it.bound).collect::<Vec<_>>();
                            assert_eq!(bounds(&e), bounds(&whole), "solver {i}");
                            for (j, it) in e.iterations.iter().enumerate() {
                                nodes[j] += it.nodes;
                                solutions[j] += it.solutions;
                                // No part holds the whole of a bound with more than one subtree.
                                if it.solutions > 0 && it.solutions < whole.iterations[j].solutions {
                                    solved_in_parts += 1;
                                }
                            }
                        }
                        let want =
                            |f: fn(&Iteration) -> u64| whole.iterations.iter().map(f).collect::<Vec<_>>();
                        assert_eq!(
                            nodes,
                            want(|it| it.nodes),
                            "solver {i}, {n} parts, threads {threads:?}"
                        );
                        assert_eq!(solutions, want(|it| it.solutions), "solver {i}, {n} parts");
                    }
                }
            }
        }
        // Solutions of one bound were found in more than one part.
        assert!(solved_in_parts > 0, "{solved_in_parts}");
    }

    #[test]
    fn all_optimal_solutions_are_found_verified_and_distinct() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let k = Kilominx;
        let mut rng = seeded_rng(29);
        let mut checked = 0;
        for solver in solvers(&cache) {
            for n in [0, 1, 2, 3, 4] {
                let s = k.state_after(&k.random_moves(&mut rng, n));
                let want = brute_force(&solver, &s, 4);
                // The seed's pruning may miss a 4-move solution (it takes U, L, F for
                // commuting with faces they do not commute with when UFL is fixed).
                let Some(opt) = want.iter().position(|&c| c > 0) else {
                    continue;
                };
                let all = solver.solve_all(&s, &Limits::default(), |_| {}).unwrap();
                assert!(all.complete);
                assert_eq!(all.solutions.len() as u64, want[opt]);
                let mut distinct = std::collections::HashSet::new();
                for sol in &all.solutions {
                    assert_eq!(sol.length as usize, opt);
                    assert!(sol.optimal);
                    verify(&k, &s, &sol.moves).unwrap();
                    assert!(distinct.insert(sol.moves.clone()));
                }
                // The first solution of a plain solve is one of them.
                let one = solver.solve(&k, &s, &Limits::default()).unwrap();
                assert!(all.solutions.iter().any(|x| x.moves == one.moves));
                checked += 1;
            }
        }
        assert!(checked >= 12, "{checked}");
    }

    #[test]
    fn research_runs_honour_budgets_cancel_and_bad_input() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let solver = KilominxOptimal::with_patterns(&cache, small()).unwrap();
        let k = Kilominx;
        let mut rng = seeded_rng(31);
        let deep = k.state_after(&k.random_moves(&mut rng, 30));
        // A node budget stops a deep run: the finished bounds and the unfinished one.
        let limits = Limits {
            max_nodes: Some(200_000),
            ..Default::default()
        };
        let e = solver.explore(&deep, &limits, 20, None, |_| {}).unwrap();
        let (why, partial) = e.stopped.unwrap();
        assert_eq!(why, Stop::Timeout);
        assert!(partial.bound < 20 && partial.nodes > 0);
        assert_eq!(
            partial.bound,
            e.iterations.last().map_or(e.start_bound.max(1), |i| i.bound + 1)
        );
        assert!(e.iterations.iter().all(|i| i.solutions == 0));
        assert!(matches!(
            solver.solve_all(&deep, &limits, |_| {}),
            Err(SolveError::Timeout {
                deepest_bound: Some(_)
            })
        ));
        // The cancel flag.
        let cancelled = Limits {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Default::default()
        };
        let e = solver.explore(&deep, &cancelled, 20, None, |_| {}).unwrap();
        assert_eq!(e.stopped.map(|s| s.0), Some(Stop::Cancelled));
        assert!(matches!(
            solver.solve_all(&deep, &cancelled, |_| {}),
            Err(SolveError::Cancelled { .. })
        ));
        // A depth below the heuristic's bound searches nothing; a depth beyond the maximum
        // is an error.
        let e = solver
            .explore(&deep, &Limits::default(), 1, None, |_| {})
            .unwrap();
        assert!(e.iterations.is_empty() && e.stopped.is_none() && e.start_bound > 1);
        assert!(matches!(
            solver.explore(&deep, &Limits::default(), MAX_DEPTH + 1, None, |_| {}),
            Err(SolveError::Unsupported(_))
        ));
        // No solution within the maximum length.
        let limits = Limits {
            max_length: Some(3),
            ..Default::default()
        };
        assert!(matches!(
            solver.solve_all(&deep, &limits, |_| {}),
            Err(SolveError::NoSolutionWithin { max_length: 3 })
        ));
    }
}
