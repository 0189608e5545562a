//! The move-sequence grammar shared by every puzzle's notation.
//!
//! A sequence is a list of tokens separated by whitespace or commas. `//` starts a comment
//! that runs to the end of the line. Parentheses group tokens; a group may be followed by a
//! repeat count and/or a prime (`(R U R' U')3`, `(R U)'`, `(R U)2'`). What a token means is
//! up to each puzzle: [`parse_alg`] calls the puzzle's token parser and reports failures with
//! the token's line and column.

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
        if i > 0 && (digits.len() - i) % 3 == 0 {
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

/// Splits `text` into a tree of tokens and groups. Comments and separators are dropped.
///
/// The scan is iterative; groups nested deeper than [`MAX_DEPTH`] and repeat counts above
/// [`MAX_REPEAT`] are refused with the position of the offending parenthesis or count.
pub fn tokenize(text: &str) -> Result<Vec<Node>, ParseError> {
    // Stack of open groups: (nodes so far, line, column of the '(').
    let mut stack: Vec<(Vec<Node>, usize, usize)> = vec![(Vec::new(), 0, 0)];
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
            if is_separator(c) {
                i += 1;
            } else if c == '(' {
                if stack.len() > MAX_DEPTH {
                    return Err(err(
                        "(",
                        line_no,
                        i + 1,
                        format!("group nesting deeper than {MAX_DEPTH}"),
                    ));
                }
                stack.push((Vec::new(), line_no, i + 1));
                i += 1;
            } else if c == ')' {
                if stack.len() == 1 {
                    return Err(err(
                        ")",
                        line_no,
                        i + 1,
                        "closing parenthesis without an opening one",
                    ));
                }
                let close_col = i + 1;
                i += 1;
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
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
                if i < chars.len() && (chars[i] == '\'' || chars[i] == '’') {
                    inverted = true;
                    i += 1;
                }
                if i < chars.len() && !is_separator(chars[i]) && chars[i] != '(' && chars[i] != ')' {
                    let rest: String = chars[close_col - 1..]
                        .iter()
                        .take_while(|c| !is_separator(**c))
                        .collect();
                    return Err(err(&rest, line_no, close_col, "unexpected text after a group"));
                }
                let Some((nodes, line, column)) = stack.pop() else {
                    return Err(err(")", line_no, close_col, "unbalanced parenthesis"));
                };
                if let Some(top) = stack.last_mut() {
                    top.0.push(Node::Group {
                        nodes,
                        repeat,
                        inverted,
                        line,
                        column,
                    });
                }
            } else {
                let start = i;
                while i < chars.len() && !is_separator(chars[i]) && chars[i] != '(' && chars[i] != ')' {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                if let Some(top) = stack.last_mut() {
                    top.0.push(Node::Token(Token {
                        text,
                        line: line_no,
                        column: start + 1,
                    }));
                }
            }
        }
    }
    if stack.len() > 1 {
        let (_, line, column) = stack[stack.len() - 1];
        return Err(err("(", line, column, "parenthesis is never closed"));
    }
    Ok(stack.pop().map(|t| t.0).unwrap_or_default())
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
}

