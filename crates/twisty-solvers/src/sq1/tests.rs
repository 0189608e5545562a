use super::*;
use twisty_core::sq1::notation::format;
use twisty_core::{seeded_rng, Held};

fn solve(s: &Sq1State) -> Solution<Sq1Move> {
    let solver = Sq1TwoPhase::new();
    let sol = solver.solve(&Sq1, s, &Limits::default());
    assert!(sol.is_ok(), "{s:?}: {sol:?}");
    sol.unwrap_or_else(|_| Solution {
        moves: Vec::new(),
        length: 0,
        optimal: false,
        stats: SearchStats::default(),
    })
}

#[test]
fn tables_have_the_sizes_and_depths_of_the_puzzle() {
    let solver = Sq1TwoPhase::new();
    assert_eq!(solver.shapes().dist.len(), 7356);
    assert!(
        solver.shapes().dist.iter().all(|&d| d != u8::MAX),
        "every shape reaches the square"
    );
    assert!(solver.shapes().depth() <= 8, "{}", solver.shapes().depth());
    let sq = solver.square();
    assert!(
        sq.corner_dist.iter().all(|&d| d != u8::MAX),
        "every corner arrangement"
    );
    assert!(
        sq.edge_dist.iter().all(|&d| d != u8::MAX),
        "every edge arrangement"
    );
}

#[test]
fn random_states_are_solved_and_the_answers_replay() {
    let mut rng = seeded_rng(21);
    let mut total = 0;
    let n = 8;
    for _ in 0..n {
        let s = Sq1.random_state(&mut rng);
        let sol = solve(&s);
        let mut t = s;
        assert_eq!(t.try_apply_all(&sol.moves), Ok(()), "every slice possible");
        assert!(Sq1.is_solved(&t));
        // The answer written and read back from the state solves it too.
        let text = format(&sol.moves);
        let mut held = s;
        assert!(Sq1.apply_held(&mut held, &mut (), &text).is_ok(), "{text}");
        assert!(Sq1.is_solved(&held), "{text}");
        assert_eq!(sol.length, text.matches('/').count() as u32);
        total += sol.length;
    }
    // Two phases give about 12 slices on random states; far more would be a broken search.
    assert!(total <= 15 * n, "{total}");
}

/// States whose short solution passes the square shape; others may get two phases' longer
/// answer (`/ (3,3) / (3,0) /` gets 11 slices: its shape is 3 slices from the square).
#[test]
fn short_states_get_short_answers() {
    for (text, most) in [("", 0), ("(1,0)", 0), ("(1,0) / (-1,-4) /", 2), ("(0,-1) /", 1)] {
        let s = Sq1.parse_held(text).map(|(s, _)| s).unwrap_or_default();
        let sol = solve(&s);
        assert!(sol.length <= most, "{text}: {}", format(&sol.moves));
    }
    // A state whose slice is blocked: turned free first.
    let s = Sq1.parse_held("(-1,0)").map(|(s, _)| s).unwrap_or_default();
    assert!(!s.can_slash());
    let sol = solve(&s);
    let mut t = s;
    assert_eq!(t.try_apply_all(&sol.moves), Ok(()));
    assert!(Sq1.is_solved(&t));
}

#[test]
fn a_bound_below_the_answer_is_refused() {
    let s = Sq1.random_state(&mut seeded_rng(4));
    let e = Sq1TwoPhase::new().solve(
        &Sq1,
        &s,
        &Limits {
            max_length: Some(3),
            ..Limits::default()
        },
    );
    assert_eq!(e.err(), Some(SolveError::NoSolutionWithin { max_length: 3 }));
}
