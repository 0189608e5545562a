//! The persisted tables keep their byte layout: fingerprints of the two-phase tables' byte
//! image and of the `best` coset coordinate (whose index order fixes the coset table's
//! layout) and of the `h48` coordinate match the values the cached files were written with.

use twisty_core::cube3::{Cube3Move, CubieCube};
use twisty_core::seeded_rng;
use twisty_solvers::optimal::cube3::best::{axis_coords, CosetCoords, Variant};
use twisty_solvers::twophase::{cache, TwoPhase};

/// 64-bit FNV-1a.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[test]
fn two_phase_table_bytes_are_unchanged() {
    let bytes = cache::to_bytes(TwoPhase::global().tables());
    assert_eq!(
        (fnv(bytes.iter().copied()), bytes.len()),
        (0x1a2a_ce8a_0f26_a1a5, 1_291_248)
    );
}

fn coset_fingerprint(variant: Variant) -> u64 {
    let co = CosetCoords::new(variant);
    let mut out = Vec::new();
    for &x in &co.raw_to_sym {
        out.extend(x.to_le_bytes());
    }
    for &x in &co.class_rep {
        out.extend(x.to_le_bytes());
    }
    for &x in &co.self_sym {
        out.extend(x.to_le_bytes());
    }
    let mut rng = seeded_rng(11);
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        for a in 0..3 {
            let axis = axis_coords(&co.on_axis(&c, a));
            out.extend(co.index(&axis).to_le_bytes());
            for m in 0..Cube3Move::ALL.len() {
                out.extend(co.index(&co.apply(&axis, m)).to_le_bytes());
            }
        }
    }
    fnv(out)
}

#[test]
fn coset_coordinate_layout_is_unchanged() {
    let tiny = coset_fingerprint(Variant::Tiny);
    let full = coset_fingerprint(Variant::Full);
    assert_eq!((tiny, full), (0xcb41_1310_575e_f784, 0x0809_be22_76f4_2f7e));
}

/// The `h48` coordinate (whose index order fixes the `h48` tables' layout): the class
/// tables and the full indices of random cubes and their neighbours.
fn h48_fingerprint() -> u64 {
    use twisty_solvers::optimal::cube3::h48::coords::H48Coords;
    let co = H48Coords::new();
    let mut out = Vec::new();
    for &x in &co.raw_to_sym {
        out.extend(x.to_le_bytes());
    }
    for &x in &co.class_rep {
        out.extend(x.to_le_bytes());
    }
    for &x in &co.self_sym {
        out.extend(x.to_le_bytes());
    }
    let mut rng = seeded_rng(12);
    for _ in 0..300 {
        let c = CubieCube::random(&mut rng);
        out.extend(co.full_index(&co.raw(&c)).1.to_le_bytes());
        for m in Cube3Move::ALL {
            out.extend(co.full_index(&co.raw(&c.after(m))).1.to_le_bytes());
        }
    }
    fnv(out)
}

#[test]
fn h48_coordinate_layout_is_unchanged() {
    assert_eq!(h48_fingerprint(), 0xf393_958b_b326_8b73);
}