/// Parses every token of `nodes` once and returns the tree with the number of moves it
/// expands to, refusing (before producing any expansion) a total above [`MAX_EXPANDED`].
/// Recursion depth is bounded by [`MAX_DEPTH`], which [`tokenize`] enforces.
fn parse_tree<M>(
    nodes: &[Node],
    parse_token: &impl Fn(&str) -> Result<Vec<M>, String>,
) -> Result<(Vec<Parsed<M>>, usize), ParseError> {
    let mut out = Vec::with_capacity(nodes.len());
    let mut total: usize = 0;
    for node in nodes {
        match node {
            Node::Token(t) => {
                let moves = parse_token(&normalise_primes(&t.text))
                    .map_err(|reason| err(&t.text, t.line, t.column, reason))?;
                total = total.saturating_add(moves.len());
                if total > MAX_EXPANDED {
                    return Err(too_long(t.line, t.column, &t.text));
                }
                out.push(Parsed::Moves(moves));
            }
            Node::Group {
                nodes,
                repeat,
                inverted,
                line,
                column,
            } => {
                let (inner, len) = parse_tree(nodes, parse_token)?;
                total = total.saturating_add(len.saturating_mul(*repeat));
                if total > MAX_EXPANDED {
                    return Err(too_long(*line, *column, "("));
                }
                out.push(Parsed::Group {
                    nodes: inner,
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
    let nodes = tokenize(text)?;
    let (tree, total) = parse_tree(&nodes, &parse_token)?;
    drop(nodes);
    let mut out = Vec::with_capacity(total);
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
mod tests {
    use super::*;

    fn flat(text: &str) -> Result<Vec<String>, ParseError> {
        parse_alg(text, |t| Ok(vec![t.to_string()]), |m| m)
    }

    #[test]
    fn separators_comments_and_groups() {
        let got = flat("R U,R'  // comment\n(F D)2 L").unwrap();
        assert_eq!(got, vec!["R", "U", "R'", "F", "D", "F", "D", "L"]);
    }

    #[test]
    fn unbalanced_parentheses_are_located() {
        let e = flat("R (U R").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = flat("R U)\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 4));
    }

    #[test]
    fn bad_token_reports_column() {
        let e = parse_alg(
            "R U\n  X2",
            |t: &str| {
                if t == "X2" {
                    Err("bad".into())
                } else {
                    Ok(vec![0u8])
                }
            },
            |m| m,
        )
        .unwrap_err();
        assert_eq!((e.token.as_str(), e.line, e.column), ("X2", 2, 3));
    }

    #[test]
    fn typographic_primes() {
        assert_eq!(flat("R’").unwrap(), vec!["R'"]);
    }

    #[test]
    fn suffixes() {
        assert_eq!(split_suffix("R"), Some(("R", 1)));
        assert_eq!(split_suffix("R'"), Some(("R", 3)));
        assert_eq!(split_suffix("R2'"), Some(("R", 2)));
        assert_eq!(split_suffix("DBR2'"), Some(("DBR", 2)));
        assert_eq!(split_suffix("R4"), None);
    }

    #[test]
    fn huge_repeat_refused() {
        let e = flat("(R)99999").unwrap_err();
        assert_eq!((e.token.as_str(), e.column), ("99999", 4));
        assert!(e.reason.contains("10,000"), "{}", e.reason);
    }

    fn primed(text: &str) -> Result<Vec<String>, ParseError> {
        parse_alg(
            text,
            |t| Ok(vec![t.to_string()]),
            |m: String| match m.strip_suffix('\'') {
                Some(base) => base.to_string(),
                None => format!("{m}'"),
            },
        )
    }

    #[test]
    fn nested_inversions_and_repeats() {
        assert_eq!(primed("((R U)2 F)'").unwrap(), ["F'", "U'", "R'", "U'", "R'"]);
        assert_eq!(primed("(R (U F)')2").unwrap(), ["R", "F'", "U'", "R", "F'", "U'"]);
        assert_eq!(primed("((R U')')'").unwrap(), ["R", "U'"]);
    }

    #[test]
    fn deep_nesting_refused_without_recursion() {
        let text = format!("{}U{}", "(".repeat(10_000), ")".repeat(10_000));
        let e = flat(&text).unwrap_err();
        assert_eq!((e.token.as_str(), e.line, e.column), ("(", 1, MAX_DEPTH + 1));
        assert!(e.reason.contains("nesting deeper than 100"), "{}", e.reason);
        let ok = format!("{}U{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(flat(&ok).unwrap(), ["U"]);
    }

    #[test]
    fn expansion_measured_before_it_is_built() {
        let text = format!("{}((U)1000)1000{}", "(".repeat(60), ")'".repeat(60));
        let e = flat(&text).unwrap_err();
        assert!(
            e.reason.contains("expands to more than 100,000 moves"),
            "{}",
            e.reason
        );
        assert_eq!((e.token.as_str(), e.line, e.column), ("(", 1, 61));
        let e = flat(&"((R)1000)1000 (".repeat(600)).unwrap_err();
        assert!(e.reason.contains("nesting deeper") || e.reason.contains("expands"));
        assert_eq!(flat("(U)100000").unwrap_err().token, "100000");
        assert_eq!(flat("((U)1000)100").unwrap().len(), MAX_EXPANDED);
        let e = flat("((U)1000)100 R").unwrap_err();
        assert_eq!((e.token.as_str(), e.column), ("R", 14));
    }
}
