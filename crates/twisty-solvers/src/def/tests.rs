use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use twisty_core::def::builtin;

fn puzzle(name: &str) -> DefPuzzle {
    builtin(name).expect("built in").expect("compiles")
}

/// Every pattern within `depth` moves of solved, with its distance, by breadth-first search
/// (a pattern stands for every state that is solved alike).
fn brute_force(p: &DefPuzzle, depth: usize) -> Vec<(DefState, usize)> {
    let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
    let solved = p.solved();
    seen.insert(p.pattern(&solved.0), 0);
    let mut out = vec![(solved.clone(), 0)];
    let mut frontier = vec![solved];
    for d in 1..=depth {
        let mut next = Vec::new();
        for s in &frontier {
            for m in p.moves() {
                let mut t = s.clone();
                p.apply(&mut t, m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(p.pattern(&t.0)) {
                    e.insert(d);
                    out.push((t.clone(), d));
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    out
}

fn check_against_brute_force(name: &str, depth: usize, every: usize) {
    let p = puzzle(name);
    let solver = DefOptimal::default();
    let limits = Limits {
        threads: Some(1),
        ..Limits::default()
    };
    let states = brute_force(&p, depth);
    let mut checked = 0;
    for (i, (s, d)) in states.iter().enumerate() {
        if i % every != 0 && *d != depth {
            continue;
        }
        if *d == depth && i % (every * 4) != 0 {
            continue;
        }
        let sol = solver.solve(&p, s, &limits).expect("solves");
        assert_eq!(sol.length as usize, *d, "{name}: a state at distance {d}");
        assert!(sol.optimal);
        checked += 1;
    }
    assert!(checked > 10, "{name}: only {checked} states checked");
}

#[test]
fn pyraminx_optimal_matches_brute_force() {
    check_against_brute_force("pyraminx", 4, 53);
}

#[test]
fn skewb_optimal_matches_brute_force() {
    check_against_brute_force("skewb", 5, 97);
}

#[test]
fn cube2_definition_optimal_matches_brute_force() {
    check_against_brute_force("2x2x2", 4, 61);
}

#[test]
fn random_states_are_solved_and_checked() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(57);
    let solver = DefOptimal::default();
    for name in ["pyraminx", "skewb", "2x2x2"] {
        let p = puzzle(name);
        for _ in 0..3 {
            let s = p.random_state(&mut rng);
            let sol = solver.solve(&p, &s, &Limits::default()).expect("solves");
            let mut t = s.clone();
            p.apply_all(&mut t, &sol.moves);
            assert!(p.is_solved(&t), "{name}");
            // God's numbers: pyraminx 11 (tips aside, ≤ 4 more), skewb 11, 2x2x2 11.
            assert!(sol.length <= 15, "{name}: {}", sol.length);
        }
    }
}

#[test]
fn every_optimal_solution_is_found_once() {
    let p = puzzle("pyraminx");
    let s = {
        let mut s = p.solved();
        let moves = p.parse_moves("R U' L").expect("moves");
        p.apply_all(&mut s, &moves);
        s
    };
    let solver = DefOptimal::default();
    let all = solver
        .solve_all(&p, &s, &Limits::default(), |_| {})
        .expect("solves");
    // By brute force: canonical sequences of the optimal length that solve it.
    let t = solver.tables(&p).expect("tables");
    let n = p.move_info().len();
    let len = all[0].length as usize;
    let mut count = 0;
    let mut idx = vec![0usize; len];
    'outer: loop {
        let mut q = Some(MoveAutomaton::START);
        for &m in &idx {
            q = q.and_then(|q| t.automaton.next(q, m));
        }
        if q.is_some() {
            let mut u = s.clone();
            p.apply_all(
                &mut u,
                &idx.iter().map(|&m| DefMove(m as u16)).collect::<Vec<_>>(),
            );
            count += p.is_solved(&u) as usize;
        }
        for k in 0..len {
            idx[k] += 1;
            if idx[k] < n {
                continue 'outer;
            }
            idx[k] = 0;
        }
        break;
    }
    assert_eq!(len, 3);
    assert_eq!(all.len(), count);
    assert!(all.iter().all(|s| s.length == 3));
}

#[test]
fn max_length_budget_and_bad_states_are_refused() {
    let p = puzzle("skewb");
    let solver = DefOptimal::default();
    let mut s = p.solved();
    let moves = p.parse_moves("R U L B R' U'").expect("moves");
    p.apply_all(&mut s, &moves);
    let short = Limits {
        max_length: Some(2),
        ..Limits::default()
    };
    assert_eq!(
        solver.solve(&p, &s, &short),
        Err(SolveError::NoSolutionWithin { max_length: 2 })
    );
    let budget = Limits {
        max_nodes: Some(1),
        ..Limits::default()
    };
    // (The Skewb's table is exact; the Pyraminx's search takes more than one subtree.)
    let pyraminx = puzzle("pyraminx");
    let deep = pyraminx.random_state(&mut Xoshiro256PlusPlus::seed_from_u64(3));
    assert!(matches!(
        solver.solve(&pyraminx, &deep, &budget),
        Err(SolveError::Timeout { .. })
    ));
    let wrong = DefState(vec![0; 3]);
    assert!(matches!(
        solver.solve(&p, &wrong, &Limits::default()),
        Err(SolveError::Invalid(_))
    ));
    let qtm = Limits {
        metric: Metric::Qtm,
        ..Limits::default()
    };
    assert!(matches!(
        solver.solve(&p, &s, &qtm),
        Err(SolveError::Unsupported(_))
    ));
    // States no move reaches: one Pyraminx edge flipped in place (its edge coordinate has
    // no such value), and two Dino edges of different chunks swapped (each chunk's
    // coordinate has its value; the stabiliser chain refuses the odd permutation).
    let pyraminx = puzzle("pyraminx");
    let mut flip = pyraminx.solved();
    flip.0[6] = 1;
    assert!(matches!(
        solver.solve(&pyraminx, &flip, &Limits::default()),
        Err(SolveError::Invalid(_))
    ));
    let dino = puzzle("dino");
    let mut odd = dino.solved();
    odd.0.swap(0, 4);
    let t = DefTables::build(&dino, TableCaps::default()).expect("tables");
    assert!(t.values(&dino, &odd.0).is_some());
    assert!(matches!(
        solver.solve(&dino, &odd, &Limits::default()),
        Err(SolveError::Invalid(_))
    ));
}

#[test]
fn solved_state_gives_the_empty_answer() {
    let p = puzzle("pyraminx");
    let sol = DefOptimal::default()
        .solve(&p, &p.solved(), &Limits::default())
        .expect("solves");
    assert!(sol.moves.is_empty());
}

#[test]
#[ignore = "prints the tables of every built-in definition"]
fn describe_tables() {
    for name in twisty_core::def::builtin_names() {
        let p = puzzle(name);
        match DefTables::build(&p, TableCaps::default()) {
            Ok(t) => {
                println!("{name}: {} coordinates, {:.2} s", t.coordinates(), t.seconds);
                for l in t.describe() {
                    println!("  {l}");
                }
            }
            Err(e) => println!("{name}: {}", e.0),
        }
    }
}
