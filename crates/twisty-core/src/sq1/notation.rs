//! The Square-1 notation of the WCA, TNoodle and cubing.js.
//!
//! `(a,b)` turns the top `a` slots (30° each) and the bottom `b` slots, positive clockwise
//! as the WCA reads it (see [`super`] for the slots); `/` turns the slice. A scramble reads
//! `(1,0) / (-3,3) / (0,-1) / (4,1) /`. Read as cubing.js reads it, and a little more
//! freely: spaces or none around the numbers and the slashes (`(1, 0)/(-3,3)`), a pair
//! without its parentheses (`1,0/-3,3/`), a `+` sign, amounts from −12 to 12; `//` starts
//! a comment to the end of the line. A `/` where a layer has a corner across the slice
//! line is refused, naming which slice it is and the layer that blocks it.

use super::{signed, Sq1Move, Sq1State, SLOTS};
use crate::error::ParseError;

/// A character scanner with line and column (1-based, in characters).
struct Scan<'a> {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
    text: &'a str,
}

impl Scan<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
    }

    /// The rest of the current token (up to whitespace, `/` or `)`), for an error.
    fn word_from(&self, start: usize) -> String {
        self.chars[start..]
            .iter()
            .take_while(|c| !c.is_whitespace() && **c != '/')
            .collect()
    }

    fn error(&self, start: usize, line: usize, column: usize, reason: String) -> ParseError {
        let _ = self.text;
        ParseError {
            token: self.word_from(start),
            line,
            column,
            reason,
        }
    }

    /// An integer (optional sign, digits).
    fn number(&mut self) -> Option<i64> {
        let start = self.at;
        let mut s = String::new();
        if let Some(c @ ('-' | '+' | '−')) = self.peek() {
            s.push(if c == '+' { '+' } else { '-' });
            self.bump();
        }
        while let Some(c) = self.peek().filter(|c| c.is_ascii_digit()) {
            s.push(c);
            self.bump();
        }
        if s.trim_start_matches(['-', '+']).is_empty() || s.len() > 6 {
            self.at = start;
            return None;
        }
        s.parse().ok()
    }
}

/// A token read: a turn (top, bottom) or a slice, with its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    Turn(i64, i64),
    Slash,
}

/// Reads the tokens of `text` with their positions.
fn tokens(text: &str) -> Result<Vec<(Written, usize, usize)>, ParseError> {
    let mut s = Scan {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
        text,
    };
    let mut out = Vec::new();
    loop {
        while s.peek().is_some_and(char::is_whitespace) {
            s.bump();
        }
        let (start, line, column) = (s.at, s.line, s.column);
        let Some(c) = s.peek() else { break };
        if c == '/' {
            s.bump();
            if s.peek() == Some('/') {
                while s.peek().is_some_and(|c| c != '\n') {
                    s.bump();
                }
                continue;
            }
            out.push((Written::Slash, line, column));
            continue;
        }
        let paren = c == '(';
        if paren {
            s.bump();
            s.skip_spaces();
        }
        let pair_hint = "a Square-1 move is a turn `(a,b)` (top and bottom, in 30° slots) or the slice `/`";
        let Some(a) = s.number() else {
            return Err(s.error(
                start,
                line,
                column,
                format!("not a Square-1 move: {pair_hint}, e.g. `(1,0) / (-3,3) /`"),
            ));
        };
        s.skip_spaces();
        if s.peek() != Some(',') {
            return Err(s.error(
                start,
                line,
                column,
                format!(
                    "a turn needs two amounts, the top's and the bottom's, separated by a comma: `({a},0)`"
                ),
            ));
        }
        s.bump();
        s.skip_spaces();
        let Some(b) = s.number() else {
            return Err(s.error(
                start,
                line,
                column,
                format!("the bottom's amount is missing after `{a},`: e.g. `({a},0)`"),
            ));
        };
        if paren {
            s.skip_spaces();
            if s.peek() != Some(')') {
                return Err(s.error(
                    start,
                    line,
                    column,
                    format!("the turn `({a},{b}` is not closed by `)`"),
                ));
            }
            s.bump();
        } else if s.peek() == Some(')') {
            return Err(s.error(start, line, column, "a `)` closes no `(`".to_string()));
        }
        for (which, v) in [("top", a), ("bottom", b)] {
            if v.abs() > 12 {
                return Err(s.error(
                    start,
                    line,
                    column,
                    format!("the {which} turned {v} slots: an amount is −12 to 12 (30° each; the WCA writes −5 to 6)"),
                ));
            }
        }
        if let Some(next) = s.peek().filter(|c| !c.is_whitespace() && *c != '/') {
            return Err(s.error(
                start,
                line,
                column,
                format!("unexpected `{next}` after the turn: separate moves with spaces or `/`"),
            ));
        }
        out.push((Written::Turn(a, b), line, column));
    }
    Ok(out)
}

