//! `twisty solve --visualize`: the scramble applied step by step, the scrambled state, then
//! the solution step by step as the puzzle is held, ending on the solved puzzle; and
//! `--groups`, the state after each phase of a staged solve.
//!
//! In a terminal each frame replaces the previous one after `--delay` milliseconds; otherwise
//! the frames are printed one after another without delay.

use crate::commands::{CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::kilominx::Kilominx;
use twisty_core::supercube::Supercube;
use twisty_core::Held;
use twisty_engine::input::{self, Parsed};
use twisty_engine::{Frame, Notation, PuzzleId, SolveReport, SolveRequest};

fn parsed<P: Held>(r: Result<Parsed<P>, twisty_engine::EngineError>) -> CliResult<Parsed<P>> {
    r.map_err(CliError::from)
}

/// Plays the frames of `report` (the answer to `req`).
pub fn run(ctx: &Ctx, req: &SolveRequest, report: &SolveReport, delay_ms: u64) -> CliResult {
    match req.puzzle {
        PuzzleId::Cube3 => play(
            ctx,
            &Cube3,
            parsed(input::cube3(&req.input, req.notation))?,
            req,
            report,
            delay_ms,
        ),
        PuzzleId::Cube2 => play(
            ctx,
            &Cube2,
            parsed(input::cube2(&req.input, req.notation))?,
            req,
            report,
            delay_ms,
        ),
        PuzzleId::Kilominx => play(
            ctx,
            &Kilominx,
            parsed(input::kilominx(&req.input, req.notation))?,
            req,
            report,
            delay_ms,
        ),
        PuzzleId::Clock => play(
            ctx,
            &twisty_core::clock::Clock,
            parsed(input::clock(&req.input, req.notation))?,
            req,
            report,
            delay_ms,
        ),
        PuzzleId::Sq1 => play(
            ctx,
            &twisty_core::sq1::Sq1,
            parsed(input::sq1(&req.input, req.notation))?,
            req,
            report,
            delay_ms,
        ),
        PuzzleId::Supercube(n) => {
            let c = Supercube::new(usize::from(n)).map_err(CliError::usage)?;
            let p = parsed(input::supercube(&c, &req.input, req.notation))?;
            play(ctx, &c, p, req, report, delay_ms)
        }
        PuzzleId::CubeN(n) => {
            let c = twisty_core::cube_n::CubeN::new(usize::from(n)).map_err(CliError::usage)?;
            let p = parsed(input::cube_n(&c, &req.input, req.notation))?;
            play(ctx, &c, p, req, report, delay_ms)
        }
        PuzzleId::Def(d) => {
            let c = d.puzzle();
            let p = parsed(input::def(&c, &req.input, req.notation))?;
            play(ctx, &*c, p, req, report, delay_ms)
        }
    }
}

/// Applies one written token to a held state (or in the reference frame).
fn step<P: Held>(p: &P, held: bool, state: &mut P::State, frame: &mut P::Frame, token: &str) -> bool {
    if held {
        p.apply_held(state, frame, token).is_ok()
    } else {
        match p.parse_moves(token) {
            Ok(m) => {
                p.apply_all(state, &m);
                true
            }
            Err(_) => false,
        }
    }
}

fn play<P: CliPuzzle + Held>(
    ctx: &Ctx,
    p: &P,
    input: Parsed<P>,
    req: &SolveRequest,
    report: &SolveReport,
    delay_ms: u64,
) -> CliResult {
    let animate = std::io::stdout().is_terminal();
    let delay = Duration::from_millis(delay_ms.min(60_000));
    let mut out = std::io::stdout();
    let mut frame_out = |title: String, state: &P::State| -> CliResult {
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
    let input_held = req.notation == Notation::Standard;
    if !input.from_state_string {
        let tokens: Vec<&str> = req
            .input
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .collect();
        let mut s = p.solved();
        let mut f = p.home_frame();
        let simple = tokens.iter().all(|t| !t.contains(['(', ')', '/']));
        if simple {
            frame_out(format!("Scramble 0/{}: solved", tokens.len()), &s)?;
            for (i, t) in tokens.iter().enumerate() {
                if !step(p, input_held, &mut s, &mut f, t) {
                    break;
                }
                frame_out(format!("Scramble {}/{}: {t}", i + 1, tokens.len()), &s)?;
            }
        }
    }
    let mut state = input.state.clone();
    let mut frame = input.frame;
    frame_out(String::from("Scrambled state"), &state)?;
    let held = report.frame == Frame::Held;
    for (i, t) in report.moves.iter().enumerate() {
        step(p, held, &mut state, &mut frame, t);
        frame_out(format!("Solution {}/{}: {t}", i + 1, report.moves.len()), &state)?;
    }
    let end = if p.is_solved(&state) {
        "Solved"
    } else {
        "Not solved (this is a bug)"
    };
    frame_out(String::from(end), &state)?;
    Ok(())
}

/// `--groups`: each phase of a staged solve with the state after it (reference frame).
pub fn groups(ctx: &Ctx, req: &SolveRequest, report: &SolveReport) -> CliResult {
    let Some(rows) = report.details.get("phases").and_then(|v| v.as_array()) else {
        eprintln!(
            "note: --groups: the {} solver has no phases to report",
            report.solver
        );
        return Ok(());
    };
    let phases: Vec<twisty_solvers::PhaseReport> = rows
        .iter()
        .map(|r| twisty_solvers::PhaseReport {
            name: r["name"].as_str().unwrap_or_default().to_string(),
            moves: r["moves"].as_str().unwrap_or_default().to_string(),
            length: r["length"].as_u64().unwrap_or_default() as u32,
            nodes: r["nodes"].as_u64().unwrap_or_default(),
            seconds: r["seconds"].as_f64().unwrap_or_default(),
        })
        .collect();
    let text = match req.puzzle {
        PuzzleId::Cube3 => {
            let p = parsed(input::cube3(&req.input, req.notation))?;
            Cube3.phase_report(&p.state, &phases, ctx.colour)?
        }
        _ => {
            eprintln!(
                "note: --groups: the {} solver has no phases to report",
                report.solver
            );
            return Ok(());
        }
    };
    print!("{text}");
    Ok(())
}
