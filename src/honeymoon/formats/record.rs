//! A finished honeymoon deal as a record: the auction, the exchange (the
//! hands as dealt, the stock in the order it came up, every card played),
//! the two hands at the start of the play, the play and any claim, the
//! score; and the deal's marks (a swapped replay, cards taken back). The
//! state writes it (`Honeymoon::record`); it is checked by replaying it
//! through the engine ([`super::replay`]), so a file can never hold a
//! deal the rules refuse.
//!
//! JSON is the record as serde writes it (`docs/honeymoon-records.md`),
//! in [`super::json`]; PBN is in [`super::pbn`]. A record read from a PBN
//! file written elsewhere may lack the exchange: the play alone still
//! replays and reviews.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardSet};
use crate::game::Seat;
use crate::honeymoon::auction::{Call, Contract};
use crate::honeymoon::position::Position;
use crate::honeymoon::setup::Setup;

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The file could not be read.
    #[error("{0}")]
    Io(String),
    /// Not JSON we can read.
    #[error("not a honeymoon deal record: {0}")]
    Json(String),
    /// A PBN line we cannot read.
    #[error("PBN line {line}: {why}")]
    Pbn {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A tag the record needs is missing.
    #[error("PBN game {game}: no {tag} tag")]
    Missing {
        /// The game in the file (1-based).
        game: usize,
        /// The tag.
        tag: &'static str,
    },
    /// The deal does not replay under the rules.
    #[error("the deal does not replay at {at}: {why}")]
    Replay {
        /// Where (`call 3`, `exchange card 7`, `play card 12`).
        at: String,
        /// What the rules said.
        why: String,
    },
    /// The play stops before the deal is over.
    #[error("the play stops after {0} cards with no claim (is the file cut short?)")]
    Truncated(usize),
    /// The stated result is not what the play gives.
    #[error("the record says {said}, the play gives {got}")]
    Mismatch {
        /// What the record says.
        said: String,
        /// What the replay gives.
        got: String,
    },
    /// A file with no deal in it.
    #[error("no deal in the file")]
    Empty,
}

/// A claim that ended the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// Who claimed.
    #[serde(with = "seat_text")]
    pub seat: Seat,
    /// Tricks claimed of those left.
    pub tricks: u8,
}

/// The exchange phase of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// The hands as dealt: North, South.
    #[serde(with = "hands_text")]
    pub dealt: [CardSet; 2],
    /// The 26 stock cards in the order they came: the first face-up card,
    /// the card the first trick's loser drew, the second face-up card, …
    pub stock: Vec<Card>,
    /// The 26 cards played in the exchange, in order.
    pub cards: Vec<Card>,
}

/// A finished deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    /// The match's options.
    pub options: Setup,
    /// The match seed, when known.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The deal's number in the match, when known.
    #[serde(default)]
    pub deal: Option<u64>,
    /// Who sat North and South.
    #[serde(default = "default_names")]
    pub names: [String; 2],
    /// Who dealt (and called first).
    #[serde(with = "seat_text")]
    pub dealer: Seat,
    /// The calls, the dealer's first.
    #[serde(with = "calls_text")]
    pub auction: Vec<Call>,
    /// The contract.
    #[serde(with = "contract_text")]
    pub contract: Contract,
    /// The exchange (absent in a record of the play alone).
    #[serde(default)]
    pub exchange: Option<Exchange>,
    /// The hands at the start of the play: North, South.
    #[serde(with = "hands_text")]
    pub hands: [CardSet; 2],
    /// Who led the first trick of the play.
    #[serde(with = "seat_text")]
    pub leader: Seat,
    /// The cards of the play, in order.
    pub play: Vec<Card>,
    /// The claim that ended the play, if one did.
    #[serde(default)]
    pub claim: Option<Claim>,
    /// The deal replayed the one before with the hands swapped.
    #[serde(default)]
    pub replay: bool,
    /// Cards taken back during the deal.
    #[serde(default)]
    pub undos: u32,
    /// Declarer's tricks in the play.
    pub declarer_tricks: u8,
    /// The deal's points: North, South.
    pub score: [i64; 2],
}

