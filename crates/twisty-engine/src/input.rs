//! Reading an input — moves or a state string, recognised by its shape — into the
//! reference-frame state the solvers take and the frame the user holds the puzzle in.

use crate::error::EngineError;
use crate::puzzle_id::PuzzleId;
use crate::request::{Notation, MAX_INPUT_BYTES};
use crate::ErrorKind;
use twisty_core::clock::Clock;
use twisty_core::cube2::{Cube2, Cube2State};
use twisty_core::cube3::{facelets, Cube3};
use twisty_core::cube_n::CubeN;
use twisty_core::kilominx::Kilominx;
use twisty_core::sq1::Sq1;
use twisty_core::supercube::Supercube;
use twisty_core::Held;
#[cfg(test)]
use twisty_core::Puzzle;

/// A parsed input: the reference-frame state and the frame it is held in.
#[derive(Debug, Clone)]
pub struct Parsed<P: Held> {
    /// The state in the solvers' reference frame.
    pub state: P::State,
    /// How the user holds it.
    pub frame: P::Frame,
    /// Whether the input was a state string (not moves).
    pub from_state_string: bool,
    /// The input's moves in the reference frame (moves typed as held, where the puzzle can
    /// write them as its own moves): their inverse solves the input.
    pub input_moves: Option<Vec<P::Move>>,
}

fn check_size(text: &str) -> Result<(), EngineError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(EngineError::new(
            ErrorKind::TooLarge,
            format!(
                "the input has {} bytes; at most {MAX_INPUT_BYTES} are accepted",
                text.len()
            ),
        ));
    }
    Ok(())
}

/// Moves in `notation`: held (standard) or the reference frame (seed notation).
fn moves<P: Held>(p: &P, text: &str, notation: Notation) -> Result<Parsed<P>, EngineError> {
    check_size(text)?;
    let (state, frame, input_moves) = match notation {
        Notation::Standard => {
            let (state, frame) = p.parse_held(text)?;
            (state, frame, p.reference_moves(text))
        }
        Notation::Seed => {
            let moves = p.parse_moves(text)?;
            (p.state_after(&moves), p.home_frame(), Some(moves))
        }
    };
    Ok(Parsed {
        state,
        frame,
        from_state_string: false,
        input_moves,
    })
}

/// Whether `text` is one word of `len` characters from `alphabet`.
fn is_word_of(text: &str, len: usize, alphabet: &str) -> bool {
    let t = text.trim();
    t.chars().count() == len && t.chars().all(|c| alphabet.contains(c.to_ascii_uppercase()))
}

/// The colour letters people type for a 3x3x3's stickers.
const COLOURS: &str = "WYGBRO";

/// A 54-letter string of colours (`W Y G B R O`, at least one of them not also a face
/// letter) written as faces: each colour is the face whose centre shows it.
fn colours_as_faces(text: &str) -> Option<String> {
    let t: Vec<char> = text.trim().chars().map(|c| c.to_ascii_uppercase()).collect();
    if t.len() != 54 || !t.iter().all(|c| COLOURS.contains(*c)) || !t.iter().any(|c| "WYGO".contains(*c)) {
        return None;
    }
    let centres: Vec<char> = (0..6).map(|f| t[9 * f + 4]).collect();
    let mut distinct = centres.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != 6 {
        return None;
    }
    Some(
        t.iter()
            .map(|c| {
                let f = centres.iter().position(|x| x == c).unwrap_or(0);
                "URFDLB".as_bytes()[f] as char
            })
            .collect(),
    )
}

/// Why `text`, which reads as an attempt at a state string of `len` letters from `faces`
/// rather than moves (long runs of letters), is not one; `None` when it does not read so.
fn state_string_error(text: &str, len: usize, faces: &str, colours: bool) -> Option<EngineError> {
    let t = text.trim();
    let compact: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    let words: Vec<&str> = t.split_whitespace().collect();
    let long_word = words.iter().any(|w| w.chars().count() >= 9);
    if compact.len() < 20 || !long_word || !compact.iter().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(state_string_problem(text, len, faces, colours))
}

