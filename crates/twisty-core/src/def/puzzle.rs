//! [`Puzzle`] for [`DefPuzzle`]: moves, inverses, notation, random states.

use super::compile::amount_readings;
use super::{DefMove, DefPuzzle, DefState, Kind, Named};
use crate::alg::parse_alg_within;
use crate::error::ParseError;
use crate::puzzle::{Metric, Puzzle};
use rand::Rng;

impl DefPuzzle {
    /// What a token of input names: a known name, or a base name with an amount
    /// (`R3`, `R2'`), as `(kind, base, power)` with the power reduced modulo the order.
    pub(crate) fn resolve(&self, token: &str) -> Option<(Kind, usize, usize)> {
        match self.names.get(token) {
            Some(&Named::Move(m)) => {
                let info = &self.moves[m];
                return Some((Kind::Move, info.face as usize, info.power as usize));
            }
            Some(&Named::Rotation(b, k)) => return Some((Kind::Rotation, b, k)),
            Some(&Named::Alias(b, k)) => return Some((Kind::Alias, b, k)),
            None => {}
        }
        for (base, amount) in amount_readings(token) {
            if let Some(&(kind, b)) = self.base_names.get(base) {
                let order = match kind {
                    Kind::Move => self.bases[b].order,
                    Kind::Rotation => self.rotations[b].order,
                    Kind::Alias => self.aliases[b].order,
                } as i64;
                return Some((kind, b, amount.rem_euclid(order) as usize));
            }
        }
        None
    }

    /// The names input may use, for error messages: a few base names.
    pub(crate) fn some_names(&self) -> String {
        let mut v: Vec<&str> = self.bases.iter().map(|b| b.name.as_str()).take(12).collect();
        if self.bases.len() > 12 {
            v.push("…");
        }
        v.join(" ")
    }

    fn parse_token(&self, token: &str) -> Result<Vec<DefMove>, String> {
        match self.resolve(token) {
            Some((Kind::Move, b, k)) => Ok(self.move_of(b, k).into_iter().collect()),
            Some((Kind::Rotation, _, _)) => Err(format!(
                "`{token}` is a whole-puzzle rotation, not a move of {}",
                self.spec.name
            )),
            Some((Kind::Alias, _, _)) => Err(format!(
                "`{token}` is an alias of {}, read only as the puzzle is held",
                self.spec.name
            )),
            None => Err(format!(
                "not a move of {} (its moves: {})",
                self.spec.name,
                self.some_names()
            )),
        }
    }
}

impl Puzzle for DefPuzzle {
    type State = DefState;
    type Move = DefMove;

    fn name(&self) -> String {
        self.spec.name.clone()
    }

    fn solved(&self) -> DefState {
        DefState(self.identity.clone())
    }

    fn apply(&self, state: &mut DefState, mv: DefMove) {
        let mut out = vec![0u8; self.layout.len];
        self.apply_into(&state.0, mv.index(), &mut out);
        state.0 = out;
    }

    fn moves(&self) -> Vec<DefMove> {
        (0..self.moves.len()).map(|i| DefMove(i as u16)).collect()
    }

    fn inverse(&self, mv: DefMove) -> DefMove {
        let info = &self.moves[mv.index()];
        let order = self.bases[info.face as usize].order;
        self.move_of(info.face as usize, order - info.power as usize)
            .unwrap_or(mv)
    }

    fn is_solved(&self, state: &DefState) -> bool {
        self.is_solved_bytes(&state.0)
    }

    /// A uniformly random element of the group the moves generate (from the stabiliser
    /// chain, see [`super::group`]); with identical pieces or orientation wildcards its
    /// pattern is uniform over the reachable patterns. Definitions with `Illegal` lines
    /// draw until the state is legal (at most 10,000 draws, then the last one).
    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> DefState {
        let Ok(chain) = self.stabiliser_chain() else {
            // A chain too large to build: a long random walk instead.
            let mut s = self.solved();
            for m in self.random_moves(rng, 1000) {
                self.apply(&mut s, m);
            }
            return s;
        };
        let mut s = chain.random_transform(self, rng);
        for _ in 0..10_000 {
            if self.is_legal(&s) {
                break;
            }
            s = chain.random_transform(self, rng);
        }
        DefState(s)
    }

    fn face(&self, mv: DefMove) -> u8 {
        self.moves[mv.index()].face
    }

    fn faces_commute(&self, a: u8, b: u8) -> bool {
        self.bases_commute(a as usize, b as usize)
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<DefMove>, ParseError> {
        // Every move rewrites the whole state.
        let bytes = self.layout.len as u64;
        parse_alg_within(text, |t| self.parse_token(t), |m| self.inverse(m), |_| bytes)
    }

    fn format_move(&self, mv: DefMove) -> String {
        self.moves[mv.index()].name.clone()
    }

    fn move_length(&self, mv: DefMove, metric: Metric) -> u32 {
        match metric {
            Metric::Htm | Metric::Obtm | Metric::Sstm | Metric::Etm | Metric::Twist => 1,
            Metric::Qtm => self.moves[mv.index()].qtm as u32,
        }
    }
}
