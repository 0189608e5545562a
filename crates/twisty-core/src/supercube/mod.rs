//! The full N×N×N supercube (seed 004): all N³ cubies, inner ones and the core included,
//! each in one of the 24 orientations of the cube's rotation group.
//!
//! # Model
//!
//! Cubie positions are indexed `(z·N + y)·N + x` (x fastest), as the seed's cube code. Every
//! move rotates about an axis through the cube's centre, so a cubie's position is fixed by
//! its home and its orientation (`position = R · home` about the centre). The state is
//! therefore one orientation index per *position* ([`SupercubeState::orient`]): the
//! orientation of the cubie that sits there. Solved means every orientation is the
//! identity, and then every cubie is at its home.
//!
//! # Moves and notation
//!
//! A move turns one slice (`0 ≤ slice < N`, inner slices included) about axis x, y or z by
//! 90°, 180° or 270° (`angle` = 0, 1, 2, i.e. `angle + 1` quarter turns, positive about the
//! axis as the paper's `R_X`, `R_Y`, `R_Z`). There are 9N moves, coded as in the paper:
//! `code = 9·slice + 3·axis + angle`.
//!
//! The readable form is `<axis><slice>` with an optional suffix: `x0` (90°), `x0^2` or
//! `x0²` (180°), `x0'` (270°). `y12'` turns slice 12 of a 16×16×16 about y by 270°. The
//! paper's numeric code is also accepted as `#<code>` (e.g. `#13` = `y1^2`). Groups, repeats,
//! commas and comments follow the common grammar of [`crate::alg`]. [`Puzzle::parse_moves`]
//! and [`Puzzle::format_move`] use these codes (the seed's notation, unchanged).
//!
//! The WCA notation (`R`, `2R'`, `3Rw2`, `x`, `M`…) is in [`wca`]; the cube as a person
//! holds it ([`crate::Held`]) reads WCA notation in the user's frame, see [`held`].
//!
//! # Scrambles
//!
//! [`Puzzle::random_moves`] never turns the same slice twice in a row and writes turns of
//! one axis (which commute) in increasing slice order, as the cubes' scrambles do.
//! [`Supercube::paper_random_moves`] is the paper's generator (every move uniform over the
//! 9N codes, no filtering), kept for reproducing its experiments. [`Puzzle::random_state`]
//! is uniform over the reachable group, which [`reachable`] describes and checks.

pub mod clusters;
pub mod facelets;
pub mod held;
pub mod orientation;
pub mod reachable;
pub mod render;
pub mod wca;

pub use clusters::{cluster_kind, cluster_of, clusters, Cluster};
pub use held::CubeFrame;
pub use orientation::{group, Group, ORIENTATIONS};

use crate::alg::parse_alg_within;
use crate::error::ParseError;
use crate::puzzle::{Metric, Puzzle};
use rand::Rng;
use std::fmt;

/// Smallest supported size.
pub const MIN_N: usize = 2;
/// Largest supported size.
pub const MAX_N: usize = 16;
/// The paper's scramble length (100 uniformly random moves).
pub const SCRAMBLE_LENGTH: usize = 100;
/// The work ([`crate::alg::MAX_WORK`]) of moving one cubie in a slice turn. A slice turn
/// rotates each cubie's orientation through the group's table and recomputes its position:
/// about 10 ns of CPU a cubie in a release build, ten times and more what an N×N×N cube
/// takes to move a piece or a definition a byte (`scripts/bench_input_work.py`), so that
/// the work bound is about the same time on every puzzle (a few tens of milliseconds).
pub const WORK_PER_CUBIE: u64 = 8;

/// The full N×N×N supercube, `2 ≤ n ≤ 16`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Supercube {
    /// Cube size N.
    pub n: usize,
}

/// Why a supercube could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the supercube size must be between {MIN_N} and {MAX_N}, got {0}")]
pub struct BadSize(pub usize);

/// One move: a slice turned about an axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SuperMove {
    /// Slice index along the axis, `0..N`.
    pub slice: u8,
    /// 0 = x, 1 = y, 2 = z.
    pub axis: u8,
    /// Quarter turns minus one: 0 = 90°, 1 = 180°, 2 = 270°.
    pub angle: u8,
}

impl SuperMove {
    /// The paper's move code `9·slice + 3·axis + angle`.
    pub fn code(self) -> u16 {
        9 * self.slice as u16 + 3 * self.axis as u16 + self.angle as u16
    }

    /// The move of a code (no size check).
    pub fn from_code(code: u16) -> SuperMove {
        SuperMove {
            slice: (code / 9) as u8,
            axis: ((code % 9) / 3) as u8,
            angle: (code % 3) as u8,
        }
    }

    /// The inverse move (angle `2 - angle`).
    pub fn inverse(self) -> SuperMove {
        SuperMove {
            angle: 2 - self.angle,
            ..self
        }
    }
}

impl fmt::Display for SuperMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let axis = ['x', 'y', 'z'][self.axis as usize % 3];
        let suffix = ["", "^2", "'"][self.angle as usize % 3];
        write!(f, "{axis}{}{suffix}", self.slice)
    }
}

