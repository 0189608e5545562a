//! The 24-element rotation group of the cube, with a multiplication table.
//!
//! Elements are indexed as in the paper's Table 2: `index = 6·α + column`, where
//! `column` runs over `(γ, β)` = (0,0), (1,0), (2,0), (3,0), (0,1), (0,3) and the element is
//! `R_Z^γ · R_Y^β · R_X^α` (quarter turns, column vectors). Index 0 is the identity.
//! Everything is exact integer arithmetic: no floating-point matrices.

use std::sync::OnceLock;

/// Number of orientations.
pub const ORIENTATIONS: usize = 24;

/// A 3×3 integer rotation matrix, row-major (`m[row][col]`), entries in {-1, 0, 1}.
pub type Matrix = [[i8; 3]; 3];

/// The identity matrix.
pub const IDENTITY: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/// Quarter turns about X, Y and Z (the paper's eq. (4)).
pub const QUARTER: [Matrix; 3] = [
    [[1, 0, 0], [0, 0, -1], [0, 1, 0]],
    [[0, 0, 1], [0, 1, 0], [-1, 0, 0]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
];

/// `(γ, β)` of the six columns of Table 2.
const COLUMNS: [(u8, u8); 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 3)];

/// Matrix product `a · b`.
pub fn mat_mul(a: &Matrix, b: &Matrix) -> Matrix {
    let mut r = [[0i8; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    r
}

fn mat_pow(m: &Matrix, k: u8) -> Matrix {
    (0..k).fold(IDENTITY, |acc, _| mat_mul(m, &acc))
}

/// The rotation tables.
#[derive(Debug)]
pub struct Group {
    /// Matrix of each element.
    pub matrix: [Matrix; ORIENTATIONS],
    /// `mul[a][b]` = index of `matrix[a] · matrix[b]`.
    pub mul: [[u8; ORIENTATIONS]; ORIENTATIONS],
    /// Inverse of each element.
    pub inv: [u8; ORIENTATIONS],
    /// The paper's orientation state byte (eq. (13), Figure 3) of each element.
    pub state: [u8; ORIENTATIONS],
    /// `turn[axis][q]`: the element of `q + 1` quarter turns about `axis` (q = 0, 1, 2).
    pub turn: [[u8; 3]; 3],
    /// Euler angles `(α, β, γ)` in quarter turns of each element, as the state byte encodes.
    pub euler: [(u8, u8, u8); ORIENTATIONS],
}

/// The paper's `GetAngle(sin, cos)` on exact entries.
fn get_angle(sin: i8, cos: i8) -> u8 {
    let mut a = 0;
    if cos > 0 {
        a = 0;
    }
    if sin > 0 {
        a = 1;
    }
    if cos < 0 {
        a = 2;
    }
    if sin < 0 {
        a = 3;
    }
    a
}

/// The orientation state byte of a rotation matrix (Figure 3 of the paper).
pub fn state_byte(r: &Matrix) -> (u8, (u8, u8, u8)) {
    let gamma = get_angle(r[1][0], r[0][0]);
    let (alpha, beta) = if gamma == 0 {
        (get_angle(-r[1][2], r[1][1]), get_angle(-r[2][0], r[0][0]))
    } else {
        (get_angle(r[2][1], r[2][2]), 0)
    };
    let sign = |v: u8| u8::from(v != 0);
    let count = sign(alpha) + sign(beta) + sign(gamma);
    let mut state = (count << 6) | (gamma << 4) | (beta << 2) | alpha;
    if alpha == 2 && gamma == 2 {
        state = 0x48;
    }
    (state, (alpha, beta, gamma))
}

fn build() -> Group {
    let mut matrix = [IDENTITY; ORIENTATIONS];
    for alpha in 0..4u8 {
        for (c, &(gamma, beta)) in COLUMNS.iter().enumerate() {
            let m = mat_mul(
                &mat_pow(&QUARTER[2], gamma),
                &mat_mul(&mat_pow(&QUARTER[1], beta), &mat_pow(&QUARTER[0], alpha)),
            );
            matrix[6 * alpha as usize + c] = m;
        }
    }
    let find = |m: &Matrix| matrix.iter().position(|x| x == m).unwrap_or(usize::MAX) as u8;
    let mut mul = [[0u8; ORIENTATIONS]; ORIENTATIONS];
    let mut inv = [0u8; ORIENTATIONS];
    let mut state = [0u8; ORIENTATIONS];
    let mut euler = [(0, 0, 0); ORIENTATIONS];
    for a in 0..ORIENTATIONS {
        for b in 0..ORIENTATIONS {
            mul[a][b] = find(&mat_mul(&matrix[a], &matrix[b]));
            if mul[a][b] == 0 {
                inv[a] = b as u8;
            }
        }
        let (s, e) = state_byte(&matrix[a]);
        state[a] = s;
        euler[a] = e;
    }
    let mut turn = [[0u8; 3]; 3];
    for axis in 0..3 {
        for q in 0..3 {
            turn[axis][q] = find(&mat_pow(&QUARTER[axis], q as u8 + 1));
        }
    }
    Group {
        matrix,
        mul,
        inv,
        state,
        turn,
        euler,
    }
}

/// The shared rotation tables (built once).
pub fn group() -> &'static Group {
    static G: OnceLock<Group> = OnceLock::new();
    G.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn twenty_four_distinct_rotations() {
        let g = group();
        let set: HashSet<Matrix> = g.matrix.iter().copied().collect();
        assert_eq!(set.len(), 24);
        assert_eq!(g.matrix[0], IDENTITY);
        for m in &g.matrix {
            // Orthogonal with determinant +1: m · mᵀ = I and the third row = row0 × row1.
            let t = [
                [m[0][0], m[1][0], m[2][0]],
                [m[0][1], m[1][1], m[2][1]],
                [m[0][2], m[1][2], m[2][2]],
            ];
            assert_eq!(mat_mul(m, &t), IDENTITY);
            let cross = [
                m[0][1] * m[1][2] - m[0][2] * m[1][1],
                m[0][2] * m[1][0] - m[0][0] * m[1][2],
                m[0][0] * m[1][1] - m[0][1] * m[1][0],
            ];
            assert_eq!(cross, m[2]);
        }
    }

    #[test]
    fn closed_with_inverses_and_associative() {
        let g = group();
        for a in 0..24 {
            assert_eq!(g.mul[0][a] as usize, a);
            assert_eq!(g.mul[a][0] as usize, a);
            assert_eq!(g.mul[a][g.inv[a] as usize], 0);
            assert_eq!(g.mul[g.inv[a] as usize][a], 0);
            let row: HashSet<u8> = g.mul[a].iter().copied().collect();
            assert_eq!(row.len(), 24, "row {a} is a permutation (closure, Latin square)");
            for b in 0..24 {
                assert!((g.mul[a][b] as usize) < 24);
                for c in 0..24 {
                    let l = g.mul[g.mul[a][b] as usize][c];
                    let r = g.mul[a][g.mul[b][c] as usize];
                    assert_eq!(l, r);
                }
            }
        }
    }

    #[test]
    fn state_bytes_match_table_2() {
        let g = group();
        // Row α = 0 of Table 2, then the special R_Z² R_X² = R_Y² (0x48) and the largest.
        let expect = [
            0b0000_0000,
            0b0101_0000,
            0b0110_0000,
            0b0111_0000,
            0b0100_0100,
            0b0100_1100,
        ];
        assert_eq!(&g.state[..6], &expect);
        assert_eq!(g.state[6], 0b0100_0001);
        assert_eq!(g.state[12 + 2], 0x48);
        assert_eq!(g.state[18 + 5], 0b1000_1111);
        let set: HashSet<u8> = g.state.iter().copied().collect();
        assert_eq!(set.len(), 24, "the state byte identifies the orientation");
        assert_eq!(g.state.iter().copied().max(), Some(179));
        // The quarter turns are where Table 2 puts them.
        assert_eq!(g.turn[0][0], 6);
        assert_eq!(g.turn[1][0], 4);
        assert_eq!(g.turn[2][0], 1);
        for axis in 0..3 {
            let q = g.turn[axis][0] as usize;
            assert_eq!(g.turn[axis][1], g.mul[q][q]);
            assert_eq!(g.inv[q], g.turn[axis][2]);
        }
    }
}
