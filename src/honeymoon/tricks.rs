//! The seats and the trick rules both card phases share: which cards may
//! be played to a trick and which card wins it; the trump suit as text.

use crate::cards::{Card, CardSet, Suit};
use crate::game::Seat;

/// North's seat.
pub const NORTH: Seat = 0;
/// South's seat.
pub const SOUTH: Seat = 1;

/// The cards `hand` may play to a trick whose first card is `led` (any
/// card when leading): follow suit if able.
pub fn legal_cards(hand: CardSet, led: Option<Card>) -> CardSet {
    match led {
        Some(card) => {
            let same = hand.of_suit(card.suit());
            if same.is_empty() { hand } else { same }
        }
        None => hand,
    }
}

/// True when the first card `lead` beats the reply `reply`: a higher card
/// of the led suit or any trump wins.
pub fn lead_wins(lead: Card, reply: Card, trump: Option<Suit>) -> bool {
    if reply.suit() == lead.suit() {
        lead.rank() > reply.rank()
    } else {
        Some(reply.suit()) != trump
    }
}

/// The trump suit as text: `S H D C NT`.
pub fn trump_name(trump: Option<Suit>) -> &'static str {
    match trump {
        Some(Suit::Spades) => "S",
        Some(Suit::Hearts) => "H",
        Some(Suit::Diamonds) => "D",
        Some(Suit::Clubs) => "C",
        None => "NT",
    }
}

/// Reads a trump suit: `S H D C` (or a suit symbol) or `NT`/`N`, any case.
pub fn parse_trump(s: &str) -> Option<Option<Suit>> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("nt") || t.eq_ignore_ascii_case("n") {
        return Some(None);
    }
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Suit::from_char(c).map(Some),
        _ => None,
    }
}

/// Serde for a trump suit as its text (`S H D C NT`).
pub mod trump_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::{parse_trump, trump_name};
    use crate::cards::Suit;

    /// Writes `S H D C NT`.
    pub fn serialize<S: Serializer>(trump: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(trump_name(*trump))
    }

    /// Reads `S H D C NT`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Suit>, D::Error> {
        let text = String::deserialize(d)?;
        parse_trump(&text).ok_or_else(|| D::Error::custom(format!("bad trump '{text}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;
    use crate::honeymoon::testing::card;

    #[test]
    fn follow_suit_when_able() {
        let hand = parse_hand("A2.K..5").unwrap_or_default();
        assert_eq!(
            legal_cards(hand, Some(card("3s"))),
            parse_hand("A2...").unwrap_or_default()
        );
        assert_eq!(legal_cards(hand, Some(card("3d"))), hand);
        assert_eq!(legal_cards(hand, None), hand);
    }

    #[test]
    fn trump_wins_and_higher_card_of_led_suit_wins() {
        let h = Some(Suit::Hearts);
        assert!(!lead_wins(card("As"), card("2h"), h));
        assert!(lead_wins(card("2s"), card("Ad"), h));
        assert!(!lead_wins(card("Ts"), card("Js"), h));
        assert!(lead_wins(card("Ts"), card("9s"), None));
        assert!(lead_wins(card("2s"), card("Ah"), None));
    }
}
