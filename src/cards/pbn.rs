//! PBN hand strings: the four suits spades.hearts.diamonds.clubs, ranks
//! high to low, a void written empty: `AKQ2.K5.9.32`, `AKQJT98765432...`.

use super::card::{Card, ParseError, Rank, Suit};
use super::set::CardSet;

/// Reads a PBN hand (`AKQ2.K5.9.32`; `10` is accepted for the ten, ranks in
/// any order and case). A card written twice is an error.
pub fn parse_hand(s: &str) -> Result<CardSet, ParseError> {
    let text = s.trim();
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() != 4 {
        return Err(ParseError::BadHand(text.to_string()));
    }
    let mut set = CardSet::EMPTY;
    for (part, suit) in parts.iter().zip(Suit::PBN_ORDER) {
        let chars: Vec<char> = part.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let (rank, used) = match &chars[i..] {
                ['1', '0', ..] => (Rank::Ten, 2),
                [c, ..] => (
                    Rank::from_char(*c).ok_or_else(|| ParseError::BadRank(c.to_string()))?,
                    1,
                ),
                [] => break,
            };
            let card = Card::new(rank, suit);
            if !set.insert(card) {
                return Err(ParseError::Duplicate(card));
            }
            i += used;
        }
    }
    Ok(set)
}

/// Writes a hand in PBN: `AKQ2.K5.9.32`.
pub fn hand_string(set: CardSet) -> String {
    Suit::PBN_ORDER
        .iter()
        .map(|&suit| suit_string(set, suit))
        .collect::<Vec<_>>()
        .join(".")
}

/// The ranks held in one suit, high to low (`AKQ2`); empty for a void.
pub fn suit_string(set: CardSet, suit: Suit) -> String {
    let mask = set.suit_mask(suit);
    (0..13u8)
        .rev()
        .filter(|r| mask & (1 << r) != 0)
        .map(|r| Rank::from_index(r).letter())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_a_hand() {
        let h = parse_hand("AKQ2.K5.9.32").unwrap_or_default();
        assert_eq!(h.len(), 9);
        assert_eq!(hand_string(h), "AKQ2.K5.9.32");
        assert_eq!(
            hand_string(parse_hand("...").unwrap_or(CardSet::FULL)),
            "..."
        );
        assert_eq!(
            hand_string(parse_hand("2qka.5k.9.23").unwrap_or_default()),
            "AKQ2.K5.9.32"
        );
        assert_eq!(
            hand_string(parse_hand("A10..T.").unwrap_or_default()),
            "AT..T."
        );
    }

    #[test]
    fn rejects_malformed_hands() {
        assert!(matches!(
            parse_hand("AKQ.K5.9"),
            Err(ParseError::BadHand(_))
        ));
        assert!(matches!(
            parse_hand("AKX.K5.9.2"),
            Err(ParseError::BadRank(_))
        ));
        assert!(matches!(
            parse_hand("AKA.K5.9.2"),
            Err(ParseError::Duplicate(_))
        ));
        assert!(matches!(
            parse_hand("A.K.Q.J.T"),
            Err(ParseError::BadHand(_))
        ));
    }
}
