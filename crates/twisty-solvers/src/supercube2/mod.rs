//! The optimal 2x2x2 supercube solver: a complete distance table of all 88,179,840 states
//! (the 2x2x2 with its orientation in space, [`coord`]) in the supercube's own metric (SSTM:
//! every slice turn of 90°, 180° or 270° counts one, the metric the genetic solver counts),
//! 4 bits per entry (42 MiB), built breadth-first on first use and cached as a table file.
//! A solve walks down the table: from distance d some move leads to distance d − 1.

pub mod coord;

use crate::solver::{verify, Limits, SearchStats, Solution, SolveError, Solver};
use coord::{index, Coords, CUBE, MOVES, STATES};
use twisty_core::supercube::{reachable, SuperMove, Supercube, SupercubeState};
use twisty_core::Puzzle;
use twisty_search::bfs::{distance_table, BfsOptions, UNREACHED};
use twisty_search::packed::Nibbles;
use twisty_search::{Origin, Table, TableCache, TableError, TableSpec};
use web_time::Instant;

/// The table spec.
pub fn spec() -> TableSpec {
    TableSpec {
        name: String::from("supercube2/distance/sstm"),
        entry_bits: 4,
        entries: STATES,
    }
}

/// Builds the distance table breadth-first (4-bit entries, 15 = unreached), with a
/// progress bar on stderr when `progress` is set.
pub fn build_with(coords: &Coords, progress: bool) -> Vec<u8> {
    let opts = BfsOptions {
        progress: progress.then(|| String::from("2x2x2 supercube")),
    };
    distance_table(STATES, &[0], MOVES, |i, m| coords.neighbour(i, m), &opts)
        .table
        .0
}

/// The optimal 2x2x2 supercube solver with its loaded table.
#[derive(Debug)]
pub struct Supercube2Optimal {
    table: Table,
    coords: Coords,
    /// How the table was obtained (loaded, built, or rebuilt with the reason).
    pub origin: Origin,
}

impl Supercube2Optimal {
    /// Loads the table from `cache`, building it if needed.
    pub fn new(cache: &TableCache) -> Result<Self, TableError> {
        Self::with_progress(cache, false)
    }

    /// As [`Supercube2Optimal::new`], with a progress bar on stderr while building.
    pub fn with_progress(cache: &TableCache, progress: bool) -> Result<Self, TableError> {
        let coords = Coords::new();
        let (table, origin) = cache.get_or_build(&spec(), || build_with(&coords, progress))?;
        Ok(Supercube2Optimal {
            table,
            coords,
            origin,
        })
    }

    fn entry(&self, i: u64) -> u8 {
        Nibbles(self.table.bytes()).get(i)
    }

    /// The distance of a state (`None` if it is not a 2x2x2 state).
    pub fn distance(&self, s: &SupercubeState) -> Option<u8> {
        index(s).map(|i| self.entry(i))
    }

    /// The number of states at each distance.
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

    /// A uniformly random state: a random index.
    pub fn random_state<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> SupercubeState {
        self.coords.unindex(rng.random_range(0..STATES))
    }

    /// An optimal solution (unverified; [`Solver::solve`] verifies) and the nodes looked at.
    pub fn solution(&self, s: &SupercubeState) -> Result<(Vec<SuperMove>, u64), SolveError> {
        let Some(mut i) = index(s) else {
            return Err(SolveError::Invalid(match reachable::check(&CUBE, s) {
                Err(e) => twisty_core::InvalidState::Other(e.to_string()),
                Ok(()) => twisty_core::InvalidState::Malformed(String::from("not a 2x2x2 supercube state")),
            }));
        };
        let mut d = self.entry(i);
        if d == UNREACHED {
            return Err(SolveError::Table(String::from(
                "the 2x2x2 supercube table does not cover this state",
            )));
        }
        let mut out = Vec::with_capacity(d as usize);
        let mut nodes = 0u64;
        while d > 0 {
            let next = (0..MOVES).find(|&m| {
                nodes += 1;
                self.entry(self.coords.neighbour(i, m)) == d - 1
            });
            let Some(m) = next else {
                return Err(SolveError::Table(String::from(
                    "the 2x2x2 supercube table is inconsistent",
                )));
            };
            i = self.coords.neighbour(i, m);
            out.push(SuperMove::from_code(m as u16));
            d -= 1;
        }
        Ok((out, nodes))
    }
}

impl Solver<Supercube> for Supercube2Optimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn solve(
        &self,
        puzzle: &Supercube,
        state: &SupercubeState,
        limits: &Limits,
    ) -> Result<Solution<SuperMove>, SolveError> {
        let t0 = Instant::now();
        let (moves, nodes) = self.solution(state)?;
        let length = moves.len() as u32;
        if let Some(max) = limits.max_length {
            if length > max {
                return Err(SolveError::NoSolutionWithin { max_length: max });
            }
        }
        verify(puzzle, state, &moves)?;
        Ok(Solution {
            length: puzzle.length(&moves, limits.metric),
            moves,
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
mod tests;
