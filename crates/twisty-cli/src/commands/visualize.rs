//! `twisty solve --visualize`: the scramble applied step by step, the scrambled state, then
//! the solution step by step, ending on the solved puzzle.
//!
//! In a terminal each frame replaces the previous one after `--delay` milliseconds; otherwise
//! the frames are printed one after another without delay.

use crate::commands::{CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// Plays the frames. `scramble` is `None` when the state was not given as moves.
pub fn run<P: CliPuzzle>(
    ctx: &Ctx,
    p: &P,
    start: &P::State,
    scramble: Option<&[P::Move]>,
    solution: &[P::Move],
    delay_ms: u64,
) -> CliResult {
    let animate = std::io::stdout().is_terminal();
    let delay = Duration::from_millis(delay_ms.min(60_000));
    let mut out = std::io::stdout();
    let mut frame = |title: String, state: &P::State| -> CliResult {
        if animate {
            write!(out, "\x1b[2J\x1b[H")?;
        }
        writeln!(out, "{title}")?;
        write!(out, "{}", p.render(state, ctx.colour))?;
        writeln!(out)?;
        out.flush()?;
        if animate {
            std::thread::sleep(delay);
        }
        Ok(())
    };
    let mut state = start.clone();
    if let Some(mix) = scramble {
        let mut s = p.solved();
        frame(format!("Scramble 0/{}: solved", mix.len()), &s)?;
        for (i, &m) in mix.iter().enumerate() {
            p.apply(&mut s, m);
            frame(
                format!("Scramble {}/{}: {}", i + 1, mix.len(), p.format_move(m)),
                &s,
            )?;
        }
        state = s;
    }
    frame(String::from("Scrambled state"), &state)?;
    for (i, &m) in solution.iter().enumerate() {
        p.apply(&mut state, m);
        frame(
            format!("Solution {}/{}: {}", i + 1, solution.len(), p.format_move(m)),
            &state,
        )?;
    }
    let end = if p.is_solved(&state) {
        "Solved"
    } else {
        "Not solved (this is a bug)"
    };
    frame(String::from(end), &state)?;
    Ok(())
}
