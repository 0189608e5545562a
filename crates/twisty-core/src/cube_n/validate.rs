//! Which N×N×N states are possible, and a precise error for every impossible one.
//!
//! A state of the cube as a person sees it is possible exactly when
//!
//! - the corners are the eight corners once each, their twists summing to 0 mod 3;
//! - on odd N, the middle edges are the twelve edges once each, their flips summing to 0
//!   mod 2, and the middle-edge permutation has the parity of the corner permutation;
//! - every wing orbit holds its 24 wings once each, each in a way its position allows (a
//!   wing cannot be flipped in place: the mirror image of a wing is no piece), in any
//!   permutation (odd ones too: an inner slice quarter turn is one 4-cycle of one wing
//!   orbit);
//! - every centre orbit holds four centres of each colour, in any arrangement (an odd
//!   permutation of an orbit is hidden by swapping two of its centres of one colour);
//! - in the reference frame, the anchor is home: on even N the DBL corner in its place
//!   untwisted (on odd N the fixed centres are not stored).
//!
//! On even N the corner permutation has any parity: there is no middle edge to tie it to.

use super::{odd, CubeN, CubeNState};
use crate::cube3::{CORNER_NAMES, EDGE_NAMES, FACE_NAMES};
use crate::error::InvalidState;

/// `wing orbit k (the wings k+1 in from the corners)`.
pub fn wing_orbit_name(k: usize) -> String {
    format!("wing orbit {k} (the wings {} in from the corners)", k + 1)
}

/// The label of wing position `p`: the edge and `a` (side 0) or `b` (side 1), e.g. `UFa`.
pub fn wing_label(p: usize) -> String {
    format!("{}{}", EDGE_NAMES[(p / 2) % 12], ["a", "b"][p % 2])
}

impl CubeN {
    /// `centre orbit j (x-centres at row r, column c)`.
    pub fn centre_orbit_name(&self, j: usize) -> String {
        let kind = match self.centre_kind(j) {
            Some(super::CentreKind::X) => "x-centres",
            Some(super::CentreKind::Plus) => "+-centres",
            _ => "obliques",
        };
        let (r, c) = self.centre_cell(j).unwrap_or((0, 0));
        format!("centre orbit {j} ({kind} at row {r}, column {c} of each face)")
    }
}

fn duplicate(seen: &mut u32, piece: u8, what: impl FnOnce() -> String) -> Result<(), InvalidState> {
    if *seen >> piece & 1 == 1 {
        return Err(InvalidState::DuplicatePiece(what()));
    }
    *seen |= 1 << piece;
    Ok(())
}

/// Checks every orbit of `s` (see the module notes).
pub fn validate(c: &CubeN, s: &CubeNState) -> Result<(), InvalidState> {
    let n = c.size();
    if s.n() != n || s.wings.len() != 24 * c.wing_orbits() || s.centres.len() != 24 * c.centre_orbits() {
        return Err(InvalidState::Malformed(format!(
            "the state is of a {0}x{0}x{0}, not of a {n}x{n}x{n}",
            s.n()
        )));
    }
    let mut seen = 0u32;
    let mut twist = 0u32;
    for i in 0..8 {
        let (p, t) = (s.corner_perm(i), s.corner_twist(i));
        if t > 2 {
            return Err(InvalidState::Malformed(format!(
                "corner twist {t} at {}",
                CORNER_NAMES[i]
            )));
        }
        duplicate(&mut seen, p, || {
            format!("corner {} appears twice", CORNER_NAMES[p as usize])
        })?;
        twist += t as u32;
    }
    if !twist.is_multiple_of(3) {
        return Err(InvalidState::Twist {
            sum: (twist % 3) as u8,
        });
    }
    let corners: Vec<u8> = (0..8).map(|i| s.corner_perm(i)).collect();
    if n.is_multiple_of(2) && (s.corner_perm(6) != 6 || s.corner_twist(6) != 0) {
        return Err(InvalidState::Other(String::from(
            "the reference frame of an even cube keeps the DBL corner home and untwisted",
        )));
    }
    if n % 2 == 1 {
        let mut seen = 0u32;
        let mut flip = 0u32;
        for i in 0..12 {
            let (p, f) = (s.midge_perm(i), s.midge_flip(i));
            if p >= 12 || f > 1 {
                return Err(InvalidState::Malformed(format!("middle edge {p} flip {f}")));
            }
            duplicate(&mut seen, p, || {
                format!("middle edge {} appears twice", EDGE_NAMES[p as usize])
            })?;
            flip += f as u32;
        }
        if !flip.is_multiple_of(2) {
            return Err(InvalidState::Flip);
        }
        let midges: Vec<u8> = (0..12).map(|i| s.midge_perm(i)).collect();
        let (cp, ep) = (odd(&corners), odd(&midges));
        if cp != ep {
            return Err(InvalidState::Parity(format!(
                "the corner permutation is {} but the middle-edge permutation is {}: on an odd cube they are equal (two corners or two middle edges are swapped)",
                if cp { "odd" } else { "even" },
                if ep { "odd" } else { "even" }
            )));
        }
    }
    for k in 0..c.wing_orbits() {
        let mut seen = 0u32;
        for (p, &w) in s.wings(k).iter().enumerate() {
            if w >= 24 {
                return Err(InvalidState::Malformed(format!(
                    "{}: wing {w} at {}",
                    wing_orbit_name(k),
                    wing_label(p)
                )));
            }
            duplicate(&mut seen, w, || {
                format!(
                    "{}: the wing {} appears twice",
                    wing_orbit_name(k),
                    wing_label(w as usize)
                )
            })?;
        }
    }
    for j in 0..c.centre_orbits() {
        let mut counts = [0usize; 6];
        for &x in s.centres(j) {
            if x >= 6 {
                return Err(InvalidState::Malformed(format!(
                    "{}: colour {x}",
                    c.centre_orbit_name(j)
                )));
            }
            counts[x as usize] += 1;
        }
        if let Some(f) = (0..6).find(|&f| counts[f] != 4) {
            return Err(InvalidState::Centres(format!(
                "{}: {} appears {} times, expected 4",
                c.centre_orbit_name(j),
                FACE_NAMES[f],
                counts[f]
            )));
        }
    }
    Ok(())
}
