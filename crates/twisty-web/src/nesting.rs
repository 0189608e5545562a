//! A bound on the nesting of parentheses in a move sequence, checked before any parser sees
//! it: a deeply nested input (`((((…U…))))`) is refused with a parse error at the first
//! parenthesis too deep, so that no parser recursion depth depends on the request.

use twisty_engine::{EngineError, ErrorKind};

/// Deepest nesting of `(` accepted in a move sequence.
pub const MAX_NESTING: usize = 64;

/// Checks that `text` nests parentheses at most [`MAX_NESTING`] deep.
pub fn check(text: &str) -> Result<(), EngineError> {
    let mut depth = 0usize;
    for (line_no, line) in text.split('\n').enumerate() {
        for (col, c) in line.chars().enumerate() {
            match c {
                '(' | '[' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Err(EngineError {
                            token: Some(c.to_string()),
                            line: Some(line_no + 1),
                            column: Some(col + 1),
                            ..EngineError::new(
                                ErrorKind::Parse,
                                format!(
                                    "brackets nest more than {MAX_NESTING} deep at line {}, column {}",
                                    line_no + 1,
                                    col + 1
                                ),
                            )
                        });
                    }
                }
                ')' | ']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_refused_where_it_starts() {
        assert!(check("(R U)2 [R, U] ((R)2)3").is_ok());
        let ok = format!("{}U{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert!(check(&ok).is_ok());
        let bomb = format!("R\n{}U{}", "(".repeat(10_000), ")".repeat(10_000));
        let e = check(&bomb).err();
        assert_eq!(
            e.map(|e| (e.kind, e.line, e.column)),
            Some((ErrorKind::Parse, Some(2), Some(MAX_NESTING + 1)))
        );
    }
}
