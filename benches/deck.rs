//! Shuffle and deal of a 52-card pack through the closure dealer, beside
//! rand's bare `shuffle` of a `[u8; 52]`.

use cardgames::bridge;
use cardgames::cards::standard_deck;
use cardgames::game::rng_from_seed;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rand::seq::SliceRandom;

fn deal(c: &mut Criterion) {
    let mut g = c.benchmark_group("shuffle+deal 52");
    g.bench_function("rand shuffle [u8; 52] (baseline)", |b| {
        let mut rng = rng_from_seed(1);
        let mut pack: [u8; 52] = std::array::from_fn(|i| i as u8);
        b.iter(|| {
            pack.shuffle(&mut rng);
            black_box(&pack);
        })
    });
    g.bench_function("dealer: 4 hands of 13 (bridge deal)", |b| {
        let mut dealer = standard_deck().dealer(rng_from_seed(1));
        let mut board = 0;
        b.iter(|| {
            board += 1;
            black_box(bridge::deal(&mut dealer, board).ok())
        })
    });
    g.bench_function("dealer: one deal of 52", |b| {
        let mut dealer = standard_deck().dealer(rng_from_seed(1));
        b.iter(|| black_box(dealer.deal_n(52).ok()))
    });
    g.finish();
}

criterion_group!(benches, deal);
criterion_main!(benches);
