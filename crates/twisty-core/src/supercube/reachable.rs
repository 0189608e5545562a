//! The reachable group of the full supercube: which states the slice turns reach, a test of
//! a state against it, its order, and a uniform sampler of it.
//!
//! # The orbits
//!
//! In doubled centred coordinates (`2·c − (N−1)`, so a coordinate is one of
//! `−(N−1), −(N−3), …, N−1`) a position's cluster is fixed by the multiset of its absolute
//! values; call the non-zero ones *shells* `a, b, c` (a slice whose coordinate is `±a` is a
//! turn of shell `a`; the slices at 0, on odd N, are the *middle* slices). The cluster types:
//!
//! | values    | cubies | name              | moved by                 |
//! |-----------|--------|-------------------|--------------------------|
//! | (0,0,0)   | 1      | core              | middle slices            |
//! | (a,a,a)   | 8      | corners of shell a | shell a                 |
//! | (0,a,a)   | 12     | edge middles      | shell a, middle slices   |
//! | (0,0,a)   | 6      | face centres      | shell a (spin), middle   |
//! | (a,a,b)   | 24     | wings / x-centres | shells a and b           |
//! | (0,a,b)   | 24     | t-centres         | shells a and b, middle   |
//! | (a,b,c)   | 2 × 24 | obliques (chiral) | shells a, b and c        |
//!
//! In a 24-cubie cluster no rotation fixes a position, so a cubie's orientation follows from
//! its place: the cluster is a permutation of 24. A corner has 3 orientations at its place
//! (its twist), an edge middle 2 (its flip), a face centre 4 (its spin).
//!
//! # The group
//!
//! Let `P₀` be the parity of the middle slices' quarter turns and `Pₐ` that of shell `a`'s
//! (a half turn counts two). The reachable states are exactly those with:
//! - the core in any of its 24 orientations `c`, and `P₀` = the sign of `c` (odd as a
//!   permutation of the 6 face directions: a quarter turn is odd);
//! - every face centre at the place the core's rotation takes it to (only middle slices
//!   move them, and those turn the core with them), with spins of any value whose sum has
//!   parity `Pₐ`;
//! - corners: any permutation of parity `Pₐ`, twists summing to 0 mod 3;
//! - edge middles: any permutation of parity `Pₐ + P₀`, flips summing to 0 mod 2;
//! - a 24-cubie cluster: any permutation whose parity is the sum of `P_v` over the shells
//!   `v` that appear once among its values (`(a,a,b)`: `P_b`; `(0,a,b)`: `Pₐ + P_b`;
//!   `(a,b,c)`: `Pₐ + P_b + P_c`): a quarter turn of shell `v` is one 4-cycle of the
//!   cluster when `v` appears once, two when it appears twice, two for a middle slice;
//! - the `Pₐ` themselves are free (a quarter turn of one face of shell `a` flips `Pₐ` alone).
//!
//! So the order is
//! `24 (odd N) · Π_shells 2 · 8!·3⁷/2 · (odd N: 12!·2¹¹/2 · 4⁶/2) · (24!/2)^(24-cubie clusters)`:
//! 88,179,840 for N = 2 (the 2x2x2's 3,674,160 times its 24 orientations in space).
//! The invariants are checked against random move sequences and the order against a
//! breadth-first count (N = 2) in the tests, and against Schreier–Sims for N = 3 and 4 by
//! `scripts/supercube_group_order.py`.

use super::{clusters, coords, group, index, Supercube, SupercubeState, ORIENTATIONS};
use num_bigint::BigUint;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// The type of a cluster (see the module docs), with its shells in doubled centred units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Orbit {
    /// The core (odd N).
    Core,
    /// The 8 corners of shell `a`.
    Corners(u8),
    /// The 12 edge middles of shell `a` (odd N).
    Edges(u8),
    /// The 6 face centres of shell `a` (odd N).
    Centres(u8),
    /// 24 cubies `(a, a, b)`: `a` twice, `b` once.
    Pairs(u8, u8),
    /// 24 cubies `(0, a, b)` (odd N), `a < b`.
    Middles(u8, u8),
    /// 24 cubies `(a, b, c)`, `a < b < c`, of one chirality.
    Obliques(u8, u8, u8),
}

