//! CLI glue for the 2x2x2.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use twisty_core::cube2::{Cube2, Cube2Move, Cube2State};
use twisty_core::cube3::CubeFrame;
use twisty_core::{InvalidState, Metric, Puzzle};
use twisty_search::{Origin, TableCache};
use twisty_solvers::optimal::cube2::Cube2Optimal;
use twisty_solvers::{Limits, Solver};

/// Loads (or builds, with a note on stderr) the optimal solver's table for `metric`.
pub fn optimal(ctx: &Ctx, metric: Metric) -> CliResult<Cube2Optimal> {
    let cache = TableCache::new(&ctx.tables_dir).with_max_memory(ctx.max_memory);
    let spec = twisty_solvers::optimal::cube2::spec(metric);
    if !cache.path(&spec).exists() {
        eprintln!(
            "building the 2x2x2 distance table ({}; about a second) into {}",
            twisty_search::file::human_bytes(spec.data_len()),
            cache.dir().display()
        );
    }
    let progress = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let solver = Cube2Optimal::with_progress(&cache, metric, progress).map_err(CliError::failure)?;
    if let Origin::Rebuilt(reason) = &solver.origin {
        eprintln!("warning: {}: {reason}; rebuilt", cache.path(&spec).display());
    }
    Ok(solver)
}

impl CliPuzzle for Cube2 {
    fn scramble_length(&self) -> usize {
        11
    }

    fn render(&self, state: &Cube2State, colour: bool) -> String {
        self.render_net(state, colour)
    }

    fn state_string(&self, state: &Cube2State) -> Option<String> {
        Some(state.to_facelets())
    }

    fn render_held(&self, state: &Cube2State, frame: CubeFrame, colour: bool) -> String {
        self.render_net_held(state, frame, colour)
    }

    fn state_string_held(&self, state: &Cube2State, frame: CubeFrame) -> Option<String> {
        Some(state.to_facelets_held(frame))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<Cube2State> {
        Cube2State::from_facelets(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad 2x2x2 state string: {e}")),
            other => CliError::from(other),
        })
    }

    fn parse_state_string_held(&self, text: &str) -> CliResult<(Cube2State, CubeFrame)> {
        Cube2State::from_facelets_held(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad state string: {e}")),
            other => CliError::from(other),
        })
    }

    fn fixed_stickers(&self) -> Vec<usize> {
        // The DBL corner: D3 (15), L3 (18), B4 (23).
        vec![14, 18, 23]
    }

    fn engine_state(&self, state: &Cube2State) -> twisty_engine::State {
        twisty_engine::State::Cube2(*state)
    }

    fn random_state_scramble(
        &self,
        ctx: &Ctx,
        rng: &mut twisty_core::TwistyRng,
    ) -> CliResult<(Cube2State, Vec<Cube2Move>)> {
        let s = optimal(ctx, Metric::Htm)?;
        // WCA rule 4b3b: a 2x2x2 random-state scramble needs at least 4 moves.
        loop {
            let state = self.random_state(rng);
            if s.distance(&state) >= 4 {
                let sol = s.solve(self, &state, &Limits::default())?;
                return Ok((state, self.invert_all(&sol.moves)));
            }
        }
    }
}

/// `twisty scramble` for the 2x2x2.
pub fn scramble(ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    commands::scramble::run(ctx, &Cube2, args)
}

/// `twisty show` for the 2x2x2.
pub fn show(ctx: &Ctx, args: &ShowArgs) -> CliResult {
    commands::show::run(ctx, &Cube2, args)
}

/// `twisty play` for the 2x2x2.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &Cube2, PuzzleKind::Cube2, args)
}
