//! Ranking throughput: permutations (8 and 12 elements), partial permutations, combinations
//! and orientation digits, each as rank(unrank(i)) over a run of indices.
#![allow(clippy::unwrap_used)]
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use twisty_search::rank::{
    n_c_k, n_p_k, rank_comb, rank_ori, rank_partial, rank_perm, unrank_comb, unrank_ori, unrank_partial,
    unrank_perm, FACT,
};

fn ranks(c: &mut Criterion) {
    let mut g = c.benchmark_group("rank");
    let perms8: Vec<[u8; 8]> = (0..1024u64)
        .map(|i| {
            let mut p = [0u8; 8];
            unrank_perm(i * 37 % FACT[8], &mut p);
            p
        })
        .collect();
    g.bench_function("rank_perm 8 (x1024)", |b| {
        b.iter(|| perms8.iter().map(|p| rank_perm(black_box(p))).sum::<u64>())
    });
    let perms12: Vec<[u8; 12]> = (0..1024u64)
        .map(|i| {
            let mut p = [0u8; 12];
            unrank_perm(i * 467_999 % FACT[12], &mut p);
            p
        })
        .collect();
    g.bench_function("rank_perm 12 (x1024)", |b| {
        b.iter(|| perms12.iter().map(|p| rank_perm(black_box(p))).sum::<u64>())
    });
    g.bench_function("unrank_perm 12 (x1024)", |b| {
        b.iter(|| {
            let mut p = [0u8; 12];
            (0..1024u64)
                .map(|i| {
                    unrank_perm(black_box(i * 467_999 % FACT[12]), &mut p);
                    p[0] as u64
                })
                .sum::<u64>()
        })
    });
    let partial: Vec<[u8; 7]> = (0..1024u64)
        .map(|i| {
            let mut p = [0u8; 7];
            unrank_partial(i * 9_973 % n_p_k(12, 7), 12, &mut p);
            p
        })
        .collect();
    g.bench_function("rank_partial 7 of 12 (x1024)", |b| {
        b.iter(|| {
            partial
                .iter()
                .map(|p| rank_partial(black_box(p), 12))
                .sum::<u64>()
        })
    });
    let combs: Vec<u64> = (0..1024u64)
        .map(|i| unrank_comb(i % n_c_k(12, 4), 12, 4))
        .collect();
    g.bench_function("rank_comb 4 of 12 (x1024)", |b| {
        b.iter(|| combs.iter().map(|&m| rank_comb(black_box(m))).sum::<u64>())
    });
    let oris: Vec<[u8; 8]> = (0..1024u64)
        .map(|i| {
            let mut o = [0u8; 8];
            unrank_ori(i, 3, &mut o);
            o
        })
        .collect();
    g.bench_function("rank_ori 8 base 3 (x1024)", |b| {
        b.iter(|| oris.iter().map(|o| rank_ori(black_box(o), 3)).sum::<u64>())
    });
    g.finish();
}

criterion_group!(benches, ranks);
criterion_main!(benches);
