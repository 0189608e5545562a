//! `twisty play --keys`: raw-key play in a terminal.
//!
//! A face letter turns that face clockwise, Shift + letter anticlockwise, and `2` followed by
//! a letter turns it twice. Faces whose names are longer than one letter (the Kilominx's
//! `BL`, `FR`, …) are typed letter by letter: `b` `l` turns BL; a letter that is a face and
//! begins a longer name (`B`) waits for the next key, and Space turns it alone. Esc, `q` or
//! Ctrl-C quits.

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

/// Face names typed letter by letter in raw-key mode.
#[derive(Debug, Clone, Default)]
pub struct KeyBuffer {
    faces: Vec<String>,
    pending: String,
    prime: bool,
    double: bool,
}

impl KeyBuffer {
    /// A buffer over the face names `faces` (upper case).
    pub fn new(faces: &[&str]) -> Self {
        KeyBuffer {
            faces: faces.iter().map(|f| f.to_string()).collect(),
            ..KeyBuffer::default()
        }
    }

    /// The letters typed so far of a face name not yet complete.
    pub fn pending(&self) -> &str {
        &self.pending
    }

    fn token(&mut self) -> Option<String> {
        let face = std::mem::take(&mut self.pending);
        let t = self.faces.contains(&face).then(|| {
            let suffix = match (self.double, self.prime) {
                (true, true) => "2'",
                (true, false) => "2",
                (false, true) => "'",
                (false, false) => "",
            };
            format!("{face}{suffix}")
        });
        self.prime = false;
        self.double = false;
        t
    }

    /// The turns to make after letter `ch` (with Shift: `shift`; after a `2`: `double`).
    pub fn press(&mut self, ch: char, shift: bool, double: bool) -> Vec<String> {
        let mut out = Vec::new();
        let up = format!("{}{}", self.pending, ch.to_ascii_uppercase());
        if !self.faces.iter().any(|f| f.starts_with(&up)) {
            // Not a continuation: the pending face alone, then this key afresh.
            if self.pending.is_empty() {
                return out;
            }
            out.extend(self.token());
            out.extend(self.press(ch, shift, double));
            return out;
        }
        self.pending = up;
        self.prime |= shift || ch.is_ascii_uppercase();
        self.double |= double;
        let longer = self
            .faces
            .iter()
            .any(|f| f.len() > self.pending.len() && f.starts_with(&self.pending));
        if !longer {
            out.extend(self.token());
        }
        out
    }

    /// Space or Enter: the pending face alone, if it is one.
    pub fn flush(&mut self) -> Option<String> {
        if self.pending.is_empty() {
            return None;
        }
        self.token()
    }
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
    let faces = p.key_faces();
    let mut buffer = KeyBuffer::new(&faces);
    let mut message = if faces.iter().any(|f| f.len() > 1) {
        format!(
            "keys: type a face ({}) letter by letter, Space for a face that begins a longer one; Shift = anticlockwise, 2 first = double; Esc quits",
            faces.join(" ")
        )
    } else {
        String::from("keys: letter = clockwise, Shift = anticlockwise, 2 then letter = double; Esc quits")
    };
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
            KeyCode::Char(' ') | KeyCode::Enter if !faces.is_empty() => {
                if let Some(t) = buffer.flush() {
                    message = turn(p, &mut state, &mut frame, &mut history, t);
                }
            }
            KeyCode::Char(ch) if !faces.is_empty() => {
                let shift = modifiers.contains(KeyModifiers::SHIFT);
                let tokens = buffer.press(ch, shift, double);
                double = false;
                if tokens.is_empty() {
                    message = if buffer.pending().is_empty() {
                        format!("key `{ch}` does nothing")
                    } else {
                        format!("{}… (the next letter, or Space)", buffer.pending())
                    };
                }
                for t in tokens {
                    message = turn(p, &mut state, &mut frame, &mut history, t);
                }
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

/// Turns `t` on the puzzle held in `frame`: the message to show.
fn turn<P: CliPuzzle>(
    p: &P,
    state: &mut P::State,
    frame: &mut P::Frame,
    history: &mut Vec<String>,
    t: String,
) -> String {
    let (mut s, mut f) = (state.clone(), *frame);
    match p.apply_held(&mut s, &mut f, &t) {
        Ok(()) => {
            (*state, *frame) = (s, f);
            history.push(t.clone());
            if p.is_solved(state) {
                format!("{t} — solved")
            } else {
                t
            }
        }
        Err(_) => format!("`{t}` is not a move of the {}", p.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::{token_for_key, KeyBuffer};

    #[test]
    fn kilominx_faces_are_typed_letter_by_letter() {
        let faces = ["U", "L", "F", "R", "BL", "BR", "FL", "FR", "DL", "DR", "B", "D"];
        let mut k = KeyBuffer::new(&faces);
        assert_eq!(k.press('u', false, false), ["U"]);
        assert!(k.press('b', false, false).is_empty());
        assert_eq!(k.press('l', false, false), ["BL"]);
        // Shift on either letter primes; `2` first doubles.
        assert!(k.press('F', true, false).is_empty());
        assert_eq!(k.press('r', false, false), ["FR'"]);
        assert!(k.press('d', false, true).is_empty());
        assert_eq!(k.press('l', false, false), ["DL2"]);
        // A face that begins a longer one: the next letter that does not continue it, or
        // Space, turns it.
        assert!(k.press('b', false, false).is_empty());
        assert_eq!(k.press('u', false, false), ["B", "U"]);
        assert!(k.press('d', false, false).is_empty());
        assert_eq!(k.flush().as_deref(), Some("D"));
        assert!(k.press('q', false, false).is_empty());
    }

    #[test]
    fn keys_map_to_tokens() {
        assert_eq!(token_for_key('r', false, false).as_deref(), Some("R"));
        assert_eq!(token_for_key('R', true, false).as_deref(), Some("R'"));
        assert_eq!(token_for_key('u', false, true).as_deref(), Some("U2"));
        assert_eq!(token_for_key('3', false, false), None);
    }
}
