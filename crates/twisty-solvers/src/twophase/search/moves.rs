//! Rules on move sequences: which faces may follow which, which moves may end phase 1
//! or the pre-moves, and the merging of a move into a sequence.

use super::MAX_MOVES;

/// Whether `next` may follow `prev` (faces): not the same face, and opposite faces only in
/// increasing order.
#[inline]
pub(super) fn may_follow(prev: u8, next: u8) -> bool {
    prev != next && !(prev % 3 == next % 3 && next < prev)
}

#[cfg(test)]
/// Whether a move can end phase 1: a quarter turn of R, F, L or B (the other moves keep
/// the phase-2 subgroup).
#[inline]
pub(super) fn ends_phase1(m: u8) -> bool {
    let face = m / 3;
    !face.is_multiple_of(3) && m % 3 != 1
}

/// Whether a move is a clockwise quarter turn of R, F, L or B (the last pre-move).
#[inline]
pub(super) fn is_last_pre_move(m: u8) -> bool {
    m.is_multiple_of(3) && !(m / 3).is_multiple_of(3)
}

/// Appends move `m` to `moves[..*n]`, merging it with the last move when both turn the
/// same face.
pub(super) fn push_merged(moves: &mut [u8; MAX_MOVES], n: &mut usize, m: u8) {
    if *n > 0 && moves[*n - 1] / 3 == m / 3 {
        let amount = (moves[*n - 1] % 3 + 1 + m % 3 + 1) % 4;
        if amount == 0 {
            *n -= 1;
        } else {
            moves[*n - 1] = 3 * (m / 3) + amount - 1;
        }
    } else if *n < MAX_MOVES {
        moves[*n] = m;
        *n += 1;
    }
}
