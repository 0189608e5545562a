//! The large-table mode of the two-phase solver: exact phase-1 distances over the full
//! phase-1 coordinate.
//!
//! The small tables bound the phase-1 distance by the largest of four pair tables
//! (twist × slice, flip × slice, twist × flip, and twist × flip of the state conjugated by
//! a quarter turn about U/D); the bound is often two or three moves below the distance, so
//! the phase-1 search walks many paths that cannot end in the subgroup. The large table
//! holds the distance of every phase-1 state: flip × slice reduced by the 16 symmetries
//! that keep the U/D axis (64,430 classes, see [`flipslice`]) times the twist (2,187),
//! 140,908,410 entries of 2 bits (distance mod 3), 35.2 MB.
//!
//! Two bits suffice because the search knows the exact distance `d` of the node it stands
//! on: a neighbour is at `d − 1`, `d` or `d + 1`, three values that differ mod 3. The
//! distance of a start state is found by walking down: from any state, a move to an entry
//! one below mod 3 lowers the distance by exactly one, until the subgroup is reached.
//!
//! The table is built once ([`build`], about 5 s on two cores) and kept in the table cache
//! ([`cache`]): the 2-bit entries in one file, the flip-slice classes (4.4 MB) in another,
//! and each entry's moves one closer ([`down`], 563.6 MB, derived from the entries in a few
//! seconds), which let the nodes that must come closer skip their other children.
//! The classes' move table ([`symmove`], 4.6 MB) is made from the classes when the table is
//! loaded (tens of milliseconds): the search reads one row of it per node instead of a
//! random place of the class map per child.

pub mod build;
pub mod cache;
pub mod down;
pub mod flipslice;
pub mod symmove;

use super::coord::N_TWIST;
use super::perimeter::TableBytes;
use super::tables::Tables;
use down::DownMoves;
use flipslice::FlipSliceSym;
use symmove::FlipSliceMoves;

/// Entries of the full phase-1 table.
pub const N_ENTRIES: usize = flipslice::N_FLIPSLICE_CLASSES * N_TWIST;

/// Largest phase-1 distance (in the half-turn metric).
pub const MAX_PHASE1_DEPTH: u8 = 12;

/// The walk's order of the 18 moves (face × 3 + turn), in thirds of one turn of every face:
/// clockwise quarter turns, anticlockwise ones, then half turns.
const WALK_ORDER: [[usize; 6]; 3] = [[0, 3, 6, 9, 12, 15], [2, 5, 8, 11, 14, 17], [1, 4, 7, 10, 13, 16]];

/// The full phase-1 distance table.
#[derive(Debug)]
pub struct Phase1Full {
    /// The flip-slice classes and the twist conjugation.
    pub sym: FlipSliceSym,
    /// Distances mod 3, four entries a byte (the first in the low bits).
    data: TableBytes,
    /// The classes' moves (built from `sym` when the table is made).
    pub moves: FlipSliceMoves,
    /// Each entry's closer moves, when present.
    pub down: Option<DownMoves>,
}

impl Phase1Full {
    /// Builds the table and its closer-move masks from the raw move tables of `tables` (on
    /// all cores; a progress bar on stderr with `progress`). Returns the table and the
    /// number of entries at each depth.
    pub fn build(tables: &Tables, progress: bool) -> (Phase1Full, Vec<u64>) {
        let sym = FlipSliceSym::build();
        let (data, counts) = build::build_table(
            &sym,
            &tables.twist_move,
            &tables.flip_move,
            &tables.slice_move,
            progress,
        );
        let full = Phase1Full {
            moves: FlipSliceMoves::build(&sym),
            sym,
            data: TableBytes::Owned(data),
            down: None,
        };
        let down = DownMoves::from_owned(DownMoves::derive(&full, &tables.twist_move));
        (full.with_down(down), counts)
    }

    /// The table from its parts; `None` unless `data` holds exactly the entries of
    /// `sym`'s classes.
    pub fn from_parts(sym: FlipSliceSym, data: TableBytes) -> Option<Phase1Full> {
        (data.bytes().len() == (sym.classes() * N_TWIST).div_ceil(4)).then(|| Phase1Full {
            moves: FlipSliceMoves::build(&sym),
            sym,
            data,
            down: None,
        })
    }