impl Orbit {
    /// The shells whose quarter turns change the cluster's permutation parity, and whether
    /// the middle slices' do.
    fn parity_from(self) -> (Vec<u8>, bool) {
        match self {
            Orbit::Core | Orbit::Centres(_) => (Vec::new(), false),
            Orbit::Corners(a) => (vec![a], false),
            Orbit::Edges(a) => (vec![a], true),
            Orbit::Pairs(_, b) => (vec![b], false),
            Orbit::Middles(a, b) => (vec![a, b], false),
            Orbit::Obliques(a, b, c) => (vec![a, b, c], false),
        }
    }
}

impl fmt::Display for Orbit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Orbit::Core => write!(f, "the core"),
            Orbit::Corners(a) => write!(f, "the corners of shell {a}"),
            Orbit::Edges(a) => write!(f, "the edge middles of shell {a}"),
            Orbit::Centres(a) => write!(f, "the face centres of shell {a}"),
            Orbit::Pairs(a, b) => write!(f, "the cluster ({a},{a},{b})"),
            Orbit::Middles(a, b) => write!(f, "the cluster (0,{a},{b})"),
            Orbit::Obliques(a, b, c) => write!(f, "a cluster ({a},{b},{c})"),
        }
    }
}

/// Doubled centred coordinates of a position.
fn centred(n: usize, pos: usize) -> [i32; 3] {
    coords(n, pos).map(|c| 2 * c as i32 - (n as i32 - 1))
}

fn from_centred(n: usize, d: [i32; 3]) -> usize {
    index(n, d.map(|c| ((c + n as i32 - 1) / 2) as usize))
}

fn mat_vec(o: u8, v: [i32; 3]) -> [i32; 3] {
    let m = &group().matrix[o as usize];
    let mut out = [0i32; 3];
    for i in 0..3 {
        out[i] = (0..3).map(|k| m[i][k] as i32 * v[k]).sum();
    }
    out
}

fn orbit_of(n: usize, pos: usize) -> Orbit {
    let d = centred(n, pos);
    let mut a = d.map(|c| c.unsigned_abs() as u8);
    a.sort_unstable();
    match a {
        [0, 0, 0] => Orbit::Core,
        [x, y, z] if x == y && y == z => Orbit::Corners(x),
        [0, 0, z] => Orbit::Centres(z),
        [0, y, z] if y == z => Orbit::Edges(y),
        [0, y, z] => Orbit::Middles(y, z),
        [x, y, z] if x == y => Orbit::Pairs(x, z),
        [x, y, z] if y == z => Orbit::Pairs(y, x),
        [x, y, z] => Orbit::Obliques(x, y, z),
    }
}

/// One cluster: its type and its positions (sorted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrbitPositions {
    /// The type.
    pub orbit: Orbit,
    /// The positions, in increasing order.
    pub positions: Vec<usize>,
}

/// Every cluster of an N×N×N supercube with its type.
pub fn orbits(n: usize) -> Vec<OrbitPositions> {
    clusters(n)
        .into_iter()
        .map(|c| {
            let mut positions = c.positions;
            positions.sort_unstable();
            OrbitPositions {
                orbit: orbit_of(n, positions[0]),
                positions,
            }
        })
        .collect()
}

