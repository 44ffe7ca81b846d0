//! Property tests of the card text forms and the card set.

use cardgames::cards::pbn::{hand_string, parse_hand};
use cardgames::cards::{Card, CardSet, parse_cards};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::from_index(i).unwrap_or_else(|| unreachable!()))
}

fn any_set() -> impl Strategy<Value = CardSet> {
    any::<u64>().prop_map(CardSet::from_bits)
}

proptest! {
    #[test]
    fn card_text_round_trips(card in any_card(), lower in any::<bool>()) {
        let ascii = if lower { card.ascii().to_lowercase() } else { card.ascii().to_uppercase() };
        prop_assert_eq!(ascii.parse::<Card>(), Ok(card));
        prop_assert_eq!(card.glyph().parse::<Card>(), Ok(card));
        let ten_form = card.ascii().replace('T', "10");
        prop_assert_eq!(ten_form.parse::<Card>(), Ok(card));
    }

    #[test]
    fn card_lists_round_trip(cards in proptest::collection::vec(any_card(), 0..20), sep in prop::sample::select(vec!["", " ", ",", ", "])) {
        let text = cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(sep);
        prop_assert_eq!(parse_cards(&text), Ok(cards.clone()));
        let glyphs = cards.iter().map(|c| c.glyph()).collect::<Vec<_>>().join(sep);
        prop_assert_eq!(parse_cards(&glyphs), Ok(cards));
    }

    #[test]
    fn pbn_hands_round_trip(set in any_set()) {
        prop_assert_eq!(parse_hand(&hand_string(set)), Ok(set));
    }

    #[test]
    fn set_iteration_agrees_with_membership(set in any_set(), card in any_card()) {
        let listed: Vec<Card> = set.iter().collect();
        prop_assert_eq!(listed.len(), set.len());
        prop_assert_eq!(listed.contains(&card), set.contains(card));
        prop_assert_eq!(listed.iter().copied().collect::<CardSet>(), set);
        prop_assert!(listed.windows(2).all(|w| CardSet::single(w[0]).bits() < CardSet::single(w[1]).bits()));
        prop_assert_eq!(set | !set, CardSet::FULL);
        prop_assert!((set & !set).is_empty());
    }

    #[test]
    fn garbage_never_panics(text in "\\PC{0,12}") {
        let _ = text.parse::<Card>();
        let _ = parse_cards(&text);
        let _ = parse_hand(&text);
    }
}
