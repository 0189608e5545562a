//! The canonical-sequence automaton of a puzzle given by its moves' faces and which faces
//! commute.
//!
//! Two move sequences that differ only by swapping adjacent moves of commuting faces make
//! the same state, and two moves of one face in a row are one move (or none). Of every
//! class of sequences equal under those swaps, the automaton generates exactly the ones in
//! *lexicographic normal form*, and none that hold two moves of one face that the swaps can
//! bring together: a sequence is generated iff it has no factor `a·u·b` where every move of
//! `u` commutes with `b`, `b` commutes with `a`, and `b`'s face is smaller than `a`'s or
//! equal to it.
//!
//! A state is the set `B` of faces that may not come next: `b ∈ B` iff some earlier move of
//! a face `a ≥ b` that commutes with `b` is followed only by moves that commute with `b`.
//! A move of face `f ∉ B` leads to `{b : f commutes with b and (f ≥ b or b ∈ B)}` (a face
//! commutes with itself). The states reachable from the empty set are numbered
//! breadth-first.
//!
//! On a 3x3x3 (opposite faces commute) this is the usual "never the same face twice, and
//! opposite faces in one order" rule; where three or more faces commute pairwise (the tips of
//! a Pyraminx commute with every move) it removes more than a rule on the last face alone.

use crate::ida::{AutomatonError, MoveAutomaton};
use std::collections::HashMap;

/// Most states the automaton may have (a state number is a `u16`).
pub const MAX_STATES: usize = 65_000;

/// A set of faces (at most 256), as a bit set.
type FaceSet = [u64; 4];

fn has(s: &FaceSet, f: u8) -> bool {
    (s[usize::from(f) / 64] >> (f % 64)) & 1 == 1
}

fn insert(s: &mut FaceSet, f: u8) {
    s[usize::from(f) / 64] |= 1 << (f % 64);
}

