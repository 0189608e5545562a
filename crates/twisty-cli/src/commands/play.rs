//! `twisty play`: an interactive session on one puzzle.
//!
//! The net is redrawn after every command. Commands (case-insensitive): HELP, RESET,
//! EDIT …, SCRAMBLE \[n\], SOLVE \[STEP\] \[options of `twisty solve`\], NEXT \[n|ALL\], UNDO,
//! REDO, HISTORY, QUIT; anything else is read as a move sequence. Scrambles and answers are
//! applied as the text printed for them, read back as typed, so what is drawn is what the
//! printed moves give. When standard input is not a terminal the
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
  SOLVE STEP [opts]  solve, show the solution and apply nothing: NEXT then applies it move by move
  NEXT [n|ALL]     apply the next move (n moves, or the rest) of the solution of SOLVE STEP
  EDIT …           edit the state: EDIT <state string>, or EDIT <face><n> <colour> (e.g. EDIT U1 R),
                   kept as a draft until it is a legal state; EDIT CANCEL drops the draft
  UNDO / REDO      step back / forward through the history
  HISTORY          list the moves applied since the last RESET
  RESET            back to the solved puzzle
  HELP             this text
  QUIT             leave (also EXIT, or end of input)";

/// The puzzle in the session: its state in the solvers' reference frame, how it is held
/// and, while it is known, the text typed from the solved puzzle held at home to reach it.
struct Held<P: CliPuzzle> {
    state: P::State,
    frame: P::Frame,
    /// The moves (in the session's notation) from solved; `None` after an edit. SOLVE gives
    /// them to the engine, whose default solvers then answer no longer than their inverse.
    path: Option<String>,
}

impl<P: CliPuzzle> Clone for Held<P> {
    fn clone(&self) -> Self {
        Held {
            state: self.state.clone(),
            frame: self.frame,
            path: self.path.clone(),
        }
    }
}

/// Longest path from solved kept for SOLVE (the engine's input cap is 64 KiB).
const MAX_PATH_BYTES: usize = 16 << 10;

