//! Post-processing of the played moves: codes to moves, and the `--simplify` pass that
//! merges moves and drops runs whose net effect is the identity.

use super::cube::Tables;
use super::genome;
use twisty_core::supercube::{simplify, SuperMove};

pub(super) fn to_moves(codes: &[u8]) -> Vec<SuperMove> {
    codes.iter().map(|&c| SuperMove::from_code(c as u16)).collect()
}

/// Longest window searched for move runs whose net effect is the identity.
pub const IDENTITY_WINDOW: usize = 40;

/// Removes every run of at most [`IDENTITY_WINDOW`] consecutive moves whose net effect is
/// the identity (e.g. a conjugate undone later). Returns whether anything was removed.
fn remove_identity_runs(t: &Tables, moves: &mut Vec<u8>, zero: &mut [u8]) -> bool {
    let mut changed = false;
    let mut i = 0;
    while i < moves.len() {
        let end = (i + IDENTITY_WINDOW).min(moves.len());
        let mut nonzero = 0i64;
        let mut found = None;
        let mut last = i;
        for j in i..end {
            nonzero += t.apply_counting(zero, moves[j]);
            last = j;
            if nonzero == 0 {
                found = Some(j);
                break;
            }
        }
        // Undo the scan so `zero` is the identity again.
        for j in (i..=last).rev() {
            t.apply(zero, genome::inverse(moves[j]));
        }
        match found {
            Some(j) => {
                moves.drain(i..=j);
                changed = true;
                i = i.saturating_sub(IDENTITY_WINDOW);
            }
            None => i += 1,
        }
    }
    changed
}

/// The `--simplify` pass: cancel and merge same-slice moves separated only by moves of the
/// same axis, and drop runs of moves whose net effect is the identity, until neither
/// applies. The result has the same effect as `moves`.
pub fn simplify_solution(t: &Tables, moves: &[SuperMove]) -> Vec<SuperMove> {
    let mut cur = simplify(moves);
    let mut zero = vec![0u8; t.n * t.n * t.n];
    for _ in 0..8 {
        let mut codes: Vec<u8> = cur.iter().map(|m| m.code() as u8).collect();
        if !remove_identity_runs(t, &mut codes, &mut zero) {
            break;
        }
        cur = simplify(&to_moves(&codes));
    }
    cur
}
