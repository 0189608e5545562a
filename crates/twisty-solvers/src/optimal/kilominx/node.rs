//! The Kilominx search node: the state and its inverse side by side, made move by move from
//! precomputed tables, with the exact distances and tight lookups a heuristic carries.

use super::pattern::{move_maps, N};
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx};
use twisty_core::Puzzle;

/// The most exact distances a node carries (two mod-3 databases, six lookups each).
pub const MAX_CARRIED: usize = 12;

/// A search node: the state (cubie and twist at each position) and, per cubie, its position
/// (0..19 for the free positions) and twist packed `position | twist << 5`, which is the
/// inverse state. Pattern lookups of the state read the second half; lookups of the inverse
/// state read the first. A heuristic with distance-mod-3 tables also carries the exact
/// distances they give ([`Bound::init`](super::search::Bound::init), [`Bound::derive`](super::search::Bound::derive)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// The state.
    pub s: KiloState,
    /// Where each cubie is: `w[c] = (position − 1) | twist << 5` (`w[0]` unused).
    pub w: [u8; 20],
    /// Exact distances of the mod-3 lookups (0 when the heuristic has none).
    pub h: [u8; MAX_CARRIED],
    /// Which of the heuristic's other lookups gave exactly the node's remaining depth when
    /// it was tested (bit per lookup; 0 until then): children that leave those lookups'
    /// cubies in place inherit that value and are pruned ([`Bound::skipped_moves`](super::search::Bound::skipped_moves)).
    pub tight: u32,
    /// The same for the inverse lookups (bit per lookup).
    pub inv_tight: u16,
}

/// Per move, the new packed `position | twist << 5` of a cubie from its old one.
fn where_tables() -> &'static [[u8; 96]; 48] {
    static T: std::sync::OnceLock<[[u8; 96]; 48]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let maps = move_maps();
        let mut t = [[0u8; 96]; 48];
        for (m, row) in t.iter_mut().enumerate() {
            for p in 0..N {
                for tw in 0..3u8 {
                    let nt = (tw + maps.add[m][p]) % 3;
                    row[p | (tw as usize) << 5] = maps.dest[m][p] | nt << 5;
                }
            }
        }
        t
    })
}

/// The 48 moves in index order.
fn all_moves() -> &'static [KiloMove; 48] {
    static M: std::sync::OnceLock<[KiloMove; 48]> = std::sync::OnceLock::new();
    M.get_or_init(|| {
        let v = Kilominx.moves();
        std::array::from_fn(|i| v[i])
    })
}

/// The twist a cubie has in the inverse state, from the twist at its position in the state.
#[inline(always)]
pub fn inverse_twist(t: u8) -> u8 {
    (3 - t) % 3
}

impl Node {
    /// The node of a state.
    pub fn new(s: &KiloState) -> Node {
        let mut w = [0u8; 20];
        for i in 1..20 {
            w[s.cubie(i) as usize] = (i - 1) as u8 | s.twist(i) << 5;
        }
        Node {
            s: *s,
            w,
            h: [0; MAX_CARRIED],
            tight: 0,
            inv_tight: 0,
        }
    }

    /// The node after move `m`.
    #[inline(always)]
    pub fn apply(&self, m: usize) -> Node {
        let mut s = self.s;
        Kilominx.apply(&mut s, all_moves()[m]);
        let t = &where_tables()[m];
        let mut w = self.w;
        for b in w.iter_mut().skip(1) {
            *b = t[*b as usize];
        }
        Node {
            s,
            w,
            h: self.h,
            tight: 0,
            inv_tight: 0,
        }
    }

    /// Whether the state is solved.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.s == KiloState::SOLVED
    }
}