/// What is wrong with `text` as a state string of `len` letters from `faces` (and the colour
/// letters when `colours`): its words, a letter that is neither, or its length.
fn state_string_problem(text: &str, len: usize, faces: &str, colours: bool) -> EngineError {
    let t = text.trim();
    let compact: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    let words: Vec<&str> = t.split_whitespace().collect();
    let alphabet = if colours {
        format!("{faces}{COLOURS}")
    } else {
        faces.to_string()
    };
    let letters = |s: &str| s.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    let what = if colours {
        format!(
            "a face letter ({}) or a colour ({}, read through the centres)",
            letters(faces),
            letters(COLOURS)
        )
    } else {
        format!("a face letter ({})", letters(faces))
    };
    let message = if words.len() > 1 {
        format!(
            "a state string is one word of {len} letters with no spaces; this one has {} words",
            words.len()
        )
    } else if let Some((i, c)) = t
        .chars()
        .enumerate()
        .find(|(_, c)| !alphabet.contains(c.to_ascii_uppercase()))
    {
        format!("`{c}` at column {} of the state string is not {what}", i + 1)
    } else {
        format!("the state string has {} letters, expected {len}", compact.len())
    };
    EngineError::new(ErrorKind::Parse, message)
}

/// Checks that `text`, given as a state string (the CLI's `--facelets`), reads as one for
/// `puzzle` before it is read at all: otherwise a short or misspelt string would be read as
/// moves (`x` as a rotation). The error names the length, the letter or the words that are
/// wrong, or says that the puzzle has no state string.
pub fn state_string(puzzle: PuzzleId, text: &str) -> Result<(), EngineError> {
    check_size(text)?;
    match puzzle {
        PuzzleId::Cube3 => {
            let faces = colours_as_faces(text);
            if is_word_of(faces.as_deref().unwrap_or(text), 54, "URFDLB") {
                return Ok(());
            }
            Err(state_string_problem(text, 54, "URFDLB", true))
        }
        PuzzleId::Cube2 => {
            if looks_like_net(text) || is_word_of(text, 24, "URFDLB") {
                return Ok(());
            }
            Err(state_string_problem(text, 24, "URFDLB", false))
        }
        PuzzleId::CubeN(n) => {
            let n = usize::from(n);
            // Its own reader then says what is wrong with the letters, names or length.
            if looks_like_facelets(n, text) {
                return Ok(());
            }
            Err(state_string_problem(text, 6 * n * n, "URFDLB", true))
        }
        PuzzleId::Supercube(n) => {
            let t = text.trim();
            let want = 2 * usize::from(n).pow(3);
            if t.len() == want && t.chars().all(|c| c.is_ascii_hexdigit()) {
                return Ok(());
            }
            Err(EngineError::new(
                ErrorKind::Parse,
                format!(
                    "a {n}x{n}x{n} supercube state string has {want} hex digits (two per cubie), got {}",
                    t.chars().count()
                ),
            ))
        }
        PuzzleId::Clock => {
            if twisty_core::clock::render::looks_like_state_string(text) {
                return Ok(());
            }
            Err(EngineError::new(
                ErrorKind::Parse,
                "a clock state string is the nine dials (hours 0 to 11) of the side facing you, a `/`, and the nine of the other side: 0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0",
            ))
        }
        PuzzleId::Sq1 => {
            if twisty_core::sq1::render::looks_like_state_string(text) {
                return Ok(());
            }
            Err(EngineError::new(
                ErrorKind::Parse,
                "a Square-1 state string is the top's 12 slots from slot 0, a `/`, the bottom's 12 and a `/` then the middle (0 square, 1 turned over), corners A–H written in both their slots and edges a–h: AAaBBbCCcDDd/eEEfFFgGGhHH/0",
            ))
        }
        PuzzleId::Kilominx => {
            if looks_like_kilominx_state(text) {
                return Ok(());
            }
            Err(match twisty_core::kilominx::from_state_string(text) {
                Err(e) => e.into(),
                Ok(_) => EngineError::new(
                    ErrorKind::Parse,
                    "write a Kilominx state string as 20 words of three colour letters, or one word of 60",
                ),
            })
        }
        PuzzleId::Def(_) => Err(EngineError::usage(format!(
            "the {} has no state string: give its moves",
            puzzle.title()
        ))),
    }
}