impl<P: CliPuzzle> Held<P> {
    /// The puzzle after `text` typed on it (in the session's notation), the path extended.
    fn after(&self, p: &P, text: &str, seed_notation: bool) -> Result<Held<P>, String> {
        let mut next = self.clone();
        if seed_notation {
            let moves = p.parse_moves(text).map_err(|e| e.to_string())?;
            p.apply_all(&mut next.state, &moves);
        } else {
            p.apply_held(&mut next.state, &mut next.frame, text)
                .map_err(|e| e.to_string())?;
        }
        next.path = self
            .path
            .as_ref()
            .map(|path| format!("{path} {text}").trim().to_string())
            .filter(|path| path.len() <= MAX_PATH_BYTES);
        Ok(next)
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

/// The session state: the current puzzle, the undo/redo stacks and the moves of an answer
/// still to be stepped through (SOLVE STEP, then NEXT).
struct Session<P: CliPuzzle> {
    now: Held<P>,
    done: Vec<Step<P>>,
    undone: Vec<Step<P>>,
    pending: Vec<String>,
}

impl<P: CliPuzzle> Session<P> {
    /// Records a change to `after`.
    fn push(&mut self, after: Held<P>, what: &'static str, text: Option<String>) {
        let before = std::mem::replace(&mut self.now, after.clone());
        if what != "NEXT" {
            self.pending.clear();
        }
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
        path: Some(String::new()),
    };
    let mut session = Session {
        now: home(),
        done: Vec::new(),
        undone: Vec::new(),
        pending: Vec::new(),
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
                    // A move of an answer being stepped through goes back on the answer.
                    if let ("NEXT", Some(t)) = (step.what, &step.text) {
                        session.pending.insert(0, t.clone());
                    }
                    session.undone.push(step);
                    Ok(String::from("undone"))
                }
                None => Err(String::from("nothing to undo")),
            },
            "REDO" => match session.undone.pop() {
                Some(step) => {
                    session.now = step.after.clone();
                    if step.what == "NEXT" && session.pending.first() == step.text.as_ref() {
                        session.pending.remove(0);
                    }
                    session.done.push(step);
                    Ok(String::from("redone"))
                }
                None => Err(String::from("nothing to redo")),
            },
            "HISTORY" => {
                print_history(&session.done);
                continue;
            }
            "SCRAMBLE" => scramble(p, rest, &mut rng).and_then(|moves| {
                // The scramble is applied as printed, read back as the user would type it,
                // so the puzzle drawn is the one the printed moves give (the frame follows
                // the turns of the faces holding a fixed piece).
                let text = written(p, session.now.frame, &moves, seed_notation);
                let after = session.now.after(p, &text, seed_notation)?;
                session.push(after, "SCRAMBLE", Some(text.clone()));
                Ok(format!("scramble: {text}"))
            }),
            "SOLVE" => {
                let step = rest.first().is_some_and(|w| w.eq_ignore_ascii_case("step"));
                let rest = if step { &rest[1..] } else { rest };
                solve(ctx, p, kind, &session.now, rest, seed_notation).and_then(|(moves, summary)| {
                    let tokens = written_tokens(p, session.now.frame, &moves, seed_notation);
                    let text = tokens.join(" ");
                    if step {
                        let n = tokens.len();
                        session.pending = tokens;
                        return Ok(format!(
                            "{summary}: {text}\n{}",
                            if n == 0 {
                                String::from("nothing to step through")
                            } else {
                                format!("NEXT applies it move by move ({n} to go; NEXT ALL for the rest)")
                            }
                        ));
                    }
                    let after = session.now.after(p, &text, seed_notation)?;
                    session.push(after, "SOLVE", Some(text.clone()));
                    Ok(format!("{summary}: {text}"))
                })
            }
            "NEXT" => next(p, &mut session, rest, seed_notation),
            "EDIT" => match p.edit(&session.now.state, &mut draft, rest) {
                Ok(EditOutcome::Apply(new)) => {
                    // Edits are of the state string in the reference orientation.
                    let after = Held {
                        state: new,
                        frame: p.home_frame(),
                        path: None,
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
    written_tokens(p, frame, moves, seed_notation).join(" ")
}

/// [`written`], one token per move.
fn written_tokens<P: CliPuzzle>(
    p: &P,
    frame: P::Frame,
    moves: &[P::Move],
    seed_notation: bool,
) -> Vec<String> {
    if seed_notation {
        moves.iter().map(|&m| p.format_move(m)).collect()
    } else {
        p.held_moves(frame, moves)
    }
}

/// NEXT \[n|ALL\]: applies the next moves of the answer of SOLVE STEP, one history entry each.
fn next<P: CliPuzzle>(
    p: &P,
    session: &mut Session<P>,
    rest: &[&str],
    seed_notation: bool,
) -> Result<String, String> {
    if session.pending.is_empty() {
        return Err(String::from(
            "no answer to step through: SOLVE STEP finds one and NEXT applies it move by move",
        ));
    }
    let n = match rest.first() {
        None => 1,
        Some(w) if w.eq_ignore_ascii_case("all") => session.pending.len(),
        Some(w) => match w.parse::<usize>() {
            Ok(n) if n >= 1 => n.min(session.pending.len()),
            _ => return Err(format!("NEXT takes a move count (at least 1) or ALL, not `{w}`")),
        },
    };
    let mut applied = Vec::with_capacity(n);
    for _ in 0..n {
        let token = session.pending.remove(0);
        let after = session.now.after(p, &token, seed_notation)?;
        let pending = std::mem::take(&mut session.pending);
        session.push(after, "NEXT", Some(token.clone()));
        session.pending = pending;
        applied.push(token);
    }
    let left = session.pending.len();
    Ok(format!(
        "{}{}",
        applied.join(" "),
        if left == 0 {
            String::from(" (the end of the answer)")
        } else {
            format!(" ({left} to go: {})", session.pending.join(" "))
        }
    ))
}

/// The puzzle after the typed moves `line`, and how many moves were typed.
fn apply_typed<P: CliPuzzle>(
    p: &P,
    now: &Held<P>,
    line: &str,
    seed_notation: bool,
) -> Result<(Held<P>, usize), String> {
    let after = now.after(p, line, seed_notation)?;
    if seed_notation {
        let moves = p.parse_moves(line).map_err(|e| e.to_string())?;
        return Ok((after, moves.len()));
    }
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
    Ok(p.scramble_moves(rng, n))
}

/// Solves the session's puzzle: the reference-frame answer and its summary line. While the
/// moves from solved are known the engine is given them, so its default solvers answer no
/// longer than their inverse, as `twisty solve` does.
fn solve<P: CliPuzzle>(
    ctx: &Ctx,
    p: &P,
    kind: PuzzleKind,
    now: &Held<P>,
    rest: &[&str],
    seed_notation: bool,
) -> Result<(Vec<P::Move>, String), String> {
    let state = &now.state;
    let (args, matches) =
        SolveArgs::from_words_with_matches(kind, rest).map_err(|e| e.to_string().trim().to_string())?;
    // The state is the session's: no input is read.
    let mut req = crate::commands::solve::build(ctx, &args, Some(&matches), String::new())
        .map_err(|e| format!("{e:#}"))?;
    // The session keeps the puzzle in the reference frame: the answer is read back there.
    req.frame = twisty_engine::Frame::Reference;
    let start = std::time::Instant::now();
    let engine = ctx.engine();
    let report = match &now.path {
        Some(path) => {
            req.input = path.clone();
            req.notation = if seed_notation {
                twisty_engine::Notation::Seed
            } else {
                twisty_engine::Notation::Standard
            };
            engine.solve(&req, &twisty_engine::Quiet)
        }
        None => engine.solve_state(&req, p.engine_state(state), &twisty_engine::Quiet),
    }
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
