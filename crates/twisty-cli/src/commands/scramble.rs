//! `twisty scramble`: random-move or random-state scrambles, one per line on stdout (the
//! seed on stderr), so that `twisty scramble --count N | twisty solve --batch -` works (a
//! `minx` event scramble is 7 lines: `--one-line` joins them); with
//! `--json`, JSON Lines: one object per scramble (puzzle, scramble, state string where the
//! puzzle has one, seed, index from 0, kind).

use crate::args::ScrambleArgs;
use crate::context::{CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use std::io::Write;
use twisty_core::rng::{fresh_seed, seeded_rng};

/// Largest `--count` accepted.
const MAX_COUNT: usize = twisty_engine::scramble::MAX_COUNT;
/// Largest `--length` accepted.
const MAX_LENGTH: usize = 100_000;

/// Runs `twisty scramble` for puzzle `p`.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, args: &ScrambleArgs) -> CliResult {
    if args.count == 0 || args.count > MAX_COUNT {
        return Err(CliError::usage(anyhow::anyhow!(
            "--count must be between 1 and {MAX_COUNT}"
        )));
    }
    let length = args.length.unwrap_or_else(|| match args.puzzle.id() {
        id @ twisty_engine::PuzzleId::Def(_) => twisty_engine::scramble::default_length(id),
        _ => p.scramble_length(),
    });
    if length > MAX_LENGTH {
        return Err(CliError::usage(anyhow::anyhow!(
            "--length must be at most {MAX_LENGTH}"
        )));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut rng = seeded_rng(seed);
    if !args.json {
        eprintln!("seed: {seed}");
    }
    let kind = if args.random_state {
        "random-state"
    } else {
        "random-moves"
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let notation = match ctx.notation {
        crate::args::NotationArg::Standard => twisty_engine::Notation::Standard,
        crate::args::NotationArg::Seed => twisty_engine::Notation::Seed,
    };
    let engine = ctx.engine();
    for index in 0..args.count {
        // Written in the notation the tools read by default (as the puzzle is held from
        // home), or the seed's.
        let (scramble, state) = if args.random_state {
            // The engine draws the state and writes a verified solution's inverse.
            let s = twisty_engine::scramble::random_state(&engine, args.puzzle.id(), notation, &mut rng)?;
            (s.scramble, s.state)
        } else if let twisty_engine::PuzzleId::CubeN(_) | twisty_engine::PuzzleId::Def(_) = args.puzzle.id() {
            // The big cubes' scrambles are the WCA's outer blocks, written as turned.
            let s = twisty_engine::scramble::random_moves(args.puzzle.id(), length, notation, &mut rng)?;
            (s.scramble, s.state)
        } else {
            let moves = p.random_moves(&mut rng, length);
            let text = match notation {
                twisty_engine::Notation::Standard => p.held_moves(p.home_frame(), &moves).join(" "),
                twisty_engine::Notation::Seed => p.format_moves(&moves),
            };
            (text, p.state_string(&p.state_after(&moves)))
        };
        let line = if args.json {
            let mut record = serde_json::json!({
                "puzzle": p.name(),
                "scramble": scramble,
                "seed": seed,
                "index": index,
                "kind": kind,
            });
            if let (Some(text), Some(map)) = (state, record.as_object_mut()) {
                map.insert("state".into(), serde_json::Value::String(text));
            }
            record.to_string()
        } else {
            scramble
        };
        write_line(&mut out, &line)?;
    }
    out.flush().or_else(written)
}

/// Runs `twisty scramble --event EVENT`: the WCA event's scrambles (the event chooses the
/// puzzle; `--json` adds the event, the puzzle and the facelets of the cube as held).
pub fn run_event(ctx: &Ctx, event: &str, args: &ScrambleArgs) -> CliResult {
    let event: twisty_engine::scramble::event::Event = event.parse()?;
    if args.count == 0 || args.count > MAX_COUNT {
        return Err(CliError::usage(anyhow::anyhow!(
            "--count must be between 1 and {MAX_COUNT}"
        )));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    if !args.json {
        eprintln!("seed: {seed}");
    }
    let engine = ctx.engine();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let runs = twisty_engine::scramble::event::scrambles(&engine, event, seed);
    for (index, s) in runs.take(args.count).enumerate() {
        let s = s?;
        let line = if args.json {
            let mut record = serde_json::json!({
                "event": event.id(),
                "puzzle": event.puzzle()?.to_string(),
                "scramble": s.scramble,
                "seed": seed,
                "index": index,
                "kind": event.kind(),
            });
            if let (Some(text), Some(map)) = (s.state, record.as_object_mut()) {
                map.insert("state".into(), serde_json::Value::String(text));
            }
            record.to_string()
        } else if args.one_line {
            s.scramble.split_whitespace().collect::<Vec<_>>().join(" ")
        } else {
            s.scramble
        };
        write_line(&mut out, &line)?;
    }
    out.flush().or_else(written)
}

/// Writes one line; a closed stdout (`twisty scramble --count 1000000 | head`) ends the
/// program quietly.
fn write_line(out: &mut impl Write, line: &str) -> CliResult {
    writeln!(out, "{line}").or_else(written)
}

fn written(e: std::io::Error) -> CliResult {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Err(CliError::failure(anyhow::anyhow!("writing to stdout: {e}")))
}
