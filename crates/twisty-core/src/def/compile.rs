//! Compiling a [`Definition`] into a [`DefPuzzle`]: checks, labels, move powers and names.

use super::error::DefError;
use super::spec::{is_rotation_name, Definition};
use super::transform::Layout;
use super::{
    BaseMove, DefPuzzle, Kind, MoveInfo, Named, MAX_BASE_MOVES, MAX_EXTRA_MOVES, MAX_MOVE_ORDER,
    MAX_ORIENTATIONS, MAX_PIECES, MAX_STATE_BYTES,
};
use crate::alg::parse_alg;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The name of power `k` of a base move `name` of order `order`, as twsearch writes it.
pub(crate) fn power_name(name: &str, k: usize, order: usize) -> String {
    let (amount, prime) = if order - k < k {
        (order - k, true)
    } else {
        (k, false)
    };
    let mut s = name.to_string();
    if amount != 1 {
        s.push_str(&amount.to_string());
    }
    if prime {
        s.push('\'');
    }
    s
}

/// The quarter-turn length of power `k` of a move of order `order`.
fn qtm(k: usize, order: usize) -> u8 {
    k.min(order - k) as u8
}

/// Ways to read `token` as a base name and an amount: `R`, `R2`, `R'`, `R2'`, `R'2`.
pub(crate) fn amount_readings(token: &str) -> Vec<(&str, i64)> {
    let mut out = vec![(token, 1)];
    let (body, prime) = match token.strip_suffix('\'') {
        Some(b) => (b, true),
        None => (token, false),
    };
    if prime {
        out.push((body, -1));
    }
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && digits <= 6 {
        let (base, num) = body.split_at(body.len() - digits);
        if let Ok(n) = num.parse::<i64>() {
            match base.strip_suffix('\'') {
                Some(b) if !prime => out.push((b, -n)),
                _ => out.push((base, if prime { -n } else { n })),
            }
        }
    }
    out.retain(|(b, _)| !b.is_empty());
    out
}

struct Builder<'a> {
    layout: &'a Layout,
    /// name → (kind, index into `all`)
    bases: Vec<(String, Kind, Vec<u8>, usize, usize)>, // name, kind, transform, order, line
    names: HashMap<String, (usize, usize)>, // expanded name -> (base, power)
    lines: HashMap<String, usize>,
}

impl Builder<'_> {
    fn add(&mut self, name: &str, kind: Kind, transform: Vec<u8>, line: usize) -> Result<(), DefError> {
        let id = self.layout.identity();
        if transform == id {
            return Err(DefError::new(line, 0, format!("move `{name}` changes nothing")));
        }
        let Some(order) = self.layout.order(&transform, MAX_MOVE_ORDER) else {
            return Err(DefError::new(
                line,
                0,
                format!("move `{name}` has an order over {MAX_MOVE_ORDER}"),
            ));
        };
        let index = self.bases.len();
        for k in 1..order {
            let n = power_name(name, k, order);
            if let Some(prev) = self.lines.get(&n) {
                return Err(DefError::new(
                    line,
                    0,
                    format!("the name `{n}` is defined twice (first on line {prev})"),
                ));
            }
            self.lines.insert(n.clone(), line);
            self.names.insert(n, (index, k));
        }
        self.bases.push((name.to_string(), kind, transform, order, line));
        Ok(())
    }

    /// The transformation of one token of a sequence, if every name in it is known yet.
    fn token(&self, token: &str) -> Option<Vec<u8>> {
        if let Some(&(b, k)) = self.names.get(token) {
            return Some(self.layout.power(&self.bases[b].2, k));
        }
        for (base, amount) in amount_readings(token) {
            if let Some(b) = self.bases.iter().position(|x| x.0 == base) {
                let order = self.bases[b].3 as i64;
                let k = amount.rem_euclid(order) as usize;
                return Some(self.layout.power(&self.bases[b].2, k));
            }
        }
        None
    }
}

