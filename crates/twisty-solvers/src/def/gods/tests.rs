use super::*;
use std::collections::{HashSet, VecDeque};
use twisty_core::Puzzle;

/// Two orbits of two pieces whose twists are tied (B's twist is twice A's) and whose
/// swaps go together: 18 states, but 2 · 9 values per orbit.
const LINKED: &str = "Name Linked
Set A 2 3
Set B 2 3
Solved
A
1 2
0 0
B
1 2
0 0
End
Move F
A
1 2
1 0
B
1 2
2 0
End
Move H
A
1 2
0 1
B
1 2
0 2
End
Move S
A
2 1
0 0
B
2 1
0 0
End
";

/// Every pattern the moves reach, by breadth-first search.
fn patterns(p: &DefPuzzle) -> Vec<Vec<u8>> {
    let solved = p.solved();
    let mut seen = HashSet::from([p.pattern(&solved.0)]);
    let mut out = vec![solved.0.clone()];
    let mut queue = VecDeque::from([solved]);
    while let Some(s) = queue.pop_front() {
        for m in p.moves() {
            let mut t = s.clone();
            p.apply(&mut t, m);
            if seen.insert(p.pattern(&t.0)) {
                out.push(t.0.clone());
                queue.push_back(t);
            }
        }
    }
    out
}

/// The plan's index is a bijection between the reachable patterns and `0..entries`.
fn assert_bijection(p: &DefPuzzle, plan: &GodsPlan) {
    let all = patterns(p);
    assert_eq!(Some(all.len() as u64), plan.states);
    assert_eq!(plan.space.entries(), all.len() as u64, "a perfect rank");
    assert!(plan.is_perfect());
    let mut hit = vec![false; all.len()];
    for s in &all {
        let i = plan.rank(p, s).expect("reachable") as usize;
        assert!(!hit[i], "index {i} given twice");
        hit[i] = true;
        assert_eq!(plan.space.rank(&plan.space.unrank(i as u64)), i as u64);
    }
    assert!(hit.iter().all(|&h| h));
}

#[test]
fn linked_orbits_are_ranked_together() {
    let p = DefPuzzle::from_tws(LINKED).expect("definition");
    let plan = GodsPlan::new(&p, Metric::Htm, &[], 1 << 30).expect("plan");
    // Each orbit alone takes 2 · 9 values; together 18 (one parity, B's twists follow A's).
    let product: u64 = plan.parts.iter().map(|(_, n)| u64::from(*n)).product();
    assert_eq!(product, 18, "{:?}", plan.parts);
    assert!(
        plan.parts.iter().any(|(n, _)| n.contains(" + ")),
        "{:?}",
        plan.parts
    );
    assert_bijection(&p, &plan);
}

#[test]
fn independent_orbits_keep_their_parts() {
    let p = twisty_core::def::builtin("pyraminx")
        .expect("built in")
        .expect("compiles");
    let plan = GodsPlan::new(&p, Metric::Htm, &[], 1 << 30).expect("plan");
    assert!(plan.is_perfect());
    assert!(
        plan.parts.iter().all(|(n, _)| !n.contains(" + ")),
        "{:?}",
        plan.parts
    );
}
