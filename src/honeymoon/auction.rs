//! The auction's words: a strain, a bid, a call (with their text forms,
//! `1S`, `3NT`, `X`), and the contract the auction ends in.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::tricks::parse_trump;
use crate::cards::Suit;
use crate::game::Seat;

/// A bid's denomination, in ladder order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Strain {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
    /// No trump.
    NoTrump,
}

impl Strain {
    /// All five, lowest first.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The trump suit (none for no trump).
    pub fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The strain whose trump is `trump`.
    pub fn of_trump(trump: Option<Suit>) -> Strain {
        match trump {
            Some(Suit::Clubs) => Strain::Clubs,
            Some(Suit::Diamonds) => Strain::Diamonds,
            Some(Suit::Hearts) => Strain::Hearts,
            Some(Suit::Spades) => Strain::Spades,
            None => Strain::NoTrump,
        }
    }
}

/// A bid: level 1–7 and strain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bid {
    /// 1–7: declarer needs 6 + level tricks.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.strain {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        };
        write!(f, "{}{s}", self.level)
    }
}

impl std::str::FromStr for Bid {
    type Err = String;

    /// `1S`, `3NT` (or `3N`), any case; a suit symbol for the strain.
    fn from_str(s: &str) -> Result<Bid, String> {
        let t = s.trim();
        let bad = || format!("'{t}' is not a bid (like 1S or 3NT)");
        let mut chars = t.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l))
            .ok_or_else(bad)? as u8;
        let rest: String = chars.collect();
        let strain = match parse_trump(&rest) {
            Some(trump) => Strain::of_trump(trump),
            None => return Err(bad()),
        };
        Ok(Bid { level, strain })
    }
}

/// One call in the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Call {
    /// Pass: after any bid it ends the auction.
    Pass,
    /// A higher bid.
    Bid(Bid),
    /// Double the opponent's bid (option).
    Double,
    /// Redouble the opponent's double (option).
    Redouble,
}

impl fmt::Display for Call {
    /// `Pass`, `1S`, `3NT`, `X` (double), `XX` (redouble), as PBN writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Bid(b) => write!(f, "{b}"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
        }
    }
}

impl std::str::FromStr for Call {
    type Err = String;

    /// What [`Call`]'s `Display` writes, any case (`P` for pass too).
    fn from_str(s: &str) -> Result<Call, String> {
        match s.trim().to_ascii_uppercase().as_str() {
            "PASS" | "P" => Ok(Call::Pass),
            "X" => Ok(Call::Double),
            "XX" => Ok(Call::Redouble),
            _ => s.parse().map(Call::Bid),
        }
    }
}

/// The final contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The bid.
    pub bid: Bid,
    /// Who bid it last.
    pub declarer: Seat,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub doubled: u8,
}

impl Contract {
    /// The doubling as bridge writes it after the bid: "", "X" or "XX".
    pub fn doubling(&self) -> &'static str {
        ["", "X", "XX"][usize::from(self.doubled.min(2))]
    }

    /// Tricks declarer needs in the play phase.
    pub fn target(&self) -> u8 {
        6 + self.bid.level
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::honeymoon::tricks::NORTH;

    #[test]
    fn a_contract_writes_its_doubling_after_the_bid() {
        let c = |doubled| Contract {
            bid: Bid {
                level: 3,
                strain: Strain::NoTrump,
            },
            declarer: NORTH,
            doubled,
        };
        assert_eq!(
            [c(0), c(1), c(2)].map(|c| format!("{}{}", c.bid, c.doubling())),
            ["3NT", "3NTX", "3NTXX"]
        );
    }
}