/// A 3x3x3 input: a 54-letter facelet string (faces U R F D L B, or colours W Y G B R O read
/// through the centres) or moves (WCA; with [`Notation::Seed`] read in the reference frame).
pub fn cube3(text: &str, notation: Notation) -> Result<Parsed<Cube3>, EngineError> {
    let faces = colours_as_faces(text);
    let text = faces.as_deref().unwrap_or(text);
    if is_word_of(text, 54, "URFDLB") {
        let (state, frame) = facelets::from_facelets_held(&text.trim().to_ascii_uppercase())?;
        return Ok(Parsed {
            state,
            frame,
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(&Cube3, text, notation).map_err(|e| match e.kind {
        ErrorKind::Parse => state_string_error(text, 54, "URFDLB", true).unwrap_or(e),
        _ => e,
    })
}

/// A 2x2x2 input: a 24-letter state string (any orientation) or moves.
pub fn cube2(text: &str, notation: Notation) -> Result<Parsed<Cube2>, EngineError> {
    if looks_like_net(text) {
        // Seed 001's colour net, read in the orientation it is drawn.
        let (state, frame) = twisty_solvers::astar2x2::Stickers::from_net(text)?.to_core()?;
        return Ok(Parsed {
            state,
            frame,
            from_state_string: true,
            input_moves: None,
        });
    }
    if is_word_of(text, 24, "URFDLB") {
        let (state, frame) = Cube2State::from_facelets_held(&text.trim().to_ascii_uppercase())?;
        return Ok(Parsed {
            state,
            frame,
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(&Cube2, text, notation).map_err(|e| match e.kind {
        ErrorKind::Parse => state_string_error(text, 24, "URFDLB", false).unwrap_or(e),
        _ => e,
    })
}

/// Whether `text` is seed 001's 8-line colour net rather than moves.
pub fn looks_like_net(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines.len() == 8
        && lines[0].split_whitespace().count() == 6
        && lines[0]
            .split_whitespace()
            .all(|w| w.len() == 1 && "rbgoypRBGOYP".contains(w))
}

/// Whether `text` reads as a Kilominx state string rather than moves: colour letters only
/// (spaces and commas between them), at least 20 of them, and a word of three or more (moves
/// are words of one or two face letters with digits, `'` or `v`).
pub fn looks_like_kilominx_state(text: &str) -> bool {
    let letters = twisty_core::kilominx::COLOUR_LETTERS;
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let total: usize = words.iter().map(|w| w.chars().count()).sum();
    total >= 20
        && words.iter().any(|w| w.chars().count() >= 3)
        && words
            .iter()
            .all(|w| w.chars().all(|c| letters.contains(&c.to_ascii_uppercase())))
}

/// A Kilominx input: a state string (60 colour letters, the puzzle held in any orientation:
/// [`twisty_core::kilominx::from_state_string`]) or moves (cubing.js notation by default, the
/// seed's with [`Notation::Seed`]).
pub fn kilominx(text: &str, notation: Notation) -> Result<Parsed<Kilominx>, EngineError> {
    check_size(text)?;
    if looks_like_kilominx_state(text) {
        let (state, frame) = twisty_core::kilominx::from_state_string(text)?;
        return Ok(Parsed {
            state,
            frame,
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(&Kilominx, text, notation)
}

/// A clock input: a state string (the dials of the side facing you, `/`, those of the other
/// side; see [`twisty_core::clock::render`]) or moves in the WCA's notation.
pub fn clock(text: &str, notation: Notation) -> Result<Parsed<Clock>, EngineError> {
    if twisty_core::clock::render::looks_like_state_string(text) {
        check_size(text)?;
        return Ok(Parsed {
            state: twisty_core::clock::render::from_state_string(text)?,
            frame: Clock.home_frame(),
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(&Clock, text, notation)
}

/// A Square-1 input: a state string (the top's slots, `/`, the bottom's, `/`, the middle;
/// see [`twisty_core::sq1::render`]) or moves in the notation of TNoodle and cubing.js,
/// `(1,0) / (-3,3) /`, each `/` checked to be possible where it is turned.
pub fn sq1(text: &str, notation: Notation) -> Result<Parsed<Sq1>, EngineError> {
    check_size(text)?;
    if twisty_core::sq1::render::looks_like_state_string(text) {
        return Ok(Parsed {
            state: twisty_core::sq1::render::from_state_string(text)?,
            frame: Sq1.home_frame(),
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(&Sq1, text, notation)
}

/// A supercube input: the hex cube code (two digits per cubie) or moves (WCA notation by
/// default, the paper's codes with [`Notation::Seed`]).
pub fn supercube(cube: &Supercube, text: &str, notation: Notation) -> Result<Parsed<Supercube>, EngineError> {
    let t = text.trim();
    if t.len() == 2 * cube.cubies() && t.chars().all(|c| c.is_ascii_hexdigit()) {
        return Ok(Parsed {
            state: supercube_code(cube, t)?,
            frame: cube.home_frame(),
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(cube, text, notation)
}

/// An input of a puzzle given by a definition: moves in the definition's notation, read as
/// the puzzle is held (rotations and aliases too; with [`Notation::Seed`] the definition's
/// moves only, in the reference frame).
pub fn def(
    p: &twisty_core::def::DefPuzzle,
    text: &str,
    notation: Notation,
) -> Result<Parsed<twisty_core::def::DefPuzzle>, EngineError> {
    moves(p, text, notation)
}

/// Whether `text` reads as a facelet string of an N×N×N cube rather than moves: every word
/// (between spaces or commas) a colour name or a run of face and colour letters, at least one
/// a run of several letters, and at least N² stickers in all. (Moves written with spaces are
/// single letters or carry `'`, digits or `w`.)
pub fn looks_like_facelets(n: usize, text: &str) -> bool {
    const NAMES: [&str; 6] = ["white", "red", "green", "yellow", "orange", "blue"];
    let mut stickers = 0usize;
    let mut long = false;
    for w in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        if NAMES.contains(&w.to_ascii_lowercase().as_str()) {
            stickers += 1;
            long = true;
        } else if w.chars().all(|c| c.is_ascii_alphabetic()) {
            stickers += w.len();
            long |= w.len() > 1;
        } else {
            return false;
        }
    }
    long && stickers >= n * n
}

/// An N×N×N input: a facelet string (6·N² face letters `U R F D L B`, colour letters
/// `W R G Y O B` or colour names, faces in that order, the cube held in any orientation) or
/// moves (WCA / SiGN as cubing.js prints them; with [`Notation::Seed`] read in the reference
/// frame).
pub fn cube_n(cube: &CubeN, text: &str, notation: Notation) -> Result<Parsed<CubeN>, EngineError> {
    check_size(text)?;
    if looks_like_facelets(cube.n, text) {
        let (state, frame) = cube.from_facelets_held(text)?;
        return Ok(Parsed {
            state,
            frame,
            from_state_string: true,
            input_moves: None,
        });
    }
    moves(cube, text, notation)
}

/// A supercube state string: the seed's cube code, two hex digits per cubie (nothing else:
/// no signs, no spaces inside), checked to be a reachable state.
pub fn supercube_code(
    cube: &Supercube,
    text: &str,
) -> Result<twisty_core::supercube::SupercubeState, EngineError> {
    let t = text.trim();
    let want = 2 * cube.cubies();
    if let Some((i, c)) = t.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return Err(EngineError::new(
            ErrorKind::Parse,
            format!(
                "`{c}` at column {} is not a hex digit",
                t[..i].chars().count() + 1
            ),
        ));
    }
    if t.len() != want {
        return Err(EngineError::new(
            ErrorKind::Parse,
            format!(
                "a {0}x{0}x{0} state string has {want} hex digits (two per cubie), got {1}",
                cube.n,
                t.len()
            ),
        ));
    }
    let mut code = Vec::with_capacity(cube.cubies());
    for i in 0..cube.cubies() {
        let pair = &t[2 * i..2 * i + 2];
        code.push(u8::from_str_radix(pair, 16).map_err(|_| {
            EngineError::new(
                ErrorKind::Parse,
                format!("`{pair}` at column {} is not a hex byte", 2 * i + 1),
            )
        })?);
    }
    Ok(cube.state_from_code(&code)?)
}

/// The state string of a state, where the puzzle has one (3x3x3 and 2x2x2 facelets, the
/// supercube's hex code).
pub fn cube3_string(s: &twisty_core::cube3::CubieCube) -> String {
    facelets::to_facelets(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_cube_inputs_are_moves_or_facelets_with_precise_errors() {
        let c4 = CubeN::new(4).expect("a size");
        let c5 = CubeN::new(5).expect("a size");
        let solved4: String = "URFDLB"
            .chars()
            .flat_map(|f| std::iter::repeat_n(f, 16))
            .collect();
        let p = cube_n(&c4, &solved4, Notation::Standard).expect("solved facelets");
        assert!(p.from_state_string && c4.is_solved(&p.state));
        // Moves typed as held: a wide turn and its inverse cancel; a rotation changes no state.
        let p = cube_n(&c4, "Rw U 3Fw' x Fw 3Fw U' Rw'", Notation::Standard).expect("moves");
        assert!(!p.from_state_string && !c4.is_solved(&p.state));
        let p = cube_n(&c5, "Rw U2 Rw' x y", Notation::Standard).expect("moves");
        let back =
            cube_n(&c5, &c5.to_facelets_held(&p.state, p.frame), Notation::Standard).expect("round trip");
        assert_eq!((back.state, back.frame), (p.state, p.frame));
        let err = |c: &CubeN, t: &str| {
            cube_n(c, t, Notation::Standard)
                .err()
                .map(|e| e.message)
                .unwrap_or_default()
        };
        assert!(err(&c4, "R 4Rw").contains("4Rw"), "{}", err(&c4, "R 4Rw"));
        assert!(err(&c4, "M").contains('M'), "{}", err(&c4, "M"));
        assert!(
            err(&c4, &solved4[1..]).contains("96 stickers"),
            "{}",
            err(&c4, &solved4[1..])
        );
        let bad = format!("{}Q{}", &solved4[..20], &solved4[21..]);
        assert!(err(&c4, &bad).contains("sticker 21 is `Q`"), "{}", err(&c4, &bad));
        // One wing flipped in place: every colour count is right, the wing orbit is not.
        let flipped = {
            let mut f: Vec<char> = solved4.chars().collect();
            let a = c4.wing_facelets(0, 0).expect("a wing");
            f.swap(a[0], a[1]);
            f.into_iter().collect::<String>()
        };
        assert!(
            err(&c4, &flipped).contains("cannot be flipped"),
            "{}",
            err(&c4, &flipped)
        );
    }

    #[test]
    fn supercube_codes_are_hex_digits_only() {
        let cube = Supercube::new(2).expect("a size");
        let solved: String = cube.solved().code().iter().map(|b| format!("{b:02x}")).collect();
        assert!(supercube_code(&cube, &solved).is_ok());
        let signed = format!("+{}", &solved[1..]);
        let e = supercube_code(&cube, &signed).expect_err("a sign is not a digit");
        assert!(e.message.contains("column 1"), "{e}");
        let e = supercube_code(&cube, &solved[2..]).expect_err("too short");
        assert!(e.message.contains("16 hex digits"), "{e}");
    }

    #[test]
    fn bad_facelet_strings_say_what_is_wrong_and_colours_are_read() {
        let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        let e = |t: &str| {
            cube3(t, Notation::Standard)
                .err()
                .map(|e| e.message)
                .unwrap_or_default()
        };
        assert!(
            e(&solved[1..]).contains("53 letters, expected 54"),
            "{}",
            e(&solved[1..])
        );
        let bad = format!("{}X{}", &solved[..10], &solved[11..]);
        assert!(e(&bad).contains("`X` at column 11"), "{}", e(&bad));
        let spaced = format!("{} {}", &solved[..27], &solved[27..]);
        assert!(e(&spaced).contains("no spaces"), "{}", e(&spaced));
        // Colours read through the centres: white up, green front, as the WCA holds it.
        let colours = "WWWWWWWWWRRRRRRRRRGGGGGGGGGYYYYYYYYYOOOOOOOOOBBBBBBBBB";
        assert!(cube3(colours, Notation::Standard).is_ok_and(|p| Cube3.is_solved(&p.state)));
        let r = "WWGWWGWWGRRRRRRRRRGGYGGYGGYYYBYYBYYBOOOOOOOOOWBBWBBWBB";
        assert!(cube3(r, Notation::Standard).is_ok_and(|p| !Cube3.is_solved(&p.state)));
        // Moves are still moves, run-together ones get the parser's hint.
        assert!(e("RUR'U'").contains("separated by spaces"));
        assert!(e("R U Q").contains("cannot parse `Q`"));
        let e2 = cube2("UUUURRRRFFFFDDDDLLLLBBB", Notation::Standard)
            .err()
            .map(|e| e.message);
        assert!(e2.is_some_and(|m| m.contains("23 letters, expected 24")));
    }

    #[test]
    fn state_strings_and_moves_are_told_apart() {
        let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        let p = cube3(solved, Notation::Standard).ok();
        assert!(p
            .as_ref()
            .is_some_and(|p| p.from_state_string && Cube3.is_solved(&p.state)));
        let m = cube3("R U R' U'", Notation::Standard).ok();
        assert!(m.is_some_and(|p| !p.from_state_string && !Cube3.is_solved(&p.state)));
        let e = cube3("R Q", Notation::Standard).err();
        assert_eq!(e.map(|e| (e.kind, e.column)), Some((ErrorKind::Parse, Some(3))));
        let big = "R ".repeat(40_000);
        assert_eq!(
            cube3(&big, Notation::Standard).err().map(|e| e.kind),
            Some(ErrorKind::TooLarge)
        );
        assert!(cube2("UUUURRRRFFFFDDDDLLLLBBBB", Notation::Standard).is_ok_and(|p| p.from_state_string));
        // The cubes have one notation: `seed` reads it in the reference frame.
        assert!(cube3("R y", Notation::Seed).is_ok_and(|p| !Cube3.is_solved(&p.state)));
    }

    #[test]
    fn kilominx_state_strings_are_read_and_moves_stay_moves() {
        use twisty_core::kilominx::{to_state_string, KiloFrame};
        let moved = kilominx("R U BL2 DR'", Notation::Standard).expect("moves");
        assert!(!moved.from_state_string);
        let text = to_state_string(&moved.state, moved.frame);
        assert!(looks_like_kilominx_state(&text) && !looks_like_kilominx_state("R U BL2 DR'"));
        assert!(!looks_like_kilominx_state("BL BR BL BR BL BR BL BR BL BR BL"));
        let read = kilominx(&text, Notation::Standard).expect("a state string");
        assert!(read.from_state_string && read.state == moved.state && read.frame == moved.frame);
        assert!(state_string(PuzzleId::Kilominx, &text).is_ok());
        // Held upside down: the same state, another frame.
        let flipped = to_state_string(&moved.state, KiloFrame::x2().then(moved.frame));
        let read = kilominx(&flipped, Notation::Standard).expect("a state string");
        assert_eq!(read.state, moved.state);
        // A twisted corner is an impossible state, said as such.
        let mut twisted: Vec<char> = to_state_string(&Kilominx.solved(), KiloFrame::HOME)
            .chars()
            .filter(|c| *c != ' ')
            .collect();
        twisted[9..12].rotate_left(1);
        let e = kilominx(&twisted.iter().collect::<String>(), Notation::Standard).unwrap_err();
        assert_eq!(e.kind, ErrorKind::ImpossibleState);
        assert!(e.message.contains("corner twist"), "{}", e.message);
        let e = state_string(PuzzleId::Kilominx, "UUUU").unwrap_err();
        assert!(
            e.message
                .contains("`U` (sticker 1) is not a Kilominx colour letter"),
            "{}",
            e.message
        );
    }
}
