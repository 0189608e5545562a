//! The A* sticker states and moves in terms of the core 2x2x2 model: a core state (DBL
//! home, the reference frame) as stickers, stickers in any orientation as a core state and
//! the frame they are held in, and an A* path as reference-frame `U R F` moves.
//!
//! With these, input parsed by the core notation (every move kind) can be solved by the A*
//! and its answer written with [`twisty_core::Held::held_moves`] exactly like the other
//! 2x2x2 solvers' answers.

use super::net::{Stickers, FACELET_TO_SEED};
use super::search::{AStar2x2, AStarError, AStarOptions, AStarResult};
use super::stickers::{SeedMove, STICKERS};
use twisty_core::cube2::{Cube2, Cube2Move, Cube2State};
use twisty_core::cube3::CubeFrame;
use twisty_core::InvalidState;

/// Seed colour index of each face letter `U R F D L B` (the goal has U b, R g, F o, D y, L r,
/// B p).
const LETTER_COLOUR: [u8; 6] = [1, 2, 3, 4, 0, 5];
/// Face letter of each seed colour r b g o y p.
const COLOUR_LETTER: [char; 6] = ['L', 'U', 'R', 'F', 'D', 'B'];
/// Core face index (`U R F D L B`) of each seed face (L T R F Bo Ba).
const SEED_FACE_TO_CORE: [u8; 6] = [4, 0, 1, 2, 3, 5];

impl Stickers {
    /// The stickers of a core state held in the reference orientation: a solved state is
    /// [`Stickers::goal`].
    pub fn from_core(state: &Cube2State) -> Stickers {
        let mut s = [0u8; STICKERS];
        for (i, ch) in state.to_facelets().chars().enumerate().take(STICKERS) {
            let face = ['U', 'R', 'F', 'D', 'L', 'B']
                .iter()
                .position(|&f| f == ch)
                .unwrap_or(0);
            s[FACELET_TO_SEED[i]] = LETTER_COLOUR[face];
        }
        Stickers(s)
    }

    /// The 24-character facelet string of these stickers (the inverse of
    /// [`Stickers::from_facelets`]).
    pub fn to_facelets(&self) -> String {
        FACELET_TO_SEED
            .iter()
            .map(|&k| COLOUR_LETTER[self.0[k] as usize % 6])
            .collect()
    }

    /// The core state of these stickers (rotated so that DBL is home) and the frame the
    /// stickers are held in.
    pub fn to_core(&self) -> Result<(Cube2State, CubeFrame), InvalidState> {
        Cube2State::from_facelets_held(&self.to_facelets())
    }
}

/// The reference-frame moves of an A* `path` found from stickers held in `frame` (the frame
/// returned by [`Stickers::to_core`]; [`CubeFrame::HOME`] for [`Stickers::from_core`]).
/// Applied to the core state they reach the same state as the path does on the stickers; a
/// path to a goal solves the core state.
pub fn reference_moves(frame: CubeFrame, path: &[SeedMove]) -> Vec<Cube2Move> {
    let mut frame = frame;
    path.iter()
        .filter_map(|m| {
            let world = SEED_FACE_TO_CORE[m.face as usize % 6];
            Cube2::world_turn(&mut frame, world, if m.clockwise { 1 } else { 3 })
        })
        .collect()
}

