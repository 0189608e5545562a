//! Reading and validating 2x2x2 sticker states: the seed's 8-line colour nets, the
//! 24-character facelet string, and move sequences applied to the seed's goal.

use super::stickers::{move_perms, permute, rotation_perms, SeedMove, COLOURS, GOAL, POSITIONS, STICKERS};
use twisty_core::InvalidState;

/// A 2x2x2 state as 24 sticker colours (indices into [`COLOURS`]) in the seed's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stickers(pub [u8; STICKERS]);

/// Character columns of the six stickers on lines 1–2 of a net, and of the two on lines 3–8,
/// after the line is stripped of surrounding whitespace (the seed's own parser).
const WIDE: [usize; 6] = [0, 2, 4, 6, 8, 10];
const NARROW: [usize; 2] = [0, 2];

impl Stickers {
    /// The seed's goal state.
    pub fn goal() -> Self {
        Stickers(GOAL)
    }

    /// Parses the seed's 8-line net (colours r b g o y p) and validates it.
    pub fn from_net(text: &str) -> Result<Self, InvalidState> {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.len() != 8 {
            return Err(InvalidState::Malformed(format!(
                "a 2x2x2 colour net has 8 non-empty lines, this one has {}",
                lines.len()
            )));
        }
        let mut s = [0u8; STICKERS];
        for (li, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.trim().chars().collect();
            let cols: &[usize] = if li < 2 { &WIDE } else { &NARROW };
            let needed = cols[cols.len() - 1] + 1;
            if chars.len() < needed {
                return Err(InvalidState::Malformed(format!(
                    "line {} of the net needs {} colours separated by spaces, found `{}`",
                    li + 1,
                    cols.len(),
                    line.trim()
                )));
            }
            for (k, &col) in cols.iter().enumerate() {
                let ch = chars[col].to_ascii_lowercase();
                let colour = COLOURS.iter().position(|&c| c == ch).ok_or_else(|| {
                    InvalidState::Malformed(format!(
                        "line {}, column {}: `{}` is not a colour (expected one of r b g o y p)",
                        li + 1,
                        col + 1,
                        chars[col]
                    ))
                })?;
                s[net_index(li, k)] = colour as u8;
            }
        }
        let st = Stickers(s);
        st.validate()?;
        Ok(st)
    }

    /// The state in the seed's 8-line net format.
    pub fn to_net(&self) -> String {
        let c = |i: usize| COLOURS[self.0[i] as usize];
        let mut out = String::new();
        for li in 0..8 {
            if li < 2 {
                let row: Vec<String> = (0..6).map(|k| c(net_index(li, k)).to_string()).collect();
                out.push_str(&row.join(" "));
            } else {
                out.push_str(&format!("    {} {}", c(net_index(li, 0)), c(net_index(li, 1))));
            }
            out.push('\n');
        }
        out
    }

    /// The goal after standard face moves (`U R F D L B` map to the seed's `T R F Bo L Ba`).
    pub fn from_standard_moves(moves: &[SeedMove]) -> Self {
        let mut s = Stickers::goal();
        let perms = move_perms();
        for m in moves {
            s.0 = permute(&s.0, &perms[2 * m.face as usize + usize::from(!m.clockwise)]);
        }
        s
    }

    /// Parses a 24-character facelet string (faces U R F D L B, each row by row as seen from
    /// outside with U's top row at the back, the side faces' top rows at U, and D's top row at
    /// the front) in face letters. U is shown as the seed's top colour (b), R as g, F as o,
    /// D as y, L as r and B as p.
    pub fn from_facelets(text: &str) -> Result<Self, InvalidState> {
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != 24 {
            return Err(InvalidState::Malformed(format!(
                "a 2x2x2 facelet string has 24 characters, not {}",
                chars.len()
            )));
        }
        let mut s = [0u8; STICKERS];
        for (i, &ch) in chars.iter().enumerate() {
            let colour = match ch.to_ascii_uppercase() {
                'U' => 1,
                'R' => 2,
                'F' => 3,
                'D' => 4,
                'L' => 0,
                'B' => 5,
                other => {
                    return Err(InvalidState::Malformed(format!(
                        "character {} is `{other}`: facelets are U R F D L B",
                        i + 1
                    )))
                }
            };
            s[FACELET_TO_SEED[i]] = colour;
        }
        let st = Stickers(s);
        st.validate()?;
        Ok(st)
    }

