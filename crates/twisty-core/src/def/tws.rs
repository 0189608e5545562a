//! twsearch's definition format (`.tws`, derived from ksolve's): reading and writing.
//!
//! A definition is a sequence of lines; a line whose first word starts with `#` is a
//! comment. In order:
//!
//! - `Name NAME` (optional, first);
//! - `Set NAME PIECES ORIENTATIONS`, one per orbit;
//! - `Solved` (1-based labels) or `StartState` (0-based), a *position block*: lines
//!   naming an orbit, each followed by a line of labels and optionally a line of
//!   orientations, then `End`. Orbits left out are solved with every piece distinct. Equal
//!   labels are identical pieces; `?` as an orientation means the piece's orientation does
//!   not matter. Further `Solved`/`StartState` blocks right after the first give more solved
//!   states (an extension of this reader; twsearch reads one);
//! - `Move NAME` (ksolve's convention: 1-based; the orientation line gives the change of
//!   each *piece*, by the slot it comes from) or `MoveTransformation NAME` (0-based; the
//!   orientation line gives the change at each destination slot, the convention states
//!   use), each a position block; names `x`, `y`, `z` or capitals followed by `v` (`Uv`)
//!   are whole-puzzle rotations, the others moves;
//! - `MoveSequence NAME MOVES…` (a new move, searched like the others) and
//!   `MoveAlias NAME MOVES` (a name that input may use, not searched; twsearch's form
//!   takes one word, moves separated by commas);
//! - `Illegal SET SLOT LABEL…` (1-based): the slot must never hold a piece with one of
//!   these labels (numbered from 1 in increasing order of the solved state's labels).

use super::error::DefError;
use super::spec::{Definition, IllegalSpec, MoveSpec, OrbitSpec, PatternSpec, SequenceSpec};
use super::{MAX_ORIENTATIONS, MAX_PIECES, MAX_STATE_BYTES};

/// One non-empty, non-comment line: its number and its words with their columns.
struct Line<'a> {
    number: usize,
    words: Vec<(usize, &'a str)>,
}

impl Line<'_> {
    fn word(&self, i: usize) -> &str {
        self.words.get(i).map(|w| w.1).unwrap_or("")
    }
    fn col(&self, i: usize) -> usize {
        self.words.get(i).map(|w| w.0).unwrap_or(0)
    }
    fn err(&self, i: usize, reason: impl Into<String>) -> DefError {
        DefError::new(self.number, self.col(i), reason)
    }
    fn expect(&self, n: usize, what: &str) -> Result<(), DefError> {
        if self.words.len() == n {
            Ok(())
        } else {
            Err(DefError::new(
                self.number,
                0,
                format!("{what} takes {} word(s), found {}", n, self.words.len()),
            ))
        }
    }
}

fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let mut words = Vec::new();
        let mut start: Option<(usize, usize)> = None; // (byte, column)
        for (col, (byte, c)) in raw.char_indices().enumerate() {
            if c <= ' ' {
                if let Some((b, col0)) = start.take() {
                    words.push((col0, &raw[b..byte]));
                }
            } else if start.is_none() {
                start = Some((byte, col + 1));
            }
        }
        if let Some((b, col0)) = start {
            words.push((col0, &raw[b..]));
        }
        if words.is_empty() || words[0].1.starts_with('#') {
            continue;
        }
        out.push(Line { number: i + 1, words });
    }
    out
}

fn number(line: &Line<'_>, i: usize, min: usize, max: usize, what: &str) -> Result<usize, DefError> {
    let w = line.word(i);
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) || w.len() > 6 {
        return Err(line.err(i, format!("{what}: `{w}` is not a number")));
    }
    let v: usize = w
        .parse()
        .map_err(|_| line.err(i, format!("{what}: `{w}` is not a number")))?;
    if v < min || v > max {
        return Err(line.err(i, format!("{what} {v} is out of range ({min} to {max})")));
    }
    Ok(v)
}

fn is_number_word(w: &str) -> bool {
    w == "?" || w.bytes().next().is_some_and(|b| b.is_ascii_digit())
}

