//! The set of short states of an `h48` build: the symmetry-reduced full indices within the
//! short depth, in one open-addressing array of words (linear probing, at most half full),
//! so a look-up is one line that can be prefetched ahead of it.

/// A set of full indices (every value below `u64::MAX`).
#[derive(Debug, Clone)]
pub struct ShortSet {
    slots: Vec<u64>,
    bits: u32,
    len: usize,
}

const EMPTY: u64 = u64::MAX;

impl Default for ShortSet {
    fn default() -> Self {
        Self::with_bits(4)
    }
}

impl ShortSet {
    fn with_bits(bits: u32) -> Self {
        ShortSet {
            slots: vec![EMPTY; 1 << bits],
            bits,
            len: 0,
        }
    }

    /// Keys held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes of the slot array.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize
    }

    /// Prefetches the line where a look-up of `key` starts.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        twisty_search::prefetch::prefetch_at(&self.slots, self.home(key));
    }

    /// Whether `key` is in the set.
    #[inline(always)]
    pub fn contains(&self, key: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                EMPTY => return false,
                k if k == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds `key`; false if it was there.
    pub fn insert(&mut self, key: u64) -> bool {
        debug_assert!(key != EMPTY);
        if 2 * (self.len + 1) > self.slots.len() {
            let mut bigger = Self::with_bits(self.bits + 1);
            for &k in &self.slots {
                if k != EMPTY {
                    bigger.insert(k);
                }
            }
            *self = bigger;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                EMPTY => {
                    self.slots[i] = key;
                    self.len += 1;
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted_and_nothing_else() {
        let mut s = ShortSet::default();
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| i * 2_654_435_761 % 240_778_137_600)
            .collect();
        for &k in &keys {
            assert!(s.insert(k));
        }
        for &k in &keys {
            assert!(!s.insert(k));
            assert!(s.contains(k));
        }
        assert_eq!(s.len(), keys.len());
        assert!(s.bytes() >= 2 * keys.len() * 8);
        let missing = (0..5000u64).filter(|k| !keys.contains(&(k * 7 + 1))).count();
        let found = (0..5000u64)
            .filter(|k| s.contains(k * 7 + 1) && !keys.contains(&(k * 7 + 1)))
            .count();
        assert!(missing > 0);
        assert_eq!(found, 0);
    }
}
