//! 2x2x2 notation: all six faces, rotations `x y z` and wide moves (on a 2x2x2, rotations),
//! normalised to `U R F` turns with the DBL corner fixed while the whole-cube orientation is
//! tracked in a [`CubeFrame`].

use super::{Cube2, Cube2Move, FACES};
use crate::alg::split_suffix;
use crate::cube3::CubeFrame;

/// A move as written, before normalisation: a face turn (any of 6 faces) or a rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Written {
    /// Face 0..6, quarter turns 1..=3.
    Face(u8, u8),
    /// Rotation about the axis of face 0..6 (x = R, y = U, z = F), quarter turns 1..=3.
    Rotation(u8, u8),
}

impl Written {
    pub(super) fn inverse(self) -> Written {
        match self {
            Written::Face(f, a) => Written::Face(f, 4 - a),
            Written::Rotation(f, a) => Written::Rotation(f, 4 - a),
        }
    }
}

pub(super) fn parse_token(tok: &str) -> Result<Vec<Written>, String> {
    let Some((base, amount)) = split_suffix(tok) else {
        return Err(String::from("bad suffix: use ', 2 or 2'"));
    };
    let face_of = |c: char| FACES.iter().position(|&f| f == c).map(|f| f as u8);
    let w = match base {
        "x" => Written::Rotation(1, amount),
        "y" => Written::Rotation(0, amount),
        "z" => Written::Rotation(2, amount),
        "M" | "E" | "S" => return Err(String::from("the 2x2x2 has no slice moves")),
        _ => {
            let mut chars = base.chars();
            match (chars.next(), chars.as_str()) {
                (Some(c), "") if c.is_ascii_uppercase() => match face_of(c) {
                    Some(f) => Written::Face(f, amount),
                    None => {
                        return Err(String::from(
                            "not a 2x2x2 move (faces U R F D L B, rotations x y z)",
                        ))
                    }
                },
                (Some(c), "w") | (Some(c), "") if face_of(c.to_ascii_uppercase()).is_some() => {
                    // A wide turn of a 2x2x2 turns the whole cube with that face.
                    let f = face_of(c.to_ascii_uppercase()).unwrap_or(0);
                    if f < 3 {
                        Written::Rotation(f, amount)
                    } else {
                        Written::Rotation(f - 3, 4 - amount)
                    }
                }
                _ => {
                    return Err(String::from(
                        "not a 2x2x2 move (faces U R F D L B, rotations x y z)",
                    ))
                }
            }
        }
    };
    Ok(vec![w])
}

/// Converts written moves to fixed-frame moves, tracking the whole-cube orientation in
/// `frame` (the reference face at each world direction).
pub(super) fn normalise(written: &[Written], frame: &mut CubeFrame) -> Vec<Cube2Move> {
    let mut out = Vec::with_capacity(written.len());
    for &w in written {
        match w {
            Written::Rotation(f, a) => *frame = frame.rotated(f, a),
            Written::Face(f, a) => out.extend(Cube2::world_turn(frame, f, a)),
        }
    }
    out
}

impl Cube2 {
    /// The reference-frame move made by turning world face `world` (0..6, `U R F D L B`)
    /// `amount` quarter turns clockwise on a cube held in `frame`; a turn of a face that
    /// holds the DBL corner turns the opposite reference face and leaves the whole cube, in
    /// `frame`, turned with the layer. `None` for an amount outside 1..=3.
    pub fn world_turn(frame: &mut CubeFrame, world: u8, amount: u8) -> Option<Cube2Move> {
        let p = frame.at(world);
        if p < 3 {
            Cube2Move::new(p, amount)
        } else {
            let m = Cube2Move::new(p - 3, amount)?;
            *frame = frame.rotated(world, amount);
            Some(m)
        }
    }
}
