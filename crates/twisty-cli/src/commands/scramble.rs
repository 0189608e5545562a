//! `twisty scramble`: random-move or random-state scrambles.

use crate::args::ScrambleArgs;
use crate::commands::{CliError, CliResult, Ctx};
use crate::output::print_json;
use crate::puzzles::CliPuzzle;
use twisty_core::rng::{fresh_seed, seeded_rng};

/// Largest `--count` accepted.
const MAX_COUNT: usize = 1_000_000;
/// Largest `--length` accepted.
const MAX_LENGTH: usize = 100_000;

/// Runs `twisty scramble` for puzzle `p`.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, args: &ScrambleArgs) -> CliResult {
    if args.count == 0 || args.count > MAX_COUNT {
        return Err(CliError::usage(anyhow::anyhow!(
            "--count must be between 1 and {MAX_COUNT}"
        )));
    }
    let length = args.length.unwrap_or_else(|| p.scramble_length());
    if length > MAX_LENGTH {
        return Err(CliError::usage(anyhow::anyhow!(
            "--length must be at most {MAX_LENGTH}"
        )));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut rng = seeded_rng(seed);
    let mut list = Vec::with_capacity(args.count);
    for _ in 0..args.count {
        let moves = if args.random_state {
            let (state, moves) = p.random_state_scramble(ctx, &mut rng)?;
            // Cheap run-time check: the printed scramble must produce the drawn state.
            if p.state_after(&moves) != state {
                return Err(CliError::failure(anyhow::anyhow!(
                    "internal error: the random-state scramble does not produce the drawn state"
                )));
            }
            moves
        } else {
            p.random_moves(&mut rng, length)
        };
        list.push(p.format_moves(&moves));
    }
    if args.json {
        print_json(&serde_json::json!({
            "puzzle": p.name(),
            "seed": seed,
            "kind": if args.random_state { "random-state" } else { "random-moves" },
            "scrambles": list,
        }))
    } else {
        eprintln!("seed: {seed}");
        for s in list {
            println!("{s}");
        }
        Ok(())
    }
}