/// A supercube state: the orientation (index into [`Group`]) of the cubie at each position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SupercubeState {
    /// Cube size.
    pub n: u8,
    /// Orientation index per position, `(z·N + y)·N + x`.
    pub orient: Vec<u8>,
}

impl SupercubeState {
    /// The paper's orientation state byte (eq. (13)) of the cubie at `pos`.
    pub fn state_byte(&self, pos: usize) -> u8 {
        group().state[self.orient[pos] as usize]
    }

    /// The seed's cube code: one state byte per position.
    pub fn code(&self) -> Vec<u8> {
        self.orient.iter().map(|&o| group().state[o as usize]).collect()
    }

    /// Number of cubies not in the identity orientation.
    pub fn unsolved(&self) -> usize {
        self.orient.iter().filter(|&&o| o != 0).count()
    }

    /// The home position of the cubie at `pos`.
    pub fn home_of(&self, pos: usize) -> usize {
        let n = self.n as usize;
        let g = group();
        let inv = g.inv[self.orient[pos] as usize] as usize;
        index(n, rotate(n, &g.matrix[inv], coords(n, pos)))
    }
}

/// `[x, y, z]` of a position index.
pub fn coords(n: usize, pos: usize) -> [usize; 3] {
    [pos % n, (pos / n) % n, pos / (n * n)]
}

/// The position index of `[x, y, z]`.
pub fn index(n: usize, v: [usize; 3]) -> usize {
    (v[2] * n + v[1]) * n + v[0]
}

/// Rotates `v` about the cube's centre by `m` (exact: coordinates are doubled internally).
pub fn rotate(n: usize, m: &orientation::Matrix, v: [usize; 3]) -> [usize; 3] {
    let off = n as i32 - 1;
    let d = v.map(|c| 2 * c as i32 - off);
    let mut out = [0usize; 3];
    for i in 0..3 {
        let r: i32 = (0..3).map(|k| m[i][k] as i32 * d[k]).sum();
        out[i] = ((r + off) / 2) as usize;
    }
    out
}

impl Supercube {
    /// A supercube of size `n`, `2 ≤ n ≤ 16`.
    pub fn new(n: usize) -> Result<Supercube, BadSize> {
        if (MIN_N..=MAX_N).contains(&n) {
            Ok(Supercube { n })
        } else {
            Err(BadSize(n))
        }
    }

    /// Number of cubies, N³.
    pub fn cubies(&self) -> usize {
        self.n * self.n * self.n
    }

    /// Number of moves, 9N.
    pub fn move_count(&self) -> usize {
        9 * self.n
    }

    /// The move of a paper code, if it exists on this cube.
    pub fn move_from_code(&self, code: u16) -> Option<SuperMove> {
        ((code as usize) < self.move_count()).then(|| SuperMove::from_code(code))
    }

    /// The paper's scramble (seed-faithful): every move uniform over the 9N codes, with no
    /// filtering, so a slice may be turned twice in a row. [`Puzzle::random_moves`] is the
    /// filtered scramble.
    pub fn paper_random_moves<R: Rng + ?Sized>(&self, rng: &mut R, count: usize) -> Vec<SuperMove> {
        let max = self.move_count() as u16;
        (0..count)
            .map(|_| SuperMove::from_code(rng.random_range(0..max)))
            .collect()
    }

    /// The positions of one slice, in a fixed order.
    pub fn slice_positions(&self, axis: usize, slice: usize) -> Vec<usize> {
        let n = self.n;
        let mut out = Vec::with_capacity(n * n);
        for j in 0..n {
            for i in 0..n {
                let mut v = [0; 3];
                v[axis] = slice;
                v[(axis + 1) % 3] = i;
                v[(axis + 2) % 3] = j;
                out.push(index(n, v));
            }
        }
        out
    }

    /// Builds a state from the seed's cube code (one state byte per position), checking
    /// that every byte is an orientation state and that the cubies form a permutation.
    pub fn state_from_code(&self, code: &[u8]) -> Result<SupercubeState, crate::InvalidState> {
        use crate::InvalidState;
        if code.len() != self.cubies() {
            return Err(InvalidState::Malformed(format!(
                "a {0}x{0}x{0} code has {1} cubies, got {2}",
                self.n,
                self.cubies(),
                code.len()
            )));
        }
        let g = group();
        let mut orient = Vec::with_capacity(code.len());
        for (i, &b) in code.iter().enumerate() {
            let o = g.state.iter().position(|&s| s == b).ok_or_else(|| {
                InvalidState::Malformed(format!("cubie {i}: {b} is not an orientation state byte"))
            })?;
            orient.push(o as u8);
        }
        let s = SupercubeState {
            n: self.n as u8,
            orient,
        };
        let mut seen = vec![false; self.cubies()];
        for p in 0..self.cubies() {
            let h = s.home_of(p);
            if std::mem::replace(&mut seen[h], true) {
                return Err(InvalidState::DuplicatePiece(format!(
                    "two cubies claim home {:?}",
                    coords(self.n, h)
                )));
            }
        }
        Ok(s)
    }
}

