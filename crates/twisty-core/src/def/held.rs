//! [`Held`] for [`DefPuzzle`]: input and answers as the puzzle is held.
//!
//! The puzzle in the user's hands is the reference state seen through a whole-puzzle
//! rotation, the *frame* `F` (an element of the group the definition's rotations generate):
//! physically it is `S·F`, the reference state `S` then the rotation. A rotation token `r`
//! turns the frame (`F ← F·r`). Any other token `T` (a move or an alias, typed on the puzzle
//! as held) is `F·T·F⁻¹` in the reference frame, which must be one or two of the puzzle's
//! moves followed by a rotation `R`: the moves go into the state and `F ← R·F`. So a wide
//! move, a slice or the turn of a face the definition keeps fixed is read as the moves it
//! amounts to plus the rotation it makes.
//!
//! Answers are written back as held: each reference move `M` as the token `F⁻¹·M·F` when
//! the definition names it (a move or an alias); if one has no name, the answer starts with
//! the rotations that bring the puzzle back to the reference frame and uses the reference
//! names.

use super::{DefMove, DefPuzzle, DefState, Kind};
use crate::alg::parse_alg_within;
use crate::error::ParseError;
use crate::held::Held;
use crate::puzzle::Puzzle;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Most whole-puzzle orientations tracked.
pub const MAX_FRAMES: usize = 1000;

/// A whole-puzzle orientation: an index into the group the rotations generate (0: home).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DefFrame(pub u16);

/// A held turn in a frame as reference moves and the rotation it leaves: `(moves, R)`.
type Decomposition = Option<(Vec<usize>, u16)>;

/// Precomputed data for held input and output.
#[derive(Debug)]
pub struct HeldTables {
    frames: Vec<Vec<u8>>,
    frame_index: HashMap<Vec<u8>, u16>,
    /// Per frame, a word in base rotations `(rotation, power)` that makes it from home.
    words: Vec<Vec<(usize, usize)>>,
    /// Search move transformations → move index.
    single: HashMap<Vec<u8>, usize>,
    /// Transformations → a held name (moves first, then aliases).
    named: HashMap<Vec<u8>, String>,
    /// Why the rotations could not be tracked, if they could not.
    overflow: bool,
    /// (frame, kind, base, power) → (moves, new-frame-before-F)
    cache: Mutex<HashMap<(u16, u8, usize, usize), Decomposition>>,
}

impl DefPuzzle {
    fn held_tables(&self) -> Arc<HeldTables> {
        self.held_tables
            .get_or_init(|| Arc::new(self.build_held()))
            .clone()
    }

