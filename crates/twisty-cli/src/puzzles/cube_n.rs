//! CLI glue for the ordinary N×N×N cubes (`--puzzle 4x4`, `5x5x5`, …).

use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use twisty_core::cube_n::{Block, CubeN, CubeNState};
use twisty_core::supercube::CubeFrame;
use twisty_core::InvalidState;
use twisty_core::Puzzle;

impl CliPuzzle for CubeN {
    fn scramble_length(&self) -> usize {
        twisty_engine::scramble::cube_n::length(self.n)
    }

    /// The WCA's outer-block scrambles (as `twisty scramble` prints them), as moves.
    fn scramble_moves(&self, rng: &mut twisty_core::TwistyRng, n: usize) -> Vec<Block> {
        let text = twisty_engine::scramble::cube_n::random_tokens(self, n, rng).join(" ");
        self.parse_moves(&text).unwrap_or_default()
    }

    fn render(&self, state: &CubeNState, colour: bool) -> String {
        self.render_net_held(state, CubeFrame(0), colour)
    }

    fn state_string(&self, state: &CubeNState) -> Option<String> {
        Some(self.to_facelets(state))
    }

    fn render_held(&self, state: &CubeNState, frame: CubeFrame, colour: bool) -> String {
        self.render_net_held(state, frame, colour)
    }

    fn state_string_held(&self, state: &CubeNState, frame: CubeFrame) -> Option<String> {
        Some(self.to_facelets_held(state, frame))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<CubeNState> {
        self.parse_state_string_held(text).map(|(s, _)| s)
    }

    fn parse_state_string_held(&self, text: &str) -> CliResult<(CubeNState, CubeFrame)> {
        self.from_facelets_held(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad facelet string: {e}")),
            other => CliError::from(other),
        })
    }

    fn render_state_string(&self, text: &str, colour: bool) -> Option<String> {
        let faces = twisty_core::cube_n::facelets::parse_colours(self.n, text).ok()?;
        let letters: Vec<char> = faces
            .iter()
            .map(|&f| ['U', 'R', 'F', 'D', 'L', 'B'][f as usize % 6])
            .collect();
        Some(twisty_core::colour::cube_net(&letters, self.n, colour))
    }

    fn fixed_stickers(&self) -> Vec<usize> {
        let n = self.n;
        if n % 2 == 1 {
            (0..6).map(|f| (f * n + n / 2) * n + n / 2).collect()
        } else {
            (0..3)
                .filter_map(|k| self.corner_facelets(6).map(|c| c[k]))
                .collect()
        }
    }

    fn engine_state(&self, state: &CubeNState) -> twisty_engine::State {
        twisty_engine::State::CubeN(state.clone())
    }
}
