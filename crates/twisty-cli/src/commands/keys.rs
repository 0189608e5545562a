//! `twisty play --keys`: raw-key play in a terminal.
//!
//! A face letter turns that face clockwise, Shift + letter anticlockwise, and `2` followed by
//! a letter turns it twice. Faces whose names are longer than one letter (the Kilominx's
//! `BL`, `DBR`, …) are reached from the line mode instead. Esc, `q` or Ctrl-C quits.

use crate::args::PlayArgs;
use crate::commands::{CliError, CliResult, Ctx};
use crate::puzzles::CliPuzzle;
use crossterm::event::{read, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use std::io::{IsTerminal, Write};

/// Restores the terminal when dropped, even on error.
struct RawGuard;

impl Drop for RawGuard {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// The move token a key stands for, if any: `r` → `R`, `R` (Shift) → `R'`, after `2` → `R2`.
pub fn token_for_key(ch: char, shift: bool, double: bool) -> Option<String> {
    if !ch.is_ascii_alphabetic() {
        return None;
    }
    let face = ch.to_ascii_uppercase();
    Some(if double {
        format!("{face}2")
    } else if shift || ch.is_ascii_uppercase() {
        format!("{face}'")
    } else {
        face.to_string()
    })
}

/// Runs the raw-key mode.
pub fn run<P: CliPuzzle>(ctx: &Ctx, p: &P, _args: &PlayArgs) -> CliResult {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(CliError::usage(anyhow::anyhow!(
            "--keys needs a terminal; without one, pipe commands to `twisty play` line by line"
        )));
    }
    // Keys turn the faces of the puzzle as held (cubing.js's notation for the Kilominx).
    let mut state = p.solved();
    let mut frame = p.home_frame();
    let mut history: Vec<String> = Vec::new();
    let mut double = false;
    let mut message =
        String::from("keys: letter = clockwise, Shift = anticlockwise, 2 then letter = double; Esc quits");
    terminal::enable_raw_mode().map_err(CliError::failure)?;
    let _guard = RawGuard;
    loop {
        let mut out = std::io::stdout();
        let screen = p.render_held(&state, frame, ctx.colour).replace('\n', "\r\n");
        write!(
            out,
            "\x1b[2J\x1b[H{screen}\r\n{message}\r\nmoves: {}\r\n",
            history.join(" ")
        )?;
        out.flush()?;
        let ev = read().map_err(CliError::failure)?;
        let Event::Key(KeyEvent {
            code,
            modifiers,
            kind,
            ..
        }) = ev
        else {
            continue;
        };
        if kind != KeyEventKind::Press {
            continue;
        }
        match code {
            KeyCode::Esc => break,
            KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => break,
            KeyCode::Char('q') => break,
            KeyCode::Char('2') => {
                double = true;
                message = String::from("double turn: now press a face letter");
            }
            KeyCode::Char(ch) => {
                let shift = modifiers.contains(KeyModifiers::SHIFT);
                let typed = token_for_key(ch, shift, double).map(|t| {
                    let (mut s, mut f) = (state.clone(), frame);
                    (p.apply_held(&mut s, &mut f, &t).map(|()| (s, f)), t)
                });
                match typed {
                    Some((Ok((s, f)), t)) => {
                        (state, frame) = (s, f);
                        history.push(t.clone());
                        message = if p.is_solved(&state) {
                            format!("{t} — solved")
                        } else {
                            t
                        };
                    }
                    Some((Err(_), t)) => message = format!("`{t}` is not a move of the {}", p.name()),
                    None => message = format!("key `{ch}` does nothing"),
                }
                double = false;
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::token_for_key;

    #[test]
    fn keys_map_to_tokens() {
        assert_eq!(token_for_key('r', false, false).as_deref(), Some("R"));
        assert_eq!(token_for_key('R', true, false).as_deref(), Some("R'"));
        assert_eq!(token_for_key('u', false, true).as_deref(), Some("U2"));
        assert_eq!(token_for_key('3', false, false), None);
    }
}
