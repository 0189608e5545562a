use super::*;
use crate::rng::seeded_rng;

fn t() -> &'static Symmetries {
    Symmetries::get()
}

#[test]
fn the_48_are_distinct_24_mirrored_at_the_odd_indices() {
    let all = t().all();
    for (a, s) in all.iter().enumerate() {
        for b in &all[..a] {
            assert_ne!(s, b, "symmetry {a} repeated");
        }
        assert_eq!(s.is_mirror(), a % 2 == 1);
    }
    assert_eq!(all.iter().filter(|s| s.is_mirror()).count(), 24);
    assert_eq!(all[0], Symmetry::IDENTITY);
}

#[test]
fn the_tables_are_closed_with_identity_and_inverses() {
    let t = t();
    for a in 0..N_SYM {
        assert_eq!(t.mult(a, 0), a);
        assert_eq!(t.mult(0, a), a);
        assert_eq!(t.mult(a, t.inverse(a)), 0);
        assert_eq!(t.mult(t.inverse(a), a), 0);
        assert_eq!(t.sym(a).inverse(), *t.sym(t.inverse(a)));
        let mut row: Vec<usize> = (0..N_SYM).map(|b| t.mult(a, b)).collect();
        row.sort_unstable();
        assert_eq!(
            row,
            (0..N_SYM).collect::<Vec<_>>(),
            "row {a} is not a permutation"
        );
        for b in 0..N_SYM {
            assert_eq!(t.sym(a).then(t.sym(b)), *t.sym(t.mult(a, b)));
            for c in 0..N_SYM {
                assert_eq!(t.mult(t.mult(a, b), c), t.mult(a, t.mult(b, c)));
            }
        }
    }
}

#[test]
fn conjugation_is_a_homomorphism_matching_the_product() {
    let t = t();
    let mut rng = seeded_rng(5);
    for _ in 0..20 {
        let (x, y) = (CubieCube::random(&mut rng), CubieCube::random(&mut rng));
        for a in 0..N_SYM {
            let cx = t.conjugate(a, &x);
            assert!(cx.is_legal());
            assert_eq!(t.conjugate(a, &x.multiply(&y)), cx.multiply(&t.conjugate(a, &y)));
            assert_eq!(t.conjugate(t.inverse(a), &cx), x);
            let b = (a * 7 + 3) % N_SYM;
            assert_eq!(t.conjugate(t.mult(a, b), &x), t.conjugate(a, &t.conjugate(b, &x)));
        }
    }
}

#[test]
fn conjugating_a_move_matches_conjugating_the_state() {
    let t = t();
    let mut rng = seeded_rng(6);
    for k in 0..N_SYM {
        let mut faces = [false; 6];
        for m in Cube3Move::ALL {
            let img = t.conj_move(k, m);
            assert_eq!(CubieCube::of_move(img), t.conjugate(k, &CubieCube::of_move(m)));
            // A mirror reverses the sense of a turn; a half turn stays a half turn.
            let amount = if t.sym(k).is_mirror() {
                4 - m.amount()
            } else {
                m.amount()
            };
            assert_eq!(img.amount(), amount);
            faces[img.face() as usize] = true;
        }
        assert!(faces.iter().all(|&f| f));
        for _ in 0..10 {
            let c = CubieCube::random(&mut rng);
            for m in Cube3Move::ALL {
                assert_eq!(
                    t.conjugate(k, &c.after(m)),
                    t.conjugate(k, &c).after(t.conj_move(k, m))
                );
            }
        }
    }
}

#[test]
fn each_subgroup_is_a_group_of_the_documented_shape() {
    let t = t();
    for (g, len) in [
        (SymSubgroup::Identity, 1),
        (SymSubgroup::UdAxisHalfTurns, 8),
        (SymSubgroup::UdAxis, 16),
        (SymSubgroup::Rotations, 24),
        (SymSubgroup::All, 48),
    ] {
        let m = g.members();
        assert_eq!(m.len(), len);
        assert_eq!(m[0], 0);
        for &a in m {
            assert!(g.local(t.inverse(a)).is_some(), "{g:?}: inverse of {a}");
            for &b in m {
                assert!(g.local(t.mult(a, b)).is_some(), "{g:?}: {a}·{b}");
            }
        }
    }
    let u = Cube3Move::ALL[0];
    let (r, f) = (Cube3Move::ALL[3], Cube3Move::ALL[6]);
    let axis = |m: Cube3Move| m.face() % 3;
    for k in 0..N_SYM {
        let keeps = |m: Cube3Move| axis(t.conj_move(k, m)) == axis(m);
        // The U–D axis symmetries are exactly those mapping U–D turns to U–D turns.
        assert_eq!(SymSubgroup::UdAxis.local(k).is_some(), keeps(u), "{k}");
        // The eight keep every axis.
        assert_eq!(
            SymSubgroup::UdAxisHalfTurns.local(k).is_some(),
            keeps(u) && keeps(r) && keeps(f),
            "{k}"
        );
        assert_eq!(SymSubgroup::Rotations.local(k).is_some(), !t.sym(k).is_mirror());
    }
    // The powers of URF3 take U turns to each of the three axes.
    let mut axes: Vec<u8> = [0, 16, 32].iter().map(|&k| axis(t.conj_move(k, u))).collect();
    axes.sort_unstable();
    assert_eq!(axes, [0, 1, 2]);
}

