//! The moves and events of a Hold'em hand: the blinds, streets and
//! statuses, the actions a player takes and the moves they make, the
//! events a hand tells, what a seat may do ([`Legal`]), and why an action
//! or a hand's setup is refused.

use serde::{Deserialize, Serialize};

use super::pots::{Chips, Pot, SplitError};
use super::seats::MAX_SEATS;
use crate::cards::Card;
use crate::game::Seat;

/// The forced bets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blinds {
    /// The small blind.
    pub small: Chips,
    /// The big blind, also the smallest bet.
    pub big: Chips,
}

/// A betting round, or the end of the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Street {
    /// Hole cards only.
    Preflop,
    /// Three board cards.
    Flop,
    /// Four.
    Turn,
    /// Five.
    River,
    /// The hand is over.
    Over,
}

/// Where a seat stands in the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Status {
    /// Still in with chips behind: may act.
    Active,
    /// Still in with no chips behind.
    AllIn,
    /// Folded this hand.
    Folded,
    /// Not dealt in (no chips).
    #[default]
    Out,
}

impl Status {
    /// Still contesting the pot.
    pub fn is_in(self) -> bool {
        matches!(self, Status::Active | Status::AllIn)
    }
}

/// A move of the player to act. `RaiseTo` is a bet when nobody has bet on
/// this street, and always names the street total ("raise to").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Give up the hand (only when facing a bet).
    Fold,
    /// Pass when nothing is owed.
    Check,
    /// Match the bet, or put in everything when that is less.
    Call,
    /// Bet or raise to this street total.
    RaiseTo(Chips),
}

/// What an action was, as the log tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Move {
    /// Folded.
    Fold,
    /// Checked.
    Check,
    /// Called (the amount put in).
    Call(Chips),
    /// Bet to this total.
    Bet(Chips),
    /// Raised to this total.
    Raise(Chips),
}

/// The forced bets posted before the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blind {
    /// Left of the button (heads-up: the button).
    Small,
    /// Next after the small blind.
    Big,
    /// A blind after the big blind.
    Straddle,
    /// A live bet posted by a player joining out of the blinds.
    Post,
}

/// Something that happened, in order, for a hand log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A hand began with this button.
    HandStarted {
        /// The button's seat.
        button: Seat,
    },
    /// An ante was posted (`all_in` when it took the whole stack).
    AntePosted {
        /// Who posted.
        seat: Seat,
        /// How much.
        amount: Chips,
        /// Whether that was the whole stack.
        all_in: bool,
    },
    /// A blind was posted (`all_in` when it took the whole stack).
    BlindPosted {
        /// Who posted.
        seat: Seat,
        /// Which blind.
        blind: Blind,
        /// How much.
        amount: Chips,
        /// Whether that was the whole stack.
        all_in: bool,
    },
    /// Two hole cards were dealt; `None` when the viewer may not see them.
    HoleDealt {
        /// To whom.
        seat: Seat,
        /// The cards, if visible.
        cards: Option<[Card; 2]>,
    },
    /// A player acted.
    Acted {
        /// Who.
        seat: Seat,
        /// What.
        action: Move,
        /// Whether that left them all in.
        all_in: bool,
    },
    /// Board cards were dealt for a new street (a replayed hand may deal
    /// a street's cards in several parts).
    StreetDealt {
        /// The street now being dealt.
        street: Street,
        /// The new cards.
        cards: Vec<Card>,
    },
    /// A bet nobody called went back to its owner.
    UncalledReturned {
        /// The bettor.
        seat: Seat,
        /// How much came back.
        amount: Chips,
    },
    /// The pots as they stand after a betting round (main pot first).
    PotsFormed {
        /// The pots.
        pots: Vec<Pot>,
    },
    /// A player showed their hand.
    Showed {
        /// Who.
        seat: Seat,
        /// The hole cards.
        cards: [Card; 2],
        /// Its showdown value with the whole board (`HandValue::get`:
        /// higher wins); 0 while the board is still to come in a replay.
        value: u16,
    },
    /// A player at showdown threw away a losing hand unseen.
    Mucked {
        /// Who.
        seat: Seat,
    },
    /// Chips from a pot went to a winner.
    PotAwarded {
        /// Which pot (0 = main).
        pot: usize,
        /// The winner.
        seat: Seat,
        /// How much.
        amount: Chips,
    },
    /// The cards of another run of the board, in a replayed hand run
    /// twice or more: `run` 1 is the second board (its shared part is the
    /// board as it stood when everyone was all in).
    RunDealt {
        /// Which run (1 for the second board).
        run: usize,
        /// The new cards.
        cards: Vec<Card>,
    },
    /// Chips from a pot's share for another run went to a winner on that
    /// run's board (the first board's shares are [`Event::PotAwarded`]).
    RunAwarded {
        /// Which run (1 for the second board).
        run: usize,
        /// Which pot (0 = main).
        pot: usize,
        /// The winner.
        seat: Seat,
        /// How much.
        amount: Chips,
    },
    /// (Sessions) A seat bought chips before the hand.
    Rebought {
        /// Who.
        seat: Seat,
        /// How much.
        amount: Chips,
    },
    /// (Sessions) The blinds rose for this hand.
    BlindsRaised {
        /// The new blinds.
        blinds: Blinds,
    },
}

