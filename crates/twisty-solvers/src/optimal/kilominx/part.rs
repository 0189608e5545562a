//! One part of a complete iteration cut into parts that run separately: on other machines,
//! or one after another when a whole bound takes longer than one sitting.
//!
//! The search tree of every bound is split two moves below the root (the subtrees both cores
//! share anyway). Part `i` of `n` searches the subtrees whose position in the canonical
//! enumeration of those prefixes is `i − 1` mod `n`; the nodes above the split are counted
//! by part 1 only. So for every bound the parts' node counts and solution counts add up
//! exactly to those of the whole iteration, and the parts are about the same size (the
//! subtrees of neighbouring prefixes are interleaved).

use std::fmt;
use std::str::FromStr;

/// The most parts a run may be cut into. Two moves deep there are about 2,000 canonical
/// prefixes; beyond this many parts some would hold nothing.
pub const MAX_PARTS: u32 = 1000;

/// Part `index` (from 1) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    index: u32,
    count: u32,
}

impl Part {
    /// Part `index` of `count`, counted from 1; an error says what is wrong.
    pub fn new(index: u32, count: u32) -> Result<Part, String> {
        if count == 0 || count > MAX_PARTS {
            return Err(format!(
                "the number of parts must be between 1 and {MAX_PARTS}, not {count}"
            ));
        }
        if index == 0 || index > count {
            return Err(format!(
                "part {index} of {count}: the part must be between 1 and {count}"
            ));
        }
        Ok(Part { index, count })
    }

    /// The part, from 1.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The number of parts.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Whether the subtree at `position` in the enumeration of the split's prefixes is this
    /// part's.
    pub(super) fn keeps(&self, position: usize) -> bool {
        position % self.count as usize == (self.index - 1) as usize
    }

    /// Whether this part counts the nodes above the split (and searches a bound too short to
    /// be split).
    pub(super) fn counts_top(&self) -> bool {
        self.index == 1
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Part {
    type Err = String;

    /// `I/N`, e.g. `2/3`.
    fn from_str(s: &str) -> Result<Part, String> {
        let bad = || format!("'{s}' is not a part: write I/N, e.g. 2/3 for the second of three");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let i: u32 = i.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        Part::new(i, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_parse_and_refuse_nonsense() {
        let p: Part = "2/3".parse().unwrap();
        assert_eq!((p.index(), p.count(), p.to_string()), (2, 3, String::from("2/3")));
        assert_eq!(" 1 / 1 ".parse::<Part>(), Part::new(1, 1));
        for (bad, says) in [
            ("0/3", "between 1 and 3"),
            ("4/3", "between 1 and 3"),
            ("1/0", "between 1 and 1000"),
            ("1/1001", "not 1001"),
            ("2", "write I/N"),
            ("a/3", "write I/N"),
            ("1/-3", "write I/N"),
            ("", "write I/N"),
        ] {
            let e = bad.parse::<Part>().unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn every_position_is_in_exactly_one_part() {
        for n in [1, 2, 3, 7] {
            let parts: Vec<Part> = (1..=n).map(|i| Part::new(i, n).unwrap()).collect();
            for pos in 0..50 {
                assert_eq!(parts.iter().filter(|p| p.keeps(pos)).count(), 1);
            }
            assert_eq!(parts.iter().filter(|p| p.counts_top()).count(), 1);
        }
    }
}
