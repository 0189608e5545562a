//! Uniformly random N×N×N states, and the number of states.
//!
//! The states a person can see (whole-cube rotations identified, centres of one colour
//! interchangeable) number
//!
//! - even N: `8! · 3⁷ · 24!^w · (24! / 4!⁶)^c / 24`,
//! - odd N: `8! · 3⁷ · 12! · 2¹⁰ · 24!^w · (24! / 4!⁶)^c`,
//!
//! with `w` wing orbits and `c` centre orbits (see [`super`]): every orbit is independent
//! but for the corner twist, the middle-edge flip and (odd N) the equal corner and
//! middle-edge parities; on even N the 24 rotations are divided out (the DBL corner is kept
//! home), on odd N the fixed centres fix the rotation. 4x4x4: 7,401,196,841,564,901,869,
//! 874,093,974,498,574,336,000,000,000; 5x5x5: 282,870,942,277,741,856,536,180,333,107,150,
//! 328,293,127,731,985,672,134,721,536,000,000,000,000,000.
//!
//! [`random_state`] draws each orbit uniformly within those rules, so every state is
//! equally likely.

use super::{odd, CubeN, CubeNState};
use crate::puzzle::Puzzle;
use rand::seq::SliceRandom;
use rand::Rng;

/// A uniformly random state (see the module notes).
pub fn random_state<R: Rng + ?Sized>(c: &CubeN, rng: &mut R) -> CubeNState {
    let mut s = c.solved();
    let n = s.n();
    let mut cp: Vec<u8> = (0..8).collect();
    let mut co = [0u8; 8];
    if n.is_multiple_of(2) {
        // DBL (6) stays home and untwisted.
        let mut rest: Vec<u8> = vec![0, 1, 2, 3, 4, 5, 7];
        rest.shuffle(rng);
        cp = rest[..6].to_vec();
        cp.push(6);
        cp.push(rest[6]);
        let mut sum = 0;
        for i in [0, 1, 2, 3, 4, 5] {
            co[i] = rng.random_range(0..3);
            sum += co[i];
        }
        co[7] = (3 - sum % 3) % 3;
    } else {
        cp.shuffle(rng);
        let mut sum = 0;
        for t in co.iter_mut().take(7) {
            *t = rng.random_range(0..3);
            sum += *t;
        }
        co[7] = (3 - sum % 3) % 3;
        let mut ep: Vec<u8> = (0..12).collect();
        ep.shuffle(rng);
        if odd(&ep) != odd(&cp) {
            ep.swap(10, 11);
        }
        let mut sum = 0;
        for i in 0..12 {
            let f = if i < 11 { rng.random_range(0..2) } else { sum % 2 };
            sum += f;
            s.midges[i] = ep[i] | f << 4;
        }
    }
    for i in 0..8 {
        s.corners[i] = cp[i] | co[i] << 3;
    }
    for orbit in s.wings.chunks_mut(24) {
        orbit.shuffle(rng);
    }
    for orbit in s.centres.chunks_mut(24) {
        orbit.shuffle(rng);
    }
    s
}

/// A non-negative integer in base 10⁹, least significant limb first.
struct Big(Vec<u64>);

const LIMB: u64 = 1_000_000_000;

impl Big {
    fn mul(&mut self, k: u64) {
        let mut carry = 0u64;
        for d in self.0.iter_mut() {
            let x = *d * k + carry;
            *d = x % LIMB;
            carry = x / LIMB;
        }
        while carry > 0 {
            self.0.push(carry % LIMB);
            carry /= LIMB;
        }
    }

    /// Exact division by a small `k` (the caller knows it divides).
    fn div(&mut self, k: u64) {
        let mut rem = 0u64;
        for d in self.0.iter_mut().rev() {
            let x = rem * LIMB + *d;
            *d = x / k;
            rem = x % k;
        }
        while self.0.len() > 1 && self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn fact(&mut self, k: u64) {
        for i in 2..=k {
            self.mul(i);
        }
    }

    fn decimal(&self) -> String {
        let mut out = self.0.last().copied().unwrap_or(0).to_string();
        for d in self.0.iter().rev().skip(1) {
            out.push_str(&format!("{d:09}"));
        }
        out
    }
}

impl CubeN {
    /// The number of states a person can see (the group order; see [`self`]), in decimal.
    pub fn state_count(&self) -> String {
        let mut b = Big(vec![1]);
        b.fact(8);
        for _ in 0..7 {
            b.mul(3);
        }
        if self.is_odd() {
            b.fact(12);
            for _ in 0..10 {
                b.mul(2);
            }
        }
        for _ in 0..self.wing_orbits() {
            b.fact(24);
        }
        for _ in 0..self.centre_orbits() {
            b.fact(24);
            for _ in 0..6 {
                b.div(24);
            }
        }
        if !self.is_odd() {
            b.div(24);
        }
        b.decimal()
    }
}
