//! Moves on the Kilominx model (a 72° turn of a face without UFL, a U turn that carries a
//! whole-puzzle rotation, and a 1000-move sequence).
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use twisty_core::kilominx::{KiloState, Kilominx};
use twisty_core::{seeded_rng, Puzzle};

fn moves(c: &mut Criterion) {
    let k = Kilominx;
    let mut g = c.benchmark_group("kilominx");
    let start = k.random_state(&mut seeded_rng(1));
    for name in ["R", "U"] {
        let m = k.parse_moves(name).unwrap()[0];
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("one move {name}"), |b| {
            let mut s = start;
            b.iter(|| {
                k.apply(&mut s, black_box(m));
                black_box(&s);
            })
        });
    }
    let seq = k.random_moves(&mut seeded_rng(2), 1000);
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000-move sequence", |b| {
        b.iter(|| {
            let mut s: KiloState = black_box(start);
            k.apply_all(&mut s, black_box(&seq));
            s
        })
    });
    g.finish();
}

criterion_group!(benches, moves);
criterion_main!(benches);
