//! Writing a 20-move reference-frame answer as the turns of a cube held rotated.
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twisty_core::cube2::Cube2;
use twisty_core::cube3::Cube3;
use twisty_core::{seeded_rng, Held, Puzzle};

fn held(c: &mut Criterion) {
    let mut g = c.benchmark_group("held_moves");
    let (_, frame3) = Cube3.parse_held("x y2 z' Rw M").unwrap();
    let answer3 = Cube3.random_moves(&mut seeded_rng(3), 20);
    g.bench_function("3x3x3 20-move answer", |b| {
        b.iter(|| Cube3.held_moves(black_box(frame3), black_box(&answer3)))
    });
    let (_, frame2) = Cube2.parse_held("L D' B2 y").unwrap();
    let answer2 = Cube2.random_moves(&mut seeded_rng(2), 20);
    g.bench_function("2x2x2 20-move answer", |b| {
        b.iter(|| Cube2.held_moves(black_box(frame2), black_box(&answer2)))
    });
    g.finish();
}

criterion_group!(benches, held);
criterion_main!(benches);