    /// Checks that the stickers describe a real 2x2x2 (in any whole-cube orientation), with a
    /// distinct error for each way it can fail.
    pub fn validate(&self) -> Result<(), InvalidState> {
        for (c, name) in COLOURS.iter().enumerate() {
            let count = self.0.iter().filter(|&&x| x as usize == c).count();
            if count != 4 {
                return Err(InvalidState::ColourCount {
                    colour: name.to_string(),
                    count,
                    expected: 4,
                });
            }
        }
        let goal_corners = corner_colours(&GOAL);
        let mut seen = [false; 8];
        let mut corners = [[0u8; 3]; 8];
        for (ci, cols) in corner_colours(&self.0).iter().enumerate() {
            let name = |c: &[u8; 3]| c.iter().map(|&x| COLOURS[x as usize]).collect::<String>();
            let mut sorted = *cols;
            sorted.sort_unstable();
            let home = goal_corners.iter().position(|g| {
                let mut gs = *g;
                gs.sort_unstable();
                gs == sorted
            });
            let Some(home) = home else {
                return Err(InvalidState::NoSuchPiece(format!(
                    "the corner at {} has colours {}, which no corner has",
                    CORNER_NAMES[ci],
                    name(cols)
                )));
            };
            let g = goal_corners[home];
            let same_cycle = (0..3).any(|r| (0..3).all(|k| cols[k] == g[(k + r) % 3]));
            if !same_cycle {
                return Err(InvalidState::NoSuchPiece(format!(
                    "the corner at {} has colours {} in mirror-image order",
                    CORNER_NAMES[ci],
                    name(cols)
                )));
            }
            if seen[home] {
                return Err(InvalidState::DuplicatePiece(format!(
                    "the {} corner appears twice (second time at {})",
                    name(&g),
                    CORNER_NAMES[ci]
                )));
            }
            seen[home] = true;
            corners[ci] = *cols;
        }
        // Twist: rotate the whole cube so the r-y-p corner sits home, then the twists of the
        // eight corners (index of the top/bottom colour in the cyclic order) must sum to 0.
        let norm = self.oriented();
        let twist: u32 = corner_colours(&norm.0)
            .iter()
            .map(|cols| cols.iter().position(|&c| c == 1 || c == 4).unwrap_or(0) as u32)
            .sum();
        if !twist.is_multiple_of(3) {
            return Err(InvalidState::Twist {
                sum: (twist % 3) as u8,
            });
        }
        Ok(())
    }

    /// The same physical state seen in the whole-cube orientation that puts the corner with
    /// colours r, y, p at its goal place (left-bottom-back) with the goal orientation.
    pub fn oriented(&self) -> Stickers {
        let anchor = corner_sticker_indices()[0];
        for rot in rotation_perms() {
            let t = permute(&self.0, &rot);
            if anchor.iter().all(|&i| t[i] == GOAL[i]) {
                return Stickers(t);
            }
        }
        *self
    }

    /// Whether every face is one colour (solved in some orientation).
    pub fn is_uniform(&self) -> bool {
        self.0.chunks(4).all(|f| f.iter().all(|&c| c == f[0]))
    }
}

