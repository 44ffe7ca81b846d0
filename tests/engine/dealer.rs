//! The closure dealer: distinct items within a deal, reshuffles exactly
//! when the pack runs short, every item once per cycle, independence of
//! dealers made from one template, and replay by seed.

use std::collections::HashSet;

use cardgames::cards::{Card, DealError, Deck, standard_deck};
use cardgames::game::rng_from_seed;

#[test]
fn deals_of_five_never_repeat_and_reshuffle_when_short() {
    let mut dealer = standard_deck().dealer(rng_from_seed(9));
    let mut cycle: HashSet<Card> = HashSet::new();
    for round in 0..1000u64 {
        let before = dealer.remaining();
        let shuffles = dealer.shuffles();
        let hand = dealer.deal_n(5).unwrap_or_else(|e| panic!("{e}"));
        let distinct: HashSet<Card> = hand.iter().copied().collect();
        assert_eq!(distinct.len(), 5, "round {round}: {hand:?}");
        if before < 5 {
            assert_eq!(
                dealer.shuffles(),
                shuffles + 1,
                "reshuffle at round {round}"
            );
            cycle.clear();
        } else {
            assert_eq!(dealer.shuffles(), shuffles, "no early reshuffle at {round}");
        }
        for c in hand {
            assert!(cycle.insert(c), "{c} dealt twice in one cycle");
        }
    }
    // 10 deals of 5 per shuffle of 52 (2 left over each time).
    assert_eq!(dealer.shuffles(), 100);
}

#[test]
fn every_item_once_per_cycle_when_the_deal_divides_the_pack() {
    let mut dealer = standard_deck().dealer(rng_from_seed(10));
    for _ in 0..50 {
        let mut seen = HashSet::new();
        for _ in 0..13 {
            for c in dealer.deal_n(4).unwrap_or_default() {
                assert!(seen.insert(c));
            }
        }
        assert_eq!(seen.len(), 52);
    }
}

#[test]
fn dealers_from_one_template_are_independent() {
    let template = Deck::new((1..=10).collect::<Vec<u16>>()).unwrap_or_else(|e| panic!("{e}"));
    let alone: Vec<Vec<u16>> = {
        let mut d = template.dealer(rng_from_seed(5));
        (0..30).map(|_| d.deal_n(3).unwrap_or_default()).collect()
    };
    let mut a = template.dealer(rng_from_seed(5));
    let mut b = template.dealer(rng_from_seed(6));
    let mut interleaved = Vec::new();
    for _ in 0..30 {
        interleaved.push(a.deal_n(3).unwrap_or_default());
        b.deal_n(7).unwrap_or_default();
        b.deal();
    }
    assert_eq!(alone, interleaved, "dealer b must not disturb dealer a");
    assert_eq!(
        template.items(),
        (1..=10).collect::<Vec<u16>>(),
        "template untouched"
    );
}

#[test]
fn same_seed_same_deals_different_seed_different_deals() {
    let deals = |seed| {
        let mut d = standard_deck().dealer(rng_from_seed(seed));
        (0..20)
            .map(|_| d.deal_n(7).unwrap_or_default())
            .collect::<Vec<_>>()
    };
    assert_eq!(deals(77), deals(77));
    assert_ne!(deals(77), deals(78));
}

#[test]
fn items_of_any_type() {
    #[derive(Debug, Clone, PartialEq)]
    struct Day {
        n: u8,
        name: &'static str,
        fruit: &'static str,
    }
    let days = vec![
        Day {
            n: 1,
            name: "Monday",
            fruit: "Apple",
        },
        Day {
            n: 2,
            name: "Tuesday",
            fruit: "Banana",
        },
        Day {
            n: 3,
            name: "Wednesday",
            fruit: "Cherry",
        },
    ];
    let mut deal = Deck::new(days)
        .unwrap_or_else(|e| panic!("{e}"))
        .dealer(rng_from_seed(1))
        .into_fn();
    let mut got = deal(3).unwrap_or_default();
    got.sort_by_key(|d| d.n);
    assert_eq!(
        got.iter().map(|d| d.name).collect::<Vec<_>>(),
        ["Monday", "Tuesday", "Wednesday"]
    );
    assert!(got.iter().all(|d| !d.fruit.is_empty()));
    assert_eq!(deal(4), Err(DealError::TooMany { asked: 4, pack: 3 }));
    assert_eq!(deal(0), Ok(vec![]));
}
