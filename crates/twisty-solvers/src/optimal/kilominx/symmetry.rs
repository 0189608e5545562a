//! The 3-fold rotation of the Kilominx about the fixed UFL corner, as an automorphism of the
//! UFL-fixed puzzle: it maps the face turns of U → L → F → U (and of the nine other faces in
//! three cycles of three) to one another, so a pattern database of a set of cubies also gives
//! the distances of the rotated set: `d_{ρ(P)}(s) = d_P(T⁻¹(s))`.
//!
//! `T` puts cubie `ρ(c)` at position `ρ(p)` with twist `t + δ(p) − δ(c)` wherever `s` has
//! cubie `c` at `p` with twist `t`. Both `ρ` (found from which faces meet at each corner) and
//! `δ` (solved from the move tables) are derived from the puzzle model, and [`Rotation::new`]
//! checks that `T(s·m) = T(s)·m'` for every move, `m'` being the same turn of the image face.

use super::pattern::{move_maps, N};
use twisty_core::kilominx::CUBIE_NAMES;

/// The positions of each face (faces in move order U, L, F, R, BL, BR, DL, DR, DBL, DBR, DB,
/// D), UFL included on U, L and F.
pub const FACE_SETS: [[&str; 5]; 12] = [
    ["UFL", "UBL", "UFR", "UBR", "UBM"],
    ["UFL", "UBL", "MFL", "MBL", "FLD"],
    ["UFL", "UFR", "MFL", "MFR", "FMD"],
    ["UFR", "UBR", "MFR", "MBR", "FRD"],
    ["UBL", "UBM", "MBM", "MBL", "BLD"],
    ["UBR", "UBM", "MBR", "MBM", "BRD"],
    ["MFL", "FMD", "DFM", "DFL", "FLD"],
    ["MFR", "FMD", "FRD", "DFM", "DFR"],
    ["MBL", "BLD", "DFL", "FLD", "DBL"],
    ["MBR", "FRD", "BRD", "DFR", "DBR"],
    ["MBM", "BRD", "BLD", "DBL", "DBR"],
    ["DFM", "DFL", "DBL", "DFR", "DBR"],
];

/// A power of the rotation on the 19 free positions (zero-based, position − 1).
#[derive(Debug, Clone)]
pub struct Rotation {
    /// `rho[p]`: the image of position (and cubie) `p`.
    pub rho: [u8; N],
    /// `delta[p]`: the twist offset of position `p`.
    pub delta: [u8; N],
    /// The image of each face.
    pub face: [u8; 12],
}

fn pos_of(name: &str) -> usize {
    CUBIE_NAMES.iter().position(|&n| n == name).unwrap_or(0)
}

