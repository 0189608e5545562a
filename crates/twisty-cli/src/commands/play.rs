//! `twisty play`: an interactive session on one puzzle.
//!
//! The net is redrawn after every command. Commands (case-insensitive): HELP, RESET,
//! EDIT …, SCRAMBLE \[n\], SOLVE \[options of `twisty solve`\], UNDO, REDO, HISTORY, QUIT;
//! anything else is read as a move sequence. When standard input is not a terminal the
//! commands are read line by line (for scripts and tests), without line editing.

use crate::args::{PlayArgs, PuzzleKind, SolveArgs};
use crate::context::{CliError, CliResult, Ctx};
use crate::puzzles::edit::EditOutcome;
use crate::puzzles::CliPuzzle;
use std::io::{BufRead, IsTerminal, Write};
use twisty_core::rng::{fresh_seed, seeded_rng};

const HELP: &str = "\
Commands (case-insensitive):
  <moves>          apply a move sequence, e.g. R U R' U'
  SCRAMBLE [n]     apply n random moves (default: the puzzle's usual length)
  SOLVE [opts]     solve and apply the solution; opts as for `twisty solve`, e.g. SOLVE --solver optimal
  EDIT …           edit the state: EDIT <state string>, or EDIT <face><n> <colour> (e.g. EDIT U1 R),
                   kept as a draft until it is a legal state; EDIT CANCEL drops the draft
  UNDO / REDO      step back / forward through the history
  HISTORY          list the moves applied since the last RESET
  RESET            back to the solved puzzle
  HELP             this text
  QUIT             leave (also EXIT, or end of input)";

/// The puzzle in the session: its state in the solvers' reference frame and how it is held.
struct Held<P: CliPuzzle> {
    state: P::State,
    frame: P::Frame,
}

impl<P: CliPuzzle> Clone for Held<P> {
    fn clone(&self) -> Self {
        Held {
            state: self.state.clone(),
            frame: self.frame,
        }
    }
}

/// One entry of the undo history: the puzzle before and after, what did it and, for
/// moves, the moves as written.
struct Step<P: CliPuzzle> {
    before: Held<P>,
    after: Held<P>,
    what: &'static str,
    text: Option<String>,
}

/// The session state: the current puzzle and the undo/redo stacks.
struct Session<P: CliPuzzle> {
    now: Held<P>,
    done: Vec<Step<P>>,
    undone: Vec<Step<P>>,
}

impl<P: CliPuzzle> Session<P> {
    /// Records a change to `after`.
    fn push(&mut self, after: Held<P>, what: &'static str, text: Option<String>) {
        let before = std::mem::replace(&mut self.now, after.clone());
        self.done.push(Step {
            before,
            after,
            what,
            text,
        });
        self.undone.clear();
    }
}

/// Runs `twisty play` for puzzle `p`.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, kind: PuzzleKind, args: &PlayArgs) -> CliResult {
    if args.keys {
        return crate::commands::keys::run(ctx, p, args);
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut rng = seeded_rng(seed);
    // Moves are read as held (cubing.js's notation for the Kilominx, rotations tracked)
    // unless `--notation seed` asks for the seed's notation in the reference frame.
    let seed_notation = ctx.notation == crate::args::NotationArg::Seed;
    let home = || Held::<P> {
        state: p.solved(),
        frame: p.home_frame(),
    };
    let mut session = Session {
        now: home(),
        done: Vec::new(),
        undone: Vec::new(),
    };
    let mut draft: Option<String> = None;
    let interactive = std::io::stdin().is_terminal();
    let mut editor = if interactive {
        Some(rustyline::DefaultEditor::new().map_err(CliError::failure)?)
    } else {
        None
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("twisty play: {} (seed {seed}); type HELP for commands", p.name());
    draw(ctx, p, &session.now, seed_notation, interactive);
    loop {
        let line = match editor.as_mut() {
            Some(ed) => match ed.readline("twisty> ") {
                Ok(l) => {
                    let _ = ed.add_history_entry(l.as_str());
                    l
                }
                Err(rustyline::error::ReadlineError::Interrupted) => continue,
                Err(rustyline::error::ReadlineError::Eof) => break,
                Err(e) => return Err(CliError::failure(e)),
            },
            None => match lines.next() {
                Some(l) => l?,
                None => break,
            },
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !interactive {
            println!("> {line}");
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let command = words[0].to_ascii_uppercase();
        let rest = &words[1..];
        let message = match command.as_str() {
            "QUIT" | "EXIT" | "Q" => break,
            "HELP" | "?" => {
                println!("{HELP}");
                continue;
            }
            "RESET" => {
                session.push(home(), "RESET", None);
                Ok(String::from("reset to solved"))
            }
            "UNDO" => match session.done.pop() {
                Some(step) => {
                    session.now = step.before.clone();
                    session.undone.push(step);
                    Ok(String::from("undone"))
                }
                None => Err(String::from("nothing to undo")),
            },
            "REDO" => match session.undone.pop() {
                Some(step) => {
                    session.now = step.after.clone();
                    session.done.push(step);
                    Ok(String::from("redone"))
                }
                None => Err(String::from("nothing to redo")),
            },
            "HISTORY" => {
                print_history(&session.done);
                continue;
            }
            "SCRAMBLE" => scramble(p, rest, &mut rng).map(|moves| {
                let text = written(p, session.now.frame, &moves, seed_notation);
                let mut after = session.now.clone();
                p.apply_all(&mut after.state, &moves);
                session.push(after, "SCRAMBLE", Some(text.clone()));
                format!("scramble: {text}")
            }),
            "SOLVE" => solve(ctx, p, kind, &session.now.state, rest).map(|(moves, summary)| {
                let text = written(p, session.now.frame, &moves, seed_notation);
                let mut after = session.now.clone();
                p.apply_all(&mut after.state, &moves);
                session.push(after, "SOLVE", Some(text.clone()));
                format!("{summary}: {text}")
            }),
            "EDIT" => match p.edit(&session.now.state, &mut draft, rest) {
                Ok(EditOutcome::Apply(new)) => {
                    // Edits are of the state string in the reference orientation.
                    let after = Held {
                        state: new,
                        frame: p.home_frame(),
                    };
                    session.push(after, "EDIT", None);
                    Ok(String::from("edited"))
                }
                Ok(EditOutcome::Pending(text, reason)) => {
                    println!("draft: {text}\nnot applied yet: {reason}");
                    continue;
                }
                Ok(EditOutcome::Note(note)) => {
                    println!("{note}");
                    continue;
                }
                Err(e) => Err(e),
            },
            _ => apply_typed(p, &session.now, line, seed_notation).map(|(after, n)| {
                session.push(after, "MOVES", Some(line.to_string()));
                format!("applied {n} move{}", if n == 1 { "" } else { "s" })
            }),
        };
        match message {
            Ok(m) => {
                draw(ctx, p, &session.now, seed_notation, interactive);
                println!(
                    "{m}{}",
                    if p.is_solved(&session.now.state) {
                        " — solved"
                    } else {
                        ""
                    }
                );
            }
            Err(e) => println!("error: {e}"),
        }
        std::io::stdout().flush()?;
    }
    Ok(())
}

fn draw<P: CliPuzzle>(ctx: &Ctx, p: &P, now: &Held<P>, seed_notation: bool, interactive: bool) {
    if interactive && ctx.colour {
        // Clear the screen and home the cursor so the net stays in place.
        print!("\x1b[2J\x1b[H");
    }
    if seed_notation {
        print!("{}", p.render(&now.state, ctx.colour));
    } else {
        print!("{}", p.render_held(&now.state, now.frame, ctx.colour));
    }
}

/// Reference-frame `moves` written as the user turns them: as held in `frame`, or in the
/// seed's notation.
fn written<P: CliPuzzle>(p: &P, frame: P::Frame, moves: &[P::Move], seed_notation: bool) -> String {
    if seed_notation {
        p.format_moves(moves)
    } else {
        p.held_moves(frame, moves).join(" ")
    }
}

/// The puzzle after the typed moves `line`, and how many moves were typed.
fn apply_typed<P: CliPuzzle>(
    p: &P,
    now: &Held<P>,
    line: &str,
    seed_notation: bool,
) -> Result<(Held<P>, usize), String> {
    let mut after = now.clone();
    if seed_notation {
        let moves = p.parse_moves(line).map_err(|e| e.to_string())?;
        p.apply_all(&mut after.state, &moves);
        return Ok((after, moves.len()));
    }
    p.apply_held(&mut after.state, &mut after.frame, line)
        .map_err(|e| e.to_string())?;
    let count = p
        .reference_moves(line)
        .map_or_else(|| line.split_whitespace().count(), |m| m.len());
    Ok((after, count))
}

fn print_history<P: CliPuzzle>(done: &[Step<P>]) {
    if done.is_empty() {
        println!("history is empty");
    }
    for (i, step) in done.iter().enumerate() {
        match &step.text {
            Some(text) => println!("{:>3}. {:<8} {text}", i + 1, step.what),
            None => println!("{:>3}. {}", i + 1, step.what),
        }
    }
}

fn scramble<P: CliPuzzle>(
    p: &P,
    rest: &[&str],
    rng: &mut twisty_core::TwistyRng,
) -> Result<Vec<P::Move>, String> {
    let n = match rest.first() {
        None => p.scramble_length(),
        Some(w) => match w.parse::<usize>() {
            Ok(n) if n <= 10_000 => n,
            _ => return Err(format!("SCRAMBLE takes a move count from 0 to 10000, not `{w}`")),
        },
    };
    Ok(p.random_moves(rng, n))
}

fn solve<P: CliPuzzle>(
    ctx: &Ctx,
    p: &P,
    kind: PuzzleKind,
    state: &P::State,
    rest: &[&str],
) -> Result<(Vec<P::Move>, String), String> {
    let (args, matches) =
        SolveArgs::from_words_with_matches(kind, rest).map_err(|e| e.to_string().trim().to_string())?;
    // The state is the session's: no input is read.
    let mut req = crate::commands::solve::build(ctx, &args, Some(&matches), String::new())
        .map_err(|e| format!("{e:#}"))?;
    // The session keeps the puzzle in the reference frame: the answer is read back there.
    req.frame = twisty_engine::Frame::Reference;
    let start = std::time::Instant::now();
    let report = ctx
        .engine()
        .solve_state(&req, p.engine_state(state), &twisty_engine::Quiet)
        .map_err(|e| e.to_string())?;
    let moves = p.parse_moves(&report.solution).map_err(|e| e.to_string())?;
    twisty_solvers::verify(p, state, &moves).map_err(|e| e.to_string())?;
    let summary = format!(
        "solution ({} moves, {}, {})",
        moves.len(),
        report.solver,
        crate::output::human_duration(start.elapsed()),
    );
    Ok((moves, summary))
}