fn twist(c: &CubieCube) -> usize {
    (0..7).fold(0, |t, i| 3 * t + c.corner_ori(i) as usize)
}

fn twist_cube(mut t: usize) -> CubieCube {
    let mut co = [0u8; 8];
    for i in (0..7).rev() {
        co[i] = (t % 3) as u8;
        t /= 3;
    }
    co[7] = ((3 - co.iter().map(|&o| o as usize).sum::<usize>() % 3) % 3) as u8;
    CubieCube::from_parts(
        [0, 1, 2, 3, 4, 5, 6, 7],
        co,
        std::array::from_fn(|i| i as u8),
        [0; 12],
    )
    .unwrap_or(CubieCube::SOLVED)
}

fn perm_rank(p: &[u8]) -> usize {
    (0..p.len()).fold(0, |r, i| {
        r * (p.len() - i) + p[i + 1..].iter().filter(|&&q| q < p[i]).count()
    })
}

fn perm_cube(mut r: usize) -> CubieCube {
    let mut free: Vec<u8> = (0..8).collect();
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        digits[i] = r % (8 - i);
        r /= 8 - i;
    }
    let cp: [u8; 8] = std::array::from_fn(|i| free.remove(digits[i]));
    CubieCube::from_parts(cp, [0; 8], std::array::from_fn(|i| i as u8), [0; 12]).unwrap_or(CubieCube::SOLVED)
}

#[test]
fn reduction_gives_the_known_class_counts_and_consistent_maps() {
    let twist_classes = SymClasses::reduce_cubes(2187, SymSubgroup::UdAxisHalfTurns, twist_cube, twist);
    assert_eq!(twist_classes.classes(), 324);
    let corner_classes = SymClasses::reduce_cubes(40320, SymSubgroup::UdAxis, perm_cube, |c| {
        perm_rank(&c.corner_perms())
    });
    assert_eq!(corner_classes.classes(), 2768);
    let t = t();
    for (cl, cube, rank) in [
        (
            &twist_classes,
            &twist_cube as &dyn Fn(usize) -> CubieCube,
            &twist as &dyn Fn(&CubieCube) -> usize,
        ),
        (&corner_classes, &perm_cube, &|c: &CubieCube| {
            perm_rank(&c.corner_perms())
        }),
    ] {
        let g = cl.subgroup.len();
        // Orbit sizes: |G| / |stabiliser| summed over classes give every raw value.
        let total: usize = cl.self_sym.iter().map(|m| g / m.count_ones() as usize).sum();
        assert_eq!(total, cl.class.len());
        for x in (0..cl.class.len()).step_by(7) {
            let c = cl.class[x] as usize;
            let r = cl.rep[c] as usize;
            assert!(r <= x);
            assert_eq!(rank(&t.conjugate(cl.global_sym(x), &cube(x))), r);
            assert_eq!(cl.class[r] as usize, c);
        }
        for (c, &mask) in cl.self_sym.iter().enumerate() {
            assert_eq!(mask & 1, 1);
            let r = cl.rep[c] as usize;
            for (j, &k) in cl.subgroup.members().iter().enumerate() {
                assert_eq!(mask >> j & 1 == 1, rank(&t.conjugate(k, &cube(r))) == r);
            }
        }
    }
}

#[test]
fn urf3_cycles_the_faces_as_documented() {
    let t = t();
    let face = |f: usize| t.conj_move(16, Cube3Move::ALL[3 * f]).face();
    assert_eq!([face(0), face(2), face(1)], [2, 1, 0]);
}
