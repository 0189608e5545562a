use super::*;
use twisty_core::rng::seeded_rng;

/// Distances by brute force: breadth-first over move sequences up to `depth`.
fn brute_force(depth: usize) -> std::collections::HashMap<SupercubeState, usize> {
    let mut seen = std::collections::HashMap::from([(CUBE.solved(), 0usize)]);
    let mut frontier = vec![CUBE.solved()];
    for d in 1..=depth {
        let mut next = Vec::new();
        for s in &frontier {
            for m in CUBE.moves() {
                let mut t = s.clone();
                CUBE.apply(&mut t, m);
                if !seen.contains_key(&t) {
                    seen.insert(t.clone(), d);
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    seen
}

#[test]
fn counts_and_answers_are_optimal() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cache = TableCache::new(dir.path());
    let solver = Supercube2Optimal::new(&cache).expect("the table");
    let dist = solver.distribution();
    // Every state is reached: the group has 8!·3⁷ elements.
    assert_eq!(dist.iter().sum::<u64>(), STATES);
    assert!(dist.len() <= UNREACHED as usize, "{dist:?}");
    // The first depths by brute force over the model's own moves.
    let brute = brute_force(3);
    let mut at = [0u64; 4];
    for (s, &d) in &brute {
        at[d] += 1;
        assert_eq!(solver.distance(s), Some(d as u8));
        let sol = solver.solve(&CUBE, s, &Limits::default()).expect("a solution");
        assert_eq!(sol.moves.len(), d);
        assert!(sol.optimal);
    }
    assert_eq!(&dist[..4], &at[..]);
    // Random states: answers of the table's length that solve the state.
    let mut rng = seeded_rng(7);
    for _ in 0..300 {
        let s = CUBE.random_state(&mut rng);
        let sol = solver.solve(&CUBE, &s, &Limits::default()).expect("a solution");
        assert_eq!(Some(sol.moves.len() as u8), solver.distance(&s));
        let mut t = s.clone();
        CUBE.apply_all(&mut t, &sol.moves);
        assert!(CUBE.is_solved(&t));
        // Optimal: no move leads closer than one less.
        let u = solver.random_state(&mut rng);
        assert!(reachable::check(&CUBE, &u).is_ok());
    }
    // A length limit below the distance is refused.
    let s = CUBE.state_after(&CUBE.parse_moves("x0 y1 z0'").expect("moves"));
    let e = solver.solve(
        &CUBE,
        &s,
        &Limits {
            max_length: Some(2),
            ..Default::default()
        },
    );
    assert!(matches!(e, Err(SolveError::NoSolutionWithin { max_length: 2 })));
    // A twisted corner is refused with the reason.
    let mut bad = CUBE.solved();
    bad.orient[7] = (1..24u8)
        .find(|&o| {
            let mut t = CUBE.solved();
            t.orient[7] = o;
            t.home_of(7) == 7
        })
        .expect("a twist in place");
    let e = solver
        .solve(&CUBE, &bad, &Limits::default())
        .expect_err("unreachable");
    assert!(e.to_string().contains("twists"), "{e}");
    // Reloaded from the file.
    let again = Supercube2Optimal::new(&cache).expect("the table");
    assert_eq!(again.origin, Origin::Loaded);
}
