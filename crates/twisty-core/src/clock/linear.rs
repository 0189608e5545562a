//! Linear algebra over Z/12, where the clock's moves live: a move adds the same hours to
//! every dial it turns, so a sequence of moves is a sum, and any order gives the same state.

use super::{ClockMove, ClockState, Pins, Side};
use crate::puzzle::Puzzle;

/// A square matrix over Z/12, row by row.
pub type Matrix = Vec<Vec<u8>>;

/// The inverse of a square matrix over Z/12, `None` when it has none. Computed modulo 3 and
/// modulo 4 (where Gauss–Jordan elimination with pivots prime to 3, or odd, is exact) and
/// joined by the Chinese remainder theorem.
pub fn inverse(m: &Matrix) -> Option<Matrix> {
    let a = inverse_mod(m, 3, 3)?;
    let b = inverse_mod(m, 2, 4)?;
    Some(
        a.iter()
            .zip(&b)
            .map(|(ra, rb)| {
                ra.iter()
                    .zip(rb)
                    .map(|(&x, &y)| ((4 * u32::from(x) + 9 * u32::from(y)) % 12) as u8)
                    .collect()
            })
            .collect(),
    )
}

/// The inverse modulo `q`, a power of the prime `p`.
fn inverse_mod(m: &Matrix, p: u32, q: u32) -> Option<Matrix> {
    let n = m.len();
    if m.iter().any(|r| r.len() != n) {
        return None;
    }
    let mut a: Vec<Vec<u32>> = m
        .iter()
        .map(|r| r.iter().map(|&x| u32::from(x) % q).collect())
        .collect();
    let mut inv: Vec<Vec<u32>> = (0..n)
        .map(|i| (0..n).map(|j| u32::from(i == j)).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).find(|&r| !a[r][col].is_multiple_of(p))?;
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let u = (1..q).find(|&u| u * a[col][col] % q == 1)?;
        for j in 0..n {
            a[col][j] = a[col][j] * u % q;
            inv[col][j] = inv[col][j] * u % q;
        }
        for r in 0..n {
            let f = a[r][col];
            if r == col || f == 0 {
                continue;
            }
            for j in 0..n {
                a[r][j] = (a[r][j] + (q - f) * a[col][j]) % q;
                inv[r][j] = (inv[r][j] + (q - f) * inv[col][j]) % q;
            }
        }
    }
    Some(
        inv.into_iter()
            .map(|r| r.into_iter().map(|x| x as u8).collect())
            .collect(),
    )
}

/// `m · v` over Z/12.
pub fn apply(m: &Matrix, v: &[u8]) -> Vec<u8> {
    m.iter()
        .map(|r| {
            (r.iter()
                .zip(v)
                .map(|(&a, &b)| u32::from(a) * u32::from(b))
                .sum::<u32>()
                % 12) as u8
        })
        .collect()
}

/// What a move turned one hour does to the 14 independent dials.
pub fn effect(side: Side, pins: Pins) -> [u8; 14] {
    let mut s = ClockState::default();
    super::Clock.apply(&mut s, ClockMove { side, pins, hours: 1 });
    s.independent()
}

/// The 14 turns of a WCA scramble, in order: the front's nine settings, then (after `y2`)
/// the back's `U R D L ALL`.
pub const SCRAMBLE_TURNS: [(Side, Pins); 14] = [
    (Side::Front, Pins::UR),
    (Side::Front, Pins::DR),
    (Side::Front, Pins::DL),
    (Side::Front, Pins::UL),
    (Side::Front, Pins::U),
    (Side::Front, Pins::R),
    (Side::Front, Pins::D),
    (Side::Front, Pins::L),
    (Side::Front, Pins::All),
    (Side::Back, Pins::U),
    (Side::Back, Pins::R),
    (Side::Back, Pins::D),
    (Side::Back, Pins::L),
    (Side::Back, Pins::All),
];

/// The amounts (hours clockwise, 0–11) of the 14 scramble turns ([`SCRAMBLE_TURNS`]) that
/// make `state` from solved: the turns are a basis of the 14 independent dials over Z/12,
/// so every state has exactly one such scramble, and a uniformly random state gives
/// uniformly random amounts.
pub fn scramble_amounts(state: &ClockState) -> [u8; 14] {
    let inv = scramble_inverse();
    let v = apply(&inv, &state.independent());
    let mut out = [0u8; 14];
    out.copy_from_slice(&v);
    out
}

/// The inverse of the matrix whose columns are the scramble turns' effects.
fn scramble_inverse() -> Matrix {
    let cols: Vec<[u8; 14]> = SCRAMBLE_TURNS.iter().map(|&(s, p)| effect(s, p)).collect();
    let m: Matrix = (0..14).map(|r| cols.iter().map(|c| c[r]).collect()).collect();
    // The WCA's 14 turns form a basis (determinant ±1): tested in `tests`.
    inverse(&m).unwrap_or_else(|| vec![vec![0; 14]; 14])
}

/// The WCA scramble of `state`: its 14 turns, `y2` after the ninth.
pub fn scramble_tokens(state: &ClockState) -> Vec<String> {
    let a = scramble_amounts(state);
    let mut out = Vec::with_capacity(15);
    for (k, &(_, pins)) in SCRAMBLE_TURNS.iter().enumerate() {
        if k == 9 {
            out.push("y2".to_string());
        }
        out.push(super::notation::turn_token(pins, a[k]));
    }
    out
}