/// The seats' names in a record that knows no others.
pub(crate) fn default_names() -> [String; 2] {
    ["North".into(), "South".into()]
}

impl DealRecord {
    /// The trump suit.
    pub fn trump(&self) -> Option<crate::cards::Suit> {
        self.contract.bid.strain.trump()
    }

    /// The play card by card: the position before each card (the rules of
    /// [`Position::play`]), and the position after the last.
    pub fn positions(&self) -> Result<(Vec<Position>, Position), RecordError> {
        let mut pos = Position::new(self.hands[0], self.hands[1], self.trump(), self.leader);
        let mut before = Vec::with_capacity(self.play.len());
        for (i, &card) in self.play.iter().enumerate() {
            let (next, _) = pos.play(card).map_err(|e| RecordError::Replay {
                at: format!("play card {}", i + 1),
                why: e.to_string(),
            })?;
            before.push(pos);
            pos = next;
        }
        Ok((before, pos))
    }
}

/// Seats as `N` and `S`.
pub mod seat_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::game::Seat;
    use crate::honeymoon::tricks::{NORTH, SOUTH};

    /// `N` or `S`.
    pub fn letter(seat: Seat) -> &'static str {
        if seat == NORTH { "N" } else { "S" }
    }

    /// `N`/`S` or `North`/`South`, any case.
    pub fn parse(text: &str) -> Option<Seat> {
        match text.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Some(NORTH),
            "S" | "SOUTH" => Some(SOUTH),
            _ => None,
        }
    }

    /// Writes `N` or `S`.
    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(letter(*seat))
    }

    /// Reads `N` or `S`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let text = String::deserialize(d)?;
        parse(&text).ok_or_else(|| D::Error::custom(format!("bad seat '{text}' (N or S)")))
    }
}

/// Two hands as PBN hand strings (`AKQ2.K5.9.32`), North's first.
mod hands_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::cards::CardSet;
    use crate::cards::pbn::{hand_string, parse_hand};

    pub fn serialize<S: Serializer>(hands: &[CardSet; 2], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(hands.iter().map(|&h| hand_string(h)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[CardSet; 2], D::Error> {
        let [n, s] = <[String; 2]>::deserialize(d)?;
        let read =
            |t: &str| parse_hand(t).map_err(|e| D::Error::custom(format!("hand '{t}': {e}")));
        Ok([read(&n)?, read(&s)?])
    }
}

/// Calls as `1S`, `3NT`, `Pass`, `X`, `XX`.
mod calls_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::honeymoon::auction::Call;

    pub fn serialize<S: Serializer>(calls: &[Call], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(calls.iter().map(|c| c.to_string()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Call>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| t.parse().map_err(D::Error::custom))
            .collect()
    }
}

/// A contract as `4S N`, `3NTX S`: bid, doubling, declarer.
pub mod contract_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::seat_text;
    use crate::honeymoon::auction::{Bid, Contract};

    /// The text.
    pub fn write(c: &Contract) -> String {
        format!(
            "{}{} {}",
            c.bid,
            c.doubling(),
            seat_text::letter(c.declarer)
        )
    }

    /// Reads the text.
    pub fn parse(text: &str) -> Result<Contract, String> {
        let bad = || format!("'{text}' is not a contract (like 4S N or 3NTX S)");
        let (bid, seat) = text.trim().split_once(' ').ok_or_else(bad)?;
        let declarer = seat_text::parse(seat).ok_or_else(bad)?;
        let upper = bid.to_ascii_uppercase();
        let (bid, doubled) = if let Some(b) = upper.strip_suffix("XX") {
            (b, 2)
        } else if let Some(b) = upper.strip_suffix('X') {
            (b, 1)
        } else {
            (upper.as_str(), 0)
        };
        let bid: Bid = bid.parse()?;
        Ok(Contract {
            bid,
            declarer,
            doubled,
        })
    }

    pub(super) fn serialize<S: Serializer>(c: &Contract, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&write(c))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Contract, D::Error> {
        parse(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}
