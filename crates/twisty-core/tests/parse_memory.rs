//! The abusive move sequences are refused without building them: the memory a parser
//! allocates while refusing each one is counted (a counting allocator for this test binary)
//! and must stay within a few MiB: a parser that expanded `((R)1000)1000 (` × 600 before
//! checking it needed 2 GB, one that recursed on a 20 KB nesting bomb overflowed its stack.
#![allow(clippy::unwrap_used)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use twisty_core::cube3::Cube3;
use twisty_core::supercube::Supercube;
use twisty_core::{ParseError, Puzzle};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                let now = LIVE.fetch_add(grow, Ordering::SeqCst) + grow;
                PEAK.fetch_max(now, Ordering::SeqCst);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::SeqCst);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes allocated at the peak of `f`, above what was live before it.
fn peak_of(f: impl FnOnce()) -> usize {
    let before = LIVE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    f();
    PEAK.load(Ordering::SeqCst).saturating_sub(before)
}

const BUDGET: usize = 8 << 20;

// One test in this binary, so no other test allocates while a peak is measured.
#[test]
fn abusive_sequences_are_refused_within_a_few_mib() {
    let bomb = format!("{}U{}", "(".repeat(10_000), ")".repeat(10_000));
    // The supercube's own notation (`x0`); its WCA notation (`U`) goes through the same
    // grammar.
    let expand = format!("{}((x0)1000)1000{}", "(".repeat(60), ")'".repeat(60));
    assert_eq!(expand.len(), 194);
    let repeats = "((R)1000)1000 (".repeat(600);
    let supercube = Supercube::new(3).unwrap();
    type Parse<'a> = Box<dyn Fn() -> Result<usize, ParseError> + 'a>;
    let cases: [(&str, &str, Parse<'_>); 4] = [
        (
            "20 KB nesting bomb",
            "nesting deeper",
            Box::new(|| Cube3.parse_moves(&bomb).map(|m| m.len())),
        ),
        (
            "194-byte supercube expansion",
            "expands to more than",
            Box::new(|| supercube.parse_moves(&expand).map(|m| m.len())),
        ),
        (
            "repeats × 600",
            "",
            Box::new(|| Cube3.parse_moves(&repeats).map(|m| m.len())),
        ),
        (
            "nesting bomb on the supercube",
            "nesting deeper",
            Box::new(|| supercube.parse_moves(&bomb).map(|m| m.len())),
        ),
    ];
    for (name, reason, parse) in &cases {
        let mut result = Ok(0);
        let peak = peak_of(|| result = parse());
        let e = result.expect_err(name);
        assert!(e.reason.contains(reason), "{name}: {e}");
        assert!(peak < BUDGET, "{name}: {peak} bytes allocated while refusing it");
    }
    // The largest accepted expansion (100,000 moves) is built: the budget is not too tight
    // to let real work through, it bounds the refusals only.
    let built = peak_of(|| assert_eq!(Cube3.parse_moves("((R U)1000)50").unwrap().len(), 100_000));
    assert!(built < 64 << 20, "{built}");
}
