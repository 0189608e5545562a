//! The 18 face moves as cubie cubes, and the per-move tables behind fast move application.

use super::{mod3, CubieCube};

const fn basic(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    let mut i = 0;
    while i < 8 {
        c.corners[i] = cp[i] | co[i] << 3;
        i += 1;
    }
    let mut i = 0;
    while i < 12 {
        c.edges[i] = ep[i] | eo[i] << 4;
        i += 1;
    }
    c
}

// Corner and edge indices, for readability of the move definitions.
const URF: u8 = 0;
const UFL: u8 = 1;
const ULB: u8 = 2;
const UBR: u8 = 3;
const DFR: u8 = 4;
const DLF: u8 = 5;
const DBL: u8 = 6;
const DRB: u8 = 7;
const UR: u8 = 0;
const UF: u8 = 1;
const UL: u8 = 2;
const UB: u8 = 3;
const DR: u8 = 4;
const DF: u8 = 5;
const DL: u8 = 6;
const DB: u8 = 7;
const FR: u8 = 8;
const FL: u8 = 9;
const BL: u8 = 10;
const BR: u8 = 11;

/// The six clockwise quarter turns U R F D L B as cubie cubes.
pub(super) const BASIC: [CubieCube; 6] = [
    basic(
        [UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB],
        [0; 8],
        [UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR],
        [0; 12],
    ),
    basic(
        [DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR],
        [2, 0, 0, 1, 1, 0, 0, 2],
        [FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR],
        [0; 12],
    ),
    basic(
        [UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB],
        [1, 2, 0, 0, 2, 1, 0, 0],
        [UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR],
        [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    ),
    basic(
        [URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR],
        [0; 8],
        [UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR],
        [0; 12],
    ),
    basic(
        [URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB],
        [0, 1, 2, 0, 0, 2, 1, 0],
        [UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR],
        [0; 12],
    ),
    basic(
        [URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL],
        [0, 0, 1, 2, 0, 0, 2, 1],
        [UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB],
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    ),
];

/// The 18 face moves as cubie cubes, by move index.
pub(super) const MOVE_CUBES: [CubieCube; 18] = {
    let mut out = [CubieCube::SOLVED; 18];
    let mut f = 0;
    while f < 6 {
        let q = BASIC[f];
        out[3 * f] = q;
        out[3 * f + 1] = q.multiply(&q);
        out[3 * f + 2] = out[3 * f + 1].multiply(&q);
        f += 1;
    }
    out
};

/// `TWIST_ADD[t][byte]`: a packed corner byte with `t` added to its orientation.
pub(super) const TWIST_ADD: [[u8; 32]; 4] = {
    let mut out = [[0u8; 32]; 4];
    let mut t = 0;
    while t < 3 {
        let mut a = 0;
        while a < 24 {
            out[t][a] = (a as u8 & 7) | mod3((a as u8 >> 3) + t as u8) << 3;
            a += 1;
        }
        t += 1;
    }
    out
};

/// The positions a face move changes: (position, position its cubie comes from, twist or
/// flip added; flips are pre-shifted to the orientation bit).
#[derive(Debug, Clone, Copy)]
pub(super) struct MoveDelta {
    pub(super) corners: [(u8, u8, u8); 4],
    pub(super) edges: [(u8, u8, u8); 4],
}

pub(super) const MOVE_DELTAS: [MoveDelta; 18] = {
    let mut out = [MoveDelta {
        corners: [(0, 0, 0); 4],
        edges: [(0, 0, 0); 4],
    }; 18];
    let mut m = 0;
    while m < 18 {
        let c = MOVE_CUBES[m];
        let mut k = 0;
        let mut i = 0;
        while i < 8 {
            if c.corners[i] != i as u8 {
                out[m].corners[k] = (i as u8, c.corners[i] & 7, c.corners[i] >> 3);
                k += 1;
            }
            i += 1;
        }
        assert!(k == 4);
        let mut k = 0;
        let mut i = 0;
        while i < 12 {
            if c.edges[i] != i as u8 {
                out[m].edges[k] = (i as u8, c.edges[i] & 15, c.edges[i] & 16);
                k += 1;
            }
            i += 1;
        }
        assert!(k == 4);
        m += 1;
    }
    out
};