/// Checks a move or set name: something move input can write as one token.
pub(crate) fn check_name(name: &str, what: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err(format!("a {what} name is empty"));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| c <= ' ' || matches!(c, ',' | '(' | ')' | '[' | ']' | ':' | '.' | '\'' | '’' | '/'))
    {
        return Err(format!(
            "{what} name `{name}` contains `{c}`, which move notation uses"
        ));
    }
    if what != "set" && name.ends_with(|c: char| c.is_ascii_digit()) {
        return Err(format!(
            "{what} name `{name}` ends with a digit, which would read as an amount"
        ));
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    Solved { zero_based: bool },
    Move { zero_based: bool },
}

/// Reads one position block (after its header line `lines[*at - 1]`) up to its `End`.
fn read_block(
    lines: &[Line<'_>],
    at: &mut usize,
    orbits: &[OrbitSpec],
    kind: Block,
    header_line: usize,
) -> Result<(Vec<u8>, Vec<u8>), DefError> {
    let total: usize = orbits.iter().map(|o| o.pieces).sum();
    let mut bytes = Vec::with_capacity(2 * total);
    let mut mods = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(orbits.len());
    for o in orbits {
        offsets.push(bytes.len());
        bytes.extend((0..o.pieces).map(|k| k as u8));
        bytes.extend(std::iter::repeat_n(0u8, o.pieces));
        mods.extend(std::iter::repeat_n(o.orientations, o.pieces));
    }
    let mut seen = vec![false; orbits.len()];
    // (orbit, lines of numbers read so far, line of the set name)
    let mut current: Option<(usize, usize, usize)> = None;
    let mut raw_ori: Vec<Option<u8>> = Vec::new();
    let finish_orbit = |current: Option<(usize, usize, usize)>| -> Result<(), DefError> {
        if let Some((o, 0, l)) = current {
            return Err(DefError::new(
                l,
                0,
                format!("set `{}` has no line of numbers after it", orbits[o].name),
            ));
        }
        Ok(())
    };
    loop {
        let Some(line) = lines.get(*at) else {
            return Err(DefError::new(
                header_line,
                0,
                "this block has no `End`".to_string(),
            ));
        };
        *at += 1;
        let first = line.word(0);
        if first == "End" {
            line.expect(1, "`End`")?;
            finish_orbit(current)?;
            break;
        }
        if is_number_word(first) {
            let Some((o, seq, name_line)) = current else {
                return Err(line.err(0, "a line of numbers needs a set name on the line before it"));
            };
            if seq >= 2 {
                return Err(line.err(
                    0,
                    format!(
                        "set `{}` already has its permutation and orientation lines",
                        orbits[o].name
                    ),
                ));
            }
            let orbit = &orbits[o];
            let n = orbit.pieces;
            if line.words.len() != n {
                return Err(DefError::new(
                    line.number,
                    0,
                    format!(
                        "set `{}` has {n} pieces but this line has {} numbers",
                        orbit.name,
                        line.words.len()
                    ),
                ));
            }
            let off = offsets[o];
            if seq == 0 {
                let (zero_based, is_move) = match kind {
                    Block::Solved { zero_based } => (zero_based, false),
                    Block::Move { zero_based } => (zero_based, true),
                };
                let base = usize::from(!zero_based);
                let max = if is_move { n - 1 + base } else { 255 + base };
                let mut used = vec![false; n];
                for k in 0..n {
                    if line.word(k) == "?" {
                        return Err(line.err(k, "`?` may stand only for an orientation"));
                    }
                    let v = number(line, k, base, max, "piece")? - base;
                    if is_move {
                        if used[v] {
                            return Err(line.err(
                                k,
                                format!(
                                    "{} appears twice: a move must send every piece of `{}` to its own slot",
                                    v + base,
                                    orbit.name
                                ),
                            ));
                        }
                        used[v] = true;
                    }
                    bytes[off + k] = v as u8;
                }
            } else {
                raw_ori.clear();
                for k in 0..n {
                    if line.word(k) == "?" {
                        if matches!(kind, Block::Move { .. }) {
                            return Err(line.err(k, "a move cannot have an unknown (`?`) orientation"));
                        }
                        raw_ori.push(None);
                        continue;
                    }
                    let v = number(line, k, 0, 255, "orientation")?;
                    if v >= orbit.orientations as usize {
                        return Err(line.err(
                            k,
                            format!(
                                "orientation {v} is out of range: set `{}` has {} orientation(s) (0 to {})",
                                orbit.name,
                                orbit.orientations,
                                orbit.orientations - 1
                            ),
                        ));
                    }
                    raw_ori.push(Some(v as u8));
                }
                let mod_off: usize = orbits[..o].iter().map(|x| x.pieces).sum();
                for k in 0..n {
                    match raw_ori[k] {
                        Some(v) => bytes[off + n + k] = v,
                        None => {
                            bytes[off + n + k] = 0;
                            mods[mod_off + k] = 1;
                        }
                    }
                }
                if kind == (Block::Move { zero_based: false }) {
                    // ksolve gives the change of the piece that arrives, by its home slot:
                    // the change at slot k is the one of the piece coming from p[k].
                    let read: Vec<u8> = bytes[off + n..off + 2 * n].to_vec();
                    for k in 0..n {
                        bytes[off + n + k] = read[bytes[off + k] as usize];
                    }
                }
            }
            current = Some((o, seq + 1, name_line));
        } else {
            if matches!(
                first,
                "Name"
                    | "Set"
                    | "Solved"
                    | "StartState"
                    | "Move"
                    | "MoveTransformation"
                    | "MoveAlias"
                    | "MoveSequence"
                    | "Illegal"
            ) {
                return Err(line.err(
                    0,
                    format!("`{first}` here: the block that starts on line {header_line} has no `End`"),
                ));
            }
            line.expect(1, "a set name")?;
            finish_orbit(current)?;
            let Some(o) = orbits.iter().position(|x| x.name == first) else {
                let names: Vec<&str> = orbits.iter().map(|x| x.name.as_str()).collect();
                return Err(line.err(
                    0,
                    format!("unknown set `{first}` (the sets are {})", names.join(", ")),
                ));
            };
            if seen[o] {
                return Err(line.err(0, format!("set `{first}` appears twice in this block")));
            }
            seen[o] = true;
            current = Some((o, 0, line.number));
        }
    }
    Ok((bytes, mods))
}

/// Reads a definition in twsearch's `.tws` format.
///
/// Every fault is reported with its line (and column where one word is at fault) and the
/// reason: unknown sets, wrong numbers of pieces, orientations out of range, moves that are
/// not permutations, duplicate names, and sizes over the limits ([`MAX_PIECES`] pieces per
/// set, [`MAX_ORIENTATIONS`] orientations, [`MAX_STATE_BYTES`] bytes of state).
pub fn parse_tws(text: &str) -> Result<Definition, DefError> {
    let lines = lines(text);
    let mut def = Definition::default();
    let mut stage = 0; // 0: before sets, 1: sets, 2: after the solved state
    let mut at = 0;
    let mut named = false;
    let mut state_bytes = 0usize;
    while at < lines.len() {
        let line = &lines[at];
        at += 1;
        match line.word(0) {
            "Name" => {
                if stage != 0 || named {
                    return Err(line.err(0, "`Name` must come first"));
                }
                if line.words.len() < 2 {
                    return Err(line.err(0, "`Name` needs a name"));
                }
                def.name = line.words[1..].iter().map(|w| w.1).collect::<Vec<_>>().join(" ");
                named = true;
            }
            "Set" => {
                if stage > 1 {
                    return Err(line.err(0, "`Set` must come before the solved state"));
                }
                stage = 1;
                line.expect(4, "`Set`")?;
                let name = line.word(1).to_string();
                check_name(&name, "set").map_err(|e| line.err(1, e))?;
                if name == "End" || is_number_word(&name) {
                    return Err(line.err(1, format!("`{name}` cannot name a set")));
                }
                if def.orbits.iter().any(|o| o.name == name) {
                    return Err(line.err(1, format!("set `{name}` is declared twice")));
                }
                let pieces = number(line, 2, 1, MAX_PIECES, "the number of pieces")?;
                let orientations = number(line, 3, 1, MAX_ORIENTATIONS, "the number of orientations")?;
                state_bytes += 2 * pieces;
                if state_bytes > MAX_STATE_BYTES {
                    return Err(line.err(
                        2,
                        format!(
                            "the state would exceed {MAX_STATE_BYTES} bytes (two per piece): the sets are too large"
                        ),
                    ));
                }
                def.orbits.push(OrbitSpec {
                    name,
                    pieces,
                    orientations: orientations as u8,
                    line: line.number,
                });
            }
            w @ ("Solved" | "StartState") => {
                if stage == 0 {
                    return Err(line.err(0, format!("`{w}` needs at least one `Set` before it")));
                }
                if stage == 2 && !def.moves.is_empty() {
                    return Err(line.err(0, format!("`{w}` must come before the moves")));
                }
                line.expect(1, &format!("`{w}`"))?;
                let (bytes, orientation_mod) = read_block(
                    &lines,
                    &mut at,
                    &def.orbits,
                    Block::Solved {
                        zero_based: w == "StartState",
                    },
                    line.number,
                )?;
                def.solved.push(PatternSpec {
                    bytes,
                    orientation_mod,
                    line: line.number,
                });
                stage = 2;
            }
            w @ ("Move" | "MoveTransformation") => {
                if stage != 2 {
                    return Err(line.err(0, format!("`{w}` must come after the solved state")));
                }
                line.expect(2, &format!("`{w}`"))?;
                let name = line.word(1).to_string();
                check_name(&name, "move").map_err(|e| line.err(1, e))?;
                let (transform, _) = read_block(
                    &lines,
                    &mut at,
                    &def.orbits,
                    Block::Move {
                        zero_based: w == "MoveTransformation",
                    },
                    line.number,
                )?;
                def.moves.push(MoveSpec {
                    name,
                    transform,
                    line: line.number,
                });
            }
            w @ ("MoveAlias" | "MoveSequence") => {
                if stage != 2 {
                    return Err(line.err(0, format!("`{w}` must come after the solved state")));
                }
                let alias = w == "MoveAlias";
                if line.words.len() < 3 {
                    return Err(line.err(0, format!("`{w}` needs a name and a sequence")));
                }
                let name = line.word(1).to_string();
                check_name(&name, "move").map_err(|e| line.err(1, e))?;
                let mut text = line.words[2..].iter().map(|w| w.1).collect::<Vec<_>>().join(" ");
                if alias && !text.contains('[') {
                    text = text
                        .split(',')
                        .filter(|w| !w.is_empty())
                        .collect::<Vec<_>>()
                        .join(" ");
                }
                def.sequences.push(SequenceSpec {
                    name,
                    text,
                    alias,
                    line: line.number,
                });
            }
            "Illegal" => {
                if stage != 2 {
                    return Err(line.err(0, "`Illegal` must come after the solved state"));
                }
                if line.words.len() < 4 {
                    return Err(line.err(0, "`Illegal` needs a set, a slot and at least one label"));
                }
                let set = line.word(1);
                let Some(orbit) = def.orbits.iter().position(|o| o.name == set) else {
                    return Err(line.err(1, format!("unknown set `{set}`")));
                };
                let n = def.orbits[orbit].pieces;
                let slot = number(line, 2, 1, n, "the slot")? - 1;
                let mut labels = Vec::new();
                for k in 3..line.words.len() {
                    labels.push((number(line, k, 1, 256, "the label")? - 1) as u8);
                }
                def.illegal.push(IllegalSpec {
                    orbit,
                    slot,
                    labels,
                    line: line.number,
                });
            }
            other => {
                return Err(line.err(0, format!("unexpected `{other}` at the start of a line")));
            }
        }
    }
    if def.orbits.is_empty() {
        return Err(DefError::global("the definition has no `Set`"));
    }
    if def.solved.is_empty() {
        return Err(DefError::global(
            "the definition has no `Solved` (or `StartState`) block",
        ));
    }
    if def.moves.is_empty() && def.sequences.iter().all(|s| s.alias) {
        return Err(DefError::global("the definition has no `Move`"));
    }
    if def.name.is_empty() {
        def.name = "Unnamed".to_string();
    }
    Ok(def)
}

fn push_numbers(out: &mut String, values: impl Iterator<Item = String>) {
    let v: Vec<String> = values.collect();
    out.push_str(&v.join(" "));
    out.push('\n');
}

/// Writes a definition in the `.tws` format (0-based `StartState` and
/// `MoveTransformation` blocks), after the comment lines `header` (each written with a
/// leading `# `). Reading the text back gives the same definition.
///
/// Fails only when a solved state counts an orientation modulo something other than 1
/// (`?`) or the whole orientation count, which the format cannot say.
pub fn write_tws(def: &Definition, header: &[String]) -> Result<String, DefError> {
    let mut out = String::new();
    for h in header {
        out.push_str("# ");
        out.push_str(h);
        out.push('\n');
    }
    out.push_str(&format!("Name {}\n\n", def.name));
    for o in &def.orbits {
        out.push_str(&format!("Set {} {} {}\n", o.name, o.pieces, o.orientations));
    }
    for p in &def.solved {
        out.push_str("\nStartState\n");
        let (mut off, mut moff) = (0, 0);
        for o in &def.orbits {
            let n = o.pieces;
            out.push_str(&o.name);
            out.push('\n');
            push_numbers(&mut out, p.bytes[off..off + n].iter().map(|v| v.to_string()));
            let mut ori = Vec::with_capacity(n);
            for k in 0..n {
                let m = p.orientation_mod[moff + k];
                if m == 1 && o.orientations > 1 {
                    ori.push("?".to_string());
                } else if m == 0 || m == o.orientations || o.orientations == 1 {
                    ori.push(p.bytes[off + n + k].to_string());
                } else {
                    return Err(DefError::new(
                        p.line,
                        0,
                        format!(
                            "set `{}` counts an orientation modulo {m}, which the .tws format cannot write",
                            o.name
                        ),
                    ));
                }
            }
            push_numbers(&mut out, ori.into_iter());
            off += 2 * n;
            moff += n;
        }
        out.push_str("End\n");
    }
    for m in &def.moves {
        out.push_str(&format!("\nMoveTransformation {}\n", m.name));
        let mut off = 0;
        for o in &def.orbits {
            let n = o.pieces;
            let perm = &m.transform[off..off + n];
            let ori = &m.transform[off + n..off + 2 * n];
            if perm.iter().enumerate().any(|(k, &v)| v as usize != k) || ori.iter().any(|&v| v != 0) {
                out.push_str(&o.name);
                out.push('\n');
                push_numbers(&mut out, perm.iter().map(|v| v.to_string()));
                push_numbers(&mut out, ori.iter().map(|v| v.to_string()));
            }
            off += 2 * n;
        }
        out.push_str("End\n");
    }
    if !def.sequences.is_empty() {
        out.push('\n');
    }
    for s in &def.sequences {
        if s.alias && !s.text.contains('[') {
            out.push_str(&format!("MoveAlias {} {}\n", s.name, s.text.replace(' ', ",")));
        } else if s.alias {
            out.push_str(&format!("MoveAlias {} {}\n", s.name, s.text));
        } else {
            out.push_str(&format!("MoveSequence {} {}\n", s.name, s.text));
        }
    }
    if !def.illegal.is_empty() {
        out.push('\n');
    }
    for i in &def.illegal {
        let labels: Vec<String> = i.labels.iter().map(|l| (*l as usize + 1).to_string()).collect();
        out.push_str(&format!(
            "Illegal {} {} {}\n",
            def.orbits[i.orbit].name,
            i.slot + 1,
            labels.join(" ")
        ));
    }
    Ok(out)
}
