//! The [`Puzzle`] trait every puzzle model implements.

use crate::error::ParseError;
use rand::Rng;
use std::fmt::Debug;
use std::hash::Hash;

/// How the length of a move sequence is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Metric {
    /// Half-turn (face-turn) metric: every face turn counts 1. The default.
    #[default]
    Htm,
    /// Quarter-turn metric: a half turn counts 2.
    Qtm,
    /// Outer block turn metric (big cubes): a turn of any block of layers that holds an outer
    /// face counts 1, a block of inner layers alone 2, a rotation 0. On puzzles whose every
    /// move turns one face it is [`Metric::Htm`].
    Obtm,
    /// Single slice turn metric (big cubes): every layer a turn moves counts 1 (a block of
    /// `w` layers counts `w`), a rotation 0. On puzzles whose every move turns one face it
    /// is [`Metric::Htm`].
    Sstm,
    /// Execution turn metric: every token counts 1, rotations included. On puzzles without
    /// rotation moves it is [`Metric::Htm`].
    Etm,
    /// The Square-1's twist metric, as the WCA counts it: each slice `/` counts 1, turns of
    /// the layers 0. On other puzzles it is [`Metric::Htm`].
    Twist,
}

impl Metric {
    /// The metric's short name, as the command line and the reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
            Metric::Obtm => "obtm",
            Metric::Sstm => "sstm",
            Metric::Etm => "etm",
            Metric::Twist => "twist",
        }
    }
}

/// A twisty puzzle: its states, its moves and its notation.
///
/// Implemented on a value (not only a type) so that parameterised puzzles such as the
/// N×N×N supercube fit the same interface.
pub trait Puzzle {
    /// A puzzle state. Small and `Copy` for the fixed puzzles.
    type State: Clone + PartialEq + Eq + Hash + Debug;
    /// One move in the puzzle's generating set.
    type Move: Copy + PartialEq + Eq + Hash + Debug;

    /// Short human name, e.g. `3x3x3`.
    fn name(&self) -> String;

    /// The solved state.
    fn solved(&self) -> Self::State;

    /// Applies one move in place.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);

    /// Applies a sequence of moves in order.
    fn apply_all(&self, state: &mut Self::State, moves: &[Self::Move]) {
        for &m in moves {
            self.apply(state, m);
        }
    }

    /// The state reached from solved by `moves`.
    fn state_after(&self, moves: &[Self::Move]) -> Self::State {
        let mut s = self.solved();
        self.apply_all(&mut s, moves);
        s
    }

    /// Every move of the generating set used for solving, in a fixed order.
    fn moves(&self) -> Vec<Self::Move>;

    /// The inverse of a move.
    fn inverse(&self, mv: Self::Move) -> Self::Move;

    /// The inverse of a sequence (reversed, each move inverted).
    fn invert_all(&self, moves: &[Self::Move]) -> Vec<Self::Move> {
        moves.iter().rev().map(|&m| self.inverse(m)).collect()
    }

    /// Whether `state` is solved.
    fn is_solved(&self, state: &Self::State) -> bool {
        *state == self.solved()
    }

    /// A uniformly random legal state.
    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> Self::State;

    /// The face (or axis-slice) a move turns; consecutive moves of one face are never
    /// generated in scrambles and are pruned by searches.
    fn face(&self, mv: Self::Move) -> u8;

    /// Whether turns of faces `a` and `b` commute (e.g. opposite faces of a cube).
    /// Must be `false` when `a == b`.
    fn faces_commute(&self, a: u8, b: u8) -> bool;

    /// Whether `next` may follow `prev` in a canonical sequence: never the same face twice,
    /// and commuting faces only in increasing face order.
    fn may_follow(&self, prev: Self::Move, next: Self::Move) -> bool {
        let (a, b) = (self.face(prev), self.face(next));
        a != b && !(self.faces_commute(a, b) && b < a)
    }

    /// `n` random moves in canonical order (see [`Puzzle::may_follow`]).
    fn random_moves<R: Rng + ?Sized>(&self, rng: &mut R, n: usize) -> Vec<Self::Move> {
        let all = self.moves();
        let mut out: Vec<Self::Move> = Vec::with_capacity(n);
        while out.len() < n {
            let m = all[rng.random_range(0..all.len())];
            if out.last().is_none_or(|&p| self.may_follow(p, m)) {
                out.push(m);
            }
        }
        out
    }

    /// Parses a move sequence in the puzzle's notation.
    fn parse_moves(&self, text: &str) -> Result<Vec<Self::Move>, ParseError>;

    /// Formats one move in the puzzle's notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Formats a sequence, moves separated by single spaces.
    fn format_moves(&self, moves: &[Self::Move]) -> String {
        moves
            .iter()
            .map(|&m| self.format_move(m))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The length of one move in `metric` (1 in HTM; 1 or 2 in QTM).
    fn move_length(&self, mv: Self::Move, metric: Metric) -> u32;

    /// The length of a sequence in `metric`.
    fn length(&self, moves: &[Self::Move], metric: Metric) -> u32 {
        moves.iter().map(|&m| self.move_length(m, metric)).sum()
    }
}
