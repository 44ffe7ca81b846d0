//! Seven-card hand evaluation beside the peers `rs_poker` 5.0.0 and
//! `aya_poker` 0.1.0, in the same run so the ratios hold on a busy machine:
//!
//! - every one of the 133,784,560 seven-card hands, enumerated one card at
//!   a time (each evaluator extends its own incremental hand per level);
//! - ten million pre-generated random hands, from seven cards stored in
//!   each library's own card type (each evaluator builds its hand then
//!   ranks it) and from hands built ahead.
//!
//! holdem-hand-evaluator and OMPEval, not on crates.io, are measured
//! beside ours outside the repository (see the README's performance
//! section).

use std::hint::black_box;
use std::time::Duration;

use cardgames::cards::{Card, CardSet};
use cardgames::holdem::eval::{Hand, evaluate};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::seq::SliceRandom;

const ALL_SEVENS: u64 = 133_784_560;
const RANDOM: usize = 10_000_000;
/// rs_poker keeps its score private: each of its results is consumed by one
/// comparison, as cheap as reading ours.
const PAIR: rs_poker::core::Rank = rs_poker::core::Rank::ONE_PAIR_MIN;

/// Sums `value` over every 7-card hand, built with `add` from `empty`.
#[inline(always)]
fn enumerate<C: Copy, S: Copy>(
    cards: &[C; 52],
    empty: S,
    add: impl Fn(S, C) -> S,
    value: impl Fn(S) -> u64,
) -> u64 {
    let mut sum = 0;
    for a in 0..46 {
        let ha = add(empty, cards[a]);
        for b in a + 1..47 {
            let hb = add(ha, cards[b]);
            for c in b + 1..48 {
                let hc = add(hb, cards[c]);
                for d in c + 1..49 {
                    let hd = add(hc, cards[d]);
                    for e in d + 1..50 {
                        let he = add(hd, cards[e]);
                        for f in e + 1..51 {
                            let hf = add(he, cards[f]);
                            for &card in &cards[f + 1..] {
                                sum += value(add(hf, card));
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

fn ours_cards() -> [Card; 52] {
    std::array::from_fn(|i| Card::from_index(i as u8).unwrap_or_else(|| unreachable!()))
}

fn rs_cards() -> [rs_poker::core::Card; 52] {
    std::array::from_fn(|i| rs_poker::core::Card::from(i as u8))
}

fn aya_cards() -> [aya_poker::base::Card; 52] {
    std::array::from_fn(|i| aya_poker::base::CARDS[i])
}

fn all_sevens(c: &mut Criterion) {
    let ours = ours_cards();
    let rs = rs_cards();
    let aya = aya_cards();
    let mut g = c.benchmark_group("all 133,784,560 seven-card hands");
    g.throughput(Throughput::Elements(ALL_SEVENS));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.bench_function("cardgames (Hand)", |b| {
        b.iter(|| {
            black_box(enumerate(&ours, Hand::EMPTY, Hand::add, |h| {
                u64::from(h.value().get())
            }))
        })
    });
    g.bench_function("rs_poker 5.0.0 (SevenCardAccum)", |b| {
        b.iter(|| {
            black_box(enumerate(
                &rs,
                rs_poker::core::SevenCardAccum::new(),
                |h, c| h + c,
                |h| u64::from(h.rank() >= PAIR),
            ))
        })
    });
    g.bench_function("aya_poker 0.1.0 (Hand)", |b| {
        b.iter(|| {
            black_box(enumerate(
                &aya,
                aya_poker::base::Hand::new(),
                |mut h, c| {
                    h.insert_unchecked(&c);
                    h
                },
                |h| u64::from(aya_poker::poker_rank(&h).0),
            ))
        })
    });
    g.finish();
}

fn random_sevens(c: &mut Criterion) {
    let mut rng = cardgames::game::rng_from_seed(1);
    let mut deck: Vec<u8> = (0..52).collect();
    let hands: Vec<[u8; 7]> = (0..RANDOM)
        .map(|_| {
            let (seven, _) = deck.partial_shuffle(&mut rng, 7);
            std::array::from_fn(|i| seven[i])
        })
        .collect();
    let ours = ours_cards();
    let rs = rs_cards();
    let aya = aya_cards();
    let mut g = c.benchmark_group("10,000,000 random seven-card hands");
    g.throughput(Throughput::Elements(RANDOM as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    let our_hands: Vec<[Card; 7]> = hands.iter().map(|h| h.map(|i| ours[i as usize])).collect();
    g.bench_function("cardgames (from 7 cards)", |b| {
        b.iter(|| {
            our_hands
                .iter()
                .map(|h| {
                    let hand = h.iter().fold(Hand::EMPTY, |acc, &c| acc.add(c));
                    u64::from(hand.value().get())
                })
                .sum::<u64>()
        })
    });
    drop(our_hands);
    let rs_hands: Vec<[rs_poker::core::Card; 7]> =
        hands.iter().map(|h| h.map(|i| rs[i as usize])).collect();
    g.bench_function("rs_poker 5.0.0 (from 7 cards)", |b| {
        b.iter(|| {
            rs_hands
                .iter()
                .map(|h| {
                    let acc = h
                        .iter()
                        .fold(rs_poker::core::SevenCardAccum::new(), |acc, &c| acc + c);
                    u64::from(acc.rank() >= PAIR)
                })
                .sum::<u64>()
        })
    });
    drop(rs_hands);
    let aya_hands: Vec<[aya_poker::base::Card; 7]> =
        hands.iter().map(|h| h.map(|i| aya[i as usize])).collect();
    g.bench_function("aya_poker 0.1.0 (from 7 cards)", |b| {
        b.iter(|| {
            aya_hands
                .iter()
                .map(|h| {
                    let mut hand = aya_poker::base::Hand::new();
                    for c in h {
                        hand.insert_unchecked(c);
                    }
                    u64::from(aya_poker::poker_rank(&hand).0)
                })
                .sum::<u64>()
        })
    });
    drop(aya_hands);
    let sets: Vec<CardSet> = hands
        .iter()
        .map(|h| h.iter().map(|&i| ours[i as usize]).collect())
        .collect();
    g.bench_function("cardgames evaluate(CardSet) (built ahead)", |b| {
        b.iter(|| {
            sets.iter()
                .map(|&s| u64::from(evaluate(s).get()))
                .sum::<u64>()
        })
    });
    drop(sets);
    let built: Vec<Hand> = hands
        .iter()
        .map(|h| {
            h.iter()
                .fold(Hand::EMPTY, |acc, &i| acc.add(ours[i as usize]))
        })
        .collect();
    g.bench_function("cardgames Hand (built ahead)", |b| {
        b.iter(|| {
            built
                .iter()
                .map(|h| u64::from(h.value().get()))
                .sum::<u64>()
        })
    });
    drop(built);
    let built: Vec<rs_poker::core::SevenCardAccum> = hands
        .iter()
        .map(|h| {
            h.iter()
                .fold(rs_poker::core::SevenCardAccum::new(), |acc, &i| {
                    acc + rs[i as usize]
                })
        })
        .collect();
    g.bench_function("rs_poker 5.0.0 SevenCardAccum (built ahead)", |b| {
        b.iter(|| {
            built
                .iter()
                .map(|h| u64::from(h.rank() >= PAIR))
                .sum::<u64>()
        })
    });
    drop(built);
    let built: Vec<aya_poker::base::Hand> = hands
        .iter()
        .map(|h| h.iter().map(|&i| aya[i as usize]).collect())
        .collect();
    g.bench_function("aya_poker 0.1.0 Hand (built ahead)", |b| {
        b.iter(|| {
            built
                .iter()
                .map(|h| u64::from(aya_poker::poker_rank(h).0))
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, all_sevens, random_sevens);
criterion_main!(benches);
