//! The optimal 2x2x2 solver: a complete distance table of all 3,674,160 states (DBL corner
//! fixed), 4 bits per entry, built breadth-first on first use and cached as a table file.
//!
//! A state's index is `perm · 729 + twist`: `perm` is the Lehmer rank (0..5040) of the seven
//! movable cubies over the seven movable positions (URF UFL ULB UBR DFR DLF DRB), and `twist`
//! the base-3 number of the twists of the first six positions (the seventh follows from the
//! sum). A solve walks down the table: from distance d, some move leads to distance d − 1.

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use twisty_core::cube2::{Cube2, Cube2Move, Cube2State};
use twisty_core::{Metric, Puzzle};
use twisty_search::bfs::{distance_table, BfsOptions};
use twisty_search::packed::Nibbles;
use twisty_search::rank::{rank_ori, rank_perm, unrank_ori, unrank_perm};
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};
use web_time::Instant;

/// Number of states.
pub const STATES: u64 = 5040 * 729;
/// Positions of the seven movable corners.
const MOVABLE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

/// The table spec for a metric.
pub fn spec(metric: Metric) -> TableSpec {
    TableSpec {
        name: format!("2x2x2/distance/{}", metric_name(metric)),
        entry_bits: 4,
        entries: STATES,
    }
}

fn cubie_slot(c: u8) -> u8 {
    if c == 7 {
        6
    } else {
        c
    }
}

/// The index of a state.
#[inline]
pub fn index(s: &Cube2State) -> u64 {
    let cp = s.corner_perms();
    let co = s.corner_oris();
    let perm: [u8; 7] = MOVABLE.map(|p| cubie_slot(cp[p]));
    let twist: [u8; 7] = MOVABLE.map(|p| co[p]);
    rank_perm(&perm) * 729 + rank_ori(&twist, 3)
}

/// The state of an index (below [`STATES`]).
pub fn unindex(i: u64) -> Cube2State {
    let mut perm = [0u8; 7];
    unrank_perm(i / 729, &mut perm);
    let mut twist = [0u8; 7];
    unrank_ori(i % 729, 3, &mut twist);
    let mut cp = [6u8; 8];
    let mut co = [0u8; 8];
    for (k, &p) in MOVABLE.iter().enumerate() {
        cp[p] = if perm[k] == 6 { 7 } else { perm[k] };
        co[p] = twist[k];
    }
    Cube2State::from_parts(cp, co).unwrap_or_default()
}

/// The moves that count 1 in a metric: the 6 quarter turns in QTM, all 9 in the others
/// (which all count one per face turn on a 2x2x2).
pub(super) fn unit_moves(metric: Metric) -> Vec<Cube2Move> {
    Cube2Move::ALL
        .into_iter()
        .filter(|m| metric != Metric::Qtm || m.amount() != 2)
        .collect()
}

/// Builds the distance table breadth-first (4-bit entries, 15 = unreached), with a progress
/// bar on stderr when `progress` is set.
pub fn build_with(metric: Metric, progress: bool) -> Vec<u8> {
    let p = Cube2;
    let moves = unit_moves(metric);
    let nm = moves.len();
    // The index is a product: move tables on the permutation (5040) and twist (729) parts.
    let mut perm_table = vec![0u16; 5040 * nm];
    let mut twist_table = vec![0u16; 729 * nm];
    for perm in 0..5040u64 {
        let s = unindex(perm * 729);
        for (k, &m) in moves.iter().enumerate() {
            let mut t = s;
            p.apply(&mut t, m);
            perm_table[perm as usize * nm + k] = (index(&t) / 729) as u16;
        }
    }
    for twist in 0..729u64 {
        let s = unindex(twist);
        for (k, &m) in moves.iter().enumerate() {
            let mut t = s;
            p.apply(&mut t, m);
            twist_table[twist as usize * nm + k] = (index(&t) % 729) as u16;
        }
    }
    let neighbour = |i: u64, k: usize| {
        let (perm, twist) = ((i / 729) as usize, (i % 729) as usize);
        perm_table[perm * nm + k] as u64 * 729 + twist_table[twist * nm + k] as u64
    };
    let opts = BfsOptions {
        progress: progress.then(|| format!("2x2x2 {}", metric_name(metric))),
    };
    distance_table(STATES, &[index(&Cube2State::SOLVED)], nm, neighbour, &opts)
        .table
        .0
}

