//! Tests of the search: the premise of the phase-1 cut, the tracked phase-2 states and the
//! merging of moves.

use super::moves::ends_phase1;
use super::*;
use crate::twophase::tables::PHASE2_MOVES;

/// Every sequence of 1..=4 moves whose product lies in the phase-2 subgroup ends with a
/// phase-2 move: the premise of the cut in `phase1`.
#[test]
fn no_short_return_to_the_subgroup_ends_with_a_quarter_turn() {
    fn walk(c: CubieCube, depth: usize, last: u8) {
        if depth == 0 {
            return;
        }
        for m in 0..18u8 {
            let mv = Cube3Move::ALL[m as usize];
            if last < 6 && !may_follow(last, mv.face()) {
                continue;
            }
            let n = c.after(mv);
            let in_g1 = coord::twist(&n) == 0 && coord::flip(&n) == 0 && coord::slice(&n) == 0;
            assert!(!(in_g1 && ends_phase1(m)), "a return ending with {mv}");
            walk(n, depth - 1, mv.face());
        }
    }
    walk(CubieCube::SOLVED, 4, 6);
}

/// The phase-2 state tracked through symmetry move tables gives the estimate of the
/// cube it stands for: the largest table distance of the cube and of its inverse.
#[test]
fn tracked_phase2_states_match_the_cube() {
    let tp = crate::twophase::TwoPhase::global();
    let ctx = tp.context();
    let p = &tp.tables().phase2;
    let mut rng = twisty_core::seeded_rng(8);
    let mut c = CubieCube::SOLVED;
    let mut x = ctx.coords2(&c);
    for _ in 0..5000 {
        let j = rand::Rng::random_range(&mut rng, 0..10);
        c.apply_move(Cube3Move::ALL[PHASE2_MOVES[j] as usize]);
        x = ctx.step2(&x, j);
        let d = p.distances(&c);
        let di = p.distances(&c.inverse());
        let want = d.iter().chain(&di).copied().max().unwrap_or(0) as usize;
        assert_eq!(ctx.h2(&x), want);
        assert!(ctx.h2_below(&x, want + 1) && !ctx.h2_below(&x, want));
        assert_eq!(
            x.corner == 0 && x.edge == 0 && x.sperm == 0,
            c == CubieCube::SOLVED
        );
    }
}

#[test]
fn merging_moves() {
    let mut moves = [0u8; MAX_MOVES];
    let mut n = 0;
    // R2 then R = R'; then U; then U' cancels it.
    push_merged(&mut moves, &mut n, 4);
    push_merged(&mut moves, &mut n, 3);
    assert_eq!(&moves[..n], &[5]);
    push_merged(&mut moves, &mut n, 0);
    push_merged(&mut moves, &mut n, 2);
    assert_eq!(&moves[..n], &[5]);
    assert!(is_last_pre_move(3) && !is_last_pre_move(5) && !is_last_pre_move(0));
}
