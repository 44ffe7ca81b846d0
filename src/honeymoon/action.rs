//! A deal's vocabulary: its phases, what a seat may do (a call, a card, a
//! claim), a card as everyone saw it played, what an action sets off, and
//! why the rules refuse one.

use serde::{Deserialize, Serialize};

use super::auction::{Bid, Call, Contract};
use super::scoring::DealResult;
use crate::cards::Card;
use crate::game::Seat;

/// A move: a call in the auction, a card in the exchange or play, or a
/// claim in the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A call.
    Call(Call),
    /// A card.
    Play(Card),
    /// The seat to act claims this many of the tricks left (the current
    /// one included), the other seat taking the rest. It holds, and ends
    /// the deal, only when the solver finds that many against best
    /// defence; otherwise it is refused and play goes on. Never among the
    /// legal actions a bot picks from.
    Claim(u8),
}

/// The phases of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The auction.
    Bidding,
    /// Thirteen tricks for the stock's cards.
    Exchange,
    /// Thirteen tricks that count.
    Play,
    /// Scored.
    Over,
}

/// A card played to a trick, as everyone saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// In the exchange or the play.
    pub phase: Phase,
}

/// What an action set off, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A call was made.
    Called(Seat, Call),
    /// Two passes: a new deal, this dealer.
    Redealt(Seat),
    /// The auction ended in this contract.
    Contracted(Contract),
    /// A card was turned face up on the stock.
    TurnedUp(Card),
    /// A card was played.
    CardPlayed(Seat, Card),
    /// A trick was won.
    TrickWon(Seat),
    /// The exchange trick's winner took the face-up card.
    TookFaceUp(Seat, Card),
    /// The loser drew the next stock card face down (the card only in
    /// the drawer's own events).
    DrewHidden(Seat, Option<Card>),
    /// The play phase began with this seat on lead.
    PlayBegan(Seat),
    /// A claim held: this seat takes this many of the tricks that were
    /// left, the other the rest.
    Claimed {
        /// Who claimed.
        seat: Seat,
        /// Tricks claimed.
        tricks: u8,
        /// Tricks that were left.
        left: u8,
    },
    /// The deal ended with this result.
    DealOver(DealResult),
    /// The next deal of the match was dealt by this seat.
    NewDeal(Seat),
}

/// An illegal action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The deal is over.
    #[error("the deal is over")]
    Over,
    /// A call now that cards are being played, or a card during the auction.
    #[error("{0:?} is not a move in this phase")]
    WrongPhase(Action),
    /// A bid not higher than the last one, or no trump when not allowed.
    #[error("{0} is not a legal bid here")]
    BadBid(Bid),
    /// Double or redouble when not allowed.
    #[error("{0:?} is not allowed here")]
    BadCall(Call),
    /// A card not in hand, or not following suit.
    #[error("{0} is not a legal card here")]
    BadCard(Card),
    /// A new deal was asked for before this one ended.
    #[error("the deal is still going")]
    InProgress,
    /// A claim outside the play, or of more tricks than are left.
    #[error("you can claim up to {left} tricks, and only in the play")]
    BadClaim {
        /// Tricks left.
        left: u8,
    },
    /// The solver finds a defence that holds the claimer below the claim.
    #[error(
        "claim refused: against best defence you take {best} of the {left} tricks left, not {claimed}"
    )]
    ClaimRefused {
        /// Tricks claimed.
        claimed: u8,
        /// What the claimer takes with best play on both sides.
        best: u8,
        /// Tricks left.
        left: u8,
    },
}
