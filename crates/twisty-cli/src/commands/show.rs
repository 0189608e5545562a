//! `twisty show`: render a state as the puzzle is held after the input.

use crate::args::ShowArgs;
use crate::commands::{CliResult, Ctx};
use crate::input::load_state;
use crate::output::print_json;
use crate::puzzles::CliPuzzle;

/// Runs `twisty show` for puzzle `p`: the drawing and the state string show the puzzle as
/// held after the input (after `x` the front colour is on top); with `--notation seed` the
/// input is read in the solvers' reference frame and drawn there.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, args: &ShowArgs) -> CliResult {
    let seed = ctx.notation == crate::args::NotationArg::Seed;
    let loaded = match load_state(p, &args.state, seed) {
        Ok(l) => l,
        Err(e) => {
            // An impossible state string is drawn as written, with the reason, so that the
            // wrong sticker can be found.
            if let (false, Some(text)) = (e.usage, &args.state.facelets) {
                if let Some(net) = p.render_state_string(text, ctx.colour) {
                    print!("{net}");
                    println!("{}", text.trim());
                }
            }
            return Err(e);
        }
    };
    let string = p.state_string_held(&loaded.state, loaded.frame);
    let info = if args.info { p.info() } else { None };
    if args.json {
        let mut record = serde_json::json!({
            "puzzle": p.name(),
            "moves": loaded.moves,
            "state": string,
            "solved": p.is_solved(&loaded.state),
        });
        if let (Some(text), Some(map)) = (&info, record.as_object_mut()) {
            map.insert("info".into(), serde_json::Value::from(text.as_str()));
        }
        return print_json(&record);
    }
    if let Some(text) = &info {
        print!("{text}");
    }
    if seed {
        print!("{}", p.render(&loaded.state, ctx.colour));
    } else {
        print!("{}", p.render_held(&loaded.state, loaded.frame, ctx.colour));
    }
    if let Some(s) = string {
        println!("{s}");
    }
    Ok(())
}
