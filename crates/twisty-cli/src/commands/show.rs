//! `twisty show`: render a state.

use crate::args::ShowArgs;
use crate::commands::{CliResult, Ctx};
use crate::input::load_state;
use crate::output::print_json;
use crate::puzzles::CliPuzzle;

/// Runs `twisty show` for puzzle `p`.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, args: &ShowArgs) -> CliResult {
    let loaded = load_state(p, &args.state, ctx.notation == crate::args::NotationArg::Seed)?;
    let string = p.state_string(&loaded.state);
    if args.json {
        return print_json(&serde_json::json!({
            "puzzle": p.name(),
            "moves": loaded.moves,
            "state": string,
            "solved": p.is_solved(&loaded.state),
        }));
    }
    print!("{}", p.render(&loaded.state, ctx.colour));
    if let Some(s) = string {
        println!("{s}");
    }
    Ok(())
}