/// Builds the distance table breadth-first (4-bit entries, 15 = unreached).
pub fn build(metric: Metric) -> Vec<u8> {
    build_with(metric, false)
}

fn metric_name(metric: Metric) -> &'static str {
    match metric {
        Metric::Qtm => "qtm",
        _ => "htm",
    }
}

/// The optimal 2x2x2 solver with its loaded table.
#[derive(Debug)]
pub struct Cube2Optimal {
    table: Table,
    metric: Metric,
    /// How the table was obtained (loaded, built, or rebuilt with the reason).
    pub origin: Origin,
}

impl Cube2Optimal {
    /// Loads the table for `metric` from `cache`, building it if needed.
    pub fn new(cache: &TableCache, metric: Metric) -> Result<Self, TableError> {
        Self::with_progress(cache, metric, false)
    }

    /// As [`Cube2Optimal::new`], with a progress bar on stderr while building.
    pub fn with_progress(cache: &TableCache, metric: Metric, progress: bool) -> Result<Self, TableError> {
        let (table, origin) = cache.get_or_build(&spec(metric), || build_with(metric, progress))?;
        Ok(Cube2Optimal {
            table,
            metric,
            origin,
        })
    }

    /// The distance of a state in the table's metric.
    pub fn distance(&self, s: &Cube2State) -> u8 {
        Nibbles(self.table.bytes()).get(index(s))
    }

    /// The number of states at each distance (a check of the table).
    pub fn distribution(&self) -> Vec<u64> {
        let t = Nibbles(self.table.bytes());
        let mut counts = vec![0u64; 16];
        for i in 0..STATES {
            counts[t.get(i) as usize] += 1;
        }
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }

    /// An optimal solution (unverified; [`Solver::solve`] verifies).
    pub fn solution(&self, s: &Cube2State) -> Result<(Vec<Cube2Move>, u64), SolveError> {
        let p = Cube2;
        let moves = unit_moves(self.metric);
        let mut state = *s;
        let mut d = self.distance(&state);
        if d == 15 {
            return Err(SolveError::Table(String::from(
                "the 2x2x2 table does not cover this state",
            )));
        }
        let mut out: Vec<Cube2Move> = Vec::with_capacity(d as usize);
        let mut nodes = 0u64;
        while d > 0 {
            let mut stepped = false;
            for &m in &moves {
                let mut t = state;
                p.apply(&mut t, m);
                nodes += 1;
                if self.distance(&t) == d - 1 {
                    state = t;
                    d -= 1;
                    // In QTM two equal quarter turns in a row print as a half turn.
                    match out.last() {
                        Some(&last) if self.metric == Metric::Qtm && last == m => {
                            out.pop();
                            out.extend(Cube2Move::new(m.face(), 2));
                        }
                        _ => out.push(m),
                    }
                    stepped = true;
                    break;
                }
            }
            if !stepped {
                return Err(SolveError::Table(String::from("the 2x2x2 table is inconsistent")));
            }
        }
        Ok((out, nodes))
    }
}

