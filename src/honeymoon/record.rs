//! A finished honeymoon deal as a record: the auction, the exchange (the
//! hands as dealt, the stock in the order it came up, every card played),
//! the two hands at the start of the play, the play and any claim, the
//! score; and the deal's marks (a swapped replay, cards taken back).
//!
//! A record is checked by replaying it through the engine, so a file can
//! never hold a deal the rules refuse. JSON is the record as serde writes
//! it (`docs/honeymoon-records.md`); PBN is in [`super::pbn`]. A record
//! read from a PBN file written elsewhere may lack the exchange: the play
//! alone still replays and reviews.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::game::{Action, Call, Contract, DealResult, Honeymoon, Options, Phase};
use super::{NORTH, Position, SOUTH};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};

/// The `format` field of a JSON record.
pub const FORMAT: &str = "cardgames-honeymoon-deal";
/// The version of the record format this build writes and reads.
pub const VERSION: u32 = 1;

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
    pub options: Options,
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

fn default_names() -> [String; 2] {
    ["North".into(), "South".into()]
}

/// The JSON file: the record with its format and version.
#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    format: String,
    version: u32,
    #[serde(flatten)]
    record: T,
}

impl DealRecord {
    /// The record of a finished deal (`None` until it is over).
    pub fn of_game(g: &Honeymoon) -> Option<DealRecord> {
        let result = g.outcome()?;
        let mut hands = [g.hand(NORTH), g.hand(SOUTH)];
        let mut play = Vec::new();
        let mut exchange_cards = Vec::new();
        for p in g.history() {
            if p.phase == Phase::Play {
                hands[p.seat].insert(p.card);
                play.push(p.card);
            } else {
                exchange_cards.push(p.card);
            }
        }
        let leader = g
            .history()
            .iter()
            .find(|p| p.phase == Phase::Play)
            .map_or(g.leader(), |p| p.seat);
        let exchange = (g.pack().len() == 26).then(|| Exchange {
            dealt: g.dealt(),
            stock: g.pack().iter().rev().copied().collect(),
            cards: exchange_cards,
        });
        Some(DealRecord {
            options: g.options(),
            seed: Some(g.seed()),
            deal: Some(g.deal_number()),
            names: default_names(),
            dealer: g.dealer(),
            auction: g.auction().iter().map(|&(_, c)| c).collect(),
            contract: result.contract,
            exchange,
            hands,
            leader,
            play,
            claim: g.claim().map(|(seat, tricks)| Claim { seat, tricks }),
            replay: g.is_replay(),
            undos: g.undos(),
            declarer_tricks: result.declarer_tricks,
            score: result.score,
        })
    }

    /// The trump suit.
    pub fn trump(&self) -> Option<crate::cards::Suit> {
        self.contract.bid.strain.trump()
    }

    /// The deal replayed through the engine to its end: an error when any
    /// call or card is refused, the play stops short, or the result is
    /// not the one recorded.
    pub fn replay(&self) -> Result<Honeymoon, RecordError> {
        let g = self.play_out()?;
        let result = self.outcome_of(&g)?;
        if (result.declarer_tricks, result.score) != (self.declarer_tricks, self.score) {
            return Err(RecordError::Mismatch {
                said: format!("{} tricks, score {:?}", self.declarer_tricks, self.score),
                got: format!(
                    "{} tricks, score {:?}",
                    result.declarer_tricks, result.score
                ),
            });
        }
        Ok(g)
    }

    /// The result the calls and cards give (whatever the record says).
    pub fn outcome(&self) -> Result<DealResult, RecordError> {
        let g = self.play_out()?;
        self.outcome_of(&g)
    }

    fn outcome_of(&self, g: &Honeymoon) -> Result<DealResult, RecordError> {
        g.outcome().ok_or(RecordError::Truncated(self.play.len()))
    }

