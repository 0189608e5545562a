//! cubing.js's KPuzzle definitions (JSON): reading and writing.
//!
//! `{"name", "orbits": [{"orbitName", "numPieces", "numOrientations"}], "defaultPattern":
//! {ORBIT: {"pieces", "orientation", "orientationMod"?}}, "moves": {NAME: {ORBIT:
//! {"permutation", "orientationDelta"}}}, "derivedMoves"?: {NAME: "alg"}}`. Transformations
//! are in the state convention (as `MoveTransformation`); orbits a move leaves out are
//! untouched. `orientationMod` (0: every orientation counts) gives orientation wildcards.
//! `derivedMoves` become aliases (rotations when their names say so), read in held input.
//! Other fields (`experimentalPuzzleDescription`…) are ignored.

use super::error::DefError;
use super::spec::{Definition, MoveSpec, OrbitSpec, PatternSpec, SequenceSpec};
use super::tws::check_name;
use super::{MAX_ORIENTATIONS, MAX_PIECES, MAX_STATE_BYTES};
use serde_json::{json, Map, Value};

fn err(path: &str, reason: impl Into<String>) -> DefError {
    DefError::global(format!("{path}: {}", reason.into()))
}

fn numbers(v: Option<&Value>, n: usize, max: usize, path: &str) -> Result<Vec<u8>, DefError> {
    let Some(Value::Array(a)) = v else {
        return Err(err(path, "expected an array of numbers"));
    };
    if a.len() != n {
        return Err(err(path, format!("expected {n} numbers, found {}", a.len())));
    }
    a.iter()
        .enumerate()
        .map(|(i, x)| match x.as_u64() {
            Some(k) if (k as usize) < max => Ok(k as u8),
            Some(k) => Err(err(
                &format!("{path}[{i}]"),
                format!("{k} is out of range (0 to {})", max - 1),
            )),
            None => Err(err(&format!("{path}[{i}]"), "not a non-negative integer")),
        })
        .collect()
}

/// Reads a KPuzzle definition. Faults name the JSON path (or, for malformed JSON, the line
/// and column) and the reason.
pub fn parse_kpuzzle(text: &str) -> Result<Definition, DefError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| DefError::new(e.line(), e.column(), format!("not valid JSON: {e}")))?;
    let Value::Object(top) = v else {
        return Err(DefError::global("a KPuzzle definition is a JSON object"));
    };
    let name = top
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("Unnamed")
        .to_string();
    let Some(Value::Array(orbits)) = top.get("orbits") else {
        return Err(err("orbits", "missing (an array of orbit definitions)"));
    };
    let mut def = Definition {
        name,
        ..Definition::default()
    };
    for (i, o) in orbits.iter().enumerate() {
        let path = format!("orbits[{i}]");
        let oname = o
            .get("orbitName")
            .and_then(Value::as_str)
            .ok_or_else(|| err(&path, "missing orbitName"))?;
        check_name(oname, "set").map_err(|e| err(&path, e))?;
        if def.orbits.iter().any(|x| x.name == oname) {
            return Err(err(&path, format!("orbit `{oname}` is declared twice")));
        }
        let pieces = o.get("numPieces").and_then(Value::as_u64).unwrap_or(0) as usize;
        if pieces == 0 || pieces > MAX_PIECES {
            return Err(err(&path, format!("numPieces must be 1 to {MAX_PIECES}")));
        }
        let ori = o.get("numOrientations").and_then(Value::as_u64).unwrap_or(0) as usize;
        if ori == 0 || ori > MAX_ORIENTATIONS {
            return Err(err(
                &path,
                format!("numOrientations must be 1 to {MAX_ORIENTATIONS}"),
            ));
        }
        def.orbits.push(OrbitSpec {
            name: oname.to_string(),
            pieces,
            orientations: ori as u8,
            line: 0,
        });
        if def.state_len() > MAX_STATE_BYTES {
            return Err(err(
                &path,
                format!("the state would exceed {MAX_STATE_BYTES} bytes"),
            ));
        }
    }
    if def.orbits.is_empty() {
        return Err(err("orbits", "no orbits"));
    }
    let Some(Value::Object(pattern)) = top.get("defaultPattern") else {
        return Err(err("defaultPattern", "missing"));
    };
    for k in pattern.keys() {
        if def.orbits.iter().all(|o| &o.name != k) {
            return Err(err(&format!("defaultPattern.{k}"), "unknown orbit"));
        }
    }
    let mut bytes = Vec::new();
    let mut mods = Vec::new();
    for o in &def.orbits {
        let path = format!("defaultPattern.{}", o.name);
        let n = o.pieces;
        match pattern.get(&o.name) {
            Some(p) => {
                bytes.extend(numbers(p.get("pieces"), n, 256, &format!("{path}.pieces"))?);
                bytes.extend(numbers(
                    p.get("orientation"),
                    n,
                    o.orientations as usize,
                    &format!("{path}.orientation"),
                )?);
                match p.get("orientationMod") {
                    Some(m) => mods.extend(numbers(
                        Some(m),
                        n,
                        o.orientations as usize + 1,
                        &format!("{path}.orientationMod"),
                    )?),
                    None => mods.extend(std::iter::repeat_n(o.orientations, n)),
                }
            }
            None => {
                bytes.extend((0..n).map(|k| k as u8));
                bytes.extend(std::iter::repeat_n(0, n));
                mods.extend(std::iter::repeat_n(o.orientations, n));
            }
        }
    }
    def.solved.push(PatternSpec {
        bytes,
        orientation_mod: mods,
        line: 0,
    });
    let Some(Value::Object(moves)) = top.get("moves") else {
        return Err(err("moves", "missing (an object of move transformations)"));
    };
    for (mname, m) in moves {
        let path = format!("moves.{mname}");
        check_name(mname, "move").map_err(|e| err(&path, e))?;
        let Value::Object(m) = m else {
            return Err(err(&path, "expected an object of orbit transformations"));
        };
        for k in m.keys() {
            if def.orbits.iter().all(|o| &o.name != k) {
                return Err(err(&format!("{path}.{k}"), "unknown orbit"));
            }
        }
        let mut t = Vec::new();
        for o in &def.orbits {
            let n = o.pieces;
            match m.get(&o.name) {
                Some(x) => {
                    let p = numbers(
                        x.get("permutation"),
                        n,
                        n,
                        &format!("{path}.{}.permutation", o.name),
                    )?;
                    let mut seen = vec![false; n];
                    for (i, &v) in p.iter().enumerate() {
                        if seen[v as usize] {
                            return Err(err(
                                &format!("{path}.{}.permutation[{i}]", o.name),
                                format!("{v} appears twice: not a permutation"),
                            ));
                        }
                        seen[v as usize] = true;
                    }
                    t.extend(p);
                    t.extend(numbers(
                        x.get("orientationDelta"),
                        n,
                        o.orientations as usize,
                        &format!("{path}.{}.orientationDelta", o.name),
                    )?);
                }
                None => {
                    t.extend((0..n).map(|k| k as u8));
                    t.extend(std::iter::repeat_n(0, n));
                }
            }
        }
        def.moves.push(MoveSpec {
            name: mname.clone(),
            transform: t,
            line: 0,
        });
    }
    if let Some(Value::Object(derived)) = top.get("derivedMoves") {
        for (dname, alg) in derived {
            check_name(dname, "move").map_err(|e| err(&format!("derivedMoves.{dname}"), e))?;
            let Some(alg) = alg.as_str() else {
                return Err(err(&format!("derivedMoves.{dname}"), "expected an alg string"));
            };
            def.sequences.push(SequenceSpec {
                name: dname.clone(),
                text: alg.to_string(),
                alias: true,
                line: 0,
            });
        }
    }
    Ok(def)
}

