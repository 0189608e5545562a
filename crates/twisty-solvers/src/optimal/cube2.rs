//! The optimal 2x2x2 solver: a complete distance table of all 3,674,160 states (DBL corner
//! fixed), 4 bits per entry, built breadth-first on first use and cached as a table file.
//!
//! A state's index is `perm · 729 + twist`: `perm` is the Lehmer rank (0..5040) of the seven
//! movable cubies over the seven movable positions (URF UFL ULB UBR DFR DLF DRB), and `twist`
//! the base-3 number of the twists of the first six positions (the seventh follows from the
//! sum). A solve walks down the table: from distance d, some move leads to distance d − 1.

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use std::time::Instant;
use twisty_core::cube2::{Cube2, Cube2Move, Cube2State};
use twisty_core::{Metric, Puzzle};
use twisty_search::packed::{Nibbles, NibblesMut};
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};

/// Number of states.
pub const STATES: u64 = 5040 * 729;
/// Positions of the seven movable corners.
const MOVABLE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

/// The table spec for a metric.
pub fn spec(metric: Metric) -> TableSpec {
    TableSpec {
        name: format!(
            "2x2x2/distance/{}",
            match metric {
                Metric::Htm => "htm",
                Metric::Qtm => "qtm",
            }
        ),
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
pub fn index(s: &Cube2State) -> u64 {
    let cp = s.corner_perms();
    let co = s.corner_oris();
    let perm: [u8; 7] = MOVABLE.map(|p| cubie_slot(cp[p]));
    let mut rank = 0u64;
    for i in 0..7 {
        let smaller = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count() as u64;
        rank = rank * (7 - i as u64) + smaller;
    }
    let mut twist = 0u64;
    for &o in &co[0..6] {
        twist = twist * 3 + o as u64;
    }
    rank * 729 + twist
}

/// The state of an index.
pub fn unindex(i: u64) -> Cube2State {
    let (mut rank, mut twist) = (i / 729, i % 729);
    let mut digits = [0usize; 7];
    for k in (0..7).rev() {
        let base = 7 - k as u64;
        digits[k] = (rank % base) as usize;
        rank /= base;
    }
    let mut pool: Vec<u8> = (0..7).collect();
    let mut cp = [0u8; 8];
    for (k, &d) in digits.iter().enumerate() {
        let slot = pool.remove(d);
        cp[MOVABLE[k]] = if slot == 6 { 7 } else { slot };
    }
    cp[6] = 6;
    let mut co = [0u8; 8];
    let mut sum = 0u32;
    for k in (0..6).rev() {
        co[k] = (twist % 3) as u8;
        sum += co[k] as u32;
        twist /= 3;
    }
    co[7] = ((3 - sum % 3) % 3) as u8;
    Cube2State::from_parts(cp, co).unwrap_or_default()
}

/// The moves that count 1 in a metric: all 9 in HTM, the 6 quarter turns in QTM.
fn unit_moves(metric: Metric) -> Vec<Cube2Move> {
    Cube2Move::ALL
        .into_iter()
        .filter(|m| metric == Metric::Htm || m.amount() != 2)
        .collect()
}

/// Builds the distance table breadth-first (4-bit entries, 15 = unreached).
pub fn build(metric: Metric) -> Vec<u8> {
    let p = Cube2;
    let moves = unit_moves(metric);
    // Move tables on the full index (3.7 M × up to 9 u32) would be 130 MB; use the product
    // structure instead: permutation and twist move tables.
    let n = STATES as usize;
    let mut perm_table = vec![0u32; 5040 * moves.len()];
    let mut twist_table = vec![0u32; 729 * moves.len()];
    for perm in 0..5040u64 {
        let s = unindex(perm * 729);
        for (k, &m) in moves.iter().enumerate() {
            let mut t = s;
            p.apply(&mut t, m);
            perm_table[perm as usize * moves.len() + k] = (index(&t) / 729) as u32;
        }
    }
    for twist in 0..729u64 {
        let s = unindex(twist);
        for (k, &m) in moves.iter().enumerate() {
            let mut t = s;
            p.apply(&mut t, m);
            twist_table[twist as usize * moves.len() + k] = (index(&t) % 729) as u32;
        }
    }
    let mut dist = vec![u8::MAX; n];
    let solved = index(&Cube2State::SOLVED) as usize;
    dist[solved] = 0;
    let mut frontier = vec![solved as u32];
    let mut d = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            let (perm, twist) = (i as usize / 729, i as usize % 729);
            for k in 0..moves.len() {
                let j = perm_table[perm * moves.len() + k] as usize * 729
                    + twist_table[twist * moves.len() + k] as usize;
                if dist[j] == u8::MAX {
                    dist[j] = d + 1;
                    next.push(j as u32);
                }
            }
        }
        frontier = next;
        d += 1;
    }
    let mut packed = NibblesMut::new(STATES);
    for (i, &v) in dist.iter().enumerate() {
        packed.set(i as u64, v.min(15));
    }
    packed.0
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
        let (table, origin) = cache.get_or_build(&spec(metric), || build(metric))?;
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
        let (moves, nodes) = self.solution(state)?;
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
