//! Equity: exact heads-up preflop (AA vs KK, 1,712,304 boards) on one
//! thread, a three-way flop, Monte Carlo, and the bots' `vs_random`.

use std::hint::black_box;
use std::time::Duration;

use cardgames::cards::CardSet;
use cardgames::holdem::equity::{self, Spot, vs_random};
use cardgames::holdem::range::Range;
use criterion::{Criterion, criterion_group, criterion_main};

fn spot(hands: &[&str], board: &str) -> Spot {
    let ranges: Vec<Range> = hands
        .iter()
        .map(|h| Range::parse(h).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let board = CardSet::parse(board).unwrap_or_else(|e| panic!("{e}"));
    Spot::new(&ranges, board, CardSet::EMPTY).unwrap_or_else(|e| panic!("{e}"))
}

fn equity(c: &mut Criterion) {
    let mut g = c.benchmark_group("equity");
    g.warm_up_time(Duration::from_secs(1));
    let aa_kk = spot(&["AdAc", "KhKs"], "");
    g.bench_function("exact preflop AdAc vs KhKs, 1 thread", |b| {
        b.iter(|| black_box(equity::exact(&aa_kk, 1)))
    });
    let suited = spot(&["AhKh", "7h6h"], "");
    g.bench_function("exact preflop AhKh vs 7h6h, 1 thread", |b| {
        b.iter(|| black_box(equity::exact(&suited, 1)))
    });
    let three = spot(&["AsKs", "QhQd", "Jc9c"], "Ts 7s 2h");
    g.bench_function("exact flop 3-way, 1 thread", |b| {
        b.iter(|| black_box(equity::exact(&three, 1)))
    });
    let ranges = spot(&["QQ+,AKs", "random"], "");
    g.bench_function(
        "Monte Carlo QQ+,AKs vs random, 100k samples, 1 thread",
        |b| b.iter(|| black_box(equity::monte_carlo(&ranges, 100_000, 1, 1))),
    );
    let hole = Range::parse("AhKh")
        .map(|r| r.combos()[0])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = cardgames::game::rng_from_seed(1);
    g.bench_function("vs_random AhKh vs 3 opponents preflop, 1000 samples", |b| {
        b.iter(|| {
            black_box(vs_random(
                hole,
                CardSet::EMPTY,
                CardSet::EMPTY,
                3,
                1000,
                &mut rng,
            ))
        })
    });
    g.finish();
}

criterion_group!(benches, equity);
criterion_main!(benches);
