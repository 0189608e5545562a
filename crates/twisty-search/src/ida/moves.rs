//! Move pruning for the search: which move may follow which (a table over the previous
//! move's face), and finite automata over move sequences.

/// Which move may follow which: a table over (previous move's face + 1, next move).
#[derive(Debug, Clone)]
pub struct MovePruning {
    faces: usize,
    face_of: Vec<u8>,
    allowed: Vec<bool>,
}

impl MovePruning {
    /// Builds the canonical-sequence rule from each move's face and a commutation predicate
    /// on faces: after a move of face `a`, a move of face `b` is allowed iff `a != b` and not
    /// (`a` and `b` commute and `b < a`).
    pub fn new(face_of: &[u8], commute: impl Fn(u8, u8) -> bool) -> Self {
        let faces = face_of.iter().map(|&f| f as usize + 1).max().unwrap_or(0);
        let n = face_of.len();
        let mut allowed = vec![true; (faces + 1) * n];
        for a in 0..faces {
            for (m, &b) in face_of.iter().enumerate() {
                let a8 = a as u8;
                let ok = a8 != b && !(commute(a8, b) && b < a8);
                allowed[(a + 1) * n + m] = ok;
            }
        }
        MovePruning {
            faces,
            face_of: face_of.to_vec(),
            allowed,
        }
    }

    /// This rule with only the moves `keep` marks (by index; a move past its end is not
    /// kept): the others are never generated, at the root or after any move.
    pub fn restricted(&self, keep: &[bool]) -> Self {
        let n = self.face_of.len();
        let mut out = if self.faces == 0 {
            // One pseudo-face, so that the table is consulted.
            MovePruning {
                faces: 1,
                face_of: vec![0; n],
                allowed: vec![true; 2 * n],
            }
        } else {
            self.clone()
        };
        for row in out.allowed.chunks_mut(n.max(1)) {
            for (m, a) in row.iter_mut().enumerate() {
                *a &= keep.get(m).copied().unwrap_or(false);
            }
        }
        out
    }

    /// No pruning at all (every move after every move).
    pub fn none(num_moves: usize) -> Self {
        MovePruning {
            faces: 0,
            face_of: vec![0; num_moves],
            allowed: vec![true; num_moves],
        }
    }

    /// Whether move `m` may follow a move of face `prev_face` (`None` at the root).
    #[inline]
    pub fn allowed(&self, prev_face: Option<u8>, m: usize) -> bool {
        if self.faces == 0 {
            return true;
        }
        let row = prev_face.map_or(0, |f| f as usize + 1);
        self.allowed[row * self.face_of.len() + m]
    }

    /// The face of move `m`.
    #[inline]
    pub fn face(&self, m: usize) -> Option<u8> {
        if self.faces == 0 {
            None
        } else {
            Some(self.face_of[m])
        }
    }
}

/// A transition table that is not a move automaton.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AutomatonError {
    /// The table is not whole rows of one entry per move.
    #[error("move automaton: {transitions} transitions are not whole rows of {moves} moves")]
    Shape {
        /// Entries given.
        transitions: usize,
        /// Moves per row.
        moves: usize,
    },
    /// More states than a `u16` state number can name.
    #[error("move automaton: {states} states (at most 65534)")]
    TooManyStates {
        /// States given.
        states: usize,
    },
    /// A transition to a state the table does not have.
    #[error("move automaton: state {state} move {mv} leads to state {target}, which does not exist ({states} states)")]
    NoSuchState {
        /// The state the transition leaves.
        state: usize,
        /// The move.
        mv: usize,
        /// The state it names.
        target: u16,
        /// States in the table.
        states: usize,
    },
}

/// Which move sequences a search generates, as a finite automaton over move indices: from
/// state `q`, move `m` leads to [`MoveAutomaton::next`]`(q, m)`, or is not generated when that
/// is `None`. Start state: [`MoveAutomaton::START`]. [`MovePruning`] is the special case whose
/// states are "the last move's face"; puzzles whose moves carry a change of frame (e.g. a
/// fixed-corner Kilominx, where turning a face that holds the fixed corner rotates the
/// others' labels) need more states to keep exactly one order of every commuting pair.
#[derive(Debug, Clone)]
pub struct MoveAutomaton {
    moves: usize,
    next: Vec<u16>,
}

impl MoveAutomaton {
    /// The start state.
    pub const START: u16 = 0;
    /// The entry of a move that is not generated.
    pub const NONE: u16 = u16::MAX;

    /// An automaton from its transition table: `next[q * moves + m]` is the state after move
    /// `m` from state `q`, or [`MoveAutomaton::NONE`]. Errors if the table is not a whole
    /// number of rows or names a state it does not have.
    pub fn new(moves: usize, next: Vec<u16>) -> Result<Self, AutomatonError> {
        if moves == 0 || next.is_empty() || !next.len().is_multiple_of(moves) {
            return Err(AutomatonError::Shape {
                transitions: next.len(),
                moves,
            });
        }
        let states = next.len() / moves;
        if states >= usize::from(Self::NONE) {
            return Err(AutomatonError::TooManyStates { states });
        }
        if let Some((i, &t)) = next
            .iter()
            .enumerate()
            .find(|&(_, &t)| t != Self::NONE && usize::from(t) >= states)
        {
            return Err(AutomatonError::NoSuchState {
                state: i / moves,
                mv: i % moves,
                target: t,
                states,
            });
        }
        Ok(MoveAutomaton { moves, next })
    }

    /// The automaton of a last-face rule: state 0 at the start, state `f + 1` after a move of
    /// face `f`.
    pub fn from_pruning(p: &MovePruning) -> Self {
        let moves = p.face_of.len();
        let rows = if p.faces == 0 { 1 } else { p.faces + 1 };
        let mut next = vec![Self::NONE; rows * moves];
        for row in 0..rows {
            let prev = row.checked_sub(1).map(|f| f as u8);
            for m in 0..moves {
                if p.allowed(prev, m) {
                    next[row * moves + m] = p.face(m).map_or(0, |f| u16::from(f) + 1);
                }
            }
        }
        MoveAutomaton { moves, next }
    }

    /// The state after move `m` from state `q`, or `None` when the move is not generated.
    #[inline(always)]
    pub fn next(&self, q: u16, m: usize) -> Option<u16> {
        let t = self.next[usize::from(q) * self.moves + m];
        (t != Self::NONE).then_some(t)
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.next.len() / self.moves
    }

    /// The number of moves.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// How many move sequences of each length `1..=depth` the automaton generates from the
    /// start (as floating point: they grow past `u64` quickly).
    pub fn sequence_counts(&self, depth: usize) -> Vec<f64> {
        let mut count = vec![0f64; self.states()];
        count[0] = 1.0;
        let mut out = Vec::with_capacity(depth);
        for _ in 0..depth {
            let mut next = vec![0f64; self.states()];
            for (q, &c) in count.iter().enumerate() {
                if c == 0.0 {
                    continue;
                }
                for m in 0..self.moves {
                    if let Some(t) = self.next(q as u16, m) {
                        next[usize::from(t)] += c;
                    }
                }
            }
            out.push(next.iter().sum());
            count = next;
        }
        out
    }
}
