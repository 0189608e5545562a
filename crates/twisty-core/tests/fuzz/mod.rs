//! A small fuzz harness on stable Rust: runs a parser on a seed corpus and then on a fixed
//! number of generated inputs (a deterministic generator per case), fails on a panic with
//! the input shown, and counts inputs slower than the per-input bound.
//!
//! Shared by the fuzz tests of several crates (included with `#[path]`).

#![allow(dead_code, clippy::unwrap_used)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Generated inputs per target.
pub const CASES: usize = 100_000;
/// An input taking longer than this counts as slow.
pub const SLOW: Duration = Duration::from_millis(10);
/// Tolerated slow inputs per target: scheduling noise on a shared machine, not the parser
/// (a parser that is slow on some input class shows up as many slow inputs).
pub const MAX_SLOW: usize = 20;

/// The generator of one target: SplitMix64, self-contained so that every crate can use
/// the harness without extra dependencies.
pub struct Gen(u64);

impl Gen {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Gen(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn within(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

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
    let mut rng = Gen::new(seed);
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
    let n = rng.within(0, max);
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

/// Random characters (ASCII, Latin-1, typographic primes, combining marks, emoji, NUL).
pub fn chars(rng: &mut Gen, max: usize) -> String {
    const ODD: [char; 9] = ['’', '‘', '′', '\u{301}', '\u{feff}', '\0', '\n', '\t', 'Ｒ'];
    let n = rng.within(0, max);
    (0..n)
        .map(|_| match rng.below(6) {
            0..=2 => char::from(rng.within(0x20, 0x7e) as u8),
            3 => *rng.pick(&ODD),
            4 => char::from_u32(rng.within(0xa0, 0x1fff) as u32).unwrap_or('x'),
            _ => char::from_u32(rng.within(0x1f300, 0x1f5ff) as u32).unwrap_or('x'),
        })
        .collect()
}

/// Up to `max` pieces drawn from `tokens` (biased) and the grammar's punctuation: parens,
/// repeat counts, primes, separators, comments.
pub fn grammar(rng: &mut Gen, tokens: &[&str], max: usize) -> String {
    const PUNCT: [&str; 23] = [
        "(", ")", "'", "2", "3", "0", "10", "9999", "100000", " ", ",", "\n", "// c\n", "’", "2'", ")'", "[",
        "]", ":", ", ", "]'", "]2", ".",
    ];
    let n = rng.within(0, max);
    let mut s = String::new();
    for _ in 0..n {
        let piece: &&str = if rng.chance(55) {
            rng.pick(tokens)
        } else {
            rng.pick(&PUNCT)
        };
        s.push_str(piece);
        if rng.chance(40) {
            s.push(' ');
        }
    }
    s
}

/// `base` with a few random edits (replace, delete, insert, swap), for state strings.
pub fn mutate(rng: &mut Gen, base: &str, alphabet: &[char]) -> String {
    let mut v: Vec<char> = base.chars().collect();
    for _ in 0..rng.below(4) {
        let len = v.len();
        match rng.below(4) {
            0 if len > 0 => v[rng.below(len)] = *rng.pick(alphabet),
            1 if len > 0 => {
                v.remove(rng.below(len));
            }
            2 => {
                let c = *rng.pick(alphabet);
                v.insert(rng.within(0, len), c);
            }
            _ if len > 1 => v.swap(rng.below(len), rng.below(len)),
            _ => {}
        }
    }
    v.into_iter().collect()
}

/// One of three input kinds, in turn: raw bytes, random characters, grammar-aware.
pub fn mixed(rng: &mut Gen, grammar_input: impl FnOnce(&mut Gen) -> String) -> Vec<u8> {
    match rng.below(4) {
        0 => bytes(rng, 48),
        1 => chars(rng, 48).into_bytes(),
        _ => grammar_input(rng).into_bytes(),
    }
}
