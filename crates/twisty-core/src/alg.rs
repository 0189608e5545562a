//! The move-sequence grammar shared by every puzzle's notation.
//!
//! A sequence is a list of tokens separated by whitespace or commas. `//` starts a comment that
//! runs to the end of the line. Parentheses group tokens; a group may be followed by a repeat
//! count and/or a prime (`(R U R' U')3`, `(R U)'`, `(R U)2'`). Square brackets write a
//! commutator `[A, B]` (A B A′ B′) or a conjugate `[A: B]` (A B A′), as cubing.js and
//! alg.cubing.net do; they nest and take a count and a prime like a group (`[R, U]3`, `[R U:
//! [F, D]]'`); `.` is a pause and turns nothing. What a token means is up to each puzzle:
//! [`parse_alg`] calls the puzzle's token parser and reports failures with the token's line and
//! column.

use crate::error::ParseError;

/// One token of a move sequence with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token text.
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based character column.
    pub column: usize,
}

/// A node of the parsed sequence tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// A plain token.
    Token(Token),
    /// A parenthesised group, repeated `repeat` times, inverted if `inverted`.
    Group {
        /// The contents.
        nodes: Vec<Node>,
        /// Repeat count (1 when absent).
        repeat: usize,
        /// Whether a prime followed the group.
        inverted: bool,
        /// 1-based line of the opening parenthesis.
        line: usize,
        /// 1-based character column of the opening parenthesis.
        column: usize,
    },
    /// A commutator `[a, b]` (a b a′ b′) or a conjugate `[a: b]` (a b a′), repeated `repeat`
    /// times, inverted if `inverted`.
    Bracket {
        /// The first part.
        a: Vec<Node>,
        /// The second part.
        b: Vec<Node>,
        /// `[a: b]` rather than `[a, b]`.
        conjugate: bool,
        /// Repeat count (1 when absent).
        repeat: usize,
        /// Whether a prime followed the bracket.
        inverted: bool,
        /// 1-based line of the opening bracket.
        line: usize,
        /// 1-based character column of the opening bracket.
        column: usize,
    },
}

/// An open `(` or `[` (or the whole sequence) while [`tokenize`] scans.
struct Frame {
    nodes: Vec<Node>,
    line: usize,
    column: usize,
    kind: FrameKind,
}

enum FrameKind {
    Root,
    Paren,
    /// A `[`; once its `,` or `:` has been read, the first part and whether it was `:`.
    Bracket(Option<(Vec<Node>, bool)>),
}