/// The canonical-sequence automaton of moves `0..face_of.len()`, move `m` being a turn of
/// face `face_of[m]`, faces `a` and `b` commuting when `commute(a, b)` (it need only be
/// right for `a != b`). Errors when it would have more than [`MAX_STATES`] states.
pub fn canonical_automaton(
    face_of: &[u8],
    commute: impl Fn(u8, u8) -> bool,
) -> Result<MoveAutomaton, AutomatonError> {
    let faces = face_of.iter().map(|&f| usize::from(f) + 1).max().unwrap_or(0);
    let comm: Vec<bool> = (0..faces * faces)
        .map(|i| {
            let (a, b) = ((i / faces) as u8, (i % faces) as u8);
            a == b || commute(a, b)
        })
        .collect();
    let commutes = |a: u8, b: u8| comm[usize::from(a) * faces + usize::from(b)];
    let moves = face_of.len();
    let mut states: Vec<FaceSet> = vec![[0; 4]];
    let mut index: HashMap<FaceSet, u16> = HashMap::from([([0; 4], 0)]);
    let mut next = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i];
        for &f in face_of {
            if has(&s, f) {
                next.push(MoveAutomaton::NONE);
                continue;
            }
            let mut t: FaceSet = [0; 4];
            for b in 0..faces as u8 {
                if commutes(f, b) && (f >= b || has(&s, b)) {
                    insert(&mut t, b);
                }
            }
            let id = match index.get(&t) {
                Some(&id) => id,
                None => {
                    if states.len() >= MAX_STATES {
                        return Err(AutomatonError::TooManyStates {
                            states: states.len() + 1,
                        });
                    }
                    let id = states.len() as u16;
                    states.push(t);
                    index.insert(t, id);
                    id
                }
            };
            next.push(id);
        }
        i += 1;
    }
    MoveAutomaton::new(
        moves.max(1),
        if moves == 0 {
            vec![MoveAutomaton::NONE]
        } else {
            next
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Whether a face sequence is canonical, by brute force over its class: every sequence
    /// reachable by swapping adjacent commuting faces is generated, none holds two equal
    /// faces side by side, and the sequence is the smallest of them.
    fn canonical_by_brute_force(seq: &[u8], commute: &dyn Fn(u8, u8) -> bool) -> bool {
        let mut seen = HashSet::from([seq.to_vec()]);
        let mut todo = vec![seq.to_vec()];
        while let Some(w) = todo.pop() {
            if w.windows(2).any(|p| p[0] == p[1]) {
                return false;
            }
            for i in 0..w.len().saturating_sub(1) {
                if commute(w[i], w[i + 1]) {
                    let mut v = w.clone();
                    v.swap(i, i + 1);
                    if seen.insert(v.clone()) {
                        todo.push(v);
                    }
                }
            }
        }
        seen.iter().all(|w| seq <= w.as_slice())
    }

    fn brute_counts(face_of: &[u8], commute: &dyn Fn(u8, u8) -> bool, depth: usize) -> Vec<f64> {
        let n = face_of.len();
        (1..=depth)
            .map(|d| {
                let mut count = 0u64;
                let mut idx = vec![0usize; d];
                loop {
                    let faces: Vec<u8> = idx.iter().map(|&m| face_of[m]).collect();
                    if canonical_by_brute_force(&faces, commute) {
                        count += 1;
                    }
                    let mut k = 0;
                    while k < d {
                        idx[k] += 1;
                        if idx[k] < n {
                            break;
                        }
                        idx[k] = 0;
                        k += 1;
                    }
                    if k == d {
                        break;
                    }
                }
                count as f64
            })
            .collect()
    }

    #[test]
    fn cube_faces_match_brute_force() {
        // 3x3x3: U L F R B D, three powers each; opposite faces (U D, L R, F B) commute.
        let face_of: Vec<u8> = (0..6).flat_map(|f| [f, f, f]).collect();
        let opposite = [5u8, 3, 4, 1, 2, 0];
        let commute = move |a: u8, b: u8| opposite[a as usize] == b;
        let a = canonical_automaton(&face_of, commute).expect("automaton");
        assert_eq!(a.sequence_counts(4), brute_counts(&face_of, &commute, 4));
        // The known counts of canonical face-turn sequences.
        assert_eq!(a.sequence_counts(3), vec![18.0, 243.0, 3240.0]);
    }

    #[test]
    fn pairwise_commuting_tips_match_brute_force() {
        // Four faces that commute with nothing but each other's tips, and four tips that
        // commute with everything (a Pyraminx), two powers each.
        let face_of: Vec<u8> = (0..8).flat_map(|f| [f, f]).collect();
        let commute = |a: u8, b: u8| a >= 4 || b >= 4;
        let a = canonical_automaton(&face_of, commute).expect("automaton");
        assert_eq!(a.sequence_counts(4), brute_counts(&face_of, &commute, 4));
    }

    #[test]
    fn any_commutation_graph_matches_brute_force() {
        // A path of commutations (0–1, 1–2, 2–3, 3–4) and one more (0–4): faces that commute
        // with a third face but not with each other.
        let pairs = [(0u8, 1u8), (1, 2), (2, 3), (3, 4), (0, 4)];
        let commute = move |a: u8, b: u8| pairs.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
        let face_of = [0u8, 1, 2, 3, 4, 4];
        let a = canonical_automaton(&face_of, commute).expect("automaton");
        let brute = brute_counts(&face_of, &commute, 5);
        assert_eq!(a.sequence_counts(5), brute);
        // A rule on the last face alone keeps more (`1 0 2 1`: the second 1 meets the first).
        let last = MoveAutomaton::from_pruning(&crate::ida::MovePruning::new(&face_of, commute));
        assert!(last.sequence_counts(5)[4] > brute[4]);
    }

    #[test]
    fn no_commuting_faces_forbid_only_repeats() {
        let face_of = [0u8, 0, 1, 1, 2, 2];
        let a = canonical_automaton(&face_of, |_, _| false).expect("automaton");
        assert_eq!(a.states(), 4);
        assert_eq!(a.sequence_counts(3), vec![6.0, 24.0, 96.0]);
    }
}
