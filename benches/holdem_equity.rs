//! Equity on one thread: the questions the README times beside OMPEval
//! (which is not on crates.io, so it is measured outside the repository):
//! exact heads-up preflop hand against hand and range against range, a
//! range against a hand on the flop, and Monte Carlo three-way to a
//! standard error of 0.1% and for a fixed number of samples.

use std::hint::black_box;
use std::time::Duration;

use cardgames::cards::CardSet;
use cardgames::holdem::equity::{self, Spot, Stop};
use cardgames::holdem::range::Range;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn spot(hands: &[&str], board: &str, dead: &str) -> Spot {
    let ranges: Vec<Range> = hands
        .iter()
        .map(|h| Range::parse(h).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let board = CardSet::parse(board).unwrap_or_else(|e| panic!("{e}"));
    let dead = CardSet::parse(dead).unwrap_or_else(|e| panic!("{e}"));
    Spot::new(&ranges, board, dead).unwrap_or_else(|e| panic!("{e}"))
}

fn exact(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact equity, 1 thread");
    g.warm_up_time(Duration::from_secs(1));
    g.sample_size(10);
    for (name, hands, board) in [
        ("AdAc vs KhKs", &["AdAc", "KhKs"][..], ""),
        ("AhKh vs 7h6h", &["AhKh", "7h6h"][..], ""),
        ("QQ+,AKs vs random", &["QQ+,AKs", "random"][..], ""),
        (
            "22+,A2s+,KTo+ vs QQ+,AK",
            &["22+,A2s+,KTo+", "QQ+,AK"][..],
            "",
        ),
        (
            "random vs AhKh on Ts9s2d",
            &["random", "AhKh"][..],
            "Ts 9s 2d",
        ),
    ] {
        let spot = spot(hands, board, "");
        g.bench_function(name, |b| b.iter(|| black_box(equity::exact(&spot, 1))));
    }
    g.finish();
}

fn monte_carlo(c: &mut Criterion) {
    let mut g = c.benchmark_group("Monte Carlo equity, 1 thread");
    g.warm_up_time(Duration::from_secs(1));
    let three = spot(&["QQ+,AKs,AcQc", "A2s+", "random"], "2c 4c 5h", "Jc");
    g.bench_function("3-way on 2c4c5h, Jc dead, to 0.1% standard error", |b| {
        b.iter(|| black_box(equity::monte_carlo(&three, Stop::StdErr(0.001), 1, 1)))
    });
    g.throughput(Throughput::Elements(1 << 20));
    g.bench_function("3-way on 2c4c5h, Jc dead, 2^20 samples", |b| {
        b.iter(|| black_box(equity::monte_carlo(&three, Stop::Samples(1 << 20), 1, 1)))
    });
    g.finish();
}

criterion_group!(benches, exact, monte_carlo);
criterion_main!(benches);