pub(crate) fn parse_token(n: usize, tok: &str) -> Result<Vec<SuperMove>, String> {
    let max = 9 * n;
    if let Some(num) = tok.strip_prefix('#') {
        let code: usize = num
            .parse()
            .map_err(|_| format!("`{num}` is not a move code (0..{})", max - 1))?;
        if code >= max {
            return Err(format!(
                "move code {code} is out of range for N = {n} (0..{})",
                max - 1
            ));
        }
        return Ok(vec![SuperMove::from_code(code as u16)]);
    }
    let mut chars = tok.chars();
    let axis = match chars.next().map(|c| c.to_ascii_lowercase()) {
        Some('x') => 0,
        Some('y') => 1,
        Some('z') => 2,
        _ => {
            return Err(String::from(
                "a supercube move starts with x, y or z (e.g. x0, y2', z1^2)",
            ))
        }
    };
    let rest = chars.as_str();
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return Err(String::from(
            "missing slice number after the axis (e.g. x0, y2', z1^2)",
        ));
    }
    let slice: usize = rest[..digits]
        .parse()
        .map_err(|_| String::from("slice number too large"))?;
    if slice >= n {
        return Err(format!(
            "slice {slice} does not exist on a {n}x{n}x{n} (slices 0..{})",
            n - 1
        ));
    }
    let angle = match &rest[digits..] {
        "" => 0,
        "^2" | "²" | "^2'" | "²'" => 1,
        "'" | "’" | "^3" => 2,
        other => return Err(format!("`{other}` is not a suffix (none, ' or ^2)")),
    };
    Ok(vec![SuperMove {
        slice: slice as u8,
        axis,
        angle,
    }])
}

impl Puzzle for Supercube {
    type State = SupercubeState;
    type Move = SuperMove;

    fn name(&self) -> String {
        format!("{0}x{0}x{0} supercube", self.n)
    }

    fn solved(&self) -> SupercubeState {
        SupercubeState {
            n: self.n as u8,
            orient: vec![0; self.cubies()],
        }
    }

    fn apply(&self, state: &mut SupercubeState, mv: SuperMove) {
        let g = group();
        let n = self.n;
        let (axis, slice) = (mv.axis as usize % 3, mv.slice as usize);
        if slice >= n {
            return;
        }
        let r = g.turn[axis][mv.angle as usize % 3];
        let m = &g.matrix[r as usize];
        let positions = self.slice_positions(axis, slice);
        let old: Vec<u8> = positions.iter().map(|&p| state.orient[p]).collect();
        for (k, &p) in positions.iter().enumerate() {
            let dst = index(n, rotate(n, m, coords(n, p)));
            state.orient[dst] = g.mul[r as usize][old[k] as usize];
        }
    }

    fn moves(&self) -> Vec<SuperMove> {
        (0..self.move_count() as u16).map(SuperMove::from_code).collect()
    }

    fn inverse(&self, mv: SuperMove) -> SuperMove {
        mv.inverse()
    }

    fn is_solved(&self, state: &SupercubeState) -> bool {
        state.orient.iter().all(|&o| o == 0)
    }

    /// A uniformly random state of the reachable group ([`reachable::random_state`]).
    fn random_state<R: Rng + ?Sized>(&self, rng: &mut R) -> SupercubeState {
        reachable::random_state(self, rng)
    }

    fn face(&self, mv: SuperMove) -> u8 {
        mv.axis * self.n as u8 + mv.slice
    }

    fn faces_commute(&self, a: u8, b: u8) -> bool {
        let n = self.n as u8;
        a != b && a / n == b / n
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<SuperMove>, ParseError> {
        let n = self.n;
        // Every slice turn moves the N² cubies of its slice.
        let work = (n as u64) * (n as u64) * WORK_PER_CUBIE;
        parse_alg_within(text, |t| parse_token(n, t), SuperMove::inverse, |_| work)
    }

    fn format_move(&self, mv: SuperMove) -> String {
        mv.to_string()
    }

    fn move_length(&self, mv: SuperMove, metric: Metric) -> u32 {
        match metric {
            Metric::Htm | Metric::Obtm | Metric::Sstm | Metric::Etm | Metric::Twist => 1,
            Metric::Qtm => {
                if mv.angle == 1 {
                    2
                } else {
                    1
                }
            }
        }
    }
}

/// Cancels and merges moves of one slice that are separated only by moves of the same axis
/// (which commute with them), until no more apply. The result is equivalent.
pub fn simplify(moves: &[SuperMove]) -> Vec<SuperMove> {
    let mut out: Vec<SuperMove> = Vec::with_capacity(moves.len());
    for &m in moves {
        let mut merged = false;
        for j in (0..out.len()).rev() {
            if out[j].axis != m.axis {
                break;
            }
            if out[j].slice == m.slice {
                let q = (out[j].angle + m.angle + 2) % 4;
                if q == 0 {
                    out.remove(j);
                } else {
                    out[j].angle = q - 1;
                }
                merged = true;
                break;
            }
        }
        if !merged {
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests;