/// Why the slice cannot turn in `state`: the layer and the slots its corner fills.
pub fn blocked_by(state: &Sq1State) -> Option<String> {
    for (name, layer) in [("top", state.top()), ("bottom", state.bottom())] {
        for (a, b) in [(11usize, 0usize), (5, 6)] {
            if layer[a] == layer[b] {
                return Some(format!(
                    "the {name} has corner {} across the slice line (slots {a} and {b})",
                    super::render::piece_name(layer[a])
                ));
            }
        }
    }
    None
}

/// Parses moves applied to `start`: each turn as its top and bottom moves (none for 0), each
/// slice checked there. An impossible slice is an error at its `/` naming its number.
pub fn parse_from(text: &str, start: &Sq1State) -> Result<Vec<Sq1Move>, ParseError> {
    let mut state = *start;
    let mut out = Vec::new();
    let mut slices = 0usize;
    for (k, (w, line, column)) in tokens(text)?.into_iter().enumerate() {
        match w {
            Written::Turn(a, b) => {
                let a = a.rem_euclid(SLOTS as i64) as u8;
                let b = b.rem_euclid(SLOTS as i64) as u8;
                if a != 0 {
                    out.push(Sq1Move::Top(a));
                }
                if b != 0 {
                    out.push(Sq1Move::Bottom(b));
                }
                state.turn(a, b);
            }
            Written::Slash => {
                slices += 1;
                if let Some(why) = blocked_by(&state) {
                    return Err(ParseError {
                        token: "/".into(),
                        line,
                        column,
                        reason: format!(
                            "move {} (slice {slices}) cannot turn: {why}; turn that layer first",
                            k + 1
                        ),
                    });
                }
                state.slash();
                out.push(Sq1Move::Slash);
            }
        }
    }
    Ok(out)
}

/// The turns and slices of `moves` written as TNoodle writes them: each run of turns
/// between slices as one `(a,b)` with amounts −5 to 6, slices as `/`, separated by spaces.
pub fn format(moves: &[Sq1Move]) -> String {
    let mut out: Vec<String> = Vec::new();
    let (mut a, mut b) = (0u8, 0u8);
    let flush = |a: &mut u8, b: &mut u8, out: &mut Vec<String>| {
        if (*a, *b) != (0, 0) {
            out.push(format!("({},{})", signed(*a), signed(*b)));
        }
        *a = 0;
        *b = 0;
    };
    for &m in moves {
        match m {
            Sq1Move::Top(k) => a = (a + k) % 12,
            Sq1Move::Bottom(k) => b = (b + k) % 12,
            Sq1Move::Slash => {
                flush(&mut a, &mut b, &mut out);
                out.push("/".into());
            }
        }
    }
    flush(&mut a, &mut b, &mut out);
    out.join(" ")
}

/// The moves of `moves` merged: each run of turns between slices as at most one top and
/// one bottom move, two slices in a row cancelled.
pub fn simplify(moves: &[Sq1Move]) -> Vec<Sq1Move> {
    let mut out: Vec<Sq1Move> = Vec::new();
    let (mut a, mut b) = (0u8, 0u8);
    let flush = |a: &mut u8, b: &mut u8, out: &mut Vec<Sq1Move>| {
        if *a != 0 {
            out.push(Sq1Move::Top(*a));
        }
        if *b != 0 {
            out.push(Sq1Move::Bottom(*b));
        }
        *a = 0;
        *b = 0;
    };
    for &m in moves {
        match m {
            Sq1Move::Top(k) => a = (a + k) % 12,
            Sq1Move::Bottom(k) => b = (b + k) % 12,
            Sq1Move::Slash => {
                if (a, b) == (0, 0) && out.last() == Some(&Sq1Move::Slash) {
                    out.pop();
                    // The turns before the cancelled pair merge with those after it.
                    while let Some(&m) = out.last() {
                        match m {
                            Sq1Move::Top(k) => a = (a + k) % 12,
                            Sq1Move::Bottom(k) => b = (b + k) % 12,
                            Sq1Move::Slash => break,
                        }
                        out.pop();
                    }
                } else {
                    flush(&mut a, &mut b, &mut out);
                    out.push(Sq1Move::Slash);
                }
            }
        }
    }
    flush(&mut a, &mut b, &mut out);
    out
}