impl Event {
    /// This event as `seat` may see it: others' hole cards hidden.
    pub fn seen_by(&self, seat: Seat) -> Event {
        match self {
            Event::HoleDealt { seat: s, .. } if *s != seat => Event::HoleDealt {
                seat: *s,
                cards: None,
            },
            e => e.clone(),
        }
    }
}

/// The betting choices of the player to act. Folding is always offered
/// (also when checking is free, though no bot does that); a free fold that
/// would leave chips nobody still in can win is refused
/// ([`ActionError::Unclaimed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    /// What calling puts in; 0 means checking is possible.
    pub to_call: Chips,
    /// The smallest and largest "to" totals of a bet or raise, if one is allowed.
    pub raise: Option<(Chips, Chips)>,
}

impl Legal {
    /// Whether `action` is among these choices.
    pub fn allows(&self, action: Action) -> bool {
        match action {
            Action::Fold => true,
            Action::Call => self.to_call > 0,
            Action::Check => self.to_call == 0,
            Action::RaiseTo(x) => self.raise.is_some_and(|(lo, hi)| (lo..=hi).contains(&x)),
        }
    }
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The hand is over.
    #[error("the hand is over")]
    HandOver,
    /// Someone else is to act.
    #[error("seat {seat} acted out of turn: seat {to_act} is to act")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Whose turn it is.
        to_act: Seat,
    },
    /// Checking while facing a bet.
    #[error("cannot check: {to_call} to call")]
    CannotCheck {
        /// The amount owed.
        to_call: Chips,
    },
    /// Calling when nothing is owed.
    #[error("nothing to call: check instead")]
    NothingToCall,
    /// No raise is possible here (all opponents all in, or the betting was
    /// not reopened, or the stack only covers a call).
    #[error("raising is not allowed here")]
    RaiseNotAllowed,
    /// Below the minimum bet or raise.
    #[error("raise to {amount} is below the minimum of {min}")]
    BelowMinimum {
        /// The total asked for.
        amount: Chips,
        /// The smallest legal total.
        min: Chips,
    },
    /// More than the stack allows.
    #[error("raise to {amount} is above the stack: at most {max}")]
    AboveStack {
        /// The total asked for.
        amount: Chips,
        /// The largest legal total (all in).
        max: Chips,
    },
    /// A betting action while board cards are awaited (replay).
    #[error("the {0:?} cards are to be dealt first")]
    BoardPending(Street),
    /// A betting action or a deal while hands are to be shown (replay).
    #[error("the showdown comes first")]
    ShowdownPending,
    /// Board cards when none are due, or more than the street takes.
    #[error("no board cards are due here (or too many: {0})")]
    NoBoardDue(usize),
    /// A card already dealt.
    #[error("{0} is dealt twice")]
    CardTwice(Card),
    /// Showing or mucking by a player who is not at the showdown.
    #[error("seat {0} is not at the showdown")]
    NotAtShowdown(Seat),
    /// Shown cards other than the ones dealt.
    #[error("seat {seat} shows {shown} but was dealt {dealt}")]
    ShownOther {
        /// Who.
        seat: Seat,
        /// What they show.
        shown: String,
        /// What they were dealt.
        dealt: String,
    },
    /// A pot that cannot be split as the reference would (replay).
    #[error(transparent)]
    Split(#[from] SplitError),
    /// Giving up out of turn by a player who is not all in (replay).
    #[error("seat {0} is not all in: only the player to act may fold")]
    NotAllIn(Seat),
    /// Running the board a number of times that cannot be (replay: once
    /// to four times, told before the first board is out).
    #[error("the board cannot be run {0} times here")]
    Runs(u8),
    /// A fold when checking was free that would leave chips no player
    /// still in can win (the reference burns them; we refuse the fold).
    #[error("folding here would leave {0} chips that nobody still in can win")]
    Unclaimed(Chips),
}