    fn build_held(&self) -> HeldTables {
        let l = &self.layout;
        let id = self.identity.clone();
        let mut frames = vec![id.clone()];
        let mut words: Vec<Vec<(usize, usize)>> = vec![Vec::new()];
        let mut frame_index = HashMap::new();
        frame_index.insert(id.clone(), 0u16);
        let mut overflow = false;
        let mut i = 0;
        'bfs: while i < frames.len() {
            for (r, rot) in self.rotations.iter().enumerate() {
                let next = l.compose(&frames[i], &rot.transform);
                if !frame_index.contains_key(&next) {
                    if frames.len() >= MAX_FRAMES {
                        overflow = true;
                        break 'bfs;
                    }
                    frame_index.insert(next.clone(), frames.len() as u16);
                    let mut w = words[i].clone();
                    w.push((r, 1));
                    words.push(w);
                    frames.push(next);
                }
            }
            i += 1;
        }
        if overflow {
            frames.truncate(1);
            words.truncate(1);
            frame_index.clear();
            frame_index.insert(id, 0);
        }
        let mut single = HashMap::new();
        let mut named = HashMap::new();
        for (m, info) in self.moves.iter().enumerate() {
            single.entry(info.transform.clone()).or_insert(m);
            named
                .entry(info.transform.clone())
                .or_insert_with(|| info.name.clone());
        }
        for a in &self.aliases {
            let mut p = a.transform.clone();
            for k in 1..a.order {
                named
                    .entry(p.clone())
                    .or_insert_with(|| super::compile::power_name(&a.name, k, a.order));
                p = l.compose(&p, &a.transform);
            }
        }
        HeldTables {
            frames,
            frame_index,
            words,
            single,
            named,
            overflow,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The number of whole-puzzle orientations the rotations generate (1 without rotations).
    pub fn frame_count(&self) -> usize {
        self.held_tables().frames.len()
    }

    /// The same puzzle with every whole-puzzle rotation of each solved state solved too (for
    /// definitions whose moves can turn the whole puzzle, or to solve up to orientation).
    pub fn with_rotated_solved_states(&self) -> DefPuzzle {
        let t = self.held_tables();
        let mut out = self.clone();
        let mut extra = Vec::new();
        for target_state in [self.identity.clone()] {
            for f in &t.frames {
                let rotated = self.layout.compose(&target_state, f);
                extra.push(self.pattern(&rotated));
            }
        }
        for p in extra {
            if !out.targets.contains(&p) {
                out.targets.push(p);
            }
        }
        out
    }

    /// The rotation of a frame, as a transformation.
    pub fn frame_transform(&self, frame: DefFrame) -> Vec<u8> {
        let t = self.held_tables();
        t.frames
            .get(frame.0 as usize)
            .cloned()
            .unwrap_or_else(|| self.identity.clone())
    }

    fn transform_of_kind(&self, kind: Kind, base: usize, power: usize) -> Vec<u8> {
        let b = match kind {
            Kind::Move => &self.bases[base],
            Kind::Rotation => &self.rotations[base],
            Kind::Alias => &self.aliases[base],
        };
        self.layout.power(&b.transform, power)
    }

    /// `F·T·F⁻¹` as moves then a rotation: `(moves, R)`.
    fn decompose(&self, t: &HeldTables, frame: u16, kind: Kind, base: usize, power: usize) -> Decomposition {
        let key = (frame, kind as u8, base, power);
        if let Ok(cache) = t.cache.lock() {
            if let Some(v) = cache.get(&key) {
                return v.clone();
            }
        }
        let l = &self.layout;
        let f = &t.frames[frame as usize];
        let tt = self.transform_of_kind(kind, base, power);
        let x = l.compose(&l.compose(f, &tt), &l.invert(f));
        let mut found = None;
        'search: for (ri, r) in t.frames.iter().enumerate() {
            let y = l.compose(&x, &l.invert(r));
            if y == self.identity {
                found = Some((Vec::new(), ri as u16));
                break;
            }
            if let Some(&m) = t.single.get(&y) {
                found = Some((vec![m], ri as u16));
                break;
            }
            if self.moves.len() <= 1024 {
                for (m1, info) in self.moves.iter().enumerate() {
                    let z = l.compose(&l.invert(&info.transform), &y);
                    if let Some(&m2) = t.single.get(&z) {
                        found = Some((vec![m1, m2], ri as u16));
                        break 'search;
                    }
                }
            }
        }
        if let Ok(mut cache) = t.cache.lock() {
            cache.insert(key, found.clone());
        }
        found
    }

    fn held_token(&self, token: &str) -> Result<Vec<(Kind, usize, usize)>, String> {
        match self.resolve(token) {
            Some((_, _, 0)) => Ok(Vec::new()),
            Some(x) => Ok(vec![x]),
            None => Err(format!(
                "not a move of {} (its moves: {})",
                self.spec.name,
                self.some_names()
            )),
        }
    }

    fn inverse_token(&self, (kind, base, power): (Kind, usize, usize)) -> (Kind, usize, usize) {
        let order = match kind {
            Kind::Move => self.bases[base].order,
            Kind::Rotation => self.rotations[base].order,
            Kind::Alias => self.aliases[base].order,
        };
        (kind, base, (order - power) % order)
    }