/// Index in the seed's sticker order of sticker `k` on net line `li`.
fn net_index(li: usize, k: usize) -> usize {
    match li {
        0 | 1 => {
            let face = k / 2; // 0 left, 1 top, 2 right
            face * 4 + li * 2 + k % 2
        }
        _ => {
            let face = 3 + (li - 2) / 2; // front, bottom, back
            face * 4 + ((li - 2) % 2) * 2 + k
        }
    }
}

/// Names of the eight corner positions, in the order of [`corner_sticker_indices`].
const CORNER_NAMES: [&str; 8] = [
    "left-bottom-back",
    "left-bottom-front",
    "left-top-back",
    "left-top-front",
    "right-bottom-back",
    "right-bottom-front",
    "right-top-back",
    "right-top-front",
];

/// For each corner position (signs of x, y, z in binary order −−−, −−+, −+−, …), its three
/// sticker indices in a fixed cyclic order of the same handedness for every corner, starting
/// with the sticker on the top or bottom face.
fn corner_sticker_indices() -> [[usize; 3]; 8] {
    let mut out = [[0usize; 3]; 8];
    for (ci, o) in out.iter_mut().enumerate() {
        let sign = |bit: usize| if ci >> (2 - bit) & 1 == 1 { 1i8 } else { -1 };
        let c = [sign(0), sign(1), sign(2)];
        let on_axis = |axis: usize| {
            POSITIONS
                .iter()
                .position(|p| (0..3).all(|a| if a == axis { p[a] == 2 * c[a] } else { p[a] == c[a] }))
                .unwrap_or(0)
        };
        let (x, y, z) = (on_axis(0), on_axis(1), on_axis(2));
        *o = if c[0] * c[1] * c[2] > 0 {
            [y, z, x]
        } else {
            [y, x, z]
        };
    }
    out
}

/// The colours of each corner position in cyclic order.
fn corner_colours(s: &[u8; STICKERS]) -> [[u8; 3]; 8] {
    corner_sticker_indices().map(|idx| idx.map(|i| s[i]))
}

