//! Facts about the subgroup ⟨D, DB, DBR⟩ of the Kilominx: the three faces opposite U, F and L
//! meet at the cubie opposite UFL, so in the UFL-fixed frame they turn without a rotation.
//! It is the free-puzzle analogue of ⟨U, R, F⟩ and the natural last phase of a reduction.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use twisty_core::kilominx::{KiloMove, KiloState, Kilominx, FACE_NAMES};
use twisty_core::Puzzle;

fn sub_moves() -> Vec<KiloMove> {
    ["D", "DB", "DBR"]
        .iter()
        .flat_map(|f| {
            let face = FACE_NAMES.iter().position(|n| n == f).unwrap() as u8;
            (0..4).map(move |k| KiloMove::new(face, k).unwrap())
        })
        .collect()
}

#[test]
fn subgroup_moves_ten_cubies_and_fix_the_rest() {
    let k = Kilominx;
    let mut touched = [false; 20];
    for m in sub_moves() {
        let mut s = KiloState::SOLVED;
        k.apply(&mut s, m);
        for (i, t) in touched.iter_mut().enumerate() {
            if s.cubie(i) as usize != i || s.twist(i) != 0 {
                *t = true;
            }
        }
    }
    assert_eq!(touched.iter().filter(|&&t| t).count(), 10);
    assert!(!touched[0], "UFL must stay fixed");
}

#[test]
fn subgroup_distance_counts_to_depth_five() {
    let k = Kilominx;
    let moves = sub_moves();
    let mut seen: HashSet<KiloState> = HashSet::new();
    seen.insert(KiloState::SOLVED);
    let mut frontier = vec![KiloState::SOLVED];
    let mut counts = vec![1usize];
    for _ in 0..5 {
        let mut next = Vec::new();
        for s in &frontier {
            for &m in &moves {
                let mut t = *s;
                k.apply(&mut t, m);
                if seen.insert(t) {
                    next.push(t);
                }
            }
        }
        counts.push(next.len());
        frontier = next;
    }
    assert_eq!(counts, vec![1, 12, 96, 768, 6144, 49152]);
}