    /// Applies held `text` and returns the reference moves it amounted to.
    fn run_held(
        &self,
        state: &mut DefState,
        frame: &mut DefFrame,
        text: &str,
        record: &mut Vec<DefMove>,
    ) -> Result<(), ParseError> {
        // A token held in a turned frame is at most two of the definition's moves, each
        // rewriting the whole state.
        let bytes = 2 * self.layout.len as u64;
        let tokens = parse_alg_within(
            text,
            |tok| self.held_token(tok),
            |x| self.inverse_token(x),
            |_| bytes,
        )?;
        let t = self.held_tables();
        let l = &self.layout;
        let mut buf = vec![0u8; l.len];
        for (kind, base, power) in tokens {
            if power == 0 {
                continue;
            }
            if kind == Kind::Rotation {
                if t.overflow {
                    return Err(token_error(
                        text,
                        &self.rotations[base].name,
                        format!(
                            "the rotations of {} make over {MAX_FRAMES} orientations, too many to track",
                            self.spec.name
                        ),
                    ));
                }
                let f = l.compose(
                    &t.frames[frame.0 as usize],
                    &self.transform_of_kind(kind, base, power),
                );
                match t.frame_index.get(&f) {
                    Some(&i) => frame.0 = i,
                    None => {
                        return Err(token_error(
                            text,
                            &self.rotations[base].name,
                            "rotation not tracked".to_string(),
                        ))
                    }
                }
                continue;
            }
            if kind == Kind::Move && frame.0 == 0 {
                if let Some(m) = self.move_of(base, power) {
                    self.apply_into(&state.0, m.index(), &mut buf);
                    std::mem::swap(&mut state.0, &mut buf);
                    record.push(m);
                }
                continue;
            }
            let Some((moves, r)) = self.decompose(&t, frame.0, kind, base, power) else {
                let name = match kind {
                    Kind::Alias => &self.aliases[base].name,
                    _ => &self.bases[base].name,
                };
                return Err(token_error(
                    text,
                    name,
                    format!(
                        "as the puzzle is held, this turn is not a move of {}",
                        self.spec.name
                    ),
                ));
            };
            for m in moves {
                self.apply_into(&state.0, m, &mut buf);
                std::mem::swap(&mut state.0, &mut buf);
                record.push(DefMove(m as u16));
            }
            if r != 0 {
                let f = l.compose(&t.frames[r as usize], &t.frames[frame.0 as usize]);
                frame.0 = t.frame_index.get(&f).copied().unwrap_or(0);
            }
        }
        Ok(())
    }

    /// The tokens of the rotations that make `frame` from home.
    fn rotation_words(&self, frame: DefFrame) -> Vec<String> {
        let t = self.held_tables();
        t.words
            .get(frame.0 as usize)
            .map(|w| {
                w.iter()
                    .map(|&(r, k)| {
                        let rot = &self.rotations[r];
                        super::compile::power_name(&rot.name, k, rot.order)
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The frame of a frame's inverse rotation.
    fn inverse_frame(&self, frame: DefFrame) -> DefFrame {
        let t = self.held_tables();
        let f = self.layout.invert(&t.frames[frame.0 as usize]);
        DefFrame(t.frame_index.get(&f).copied().unwrap_or(0))
    }
}

/// A parse error at the first occurrence of `name` in `text`.
fn token_error(text: &str, name: &str, reason: String) -> ParseError {
    let (mut line, mut column) = (1, 1);
    for (i, l) in text.lines().enumerate() {
        if let Some(b) = l.find(name) {
            line = i + 1;
            column = l[..b].chars().count() + 1;
            break;
        }
    }
    ParseError {
        token: name.to_string(),
        line,
        column,
        reason,
    }
}

impl Held for DefPuzzle {
    type Frame = DefFrame;

    fn home_frame(&self) -> DefFrame {
        DefFrame(0)
    }

    fn apply_held(&self, state: &mut DefState, frame: &mut DefFrame, text: &str) -> Result<(), ParseError> {
        let mut record = Vec::new();
        self.run_held(state, frame, text, &mut record)
    }

    fn held_moves(&self, frame: DefFrame, moves: &[DefMove]) -> Vec<String> {
        if frame.0 == 0 {
            return moves.iter().map(|m| self.moves[m.index()].name.clone()).collect();
        }
        let t = self.held_tables();
        let l = &self.layout;
        let f = &t.frames[frame.0 as usize];
        let finv = l.invert(f);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            let u = l.compose(&l.compose(&finv, &self.moves[m.index()].transform), f);
            match t.named.get(&u) {
                Some(name) => out.push(name.clone()),
                None => {
                    let mut v = self.rotation_words(self.inverse_frame(frame));
                    v.extend(moves.iter().map(|m| self.moves[m.index()].name.clone()));
                    return v;
                }
            }
        }
        out
    }

    fn reference_moves(&self, text: &str) -> Option<Vec<DefMove>> {
        let mut state = self.solved();
        let mut frame = DefFrame(0);
        let mut record = Vec::new();
        self.run_held(&mut state, &mut frame, text, &mut record).ok()?;
        Some(record)
    }
}
