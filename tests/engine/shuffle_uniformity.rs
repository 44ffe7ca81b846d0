//! The shuffle is uniform (chi-square tests with fixed seeds), and the
//! "swap each position with any position" shuffle of seed 002 is provably
//! biased, so nobody simplifies back to it.

use cardgames::cards::{Card, Deck, standard_deck};
use cardgames::game::rng_from_seed;
use rand::Rng;

/// Upper critical value of the chi-square distribution with `df` degrees
/// of freedom at tail probability 0.001 (Wilson–Hilferty; z = 3.0902).
fn chi2_critical_001(df: f64) -> f64 {
    let z = 3.090_232;
    let t = 1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt();
    df * t * t * t
}

fn chi2(observed: &[u64], expected: f64) -> f64 {
    observed
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum()
}

/// Index of a permutation of 0..4 among the 24 (Lehmer code).
fn perm_index(p: &[u8; 4]) -> usize {
    let mut idx = 0;
    for i in 0..4 {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        idx = idx * (4 - i) + smaller;
    }
    idx
}

#[test]
fn critical_values_match_tables() {
    // Published chi-square table values at p = 0.001.
    assert!((chi2_critical_001(23.0) - 49.728).abs() < 0.2);
    assert!((chi2_critical_001(51.0) - 87.968).abs() < 0.3);
}

#[test]
fn all_24_orders_of_four_are_equally_likely() {
    const N: u64 = 240_000;
    let mut deck = Deck::new(vec![0u8, 1, 2, 3]).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = rng_from_seed(2024);
    let mut counts = [0u64; 24];
    for _ in 0..N {
        deck.shuffle(&mut rng);
        let p: [u8; 4] = deck
            .items()
            .try_into()
            .unwrap_or_else(|_| panic!("4 items"));
        counts[perm_index(&p)] += 1;
    }
    assert!(counts.iter().all(|&c| c > 0), "every order appears");
    let stat = chi2(&counts, N as f64 / 24.0);
    assert!(
        stat < chi2_critical_001(23.0),
        "chi-square {stat:.1} over 23 df"
    );
}

/// Card-by-position counts of `shuffles` shuffles, each from the pack in
/// its fresh order, flattened 52 × 52.
fn position_counts(shuffles: u64, mut shuffle: impl FnMut(&mut Vec<Card>)) -> Vec<u64> {
    let mut counts = vec![0u64; 52 * 52];
    let fresh: Vec<Card> = standard_deck().items().to_vec();
    let mut pack = fresh.clone();
    for _ in 0..shuffles {
        pack.copy_from_slice(&fresh);
        shuffle(&mut pack);
        for (pos, card) in pack.iter().enumerate() {
            counts[card.index() * 52 + pos] += 1;
        }
    }
    counts
}

/// The overall chi-square of a 52 × 52 table against flat, and its limit.
fn flatness(counts: &[u64], shuffles: u64) -> (f64, f64) {
    let stat = chi2(counts, shuffles as f64 / 52.0);
    (stat, chi2_critical_001(51.0 * 51.0))
}

#[test]
fn every_card_is_equally_likely_in_every_position() {
    const N: u64 = 100_000;
    let mut rng = rng_from_seed(52);
    let counts = position_counts(N, |pack| {
        let mut deck = Deck::new(pack.clone()).unwrap_or_else(|e| panic!("{e}"));
        deck.shuffle(&mut rng);
        pack.copy_from_slice(deck.items());
    });
    let (stat, limit) = flatness(&counts, N);
    assert!(
        stat < limit,
        "chi-square {stat:.0} over 2601 df (limit {limit:.0})"
    );
    // And no single card's row is far off.
    for card in 0..52 {
        let row = &counts[card * 52..card * 52 + 52];
        let s = chi2(row, N as f64 / 52.0);
        assert!(s < chi2_critical_001(51.0) * 1.3, "card {card}: {s:.1}");
    }
}

/// Seed 002's shuffle: swap each position with a uniformly chosen position
/// of the whole pack.
fn naive_swap_shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    let n = items.len();
    for i in 0..n {
        let j = rng.random_range(0..n);
        items.swap(i, j);
    }
}

#[test]
fn the_same_test_catches_the_naive_swap_shuffle() {
    const N: u64 = 100_000;
    let mut rng = rng_from_seed(52);
    let counts = position_counts(N, |pack| naive_swap_shuffle(pack, &mut rng));
    let (stat, limit) = flatness(&counts, N);
    assert!(
        stat > limit,
        "naive shuffle should fail: {stat:.0} vs {limit:.0}"
    );
}

#[test]
fn naive_swap_shuffle_of_three_is_biased_by_exact_count() {
    // Every one of the 3^3 = 27 choice sequences is equally likely; 27 is
    // not a multiple of 6, so the six orders cannot all be equally likely.
    let mut counts = std::collections::BTreeMap::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                let mut p = [0u8, 1, 2];
                for (i, j) in [a, b, c].into_iter().enumerate() {
                    p.swap(i, j);
                }
                *counts.entry(p).or_insert(0u32) += 1;
            }
        }
    }
    assert_eq!(counts.values().sum::<u32>(), 27);
    assert_eq!(counts.len(), 6);
    assert_ne!(27 % 6, 0);
    let got: Vec<u32> = counts.values().copied().collect();
    // Orders 012, 021, 102, 120, 201, 210 occur 4, 5, 5, 5, 4, 4 times.
    assert_eq!(got, [4, 5, 5, 5, 4, 4]);
}
