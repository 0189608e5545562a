//! Face moves on the 3x3x3 cubie model.
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use twisty_core::cube3::{Cube3, CubieCube};
use twisty_core::{seeded_rng, Puzzle};

fn moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("cube3");
    let r = Cube3.parse_moves("R").unwrap_or_default()[0];
    let start = Cube3.random_state(&mut seeded_rng(1));
    g.throughput(Throughput::Elements(1));
    g.bench_function("one face move", |b| {
        let mut s = start;
        b.iter(|| {
            Cube3.apply(&mut s, black_box(r));
            black_box(&s);
        })
    });
    let seq = Cube3.random_moves(&mut seeded_rng(2), 1000);
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000-move sequence", |b| {
        b.iter(|| {
            let mut s: CubieCube = black_box(start);
            Cube3.apply_all(&mut s, black_box(&seq));
            s
        })
    });
    g.finish();
}

criterion_group!(benches, moves);
criterion_main!(benches);