impl Rotation {
    /// The rotation taking U to L, L to F and F to U, or `None` if the model has no such
    /// automorphism (which the tests rule out).
    pub fn new() -> Option<Rotation> {
        // Faces meeting at each position (1..20), as bit masks.
        let mut faces_at = [0u16; 20];
        for (f, set) in FACE_SETS.iter().enumerate() {
            for name in set {
                faces_at[pos_of(name)] |= 1 << f;
            }
        }
        let mut pi = [u8::MAX; 12];
        pi[0] = 1;
        pi[1] = 2;
        pi[2] = 0;
        if !assign(&mut pi, 3, &faces_at) {
            return None;
        }
        let image = |mask: u16| -> u16 {
            (0..12)
                .filter(|&f| mask & (1 << f) != 0)
                .fold(0, |acc, f| acc | 1 << pi[f])
        };
        let mut rho = [0u8; N];
        for p in 1..20 {
            let img = image(faces_at[p]);
            let q = (1..20).find(|&q| faces_at[q] == img)?;
            rho[p - 1] = (q - 1) as u8;
        }
        // Twist offsets: δ(dest_m p) − δ(p) = add_{m'}(ρ p) − add_m(p), propagated from
        // δ(0) = 0 (one free constant: adding it to every δ changes nothing).
        let maps = move_maps();
        let image_move = |m: usize| 4 * pi[m / 4] as usize + m % 4;
        let mut delta = [u8::MAX; N];
        delta[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for m in 0..48 {
                let m2 = image_move(m);
                for p in 0..N {
                    let d = maps.dest[m][p] as usize;
                    if maps.dest[m2][rho[p] as usize] != rho[d] {
                        return None;
                    }
                    let step = (3 + maps.add[m2][rho[p] as usize] - maps.add[m][p]) % 3;
                    if delta[p] != u8::MAX && delta[d] == u8::MAX {
                        delta[d] = (delta[p] + step) % 3;
                        changed = true;
                    }
                }
            }
        }
        let r = Rotation {
            rho,
            delta,
            face: std::array::from_fn(|f| pi[f]),
        };
        // Every equation must hold.
        for m in 0..48 {
            let m2 = image_move(m);
            for p in 0..N {
                let d = maps.dest[m][p] as usize;
                let step = (3 + maps.add[m2][rho[p] as usize] - maps.add[m][p]) % 3;
                if r.delta[p] == u8::MAX || (r.delta[p] + step) % 3 != r.delta[d] {
                    return None;
                }
            }
        }
        Some(r)
    }

    /// The identity.
    pub fn identity() -> Rotation {
        Rotation {
            rho: std::array::from_fn(|p| p as u8),
            delta: [0; N],
            face: std::array::from_fn(|f| f as u8),
        }
    }

    /// `self` then `other`.
    pub fn then(&self, other: &Rotation) -> Rotation {
        Rotation {
            rho: std::array::from_fn(|p| other.rho[self.rho[p] as usize]),
            delta: std::array::from_fn(|p| (self.delta[p] + other.delta[self.rho[p] as usize]) % 3),
            face: std::array::from_fn(|f| other.face[self.face[f] as usize]),
        }
    }

    /// The powers ρ⁰, ρ¹, ρ².
    pub fn powers() -> Option<[Rotation; 3]> {
        let r = Rotation::new()?;
        let r2 = r.then(&r);
        Some([Rotation::identity(), r, r2])
    }

    /// The image of a cubie (1..20).
    pub fn cubie(&self, c: u8) -> u8 {
        self.rho[c as usize - 1] + 1
    }

    /// Applies the automorphism to a where-form state: `w[c] = (position − 1) | twist << 5`.
    pub fn apply_where(&self, w: &[u8; 20]) -> [u8; 20] {
        let mut out = [0u8; 20];
        for c in 1..20 {
            let (p, t) = ((w[c] & 31) as usize, w[c] >> 5);
            let nc = self.rho[c - 1] as usize + 1;
            let nt = (t + self.delta[p] + 3 - self.delta[c - 1]) % 3;
            out[nc] = self.rho[p] | nt << 5;
        }
        out
    }
}

/// Backtracking over the images of faces `f..12`, keeping every fully mapped corner a corner.
fn assign(pi: &mut [u8; 12], f: usize, faces_at: &[u16; 20]) -> bool {
    let ok = |pi: &[u8; 12]| {
        (0..20).all(|p| {
            let mask = faces_at[p];
            let fs: Vec<usize> = (0..12).filter(|&g| mask & (1 << g) != 0).collect();
            if fs.iter().any(|&g| pi[g] == u8::MAX) {
                return true;
            }
            let img = fs.iter().fold(0u16, |acc, &g| acc | 1 << pi[g]);
            faces_at.contains(&img)
        })
    };
    if f == 12 {
        return ok(pi);
    }
    for g in 0..12u8 {
        if pi.contains(&g) {
            continue;
        }
        pi[f] = g;
        if ok(pi) && assign(pi, f + 1, faces_at) {
            return true;
        }
        pi[f] = u8::MAX;
    }
    false
}
