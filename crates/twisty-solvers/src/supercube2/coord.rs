//! The index of a 2x2x2 supercube state and its move tables.
//!
//! On the 2x2x2 every cubie is a corner: its orientation (one of 24) is its place (8) and
//! its twist (3, [`corner_twist`]). A state is the permutation of the 8 cubies over the 8
//! places and their twists, which sum to 0 mod 3, so there are 8!·3⁷ = 88,179,840 states,
//! every one reachable (the 2x2x2's 3,674,160 times its 24 orientations in space; see
//! [`twisty_core::supercube::reachable`]). The index is `perm · 2187 + twist`: `perm` the
//! Lehmer rank (0..40320) of the homes of the cubies at places 0..8, `twist` the base-3
//! number of the twists at places 0..7 (the eighth follows from the sum).
//!
//! A move sends the cubie at place `p` to `dest[p]` and adds `add[p]` to its twist whatever
//! the cubie, so a move acts on the two parts separately: one table per part.

use twisty_core::supercube::reachable::corner_twist;
use twisty_core::supercube::{SuperMove, Supercube, SupercubeState};
use twisty_core::Puzzle;
use twisty_search::rank::{rank_ori, rank_perm, unrank_ori, unrank_perm};

/// Number of states.
pub const STATES: u64 = 40320 * 2187;
/// Number of twist values.
pub const TWISTS: usize = 2187;
/// Number of permutations.
pub const PERMS: usize = 40320;
/// Number of moves (2 slices × 3 axes × 3 angles, in the paper's code order).
pub const MOVES: usize = 18;

/// The 2x2x2 supercube.
pub const CUBE: Supercube = Supercube { n: 2 };

/// Index tables: per move the cubie tables and the two part tables, and the orientation of
/// each (place, home, twist).
#[derive(Debug, Clone)]
pub struct Coords {
    /// `perm[p · 18 + m]`: the permutation part after move `m`.
    perm: Vec<u16>,
    /// `twist[t · 18 + m]`: the twist part after move `m`.
    twist: Vec<u16>,
    /// `orient[(place · 8 + home) · 3 + twist]`.
    orient: [u8; 8 * 8 * 3],
}

/// Home (0..8) and twist of every (place, orientation).
fn split(place: usize, o: u8) -> (u8, u8) {
    let s = SupercubeState {
        n: 2,
        orient: {
            let mut v = vec![0u8; 8];
            v[place] = o;
            v
        },
    };
    (s.home_of(place) as u8, corner_twist(2, place, o))
}

impl Coords {
    /// Builds the tables (a few milliseconds).
    pub fn new() -> Coords {
        let mut orient = [0u8; 8 * 8 * 3];
        for place in 0..8 {
            for o in 0..24u8 {
                let (home, t) = split(place, o);
                orient[(place * 8 + home as usize) * 3 + t as usize] = o;
            }
        }
        // Where each move takes each place, and the twist it adds there.
        let mut dest = [[0u8; 8]; MOVES];
        let mut add = [[0u8; 8]; MOVES];
        for m in 0..MOVES {
            let s = CUBE.state_after(&[SuperMove::from_code(m as u16)]);
            for p in 0..8 {
                let home = s.home_of(p);
                dest[m][home] = p as u8;
                add[m][home] = corner_twist(2, p, s.orient[p]);
            }
        }
        let mut perm = vec![0u16; PERMS * MOVES];
        let mut homes = [0u8; 8];
        let mut next = [0u8; 8];
        for r in 0..PERMS {
            unrank_perm(r as u64, &mut homes);
            for m in 0..MOVES {
                for p in 0..8 {
                    next[dest[m][p] as usize] = homes[p];
                }
                perm[r * MOVES + m] = rank_perm(&next) as u16;
            }
        }
        let mut twist = vec![0u16; TWISTS * MOVES];
        let mut digits = [0u8; 8];
        for r in 0..TWISTS {
            unrank_ori(r as u64, 3, &mut digits);
            for m in 0..MOVES {
                for p in 0..8 {
                    next[dest[m][p] as usize] = (digits[p] + add[m][p]) % 3;
                }
                twist[r * MOVES + m] = rank_ori(&next, 3) as u16;
            }
        }
        Coords { perm, twist, orient }
    }

    /// The index after move `m` (paper code, 0..18) from index `i`.
    #[inline]
    pub fn neighbour(&self, i: u64, m: usize) -> u64 {
        let (p, t) = ((i / TWISTS as u64) as usize, (i % TWISTS as u64) as usize);
        self.perm[p * MOVES + m] as u64 * TWISTS as u64 + self.twist[t * MOVES + m] as u64
    }

    /// The state of an index below [`STATES`].
    pub fn unindex(&self, i: u64) -> SupercubeState {
        let mut homes = [0u8; 8];
        unrank_perm(i / TWISTS as u64, &mut homes);
        let mut digits = [0u8; 8];
        unrank_ori(i % TWISTS as u64, 3, &mut digits);
        SupercubeState {
            n: 2,
            orient: (0..8)
                .map(|p| self.orient[(p * 8 + homes[p] as usize) * 3 + digits[p] as usize])
                .collect(),
        }
    }
}

impl Default for Coords {
    fn default() -> Self {
        Coords::new()
    }
}

/// The index of a 2x2x2 state (`None` if it is not one: wrong size or not a permutation).
pub fn index(s: &SupercubeState) -> Option<u64> {
    if s.n != 2 || s.orient.len() != 8 || s.orient.iter().any(|&o| o >= 24) {
        return None;
    }
    let mut homes = [0u8; 8];
    let mut digits = [0u8; 8];
    let mut seen = 0u8;
    for p in 0..8 {
        let h = s.home_of(p) as u8;
        seen |= 1 << h;
        homes[p] = h;
        digits[p] = corner_twist(2, p, s.orient[p]);
    }
    if seen != 0xff || digits.iter().map(|&d| d as u32).sum::<u32>() % 3 != 0 {
        return None;
    }
    Some(rank_perm(&homes) * TWISTS as u64 + rank_ori(&digits, 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::rng::seeded_rng;

    #[test]
    fn indices_round_trip_and_follow_the_model() {
        let c = Coords::new();
        assert_eq!(index(&CUBE.solved()), Some(0));
        let mut rng = seeded_rng(2);
        for _ in 0..500 {
            let s = CUBE.random_state(&mut rng);
            let i = index(&s).expect("a 2x2x2 state");
            assert!(i < STATES);
            assert_eq!(c.unindex(i), s);
            for m in 0..MOVES {
                let mut t = s.clone();
                CUBE.apply(&mut t, SuperMove::from_code(m as u16));
                assert_eq!(index(&t), Some(c.neighbour(i, m)), "move {m}");
            }
        }
        for i in (0..STATES).step_by(99_991) {
            assert_eq!(index(&c.unindex(i)), Some(i));
        }
        // Not a 2x2x2 state.
        assert_eq!(index(&Supercube { n: 3 }.solved()), None);
    }
}