/// The orientation datum of a cubie of orientation `o` at `pos` (home `R⁻¹·pos`): the twist
/// of a corner (0..3), the flip of an edge middle (0..2), the spin of a face centre relative
/// to the core's rotation `core` (0..4, quarter turns about the positive axis), 0 otherwise.
fn datum(n: usize, orbit: Orbit, pos: usize, o: u8, core: u8) -> u8 {
    let g = group();
    let p = centred(n, pos);
    let home = mat_vec(g.inv[o as usize], p);
    match orbit {
        Orbit::Corners(_) => {
            // The sticker facing along y at home: which axis it faces now, counted in the
            // cyclic order of the corner's three faces seen from outside.
            let u = mat_vec(o, [0, home[1].signum(), 0]);
            let k = (0..3).position(|i| u[i] != 0).unwrap_or(1);
            let chirality = p[0].signum() * p[1].signum() * p[2].signum();
            match (k, chirality > 0) {
                (1, _) => 0,
                (2, true) | (0, false) => 1,
                _ => 2,
            }
        }
        Orbit::Edges(_) => {
            // The reference sticker: along y if the cubie has a y face at home, else along z;
            // good when it faces the place's reference axis (y if it has one, else z).
            let r = if home[1] != 0 { 1 } else { 2 };
            let mut v = [0; 3];
            v[r] = home[r].signum();
            let u = mat_vec(o, v);
            let want = if p[1] != 0 { 1 } else { 2 };
            u8::from(u[want] == 0)
        }
        Orbit::Centres(_) => {
            // σ = R · c⁻¹ fixes the place; its quarter turns about the place's axis.
            let sigma = g.mul[o as usize][g.inv[core as usize] as usize];
            let axis = (0..3).position(|i| p[i] != 0).unwrap_or(0);
            let mut s = 0u8;
            let mut q = 0u8;
            while q != sigma && s < 4 {
                q = g.mul[g.turn[axis][0] as usize][q as usize];
                s += 1;
            }
            s % 4
        }
        _ => 0,
    }
}

/// The twist (0..3) of a corner-type cubie (a cluster `(a,a,a)`) of orientation `o` at
/// `pos`: where its sticker that faces along y at home faces now, 0 on the y axis, else 1 or
/// 2 in the clockwise order of the place's faces. The twists of a shell sum to 0 mod 3.
pub fn corner_twist(n: usize, pos: usize, o: u8) -> u8 {
    datum(n, Orbit::Corners(0), pos, o, 0)
}

/// The parity of a permutation given as `perm[i]`.
fn parity(perm: &[usize]) -> bool {
    let mut seen = vec![false; perm.len()];
    let mut odd = false;
    for i in 0..perm.len() {
        let mut len = 0;
        let mut j = i;
        while !seen[j] {
            seen[j] = true;
            j = perm[j];
            len += 1;
        }
        if len > 0 && len % 2 == 0 {
            odd = !odd;
        }
    }
    odd
}

/// The sign of a rotation: odd (true) when it permutes the 6 face directions oddly.
fn rotation_odd(o: u8) -> bool {
    let dirs: [[i32; 3]; 6] = [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
    ];
    let perm: Vec<usize> = dirs
        .iter()
        .map(|&d| {
            let r = mat_vec(o, d);
            dirs.iter().position(|&e| e == r).unwrap_or(0)
        })
        .collect();
    parity(&perm)
}

/// Why a state is not in the reachable group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not reachable by slice turns: {0}")]
pub struct Unreachable(pub String);

/// The reachable group's invariants of one state: the quarter-turn parities they imply.
struct Reading {
    core: u8,
    shells: Vec<(u8, bool)>,
}

impl Reading {
    fn shell(&self, a: u8) -> bool {
        self.shells.iter().find(|s| s.0 == a).is_some_and(|s| s.1)
    }
}