    /// Every call and card applied by the engine.
    fn play_out(&self) -> Result<Honeymoon, RecordError> {
        let refused = |at: String| {
            move |e: super::game::RuleError| RecordError::Replay {
                at,
                why: e.to_string(),
            }
        };
        let mut g = match &self.exchange {
            Some(x) => {
                let stock: Vec<Card> = x.stock.iter().rev().copied().collect();
                let all: CardSet = x.dealt[0] | x.dealt[1] | stock.iter().copied().collect();
                if x.dealt[0].len() != 13
                    || x.dealt[1].len() != 13
                    || stock.len() != 26
                    || all.len() != 52
                {
                    return Err(RecordError::Replay {
                        at: "the deal".into(),
                        why: "the dealt hands and the stock are not the 52 cards".into(),
                    });
                }
                let mut g = Honeymoon::from_deal(self.options, self.dealer, x.dealt, stock);
                for (i, &call) in self.auction.iter().enumerate() {
                    g.apply(Action::Call(call))
                        .map_err(refused(format!("call {}", i + 1)))?;
                }
                if g.contract() != Some(self.contract) || g.phase() != Phase::Exchange {
                    return Err(RecordError::Mismatch {
                        said: format!("the contract {}", contract_text::write(&self.contract)),
                        got: g.contract().map_or("no contract".into(), |c| {
                            format!("the contract {}", contract_text::write(&c))
                        }),
                    });
                }
                for (i, &card) in x.cards.iter().enumerate() {
                    g.apply(Action::Play(card))
                        .map_err(refused(format!("exchange card {}", i + 1)))?;
                }
                if g.phase() != Phase::Play
                    || [g.hand(NORTH), g.hand(SOUTH)] != self.hands
                    || g.leader() != self.leader
                {
                    return Err(RecordError::Mismatch {
                        said: "these hands and this leader at the start of the play".into(),
                        got: "others after the exchange".into(),
                    });
                }
                g
            }
            None => {
                let start = Position::new(self.hands[0], self.hands[1], self.trump(), self.leader);
                start.validate().map_err(|e| RecordError::Replay {
                    at: "the start of the play".into(),
                    why: e.to_string(),
                })?;
                if start.tricks_left() != 13 {
                    return Err(RecordError::Replay {
                        at: "the start of the play".into(),
                        why: "each hand must hold 13 cards".into(),
                    });
                }
                Honeymoon::at_play(self.options, self.hands, self.contract, self.leader)
            }
        };
        for (i, &card) in self.play.iter().enumerate() {
            g.apply(Action::Play(card))
                .map_err(refused(format!("play card {}", i + 1)))?;
        }
        if let Some(claim) = self.claim {
            if g.to_act() != Some(claim.seat) {
                return Err(RecordError::Replay {
                    at: "the claim".into(),
                    why: format!("{} is not to play", seat_text::letter(claim.seat)),
                });
            }
            g.apply(Action::Claim(claim.tricks))
                .map_err(refused("the claim".into()))?;
        }
        Ok(g)
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

    /// The record as JSON (one pretty object).
    pub fn to_json(&self) -> String {
        let envelope = Envelope {
            format: FORMAT.to_string(),
            version: VERSION,
            record: self,
        };
        serde_json::to_string_pretty(&envelope).unwrap_or_default()
    }

    /// Reads JSON: one object, an array of them, or one object a line;
    /// every deal checked by replaying it.
    pub fn from_json(text: &str) -> Result<Vec<DealRecord>, RecordError> {
        let values: Vec<serde_json::Value> = match serde_json::from_str(text) {
            Ok(serde_json::Value::Array(items)) => items,
            Ok(v) => vec![v],
            Err(whole) => text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(serde_json::from_str)
                .collect::<Result<_, _>>()
                .map_err(|_| RecordError::Json(whole.to_string()))?,
        };
        let mut out = Vec::new();
        for v in values {
            if v["format"] != FORMAT {
                return Err(RecordError::Json(format!("no \"format\": \"{FORMAT}\"")));
            }
            match v["version"].as_u64() {
                Some(n) if n <= u64::from(VERSION) => {}
                _ => {
                    return Err(RecordError::Json(format!(
                        "a version this build does not read (it reads {VERSION})"
                    )));
                }
            }
            let e: Envelope<DealRecord> =
                serde_json::from_value(v).map_err(|e| RecordError::Json(e.to_string()))?;
            e.record.replay()?;
            out.push(e.record);
        }
        if out.is_empty() {
            return Err(RecordError::Empty);
        }
        Ok(out)
    }
}

/// Reads every deal in a JSON or PBN file (told apart by its first
/// character), each checked by replaying it.
pub fn read_file(path: &Path) -> Result<Vec<DealRecord>, RecordError> {
    let bytes =
        std::fs::read(path).map_err(|e| RecordError::Io(format!("{}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| RecordError::Io(format!("{}: not UTF-8 text", path.display())))?;
    read_text(&text)
}

/// [`read_file`] for text in hand.
pub fn read_text(text: &str) -> Result<Vec<DealRecord>, RecordError> {
    let mut chars = text.trim_start().chars();
    let first = chars.next();
    // A PBN tag is `[` and a name; a JSON array `[` and a value.
    let tag = chars
        .find(|c| !c.is_whitespace())
        .is_some_and(char::is_alphabetic);
    match first {
        Some('{') => DealRecord::from_json(text),
        Some('[') if !tag => DealRecord::from_json(text),
        Some(_) => super::pbn::read(text),
        None => Err(RecordError::Empty),
    }
}

/// Seats as `N` and `S`.
pub mod seat_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::game::Seat;
    use crate::honeymoon::{NORTH, SOUTH};

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

    use crate::honeymoon::game::Call;

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
    use crate::honeymoon::game::{Bid, Contract};

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
