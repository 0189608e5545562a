//! Tests of the move-sequence grammar: separators, groups, brackets, errors and bounds.

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
fn commutators_and_conjugates() {
    assert_eq!(primed("[R, U]").unwrap(), ["R", "U", "R'", "U'"]);
    assert_eq!(primed("[R: U]").unwrap(), ["R", "U", "R'"]);
    assert_eq!(
        primed("[R U R', D]").unwrap(),
        ["R", "U", "R'", "D", "R", "U'", "R'", "D'"]
    );
    assert_eq!(primed("[R, U]'").unwrap(), ["U", "R", "U'", "R'"]);
    assert_eq!(primed("[R: U]'").unwrap(), ["R", "U'", "R'"]);
    assert_eq!(primed("[R: U]2").unwrap(), ["R", "U", "R'", "R", "U", "R'"]);
    assert_eq!(
        primed("[R,U]2'").unwrap(),
        ["U", "R", "U'", "R'", "U", "R", "U'", "R'"]
    );
    assert_eq!(primed("[F: [R, U]]").unwrap(), ["F", "R", "U", "R'", "U'", "F'"]);
    assert_eq!(
        primed("[R, [U: F]]").unwrap(),
        ["R", "U", "F", "U'", "R'", "U", "F'", "U'"]
    );
    // Commas inside a parenthesised group in a bracket still separate tokens.
    assert_eq!(primed("[(R, U), F]").unwrap(), ["R", "U", "F", "U'", "R'", "F'"]);
    assert_eq!(
        primed("([R, U] F)2").unwrap(),
        ["R", "U", "R'", "U'", "F", "R", "U", "R'", "U'", "F"]
    );
    // Across lines, with comments.
    assert_eq!(
        primed("[R U, // first part\n D]").unwrap(),
        ["R", "U", "D", "U'", "R'", "D'"]
    );
}

#[test]
fn pauses_turn_nothing() {
    assert_eq!(flat("R . U").unwrap(), ["R", "U"]);
    assert_eq!(flat("R.U ..").unwrap(), ["R", "U"]);
    assert_eq!(primed("[R: . U]").unwrap(), ["R", "U", "R'"]);
    assert_eq!(flat(". . .").unwrap(), Vec::<String>::new());
}

#[test]
fn malformed_brackets_are_located() {
    let at = |text: &str| {
        let e = flat(text).unwrap_err();
        (e.token, e.line, e.column, e.reason)
    };
    let (t, l, c, r) = at("R [U F]");
    assert_eq!((t.as_str(), l, c), ("[", 1, 3));
    assert!(
        r.contains("commutator [A, B]") && r.contains("conjugate [A: B]"),
        "{r}"
    );
    let (t, _, c, r) = at("[R, U, F]");
    assert_eq!((t.as_str(), c), (",", 6));
    assert!(r.contains("second separator"), "{r}");
    let (t, _, c, r) = at("[R: U: F]");
    assert_eq!((t.as_str(), c), (":", 6));
    assert!(r.contains("second separator"), "{r}");
    let (_, _, c, r) = at("[, U]");
    assert_eq!(c, 2);
    assert!(r.contains("commutator's first part is empty"), "{r}");
    let (_, _, c, r) = at("[R: ]");
    assert_eq!(c, 5);
    assert!(r.contains("conjugate's second part is empty"), "{r}");
    let (t, _, c, r) = at("[R, U)");
    assert_eq!((t.as_str(), c), (")", 6));
    assert!(r.contains("closes the `[` of line 1 column 1"), "{r}");
    let (t, _, c, r) = at("(R U]");
    assert_eq!((t.as_str(), c), ("]", 5));
    assert!(r.contains("closes the `(` of line 1 column 1"), "{r}");
    let (t, _, c, r) = at("R U]");
    assert_eq!((t.as_str(), c), ("]", 4));
    assert!(r.contains("without an opening one"), "{r}");
    let (t, l, c, r) = at("R\n  [R, U");
    assert_eq!((t.as_str(), l, c), ("[", 2, 3));
    assert!(r.contains("bracket is never closed"), "{r}");
    let (t, _, c, r) = at("R: U");
    assert_eq!((t.as_str(), c), (":", 2));
    assert!(r.contains("outside a bracket"), "{r}");
    let (t, _, c, r) = at("[R, U]x");
    assert_eq!((t.as_str(), c), ("]x", 6));
    assert!(r.contains("unexpected text after a group"), "{r}");
    let (t, _, c, _) = at("[R, U]0");
    assert_eq!((t.as_str(), c), ("0", 7));
}

#[test]
fn bracket_expansion_and_nesting_are_bounded() {
    // (2·1000 + 2·1000)·100 = 400,000 moves: refused at the bracket, before expanding.
    let e = flat("[(U)1000, (R)1000]100").unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("[", 1));
    assert!(
        e.reason.contains("expands to more than 100,000 moves"),
        "{}",
        e.reason
    );
    // A conjugate counts its first part twice and its second once; a commutator both
    // twice: 2·10,000 + 2·40,000 is exactly the limit.
    assert_eq!(flat("[R: ((U)1000)49]").unwrap().len(), 49_002);
    assert_eq!(flat("[(U)10000, ((R)10000)4]").unwrap().len(), MAX_EXPANDED);
    assert!(flat("[(U)10000, ((R)10000)4] F").is_err());
    let text = format!("{}R, U{}", "[R: ".repeat(10_000), "]".repeat(10_000));
    let e = flat(&text).unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("[", 4 * MAX_DEPTH + 1));
    assert!(e.reason.contains("nesting deeper than 100"), "{}", e.reason);
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

#[test]
fn moves_run_together_get_a_hint_with_spaces() {
    let cube = crate::cube3::Cube3;
    let e = crate::Puzzle::parse_moves(&cube, "RUR'U'").unwrap_err();
    assert!(
        e.reason.contains("moves are separated by spaces: `R U R' U'`"),
        "{}",
        e.reason
    );
    let e = crate::Puzzle::parse_moves(&crate::kilominx::Kilominx, "R BLDR2").unwrap_err();
    assert!(e.reason.contains("`BL DR2`"), "{}", e.reason);
    // A token that is no run of moves gets no hint.
    let e = crate::Puzzle::parse_moves(&cube, "Q").unwrap_err();
    assert!(!e.reason.contains("separated by spaces"), "{}", e.reason);
}
