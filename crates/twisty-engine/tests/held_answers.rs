//! Every quick solver's answer, read back by the Rust models as the user types it, solves
//! the input in the frame the user holds the puzzle after it: inputs with every move kind
//! of each puzzle's notation (face turns, wide and slice moves, rotations), for every
//! solver of the catalog that answers quickly with small tables. (The cubing.js oracle test
//! checks the same against an independent model.)

mod common;

use rand::Rng;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::kilominx::Kilominx;
use twisty_core::sq1::Sq1;
use twisty_core::supercube::Supercube;
use twisty_core::{seeded_rng, Held, TwistyRng};
use twisty_engine::{Engine, EngineConfig, PuzzleId, Quiet, SolveRequest};

/// A random input of `n` tokens drawn from `vocabulary`.
fn input(rng: &mut TwistyRng, vocabulary: &[&str], n: usize) -> String {
    (0..n)
        .map(|_| vocabulary[rng.random_range(0..vocabulary.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

/// A Square-1 input of `twists` random twists (each a turn freeing the slice, then the slice)
/// and a last turn, written as cubing.js reads it: `(1,0) / (-3,3) / (2,-1)`, some pairs
/// without their spaces or parentheses.
fn sq1_input(rng: &mut TwistyRng, twists: usize) -> String {
    use twisty_core::Puzzle;
    let mut moves = Sq1.random_moves(rng, twists);
    moves.push(twisty_core::sq1::Sq1Move::Top(rng.random_range(1..12)));
    let text = Sq1.format_moves(&moves);
    if rng.random_bool(0.5) {
        text.replace(" / ", "/")
    } else {
        text
    }
}

/// Whether `answer` typed after `input` leaves the puzzle solved as held.
fn solves<P: Held>(p: &P, input: &str, answer: &str) -> bool {
    let Ok((mut state, mut frame)) = p.parse_held(input) else {
        return false;
    };
    p.apply_held(&mut state, &mut frame, answer).is_ok() && p.is_solved(&state)
}

const CUBE3: &[&str] = &[
    "U", "R'", "F2", "D", "L'", "B2", "Rw", "u'", "3Fw", "M", "E'", "S2", "x", "y'", "z2", "R2'",
];
const CUBE2: &[&str] = &["U", "R'", "F2", "D", "L'", "B2", "Rw", "x", "y'", "z2"];
const KILOMINX: &[&str] = &[
    "U", "R'", "F2", "L2'", "BR", "BL'", "FR", "FL2", "DR'", "DL", "B2'", "D", "x2", "y", "Rv'", "Uv",
];
const CLOCK: &[&str] = &["UR1+", "DL5-", "U3+", "R6+", "ALL2-", "y2", "L4+", "DR0+", "UL"];
const SUPERCUBE3: &[&str] = &["U", "R'", "F2", "2R", "Rw'", "M", "x", "y'", "z2", "D", "L", "B'"];

#[test]
fn every_quick_solver_answers_in_the_frame_the_puzzle_is_held() {
    let engine = Engine::new(EngineConfig {
        tables_dir: common::shared_tables(),
        ..EngineConfig::default()
    });
    // (puzzle, solver, options, vocabulary, input length, inputs)
    type Case = (
        PuzzleId,
        &'static str,
        &'static [(&'static str, i64)],
        &'static [&'static str],
        usize,
        usize,
    );
    let cases: &[Case] = &[
        // Without the short-answer pass, whose 79 MiB of tables other tests build.
        (PuzzleId::Cube3, "two-phase", &[("short_depth", 0)], CUBE3, 12, 12),
        (PuzzleId::Cube3, "thistlethwaite", &[], CUBE3, 12, 12),
        (PuzzleId::Cube3, "optimal", &[], CUBE3, 5, 3),
        (PuzzleId::Cube3, "greedy", &[], CUBE3, 3, 3),
        (
            PuzzleId::Cube3,
            "pso",
            &[("particles", 8), ("iterations", 60)],
            CUBE3,
            2,
            3,
        ),
        (
            PuzzleId::Cube3,
            "aco",
            &[("ants", 8), ("iterations", 30)],
            CUBE3,
            2,
            3,
        ),
        (
            PuzzleId::Cube3,
            "dkho",
            &[("krill", 8), ("iterations", 30)],
            CUBE3,
            2,
            3,
        ),
        (PuzzleId::Cube2, "optimal", &[], CUBE2, 12, 12),
        (PuzzleId::Cube2, "astar", &[], CUBE2, 6, 4),
        (PuzzleId::Kilominx, "fast", &[], KILOMINX, 12, 4),
        (
            PuzzleId::Supercube(3),
            "genetic",
            &[("attempts", 2)],
            SUPERCUBE3,
            4,
            3,
        ),
        // Last: the inputs drawn for the cases above stay those they were written for.
        (PuzzleId::Clock, "optimal", &[], CLOCK, 12, 6),
        // Inputs of random twists ([`sq1_input`]), not of tokens drawn one by one (a slice
        // is not possible everywhere).
        (PuzzleId::Sq1, "two-phase", &[], &[], 14, 6),
    ];
    let mut rng = seeded_rng(20261126);
    let mut checked = 0;
    for &(puzzle, solver, options, vocabulary, length, count) in cases {
        let start = std::time::Instant::now();
        for _ in 0..count {
            let text = if puzzle == PuzzleId::Sq1 {
                sq1_input(&mut rng, length)
            } else {
                input(&mut rng, vocabulary, length)
            };
            let mut req = SolveRequest::new(puzzle, text.clone()).solver(solver);
            if solver == "optimal" && puzzle == PuzzleId::Cube3 {
                req = req.option("heuristic", "small");
            }
            for &(name, value) in options {
                req = req.option(name, value);
            }
            req.seed = Some(5);
            // The fast Kilominx solver improves its answer until its time limit.
            req.timeout = Some(if puzzle == PuzzleId::Kilominx { 0.5 } else { 30.0 });
            let r = engine
                .solve(&req, &Quiet)
                .unwrap_or_else(|e| panic!("{puzzle} {solver} `{text}`: {e}"));
            let ok = match puzzle {
                PuzzleId::Cube3 => solves(&Cube3, &text, &r.solution),
                PuzzleId::Cube2 => solves(&Cube2, &text, &r.solution),
                PuzzleId::Kilominx => solves(&Kilominx, &text, &r.solution),
                PuzzleId::Clock => solves(&twisty_core::clock::Clock, &text, &r.solution),
                PuzzleId::Sq1 => solves(&Sq1, &text, &r.solution),
                PuzzleId::Supercube(n) => solves(
                    &Supercube::new(usize::from(n)).expect("a size"),
                    &text,
                    &r.solution,
                ),
                PuzzleId::CubeN(n) => solves(
                    &twisty_core::cube_n::CubeN::new(usize::from(n)).expect("a size"),
                    &text,
                    &r.solution,
                ),
                PuzzleId::Def(d) => solves(&*d.puzzle(), &text, &r.solution),
            };
            assert!(
                ok,
                "{puzzle} {solver}: `{text}` then `{}` is not solved as held",
                r.solution
            );
            checked += 1;
        }
        println!(
            "{puzzle} {solver}: {count} answers in {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
    println!("{checked} answers solved the puzzle as held");
    assert_eq!(checked, cases.iter().map(|c| c.5).sum::<usize>());
}
