//! Calls and contracts: the bid ladder (shared with honeymoon bridge, whose
//! bids are the same), doubling, and the final contract with its declarer,
//! in the forms players write them (`4S`, `3NTX`, `4♠ N`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::Direction;
pub use crate::honeymoon::auction::{Bid, Call, Strain};

/// The strain's letters as PBN and the command line write them: `C D H S
/// NT`.
pub fn strain_text(strain: Strain) -> &'static str {
    match strain {
        Strain::Clubs => "C",
        Strain::Diamonds => "D",
        Strain::Hearts => "H",
        Strain::Spades => "S",
        Strain::NoTrump => "NT",
    }
}

/// The strain as players read it: `♣ ♦ ♥ ♠ NT`.
pub fn strain_glyph(strain: Strain) -> &'static str {
    match strain {
        Strain::Clubs => "♣",
        Strain::Diamonds => "♦",
        Strain::Hearts => "♥",
        Strain::Spades => "♠",
        Strain::NoTrump => "NT",
    }
}

/// A bid with the strain's symbol: `4♠`, `3NT`.
pub fn bid_glyph(bid: Bid) -> String {
    format!("{}{}", bid.level, strain_glyph(bid.strain))
}

/// Whether the contract is doubled or redoubled.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub enum Doubling {
    /// Neither.
    #[default]
    Undoubled,
    /// Doubled (`X`).
    Doubled,
    /// Redoubled (`XX`).
    Redoubled,
}

impl Doubling {
    /// `""`, `"X"` or `"XX"`.
    pub const fn text(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }
}

/// The final contract of an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Contract {
    /// Level and strain.
    pub bid: Bid,
    /// Doubled or redoubled.
    pub doubling: Doubling,
    /// Who plays it.
    pub declarer: Direction,
}

impl Contract {
    /// An undoubled contract.
    pub const fn new(bid: Bid, declarer: Direction) -> Contract {
        Contract {
            bid,
            doubling: Doubling::Undoubled,
            declarer,
        }
    }

    /// Tricks declarer needs: six plus the level.
    pub const fn target(&self) -> u8 {
        6 + self.bid.level
    }

    /// The seat that makes the opening lead: declarer's left-hand opponent.
    pub const fn leader(&self) -> Direction {
        self.declarer.next()
    }

    /// Dummy: declarer's partner.
    pub const fn dummy(&self) -> Direction {
        self.declarer.partner()
    }

    /// `4SX`, `3NT` (no declarer), as PBN's `Contract` tag writes it.
    pub fn text(&self) -> String {
        format!(
            "{}{}{}",
            self.bid.level,
            strain_text(self.bid.strain),
            self.doubling.text()
        )
    }

    /// `4♠X`, `3NT`.
    pub fn glyph(&self) -> String {
        format!("{}{}", bid_glyph(self.bid), self.doubling.text())
    }
}

impl fmt::Display for Contract {
    /// `4SX N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.text(), self.declarer)
    }
}

/// Reads a contract without its declarer: `4S`, `4sx`, `3NTXX`, `3NXX`,
/// `4♠X`; returns the bid and the doubling.
pub fn parse_contract(text: &str) -> Result<(Bid, Doubling), String> {
    let t = text.trim();
    let bad = || format!("'{t}' is not a contract (like 4S, 3NT, 4HX or 6NTXX)");
    let upper = t.to_uppercase();
    let (body, doubling) = if let Some(b) = upper.strip_suffix("XX") {
        (b, Doubling::Redoubled)
    } else if let Some(b) = upper.strip_suffix('X') {
        (b, Doubling::Doubled)
    } else {
        (upper.as_str(), Doubling::Undoubled)
    };
    let bid: Bid = body.parse().map_err(|_| bad())?;
    Ok((bid, doubling))
}

impl FromStr for Contract {
    type Err = String;

    /// `4SX N`, `3NT E` (contract, then declarer).
    fn from_str(s: &str) -> Result<Contract, String> {
        let mut parts = s.split_whitespace();
        let (bid, doubling) = parse_contract(parts.next().unwrap_or(""))?;
        let declarer: Direction = parts
            .next()
            .ok_or_else(|| format!("'{}' names no declarer (like 4S N)", s.trim()))?
            .parse()?;
        if parts.next().is_some() {
            return Err(format!("'{}' is not a contract and declarer", s.trim()));
        }
        Ok(Contract {
            bid,
            doubling,
            declarer,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_contracts() {
        let c: Contract = "4sx n".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.bid.level, 4);
        assert_eq!(c.bid.strain, Strain::Spades);
        assert_eq!(c.doubling, Doubling::Doubled);
        assert_eq!(c.to_string(), "4SX N");
        assert_eq!(c.glyph(), "4♠X");
        assert_eq!(c.leader(), Direction::East);
        assert_eq!(c.dummy(), Direction::South);
        assert_eq!(c.target(), 10);
        let (bid, d) = parse_contract("3NTXX").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (bid.level, bid.strain, d),
            (3, Strain::NoTrump, Doubling::Redoubled)
        );
        assert_eq!(
            parse_contract("3n").map(|(b, _)| b.strain),
            Ok(Strain::NoTrump)
        );
        assert_eq!(
            parse_contract("4♠X").map(|(b, d)| (b.strain, d)),
            Ok((Strain::Spades, Doubling::Doubled))
        );
        for bad in ["", "8S", "0H", "4Z", "4SXXX", "X"] {
            assert!(parse_contract(bad).is_err(), "{bad}");
        }
        assert!("4S".parse::<Contract>().is_err());
        assert!("4S Q".parse::<Contract>().is_err());
    }
}
