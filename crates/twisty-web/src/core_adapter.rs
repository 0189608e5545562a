//! Generic glue between the core puzzle models / solvers and the web adapters: parse with a
//! core model and make random-state scrambles with any [`Solver`].

use crate::puzzles::PuzzleError;
use rand::Rng;
use twisty_core::Puzzle;
use twisty_solvers::{verify, Limits, Solver};

/// Parses `text` with the core model and returns its moves with their formatted tokens.
pub fn parse_with<P: Puzzle>(puzzle: &P, text: &str) -> Result<(Vec<P::Move>, Vec<String>), PuzzleError> {
    let moves = puzzle.parse_moves(text).map_err(PuzzleError::Parse)?;
    if moves.len() > crate::puzzles::MAX_INPUT_MOVES {
        return Err(PuzzleError::BadRequest(format!(
            "the sequence has {} moves; at most {} are accepted",
            moves.len(),
            crate::puzzles::MAX_INPUT_MOVES
        )));
    }
    let tokens = moves.iter().map(|&m| puzzle.format_move(m)).collect();
    Ok((moves, tokens))
}

/// A random-state scramble: the inverse of a solution of a uniformly random state.
/// `None` if the solver fails within `limits`.
pub fn random_state_scramble<P: Puzzle, S: Solver<P>, R: Rng + ?Sized>(
    puzzle: &P,
    solver: &S,
    rng: &mut R,
    limits: &Limits,
) -> Option<String> {
    let state = puzzle.random_state(rng);
    scramble_of(puzzle, solver, &state, limits)
}

/// The scramble that leads to `state`: the inverse of its solution by `solver`, checked.
/// `None` if the solver fails within `limits`.
pub fn scramble_of<P: Puzzle, S: Solver<P>>(
    puzzle: &P,
    solver: &S,
    state: &P::State,
    limits: &Limits,
) -> Option<String> {
    scramble_moves_of(puzzle, solver, state, limits).map(|m| puzzle.format_moves(&m))
}

/// The moves of [`scramble_of`].
pub fn scramble_moves_of<P: Puzzle, S: Solver<P>>(
    puzzle: &P,
    solver: &S,
    state: &P::State,
    limits: &Limits,
) -> Option<Vec<P::Move>> {
    let sol = solver.solve(puzzle, state, limits).ok()?;
    verify(puzzle, state, &sol.moves).ok()?;
    Some(puzzle.invert_all(&sol.moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use twisty_core::Metric;
    use twisty_core::ParseError;
    use twisty_solvers::{SearchStats, Solution, SolveError};

    /// A toy puzzle: a counter modulo 7 turned by `A` (+1) and `A'` (−1).
    struct Counter;

    impl Puzzle for Counter {
        type State = u8;
        type Move = i8;
        fn name(&self) -> String {
            "counter".into()
        }
        fn solved(&self) -> u8 {
            0
        }
        fn apply(&self, s: &mut u8, m: i8) {
            *s = ((*s as i8 + m).rem_euclid(7)) as u8;
        }
        fn moves(&self) -> Vec<i8> {
            vec![1, -1]
        }
        fn inverse(&self, m: i8) -> i8 {
            -m
        }
        fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> u8 {
            rng.random_range(1..7)
        }
        fn face(&self, _: i8) -> u8 {
            0
        }
        fn faces_commute(&self, _: u8, _: u8) -> bool {
            false
        }
        fn parse_moves(&self, text: &str) -> Result<Vec<i8>, ParseError> {
            twisty_core::alg::parse_alg(
                text,
                |t| match t {
                    "A" => Ok(vec![1]),
                    "A'" => Ok(vec![-1]),
                    _ => Err("not A or A'".into()),
                },
                |m: i8| -m,
            )
        }
        fn format_move(&self, m: i8) -> String {
            if m > 0 { "A" } else { "A'" }.into()
        }
        fn move_length(&self, _: i8, _: Metric) -> u32 {
            1
        }
    }

    struct Undo;

    impl Solver<Counter> for Undo {
        fn name(&self) -> &'static str {
            "undo"
        }
        fn solve(&self, _: &Counter, s: &u8, _: &Limits) -> Result<Solution<i8>, SolveError> {
            let moves = vec![-1; *s as usize];
            Ok(Solution {
                length: moves.len() as u32,
                moves,
                optimal: false,
                stats: SearchStats::default(),
            })
        }
    }

    #[test]
    fn parse_solve_and_scramble() {
        let (moves, tokens) = parse_with(&Counter, "A A (A)2").unwrap();
        assert_eq!(moves, vec![1, 1, 1, 1]);
        assert_eq!(tokens, vec!["A"; 4]);
        match parse_with(&Counter, "A B") {
            Err(PuzzleError::Parse(p)) => assert_eq!(p.column, 3),
            other => panic!("{other:?}"),
        }
        let s = Counter.state_after(&moves);
        let undo = scramble_of(&Counter, &Undo, &s, &Limits::default()).unwrap();
        assert_eq!(undo, "A A A A");
        let mut rng = twisty_core::seeded_rng(3);
        let text = random_state_scramble(&Counter, &Undo, &mut rng, &Limits::default()).unwrap();
        let (m, _) = parse_with(&Counter, &text).unwrap();
        assert!(!Counter.is_solved(&Counter.state_after(&m)));
    }
}