impl DefPuzzle {
    /// Compiles a definition: checks it, numbers the labels, expands every base move into its
    /// powers and resolves the move sequences.
    pub fn new(spec: Definition) -> Result<DefPuzzle, DefError> {
        if spec.orbits.is_empty() {
            return Err(DefError::global("the definition has no orbits"));
        }
        for o in &spec.orbits {
            if o.pieces == 0 || o.pieces > MAX_PIECES {
                return Err(DefError::new(
                    o.line,
                    0,
                    format!(
                        "set `{}` has {} pieces (1 to {MAX_PIECES} allowed)",
                        o.name, o.pieces
                    ),
                ));
            }
            if o.orientations == 0 || o.orientations as usize > MAX_ORIENTATIONS {
                return Err(DefError::new(
                    o.line,
                    0,
                    format!(
                        "set `{}` has {} orientations (1 to {MAX_ORIENTATIONS} allowed)",
                        o.name, o.orientations
                    ),
                ));
            }
        }
        if spec.state_len() > MAX_STATE_BYTES {
            return Err(DefError::global(format!(
                "the state would be {} bytes, over the limit of {MAX_STATE_BYTES}",
                spec.state_len()
            )));
        }
        let layout = Layout::new(spec.orbits.iter().map(|o| (o.pieces, o.orientations)));
        let len = layout.len;
        let Some(first) = spec.solved.first() else {
            return Err(DefError::global("the definition has no solved state"));
        };
        for p in &spec.solved {
            if p.bytes.len() != len || p.orientation_mod.len() != len / 2 {
                return Err(DefError::new(p.line, 0, "a solved state has the wrong size"));
            }
        }
        // Labels: the first solved state's values, numbered densely in increasing order.
        let mut labels = vec![0u8; len];
        let mut home_ori = vec![0u8; len];
        let mut ori_mod = vec![1u8; len];
        let mut identical = false;
        let mut partial = false;
        let mut dense: Vec<Vec<u8>> = Vec::new(); // per orbit: value -> label (255: unused)
        let mut label_mods: Vec<Vec<u8>> = Vec::new();
        let mut moff = 0;
        for (oi, o) in layout.orbits.iter().enumerate() {
            let (off, n, m) = (o.offset, o.pieces, o.orientations);
            let name = &spec.orbits[oi].name;
            let mut present = [false; 256];
            for k in 0..n {
                present[first.bytes[off + k] as usize] = true;
            }
            let mut map = vec![255u8; 256];
            let mut next = 0u8;
            for v in 0..256 {
                if present[v] {
                    map[v] = next;
                    next = next.wrapping_add(1);
                }
            }
            if (next as usize) < n {
                identical = true;
            }
            let mut lmods = vec![0u8; 256];
            for k in 0..n {
                let l = map[first.bytes[off + k] as usize];
                labels[off + k] = l;
                let h = first.bytes[off + n + k];
                if h >= m {
                    return Err(DefError::new(
                        first.line,
                        0,
                        format!(
                            "set `{name}`: solved orientation {h} is out of range (0 to {})",
                            m - 1
                        ),
                    ));
                }
                home_ori[off + k] = h;
                let raw = first.orientation_mod[moff + k];
                let d = if raw == 0 || raw >= m { m } else { raw };
                if m % d != 0 {
                    return Err(DefError::new(
                        first.line,
                        0,
                        format!("set `{name}`: orientation modulus {d} does not divide {m}"),
                    ));
                }
                if d < m {
                    partial = true;
                }
                ori_mod[off + k] = d;
                if lmods[l as usize] == 0 {
                    lmods[l as usize] = d;
                } else if lmods[l as usize] != d {
                    return Err(DefError::new(
                        first.line,
                        0,
                        format!("set `{name}`: identical pieces must all have a `?` orientation or none"),
                    ));
                }
            }
            dense.push(map);
            label_mods.push(lmods);
            moff += n;
        }
        // Targets: every solved state as a pattern.
        let mut targets = Vec::new();
        for (si, p) in spec.solved.iter().enumerate() {
            let mut t = vec![0u8; len];
            for (oi, o) in layout.orbits.iter().enumerate() {
                let (off, n, m) = (o.offset, o.pieces, o.orientations);
                let name = &spec.orbits[oi].name;
                let mut counts = [0i32; 256];
                for k in 0..n {
                    counts[labels[off + k] as usize] += 1;
                    let l = dense[oi][p.bytes[off + k] as usize];
                    if l == 255 {
                        return Err(DefError::new(
                            p.line,
                            0,
                            format!(
                                "solved state {}: set `{name}` holds a piece the first solved state does not have",
                                si + 1
                            ),
                        ));
                    }
                    counts[l as usize] -= 1;
                    t[off + k] = l;
                    let d = label_mods[oi][l as usize].max(1);
                    let o_val = p.bytes[off + n + k];
                    if o_val >= m {
                        return Err(DefError::new(
                            p.line,
                            0,
                            format!("set `{name}`: solved orientation {o_val} is out of range"),
                        ));
                    }
                    t[off + n + k] = if d <= 1 { 0 } else { o_val % d };
                }
                if counts.iter().any(|&c| c != 0) {
                    return Err(DefError::new(
                        p.line,
                        0,
                        format!(
                            "solved state {}: set `{name}` does not hold the same pieces as the first solved state",
                            si + 1
                        ),
                    ));
                }
            }
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        // Moves: check each transformation, then expand powers.
        let mut b = Builder {
            layout: &layout,
            bases: Vec::new(),
            names: HashMap::new(),
            lines: HashMap::new(),
        };
        for mv in &spec.moves {
            check_transform(&layout, &spec, &mv.transform, &mv.name, mv.line)?;
            let kind = if is_rotation_name(&mv.name) {
                Kind::Rotation
            } else {
                Kind::Move
            };
            b.add(&mv.name, kind, mv.transform.clone(), mv.line)?;
        }
        let mut pending: Vec<usize> = (0..spec.sequences.len()).collect();
        while !pending.is_empty() {
            let mut progressed = false;
            let mut still = Vec::new();
            for &i in &pending {
                let seq = &spec.sequences[i];
                let parsed = parse_alg(
                    &seq.text,
                    |tok| b.token(tok).map(|t| vec![t]).ok_or_else(|| "unknown".to_string()),
                    |t| layout.invert(&t),
                );
                match parsed {
                    Ok(ts) => {
                        let mut acc = layout.identity();
                        for t in &ts {
                            acc = layout.compose(&acc, t);
                        }
                        let kind = if is_rotation_name(&seq.name) {
                            Kind::Rotation
                        } else if seq.alias {
                            Kind::Alias
                        } else {
                            Kind::Move
                        };
                        b.add(&seq.name, kind, acc, seq.line)?;
                        progressed = true;
                    }
                    Err(_) => still.push(i),
                }
            }
            if !progressed {
                let s = &spec.sequences[still[0]];
                let unknown = crate::alg::tokenize(&s.text)
                    .ok()
                    .and_then(|nodes| first_unknown(&nodes, &b))
                    .unwrap_or_else(|| s.text.clone());
                return Err(DefError::new(
                    s.line,
                    0,
                    format!(
                        "`{}` uses `{unknown}`, which is not a move, rotation or earlier sequence",
                        s.name
                    ),
                ));
            }
            pending = still;
        }
        // Split the bases by kind.
        let mut bases = Vec::new();
        let mut rotations = Vec::new();
        let mut aliases = Vec::new();
        let mut base_names = HashMap::new();
        let mut index_of = Vec::new();
        for (name, kind, transform, order, line) in &b.bases {
            let list = match kind {
                Kind::Move => &mut bases,
                Kind::Rotation => &mut rotations,
                Kind::Alias => &mut aliases,
            };
            index_of.push((*kind, list.len()));
            base_names.insert(name.clone(), (*kind, list.len()));
            list.push(BaseMove {
                name: name.clone(),
                order: *order,
                transform: transform.clone(),
                line: *line,
            });
        }
        if bases.is_empty() {
            return Err(DefError::global(
                "the definition has no moves (only rotations or aliases)",
            ));
        }
        if bases.len() > MAX_BASE_MOVES {
            return Err(DefError::global(format!(
                "the definition has {} base moves, over the limit of {MAX_BASE_MOVES}",
                bases.len()
            )));
        }
        if rotations.len() > MAX_EXTRA_MOVES || aliases.len() > MAX_EXTRA_MOVES {
            return Err(DefError::global(format!(
                "the definition has over {MAX_EXTRA_MOVES} rotations or aliases"
            )));
        }
        let mut moves = Vec::new();
        let mut names = HashMap::new();
        for (f, base) in bases.iter().enumerate() {
            let mut p = base.transform.clone();
            for k in 1..base.order {
                let name = power_name(&base.name, k, base.order);
                names.insert(name.clone(), Named::Move(moves.len()));
                moves.push(MoveInfo {
                    name,
                    face: f as u8,
                    power: k as u8,
                    transform: p.clone(),
                    qtm: qtm(k, base.order),
                });
                p = layout.compose(&p, &base.transform);
            }
        }
        for (i, r) in rotations.iter().enumerate() {
            for k in 1..r.order {
                names.insert(power_name(&r.name, k, r.order), Named::Rotation(i, k));
            }
        }
        for (i, a) in aliases.iter().enumerate() {
            for k in 1..a.order {
                names.insert(power_name(&a.name, k, a.order), Named::Alias(i, k));
            }
        }
        let nb = bases.len();
        let mut commute = vec![false; nb * nb];
        for i in 0..nb {
            for j in 0..nb {
                if i != j {
                    let ab = layout.compose(&bases[i].transform, &bases[j].transform);
                    let ba = layout.compose(&bases[j].transform, &bases[i].transform);
                    commute[i * nb + j] = ab == ba;
                }
            }
        }
        let mut illegal: Vec<(usize, usize, [u64; 4])> = Vec::new();
        for il in &spec.illegal {
            let Some(o) = layout.orbits.get(il.orbit) else {
                return Err(DefError::new(il.line, 0, "`Illegal` names an unknown set"));
            };
            if il.slot >= o.pieces {
                return Err(DefError::new(
                    il.line,
                    0,
                    "`Illegal` names a slot outside its set",
                ));
            }
            let pos = o.offset + il.slot;
            let entry = match illegal.iter_mut().find(|e| e.0 == pos) {
                Some(e) => e,
                None => {
                    illegal.push((pos, o.offset, [0; 4]));
                    let last = illegal.len() - 1;
                    &mut illegal[last]
                }
            };
            for &l in &il.labels {
                entry.2[l as usize / 64] |= 1 << (l % 64);
            }
        }
        let identity = layout.identity();
        Ok(DefPuzzle {
            spec,
            layout,
            identity,
            labels,
            home_ori,
            ori_mod,
            targets,
            bases,
            rotations,
            aliases,
            moves,
            commute,
            illegal,
            names,
            base_names,
            identical,
            partial_orientation: partial,
            chain: OnceLock::new(),
            held_tables: OnceLock::new(),
        })
    }
}

fn first_unknown(nodes: &[crate::alg::Node], b: &Builder<'_>) -> Option<String> {
    use crate::alg::Node;
    for n in nodes {
        let found = match n {
            Node::Token(t) => {
                let text = crate::alg::normalise_primes(&t.text);
                if b.token(&text).is_none() {
                    Some(text)
                } else {
                    None
                }
            }
            Node::Group { nodes, .. } => first_unknown(nodes, b),
            Node::Bracket { a, b: bb, .. } => first_unknown(a, b).or_else(|| first_unknown(bb, b)),
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Checks that `t` is a transformation: a permutation of each orbit's slots and
/// orientations in range.
fn check_transform(
    layout: &Layout,
    spec: &Definition,
    t: &[u8],
    name: &str,
    line: usize,
) -> Result<(), DefError> {
    if t.len() != layout.len {
        return Err(DefError::new(
            line,
            0,
            format!("move `{name}` has the wrong size"),
        ));
    }
    for (oi, o) in layout.orbits.iter().enumerate() {
        let (off, n, m) = (o.offset, o.pieces, o.orientations);
        let set = &spec.orbits[oi].name;
        let mut seen = vec![false; n];
        for i in 0..n {
            let v = t[off + i] as usize;
            if v >= n || seen[v] {
                return Err(DefError::new(
                    line,
                    0,
                    format!("move `{name}` is not a permutation of set `{set}` (piece {v} at slot {i})"),
                ));
            }
            seen[v] = true;
            if t[off + n + i] >= m {
                return Err(DefError::new(
                    line,
                    0,
                    format!(
                        "move `{name}`: orientation {} in set `{set}` is out of range (0 to {})",
                        t[off + n + i],
                        m - 1
                    ),
                ));
            }
        }
    }
    Ok(())
}