/// Writes a definition as KPuzzle JSON (its first solved state as `defaultPattern`;
/// aliases as `derivedMoves`; `MoveSequence`s as `derivedMoves` too, which cubing.js reads
/// but does not search).
pub fn write_kpuzzle(def: &Definition) -> String {
    let mut orbits = Vec::new();
    let mut pattern = Map::new();
    let mut moves = Map::new();
    let mut off = 0;
    let mut moff = 0;
    let first = def.solved.first();
    for o in &def.orbits {
        let n = o.pieces;
        orbits.push(json!({"orbitName": o.name, "numPieces": n, "numOrientations": o.orientations}));
        if let Some(p) = first {
            let mut entry = json!({
                "pieces": p.bytes[off..off + n],
                "orientation": p.bytes[off + n..off + 2 * n],
            });
            let m = &p.orientation_mod[moff..moff + n];
            if m.iter().any(|&d| d != o.orientations && d != 0) {
                let mm: Vec<u8> = m
                    .iter()
                    .map(|&d| if d == o.orientations { 0 } else { d })
                    .collect();
                entry["orientationMod"] = json!(mm);
            }
            pattern.insert(o.name.clone(), entry);
        }
        off += 2 * n;
        moff += n;
    }
    for mv in &def.moves {
        let mut entry = Map::new();
        let mut off = 0;
        for o in &def.orbits {
            let n = o.pieces;
            entry.insert(
                o.name.clone(),
                json!({
                    "permutation": mv.transform[off..off + n],
                    "orientationDelta": mv.transform[off + n..off + 2 * n],
                }),
            );
            off += 2 * n;
        }
        moves.insert(mv.name.clone(), Value::Object(entry));
    }
    let mut top = json!({
        "name": def.name,
        "orbits": orbits,
        "defaultPattern": pattern,
        "moves": moves,
    });
    if !def.sequences.is_empty() {
        let mut d = Map::new();
        for s in &def.sequences {
            d.insert(s.name.clone(), json!(s.text));
        }
        top["derivedMoves"] = Value::Object(d);
    }
    serde_json::to_string_pretty(&top).unwrap_or_default()
}
