//! Packed tables of small entries.
//!
//! - [`Nibbles`]: 4-bit entries, two per byte (low nibble first), for distances up to 15.
//! - [`Mod3`]: 2-bit entries holding `distance mod 3` (value 3 = not yet reached while
//!   building). The exact distance of a state is recovered from that of a neighbour: if the
//!   state's distance is `d > 0`, some neighbour has distance `d − 1`, and every neighbour has
//!   distance `d − 1`, `d` or `d + 1`; so, walking toward the goal and knowing the current
//!   exact distance `d`, a neighbour whose entry is `(d − 1) mod 3` is at exactly `d − 1`.
//!   Starting from the exact distance of the start (found by descending the same way from a
//!   state of known distance, or by searching), this yields exact distances along any path.

/// A read-only view of a 4-bit packed table.
#[derive(Debug, Clone, Copy)]
pub struct Nibbles<'a>(pub &'a [u8]);

impl Nibbles<'_> {
    /// Entry `i` (0..16). Out-of-range indices read as 15.
    #[inline]
    pub fn get(&self, i: u64) -> u8 {
        match self.0.get((i >> 1) as usize) {
            Some(b) => (b >> ((i & 1) * 4)) & 15,
            None => 15,
        }
    }

    /// Number of entries.
    pub fn len(&self) -> u64 {
        self.0.len() as u64 * 2
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A mutable 4-bit packed table, initialised to 15 ("unknown").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NibblesMut(pub Vec<u8>);

impl NibblesMut {
    /// A table of `n` entries, all 15.
    pub fn new(n: u64) -> Self {
        NibblesMut(vec![0xff; n.div_ceil(2) as usize])
    }

    /// Entry `i`.
    #[inline]
    pub fn get(&self, i: u64) -> u8 {
        (self.0[(i >> 1) as usize] >> ((i & 1) * 4)) & 15
    }

    /// Sets entry `i` to `v` (0..16).
    #[inline]
    pub fn set(&mut self, i: u64, v: u8) {
        let b = &mut self.0[(i >> 1) as usize];
        let shift = (i & 1) * 4;
        *b = (*b & !(15 << shift)) | ((v & 15) << shift);
    }
}

/// A mutable 2-bit packed table, initialised to 3 ("not reached").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mod3(pub Vec<u8>);

impl Mod3 {
    /// A table of `n` entries, all 3.
    pub fn new(n: u64) -> Self {
        Mod3(vec![0xff; n.div_ceil(4) as usize])
    }

    /// Entry `i` (0..4).
    #[inline]
    pub fn get(&self, i: u64) -> u8 {
        (self.0[(i >> 2) as usize] >> ((i & 3) * 2)) & 3
    }

    /// Sets entry `i` to `v` (0..4).
    #[inline]
    pub fn set(&mut self, i: u64, v: u8) {
        let b = &mut self.0[(i >> 2) as usize];
        let shift = (i & 3) * 2;
        *b = (*b & !(3 << shift)) | ((v & 3) << shift);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_round_trip() {
        let mut t = NibblesMut::new(11);
        for i in 0..11 {
            assert_eq!(t.get(i), 15);
            t.set(i, (i % 16) as u8);
        }
        for i in 0..11 {
            assert_eq!(t.get(i), (i % 16) as u8);
            assert_eq!(Nibbles(&t.0).get(i), (i % 16) as u8);
        }
        assert_eq!(Nibbles(&t.0).get(1000), 15);
    }

    #[test]
    fn mod3_round_trip() {
        let mut t = Mod3::new(13);
        for i in 0..13 {
            assert_eq!(t.get(i), 3);
            t.set(i, (i % 3) as u8);
        }
        for i in 0..13 {
            assert_eq!(t.get(i), (i % 3) as u8);
        }
    }
}
