//! Tests of the puzzle adapters: the core and display models agree, errors are named and
//! scrambles parse; with the test-only bridges between the supercube models.

use super::*;
use crate::geometry::Model;
use std::collections::HashMap;
use twisty_core::supercube::{SuperMove, Supercube};
use twisty_core::Held;
use twisty_core::Puzzle;
use twisty_engine::ErrorKind;

/// The core supercube moves of display move tokens (tests compare the two models).
fn supercube_core_moves(model: &Model, tokens: &[String]) -> Result<Vec<SuperMove>, PuzzleError> {
    let mut out = Vec::new();
    for t in tokens {
        let turns = model
            .cube_slice_turns(t)
            .ok_or_else(|| PuzzleError::Internal(format!("`{t}` is not a move of the cube")))?;
        out.extend(turns.into_iter().map(|(axis, slice, q)| SuperMove {
            slice,
            axis,
            angle: q - 1,
        }));
    }
    Ok(out)
}

/// The display token of each core supercube move (the plainest name turning one slice).
fn supercube_tokens(model: &Model) -> HashMap<SuperMove, String> {
    let mut names: HashMap<SuperMove, String> = HashMap::new();
    for id in 0..model.move_count() as u16 {
        let name = model.move_name(id);
        if let Some([(axis, slice, q)]) = model.cube_slice_turns(name).as_deref() {
            let m = SuperMove {
                slice: *slice,
                axis: *axis,
                angle: q - 1,
            };
            // Outer faces (`L'`) before layer numbers (`3R`), then the shortest.
            let key = |t: &str| (t.starts_with(|c: char| c.is_ascii_digit()), t.len());
            if names.get(&m).is_none_or(|old| key(old) > key(name)) {
                names.insert(m, name.to_string());
            }
        }
    }
    names
}

/// An environment whose table directory is never used (the solvers called need none).
fn test_env() -> Env {
    env_in(&std::env::temp_dir().join("twisty-web-unused-tables"))
}

fn env_in(dir: &std::path::Path) -> Env {
    Env::new(std::sync::Arc::new(twisty_engine::Engine::new(
        twisty_engine::EngineConfig {
            tables_dir: dir.to_path_buf(),
            ..twisty_engine::EngineConfig::default()
        },
    )))
}

/// The order of `seq` (how many repetitions return to solved), up to `max`.
fn order(mut step: impl FnMut() -> bool, max: usize) -> Option<usize> {
    (1..=max).find(|_| step())
}

#[test]
fn core_kilominx_and_display_model_agree() {
    // The core model keeps the UFL corner fixed (its U is D plus a whole-puzzle turn),
    // the display turns every face itself: the core reading the same face turns as
    // held agrees with it up to a whole-puzzle rotation, so every sequence has the same
    // order in both.
    let model = PuzzleId::Kilominx.model();
    let mut rng = twisty_core::seeded_rng(8);
    for len in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] {
        let moves = Kilominx.random_moves(&mut rng, len);
        let text = kilominx_tokens(&moves).join(" ");
        let tokens = parse_moves(PuzzleId::Kilominx, &text).unwrap();
        assert_eq!(tokens.join(" "), text);
        let mut core = Kilominx.solved();
        let mut frame = KiloFrame::HOME;
        let core_order = order(
            || {
                Kilominx.apply_held(&mut core, &mut frame, &text).unwrap();
                Kilominx.is_solved(&core)
            },
            100_000,
        );
        let mut shown = model.solved();
        let shown_order = order(
            || {
                for t in &tokens {
                    model.apply(&mut shown, t).unwrap();
                }
                model.is_solved(&shown)
            },
            100_000,
        );
        assert!(core_order.is_some());
        assert_eq!(core_order, shown_order, "{text}");
    }
}

