//! The 2x2x2 A* solver of seed 001: a best-first search on sticker states whose heuristic is
//! the number of misplaced stickers divided by a weight `p`.
//!
//! Two modes reproduce the seed's two parts:
//! - [`Goal::Fixed`] (part 2.1): one goal colouring and all 12 quarter turns
//!   (`T T' Bo Bo' L L' R R' F F' Ba Ba'`), no repeated-state detection (the seed had none);
//! - [`Goal::AnyOrientation`] (part 2.2): any of the 24 whole-cube orientations of the goal
//!   counts (the heuristic is the minimum over them), only the 6 quarter turns of top, right
//!   and front, and repeated-state detection.
//!
//! Differences from the seed, on purpose:
//! - Repeated-state detection uses a true canonical form under the 24 rotations (the seed
//!   permuted whole face lists without turning the stickers within them, so its detection
//!   was approximate).
//! - The 24 goal colourings are computed by rotating the goal, not typed in (two of the seed's
//!   typed goals have five stickers of one colour).
//! - Ties in the priority queue are broken first-in first-out; the seed fell back on
//!   comparing Python 2 dictionaries. Node counts therefore differ from the seed's.
//! - The heuristic divides as a real number unless `integer_heuristic` is set (the seed's
//!   Python 2 integer division).

mod net;
mod reference;
mod search;
mod stickers;

pub use net::Stickers;
pub use reference::reference_moves;
pub use search::{AStar2x2, AStarError, AStarOptions, AStarResult, Goal, RepeatedStates};
pub use stickers::{SeedMove, COLOURS, FACE_NAMES};

#[cfg(test)]
mod tests {
    use super::*;

    fn seed_input(name: &str) -> Stickers {
        let path = crate::test_data::seed_input(&format!("Hangary_CS440-2016FA_HW1_data_{name}.txt"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Stickers::from_net(&text).unwrap()
    }

    fn check(a: &AStar2x2, s: &Stickers, goal: Goal, r: &AStarResult) {
        let mut t = *s;
        for &m in &r.path {
            t = a.apply(&t, m);
        }
        assert!(a.is_goal(&t, goal), "path does not solve");
    }

    #[test]
    fn fixed_goal_paths_are_optimal_with_weight_3() {
        // The seed's Figure 7 lengths: 4, 5, 6 moves.
        let a = AStar2x2::new();
        for (name, len) in [("cube1_1", 4), ("cube1_2", 5), ("cube1_3", 6)] {
            let s = seed_input(name);
            let r = a.solve(&s, &AStarOptions::seed(Goal::Fixed, 3.0)).unwrap();
            check(&a, &s, Goal::Fixed, &r);
            assert_eq!(r.path.len(), len, "{name}");
            assert_eq!(a.optimal_length(&s, Goal::Fixed, 12), Some(len as u32));
        }
    }

    #[test]
    fn any_orientation_paths_match_the_seed_lengths() {
        // The seed's Figure 12 lengths: 2, 6, 5, 7.
        let a = AStar2x2::new();
        for (name, len) in [("cube2_1", 2), ("cube2_2", 6), ("cube2_3", 5), ("cube3_1", 7)] {
            let s = seed_input(name);
            for w in [3.0, 9.0] {
                let r = a.solve(&s, &AStarOptions::seed(Goal::AnyOrientation, w)).unwrap();
                check(&a, &s, Goal::AnyOrientation, &r);
                assert_eq!(r.path.len(), len, "{name} p={w}");
            }
            assert_eq!(a.optimal_length(&s, Goal::AnyOrientation, 14), Some(len as u32));
        }
    }

    #[test]
    fn integer_heuristic_and_bad_weights() {
        let a = AStar2x2::new();
        let s = seed_input("cube1_1");
        let mut o = AStarOptions::seed(Goal::Fixed, 20.0);
        o.integer_heuristic = true;
        let r = a.solve(&s, &o).unwrap();
        check(&a, &s, Goal::Fixed, &r);
        assert_eq!(r.path.len(), 4);
        o.weight = 2.5;
        assert!(matches!(a.solve(&s, &o), Err(AStarError::BadWeight { .. })));
        o.weight = 0.0;
        o.integer_heuristic = false;
        assert!(matches!(a.solve(&s, &o), Err(AStarError::BadWeight { .. })));
    }

    #[test]
    fn budget_is_reported() {
        let a = AStar2x2::new();
        let s = seed_input("cube1_3");
        let mut o = AStarOptions::seed(Goal::Fixed, 10.0);
        o.max_expanded = 10;
        assert_eq!(a.solve(&s, &o), Err(AStarError::Budget(10)));
    }

    #[test]
    fn canonical_form_is_rotation_invariant() {
        let a = AStar2x2::new();
        let s = seed_input("cube3_1");
        let c = a.canonical(&s);
        for r in super::stickers::rotation_perms() {
            let t = Stickers(super::stickers::permute(&s.0, &r));
            assert_eq!(a.canonical(&t), c);
        }
    }
}
