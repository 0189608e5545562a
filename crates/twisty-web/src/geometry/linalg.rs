//! Rotations of 3D space and the finite rotation group of a puzzle's pieces.

use super::{Mat, Vec3};

pub(super) const EPS: f64 = 1e-6;

pub(super) fn mat_mul(a: &Mat, b: &Mat) -> Mat {
    let mut m = [[0.0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

pub(super) fn mat_vec(a: &Mat, v: &Vec3) -> Vec3 {
    [
        a[0][0] * v[0] + a[0][1] * v[1] + a[0][2] * v[2],
        a[1][0] * v[0] + a[1][1] * v[1] + a[1][2] * v[2],
        a[2][0] * v[0] + a[2][1] * v[1] + a[2][2] * v[2],
    ]
}

pub(super) fn dot(a: &Vec3, b: &Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub(super) fn add(a: &Vec3, b: &Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub(super) fn scale(a: &Vec3, s: f64) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

pub(super) fn normalise(a: &Vec3) -> Vec3 {
    scale(a, 1.0 / dot(a, a).sqrt())
}

pub(super) fn close(a: &Vec3, b: &Vec3) -> bool {
    (0..3).all(|i| (a[i] - b[i]).abs() < 1e-4)
}

/// The rotation by `angle` radians about the unit vector `axis` (right-hand rule).
pub fn rotation(axis: &Vec3, angle: f64) -> Mat {
    let [x, y, z] = normalise(axis);
    let (s, c) = angle.sin_cos();
    let t = 1.0 - c;
    [
        [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
        [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
        [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
    ]
}

/// A finite rotation group with its multiplication table.
#[derive(Debug, Clone)]
pub struct Group {
    /// The elements; element 0 is the identity.
    pub mats: Vec<Mat>,
    mul: Vec<Vec<u8>>,
}

impl Group {
    /// The closure of `gens` under multiplication.
    pub(super) fn generate(gens: &[Mat]) -> Group {
        let id = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let mut mats = vec![id];
        let mut i = 0;
        while i < mats.len() {
            for g in gens {
                let m = mat_mul(g, &mats[i]);
                if Self::index_in(&mats, &m).is_none() {
                    mats.push(m);
                }
            }
            i += 1;
        }
        let n = mats.len();
        let mut mul = vec![vec![0u8; n]; n];
        for a in 0..n {
            for b in 0..n {
                let m = mat_mul(&mats[a], &mats[b]);
                // The set is closed, so the product is always found.
                mul[a][b] = Self::index_in(&mats, &m).unwrap_or(0) as u8;
            }
        }
        Group { mats, mul }
    }

    fn index_in(mats: &[Mat], m: &Mat) -> Option<usize> {
        mats.iter()
            .position(|x| (0..3).all(|i| (0..3).all(|j| (x[i][j] - m[i][j]).abs() < EPS)))
    }

    /// The index of `m`, if it is an element.
    pub fn index(&self, m: &Mat) -> Option<u8> {
        Self::index_in(&self.mats, m).map(|i| i as u8)
    }

    /// The product `a · b` (apply `b` first).
    pub fn mul(&self, a: u8, b: u8) -> u8 {
        self.mul[a as usize][b as usize]
    }
}

/// The point where three planes `n · p = 1` meet, if they meet in one point.
pub(super) fn solve3(a: &Vec3, b: &Vec3, c: &Vec3) -> Option<Vec3> {
    let det3 = |r0: &Vec3, r1: &Vec3, r2: &Vec3| {
        r0[0] * (r1[1] * r2[2] - r1[2] * r2[1]) - r0[1] * (r1[0] * r2[2] - r1[2] * r2[0])
            + r0[2] * (r1[0] * r2[1] - r1[1] * r2[0])
    };
    let det = det3(a, b, c);
    if det.abs() < 1e-9 {
        return None;
    }
    // Cramer's rule with right-hand side (1, 1, 1): replace one column at a time.
    let col = |k: usize| {
        let r = |v: &Vec3| {
            let mut w = *v;
            w[k] = 1.0;
            w
        };
        det3(&r(a), &r(b), &r(c)) / det
    };
    Some([col(0), col(1), col(2)])
}
