//! Tests of the coset coordinate and the `best` search problem.

use super::coset::*;
use super::search::*;
use super::*;
use crate::optimal::cube3::coords::MOVES;
use twisty_core::cube3::{Cube3Move, CubieCube, LaneCube};
use twisty_core::rng::seeded_rng;
use twisty_search::coset_bfs::BasePacked;
use twisty_search::ida::{IdaProblem, MovePruning};

fn move_image(img: &CubieCube) -> Option<u8> {
    (0..MOVES as u8).find(|&q| CubieCube::of_move(Cube3Move::ALL[q as usize]) == *img)
}

#[test]
fn symmetries_and_axes_map_moves_to_moves() {
    let mut rng = seeded_rng(11);
    let cs: Vec<CubieCube> = (0..30).map(|_| CubieCube::random(&mut rng)).collect();
    for k in 0..N_SYM {
        for m in 0..MOVES {
            let img = conj_sym(&CubieCube::of_move(Cube3Move::ALL[m]), k);
            let q = move_image(&img).expect("a symmetry maps a move to a move");
            for c in &cs {
                let a = conj_sym(&c.after(Cube3Move::ALL[m]), k);
                let b = conj_sym(c, k).after(Cube3Move::ALL[q as usize]);
                assert_eq!(a, b, "sym {k} move {m}");
            }
            // The U–D axis symmetries keep U and D moves on the U–D axis.
            if m / 3 % 3 == 0 {
                assert_eq!(q / 3 % 3, 0);
            }
        }
    }
    let co = CosetCoords::new(Variant::Tiny);
    let mut axes_of_u = Vec::new();
    for a in 0..3 {
        for m in 0..MOVES {
            let q = co.axis_move[a][m] as usize;
            assert_eq!(
                move_image(&co.on_axis(&CubieCube::of_move(Cube3Move::ALL[m]), a)),
                Some(q as u8)
            );
            for c in &cs {
                assert_eq!(
                    co.on_axis(&c.after(Cube3Move::ALL[m]), a),
                    co.on_axis(c, a).after(Cube3Move::ALL[q])
                );
            }
        }
        // Which original face lands on U.
        axes_of_u.push((0..MOVES).find(|&m| co.axis_move[a][m] == 0).map(|m| m / 3 % 3));
    }
    axes_of_u.sort();
    assert_eq!(axes_of_u, vec![Some(0), Some(1), Some(2)]);
    // Inheritance: the inverse's coordinate on the axis of the last move is unchanged.
    for c in &cs {
        for m in 0..MOVES {
            let a = co.move_axis[m] as usize;
            let before = axis_coords(&co.on_axis(&c.inverse(), a));
            let after = axis_coords(&co.on_axis(&c.after(Cube3Move::ALL[m]).inverse(), a));
            assert_eq!(before, after, "move {m} axis {a}");
        }
    }
}

#[test]
fn coordinates_follow_moves_and_symmetries() {
    for variant in [Variant::Tiny, Variant::Full] {
        let co = CosetCoords::new(variant);
        assert_eq!(co.classes(), CLASSES);
        assert_eq!(co.raw_to_sym.iter().filter(|&&e| e == u32::MAX).count(), 0);
        let mut rng = seeded_rng(5);
        for _ in 0..300 {
            let c = CubieCube::random(&mut rng);
            let a = axis_coords(&c);
            for m in 0..MOVES {
                assert_eq!(co.apply(&a, m), axis_coords(&c.after(Cube3Move::ALL[m])));
            }
            // The index is the same for every conjugate by a U–D symmetry.
            // (Up to the symmetries fixing the class representative.)
            let i = co.index(&a);
            let pc = variant.per_class();
            let (class, (sl, fl)) = (i / pc, co.split(i % pc));
            let images: Vec<u64> = (0..N_SYM)
                .filter(|u| co.self_sym[class as usize] >> u & 1 == 1)
                .map(|u| class * pc + co.inner(sl, fl, u))
                .collect();
            for k in 0..N_SYM {
                let j = co.index(&axis_coords(&conj_sym(&c, k)));
                assert!(
                    images.contains(&j),
                    "sym {k}: {j} not in {images:?} (mask {:b})",
                    co.self_sym[class as usize]
                );
            }
            assert!(i < co.entries());
        }
    }
    assert_eq!(CLASSES * Variant::Full.per_class(), 10_066_636_800);
}

#[test]
fn gathered_bits_are_the_byte_bits() {
    for mask in 0u32..256 {
        let mut x = 0u64;
        for i in 0..8 {
            if mask >> i & 1 == 1 {
                // Noise in the other bits of each byte must not matter.
                x |= 0xfeu64 << (8 * i) | 1 << (8 * i);
            }
        }
        assert_eq!(gather_bits(x), mask);
        assert_eq!(gather_bits(x | 0xfefe_fefe_fefe_fefe), mask);
    }
}

#[test]
fn lane_coords_match_axis_coords() {
    let co = CosetCoords::new(Variant::Tiny);
    let mut rng = seeded_rng(17);
    let mut cubes = vec![CubieCube::SOLVED];
    cubes.extend((0..2000).map(|_| CubieCube::random(&mut rng)));
    for c in &cubes {
        assert_eq!(co.lane_coords(&LaneCube::from_cubie(c)), axis_coords(c));
    }
}

#[test]
fn node_inverse_follows_moves() {
    let table = vec![0u8; 64];
    let pruning = MovePruning::none(MOVES);
    let co = CosetCoords::new(Variant::Tiny);
    let p = BestProblem {
        coords: &co,
        table: BasePacked {
            bytes: &table,
            base: 4,
        },
        pruning: &pruning,
        inverse: true,
        order: true,
    };
    let mut rng = seeded_rng(23);
    for _ in 0..20 {
        let mut c = CubieCube::random(&mut rng);
        let mut n = p.node(&c);
        for step in 0..40 {
            let m = (step * 7 + c.corner_perm(0) as usize) % MOVES;
            c = c.after(Cube3Move::ALL[m]);
            n = p.apply(&n, m);
            let inv = c.inverse();
            let want: [CubieCube; 3] = std::array::from_fn(|a| co.on_axis(&inv, a));
            assert_eq!(p.inverse_cubes(&n), want);
            assert_eq!(
                n,
                BestNode {
                    inv: n.inv,
                    pos: n.pos,
                    ..p.node(&c)
                }
            );
            assert_eq!(n.idx, n.ax.map(|x| co.index(&x)));
            for (a, w) in want.iter().enumerate() {
                assert_eq!(co.lane_coords(&n.inv_cubes[a]), axis_coords(w));
            }
        }
    }
    let solved = p.node(&CubieCube::SOLVED);
    assert!(p.is_goal(&solved));
    // R, then R'.
    assert!(!p.is_goal(&p.apply(&solved, 3)));
    assert!(p.is_goal(&p.apply(&p.apply(&solved, 3), 5)));
}

#[test]
fn plus_one_rule() {
    assert_eq!(plus_one([3, 3, 3]), 4);
    assert_eq!(plus_one([3, 2, 3]), 3);
    assert_eq!(plus_one([0, 0, 0]), 0);
}
