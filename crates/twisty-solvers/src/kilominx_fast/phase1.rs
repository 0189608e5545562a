//! Phase 1: the nine free cubies outside D ∪ DB ∪ DBR brought home with all 48 moves, by
//! IDA* with three exact pruning tables of three cubies each (position and twist).

use twisty_core::kilominx::{KiloMove, KiloState, Kilominx};
use twisty_core::Puzzle;

const ENTRIES: usize = 60 * 60 * 60;

/// Phase-1 solver of the Kilominx.
#[derive(Debug)]
pub struct Phase1 {
    /// The three triples of cubies phase 1 places.
    triples: [[u8; 3]; 3],
    /// Per move: where the cubie at a position goes, and the twist it gains.
    dest: [[u8; 20]; 48],
    gain: [[u8; 20]; 48],
    dist: [Vec<u8>; 3],
}

impl Phase1 {
    /// Builds the tables for the nine cubies `cubies` (positions outside the phase-2 faces).
    pub fn new(cubies: [u8; 9]) -> Phase1 {
        let k = Kilominx;
        let mut dest = [[0u8; 20]; 48];
        let mut gain = [[0u8; 20]; 48];
        for (m, mv) in k.moves().into_iter().enumerate() {
            let mut s = KiloState::SOLVED;
            k.apply(&mut s, mv);
            for d in 0..20 {
                dest[m][s.cubie(d) as usize] = d as u8;
                gain[m][s.cubie(d) as usize] = s.twist(d);
            }
        }
        let triples = [
            [cubies[0], cubies[1], cubies[2]],
            [cubies[3], cubies[4], cubies[5]],
            [cubies[6], cubies[7], cubies[8]],
        ];
        let dist = triples.map(|t| {
            let mut dist = vec![u8::MAX; ENTRIES];
            let start = index(&t.map(|c| (c, 0)));
            dist[start] = 0;
            let mut frontier = vec![t.map(|c| (c, 0u8))];
            let mut d = 0u8;
            while !frontier.is_empty() {
                let mut next = Vec::new();
                for x in &frontier {
                    for m in 0..48 {
                        let y = x.map(|(p, tw)| (dest[m][p as usize], (tw + gain[m][p as usize]) % 3));
                        let i = index(&y);
                        if dist[i] == u8::MAX {
                            dist[i] = d + 1;
                            next.push(y);
                        }
                    }
                }
                frontier = next;
                d += 1;
            }
            dist
        });
        Phase1 {
            triples,
            dest,
            gain,
            dist,
        }
    }

    fn h(&self, locs: &[[(u8, u8); 3]; 3]) -> u8 {
        (0..3).map(|i| self.dist[i][index(&locs[i])]).max().unwrap_or(0)
    }

    /// A solution of phase 1 of at most `max_depth` moves (the shortest for these tables).
    pub fn solve(&self, state: &KiloState, max_depth: u8, nodes: &mut u64) -> Option<Vec<KiloMove>> {
        let mut where_ = [(0u8, 0u8); 20];
        for p in 0..20 {
            where_[state.cubie(p) as usize] = (p as u8, state.twist(p));
        }
        let locs = self.triples.map(|t| t.map(|c| where_[c as usize]));
        let mut path = Vec::new();
        let moves = Kilominx.moves();
        for bound in 0..=max_depth {
            if self.search(&locs, bound, 12, &mut path, nodes) {
                return Some(path.iter().map(|&m| moves[m]).collect());
            }
        }
        None
    }

    fn search(
        &self,
        locs: &[[(u8, u8); 3]; 3],
        bound: u8,
        last: usize,
        path: &mut Vec<usize>,
        nodes: &mut u64,
    ) -> bool {
        *nodes += 1;
        let h = self.h(locs);
        if h == 0 {
            return true;
        }
        if h > bound {
            return false;
        }
        for m in 0..48 {
            if m / 4 == last {
                continue;
            }
            let next = locs
                .map(|t| t.map(|(p, tw)| (self.dest[m][p as usize], (tw + self.gain[m][p as usize]) % 3)));
            path.push(m);
            if self.search(&next, bound - 1, m / 4, path, nodes) {
                return true;
            }
            path.pop();
        }
        false
    }
}

fn index(t: &[(u8, u8); 3]) -> usize {
    t.iter()
        .fold(0, |acc, &(p, tw)| acc * 60 + p as usize * 3 + tw as usize)
}