#[test]
fn kilominx_face_pairs_have_the_same_orders_in_both_models() {
    let model = PuzzleId::Kilominx.model();
    let faces = ["U", "F", "L", "R", "BL", "BR", "FL", "FR", "DL", "DR", "B", "D"];
    // The core model reads cubing.js's notation as held.
    let ord_core = |text: &str| {
        let mut s = Kilominx.solved();
        let mut f = KiloFrame::HOME;
        order(
            || {
                Kilominx.apply_held(&mut s, &mut f, text).unwrap();
                Kilominx.is_solved(&s)
            },
            5000,
        )
    };
    let ord_shown = |text: &str| {
        let mut s = model.solved();
        order(
            || {
                for t in text.split_whitespace() {
                    model.apply(&mut s, t).unwrap();
                }
                model.is_solved(&s)
            },
            5000,
        )
    };
    for a in faces {
        for b in faces {
            if a == b {
                continue;
            }
            for text in [
                format!("{a} {b}"),
                format!("{a} {b}2'"),
                format!("{a} {b} {a}' {b}'"),
            ] {
                assert_eq!(ord_core(&text), ord_shown(&text), "{text}");
            }
        }
    }
}

#[test]
fn core_supercube_and_display_model_agree() {
    // The display moves translated to core slice turns generate the same group: every
    // sequence has the same order in both models, up to a whole-cube rotation (the
    // display model calls a turned cube solved, the core model does not). A wrong
    // axis, slice or direction convention breaks this.
    let mut rng = twisty_core::seeded_rng(21);
    for n in 2..=4u8 {
        let p = PuzzleId::Supercube(n);
        let model = p.model();
        let cube = Supercube::new(n as usize).unwrap();
        for len in 1..=8 {
            let s = scramble(p, rand::Rng::random_range(&mut rng, 0..1000), &test_env());
            let tokens: Vec<String> = parse_moves(p, &s.scramble)
                .unwrap()
                .into_iter()
                .take(len)
                .collect();
            let core = supercube_core_moves(model, &tokens).unwrap();
            let mut c = cube.solved();
            let core_order = order(
                || {
                    cube.apply_all(&mut c, &core);
                    c.orient.iter().all(|&o| o == c.orient[0])
                },
                100_000,
            );
            let mut shown = model.solved();
            let shown_order = order(
                || {
                    for t in &tokens {
                        model.apply(&mut shown, t).unwrap();
                    }
                    model.is_solved(&shown)
                },
                100_000,
            );
            let (Some(core_order), Some(shown_order)) = (core_order, shown_order) else {
                panic!("{n}: {tokens:?}: no order found");
            };
            if n <= 3 {
                assert_eq!(core_order, shown_order, "{n}: {tokens:?}");
            } else {
                // From 4x4x4 up the display model hides the inner cubies and does not
                // tell like centres apart, so its order may be a divisor.
                assert_eq!(core_order % shown_order, 0, "{n}: {tokens:?}");
            }
        }
        // Every slice turn has a display name.
        assert_eq!(supercube_tokens(model).len(), 9 * n as usize);
    }
}

