//! Whole-cube orientations: how the reference frame of a cube sits in the user's hands.
//!
//! A [`CubeFrame`] names, for each world direction `U R F D L B` (where the user sees a
//! face), the reference face that is there. It is one of the 24 rotations of the cube and is
//! shared by the 3x3x3 (reference = the centres at home) and the 2x2x2 (reference = the DBL
//! corner at home).

use super::FACE_NAMES;

/// Unit vector of each face direction `U R F D L B` (x right, y up, z front).
const DIRS: [[i8; 3]; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// The tokens of a quarter, half and anti-clockwise quarter turn of each face.
const TOKENS: [[&str; 3]; 6] = [
    ["U", "U2", "U'"],
    ["R", "R2", "R'"],
    ["F", "F2", "F'"],
    ["D", "D2", "D'"],
    ["L", "L2", "L'"],
    ["B", "B2", "B'"],
];

fn dir_index(v: [i8; 3]) -> u8 {
    DIRS.iter().position(|&d| d == v).unwrap_or(0) as u8
}

/// The face direction `d` after a clockwise quarter turn of the whole cube seen from outside
/// face `n` (both 0..6 in `U R F D L B` order).
pub fn turn_dir(n: u8, d: u8) -> u8 {
    let (n, v) = (DIRS[n as usize % 6], DIRS[d as usize % 6]);
    let dot = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
    let cross = [
        n[1] * v[2] - n[2] * v[1],
        n[2] * v[0] - n[0] * v[2],
        n[0] * v[1] - n[1] * v[0],
    ];
    dir_index([
        n[0] * dot - cross[0],
        n[1] * dot - cross[1],
        n[2] * dot - cross[2],
    ])
}

/// A whole-cube orientation: which reference face is at each world direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CubeFrame {
    /// `at[w]`: the reference face at world direction `w`.
    at: [u8; 6],
    /// `world[p]`: the world direction of reference face `p` (the inverse of `at`).
    world: [u8; 6],
}

/// A frame and the rotations `(world face, quarter turns)` that reach it from home.
type FramePath = (CubeFrame, Vec<(u8, u8)>);

impl Default for CubeFrame {
    fn default() -> Self {
        CubeFrame::HOME
    }
}

impl CubeFrame {
    /// The cube held in the reference orientation.
    pub const HOME: CubeFrame = CubeFrame {
        at: [0, 1, 2, 3, 4, 5],
        world: [0, 1, 2, 3, 4, 5],
    };

    /// The frame whose reference face at world direction `w` is `at[w]`; `None` unless that
    /// is one of the 24 rotations (a mirror image or a repeated face is not).
    pub fn from_faces(at: [u8; 6]) -> Option<CubeFrame> {
        Self::table().iter().copied().find(|f| f.at == at)
    }

    /// The reference face at each world direction.
    pub fn faces(self) -> [u8; 6] {
        self.at
    }

    /// The reference face at world direction `world` (0..6, `U R F D L B`).
    pub fn at(self, world: u8) -> u8 {
        self.at[world as usize % 6]
    }

    /// The world direction where reference face `face` is.
    pub fn world_of(self, face: u8) -> u8 {
        self.world[face as usize % 6]
    }

    /// The frame after the whole cube turns `amount` clockwise quarter turns seen from world
    /// face `world` (`x` is world R, `y` world U, `z` world F).
    pub fn rotated(self, world: u8, amount: u8) -> CubeFrame {
        let mut at = self.at;
        for _ in 0..amount % 4 {
            let old = at;
            for d in 0..6u8 {
                at[turn_dir(world, d) as usize] = old[d as usize];
            }
        }
        let mut out = CubeFrame { at, world: [0; 6] };
        for w in 0..6 {
            out.world[at[w] as usize] = w as u8;
        }
        out
    }

    /// All 24 frames, [`CubeFrame::HOME`] first.
    pub fn all() -> Vec<CubeFrame> {
        Self::table().to_vec()
    }

