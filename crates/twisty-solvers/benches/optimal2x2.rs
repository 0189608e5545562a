//! The optimal 2x2x2 solver after its table is loaded: one solve of a random state.
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twisty_core::cube2::Cube2;
use twisty_core::{seeded_rng, Metric, Puzzle};
use twisty_search::TableCache;
use twisty_solvers::optimal::cube2::Cube2Optimal;
use twisty_solvers::{Limits, Solver};

fn solve(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let cache = TableCache::new(dir.path());
    let mut g = c.benchmark_group("optimal2x2");
    g.bench_function("table build", |b| {
        b.iter(|| twisty_solvers::optimal::cube2::build(Metric::Htm))
    });
    let s = Cube2Optimal::new(&cache, Metric::Htm).unwrap();
    let states: Vec<_> = {
        let mut rng = seeded_rng(1);
        (0..1000).map(|_| Cube2.random_state(&mut rng)).collect()
    };
    let limits = Limits::default();
    let mut i = 0;
    g.bench_function("solve random state", |b| {
        b.iter(|| {
            i = (i + 1) % states.len();
            s.solve(&Cube2, black_box(&states[i]), &limits).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