/// Why a hand could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not 2 to 9 seats, or fewer than two with chips.
    #[error("a hand needs 2 to {MAX_SEATS} players with chips, not {0}")]
    Seats(usize),
    /// Blinds that make no sense.
    #[error("blinds must be 0 < small <= big")]
    Blinds,
    /// Forced bets that make no sense.
    #[error("forced bets: {0}")]
    Forced(&'static str),
    /// The button is not a seat with chips.
    #[error("button {0} is not a seat with chips")]
    Button(Seat),
    /// The deck is not 52 different cards.
    #[error("the deck must be 52 different cards")]
    Deck,
    /// Hole cards given twice (replay).
    #[error("{0} is dealt twice")]
    CardTwice(Card),
}

/// Where a hand stands between actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A player is to act.
    Betting,
    /// Board cards are to be dealt (replay only: a playing table deals
    /// them itself).
    Dealing,
    /// Players at the showdown are to show or muck (replay only).
    Showdown,
    /// The hand is over.
    Over,
}

/// How a pot is split between tied winners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SplitRule {
    /// Whole chips: equal shares, the odd chips to the first winner left
    /// of the button.
    OddChipsToFirst,
    /// Whole chips: equal shares, the odd chips one each to the first
    /// winners left of the button (as the rooms share them).
    OddChipsEach,
    /// Amounts written with decimals, in minor units of which `unit` make
    /// one: shares are exact (the reference splits decimal amounts into
    /// fractions) or the split is refused. With `all_decimal` every amount
    /// of the hand was written with decimals; otherwise a whole pot that
    /// does not divide evenly is ambiguous and refused.
    Exact {
        /// Minor units per whole amount.
        unit: Chips,
        /// Whether every amount was written with decimals.
        all_decimal: bool,
    },
}

pub(super) fn check_action(legal: &Legal, action: Action) -> Result<(), ActionError> {
    match action {
        Action::Call if legal.to_call == 0 => Err(ActionError::NothingToCall),
        Action::Check if legal.to_call > 0 => Err(ActionError::CannotCheck {
            to_call: legal.to_call,
        }),
        Action::RaiseTo(amount) => match legal.raise {
            None => Err(ActionError::RaiseNotAllowed),
            Some((min, _)) if amount < min => Err(ActionError::BelowMinimum { amount, min }),
            Some((_, max)) if amount > max => Err(ActionError::AboveStack { amount, max }),
            Some(_) => Ok(()),
        },
        _ => Ok(()),
    }
}