    /// All 24 frames, computed once.
    fn table() -> &'static [CubeFrame] {
        static ALL: std::sync::OnceLock<Vec<CubeFrame>> = std::sync::OnceLock::new();
        ALL.get_or_init(Self::generate)
    }

    fn generate() -> Vec<CubeFrame> {
        let mut out = vec![CubeFrame::HOME];
        let mut i = 0;
        while i < out.len() {
            for axis in [1u8, 0] {
                let next = out[i].rotated(axis, 1);
                if !out.contains(&next) {
                    out.push(next);
                }
            }
            i += 1;
        }
        out
    }

    /// Rotations `(world face, quarter turns)` that turn a cube held at home into this frame.
    pub fn rotations_from_home(self) -> Vec<(u8, u8)> {
        static PATHS: std::sync::OnceLock<Vec<FramePath>> = std::sync::OnceLock::new();
        PATHS
            .get_or_init(|| {
                // Breadth-first over x and y turns; at most four steps.
                let mut paths: Vec<FramePath> = vec![(CubeFrame::HOME, Vec::new())];
                let mut i = 0;
                while i < paths.len() {
                    for axis in [1u8, 0] {
                        let next = paths[i].0.rotated(axis, 1);
                        if !paths.iter().any(|(f, _)| *f == next) {
                            let mut p = paths[i].1.clone();
                            p.push((axis, 1));
                            paths.push((next, p));
                        }
                    }
                    i += 1;
                }
                paths
            })
            .iter()
            .find(|(f, _)| *f == self)
            .map(|(_, p)| p.clone())
            .unwrap_or_default()
    }

    /// Maps a reference-frame point (doubled integer coordinates, x right, y up, z front) to
    /// where it is in the world when the cube is held in this frame.
    pub fn to_world(self, p: [i8; 3]) -> [i8; 3] {
        // Reference axes x, y, z point along reference faces R, U, F.
        let (ex, ey, ez) = (
            DIRS[self.world[1] as usize],
            DIRS[self.world[0] as usize],
            DIRS[self.world[2] as usize],
        );
        [0, 1, 2].map(|k| p[0] * ex[k] + p[1] * ey[k] + p[2] * ez[k])
    }

    /// The token a person holding the cube in this frame turns for a turn of reference face
    /// `face` by `amount` clockwise quarter turns (1..=3).
    pub fn held_token(self, face: u8, amount: u8) -> &'static str {
        TOKENS[self.world_of(face) as usize][(amount as usize + 2) % 3]
    }
}

impl std::fmt::Display for CubeFrame {
    /// The reference faces at world `U R F D L B`, e.g. `URFDLB` at home.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &p in &self.at {
            write!(f, "{}", FACE_NAMES[p as usize])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_four_distinct_frames_with_consistent_inverses() {
        let all = CubeFrame::all();
        assert_eq!(all.len(), 24);
        for f in &all {
            for p in 0..6 {
                assert_eq!(f.at(f.world_of(p)), p);
                // Opposite faces stay opposite.
                assert_eq!(f.at((p + 3) % 6), (f.at(p) + 3) % 6);
            }
            let mut g = CubeFrame::HOME;
            for (w, a) in f.rotations_from_home() {
                g = g.rotated(w, a);
            }
            assert_eq!(g, *f);
            assert_eq!(CubeFrame::from_faces(f.faces()), Some(*f));
        }
        // A mirror image is no rotation.
        assert_eq!(CubeFrame::from_faces([0, 4, 2, 3, 1, 5]), None);
    }

    #[test]
    fn x_brings_front_to_top() {
        // After x the reference F face is on top and the reference U face at the back.
        let f = CubeFrame::HOME.rotated(1, 1);
        assert_eq!(f.at(0), 2);
        assert_eq!(f.at(5), 0);
        assert_eq!(f.to_string(), "FRDBLU");
        assert_eq!(f.held_token(0, 3), "B'");
        assert_eq!(f.to_world([0, 3, 0]), [0, 0, -3]);
    }
}