    /// The table with the closer-move masks (see [`down`]).
    pub fn with_down(mut self, down: DownMoves) -> Phase1Full {
        self.down = Some(down);
        self
    }

    /// The packed entries.
    pub fn raw(&self) -> &[u8] {
        self.data.bytes()
    }

    /// The distance mod 3 of table entry `i` (3: not a valid entry).
    #[inline]
    pub fn entry(&self, i: usize) -> u8 {
        match self.data.bytes().get(i >> 2) {
            Some(b) => (b >> ((i & 3) * 2)) & 3,
            None => 3,
        }
    }

    /// The distance mod 3 of a state with these raw phase-1 coordinates.
    #[inline]
    pub fn mod3(&self, twist: u16, flip: u16, slice: u16) -> u8 {
        self.entry(self.sym.index(twist, flip, slice))
    }

    /// The exact phase-1 distance of a state with these raw coordinates, walking down to
    /// the subgroup with the move tables of `tables`; `None` when the table does not allow
    /// such a walk (it is not a distance table).
    pub fn distance(&self, tables: &Tables, twist: u16, flip: u16, slice: u16) -> Option<u8> {
        self.walk(tables, (twist, flip, slice), None)
    }

    /// [`Phase1Full::distance`] when it is at most `max`; `None` when it is larger (or the
    /// table does not allow the walk). The walk stops as soon as the small tables' bound of
    /// the state reached, raised to the residue its distance must have, shows that the
    /// start is more than `max` moves away.
    pub fn distance_at_most(
        &self,
        tables: &Tables,
        twist: u16,
        flip: u16,
        slice: u16,
        max: u8,
    ) -> Option<u8> {
        self.walk(tables, (twist, flip, slice), Some(max))
    }

    /// The walk down to solved, one step to a neighbour one move closer at a time (told by
    /// its entry mod 3), stopped early past `max` when given.
    fn walk(&self, tables: &Tables, start: (u16, u16, u16), max: Option<u8>) -> Option<u8> {
        let (mut t, mut f, mut s) = start;
        let mut v = self.mod3(t, f, s);
        let mut d = 0u8;
        while (t, f, s) != (0, 0, 0) {
            if v > 2 || d > MAX_PHASE1_DEPTH {
                return None;
            }
            if let Some(max) = max {
                let h = tables.phase1.distances(t, f, s).into_iter().max().unwrap_or(0);
                let low = h + (v + 3 - h % 3) % 3;
                if d + low > max {
                    return None;
                }
            }
            let below = (v + 2) % 3;
            // The neighbours are read a third at a time (six moves, two of each axis), each
            // third's entries looked up before any is compared so that the memory reads
            // overlap; most states have a closer neighbour among the first six.
            let mut step = None;
            'thirds: for third in WALK_ORDER {
                let mut idx = [0usize; 6];
                let mut next = [(0u16, 0u16, 0u16); 6];
                for (k, &m) in third.iter().enumerate() {
                    next[k] = (
                        tables.twist_move[t as usize * 18 + m],
                        tables.flip_move[f as usize * 18 + m],
                        tables.slice_move[s as usize * 18 + m],
                    );
                    idx[k] = self.sym.index(next[k].0, next[k].1, next[k].2);
                }
                let vals = idx.map(|i| self.entry(i));
                if let Some(k) = vals.iter().position(|&w| w == below) {
                    step = Some(next[k]);
                    break 'thirds;
                }
            }
            (t, f, s) = step?;
            v = below;
            d += 1;
        }
        (v == 0 && max.is_none_or(|m| d <= m)).then_some(d)
    }

    /// The exact distance of a neighbour of a state at exact distance `d`, from the
    /// neighbour's entry `v` (distance mod 3).
    #[inline]
    pub fn next_distance(d: u8, v: u8) -> u8 {
        if v == (d + 2) % 3 {
            d.saturating_sub(1)
        } else if v == d % 3 {
            d
        } else {
            d + 1
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.sym.bytes()
            + self.moves.bytes()
            + self.data.bytes().len()
            + self.down.as_ref().map_or(0, DownMoves::bytes)
    }
}
