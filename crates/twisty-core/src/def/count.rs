//! How many states a definition has: the group order and the number of distinct patterns.
//!
//! The group order counts every piece and every orientation as distinct. The *state count*
//! counts what the solved pattern distinguishes: identical pieces are interchangeable and
//! `?` orientations (or orientations counted modulo `orientationMod`) are ignored, as
//! published puzzle state counts do. It is the length of the solved pattern's orbit under
//! the group, `|G| / |Stab(pattern)|`:
//!
//! - the moves act on the points the pattern observes (orientations modulo each piece's
//!   modulus), and a stabiliser chain whose base starts with one point per
//!   non-identical piece gives `|G| / |H|` with `H` the subgroup fixing those pieces;
//! - without identical pieces `H` fixes the pattern and the count is `|G| / |H|`;
//! - with identical pieces (whose orientation must then not count), the pattern's
//!   stabiliser is `H ∩ Y` with `Y` the permutations within each class of identical pieces.
//!   When `H` is every permutation of its orbits subject to parity conditions only (checked
//!   by comparing `|H|` with the parity subgroup's order, the case of every built-in puzzle),
//!   `|H ∩ Y|` follows by linear algebra over GF(2); otherwise the count is not known
//!   ([`StateCount::states`] is `None`).

use super::error::DefError;
use super::group::{Action, Perm, StabChain};
use super::DefPuzzle;
use num_bigint::BigUint;
use std::collections::BTreeSet;

/// The sizes of a definition's state space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateCount {
    /// The order of the group the moves generate, every piece and orientation distinct.
    pub group_order: BigUint,
    /// The number of distinct states as the solved pattern sees them (identical pieces
    /// interchangeable, ignored orientations ignored), when it could be computed.
    pub states: Option<BigUint>,
}

fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::from(1u32), |a, k| a * BigUint::from(k))
}

/// Rank of a set of GF(2) vectors (bit sets of `m` bits).
fn rank(mut rows: Vec<Vec<u64>>, m: usize) -> usize {
    let mut r = 0;
    for bit in 0..m {
        let (w, b) = (bit / 64, bit % 64);
        let Some(p) = (r..rows.len()).find(|&i| (rows[i][w] >> b) & 1 == 1) else {
            continue;
        };
        rows.swap(r, p);
        let pivot = rows[r].clone();
        for (i, row) in rows.iter_mut().enumerate() {
            if i != r && (row[w] >> b) & 1 == 1 {
                for (x, y) in row.iter_mut().zip(&pivot) {
                    *x ^= y;
                }
            }
        }
        r += 1;
    }
    r
}

/// Parity of a permutation restricted to `points` (which it must preserve).
fn parity_on(p: &Perm, points: &[usize]) -> bool {
    let mut seen: BTreeSet<usize> = BTreeSet::new();
    let mut odd = false;
    for &s in points {
        if seen.contains(&s) {
            continue;
        }
        let mut len = 0;
        let mut x = s;
        while seen.insert(x) {
            len += 1;
            x = p[x] as usize;
        }
        if len % 2 == 0 {
            odd = !odd;
        }
    }
    odd
}