/// Seed sticker index of each character of the 24-character facelet string.
pub(super) const FACELET_TO_SEED: [usize; 24] = {
    // U (rows back→front, columns left→right) = the seed's top.
    // R (seen from the right: rows top→bottom, columns front→back).
    // F (rows top→bottom, columns left→right) = the seed's front.
    // D (rows front→back, columns left→right) = the seed's bottom.
    // L (seen from the left: rows top→bottom, columns back→front).
    // B (seen from the back: rows top→bottom, columns right→left).
    [
        4, 5, 6, 7, // U
        10, 8, 11, 9, // R: (2,1,1)=R2 idx10, (2,1,-1)=R0 idx8, (2,-1,1)=R3 idx11, (2,-1,-1)=R1 idx9
        12, 13, 14, 15, // F
        16, 17, 18, 19, // D
        1, 3, 0, 2, // L: (-2,1,-1)=L1, (-2,1,1)=L3, (-2,-1,-1)=L0, (-2,-1,1)=L2
        23, 22, 21, 20, // B: (1,1,-2)=Ba3, (-1,1,-2)=Ba2, (1,-1,-2)=Ba1, (-1,-1,-2)=Ba0
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    const CUBE1_1: &str = "y o r r p b\ny g o o r b\n    b b\n    o g\n    g p\n    g p\n    p r\n    y y";

    #[test]
    fn seed_file_parses() {
        let s = Stickers::from_net(CUBE1_1).unwrap();
        assert_eq!(Stickers::from_net(&s.to_net()).unwrap(), s);
    }

    #[test]
    fn goal_and_moves_are_valid() {
        Stickers::goal().validate().unwrap();
        let perms = move_perms();
        let mut s = Stickers::goal();
        for m in [0, 3, 5, 7, 9, 11, 2, 4] {
            s.0 = permute(&s.0, &perms[m]);
            s.validate().unwrap();
        }
        for rot in rotation_perms() {
            Stickers(permute(&s.0, &rot)).validate().unwrap();
        }
    }

    #[test]
    fn facelet_positions_match_geometry() {
        // Check the table against the documented viewing directions.
        let expect: [[i8; 3]; 24] = [
            [-1, 2, -1],
            [1, 2, -1],
            [-1, 2, 1],
            [1, 2, 1],
            [2, 1, 1],
            [2, 1, -1],
            [2, -1, 1],
            [2, -1, -1],
            [-1, 1, 2],
            [1, 1, 2],
            [-1, -1, 2],
            [1, -1, 2],
            [-1, -2, 1],
            [1, -2, 1],
            [-1, -2, -1],
            [1, -2, -1],
            [-2, 1, -1],
            [-2, 1, 1],
            [-2, -1, -1],
            [-2, -1, 1],
            [1, 1, -2],
            [-1, 1, -2],
            [1, -1, -2],
            [-1, -1, -2],
        ];
        for i in 0..24 {
            assert_eq!(POSITIONS[FACELET_TO_SEED[i]], expect[i], "facelet {i}");
        }
        let solved = "UUUURRRRFFFFDDDDLLLLBBBB";
        let s = Stickers::from_facelets(solved).unwrap();
        assert_eq!(s, Stickers::goal());
    }

    #[test]
    fn each_invalid_net_is_named() {
        // Wrong count: one sticker recoloured.
        let bad = CUBE1_1.replacen("y o r r p b", "o o r r p b", 1);
        assert!(matches!(
            Stickers::from_net(&bad),
            Err(InvalidState::ColourCount { .. })
        ));
        // Bad character.
        let bad = CUBE1_1.replacen("y o r r p b", "x o r r p b", 1);
        assert!(matches!(
            Stickers::from_net(&bad),
            Err(InvalidState::Malformed(_))
        ));
        // Too few lines.
        assert!(matches!(
            Stickers::from_net("y o r r p b"),
            Err(InvalidState::Malformed(_))
        ));
        // Twist: turn one corner's stickers cyclically.
        let mut g = GOAL;
        let idx = corner_sticker_indices()[7];
        let (a, b, c) = (g[idx[0]], g[idx[1]], g[idx[2]]);
        g[idx[0]] = b;
        g[idx[1]] = c;
        g[idx[2]] = a;
        assert!(matches!(Stickers(g).validate(), Err(InvalidState::Twist { .. })));
        // Mirror corner: swap two stickers of one corner.
        let mut g = GOAL;
        g.swap(idx[0], idx[1]);
        assert!(matches!(
            Stickers(g).validate(),
            Err(InvalidState::NoSuchPiece(_))
        ));
        // Impossible colour pair on a corner: two opposite colours.
        let mut g = GOAL;
        let other = corner_sticker_indices()[0];
        // Put top colour b where bottom colour y is and vice versa across two corners.
        g.swap(idx[0], other[0]);
        assert!(matches!(
            Stickers(g).validate(),
            Err(InvalidState::NoSuchPiece(_))
        ));
    }

    #[test]
    fn duplicate_corner() {
        // {r,b,o} + {g,y,p} and {r,y,o} + {g,b,p} hold the same colours, so replacing the first
        // two corners by copies of the other two keeps every count right.
        let cols = corner_colours(&GOAL);
        let idx = corner_sticker_indices();
        let find = |set: [u8; 3]| {
            cols.iter()
                .position(|c| {
                    let (mut a, mut b) = (*c, set);
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                })
                .unwrap()
        };
        let (rbo, gyp, ryo, gbp) = (find([0, 1, 3]), find([2, 4, 5]), find([0, 4, 3]), find([2, 1, 5]));
        let mut g = GOAL;
        for k in 0..3 {
            g[idx[rbo][k]] = cols[ryo][k];
            g[idx[gyp][k]] = cols[gbp][k];
        }
        assert!(matches!(
            Stickers(g).validate(),
            Err(InvalidState::DuplicatePiece(_))
        ));
    }
}
