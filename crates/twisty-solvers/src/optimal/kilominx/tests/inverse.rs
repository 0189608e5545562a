//! Tests of the inverse lookups of the mod-3 databases: each is a lower bound of the distance
//! it stands for, with the right residue, for every symmetry it is read through.

use super::super::lookups::Lookups;
use super::super::*;
use super::with_inverse_config;
use twisty_core::rng::seeded_rng;

#[test]
fn lifting_takes_the_smallest_value_with_the_residue() {
    assert_eq!(Lookups::lift(7, 1), 7);
    assert_eq!(Lookups::lift(7, 2), 8);
    assert_eq!(Lookups::lift(7, 0), 9);
    assert_eq!(Lookups::lift(0, 0), 0);
    assert_eq!(Lookups::lift(0, 2), 2);
    // A missing entry (3) lifts nothing.
    assert_eq!(Lookups::lift(5, 3), 5);
}

#[test]
fn inverse_lookups_bound_the_distance_they_stand_for() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    // The two 3-cubie sets also as 4-bit tables (exact distances), read for the inverse
    // state through the same symmetries in the same order as the inverse lookups.
    let base = vec![
        Pattern::new(&["UFR", "UBR", "MFR"]).unwrap(),
        Pattern::new(&["UBL", "UBR", "UBM"]).unwrap(),
    ];
    let mut config = with_inverse_config(base);
    config.lookups = [0u8, 1, 2, 3, 4, 5]
        .iter()
        .flat_map(|&power| {
            (0..2).map(move |pattern| LookupSpec {
                pattern,
                inverse: true,
                power,
            })
        })
        .collect();
    let solver = KilominxOptimal::with_config(&cache, config, false).unwrap();
    let l = &solver.lookups;
    assert_eq!(l.inv.len(), 12);
    assert_eq!(l.order.len(), 12);
    let k = Kilominx;
    let mut rng = seeded_rng(41);
    let (mut exact, mut below) = (0, 0);
    for n in [0, 1, 3, 6, 10, 20, 40, 80] {
        for _ in 0..10 {
            let node = Node::new(&k.state_after(&k.random_moves(&mut rng, n)));
            for i in 0..12 {
                let want = l.value(&l.order[i], &node);
                let got = l.inv_value(i, &node);
                assert!(got <= want, "lookup {i}, {n} moves: {got} > {want}");
                assert_eq!(got % 3, want % 3, "lookup {i}, {n} moves");
                if got == want {
                    exact += 1;
                } else {
                    below += 1;
                }
            }
        }
    }
    // A 2-cubie set inside a 3-cubie one is rarely three or more moves short of it.
    assert!(exact > 10 * below, "{exact} exact, {below} below");
}

#[test]
fn an_inverse_lookup_must_be_lifted_from_a_pattern_inside_its_set() {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let mut config = with_inverse_config(Vec::new());
    // Pattern 1 (UBR, UBM) is not inside the first mod-3 set (UFR, UBR, MFR).
    config.inverse_faces = vec![1, 0];
    let e = KilominxOptimal::with_config(&cache, config, false).unwrap_err();
    assert!(e.to_string().contains("not a pattern inside"), "{e}");
    let mut config = with_inverse_config(Vec::new());
    config.inverse_faces = vec![0, 7];
    assert!(KilominxOptimal::with_config(&cache, config, false).is_err());
}
