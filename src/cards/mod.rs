//! The shared card and deck core: suits, ranks and cards with their text
//! forms, the 64-bit `CardSet`, PBN hand strings, and the generic `Deck<T>`
//! with its Fisher–Yates shuffle and self-reshuffling dealer.

mod card;
mod deck;
pub mod pbn;
mod set;

pub use card::{Card, ParseError, Rank, Suit, parse_cards, parse_distinct};
pub use deck::{DealError, Dealer, Deck};
pub use set::{CardSet, Iter};

/// The standard 52-card pack, deuce of clubs first.
pub fn standard_deck() -> Deck<Card> {
    Deck::new(Card::all().collect()).unwrap_or_else(|_| unreachable!("52 cards"))
}
