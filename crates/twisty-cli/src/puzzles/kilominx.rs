//! CLI glue for the Kilominx.

use crate::args::{PlayArgs, PuzzleKind, ScrambleArgs, ShowArgs, SolveArgs};
use crate::commands::{self, CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use twisty_core::kilominx::{render_net, KiloMove, KiloState, Kilominx, CUBIE_NAMES, FIXED};
use twisty_solvers::Solution;

impl CliPuzzle for Kilominx {
    fn scramble_length(&self) -> usize {
        30
    }

    fn render(&self, state: &KiloState, colour: bool) -> String {
        render_net(state, colour)
    }

    /// `EDIT <position> <cubie> [twist]` (e.g. `EDIT UFR MFR 1`) puts a cubie at a position
    /// in a draft, applied as soon as the draft is a legal state; `EDIT CANCEL` drops it.
    /// The UFL cubie is fixed and cannot be edited.
    fn edit(
        &self,
        state: &KiloState,
        draft: &mut Option<String>,
        words: &[&str],
    ) -> Result<commands::play::EditOutcome<KiloState>, String> {
        use commands::play::EditOutcome;
        let find = |w: &str| {
            CUBIE_NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(w))
                .ok_or_else(|| format!("`{w}` is not a Kilominx position: use {}", CUBIE_NAMES.join(" ")))
        };
        // The draft is stored as "cubie:twist" per position.
        let mut cubies: [u8; 20] = std::array::from_fn(|i| state.cubie(i));
        let mut twists: [u8; 20] = std::array::from_fn(|i| state.twist(i));
        if let Some(d) = draft.as_deref() {
            for (i, item) in d.split(',').enumerate().take(20) {
                let (c, t) = item.split_once(':').unwrap_or(("0", "0"));
                cubies[i] = c.parse().unwrap_or(0);
                twists[i] = t.parse().unwrap_or(0);
            }
        }
        let (pos, cubie, twist) = match words {
            [w] if w.eq_ignore_ascii_case("cancel") => {
                *draft = None;
                return Ok(EditOutcome::Note(String::from("edit draft dropped")));
            }
            [p, c] => (find(p)?, find(c)?, 0u8),
            [p, c, t] => {
                let t: u8 = t
                    .parse()
                    .ok()
                    .filter(|&t| t < 3)
                    .ok_or_else(|| format!("`{t}` is not a twist (0, 1 or 2)"))?;
                (find(p)?, find(c)?, t)
            }
            _ => {
                return Err(String::from(
                    "usage: EDIT <position> <cubie> [twist 0-2] (e.g. EDIT UFR MFR 1), or EDIT CANCEL",
                ))
            }
        };
        if pos == FIXED || cubie == FIXED {
            return Err(String::from("the UFL cubie is fixed and cannot be edited"));
        }
        cubies[pos] = cubie as u8;
        twists[pos] = twist;
        match KiloState::from_parts(cubies, twists) {
            Ok(s) => {
                *draft = None;
                Ok(EditOutcome::Apply(s))
            }
            Err(e) => {
                let text: Vec<String> = (0..20).map(|i| format!("{}:{}", cubies[i], twists[i])).collect();
                *draft = Some(text.join(","));
                let shown: Vec<String> = (0..20)
                    .filter(|&i| cubies[i] as usize != i || twists[i] != 0)
                    .map(|i| {
                        format!(
                            "{}={}{}",
                            CUBIE_NAMES[i],
                            CUBIE_NAMES[cubies[i] as usize],
                            if twists[i] > 0 {
                                format!("+{}", twists[i])
                            } else {
                                String::new()
                            }
                        )
                    })
                    .collect();
                Ok(EditOutcome::Pending(shown.join(" "), e.to_string()))
            }
        }
    }

    fn solver_names(&self) -> Vec<&'static str> {
        Vec::new()
    }

    fn solve(
        &self,
        _ctx: &Ctx,
        solver: &str,
        _state: &KiloState,
        _args: &SolveArgs,
    ) -> CliResult<Solution<KiloMove>> {
        Err(CliError::failure(anyhow::anyhow!(
            "no Kilominx solver `{solver}` is available yet"
        )))
    }
}

/// `twisty scramble` for the Kilominx.
pub fn scramble(ctx: &Ctx, args: &ScrambleArgs) -> CliResult {
    commands::scramble::run(ctx, &Kilominx, args)
}

/// `twisty show` for the Kilominx.
pub fn show(ctx: &Ctx, args: &ShowArgs) -> CliResult {
    commands::show::run(ctx, &Kilominx, args)
}

/// `twisty solve` for the Kilominx.
pub fn solve(ctx: &Ctx, args: &SolveArgs) -> CliResult {
    commands::solve::run(ctx, &Kilominx, args)
}

/// `twisty play` for the Kilominx.
pub fn play(ctx: &Ctx, args: &PlayArgs) -> CliResult {
    commands::play::run(ctx, &Kilominx, PuzzleKind::Kilominx, args)
}
