//! Suit, rank and card: the compact value types, and their text forms.
//!
//! A card is written rank then suit: rank `23456789TJQKA` (`10` is accepted
//! for the ten), suit `s h d c` in any case or `♠ ♥ ♦ ♣`. It is printed as
//! `As` ([`Card::ascii`], also `Display`) or `A♠` ([`Card::glyph`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a card, card list or hand could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The text is not a card at all.
    #[error("'{0}' is not a card (expected rank 23456789TJQKA then suit s/h/d/c, like As or 10d)")]
    BadCard(String),
    /// A rank character that is not one of `23456789TJQKA` or `10`.
    #[error("'{0}' is not a rank (expected one of 23456789TJQKA)")]
    BadRank(String),
    /// A suit character that is not one of `shdc` or `♠♥♦♣`.
    #[error("'{0}' is not a suit (expected s, h, d, c or ♠ ♥ ♦ ♣)")]
    BadSuit(String),
    /// The same card appears twice where cards must be distinct.
    #[error("card {0} appears twice")]
    Duplicate(Card),
    /// A PBN hand without exactly four suits.
    #[error("'{0}' is not a PBN hand (expected spades.hearts.diamonds.clubs, like AKQ2.K5.9.32)")]
    BadHand(String),
}

/// The four suits, in bridge order: clubs lowest, spades highest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
}

impl Suit {
    /// All suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// All suits in PBN and display order: spades, hearts, diamonds, clubs.
    pub const PBN_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit numbered `i` (0 = clubs … 3 = spades); `i` is taken modulo 4.
    pub const fn from_index(i: u8) -> Suit {
        match i & 3 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// 0 = clubs … 3 = spades.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter: `c d h s`.
    pub const fn letter(self) -> char {
        ['c', 'd', 'h', 's'][self as usize]
    }

    /// The suit symbol: `♣ ♦ ♥ ♠`.
    pub const fn glyph(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Hearts and diamonds.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The suit named by one character: `s h d c` in any case, or a symbol
    /// (outline symbols `♤ ♡ ♢ ♧` too).
    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }
}

/// A suit in JSON is its letter (`"s"`).
impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_char), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom(format!("{s:?} is not a suit"))),
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The thirteen ranks, deuce lowest, ace highest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 0,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// T
    Ten,
    /// J
    Jack,
    /// Q
    Queen,
    /// K
    King,
    /// A
    Ace,
}

impl Rank {
    /// All ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank numbered `i` (0 = deuce … 12 = ace); `i` must be below 13.
    pub const fn from_index(i: u8) -> Rank {
        Rank::ALL[i as usize]
    }

    /// 0 = deuce … 12 = ace.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank character: `23456789TJQKA`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// The rank named by one character, any case (`t` for the ten).
    pub fn from_char(c: char) -> Option<Rank> {
        let i = "23456789TJQKA".find(c.to_ascii_uppercase())?;
        Some(Rank::from_index(i as u8))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One playing card in a byte: `rank * 4 + suit`, so cards order by rank,
/// then by suit, and the 52 cards number 0..52.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card numbered `i` in 0..52 (`rank * 4 + suit`); `None` past 51.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 { Some(Card(i)) } else { None }
    }