impl DefPuzzle {
    /// The group order and the number of distinct states (see [the module](self)).
    pub fn state_count(&self) -> Result<StateCount, DefError> {
        let group_order = self.group_order()?;
        let layout = &self.layout;
        // Observed blocks: per orbit, each modulus its pieces use.
        let mut blocks: Vec<(usize, u8)> = Vec::new();
        for (oi, o) in layout.orbits.iter().enumerate() {
            let mut ds: Vec<u8> = (0..o.pieces).map(|k| self.ori_mod[o.offset + k]).collect();
            ds.sort_unstable();
            ds.dedup();
            blocks.extend(ds.into_iter().map(|d| (oi, d)));
        }
        let action = Action::new(blocks.iter().copied(), self)?;
        // One point per non-identical piece; the identical pieces' classes.
        let mut prefix = Vec::new();
        let mut classes: Vec<Vec<usize>> = Vec::new(); // points (slots in d = 1 blocks)
        let mut bad_identical = false;
        for (oi, o) in layout.orbits.iter().enumerate() {
            let mut by_label: Vec<Vec<usize>> = vec![Vec::new(); 256];
            for k in 0..o.pieces {
                by_label[self.labels[o.offset + k] as usize].push(k);
            }
            for members in by_label.iter().filter(|m| !m.is_empty()) {
                let d = self.ori_mod[o.offset + members[0]];
                let b = blocks.iter().position(|&x| x == (oi, d)).unwrap_or(0);
                if members.len() == 1 {
                    prefix.push(action.point(b, members[0], 0));
                } else if d != 1 {
                    bad_identical = true;
                } else {
                    classes.push(members.iter().map(|&k| action.point(b, k, 0)).collect());
                }
            }
        }
        let gens: Vec<Perm> = self
            .bases
            .iter()
            .map(|b| action.perm_of(self, &b.transform))
            .collect();
        let chain = StabChain::new(action, &gens, &prefix)?;
        let lengths = chain.orbit_lengths();
        let prefix_len = prefix.len();
        let outer = lengths[..prefix_len.min(lengths.len())]
            .iter()
            .fold(BigUint::from(1u32), |a, &l| a * BigUint::from(l));
        if classes.is_empty() {
            return Ok(StateCount {
                group_order,
                states: Some(outer),
            });
        }
        if bad_identical {
            return Ok(StateCount {
                group_order,
                states: None,
            });
        }
        let h_order = chain.order_from(prefix_len);
        let h_gens: Vec<&Perm> = chain.generators_from(prefix_len);
        // The orbits of H on the identical pieces' points.
        let ident: BTreeSet<usize> = classes.iter().flatten().copied().collect();
        let degree = chain.action.degree;
        for g in &h_gens {
            for p in 0..degree {
                if g[p] as usize != p && !ident.contains(&p) {
                    return Ok(StateCount {
                        group_order,
                        states: None,
                    });
                }
            }
        }
        let mut orbit_of = vec![usize::MAX; degree];
        let mut orbits: Vec<Vec<usize>> = Vec::new();
        for &p in &ident {
            if orbit_of[p] != usize::MAX {
                continue;
            }
            let id = orbits.len();
            let mut orb = vec![p];
            orbit_of[p] = id;
            let mut i = 0;
            while i < orb.len() {
                for g in &h_gens {
                    let q = g[orb[i]] as usize;
                    if orbit_of[q] == usize::MAX {
                        orbit_of[q] = id;
                        orb.push(q);
                    }
                }
                i += 1;
            }
            orbits.push(orb);
        }
        let m = orbits.len();
        let words = m.div_ceil(64).max(1);
        let vec_of = |g: &Perm| {
            let mut v = vec![0u64; words];
            for (j, orb) in orbits.iter().enumerate() {
                if parity_on(g, orb) {
                    v[j / 64] |= 1 << (j % 64);
                }
            }
            v
        };
        let basis: Vec<Vec<u64>> = h_gens.iter().map(|g| vec_of(g)).collect();
        let dim_v = rank(basis.clone(), m);
        let mut parity_group = BigUint::from(1u32) << dim_v;
        for orb in &orbits {
            if orb.len() >= 2 {
                parity_group *= factorial(orb.len()) / BigUint::from(2u32);
            }
        }
        if parity_group != h_order {
            return Ok(StateCount {
                group_order,
                states: None,
            });
        }
        // Y within the orbits of H: the classes cut by the orbits.
        let mut y_order = BigUint::from(1u32);
        let mut in_w = vec![false; m];
        for class in &classes {
            let mut per: Vec<usize> = vec![0; m];
            for &p in class {
                per[orbit_of[p]] += 1;
            }
            for (j, &c) in per.iter().enumerate() {
                y_order *= factorial(c);
                if c >= 2 {
                    in_w[j] = true;
                }
            }
        }
        let dim_w = in_w.iter().filter(|&&x| x).count();
        // dim(V ∩ W) = dim V − rank of V projected off W.
        let projected: Vec<Vec<u64>> = basis
            .iter()
            .map(|v| {
                let mut w = v.clone();
                for (j, &inside) in in_w.iter().enumerate() {
                    if inside {
                        w[j / 64] &= !(1 << (j % 64));
                    }
                }
                w
            })
            .collect();
        let dim_vw = dim_v - rank(projected, m);
        let stab = (y_order >> dim_w) << dim_vw;
        let states = outer * h_order / stab;
        Ok(StateCount {
            group_order,
            states: Some(states),
        })
    }
}
