//! The written forms of bridge deals: the hand diagram people read, and
//! the files other programs exchange (PBN, BBO's LIN), both read into and
//! written from one [`Record`] of a board.

pub mod lin;
pub mod pbn;
pub mod text;

use serde::{Deserialize, Serialize};

use super::auction::Auction;
use super::board::{BridgeDeal, Direction, Vulnerability};
use super::contract::{Call, Contract};
use super::play::Play;
use crate::cards::{Card, CardSet};

/// A file that cannot be read: what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {message}")]
pub struct FormatError {
    /// Where: `line 3`, `board 2`, `md|`.
    pub place: String,
    /// What is wrong.
    pub message: String,
}

impl FormatError {
    /// An error at `place`.
    pub fn at(place: impl Into<String>, message: impl Into<String>) -> FormatError {
        FormatError {
            place: place.into(),
            message: message.into(),
        }
    }
}

/// One board as a file records it: the deal, the calls, the cards played
/// and the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Board number.
    pub board: u32,
    /// Dealer.
    pub dealer: Direction,
    /// Vulnerability.
    pub vulnerability: Vulnerability,
    /// North, East, South, West.
    pub hands: [CardSet; 4],
    /// The calls from the dealer's on.
    pub calls: Vec<Call>,
    /// The contract (from the auction when there is one, else as the file
    /// names it).
    pub contract: Option<Contract>,
    /// The cards played, in the order played.
    pub play: Vec<Card>,
    /// Tricks taken by declarer, when the file gives the result (or a
    /// claim ended the play).
    pub result: Option<u8>,
}

impl Record {
    /// A record of a deal with nothing called or played.
    pub fn of_deal(deal: &BridgeDeal) -> Record {
        Record {
            board: deal.board,
            dealer: deal.dealer(),
            vulnerability: deal.vulnerability(),
            hands: deal.hands,
            calls: Vec::new(),
            contract: None,
            play: Vec::new(),
            result: None,
        }
    }

    /// The deal.
    pub fn deal(&self) -> BridgeDeal {
        BridgeDeal {
            board: self.board,
            hands: self.hands,
        }
    }

    /// Checks the hands, calls and cards against the rules, fills the
    /// contract from a finished auction and the result from a finished
    /// play; `place` names the record in errors.
    pub fn check(&mut self, place: &str) -> Result<(), FormatError> {
        let all = self.hands.iter().fold(CardSet::EMPTY, |a, h| a | *h);
        let sizes = self.hands.map(|h| h.len());
        let disjoint = self.hands.iter().map(|h| h.len()).sum::<usize>() == all.len();
        if sizes != [13; 4] || !disjoint {
            return Err(FormatError::at(
                place,
                format!(
                    "the deal is not four hands of 13 different cards (sizes N E S W {sizes:?})"
                ),
            ));
        }
        let mut auction = Auction::new(self.dealer);
        for (i, &call) in self.calls.iter().enumerate() {
            auction
                .call(call)
                .map_err(|e| FormatError::at(place, format!("call {} ({call}): {e}", i + 1)))?;
        }
        if let Some(c) = auction.contract() {
            self.contract = Some(c);
        } else if auction.passed_out() {
            self.contract = None;
        }
        if self.play.is_empty() {
            return Ok(());
        }
        let Some(contract) = self.contract else {
            return Err(FormatError::at(
                place,
                "cards are played but there is no contract",
            ));
        };
        let mut play = Play::new(contract, self.hands);
        for (i, &card) in self.play.iter().enumerate() {
            play.play(card)
                .map_err(|e| FormatError::at(place, format!("card {} ({card}): {e}", i + 1)))?;
        }
        if play.is_over() {
            self.result = Some(play.declarer_tricks());
        }
        Ok(())
    }

    /// The finished tricks' cards by trick, each from its leader, with the
    /// leaders; the last entry may be a trick in progress.
    pub fn tricks(&self) -> Vec<(Direction, Vec<Card>)> {
        let Some(contract) = self.contract else {
            return Vec::new();
        };
        let mut play = Play::new(contract, self.hands);
        let mut out: Vec<(Direction, Vec<Card>)> = Vec::new();
        for &card in &self.play {
            if play.trick().is_empty() {
                out.push((play.leader(), Vec::new()));
            }
            if play.play(card).is_err() {
                break;
            }
            if let Some(last) = out.last_mut() {
                last.1.push(card);
            }
        }
        out
    }
}
