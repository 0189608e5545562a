//! A small fuzz harness on stable Rust: runs a parser on a seed corpus and then on a fixed
//! number of generated inputs (a deterministic generator per case), fails on a panic with
//! the input shown, and counts inputs slower than the per-input bound.
//!
//! Shared by the fuzz tests of several crates (included with `#[path]`).

#![allow(dead_code, clippy::unwrap_used)]

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Generated inputs per target.
pub const CASES: usize = 100_000;
/// An input taking longer than this counts as slow.
pub const SLOW: Duration = Duration::from_millis(10);
/// Tolerated slow inputs per target: scheduling noise on a shared machine, not the parser
/// (a parser that is slow on some input class shows up as many slow inputs).
pub const MAX_SLOW: usize = 20;

/// The generator of one target.
pub type Gen = Xoshiro256PlusPlus;

/// Reads the seed corpus (one input per line) shipped with twisty-core.
pub fn corpus() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../twisty-core/tests/data/fuzz_corpus/abusive.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(str::to_string).collect()
}

/// What a run saw.
#[derive(Debug)]
pub struct Report {
    /// Target name.
    pub name: &'static str,
    /// Inputs run (corpus and generated).
    pub inputs: usize,
    /// Inputs slower than [`SLOW`].
    pub slow: usize,
    /// The slowest input's time.
    pub slowest: Duration,
    /// Total time.
    pub total: Duration,
}

fn shown(input: &[u8]) -> String {
    let s = String::from_utf8_lossy(input);
    if s.len() > 200 {
        let head: String = s.chars().take(200).collect();
        format!("{head:?}… ({} bytes)", input.len())
    } else {
        format!("{s:?}")
    }
}

/// Runs `parse` on every corpus input and on [`CASES`] inputs from `generate`; panics
/// (failing the test) when `parse` panics, or when more than [`MAX_SLOW`] inputs take longer
/// than [`SLOW`] (the best of three runs). The corpus inputs (up to 64 KiB) must each stay under 100 ms.
pub fn run<C: AsRef<[u8]>, T: AsRef<[u8]>>(
    name: &'static str,
    seed: u64,
    corpus: &[C],
    mut generate: impl FnMut(&mut Gen) -> T,
    parse: impl Fn(&[u8]),
) -> Report {
    let mut rng = Gen::seed_from_u64(seed);
    let start = Instant::now();
    let (mut slow, mut slowest, mut slowest_input) = (0usize, Duration::ZERO, String::new());
    let mut one = |input: &[u8], corpus: bool| {
        let t = Instant::now();
        if catch_unwind(AssertUnwindSafe(|| parse(input))).is_err() {
            panic!("{name}: the parser panicked on {}", shown(input));
        }
        let mut took = t.elapsed();
        // A slow time is measured again (the best of three counts), so a preemption on a
        // busy machine is not taken for a slow parser.
        for _ in 0..2 {
            if took <= SLOW {
                break;
            }
            let t = Instant::now();
            parse(input);
            took = took.min(t.elapsed());
        }
        if took > slowest {
            slowest = took;
            slowest_input = shown(input);
        }
        if took > SLOW {
            slow += 1;
            eprintln!("{name}: slow input ({took:?}): {}", shown(input));
        }
        if corpus {
            assert!(
                took < Duration::from_millis(100),
                "{name}: {took:?} on {}",
                shown(input)
            );
        }
    };
    for input in corpus {
        one(input.as_ref(), true);
    }
    for _ in 0..CASES {
        let input = generate(&mut rng);
        one(input.as_ref(), false);
    }
    let report = Report {
        name,
        inputs: corpus.len() + CASES,
        slow,
        slowest,
        total: start.elapsed(),
    };
    eprintln!(
        "{name}: {} inputs in {:.2?}, slowest {:.2?} ({slowest_input}), {} over {SLOW:?}",
        report.inputs, report.total, report.slowest, report.slow
    );
    assert!(report.slow <= MAX_SLOW, "{report:?}");
    report
}

/// Random bytes, 0 to `max` of them.
pub fn bytes(rng: &mut Gen, max: usize) -> Vec<u8> {
    let n = rng.random_range(0..=max);
    (0..n).map(|_| rng.random()).collect()
}

/// Random characters (ASCII, Latin-1, typographic primes, combining marks, emoji, NUL).
pub fn chars(rng: &mut Gen, max: usize) -> String {
    let n = rng.random_range(0..=max);
    (0..n)
        .map(|_| match rng.random_range(0..6) {
            0..=2 => char::from(rng.random_range(0x20u8..0x7f)),
            3 => ['’', '‘', '′', '\u{301}', '\u{feff}', '\0', '\n', '\t', 'Ｒ'][rng.random_range(0..9)],
            4 => char::from_u32(rng.random_range(0xa0..0x2000)).unwrap_or('x'),
            _ => char::from_u32(rng.random_range(0x1f300..0x1f600)).unwrap_or('x'),
        })
        .collect()
}

/// Up to `max` pieces drawn from `tokens` (biased) and the grammar's punctuation: parens,
/// repeat counts, primes, separators, comments.
pub fn grammar(rng: &mut Gen, tokens: &[&str], max: usize) -> String {
    const PUNCT: [&str; 16] = [
        "(", ")", "'", "2", "3", "0", "10", "9999", "100000", " ", ",", "\n", "// c\n", "’", "2'", ")'",
    ];
    let n = rng.random_range(0..=max);
    let mut s = String::new();
    for _ in 0..n {
        if rng.random_bool(0.55) {
            s.push_str(tokens[rng.random_range(0..tokens.len())]);
        } else {
            s.push_str(PUNCT[rng.random_range(0..PUNCT.len())]);
        }
        if rng.random_bool(0.4) {
            s.push(' ');
        }
    }
    s
}

/// `base` with a few random edits (replace, delete, insert, swap), for state strings.
pub fn mutate(rng: &mut Gen, base: &str, alphabet: &[char]) -> String {
    let mut v: Vec<char> = base.chars().collect();
    for _ in 0..rng.random_range(0..4) {
        let len = v.len();
        match rng.random_range(0..4) {
            0 if len > 0 => v[rng.random_range(0..len)] = alphabet[rng.random_range(0..alphabet.len())],
            1 if len > 0 => {
                v.remove(rng.random_range(0..len));
            }
            2 => v.insert(
                rng.random_range(0..=len),
                alphabet[rng.random_range(0..alphabet.len())],
            ),
            _ if len > 1 => v.swap(rng.random_range(0..len), rng.random_range(0..len)),
            _ => {}
        }
    }
    v.into_iter().collect()
}

/// One of three input kinds, in turn: raw bytes, random characters, grammar-aware.
pub fn mixed(rng: &mut Gen, grammar_input: impl FnOnce(&mut Gen) -> String) -> Vec<u8> {
    match rng.random_range(0..4) {
        0 => bytes(rng, 48),
        1 => chars(rng, 48).into_bytes(),
        _ => grammar_input(rng).into_bytes(),
    }
}
