//! Coordinates found by enumeration: the values a projection of a puzzle's state takes on
//! the states the moves reach, numbered breadth-first, with a move table.
//!
//! A *projection* keeps part of a state (e.g. where some pieces are and how they are
//! twisted) as a short byte string, on which every move acts ([`Coordinate::enumerate`]'s
//! `act`). Starting from the projections of the solved states, a breadth-first walk numbers
//! every value reached (so the solved values are the first ones) and records, for every
//! value and move, the value it goes to. A search then follows the coordinate through the
//! table, one lookup per move, and [`crate::product`] builds distance tables over tuples of
//! coordinates.
//!
//! The enumeration holds every value in a hash map, so it is for coordinates of up to a few
//! million values; [`Coordinate::enumerate`] refuses to go past its cap.

use std::collections::HashMap;

/// A coordinate would have more values than its cap.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the coordinate has more than {cap} values")]
pub struct TooManyValues {
    /// The cap.
    pub cap: usize,
}

/// A coordinate: its values (as projections) and its move table.
#[derive(Debug, Clone)]
pub struct Coordinate {
    moves: usize,
    /// `next[v * moves + m]`: the value move `m` takes value `v` to.
    next: Vec<u32>,
    index: HashMap<Vec<u8>, u32>,
    starts: usize,
}

impl Coordinate {
    /// Enumerates the values reachable from `starts` under `moves` moves, where
    /// `act(value, m, out)` writes into `out` the value move `m` makes of `value` (every
    /// value is `starts[0].len()` bytes). Equal starts count once. Errors past `cap` values.
    pub fn enumerate(
        starts: &[Vec<u8>],
        moves: usize,
        act: impl Fn(&[u8], usize, &mut [u8]),
        cap: usize,
    ) -> Result<Coordinate, TooManyValues> {
        let width = starts.first().map_or(0, Vec::len);
        let mut values: Vec<u8> = Vec::new();
        let mut index: HashMap<Vec<u8>, u32> = HashMap::new();
        for s in starts {
            if !index.contains_key(s) {
                if index.len() >= cap {
                    return Err(TooManyValues { cap });
                }
                index.insert(s.clone(), index.len() as u32);
                values.extend_from_slice(s);
            }
        }
        let first = index.len();
        let mut next = Vec::new();
        let mut out = vec![0u8; width];
        let mut v = 0usize;
        while v < index.len() {
            for m in 0..moves {
                act(&values[v * width..(v + 1) * width], m, &mut out);
                let id = match index.get(&out) {
                    Some(&id) => id,
                    None => {
                        if index.len() >= cap {
                            return Err(TooManyValues { cap });
                        }
                        let id = index.len() as u32;
                        index.insert(out.clone(), id);
                        values.extend_from_slice(&out);
                        id
                    }
                };
                next.push(id);
            }
            v += 1;
        }
        Ok(Coordinate {
            moves,
            next,
            index,
            starts: first,
        })
    }

    /// The number of values.
    pub fn size(&self) -> u32 {
        self.index.len() as u32
    }

    /// The number of distinct starts (values `0..starts()`).
    pub fn starts(&self) -> usize {
        self.starts
    }

    /// The value move `m` takes value `v` to.
    #[inline(always)]
    pub fn next(&self, v: u32, m: usize) -> u32 {
        self.next[v as usize * self.moves + m]
    }

    /// The whole move table: entry `v · moves + m` is [`Coordinate::next`]`(v, m)`.
    pub fn table(&self) -> &[u32] {
        &self.next
    }

    /// The number of a projection, or `None` when no sequence of moves reaches it.
    pub fn value_of(&self, projection: &[u8]) -> Option<u32> {
        self.index.get(projection).copied()
    }

    /// Bytes of memory the move table and the index take, roughly.
    pub fn memory(&self) -> usize {
        self.next.len() * 4 + self.index.len() * (self.index.keys().next().map_or(0, Vec::len) + 48)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_of_three_by_two_generators() {
        // S3 acting on strings: a swap of the first two and a 3-cycle.
        let act = |v: &[u8], m: usize, out: &mut [u8]| {
            let p: [usize; 3] = if m == 0 { [1, 0, 2] } else { [1, 2, 0] };
            for i in 0..3 {
                out[i] = v[p[i]];
            }
        };
        let c = Coordinate::enumerate(&[vec![0, 1, 2]], 2, act, 100).expect("small");
        assert_eq!(c.size(), 6);
        assert_eq!(c.value_of(&[0, 1, 2]), Some(0));
        assert_eq!(c.next(c.next(0, 0), 0), 0);
        assert_eq!(c.value_of(&[0, 0, 0]), None);
        // Identical pieces: fewer values.
        let c = Coordinate::enumerate(&[vec![0, 0, 1]], 2, act, 100).expect("small");
        assert_eq!(c.size(), 3);
        assert_eq!(
            Coordinate::enumerate(&[vec![0, 1, 2]], 2, act, 5).err(),
            Some(TooManyValues { cap: 5 })
        );
    }
}
