//! Fuzzing of the 2x2x2 A* colour-net parser and its 24-facelet parser: the shared seed
//! corpus, then 100,000 generated inputs per target (raw bytes, random characters, random
//! 8-line nets of the seed's colour letters, and edits of a valid net). Fails on a panic,
//! on an accepted net that does not print back to an equal state, or on slow inputs.
#![allow(clippy::unwrap_used)]

#[path = "../../twisty-core/tests/fuzz/mod.rs"]
mod fuzz;

use fuzz::{corpus, mixed, mutate, run, Gen};
use twisty_solvers::astar2x2::Stickers;

const COLOURS: [char; 6] = ['r', 'b', 'g', 'o', 'y', 'p'];

/// Eight lines of colour letters with spaces, the first two wide, with random widths.
fn net(g: &mut Gen) -> String {
    let lines = if g.chance(80) { 8 } else { g.below(12) };
    let mut s = String::new();
    for li in 0..lines {
        let width = if g.chance(80) {
            if li < 2 {
                8
            } else {
                4
            }
        } else {
            g.below(10)
        };
        for k in 0..width {
            if k > 0 {
                s.push(' ');
            }
            s.push(*g.pick(&COLOURS));
        }
        s.push('\n');
    }
    s
}

#[test]
fn fuzz_colour_nets() {
    let goal = Stickers::goal().to_net();
    let alphabet: Vec<char> = "rbgoypRX \n\t’".chars().collect();
    let inputs: Vec<String> = corpus().into_iter().chain([goal.clone()]).collect();
    run(
        "astar2x2 from_net",
        11,
        &inputs,
        |g| match g.below(3) {
            0 => mixed(g, |g| fuzz::chars(g, 80)),
            1 => net(g).into_bytes(),
            _ => mutate(g, &goal, &alphabet).into_bytes(),
        },
        |b| {
            if let Ok(s) = Stickers::from_net(&String::from_utf8_lossy(b)) {
                assert_eq!(Stickers::from_net(&s.to_net()).unwrap(), s);
            }
        },
    );
}

#[test]
fn fuzz_sticker_facelets() {
    let alphabet: Vec<char> = "URFDLBurX \n".chars().collect();
    let solved = "UUUURRRRFFFFDDDDLLLLBBBB";
    run(
        "astar2x2 from_facelets",
        12,
        &corpus(),
        |g| match g.below(3) {
            0 => mixed(g, |g| fuzz::chars(g, 30)),
            1 => (0..24)
                .map(|_| alphabet[g.below(6)])
                .collect::<String>()
                .into_bytes(),
            _ => mutate(g, solved, &alphabet).into_bytes(),
        },
        |b| {
            let _ = Stickers::from_facelets(&String::from_utf8_lossy(b));
        },
    );
}