impl Solver<Cube2> for Cube2Optimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(
        &self,
        puzzle: &Cube2,
        state: &Cube2State,
        limits: &Limits,
    ) -> Result<Solution<Cube2Move>, SolveError> {
        state.validate()?;
        let t0 = Instant::now();
        let (moves, nodes) = match &limits.moves {
            Some(keep) => {
                let (moves, stats) =
                    super::cube2_restricted::solution(self, self.metric, state, keep, limits)?;
                (moves, stats.nodes)
            }
            None => self.solution(state)?,
        };
        let length = puzzle.length(&moves, self.metric);
        if let Some(max) = limits.max_length {
            if length > max {
                return Err(SolveError::NoSolutionWithin { max_length: max });
            }
        }
        verify(puzzle, state, &moves)?;
        Ok(Solution {
            moves,
            length,
            optimal: true,
            stats: SearchStats {
                nodes,
                elapsed: t0.elapsed(),
                ..Default::default()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;

    #[test]
    fn index_round_trip() {
        let p = Cube2;
        let mut rng = seeded_rng(9);
        for _ in 0..2000 {
            let s = p.random_state(&mut rng);
            assert_eq!(unindex(index(&s)), s);
        }
        assert_eq!(
            index(&Cube2State::SOLVED),
            index(&unindex(index(&Cube2State::SOLVED)))
        );
    }

    #[test]
    fn every_index_round_trips() {
        for i in 0..STATES {
            let s = unindex(i);
            assert!(s.validate().is_ok(), "index {i}");
            assert_eq!(index(&s), i);
        }
        assert_eq!(index(&Cube2State::SOLVED), 0);
    }

    #[test]
    fn distributions_and_solves() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let htm = Cube2Optimal::new(&cache, Metric::Htm).unwrap();
        assert_eq!(
            htm.distribution(),
            vec![1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
        );
        let qtm = Cube2Optimal::new(&cache, Metric::Qtm).unwrap();
        assert_eq!(
            qtm.distribution(),
            vec![1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]
        );
        let p = Cube2;
        let mut rng = seeded_rng(4);
        let limits = Limits::default();
        for _ in 0..200 {
            let s = p.random_state(&mut rng);
            let sol = htm.solve(&p, &s, &limits).unwrap();
            assert_eq!(sol.length, htm.distance(&s) as u32);
            let mut t = s;
            p.apply_all(&mut t, &sol.moves);
            assert!(p.is_solved(&t));
            let q = qtm
                .solve(
                    &p,
                    &s,
                    &Limits {
                        metric: Metric::Qtm,
                        ..Default::default()
                    },
                )
                .unwrap();
            assert_eq!(p.length(&q.moves, Metric::Qtm), qtm.distance(&s) as u32);
            verify(&p, &s, &q.moves).unwrap();
        }
        // Reloaded from the files.
        let again = Cube2Optimal::new(&cache, Metric::Htm).unwrap();
        assert_eq!(again.origin, Origin::Loaded);
        // Brute force at small depth: every 3-move sequence has distance ≤ 3 and the solver agrees.
        for a in Cube2Move::ALL {
            for b in Cube2Move::ALL {
                let s = p.state_after(&[a, b]);
                let brute = if p.is_solved(&s) {
                    0
                } else if Cube2Move::ALL
                    .iter()
                    .any(|&m| p.state_after(&[a, b, m]) == Cube2State::SOLVED)
                {
                    1
                } else {
                    2
                };
                assert_eq!(htm.distance(&s), brute);
            }
        }
    }

    #[test]
    fn solved_state_gives_the_empty_solution() {
        let dir = tempfile::tempdir().unwrap();
        let htm = Cube2Optimal::new(&TableCache::new(dir.path()), Metric::Htm).unwrap();
        let sol = htm
            .solve(&Cube2, &Cube2State::SOLVED, &Limits::default())
            .unwrap();
        assert!(sol.moves.is_empty());
        let s = Cube2.state_after(&Cube2.parse_moves("R U R' F2 U'").unwrap());
        let e = htm.solve(
            &Cube2,
            &s,
            &Limits {
                max_length: Some(2),
                ..Default::default()
            },
        );
        assert!(matches!(e, Err(SolveError::NoSolutionWithin { max_length: 2 })));
    }
}