#[test]
fn parse_errors_name_the_column() {
    let e = parse_moves(PuzzleId::Cube3, "R U Q2 F").unwrap_err();
    match e {
        PuzzleError::Parse(p) => {
            assert_eq!((p.token.as_str(), p.line, p.column), ("Q2", 1, 5));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(parse_moves(PuzzleId::Kilominx, "BL2' (R U)2").unwrap().len(), 5);
}

#[test]
fn impossible_facelets_are_named() {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert!(parse_input(PuzzleId::Cube3, &Input::Facelets(solved)).is_ok());
    // Twist one corner: URF corner stickers 8 (U), 9 (R), 20 (F) rotated.
    let mut c: Vec<char> = solved.chars().collect();
    (c[8], c[9], c[20]) = ('F', 'U', 'R');
    let t: String = c.iter().collect();
    let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
    assert_eq!(
        twisty_engine::EngineError::from(e).kind,
        ErrorKind::ImpossibleState
    );
    // Flip one edge: UR stickers 5 and 10.
    let mut c: Vec<char> = solved.chars().collect();
    (c[5], c[10]) = ('R', 'U');
    let t: String = c.iter().collect();
    let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
    assert_eq!(
        twisty_engine::EngineError::from(e).kind,
        ErrorKind::ImpossibleState
    );
    // Swap two edges (UR and UF): parity.
    let mut c: Vec<char> = solved.chars().collect();
    (c[10], c[19]) = ('F', 'R');
    let t: String = c.iter().collect();
    let e = parse_input(PuzzleId::Cube3, &Input::Facelets(&t)).unwrap_err();
    assert_eq!(
        twisty_engine::EngineError::from(e).kind,
        ErrorKind::ImpossibleState
    );
    let e = parse_input(PuzzleId::Cube3, &Input::Facelets("UUU")).unwrap_err();
    assert_eq!(twisty_engine::EngineError::from(e).kind, ErrorKind::Parse);
}

#[test]
fn core_cube3_and_display_model_agree() {
    let mut rng = twisty_core::seeded_rng(11);
    for _ in 0..20 {
        let moves = Cube3.random_moves(&mut rng, 30);
        let text = Cube3.format_moves(&moves);
        let parsed = parse_input(PuzzleId::Cube3, &Input::Moves(&text)).unwrap();
        let shown = PuzzleId::Cube3.model().cube_facelets(&parsed.state).unwrap();
        assert_eq!(
            shown,
            cube3_facelets_io::to_facelets(&Cube3.state_after(&moves)),
            "{text}"
        );
    }
    // Slices, wide moves and rotations are normalised by the core model.
    let parsed = parse_input(PuzzleId::Cube3, &Input::Moves("M x' r U")).unwrap();
    let (moves, _) = core_adapter::parse_with(&Cube3, "M x' r U").unwrap();
    assert_eq!(
        PuzzleId::Cube3.model().cube_facelets(&parsed.state).unwrap(),
        cube3_facelets_io::to_facelets(&Cube3.state_after(&moves))
    );
}

#[test]
fn scrambles_parse() {
    let dir = tempfile::tempdir().unwrap();
    let env = env_in(dir.path());
    // The Kilominx's random-state scramble needs the fast solver's 67 MiB of tables:
    // the API tests (tests/api.rs, tests/api_solve.rs) build them once and cover it.
    let small = |p: &PuzzleId| !matches!(p, PuzzleId::Kilominx | PuzzleId::Supercube(8..));
    for p in PuzzleId::all().into_iter().filter(small) {
        let s = scramble(p, 7, &env);
        if crate::flat::is_flat(p) {
            // Drawn as text: the engine reads the scramble.
            let r = crate::flat::replay(p, &Input::Moves(&s.scramble), &[]).unwrap();
            assert!(!r.moves.is_empty());
            assert!(!r.start.solved, "{}", p.id());
            continue;
        }
        let parsed = parse_input(p, &Input::Moves(&s.scramble)).unwrap();
        assert!(!parsed.moves.is_empty());
        assert!(!p.model().is_solved(&parsed.state), "{}", p.id());
    }
}

#[test]
fn big_cube_moves_of_every_kind_replay_on_the_display_model() {
    let state = |p: PuzzleId, t: &str| parse_input(p, &Input::Moves(t)).map(|x| x.state);
    let c4 = PuzzleId::CubeN(4);
    let c5 = PuzzleId::CubeN(5);
    // Ranges are their layers; M is the middle layer turned as L; r is Rw is 2Rw.
    assert_eq!(state(c4, "2-3r").unwrap(), state(c4, "2R 3R").unwrap());
    assert_eq!(state(c5, "M'").unwrap(), state(c5, "3R").unwrap());
    assert_eq!(state(c5, "r U").unwrap(), state(c5, "2Rw U").unwrap());
    assert_eq!(state(c4, "x").unwrap(), state(c4, "R 2R 3R L'").unwrap());
    // A sequence and its inverse, with rotations and every kind of block, cancel.
    let m = c5.model();
    let s = state(c5, "Rw U2 3Fw' 2-4u M E S y Lw' z [R, 2U] (f 3B)2").unwrap();
    assert!(!m.is_solved(&s));
    assert!(m.is_solved(&state(c5, "Rw U2 3Fw' 2-4u M E S y Lw' z [R, 2U] (f 3B)2 (f 3B)2' [R, 2U]' z' Lw y' S' E' M' 2-4u' 3Fw U2' Rw'").unwrap()));
    // What the size has not is refused, with the token.
    for (p, bad) in [(c4, "M"), (c4, "R 4Rw"), (c5, "6R")] {
        let e = parse_input(p, &Input::Moves(bad))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains(bad.split(' ').next_back().unwrap_or(bad)),
            "{bad}: {e}"
        );
    }
}

/// The state string the display model writes is the engine's: read by the engine it is the
/// state (and the frame) the same moves give, and read back by the display model it is the
/// displayed state.
#[test]
fn display_state_strings_are_the_engines() {
    use twisty_engine::input;
    let notation = twisty_engine::Notation::Standard;
    let cases: [(PuzzleId, &str); 7] = [
        (PuzzleId::Cube2, "R U F' D2 L B'"),
        (PuzzleId::Cube3, "R U F' D2 L B' M"),
        (PuzzleId::CubeN(4), "R Uw 2F' D2 3Lw B' x"),
        (PuzzleId::CubeN(5), "R 3Uw 2F' D2 3L B'"),
        (PuzzleId::CubeN(6), "3R 2U' Fw 3Dw2"),
        (PuzzleId::Kilominx, "R U BL2 FR' DL2' B"),
        (PuzzleId::Kilominx, "U F L R BL BR FL FR DL DR B D"),
    ];
    for (p, moves) in cases {
        let parsed = parse_input(p, &Input::Moves(moves)).unwrap();
        let text = p.model().state_string(&parsed.state).unwrap();
        let back = parse_input(p, &Input::Facelets(&text)).unwrap();
        // The same stickers; the same pieces where no two look alike.
        assert_eq!(
            p.model().state_string(&back.state).as_deref(),
            Some(text.as_str()),
            "{p}"
        );
        if !matches!(p, PuzzleId::CubeN(_)) {
            assert_eq!(back.state, parsed.state, "{p}: {text}");
        }
        let turns = parse_moves(p, moves).unwrap().join(" ");
        match p {
            PuzzleId::Cube2 => {
                let (a, b) = (
                    input::cube2(&turns, notation).unwrap(),
                    input::cube2(&text, notation).unwrap(),
                );
                assert_eq!((a.state, a.frame), (b.state, b.frame), "{p}");
            }
            PuzzleId::CubeN(n) => {
                let cube = twisty_core::cube_n::CubeN::new(usize::from(n)).unwrap();
                let a = input::cube_n(&cube, &turns, notation).unwrap();
                assert!(input::cube_n(&cube, &text, notation).is_ok_and(|b| b.from_state_string));
                // The engine writes the moves' state as held as the display model does.
                assert_eq!(cube.to_facelets_held(&a.state, a.frame), text, "{p}");
            }
            PuzzleId::Kilominx => {
                let (a, b) = (
                    input::kilominx(&turns, notation).unwrap(),
                    input::kilominx(&text, notation).unwrap(),
                );
                assert_eq!((a.state, a.frame), (b.state, b.frame), "{p}");
            }
            _ => {}
        }
    }
    // The supercubes have none: stickers do not show their centres' turns.
    assert!(!takes_state_string(PuzzleId::Supercube(3)));
    assert!(parse_input(PuzzleId::Supercube(3), &Input::Facelets("UUU")).is_err());
}
