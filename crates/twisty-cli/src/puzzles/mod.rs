//! Per-puzzle glue between the generic subcommands and each puzzle's model and solvers.
//!
//! Each puzzle implements [`CliPuzzle`] in its own file; `crate::commands` runs the
//! subcommands on them.

pub mod clock;
pub mod cube2;
pub mod cube3;
pub mod cube_n;
pub mod def;
pub mod edit;
pub mod kilominx;
pub mod sq1;
pub mod supercube;

use crate::context::{CliError, CliResult};
use twisty_core::Puzzle;

/// What the CLI needs of a puzzle beyond the [`Puzzle`] trait.
pub trait CliPuzzle: Puzzle + twisty_core::Held + Sync {
    /// Default length of a random-move scramble.
    fn scramble_length(&self) -> usize;

    /// `n` random moves for a scramble (the default: [`Puzzle::random_moves`]).
    fn scramble_moves(&self, rng: &mut twisty_core::TwistyRng, n: usize) -> Vec<Self::Move> {
        self.random_moves(rng, n)
    }

    /// The state drawn as text (an unfolded net).
    fn render(&self, state: &Self::State, colour: bool) -> String;

    /// The state as a one-line string (e.g. the 54-character facelet string), if the puzzle
    /// has such a form.
    fn state_string(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// The state (reference frame) drawn as seen on the puzzle held in `frame`: what the
    /// person who typed the input has in their hands. The default draws the reference state
    /// (puzzles whose rotations move no piece relative to the drawing).
    fn render_held(&self, state: &Self::State, frame: Self::Frame, colour: bool) -> String {
        let _ = frame;
        self.render(state, colour)
    }

    /// The state string of the puzzle held in `frame` (the default: the reference one).
    fn state_string_held(&self, state: &Self::State, frame: Self::Frame) -> Option<String> {
        let _ = frame;
        self.state_string(state)
    }

    /// Parses (and validates) a state string.
    fn parse_state_string(&self, _text: &str) -> CliResult<Self::State> {
        Err(CliError::usage(anyhow::anyhow!(
            "{} has no state-string input; give moves instead",
            self.name()
        )))
    }

    /// Parses a state string written on the puzzle held in any orientation: the reference
    /// state and the frame it was held in (the default: [`CliPuzzle::parse_state_string`],
    /// held at home).
    fn parse_state_string_held(&self, text: &str) -> CliResult<(Self::State, Self::Frame)> {
        Ok((self.parse_state_string(text)?, self.home_frame()))
    }

    /// A state string drawn as it is written, sticker by sticker, whether or not it is a
    /// legal state (so that `twisty show` can draw an impossible one with the reason);
    /// `None` when the puzzle has no such drawing or `text` has the wrong length.
    fn render_state_string(&self, _text: &str, _colour: bool) -> Option<String> {
        None
    }

    /// The face names `play --keys` assembles letter by letter, when some are longer than a
    /// letter (the default: none; one letter per key).
    fn key_faces(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// What `twisty show --info` prints: the puzzle's parts, moves and sizes (the default:
    /// nothing more than its name).
    fn info(&self) -> Option<String> {
        None
    }

    /// The state as the engine takes it.
    fn engine_state(&self, state: &Self::State) -> twisty_engine::State;

    /// Sticker indices of the state string that belong to fixed pieces (centres, a fixed
    /// corner) and so cannot be edited.
    fn fixed_stickers(&self) -> Vec<usize> {
        Vec::new()
    }

    /// Edits `state` as told by the words after `EDIT` in `twisty play`: the new state, a
    /// pending draft with the reason it is not legal yet, or the reason the edit is refused.
    /// The default works on the state string (see [`edit::edit_state_string`]).
    fn edit(
        &self,
        state: &Self::State,
        draft: &mut Option<String>,
        words: &[&str],
    ) -> Result<edit::EditOutcome<Self::State>, String> {
        edit::edit_state_string(self, state, draft, words)
    }

    /// The per-phase report of a staged solve (`solve --groups`): for each phase its name,
    /// moves, length and time, then the state after it. The default draws the state with
    /// [`CliPuzzle::render`].
    fn phase_report(
        &self,
        state: &Self::State,
        phases: &[twisty_solvers::PhaseReport],
        colour: bool,
    ) -> CliResult<String> {
        let mut out = format!("Start\n{}\n", self.render(state, colour));
        let mut cur = state.clone();
        for p in phases {
            let moves = self.parse_moves(&p.moves)?;
            self.apply_all(&mut cur, &moves);
            out.push_str(&format!(
                "{}: {} ({} moves, {})\n{}\n",
                p.name,
                if p.moves.is_empty() { "-" } else { &p.moves },
                p.length,
                crate::output::human_duration(std::time::Duration::from_secs_f64(p.seconds)),
                self.render(&cur, colour)
            ));
        }
        Ok(out)
    }
}
