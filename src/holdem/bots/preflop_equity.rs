//! All-in equities before the flop between the 169 starting-hand classes,
//! exact: class A's share of the pot against class B over every deal of
//! their combinations that share no card (each counted once) and every
//! board, as the project's exact equity engine computes it
//! ([`crate::holdem::equity::exact`]).
//!
//! The 28,561 numbers are generated once into `preflop_equity.bin` (169 ×
//! 169 little-endian `u16`, row A column B, the equity times 65,535,
//! rounded) and compiled in. [`generate`] makes the file again; a test
//! checks a sample of it against the engine, and the ignored test
//! `regenerate` rewrites it (`CARDGAMES_REGENERATE=1 cargo test --lib
//! preflop_equity -- --ignored`, seconds on two cores).
//!
//! [`pairs`] says how many deals of two classes there are: with the
//! equities it is everything the push/fold solver needs about the cards,
//! card removal included.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::classes::{CLASSES, Class};
use crate::cards::CardSet;
use crate::holdem::equity::{Plan, Spot};
use crate::holdem::range::Range;

const TABLE: &[u8; CLASSES * CLASSES * 2] = include_bytes!("preflop_equity.bin");

/// Class `a`'s exact all-in equity against class `b` (ties shared).
pub fn equity(a: Class, b: Class) -> f64 {
    let i = 2 * (a.index() * CLASSES + b.index());
    f64::from(u16::from_le_bytes([TABLE[i], TABLE[i + 1]])) / 65_535.0
}

/// How many deals of a hand of class `a` and one of class `b` share no
/// card.
pub fn pairs(a: Class, b: Class) -> u32 {
    static PAIRS: OnceLock<Vec<u32>> = OnceLock::new();
    let table = PAIRS.get_or_init(|| {
        let hands: Vec<Vec<CardSet>> = Class::all()
            .map(|c| {
                c.hands()
                    .iter()
                    .map(|h| h.iter().copied().collect())
                    .collect()
            })
            .collect();
        let mut t = vec![0u32; CLASSES * CLASSES];
        for (i, x) in hands.iter().enumerate() {
            for (j, y) in hands.iter().enumerate() {
                t[i * CLASSES + j] = x
                    .iter()
                    .map(|p| y.iter().filter(|q| p.is_disjoint(**q)).count() as u32)
                    .sum();
            }
        }
        t
    });
    table[a.index() * CLASSES + b.index()]
}

/// Computes class `a`'s equity against class `b` with the exact engine.
pub fn compute(a: Class, b: Class) -> f64 {
    if a == b {
        // Every deal has its mirror image.
        return 0.5;
    }
    let range = |c: Class| Range::parse(&c.to_string()).unwrap_or_else(|_| unreachable!());
    let spot = Spot::new(&[range(a), range(b)], CardSet::EMPTY, CardSet::EMPTY)
        .unwrap_or_else(|_| unreachable!("two classes always have a deal"));
    Plan::new(&spot, 1).run(1).players[0].equity
}

/// The whole table as `preflop_equity.bin` holds it, computed on the
/// current rayon pool.
pub fn generate() -> Vec<u8> {
    let upper: Vec<(usize, usize)> = (0..CLASSES)
        .flat_map(|i| (i..CLASSES).map(move |j| (i, j)))
        .collect();
    let done: Vec<((usize, usize), f64)> = upper
        .par_iter()
        .map(|&(i, j)| ((i, j), compute(Class::from_index(i), Class::from_index(j))))
        .collect();
    let mut scaled = vec![0u16; CLASSES * CLASSES];
    for ((i, j), e) in done {
        let x = (e * 65_535.0).round() as u16;
        scaled[i * CLASSES + j] = x;
        // The two sides add up to the whole pot.
        scaled[j * CLASSES + i] = 65_535 - x;
    }
    scaled.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use rand::Rng;

    fn class(s: &str) -> Class {
        s.parse().expect("class")
    }

    #[test]
    fn a_sample_of_the_table_is_what_the_engine_computes() {
        let mut rng = rng_from_seed(34);
        let mut checked = vec![(class("AA"), class("KK")), (class("AKo"), class("22"))];
        for _ in 0..10 {
            let a = Class::from_index(rng.random_range(0..CLASSES));
            let b = Class::from_index(rng.random_range(0..CLASSES));
            checked.push((a, b));
        }
        for (a, b) in checked {
            let want = compute(a, b);
            let got = equity(a, b);
            assert!(
                (got - want).abs() < 1e-4,
                "{a} vs {b}: {got} in the table, {want}"
            );
        }
    }

    #[test]
    fn well_known_matchups() {
        // Aces against kings about 82%; a pair against two overcards
        // a coin flip; the two sides of a matchup add up to one.
        assert!((equity(class("AA"), class("KK")) - 0.8195).abs() < 0.002);
        let flip = equity(class("22"), class("AKo"));
        assert!((0.50..0.54).contains(&flip), "{flip}");
        for (a, b) in [("72o", "AA"), ("T9s", "AKo"), ("55", "55")] {
            let (a, b) = (class(a), class(b));
            assert!((equity(a, b) + equity(b, a) - 1.0).abs() < 2e-5);
        }
    }

    #[test]
    fn deals_of_two_classes_count_card_removal() {
        assert_eq!(pairs(class("AA"), class("AA")), 6);
        assert_eq!(pairs(class("AA"), class("KK")), 36);
        // AKs against AKo: each suited hand meets 6 of the 12 offsuit.
        assert_eq!(pairs(class("AKs"), class("AKo")), 24);
        let all: u32 = Class::all()
            .flat_map(|a| Class::all().map(move |b| pairs(a, b)))
            .sum();
        assert_eq!(all, 1326 * 1225);
    }

    /// Rewrites `preflop_equity.bin` (see the module doc).
    #[test]
    #[ignore]
    fn regenerate() {
        if std::env::var_os("CARDGAMES_REGENERATE").is_none() {
            return;
        }
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/holdem/bots/preflop_equity.bin"
        );
        std::fs::write(path, generate()).expect("write the table");
    }
}
