//! Canonical move sequences of the fixed-corner Kilominx.
//!
//! Two turns of non-adjacent faces commute on the physical puzzle, and a sequence of face
//! turns only needs to be searched in one order of every run of commuting turns. In the
//! UFL-fixed frame the model uses, a turn of U, L or F is the physical turn followed by the
//! whole-puzzle rotation that brings UFL home, so afterwards every face sits under another
//! label: `U DL` and `DL U` are not equal as label sequences (the second DL turn of one is a
//! different label in the other), and a rule on labels alone can only keep the pairs of faces
//! that hold no UFL (a branching factor of 36.3 per move). This module follows the physical
//! faces instead: the automaton's state is the current labelling of the twelve physical faces
//! (one of the 60 rotations) and the set of physical faces that may not be turned next, which
//! is the lexicographic normal form of the trace monoid of commuting turns:
//!
//! - a face may not be turned again while every turn since its last one commuted with it
//!   (the two turns would merge into one);
//! - after a turn of face `p`, a face `c < p` that commutes with `p` may not follow, and stays
//!   forbidden while the turns that follow commute with it (it could have been turned first).
//!
//! Every sequence has exactly one such normal form of the same length, so the search stays
//! complete and optimal. The automaton has 2,581 states and generates 48, 1,536, 43,520,
//! 1,182,720 sequences of 1–4 moves (the distinct states at those depths are 48, 1,536,
//! 43,520 and 1,180,800), a branching factor tending to 26.48.

use std::collections::HashMap;
use twisty_core::kilominx::{KiloState, Kilominx};
use twisty_core::Puzzle;
use twisty_search::ida::MoveAutomaton;

/// The 20 corner positions of each face label, as bit masks.
fn face_corners(dest: &[[u8; 20]]) -> Option<[u32; 12]> {
    let mut out = [0u32; 12];
    for (f, c) in out.iter_mut().enumerate() {
        let moved = (0..20)
            .filter(|&p| dest[4 * f][p] as usize != p)
            .fold(0u32, |a, p| a | 1 << p);
        // A face without UFL moves its own five corners; U, L and F move the other fifteen.
        *c = match moved.count_ones() {
            5 => moved,
            15 => !moved & 0xF_FFFF,
            _ => return None,
        };
    }
    Some(out)
}

/// The automaton of canonical sequences over the 48 moves in [`Kilominx::moves`] order, or
/// `None` if the move tables do not have the geometry of a dodecahedron (a bug).
pub fn automaton() -> Option<MoveAutomaton> {
    let k = Kilominx;
    let moves = k.moves();
    if moves.len() != 48 {
        return None;
    }
    // dest[m][p]: where move m sends the cubie at position p.
    let mut dest = vec![[0u8; 20]; 48];
    for (m, &mv) in moves.iter().enumerate() {
        if usize::from(k.face(mv)) != m / 4 {
            return None;
        }
        let mut s = KiloState::SOLVED;
        k.apply(&mut s, mv);
        for i in 0..20 {
            dest[m][usize::from(s.cubie(i))] = i as u8;
        }
    }
    let corners = face_corners(&dest)?;
    let commute = |a: usize, b: usize| a != b && corners[a] & corners[b] == 0;
    // After move m, the physical face that was under label x is under label rot[m][x]: the
    // move's own face keeps its label, and any other face keeps at least three corners off
    // the turned face, whose images name the face they went to.
    let mut rot = [[0u8; 12]; 48];
    for (m, row) in rot.iter_mut().enumerate() {
        let h = m / 4;
        for (x, r) in row.iter_mut().enumerate() {
            if x == h {
                *r = x as u8;
                continue;
            }
            let off = corners[x] & !corners[h];
            let img = (0..20)
                .filter(|&p| off >> p & 1 == 1)
                .fold(0u32, |a, p| a | 1 << dest[m][p]);
            *r = (0..12).find(|&y| corners[y] & img == img)? as u8;
        }
    }
    // State: (label of each physical face, physical faces that may not be turned next).
    type Key = ([u8; 12], u16);
    let start: Key = (std::array::from_fn(|i| i as u8), 0);
    let mut ids: HashMap<Key, u16> = HashMap::from([(start, 0)]);
    let mut states = vec![start];
    let mut next: Vec<u16> = Vec::new();
    let mut q = 0;
    while q < states.len() {
        let (label, forbidden) = states[q];
        for (m, rm) in rot.iter().enumerate() {
            let h = (m / 4) as u8;
            let p = label.iter().position(|&l| l == h)?;
            if forbidden >> p & 1 == 1 {
                next.push(MoveAutomaton::NONE);
                continue;
            }
            let mut nf: u16 = 1 << p;
            for c in 0..12 {
                if commute(c, p) && (c < p || forbidden >> c & 1 == 1) {
                    nf |= 1 << c;
                }
            }
            let key: Key = (std::array::from_fn(|i| rm[usize::from(label[i])]), nf);
            let id = match ids.get(&key) {
                Some(&id) => id,
                None => {
                    let id = u16::try_from(states.len()).ok()?;
                    ids.insert(key, id);
                    states.push(key);
                    id
                }
            };
            next.push(id);
        }
        q += 1;
    }
    MoveAutomaton::new(48, next).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn canonical_sequences_reach_every_state_once_up_to_depth_three() {
        let a = automaton().expect("automaton");
        assert_eq!(a.states(), 2581);
        let counts = a.sequence_counts(12);
        assert_eq!(&counts[..4], &[48.0, 1536.0, 43520.0, 1_182_720.0]);
        let ratio = counts[11] / counts[10];
        assert!((ratio - 26.48).abs() < 0.01, "branching factor {ratio}");
        // Breadth-first over all 48 moves against the automaton's sequences: the same states
        // at each depth, and (up to depth 3) one sequence per state.
        let k = Kilominx;
        let moves = k.moves();
        let mut seen = HashSet::from([KiloState::SOLVED]);
        let mut front = vec![KiloState::SOLVED];
        let mut canon = vec![(KiloState::SOLVED, MoveAutomaton::START)];
        for depth in 1..=3 {
            let mut new = Vec::new();
            for s in &front {
                for &m in &moves {
                    let mut t = *s;
                    k.apply(&mut t, m);
                    if seen.insert(t) {
                        new.push(t);
                    }
                }
            }
            let mut next = Vec::new();
            for (s, q) in &canon {
                for (m, &mv) in moves.iter().enumerate() {
                    if let Some(r) = a.next(*q, m) {
                        let mut t = *s;
                        k.apply(&mut t, mv);
                        next.push((t, r));
                    }
                }
            }
            let reached: HashSet<KiloState> = next.iter().map(|x| x.0).collect();
            assert_eq!(reached.len(), next.len(), "depth {depth}: a state reached twice");
            assert_eq!(reached, new.iter().copied().collect(), "depth {depth}");
            front = new;
            canon = next;
        }
    }
}