    /// This card's number, `rank * 4 + suit`, in 0..52.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 >> 2)
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 & 3)
    }

    /// All 52 cards, deuce of clubs first.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The ASCII form, `As`, `Td`.
    pub fn ascii(self) -> String {
        format!("{}{}", self.rank().letter(), self.suit().letter())
    }

    /// The symbol form, `A♠`, `T♦`.
    pub fn glyph(self) -> String {
        format!("{}{}", self.rank().letter(), self.suit().glyph())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads a rank at the start of `chars`: one character, or `10`.
/// Returns the rank and how many characters it used.
fn read_rank(chars: &[char]) -> Result<(Rank, usize), ParseError> {
    match chars {
        ['1', '0', ..] => Ok((Rank::Ten, 2)),
        [c, ..] => Rank::from_char(*c)
            .map(|r| (r, 1))
            .ok_or_else(|| ParseError::BadRank(c.to_string())),
        [] => Err(ParseError::BadCard(String::new())),
    }
}

impl FromStr for Card {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Card, ParseError> {
        let t = s.trim();
        let chars: Vec<char> = t.chars().collect();
        let bad = || ParseError::BadCard(t.to_string());
        let (rank, used) = read_rank(&chars).map_err(|_| bad())?;
        match &chars[used..] {
            [c] => Suit::from_char(*c)
                .map(|suit| Card::new(rank, suit))
                .ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

/// Reads a list of cards written together (`AsKs`), or separated by spaces
/// or commas (`"As Ks"`, `As,Ks`, `10d 9d`). Duplicates are kept: see
/// [`parse_distinct`] to reject them.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseError> {
    let chars: Vec<char> = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    let mut cards = Vec::with_capacity(chars.len() / 2);
    let mut i = 0;
    while i < chars.len() {
        let (rank, used) = read_rank(&chars[i..])?;
        let suit_char = *chars
            .get(i + used)
            .ok_or_else(|| ParseError::BadCard(chars[i..].iter().collect()))?;
        let suit = Suit::from_char(suit_char).ok_or_else(|| {
            ParseError::BadCard(chars[i..(i + used + 1)].iter().collect::<String>())
        })?;
        cards.push(Card::new(rank, suit));
        i += used + 1;
    }
    Ok(cards)
}

/// [`parse_cards`], rejecting a card that appears twice.
pub fn parse_distinct(s: &str) -> Result<Vec<Card>, ParseError> {
    let cards = parse_cards(s)?;
    let mut seen = 0u64;
    for &c in &cards {
        let bit = 1u64 << c.index();
        if seen & bit != 0 {
            return Err(ParseError::Duplicate(c));
        }
        seen |= bit;
    }
    Ok(cards)
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_written_form() {
        let ace = Card::new(Rank::Ace, Suit::Spades);
        for text in ["As", "AS", "as", "A♠", " As ", "A♤"] {
            assert_eq!(text.parse::<Card>(), Ok(ace), "{text}");
        }
        let ten = Card::new(Rank::Ten, Suit::Diamonds);
        for text in ["Td", "td", "10d", "10D", "T♦"] {
            assert_eq!(text.parse::<Card>(), Ok(ten), "{text}");
        }
    }

    #[test]
    fn rejects_malformed_cards() {
        for text in ["", "A", "Ax", "1s", "11s", "Ass", "s", "ZZ", "A s"] {
            assert!(text.parse::<Card>().is_err(), "{text} should fail");
        }
    }

    #[test]
    fn order_is_rank_then_suit() {
        let two_c = Card::new(Rank::Two, Suit::Clubs);
        let two_s = Card::new(Rank::Two, Suit::Spades);
        let three_c = Card::new(Rank::Three, Suit::Clubs);
        assert!(two_c < two_s && two_s < three_c);
        assert_eq!(Card::all().count(), 52);
        assert_eq!(
            Card::from_index(51),
            Some(Card::new(Rank::Ace, Suit::Spades))
        );
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn lists_together_or_separated() {
        let want = vec![
            Card::new(Rank::Ace, Suit::Spades),
            Card::new(Rank::King, Suit::Spades),
            Card::new(Rank::Ten, Suit::Diamonds),
        ];
        for text in ["AsKs10d", "As Ks Td", "As,Ks,Td", "as, ks, 10D", "A♠K♠T♦"] {
            assert_eq!(parse_cards(text), Ok(want.clone()), "{text}");
        }
        assert_eq!(parse_cards(""), Ok(vec![]));
        assert!(parse_cards("AsK").is_err());
        assert!(parse_cards("AsXs").is_err());
        assert_eq!(
            parse_distinct("As Ks As"),
            Err(ParseError::Duplicate(Card::new(Rank::Ace, Suit::Spades)))
        );
    }

    #[test]
    fn formats_ascii_and_glyph() {
        let c = Card::new(Rank::Queen, Suit::Hearts);
        assert_eq!(c.to_string(), "Qh");
        assert_eq!(c.glyph(), "Q♥");
        assert_eq!(serde_json::to_string(&c).ok(), Some("\"Qh\"".to_string()));
    }
}