/// Checks that `state` is in the reachable group of `cube` (see the module docs), saying
/// which invariant fails and where.
pub fn check(cube: &Supercube, state: &SupercubeState) -> Result<(), Unreachable> {
    let n = cube.n;
    if state.orient.len() != cube.cubies() || state.orient.iter().any(|&o| o as usize >= ORIENTATIONS) {
        return Err(Unreachable(format!(
            "a {n}x{n}x{n} state has {} orientations below 24",
            cube.cubies()
        )));
    }
    let all = orbits(n);
    let core = if n % 2 == 1 {
        state.orient[from_centred(n, [0, 0, 0])]
    } else {
        0
    };
    // The shell parities, read from the corners of each shell.
    let mut reading = Reading {
        core,
        shells: Vec::new(),
    };
    for c in &all {
        if let Orbit::Corners(a) = c.orbit {
            reading.shells.push((a, perm_parity(n, state, c)?));
        }
    }
    let middle = rotation_odd(reading.core);
    for c in &all {
        let orbit = c.orbit;
        let data: Vec<u8> = c
            .positions
            .iter()
            .map(|&p| datum(n, orbit, p, state.orient[p], reading.core))
            .collect();
        match orbit {
            Orbit::Core => {}
            Orbit::Centres(a) => {
                for &p in &c.positions {
                    let want = from_centred(n, mat_vec(reading.core, centred(n, state.home_of(p))));
                    if want != p {
                        return Err(Unreachable(format!(
                            "{orbit}: the cubie at {:?} is not where the core's rotation takes it",
                            coords(n, p)
                        )));
                    }
                }
                let sum: u32 = data.iter().map(|&s| s as u32).sum();
                if (sum % 2 == 1) != reading.shell(a) {
                    return Err(Unreachable(format!(
                        "{orbit}: the spins sum to {sum}, whose parity must be that of the corners of shell {a}"
                    )));
                }
            }
            _ => {
                let (shells, with_middle) = orbit.parity_from();
                let want = shells
                    .iter()
                    .fold(with_middle && middle, |acc, &v| acc ^ reading.shell(v));
                if perm_parity(n, state, c)? != want {
                    return Err(Unreachable(format!(
                        "{orbit}: the permutation's parity is {} but the turns of its slices make it {}",
                        parity_word(!want),
                        parity_word(want)
                    )));
                }
                let sum: u32 = data.iter().map(|&s| s as u32).sum();
                match orbit {
                    Orbit::Corners(_) if !sum.is_multiple_of(3) => {
                        return Err(Unreachable(format!(
                            "{orbit}: the twists sum to {sum}, not a multiple of 3"
                        )))
                    }
                    Orbit::Edges(_) if !sum.is_multiple_of(2) => {
                        return Err(Unreachable(format!(
                            "{orbit}: {sum} edges flipped, an odd number"
                        )))
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

fn parity_word(odd: bool) -> &'static str {
    if odd {
        "odd"
    } else {
        "even"
    }
}

/// The parity of a cluster's permutation (cubie homes over places), checking that the
/// cluster's cubies stay in it.
fn perm_parity(n: usize, state: &SupercubeState, c: &OrbitPositions) -> Result<bool, Unreachable> {
    let mut perm = Vec::with_capacity(c.positions.len());
    let mut seen = vec![false; c.positions.len()];
    for &p in &c.positions {
        let h = state.home_of(p);
        let k = c.positions.binary_search(&h).map_err(|_| {
            Unreachable(format!(
                "the cubie at {:?} comes from {:?}, outside {}",
                coords(n, p),
                coords(n, h),
                c.orbit
            ))
        })?;
        if std::mem::replace(&mut seen[k], true) {
            return Err(Unreachable(format!(
                "two cubies of {} come from {:?}",
                c.orbit,
                coords(n, h)
            )));
        }
        perm.push(k);
    }
    Ok(parity(&perm))
}

/// The order of the reachable group of the N×N×N supercube (the module docs' formula).
pub fn order(n: usize) -> BigUint {
    let fact = |k: u32| (1..=k).fold(BigUint::from(1u32), |acc, i| acc * i);
    let mut out = BigUint::from(1u32);
    for c in orbits(n) {
        out *= match c.orbit {
            Orbit::Core => BigUint::from(24u32),
            // Each shell's free parity, counted once with its corners.
            Orbit::Corners(_) => fact(8) * 3u32.pow(7),
            Orbit::Edges(_) => fact(12) * 2u32.pow(11) / 2u32,
            Orbit::Centres(_) => BigUint::from(4u32.pow(6) / 2),
            _ => fact(24) / 2u32,
        };
    }
    out
}

/// A uniformly random state of the reachable group.
pub fn random_state<R: Rng + ?Sized>(cube: &Supercube, rng: &mut R) -> SupercubeState {
    let n = cube.n;
    let g = group();
    let mut orient = vec![0u8; cube.cubies()];
    let core = if n % 2 == 1 {
        rng.random_range(0..ORIENTATIONS as u8)
    } else {
        0
    };
    let middle = rotation_odd(core);
    let all = orbits(n);
    let shells: Vec<(u8, bool)> = all
        .iter()
        .filter_map(|c| match c.orbit {
            Orbit::Corners(a) => Some((a, rng.random_bool(0.5))),
            _ => None,
        })
        .collect();
    let shell = |a: u8| shells.iter().find(|s| s.0 == a).is_some_and(|s| s.1);
    for c in &all {
        let orbit = c.orbit;
        let size = c.positions.len();
        // perm[k] = the home (index into the cluster) of the cubie placed at position k.
        let mut perm: Vec<usize> = (0..size).collect();
        let mut data = vec![0u8; size];
        match orbit {
            Orbit::Core => {
                orient[c.positions[0]] = core;
                continue;
            }
            Orbit::Centres(a) => {
                for (k, &p) in c.positions.iter().enumerate() {
                    let home = from_centred(n, mat_vec(g.inv[core as usize], centred(n, p)));
                    perm[k] = c.positions.binary_search(&home).unwrap_or(k);
                }
                for d in data.iter_mut() {
                    *d = rng.random_range(0..4);
                }
                let sum: u32 = data.iter().map(|&s| s as u32).sum();
                if (sum % 2 == 1) != shell(a) {
                    data[0] = (data[0] + 1) % 4;
                }
            }
            _ => {
                perm.shuffle(rng);
                let (from, with_middle) = orbit.parity_from();
                let want = from.iter().fold(with_middle && middle, |acc, &v| acc ^ shell(v));
                if parity(&perm) != want {
                    perm.swap(0, 1);
                }
                let modulus = match orbit {
                    Orbit::Corners(_) => 3,
                    Orbit::Edges(_) => 2,
                    _ => 1,
                };
                let mut sum = 0u32;
                for d in data.iter_mut().skip(1) {
                    *d = rng.random_range(0..modulus);
                    sum += *d as u32;
                }
                data[0] = ((modulus as u32 - sum % modulus as u32) % modulus as u32) as u8;
            }
        }
        for (k, &p) in c.positions.iter().enumerate() {
            let home = centred(n, c.positions[perm[k]]);
            let target = centred(n, p);
            orient[p] = (0..ORIENTATIONS as u8)
                .find(|&o| mat_vec(o, home) == target && datum(n, orbit, p, o, core) == data[k])
                .unwrap_or(0);
        }
    }
    SupercubeState { n: n as u8, orient }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded_rng;
    use crate::Puzzle;

    #[test]
    fn random_moves_keep_every_invariant() {
        for n in 2..=8 {
            let cube = Supercube { n };
            let mut rng = seeded_rng(n as u64);
            let mut s = cube.solved();
            assert_eq!(check(&cube, &s), Ok(()));
            for step in 0..60 {
                let m = cube.random_moves(&mut rng, 1)[0];
                cube.apply(&mut s, m);
                assert_eq!(check(&cube, &s), Ok(()), "N = {n}, step {step}");
            }
        }
    }

    #[test]
    fn sampled_states_are_reachable_and_cover_each_orbit() {
        for n in 2..=9 {
            let cube = Supercube { n };
            let mut rng = seeded_rng(100 + n as u64);
            let mut odd_seen = [false; 2];
            for _ in 0..20 {
                let s = random_state(&cube, &mut rng);
                assert_eq!(check(&cube, &s), Ok(()), "N = {n}");
                // Every cubie is somewhere: a permutation of homes.
                let mut homes: Vec<usize> = (0..cube.cubies()).map(|p| s.home_of(p)).collect();
                homes.sort_unstable();
                assert!(homes.iter().enumerate().all(|(i, &h)| i == h));
                let corners = orbits(n)
                    .into_iter()
                    .find(|c| matches!(c.orbit, Orbit::Corners(_)))
                    .map(|c| perm_parity(n, &s, &c));
                if let Some(Ok(odd)) = corners {
                    odd_seen[odd as usize] = true;
                }
                assert!(s.unsolved() > cube.cubies() / 2, "N = {n}");
            }
            assert_eq!(odd_seen, [true, true], "both corner parities are drawn, N = {n}");
        }
        // N = 16 too (4096 cubies).
        let cube = Supercube { n: 16 };
        let s = random_state(&cube, &mut seeded_rng(16));
        assert_eq!(check(&cube, &s), Ok(()));
    }

    #[test]
    fn each_broken_invariant_is_named() {
        let cube = Supercube { n: 3 };
        let g = group();
        // A corner twisted in place.
        let mut s = cube.solved();
        let corner = from_centred(3, [2, 2, 2]);
        // The rotation about the corner's diagonal: a third of a turn.
        let third = (0..24u8)
            .find(|&o| o != 0 && mat_vec(o, [2, 2, 2]) == [2, 2, 2])
            .unwrap_or(0);
        s.orient[corner] = third;
        let e = check(&cube, &s).unwrap_err().to_string();
        assert!(e.contains("corners of shell 2") && e.contains("twists"), "{e}");
        // A face centre spun a quarter turn: its parity breaks.
        let mut s = cube.solved();
        s.orient[from_centred(3, [0, 0, 2])] = g.turn[2][0];
        let e = check(&cube, &s).unwrap_err().to_string();
        assert!(e.contains("face centres") && e.contains("spins"), "{e}");
        // Two face centres spun by a half turn each are reachable; one by two quarter turns.
        let mut s = cube.solved();
        s.orient[from_centred(3, [0, 0, 2])] = g.turn[2][1];
        assert_eq!(check(&cube, &s), Ok(()));
        // The core turned alone: the centres are not where it takes them.
        let mut s = cube.solved();
        s.orient[from_centred(3, [0, 0, 0])] = g.turn[1][1];
        let e = check(&cube, &s).unwrap_err().to_string();
        assert!(e.contains("core's rotation"), "{e}");
        // Two wings of a 4x4x4 swapped: a permutation parity.
        let cube = Supercube { n: 4 };
        let s = swap_two(&cube, Orbit::Pairs(3, 1));
        let e = check(&cube, &s).unwrap_err().to_string();
        assert!(e.contains("(3,3,1)") && e.contains("parity"), "{e}");
        // An edge flipped in place on the 3x3x3.
        let cube = Supercube { n: 3 };
        let mut s = cube.solved();
        let edge = from_centred(3, [0, 2, 2]);
        let flip = (1..24u8)
            .find(|&o| mat_vec(o, [0, 2, 2]) == [0, 2, 2])
            .unwrap_or(0);
        s.orient[edge] = flip;
        let e = check(&cube, &s).unwrap_err().to_string();
        assert!(e.contains("edge middles") && e.contains("flipped"), "{e}");
        // A malformed state.
        let bad = SupercubeState {
            n: 3,
            orient: vec![0; 5],
        };
        assert!(check(&cube, &bad).is_err());
    }

    /// The solved state with the first two cubies of a cluster exchanged.
    fn swap_two(cube: &Supercube, orbit: Orbit) -> SupercubeState {
        let n = cube.n;
        let mut s = cube.solved();
        let c = orbits(n)
            .into_iter()
            .find(|c| c.orbit == orbit)
            .unwrap_or_else(|| panic!("{orbit}"));
        let (p, q) = (c.positions[0], c.positions[1]);
        let (dp, dq) = (centred(n, p), centred(n, q));
        s.orient[p] = (0..24u8).find(|&o| mat_vec(o, dq) == dp).unwrap_or(0);
        s.orient[q] = (0..24u8).find(|&o| mat_vec(o, dp) == dq).unwrap_or(0);
        s
    }

    #[test]
    fn orders_follow_the_formula() {
        assert_eq!(order(2), BigUint::from(88_179_840u64));
        // Schreier–Sims (scripts/supercube_group_order.py) gives the same for N = 3.
        assert_eq!(order(3).to_string(), "2125922464947725402112000");
        // Cluster counts: N = 4 has 1 + 1 corner sets and 2 (a,a,b) clusters.
        let kinds: Vec<Orbit> = orbits(4).into_iter().map(|c| c.orbit).collect();
        assert_eq!(kinds.len(), 4);
        assert!(kinds.contains(&Orbit::Pairs(3, 1)) && kinds.contains(&Orbit::Pairs(1, 3)));
    }
}