/// Characters that end a token (`.` is cubing.js's pause, which turns nothing).
fn ends_token(c: char) -> bool {
    is_separator(c) || matches!(c, '(' | ')' | '[' | ']' | ':' | '.')
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// Largest repeat count accepted after a group.
pub const MAX_REPEAT: usize = 10_000;
/// Largest number of moves a sequence may expand to (measured before any move is produced).
pub const MAX_EXPANDED: usize = 100_000;
/// Deepest accepted nesting of parenthesised groups.
pub const MAX_DEPTH: usize = 100;
/// Largest work of applying one sequence, measured before any move is produced: each turn
/// counts the pieces it moves (an outer turn of the 64x64x64 cube 4,096, a move of a
/// definition the bytes of its state), a supercube cubie
/// [`crate::supercube::WORK_PER_CUBIE`] (a face turn of the 16x16x16 supercube 2,048, a
/// `15Rw` 30,720). It bounds the time of applying an input on the big cubes, where
/// [`MAX_EXPANDED`] moves alone can cost seconds: the worst input accepted on any puzzle
/// takes under 0.1 s of CPU in a release build (`scripts/bench_input_work.py`,
/// RELIABILITY.md).
pub const MAX_WORK: u64 = 25_000_000;

fn err(token: &str, line: usize, column: usize, reason: impl Into<String>) -> ParseError {
    ParseError {
        token: token.to_string(),
        line,
        column,
        reason: reason.into(),
    }
}

/// `100000` written with thousands separators (`100,000`).
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn too_long(line: usize, column: usize, token: &str) -> ParseError {
    err(
        token,
        line,
        column,
        format!("sequence expands to more than {} moves", grouped(MAX_EXPANDED)),
    )
}

fn too_much_work(line: usize, column: usize, token: &str, work: u64) -> ParseError {
    err(
        token,
        line,
        column,
        format!(
            "sequence would take {} units of work or more to apply; at most {} are taken for one input (moves × the pieces each moves on this puzzle, a supercube's cubie counting {})",
            grouped_u64(work),
            grouped_u64(MAX_WORK),
            crate::supercube::WORK_PER_CUBIE
        ),
    )
}

fn grouped_u64(n: u64) -> String {
    usize::try_from(n).map_or_else(|_| n.to_string(), grouped)
}

/// The repeat count and prime after a closing `)` or `]` at `chars[*i..]`: advances `*i` past
/// them and checks that a separator, a bracket or the end of the line follows.
fn group_suffix(
    chars: &[char],
    i: &mut usize,
    line_no: usize,
    close_col: usize,
) -> Result<(usize, bool), ParseError> {
    let start = *i;
    while *i < chars.len() && chars[*i].is_ascii_digit() {
        *i += 1;
    }
    let digits: String = chars[start..*i].iter().collect();
    let repeat = if digits.is_empty() {
        1
    } else {
        match digits.parse::<usize>() {
            Ok(n) if (1..=MAX_REPEAT).contains(&n) => n,
            _ => {
                return Err(err(
                    &digits,
                    line_no,
                    start + 1,
                    format!("group repeat count must be 1..={}", grouped(MAX_REPEAT)),
                ))
            }
        }
    };
    let mut inverted = false;
    if *i < chars.len() && (chars[*i] == '\'' || chars[*i] == '’') {
        inverted = true;
        *i += 1;
    }
    if *i < chars.len() && !ends_token(chars[*i]) {
        let rest: String = chars[close_col - 1..]
            .iter()
            .take_while(|c| !is_separator(**c))
            .collect();
        return Err(err(&rest, line_no, close_col, "unexpected text after a group"));
    }
    Ok((repeat, inverted))
}

/// Splits `text` into a tree of tokens, groups and brackets. Comments and separators are
/// dropped.
///
/// The scan is iterative; groups and brackets nested deeper than [`MAX_DEPTH`] and repeat
/// counts above [`MAX_REPEAT`] are refused with the position of the offending parenthesis,
/// bracket or count, as are unbalanced or mismatched ones and brackets without exactly one
/// `,` or `:` between two non-empty parts.
pub fn tokenize(text: &str) -> Result<Vec<Node>, ParseError> {
    let mut stack: Vec<Frame> = vec![Frame {
        nodes: Vec::new(),
        line: 0,
        column: 0,
        kind: FrameKind::Root,
    }];
    for (li, raw_line) in text.lines().enumerate() {
        let line_no = li + 1;
        let line = match raw_line.find("//") {
            Some(i) => &raw_line[..i],
            None => raw_line,
        };
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let top = stack.len() - 1;
            if (c == ',' || c == ':') && matches!(stack[top].kind, FrameKind::Bracket(_)) {
                let frame = &mut stack[top];
                let what = if c == ',' { "commutator" } else { "conjugate" };
                if matches!(frame.kind, FrameKind::Bracket(Some(_))) {
                    return Err(err(
                        &c.to_string(),
                        line_no,
                        i + 1,
                        "a second separator in a bracket: write [A, B] or [A: B] (nest brackets for more, e.g. [A, [B, C]])",
                    ));
                }
                if frame.nodes.is_empty() {
                    return Err(err(
                        &c.to_string(),
                        line_no,
                        i + 1,
                        format!("the {what}'s first part is empty"),
                    ));
                }
                frame.kind = FrameKind::Bracket(Some((std::mem::take(&mut frame.nodes), c == ':')));
                i += 1;
            } else if c == ':' {
                return Err(err(
                    ":",
                    line_no,
                    i + 1,
                    "`:` outside a bracket (a conjugate is written [A: B])",
                ));
            } else if is_separator(c) || c == '.' {
                i += 1;
            } else if c == '(' || c == '[' {
                if stack.len() > MAX_DEPTH {
                    return Err(err(
                        &c.to_string(),
                        line_no,
                        i + 1,
                        format!("group nesting deeper than {MAX_DEPTH}"),
                    ));
                }
                stack.push(Frame {
                    nodes: Vec::new(),
                    line: line_no,
                    column: i + 1,
                    kind: if c == '(' {
                        FrameKind::Paren
                    } else {
                        FrameKind::Bracket(None)
                    },
                });
                i += 1;
            } else if c == ')' || c == ']' {
                let close_col = i + 1;
                let frame = &stack[top];
                match (&frame.kind, c) {
                    (FrameKind::Root, ')') => {
                        return Err(err(
                            ")",
                            line_no,
                            close_col,
                            "closing parenthesis without an opening one",
                        ))
                    }
                    (FrameKind::Root, _) => {
                        return Err(err(
                            "]",
                            line_no,
                            close_col,
                            "closing bracket without an opening one",
                        ))
                    }
                    (FrameKind::Paren, ']') | (FrameKind::Bracket(_), ')') => {
                        let (open, close) = if c == ']' { ('(', ']') } else { ('[', ')') };
                        return Err(err(
                            &close.to_string(),
                            line_no,
                            close_col,
                            format!(
                                "`{close}` closes the `{open}` of line {} column {}",
                                frame.line, frame.column
                            ),
                        ));
                    }
                    (FrameKind::Bracket(None), _) => {
                        return Err(err(
                            "[",
                            frame.line,
                            frame.column,
                            "a bracket needs a `,` (commutator [A, B]) or a `:` (conjugate [A: B])",
                        ))
                    }
                    (FrameKind::Bracket(Some((_, conj))), _) if frame.nodes.is_empty() => {
                        let what = if *conj { "conjugate" } else { "commutator" };
                        return Err(err(
                            "]",
                            line_no,
                            close_col,
                            format!("the {what}'s second part is empty"),
                        ));
                    }
                    _ => {}
                }
                i += 1;
                let (repeat, inverted) = group_suffix(&chars, &mut i, line_no, close_col)?;
                let Some(Frame {
                    nodes,
                    line,
                    column,
                    kind,
                }) = stack.pop()
                else {
                    return Err(err(&c.to_string(), line_no, close_col, "unbalanced parenthesis"));
                };
                let node = match kind {
                    FrameKind::Bracket(Some((a, conjugate))) => Node::Bracket {
                        a,
                        b: nodes,
                        conjugate,
                        repeat,
                        inverted,
                        line,
                        column,
                    },
                    _ => Node::Group {
                        nodes,
                        repeat,
                        inverted,
                        line,
                        column,
                    },
                };
                if let Some(top) = stack.last_mut() {
                    top.nodes.push(node);
                }
            } else {
                let start = i;
                while i < chars.len() && !ends_token(chars[i]) {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                stack[top].nodes.push(Node::Token(Token {
                    text,
                    line: line_no,
                    column: start + 1,
                }));
            }
        }
    }
    if let Some(open) = stack.last().filter(|_| stack.len() > 1) {
        let (token, what) = match open.kind {
            FrameKind::Paren => ("(", "parenthesis is never closed"),
            _ => ("[", "bracket is never closed"),
        };
        return Err(err(token, open.line, open.column, what));
    }
    Ok(stack.pop().map(|t| t.nodes).unwrap_or_default())
}

/// Normalises the typographic apostrophe `’` (and the similar `‘`, `′`) to `'`.
pub fn normalise_primes(token: &str) -> String {
    token.replace(['’', '‘', '′'], "'")
}

/// The tree with every token already parsed into its moves.
enum Parsed<M> {
    Moves(Vec<M>),
    Group {
        nodes: Vec<Parsed<M>>,
        repeat: usize,
        inverted: bool,
    },
    Bracket {
        a: Vec<Parsed<M>>,
        b: Vec<Parsed<M>>,
        conjugate: bool,
        repeat: usize,
        inverted: bool,
    },
}

/// Longest token [`run_together`] tries to split.
const MAX_SPLIT: usize = 64;

/// `token` written with spaces between the moves run together in it (`RUR'U'` →
/// `R U R' U'`), when it splits into two or more tokens that each parse; for the hint of a
/// parse error.
fn run_together<M>(token: &str, parse_token: &impl Fn(&str) -> Result<Vec<M>, String>) -> Option<String> {
    let chars: Vec<(usize, char)> = token.char_indices().collect();
    let n = chars.len();
    if !(2..=MAX_SPLIT).contains(&n) {
        return None;
    }
    let at = |i: usize| chars.get(i).map_or(token.len(), |&(b, _)| b);
    // best[i]: the start of the last piece of a split of the first i characters, if any;
    // the longest pieces are tried first (`R2` before `R` then `2`).
    let mut best: Vec<Option<usize>> = vec![None; n + 1];
    best[0] = Some(0);
    for end in 1..=n {
        for start in end.saturating_sub(6)..end {
            if best[start].is_none() || (start == 0 && end == n) {
                continue;
            }
            let piece = normalise_primes(&token[at(start)..at(end)]);
            if parse_token(&piece).is_ok() {
                best[end] = Some(start);
                break;
            }
        }
    }
    best[n]?;
    let mut pieces = Vec::new();
    let mut end = n;
    while end > 0 {
        let start = best[end]?;
        pieces.push(&token[at(start)..at(end)]);
        end = start;
    }
    pieces.reverse();
    Some(pieces.join(" "))
}

/// The size of a parsed tree: moves it expands to and the work of applying them.
#[derive(Clone, Copy, Default)]
struct Size {
    moves: usize,
    work: u64,
}

impl Size {
    /// `self` plus `other` repeated `times`, refused at `(line, column, token)` when over
    /// [`MAX_EXPANDED`] moves or [`MAX_WORK`].
    fn add(&mut self, other: Size, times: usize, at: (usize, usize, &str)) -> Result<(), ParseError> {
        self.moves = self.moves.saturating_add(other.moves.saturating_mul(times));
        self.work = self.work.saturating_add(other.work.saturating_mul(times as u64));
        if self.moves > MAX_EXPANDED {
            return Err(too_long(at.0, at.1, at.2));
        }
        if self.work > MAX_WORK {
            return Err(too_much_work(at.0, at.1, at.2, self.work));
        }
        Ok(())
    }
}

/// Parses every token of `nodes` once and returns the tree with the number of moves it
/// expands to and their work (`work` of each move), refusing (before producing any
/// expansion) more than [`MAX_EXPANDED`] moves or [`MAX_WORK`]. Recursion depth is bounded
/// by [`MAX_DEPTH`], which [`tokenize`] enforces.
fn parse_tree<M>(
    nodes: &[Node],
    parse_token: &impl Fn(&str) -> Result<Vec<M>, String>,
    work: &impl Fn(&M) -> u64,
) -> Result<(Vec<Parsed<M>>, Size), ParseError> {
    let mut out = Vec::with_capacity(nodes.len());
    let mut total = Size::default();
    for node in nodes {
        match node {
            Node::Token(t) => {
                let moves = parse_token(&normalise_primes(&t.text)).map_err(|reason| {
                    let reason = match run_together(&t.text, parse_token) {
                        Some(split) => format!("{reason}; moves are separated by spaces: `{split}`"),
                        None => reason,
                    };
                    err(&t.text, t.line, t.column, reason)
                })?;
                let size = Size {
                    moves: moves.len(),
                    work: moves.iter().map(work).fold(0, u64::saturating_add),
                };
                total.add(size, 1, (t.line, t.column, &t.text))?;
                out.push(Parsed::Moves(moves));
            }
            Node::Group {
                nodes,
                repeat,
                inverted,
                line,
                column,
            } => {
                let (inner, size) = parse_tree(nodes, parse_token, work)?;
                total.add(size, *repeat, (*line, *column, "("))?;
                out.push(Parsed::Group {
                    nodes: inner,
                    repeat: *repeat,
                    inverted: *inverted,
                });
            }
            Node::Bracket {
                a,
                b,
                conjugate,
                repeat,
                inverted,
                line,
                column,
            } => {
                let (a, sa) = parse_tree(a, parse_token, work)?;
                let (b, sb) = parse_tree(b, parse_token, work)?;
                // [a, b] = a b a' b', [a: b] = a b a'.
                let mut once = Size::default();
                let at = (*line, *column, "[");
                once.add(sa, 2, at)?;
                once.add(sb, if *conjugate { 1 } else { 2 }, at)?;
                total.add(once, *repeat, at)?;
                out.push(Parsed::Bracket {
                    a,
                    b,
                    conjugate: *conjugate,
                    repeat: *repeat,
                    inverted: *inverted,
                });
            }
        }
    }
    Ok((out, total))
}

/// Appends the expansion of `nodes` (inverted if `invert`) to `out`. Each group is
/// expanded once and then copied, so the cost is linear in the input plus the output.
fn emit<M: Clone>(nodes: &[Parsed<M>], invert: bool, inverse: &impl Fn(M) -> M, out: &mut Vec<M>) {
    let visit = |node: &Parsed<M>, out: &mut Vec<M>| match node {
        Parsed::Moves(moves) => {
            if invert {
                out.extend(moves.iter().rev().map(|m| inverse(m.clone())));
            } else {
                out.extend_from_slice(moves);
            }
        }
        Parsed::Group {
            nodes,
            repeat,
            inverted,
        } => {
            let start = out.len();
            emit(nodes, invert != *inverted, inverse, out);
            let end = out.len();
            for _ in 1..*repeat {
                out.extend_from_within(start..end);
            }
        }
        Parsed::Bracket {
            a,
            b,
            conjugate,
            repeat,
            inverted,
        } => {
            // [a, b] = a b a' b' and [a: b] = a b a'; the inverse runs the parts backwards,
            // each inverted ([a, b]' = b a b' a', [a: b]' = a b' a').
            let parts: &[(&[Parsed<M>], bool)] = if *conjugate {
                &[(a, false), (b, false), (a, true)]
            } else {
                &[(a, false), (b, false), (a, true), (b, true)]
            };
            let start = out.len();
            if invert != *inverted {
                for &(part, inv) in parts.iter().rev() {
                    emit(part, !inv, inverse, out);
                }
            } else {
                for &(part, inv) in parts {
                    emit(part, inv, inverse, out);
                }
            }
            let end = out.len();
            for _ in 1..*repeat {
                out.extend_from_within(start..end);
            }
        }
    };
    if invert {
        nodes.iter().rev().for_each(|n| visit(n, out));
    } else {
        nodes.iter().for_each(|n| visit(n, out));
    }
}

/// Parses `text` with a puzzle's token parser.
///
/// `parse_token` receives each token (with primes normalised to `'`) and returns the moves it
/// stands for, or a reason it is not valid; `inverse` inverts one move (for `(…)'` groups).
///
/// Parsing is bounded: nesting deeper than [`MAX_DEPTH`], a repeat count above
/// [`MAX_REPEAT`] or an expansion longer than [`MAX_EXPANDED`] moves is refused (the length
/// is measured before the moves are produced), so any input costs time and memory linear
/// in its own size plus at most [`MAX_EXPANDED`] moves.
pub fn parse_alg<M: Clone>(
    text: &str,
    parse_token: impl Fn(&str) -> Result<Vec<M>, String>,
    inverse: impl Fn(M) -> M,
) -> Result<Vec<M>, ParseError> {
    parse_alg_within(text, parse_token, inverse, |_| 0)
}

/// [`parse_alg`] for a puzzle whose moves cost more the bigger it is: `work` gives the pieces
/// one move moves, and a sequence whose moves would move more than [`MAX_WORK`] pieces in all
/// is refused before any move is produced (so before any is applied), naming the limit.
pub fn parse_alg_within<M: Clone>(
    text: &str,
    parse_token: impl Fn(&str) -> Result<Vec<M>, String>,
    inverse: impl Fn(M) -> M,
    work: impl Fn(&M) -> u64,
) -> Result<Vec<M>, ParseError> {
    let nodes = tokenize(text)?;
    let (tree, total) = parse_tree(&nodes, &parse_token, &work)?;
    drop(nodes);
    let mut out = Vec::with_capacity(total.moves);
    emit(&tree, false, &inverse, &mut out);
    Ok(out)
}

/// Splits a standard face-turn token into its base and its amount in quarter turns
/// clockwise (1, 2 or 3), accepting the suffixes ``, `'`, `2`, `2'`, `'2`, `3`, `3'`.
/// Returns `None` for any other suffix. Generic over the base, which is everything before
/// the first digit or prime.
pub fn split_suffix(token: &str) -> Option<(&str, u8)> {
    let cut = token
        .find(|c: char| c.is_ascii_digit() || c == '\'')
        .unwrap_or(token.len());
    let (base, suffix) = token.split_at(cut);
    let amount = match suffix {
        "" | "1" => 1,
        "'" | "1'" | "3" => 3,
        "2" | "2'" | "'2" => 2,
        "3'" => 1,
        _ => return None,
    };
    Some((base, amount))
}

#[cfg(test)]
mod tests;