impl AStar2x2 {
    /// Runs A* on a core state (reference frame) and returns the run and its path as
    /// reference-frame moves, ready for [`twisty_core::Held::held_moves`].
    pub fn solve_core(
        &self,
        state: &Cube2State,
        opts: &AStarOptions,
    ) -> Result<(AStarResult, Vec<Cube2Move>), AStarError> {
        let r = self.solve(&Stickers::from_core(state), opts)?;
        let moves = reference_moves(CubeFrame::HOME, &r.path);
        Ok((r, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::Goal;
    use super::super::stickers::{permute, rotation_perms};
    use super::*;
    use twisty_core::{seeded_rng, Held, Puzzle};

    #[test]
    fn core_and_stickers_agree_on_every_standard_move() {
        // The stickers are built from geometry, the core from cubie tables: the same moves
        // on both give the same state and frame.
        let mut rng = seeded_rng(7);
        for n in 0..60 {
            let faces: Vec<SeedMove> = (0..n % 12)
                .map(|k| SeedMove {
                    face: ((n * 7 + k * 5) % 6) as u8,
                    clockwise: (n + k) % 3 != 0,
                })
                .collect();
            let s = Stickers::from_standard_moves(&faces);
            let text: Vec<String> = faces.iter().map(|m| m.standard_name()).collect();
            let held = Cube2.parse_held(&text.join(" ")).unwrap();
            assert_eq!(s.to_core().unwrap(), held, "{}", text.join(" "));
            let reference = reference_moves(CubeFrame::HOME, &faces);
            assert_eq!(Cube2.state_after(&reference), held.0);
            let r = Cube2.random_state(&mut rng);
            assert_eq!(Stickers::from_core(&r).to_core().unwrap(), (r, CubeFrame::HOME));
        }
        assert_eq!(Stickers::from_core(&Cube2State::SOLVED), Stickers::goal());
    }

    #[test]
    fn a_star_answers_solve_the_core_state_in_both_goals() {
        let a = AStar2x2::new();
        for (text, goal) in [
            ("D R", Goal::AnyOrientation),
            ("x R U' Lw F", Goal::AnyOrientation),
            ("R U F'", Goal::Fixed),
            ("B' L y D", Goal::Fixed),
        ] {
            let (state, frame) = Cube2.parse_held(text).unwrap();
            let (r, moves) = a.solve_core(&state, &AStarOptions::seed(goal, 3.0)).unwrap();
            assert!(!r.path.is_empty());
            let mut s = state;
            Cube2.apply_all(&mut s, &moves);
            assert!(Cube2.is_solved(&s), "{text}");
            // Written as held, the answer solves the cube as held.
            let answer = Cube2.held_moves(frame, &moves);
            let (mut s, mut f) = (state, frame);
            Cube2.apply_held(&mut s, &mut f, &answer.join(" ")).unwrap();
            assert!(Cube2.is_solved(&s), "{text}: {answer:?}");
        }
    }

    #[test]
    fn a_rotated_net_is_answered_in_its_own_frame() {
        let a = AStar2x2::new();
        let start = Stickers::from_standard_moves(&[
            SeedMove {
                face: 2,
                clockwise: true,
            },
            SeedMove {
                face: 4,
                clockwise: false,
            },
            SeedMove {
                face: 0,
                clockwise: true,
            },
        ]);
        for rot in rotation_perms() {
            let s = Stickers(permute(&start.0, &rot));
            let (state, frame) = s.to_core().unwrap();
            // The seed's search on the net as given (top, right and front turns of the
            // cube as the net shows it).
            let r = a
                .solve(&s, &AStarOptions::seed(Goal::AnyOrientation, 3.0))
                .unwrap();
            assert_eq!(r.path.len(), 3);
            let mut t = state;
            Cube2.apply_all(&mut t, &reference_moves(frame, &r.path));
            assert!(Cube2.is_solved(&t));
            // The answer as held, turned on the net as given, makes every face one colour.
            let held = Cube2.held_moves(frame, &reference_moves(frame, &r.path));
            let mut t = s;
            for token in &held {
                t = turn_token(&a, &t, token);
            }
            assert!(t.is_uniform(), "{held:?}");
        }
    }

    /// Applies a standard token (`U`, `L'`, `B2`) to stickers with the seed's quarter turns.
    fn turn_token(a: &AStar2x2, s: &Stickers, token: &str) -> Stickers {
        let face = ["L", "U", "R", "F", "D", "B"]
            .iter()
            .position(|f| token.starts_with(f))
            .unwrap() as u8;
        let (clockwise, times) = match &token[1..] {
            "" => (true, 1),
            "'" => (false, 1),
            _ => (true, 2),
        };
        let mut t = *s;
        for _ in 0..times {
            t = a.apply(&t, SeedMove { face, clockwise });
        }
        t
    }
}
