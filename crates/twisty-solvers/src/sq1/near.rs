//! Whether a Square-1 state is within a few moves of solved, counted as the WCA's scrambler
//! counts a Square-1 scramble's distance: each turn of the layers `(a,b)` 1 and each slice
//! `/` 1 (the minimum-distance rule of random-state scrambles redraws a state solved in 10
//! such moves or fewer).
//!
//! The check is exact, by meeting in the middle on the states just after a slice. A shortest
//! answer reads `T0 / T1 / … / Tk`, where the turns between two slices are not zero (the
//! slices would cancel) and every turn but the last leaves the slice free. Of the states
//! `Z0` (the input) and `Zj` (after the `j`-th slice), take the first whose rest of the
//! answer costs at most `b ≥ 1` (the last one's rest is a turn at most): the rest from the
//! state before it cost more than `b`, and one step (a turn and a slice) costs at most 2, so
//! what led there costs at most `n − b + 1`.
//! The states whose rest costs at most `b` are listed once, from solved
//! ([`NearSolved::new`]); each check walks the input's prefixes of at most `n − b + 1`
//! ([`NearSolved::contains`]).

use std::collections::HashMap;
use twisty_core::sq1::{layer_cut, rotated, Sq1State};

/// The states within `n` moves of solved, as a list of the near half and a walk of the far.
#[derive(Debug, Clone)]
pub struct NearSolved {
    n: u32,
    /// Each state from which solved is at most `back_max` moves away by `T / … / T`, with
    /// that cost.
    back: HashMap<Sq1State, u32>,
    back_max: u32,
}

/// Every turn `(a, b)` of the layers, zero included, after which the slice can turn in `s`.
fn cut_turns(s: &Sq1State) -> Vec<(u8, u8)> {
    let tops: Vec<u8> = (0..12).filter(|&a| layer_cut(&rotated(s.top(), a))).collect();
    let bottoms: Vec<u8> = (0..12).filter(|&b| layer_cut(&rotated(s.bottom(), b))).collect();
    tops.iter()
        .flat_map(|&a| bottoms.iter().map(move |&b| (a, b)))
        .collect()
}

/// Walks the states reached from `start` by steps `T /` (each a turn that frees the slice,
/// zero only at the first step, then the slice), at most `max` moves in all, calling
/// `visit(state, cost)` on `start` and after every slice. A state reached again at no lower
/// cost is not walked again.
fn walk(start: &Sq1State, max: u32, mut visit: impl FnMut(&Sq1State, u32)) {
    let mut best: HashMap<Sq1State, u32> = HashMap::new();
    let mut stack = vec![(*start, 0u32, true)];
    best.insert(*start, 0);
    while let Some((s, cost, first)) = stack.pop() {
        visit(&s, cost);
        for (a, b) in cut_turns(&s) {
            let zero = (a, b) == (0, 0);
            if zero && !first {
                continue;
            }
            let c = cost + 1 + u32::from(!zero);
            if c > max {
                continue;
            }
            let mut t = s;
            t.turn(a, b);
            t.slash();
            if best.get(&t).is_some_and(|&old| old <= c) {
                continue;
            }
            best.insert(t, c);
            stack.push((t, c, false));
        }
    }
}

impl NearSolved {
    /// The states within `n` moves of solved (each `(a,b)` and each `/` counting 1).
    pub fn new(n: u32) -> NearSolved {
        // At least 1: the rest after the last slice is a turn (or nothing).
        let back_max = (n.saturating_sub(2) / 2).max(1);
        let mut back: HashMap<Sq1State, u32> = HashMap::new();
        let mut keep = |s: Sq1State, c: u32| {
            let e = back.entry(s).or_insert(c);
            *e = (*e).min(c);
        };
        // The inverse of `T / … / T` is of the same form: walk from solved, then a last turn
        // of any amounts (the state it reaches need not free the slice).
        walk(&Sq1State::default(), back_max, |s, c| {
            keep(*s, c);
            if c < back_max {
                for a in 0..12u8 {
                    for b in 0..12u8 {
                        if (a, b) != (0, 0) {
                            let mut t = *s;
                            t.turn(a, b);
                            keep(t, c + 1);
                        }
                    }
                }
            }
        });
        NearSolved { n, back, back_max }
    }

    /// The distance this set was made for.
    pub fn distance(&self) -> u32 {
        self.n
    }

    /// Whether `state` is solved in at most [`NearSolved::distance`] moves.
    pub fn contains(&self, state: &Sq1State) -> bool {
        let front_max = (self.n + 1).saturating_sub(self.back_max);
        let mut found = false;
        walk(state, front_max, |s, c| {
            if !found && self.back.get(s).is_some_and(|&b| c + b <= self.n) {
                found = true;
            }
        });
        found
    }

    /// How many states the near half lists.
    pub fn len(&self) -> usize {
        self.back.len()
    }

    /// Whether the near half lists none (never: solved is in it).
    pub fn is_empty(&self) -> bool {
        self.back.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;
    use twisty_core::sq1::{Sq1, Sq1Move};
    use twisty_core::{seeded_rng, Puzzle};

    /// The cost of moves in the scrambler's count: each run of turns 1, each slice 1.
    fn cost(moves: &[Sq1Move]) -> u32 {
        let text = twisty_core::sq1::notation::format(moves);
        text.split_whitespace().count() as u32
    }

    #[test]
    fn short_sequences_are_near_and_random_states_are_not() {
        let near = NearSolved::new(10);
        assert!(near.contains(&Sq1State::default()));
        let mut rng = seeded_rng(5);
        // Random walks of slice-freeing turns and slices, cut to at most 10 moves.
        let mut checked = 0;
        for _ in 0..300 {
            let twists = rng.random_range(1..=5);
            let mut moves = Sq1.random_moves(&mut rng, twists);
            if rng.random_bool(0.5) {
                moves.push(Sq1Move::Top(rng.random_range(1..12)));
            }
            let moves = twisty_core::sq1::notation::simplify(&moves);
            if cost(&moves) > 10 {
                continue;
            }
            checked += 1;
            let s = Sq1.state_after(&moves);
            assert!(
                near.contains(&s),
                "{}",
                twisty_core::sq1::notation::format(&moves)
            );
        }
        assert!(checked > 100, "{checked}");
        // Six twists with turns between cost 11 or more; a state far from solved is not near.
        let mut far = 0;
        for _ in 0..20 {
            far += usize::from(!near.contains(&Sq1.random_state(&mut rng)));
        }
        assert_eq!(far, 20);
    }

    #[test]
    fn the_bound_is_exact_on_one_move_more() {
        // `(1,0) / (-1,0)` is 3 moves: within 3, not within 2.
        let moves = Sq1.parse_moves("(1,0) / (-1,0)").unwrap_or_default();
        let s = Sq1.state_after(&moves);
        assert!(NearSolved::new(3).contains(&s));
        assert!(!NearSolved::new(2).contains(&s));
        assert!(!NearSolved::new(0).contains(&s));
        assert!(NearSolved::new(0).contains(&Sq1State::default()));
    }
}
