//! One hand of no-limit Texas Hold'em as a state machine: antes, blinds
//! and straddles ([`Forced`]), the betting rounds with "raise to" amounts
//! and the reopening rules, the streets, the all-in showdown and run-out,
//! the showdown and the pots paid.
//!
//! Seats are numbered 0..n in clockwise order; a seat with no chips sits
//! the hand out. The deck is given in deal order: two hole cards to each
//! player starting left of the button, then the five board cards (no
//! burns), so a deck replays a hand exactly.
//!
//! The betting follows the reference PHH implementation (PokerKit) move
//! for move, so that every hand played here replays there to the same
//! stacks and every hand it replays can be replayed here: the first to act
//! is the player after the largest blind or straddle; the amount to match
//! is the largest bet posted (a big blind all in for less lowers it); the
//! smallest raise increment is the largest full raise of the street, never
//! less than the smallest bet (a straddle does not raise it); a short
//! all-in does not reopen the betting for players who acted since the last
//! full raise unless such all-ins add up to one; antes are dead money in
//! the main pot; the odd chips of a split pot all go to the first winner
//! left of the button. Folding is allowed when checking is free (bots
//! never do it).
//!
//! A table either deals for itself (cards from the deck, showdown decided
//! by the hands: play) or, built with [`Table::replay`], waits to be told
//! the board cards and who shows or mucks (replaying a hand history).

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::eval::evaluate;
pub use super::forced::Forced;
use super::pots::{
    Chips, Pot, SplitError, form_pots, split_exact, split_odd_each, split_odd_first,
};
use super::seats;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};

pub use super::seats::MAX_SEATS;

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

/// What every seat may see of a hand: everything but the undealt deck and
/// the hole cards a given viewer may not see (`None` there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandState {
    n: usize,
    button: Seat,
    forced: Forced,
    blinds: Blinds,
    /// The players in position order, starting left of the button.
    order: Vec<Seat>,
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    starting: [Chips; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    stacks: [Chips; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    street_bet: [Chips; MAX_SEATS],
    /// Everything put in over the hand (antes included).
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    put_in: [Chips; MAX_SEATS],
    /// The part of `put_in` that is dead antes.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    dead: [Chips; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    status: [Status; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    holes: [Option<[Card; 2]>; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    shown: [bool; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    mucked: [bool; MAX_SEATS],
    /// Let go at this all-in showdown without showing (a replay): asked
    /// again at the next street's.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    deferred: [bool; MAX_SEATS],
    /// At the showdown without showing any card (a replay): the board
    /// alone plays for them, as the reference takes it.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    unseen: [bool; MAX_SEATS],
    board: Vec<Card>,
    street: Street,
    phase: Phase,
    /// Who is still to act on this street, the first to act first.
    actors: Vec<Seat>,
    /// Acted since the last full raise.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    acted: [bool; MAX_SEATS],
    /// The largest bet or raise increment of the street.
    completion: Chips,
    /// The increments of the all-ins for less than a full raise since the
    /// last raise with chips left behind, added up.
    short_all_ins: Option<Chips>,
    /// Who opened the street's betting, or raised last on it.
    opener: Option<Seat>,
    /// At most one player still in has chips behind.
    all_in: bool,
    /// Board cards still due on the street being dealt (replay).
    due: usize,
    aggressor: Option<Seat>,
    last_aggressor: Option<Seat>,
    raises: u8,
    /// How many times the board is run once everyone is all in (a replay
    /// of a hand run twice: 2).
    #[serde(default = "one_run")]
    runs: u8,
    /// The board as it stood when everyone was all in: the part all runs
    /// share.
    #[serde(default)]
    common: Option<usize>,
    /// The boards of the runs after the first (shared part included).
    #[serde(default)]
    extra: Vec<Vec<Card>>,
    /// Shared with the views taken since the last change (cheap to view);
    /// hole cards are never named in it (see `hole`).
    #[serde(serialize_with = "log_out", deserialize_with = "log_in")]
    log: Arc<Vec<Event>>,
}

fn one_run() -> u8 {
    1
}

fn log_out<S: Serializer>(log: &Arc<Vec<Event>>, s: S) -> Result<S::Ok, S::Error> {
    log.as_slice().serialize(s)
}

fn log_in<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<Vec<Event>>, D::Error> {
    Vec::deserialize(d).map(Arc::new)
}

/// One hand: the visible state and the board to come.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    state: HandState,
    /// The board to come, when the table deals for itself; empty in a
    /// replay, where the board is dealt with [`Table::deal_board`].
    deck: Vec<Card>,
    /// Replaying: board cards and the showdown come from outside.
    replay: bool,
    split: SplitRule,
}

/// A seat's view of a hand: the state with others' unshown hole cards
/// hidden. A spectator's view has a seat number past the last seat, and
/// every unshown hole card hidden.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The hand as this seat sees it.
    pub state: HandState,
    /// Hands until the blinds next rise, in a session with rising blinds
    /// (a lone hand knows of none).
    #[serde(default)]
    pub next_level: Option<u64>,
    /// All chips in the middle, this street's bets included.
    #[serde(default)]
    pub pot: Chips,
    /// The pots as they stand, main pot first.
    #[serde(default)]
    pub pots: Vec<Pot>,
}

impl View {
    /// `seat`'s view of `state` (its hidden cards already left out), the
    /// pots counted.
    pub fn new(seat: Seat, state: HandState) -> View {
        View {
            seat,
            pot: state.pot_total(),
            pots: state.pots(),
            state,
            next_level: None,
        }
    }
}

/// Each seat's chips won or lost over the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Net change per seat.
    pub net: Vec<i64>,
    /// Stacks at the end.
    pub stacks: Vec<Chips>,
}

/// A deck in deal order that starts with `known` (hole cards from the
/// seat left of the button on, then the board) and goes on with every
/// other card in the standard order.
pub fn stacked_deck(known: &[Card]) -> Vec<Card> {
    let used: CardSet = known.iter().copied().collect();
    let mut deck = known.to_vec();
    deck.extend(Card::all().filter(|c| !used.contains(*c)));
    deck
}

impl Table {
    /// Starts a hand with a small and a big blind: `stacks` in seat order
    /// (0 sits out), `button` a seat with chips, `deck` the 52 cards in
    /// deal order (see the module doc). Returns the table and the opening
    /// events (blinds and hole cards).
    pub fn new(
        stacks: &[Chips],
        button: Seat,
        blinds: Blinds,
        deck: &[Card],
    ) -> Result<(Table, Vec<Event>), SetupError> {
        if blinds.small == 0 || blinds.small > blinds.big {
            return Err(SetupError::Blinds);
        }
        Table::with_forced(stacks, button, &Forced::blinds(blinds), deck)
    }

    /// Starts a hand with any forced bets (antes, straddles, posts).
    pub fn with_forced(
        stacks: &[Chips],
        button: Seat,
        forced: &Forced,
        deck: &[Card],
    ) -> Result<(Table, Vec<Event>), SetupError> {
        if deck.len() != 52 || deck.iter().copied().collect::<CardSet>().len() != 52 {
            return Err(SetupError::Deck);
        }
        let players = stacks.iter().filter(|&&c| c > 0).count();
        let holes: Vec<Option<[Card; 2]>> = (0..players)
            .map(|i| Some([deck[2 * i], deck[2 * i + 1]]))
            .collect();
        let b = 2 * players;
        let board = deck[b..b + 5].to_vec();
        Table::start(
            stacks,
            button,
            forced,
            &holes,
            board,
            false,
            SplitRule::OddChipsToFirst,
        )
    }

    /// Starts a hand to replay a history: player `i` sits in seat `i`,
    /// the button is the last; `holes` in the same order (`None` where
    /// never known). Board cards come with [`Table::deal_board`], the
    /// showdown with [`Table::show`] and [`Table::muck`].
    pub fn replay(
        stacks: &[Chips],
        forced: &Forced,
        holes: &[Option<[Card; 2]>],
        split: SplitRule,
    ) -> Result<(Table, Vec<Event>), SetupError> {
        if stacks.contains(&0) {
            return Err(SetupError::Seats(stacks.iter().filter(|&&c| c > 0).count()));
        }
        let button = stacks.len().saturating_sub(1);
        Table::start(stacks, button, forced, holes, Vec::new(), true, split)
    }

    fn start(
        stacks: &[Chips],
        button: Seat,
        forced: &Forced,
        holes_in_order: &[Option<[Card; 2]>],
        deck: Vec<Card>,
        replay: bool,
        split: SplitRule,
    ) -> Result<(Table, Vec<Event>), SetupError> {
        let n = stacks.len();
        let players = stacks.iter().filter(|&&c| c > 0).count();
        if n > MAX_SEATS || players < 2 {
            return Err(SetupError::Seats(players.min(n)));
        }
        forced.validate()?;
        if stacks.get(button).is_none_or(|&c| c == 0) {
            return Err(SetupError::Button(button));
        }
        let mut seen = CardSet::default();
        for c in holes_in_order.iter().flatten().flatten() {
            if seen.contains(*c) {
                return Err(SetupError::CardTwice(*c));
            }
            seen |= CardSet::from_iter([*c]);
        }
        let mut st = [0; MAX_SEATS];
        st[..n].copy_from_slice(stacks);
        let mut status = [Status::Out; MAX_SEATS];
        for (s, &c) in status.iter_mut().zip(stacks) {
            if c > 0 {
                *s = Status::Active;
            }
        }
        let order: Vec<Seat> = (1..=n)
            .map(|k| (button + k) % n)
            .filter(|&s| stacks[s] > 0)
            .collect();
        let mut holes = [None; MAX_SEATS];
        for (i, &seat) in order.iter().enumerate() {
            holes[seat] = holes_in_order.get(i).copied().flatten();
        }
        let state = HandState {
            n,
            button,
            blinds: forced.as_blinds(),
            forced: forced.clone(),
            order,
            starting: st,
            stacks: st,
            street_bet: [0; MAX_SEATS],
            put_in: [0; MAX_SEATS],
            dead: [0; MAX_SEATS],
            status,
            holes,
            shown: [false; MAX_SEATS],
            mucked: [false; MAX_SEATS],
            deferred: [false; MAX_SEATS],
            unseen: [false; MAX_SEATS],
            board: Vec::with_capacity(5),
            street: Street::Preflop,
            phase: Phase::Betting,
            actors: Vec::with_capacity(MAX_SEATS),
            acted: [false; MAX_SEATS],
            completion: 0,
            short_all_ins: None,
            opener: None,
            all_in: false,
            due: 0,
            aggressor: None,
            last_aggressor: None,
            raises: 0,
            runs: 1,
            common: None,
            extra: Vec::new(),
            log: Arc::new(Vec::with_capacity(48)),
        };
        let mut table = Table {
            state,
            deck,
            replay,
            split,
        };
        let mut ev = vec![Event::HandStarted { button }];
        table.post_forced(&mut ev);
        for &seat in &table.state.order.clone() {
            ev.push(Event::HoleDealt {
                seat,
                cards: table.state.holes[seat],
            });
        }
        if let Err(e) = table.start_betting(&mut ev) {
            // Only a replay's pot split can fail, and none is split
            // before a card is seen: treat it as a bad setup.
            let _ = e;
            return Err(SetupError::Forced(
                "the forced bets end the hand unsplittably",
            ));
        }
        table.state.record(&ev);
        Ok((table, ev))
    }

    /// The board cards still to come.
    pub fn undealt(&self) -> CardSet {
        self.deck
            .iter()
            .skip(self.state.board.len())
            .copied()
            .collect()
    }

    /// The visible state (with every hole card).
    pub fn state(&self) -> &HandState {
        &self.state
    }

    /// Whether this table replays a history (board and showdown given).
    pub fn is_replay(&self) -> bool {
        self.replay
    }

    /// Takes `action` for `seat`; on error nothing changes.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, ActionError> {
        self.phase_is(Phase::Betting)?;
        let to_act = self.state.to_act().ok_or(ActionError::HandOver)?;
        if seat != to_act {
            return Err(ActionError::NotYourTurn { seat, to_act });
        }
        let legal = self.state.legal_for(seat);
        check_action(&legal, action)?;
        if action == Action::Fold && legal.to_call == 0 {
            // Everyone else still in has matched this seat or is all in
            // for less: chips above theirs could never be won.
            let mut after = self.state.clone();
            after.status[seat] = Status::Folded;
            let lost = after.unclaimed();
            if lost > 0 {
                return Err(ActionError::Unclaimed(lost));
            }
        }
        // Only a replay's split can fail once an action is legal.
        let saved = self.replay.then(|| self.clone());
        let mut ev = Vec::with_capacity(4);
        let s = &mut self.state;
        s.actors.remove(0);
        s.acted[seat] = true;
        let mv = match action {
            Action::Fold => {
                s.status[seat] = Status::Folded;
                Move::Fold
            }
            Action::Check => Move::Check,
            Action::Call => {
                let put = legal.to_call;
                s.put_in(seat, put);
                Move::Call(put)
            }
            Action::RaiseTo(to) => {
                let top = s.current_bet();
                let increment = to - top;
                s.put_in(seat, to - s.street_bet[seat]);
                s.actors = (1..s.n)
                    .map(|k| (seat + k) % s.n)
                    .filter(|&i| s.status[i] == Status::Active)
                    .collect();
                s.opener = Some(seat);
                if increment >= s.completion {
                    s.acted = [false; MAX_SEATS];
                    s.acted[seat] = true;
                }
                s.completion = s.completion.max(increment);
                if s.stacks[seat] > 0 {
                    s.short_all_ins = None;
                } else {
                    let sum = s.short_all_ins.unwrap_or(0) + increment;
                    s.short_all_ins = Some(sum);
                }
                if s.short_all_ins.is_some_and(|sum| sum >= s.completion) {
                    s.short_all_ins = None;
                }
                s.aggressor = Some(seat);
                s.last_aggressor = Some(seat);
                s.raises = s.raises.saturating_add(1);
                if top == 0 {
                    Move::Bet(to)
                } else {
                    Move::Raise(to)
                }
            }
        };
        ev.push(Event::Acted {
            seat,
            action: mv,
            all_in: s.status[seat] == Status::AllIn,
        });
        let result = if s.actors.is_empty() || s.in_hand_count() <= 1 {
            self.end_betting(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// Deals board cards in a replay (all of a street's, or some of them).
    pub fn deal_board(&mut self, cards: &[Card]) -> Result<Vec<Event>, ActionError> {
        if !self.replay || self.state.phase != Phase::Dealing {
            return Err(match self.state.phase {
                Phase::Over => ActionError::HandOver,
                Phase::Showdown => ActionError::ShowdownPending,
                _ => ActionError::NoBoardDue(cards.len()),
            });
        }
        if cards.is_empty() || cards.len() > self.state.due {
            return Err(ActionError::NoBoardDue(cards.len()));
        }
        let mut used = self.state.known_cards();
        for c in cards {
            if used.contains(*c) {
                return Err(ActionError::CardTwice(*c));
            }
            used |= CardSet::from_iter([*c]);
        }
        let saved = self.clone();
        let mut ev = Vec::with_capacity(4);
        let s = &mut self.state;
        s.due -= cards.len();
        if let Some(run) = s.extra.last_mut() {
            run.extend_from_slice(cards);
            ev.push(Event::RunDealt {
                run: s.extra.len(),
                cards: cards.to_vec(),
            });
            let result = if s.due == 0 {
                self.after_showdown(&mut ev)
            } else {
                Ok(())
            };
            return self.settle(saved, ev, result);
        }
        s.board.extend_from_slice(cards);
        ev.push(Event::StreetDealt {
            street: s.street,
            cards: cards.to_vec(),
        });
        let result = if s.due == 0 {
            self.after_deal(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// Runs the board `runs` times once everyone is all in (a replay of a
    /// hand run twice or three times): the pots are shared equally between
    /// the boards, the odd chips to the first. Told before the last card
    /// of the first board; 1 to 4 times.
    pub fn run_times(&mut self, runs: u8) -> Result<(), ActionError> {
        let s = &self.state;
        if !self.replay || !(1..=4).contains(&runs) || s.phase == Phase::Over || !s.extra.is_empty()
        {
            return Err(ActionError::Runs(runs));
        }
        self.state.runs = runs;
        Ok(())
    }

    /// Shows `seat`'s hand at a replayed showdown: the cards dealt, or
    /// the cards now shown when they were never known. After a hand won
    /// without a showdown the winner may show too, in play as in a
    /// replay (nothing changes but what the others see).
    pub fn show(
        &mut self,
        seat: Seat,
        cards: Option<[Card; 2]>,
    ) -> Result<Vec<Event>, ActionError> {
        let over_show = self.state.won_unseen(seat);
        let at_showdown = self.state.phase == Phase::Showdown && self.state.pending_show(seat);
        if !(over_show || self.replay && at_showdown) {
            return Err(ActionError::NotAtShowdown(seat));
        }
        let cards = match (self.state.holes[seat], cards) {
            (Some(d), Some(c)) if CardSet::from_iter(d) != CardSet::from_iter(c) => {
                return Err(ActionError::ShownOther {
                    seat,
                    shown: cards_text(&c),
                    dealt: cards_text(&d),
                });
            }
            (Some(d), _) => d,
            (None, Some(c)) => {
                let used = self.state.known_cards();
                if let Some(x) = c.iter().find(|x| used.contains(**x)) {
                    return Err(ActionError::CardTwice(*x));
                }
                if c[0] == c[1] {
                    return Err(ActionError::CardTwice(c[0]));
                }
                c
            }
            (None, None) => {
                return Err(ActionError::ShownOther {
                    seat,
                    shown: "nothing".into(),
                    dealt: "unknown cards".into(),
                });
            }
        };
        let saved = self.clone();
        let mut ev = Vec::with_capacity(4);
        let s = &mut self.state;
        s.holes[seat] = Some(cards);
        s.shown[seat] = true;
        let value = s.value_now(seat);
        ev.push(Event::Showed { seat, cards, value });
        let result = if s.phase == Phase::Showdown && !s.any_pending_show() {
            self.after_showdown(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// Mucks `seat`'s hand at a replayed showdown: it gives up the pots.
    pub fn muck(&mut self, seat: Seat) -> Result<Vec<Event>, ActionError> {
        if !self.replay || self.state.phase != Phase::Showdown || !self.state.pending_show(seat) {
            return Err(ActionError::NotAtShowdown(seat));
        }
        let saved = self.clone();
        let mut ev = vec![Event::Mucked { seat }];
        self.state.mucked[seat] = true;
        let result = if !self.state.any_pending_show() {
            self.after_showdown(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// What the reference does when a replayed history goes on without a
    /// player at the showdown showing or mucking: at an all-in showdown
    /// before the river the player is asked again at the next street's;
    /// at the river the player stays in without showing, and the board
    /// alone plays for them.
    pub fn pass_showdown(&mut self, seat: Seat) -> Result<Vec<Event>, ActionError> {
        if !self.replay || self.state.phase != Phase::Showdown || !self.state.pending_show(seat) {
            return Err(ActionError::NotAtShowdown(seat));
        }
        let saved = self.clone();
        let mut ev = Vec::new();
        if self.state.street == Street::River {
            self.state.unseen[seat] = true;
        } else {
            self.state.deferred[seat] = true;
        }
        let result = if !self.state.any_pending_show() {
            self.after_showdown(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// A player all in who gives up the hand out of turn, in a replay: a
    /// room folds the hand of a player sitting out even when the blinds
    /// or the ante took all their chips. They are out of every pot.
    pub fn forfeit(&mut self, seat: Seat) -> Result<Vec<Event>, ActionError> {
        let s = &self.state;
        if !self.replay || s.phase == Phase::Over || s.status.get(seat) != Some(&Status::AllIn) {
            return Err(ActionError::NotAllIn(seat));
        }
        let saved = self.clone();
        let s = &mut self.state;
        s.status[seat] = Status::Folded;
        let mut ev = vec![Event::Acted {
            seat,
            action: Move::Fold,
            all_in: false,
        }];
        let result = if s.in_hand_count() <= 1 {
            self.end_betting(&mut ev)
        } else {
            Ok(())
        };
        self.settle(saved, ev, result)
    }

    /// Keeps a change and logs it, or puts everything back on error.
    fn settle(
        &mut self,
        saved: impl Into<Option<Table>>,
        ev: Vec<Event>,
        result: Result<(), ActionError>,
    ) -> Result<Vec<Event>, ActionError> {
        match (result, saved.into()) {
            (Ok(()), _) => {
                self.state.record(&ev);
                Ok(ev)
            }
            (Err(e), Some(saved)) => {
                *self = saved;
                Err(e)
            }
            (Err(e), None) => Err(e),
        }
    }

    fn phase_is(&self, phase: Phase) -> Result<(), ActionError> {
        match self.state.phase {
            p if p == phase => Ok(()),
            Phase::Over => Err(ActionError::HandOver),
            Phase::Dealing => Err(ActionError::BoardPending(self.state.street)),
            Phase::Showdown => Err(ActionError::ShowdownPending),
            Phase::Betting => Err(ActionError::NoBoardDue(0)),
        }
    }

    /// Antes, then blinds and straddles, in position order.
    fn post_forced(&mut self, ev: &mut Vec<Event>) {
        let s = &mut self.state;
        let order = s.order.clone();
        let entry = |k: usize| if order.len() == 2 { 1 - k } else { k };
        let mut antes = [0; MAX_SEATS];
        for (k, &seat) in order.iter().enumerate() {
            let ante = s.forced.ante(entry(k)).min(s.starting[seat]);
            if ante > 0 {
                antes[seat] = ante;
                s.stacks[seat] -= ante;
                s.put_in[seat] += ante;
                if s.stacks[seat] == 0 {
                    s.status[seat] = Status::AllIn;
                }
                ev.push(Event::AntePosted {
                    seat,
                    amount: ante,
                    all_in: s.stacks[seat] == 0,
                });
            }
        }
        if s.forced.trim_antes {
            let mut sorted = antes;
            sorted.sort_unstable();
            let cutoff = sorted[MAX_SEATS - 2];
            for (seat, ante) in antes.iter_mut().enumerate().take(s.n) {
                if *ante > cutoff {
                    let back = *ante - cutoff;
                    *ante = cutoff;
                    s.stacks[seat] += back;
                    s.put_in[seat] -= back;
                    if s.status[seat] == Status::AllIn {
                        s.status[seat] = Status::Active;
                    }
                    ev.push(Event::UncalledReturned { seat, amount: back });
                }
            }
        } else {
            s.dead = antes;
        }
        for (k, &seat) in order.iter().enumerate() {
            let e = entry(k);
            let blind = s.forced.blind(e).min(s.starting[seat] - antes[seat]);
            if blind > 0 {
                s.put_in(seat, blind);
                let kind = match e {
                    _ if s.forced.is_post(e) => Blind::Post,
                    0 => Blind::Small,
                    1 => Blind::Big,
                    _ => Blind::Straddle,
                };
                ev.push(Event::BlindPosted {
                    seat,
                    blind: kind,
                    amount: blind,
                    all_in: s.stacks[seat] == 0,
                });
            }
        }
    }

    /// Opens a street's betting: the first to act is the player after the
    /// largest live blind (preflop) or left of the button.
    fn start_betting(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        s.phase = Phase::Betting;
        let k = s.order.len();
        let sign_bet = |p: usize| -> i128 {
            let e = if k == 2 { 1 - p } else { p };
            let seat = s.order[p];
            let bet = i128::from(s.street_bet[seat]);
            match (s.forced.blind(e), s.forced.is_post(e)) {
                (0, _) => 0,
                (_, true) => -bet,
                _ => bet,
            }
        };
        let max_p = (0..k).max_by_key(|&p| (sign_bet(p), p)).unwrap_or(k - 1);
        let opener_p = (max_p + 1) % k;
        s.opener = Some(s.order[opener_p]);
        let actors: Vec<Seat> = (0..k)
            .map(|j| s.order[(opener_p + j) % k])
            .filter(|&seat| s.status[seat] == Status::Active && s.effective_stack(seat) > 0)
            .collect();
        s.actors = actors;
        s.completion = 0;
        s.short_all_ins = None;
        s.acted = [false; MAX_SEATS];
        s.aggressor = None;
        s.raises = 0;
        let top = s.current_bet();
        let done = s.actors.is_empty()
            || s.in_hand_count() <= 1
            || (s.actors.len() == 1 && s.street_bet[s.actors[0]] >= top);
        if done {
            s.actors.clear();
            self.end_betting(ev)?;
        }
        Ok(())
    }

    /// Ends a betting round: returns an uncalled bet, then ends the hand,
    /// goes to the showdown or deals the next street.
    fn end_betting(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        s.actors.clear();
        if s.in_hand_count() > 1 {
            let with_chips = (0..s.n).filter(|&i| s.status[i] == Status::Active).count();
            if with_chips <= 1 {
                s.all_in = true;
                s.common.get_or_insert(s.board.len());
            }
        }
        s.return_uncalled(ev);
        if s.in_hand_count() == 1 {
            self.finish_by_folds(ev);
            return Ok(());
        }
        ev.push(Event::PotsFormed { pots: s.pots() });
        if s.street == Street::River || s.all_in {
            self.showdown(ev)
        } else {
            self.deal_street(ev)
        }
    }

    /// Begins the next street: deals it from the deck, or waits for it.
    fn deal_street(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        let (street, count) = match s.street {
            Street::Preflop => (Street::Flop, 3),
            Street::Flop => (Street::Turn, 1),
            _ => (Street::River, 1),
        };
        s.street = street;
        s.street_bet = [0; MAX_SEATS];
        if self.replay {
            s.phase = Phase::Dealing;
            s.due = count;
            return Ok(());
        }
        let from = s.board.len();
        let cards = self.deck[from..from + count].to_vec();
        s.board.extend_from_slice(&cards);
        ev.push(Event::StreetDealt { street, cards });
        self.after_deal(ev)
    }

    /// A street is dealt: one player left wins (a replay's all-in showdown
    /// where the others mucked), or its betting begins.
    fn after_deal(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        if self.state.in_play_count() == 1 {
            self.finish_by_folds(ev);
            return Ok(());
        }
        self.start_betting(ev)
    }

    /// The showdown: when replaying, wait for every player still in to
    /// show or muck; when playing, the last aggressor of the hand shows
    /// first, then clockwise; a player who cannot win a pot mucks, unless
    /// the hands were tabled (everyone all in) or that player is all in.
    fn showdown(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        s.deferred = [false; MAX_SEATS];
        if !s.any_pending_show() {
            return self.after_showdown(ev);
        }
        if self.replay {
            s.phase = Phase::Showdown;
            return Ok(());
        }
        let full = self.full_board();
        let s = &mut self.state;
        let mut values = [0u16; MAX_SEATS];
        for (seat, v) in values.iter_mut().enumerate().take(s.n) {
            if let (Some(h), true) = (s.holes[seat], s.status[seat].is_in()) {
                *v = evaluate(full | h.iter().copied().collect()).get();
            }
        }
        let pots = s.pots();
        let tabled = s.all_in;
        let first = match s.last_aggressor {
            Some(a) if s.status[a].is_in() => a,
            _ => s.next_in_hand(s.button),
        };
        let mut best_shown: Vec<Option<u16>> = vec![None; pots.len()];
        for k in 0..s.n {
            let seat = (first + k) % s.n;
            if !s.pending_show(seat) {
                continue;
            }
            let v = values[seat];
            let contends = pots
                .iter()
                .zip(&best_shown)
                .any(|(p, b)| p.is_eligible(seat) && b.is_none_or(|b| v >= b));
            if tabled || contends || s.status[seat] == Status::AllIn {
                for (p, b) in pots.iter().zip(best_shown.iter_mut()) {
                    if p.is_eligible(seat) && b.is_none_or(|b| v > b) {
                        *b = Some(v);
                    }
                }
                let cards = s.holes[seat].unwrap_or_else(|| unreachable!("dealt"));
                s.shown[seat] = true;
                ev.push(Event::Showed {
                    seat,
                    cards,
                    value: v,
                });
            } else {
                s.mucked[seat] = true;
                ev.push(Event::Mucked { seat });
            }
        }
        self.after_showdown(ev)
    }

    /// Everyone at the showdown has shown or mucked: run the board out
    /// (all in) or pay the pots.
    fn after_showdown(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        if self.state.all_in && self.state.street != Street::River {
            return self.deal_street(ev);
        }
        let s = &mut self.state;
        if let Some(common) = s.common
            && common < 5
            && usize::from(s.runs) > 1 + s.extra.len()
        {
            // Another run of the board: its cards come next (a player who
            // mucked on the first still has no part of it).
            s.extra.push(s.board[..common].to_vec());
            s.phase = Phase::Dealing;
            s.due = 5 - common;
            return Ok(());
        }
        if self.state.in_play_count() == 1 && self.state.extra.is_empty() {
            self.finish_by_folds(ev);
            return Ok(());
        }
        self.award(ev)
    }

    /// The whole board: dealt so far, then the deck's (when playing).
    fn full_board(&self) -> CardSet {
        let s = &self.state;
        let mut board: CardSet = s.board.iter().copied().collect();
        for c in self.deck.iter().skip(s.board.len()) {
            board |= CardSet::from_iter([*c]);
        }
        board
    }

    /// Everyone else folded (or mucked): the last player takes every pot.
    fn finish_by_folds(&mut self, ev: &mut Vec<Event>) {
        let s = &mut self.state;
        s.return_uncalled(ev);
        let winner = (0..s.n)
            .find(|&i| s.status[i].is_in() && !s.mucked[i])
            .unwrap_or(s.button);
        for (i, pot) in s.pots().iter().enumerate() {
            s.stacks[winner] += pot.amount;
            ev.push(Event::PotAwarded {
                pot: i,
                seat: winner,
                amount: pot.amount,
            });
        }
        s.end();
    }

    /// Pays every pot to its best shown hands: on each board when the
    /// board was run more than once, each taking an equal part of every
    /// pot (the odd chips to the first board).
    fn award(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        let s = &mut self.state;
        let unclaimed = s.unclaimed();
        if unclaimed > 0 {
            return Err(ActionError::Unclaimed(unclaimed));
        }
        let boards: Vec<CardSet> = std::iter::once(&s.board)
            .chain(&s.extra)
            .map(|b| b.iter().copied().collect())
            .collect();
        let runs: Vec<usize> = (0..boards.len()).collect();
        let pots = s.pots();
        let mut paid = Vec::new();
        for (i, pot) in pots.iter().enumerate() {
            for (run, part) in split_odd_first(pot.amount, &runs) {
                let board = boards[run];
                let mut values = [0u16; MAX_SEATS];
                for (seat, v) in values.iter_mut().enumerate().take(s.n) {
                    if !s.contends(seat) {
                        continue;
                    }
                    if s.unseen[seat] {
                        *v = evaluate(board).get();
                    } else if let Some(h) = s.holes[seat] {
                        *v = evaluate(board | h.iter().copied().collect()).get();
                    }
                }
                let best = pot.seats().map(|p| values[p]).max().unwrap_or(0);
                let winners: Vec<Seat> = s
                    .order
                    .iter()
                    .copied()
                    .filter(|&p| pot.is_eligible(p) && values[p] == best)
                    .collect();
                let shares = match self.split {
                    SplitRule::OddChipsToFirst => split_odd_first(part, &winners),
                    SplitRule::OddChipsEach => split_odd_each(part, &winners),
                    SplitRule::Exact { unit, all_decimal } => {
                        split_exact(part, &winners, unit, all_decimal)?
                    }
                };
                paid.push((run, i, shares));
            }
        }
        for (run, pot, shares) in paid {
            for (seat, amount) in shares {
                s.stacks[seat] += amount;
                ev.push(match run {
                    0 => Event::PotAwarded { pot, seat, amount },
                    run => Event::RunAwarded {
                        run,
                        pot,
                        seat,
                        amount,
                    },
                });
            }
        }
        s.end();
        Ok(())
    }
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}

fn check_action(legal: &Legal, action: Action) -> Result<(), ActionError> {
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

impl HandState {
    /// Number of seats (with those sitting out).
    pub fn seats(&self) -> usize {
        self.n
    }

    /// The seats dealt in, starting left of the button (PHH player order).
    pub fn players(&self) -> Vec<Seat> {
        self.order.clone()
    }

    /// The button.
    pub fn button(&self) -> Seat {
        self.button
    }

    /// The blinds (the first two forced entries).
    pub fn blinds(&self) -> Blinds {
        self.blinds
    }

    /// All the forced bets.
    pub fn forced(&self) -> &Forced {
        &self.forced
    }

    /// Who posts the small and the big blind: the two players left of the
    /// button; heads-up the button and the other player.
    pub fn blind_seats(&self) -> (Seat, Seat) {
        match self.order.as_slice() {
            [bb, button] => (*button, *bb),
            [sb, bb, ..] => (*sb, *bb),
            _ => unreachable!("a hand has two players or more"),
        }
    }

    /// Chips behind, per seat.
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks[..self.n]
    }

    /// Stacks when the hand began.
    pub fn starting_stacks(&self) -> &[Chips] {
        &self.starting[..self.n]
    }

    /// What each seat has put in on this street.
    pub fn street_bets(&self) -> &[Chips] {
        &self.street_bet[..self.n]
    }

    /// What each seat has put in over the hand, antes included.
    pub fn contributed(&self) -> &[Chips] {
        &self.put_in[..self.n]
    }

    /// Each seat's status.
    pub fn statuses(&self) -> &[Status] {
        &self.status[..self.n]
    }

    /// A seat's hole cards, if visible.
    pub fn hole(&self, seat: Seat) -> Option<[Card; 2]> {
        self.holes.get(seat).copied().flatten()
    }

    /// Whether `seat` has shown its hole cards.
    pub fn shown(&self, seat: Seat) -> bool {
        self.shown.get(seat).copied().unwrap_or(false)
    }

    /// Whether `seat` won the hand without a showdown (everyone else
    /// folded) and has not shown its cards: it may show them now.
    pub fn won_unseen(&self, seat: Seat) -> bool {
        self.phase == Phase::Over
            && self.status.get(seat).is_some_and(|s| s.is_in())
            && !self.shown[seat]
            && self.in_hand_count() == 1
    }

    /// Whether a seat mucked at the showdown.
    pub fn has_mucked(&self, seat: Seat) -> bool {
        self.mucked.get(seat).copied().unwrap_or(false)
    }

    /// The board so far (the first board of a hand run more than once).
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// Every board: the first, then those of the other runs (a replayed
    /// hand run twice or more).
    pub fn boards(&self) -> Vec<&[Card]> {
        std::iter::once(self.board.as_slice())
            .chain(self.extra.iter().map(Vec::as_slice))
            .collect()
    }

    /// How many times the board is run once everyone is all in.
    pub fn runs(&self) -> u8 {
        self.runs
    }

    /// The current street (the one being dealt while board cards are due).
    pub fn street(&self) -> Street {
        self.street
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is to bet.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Betting => self.actors.first().copied(),
            _ => None,
        }
    }

    /// Who is still to show or muck (a replay's showdown).
    pub fn to_show(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Showdown => (0..self.n).filter(|&s| self.pending_show(s)).collect(),
            _ => Vec::new(),
        }
    }

    /// Board cards still due on the street being dealt (a replay).
    pub fn board_due(&self) -> usize {
        match self.phase {
            Phase::Dealing => self.due,
            _ => 0,
        }
    }

    /// The street total to match: the largest bet.
    pub fn current_bet(&self) -> Chips {
        let top = self.street_bet[..self.n].iter().copied().max().unwrap_or(0);
        if self.forced.full_blinds && self.street == Street::Preflop {
            top.max(self.forced.min_bet)
        } else {
            top
        }
    }

    /// Bets and raises made on this street.
    pub fn raises(&self) -> u8 {
        self.raises
    }

    /// Who bet or raised last on this street.
    pub fn aggressor(&self) -> Option<Seat> {
        self.aggressor
    }

    /// Every event of the hand so far; hole cards are not named in it
    /// (`HoleDealt` carries `None`: see `hole`).
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// All chips in the middle.
    pub fn pot_total(&self) -> Chips {
        self.contributed().iter().sum()
    }

    /// The pots as they stand: dead antes in the main pot (or a pot of
    /// their own when a player still in is all in with the ante alone).
    pub fn pots(&self) -> Vec<Pot> {
        let out: Vec<bool> = (0..self.n).map(|s| !self.contends(s)).collect();
        let live: Vec<Chips> = (0..self.n).map(|s| self.put_in[s] - self.dead[s]).collect();
        let dead: Chips = self.dead[..self.n].iter().sum();
        let mut pots = form_pots(&live, &out);
        if dead > 0 {
            let everyone = (0..self.n)
                .filter(|&s| !out[s])
                .fold(0u16, |m, s| m | 1 << s);
            match pots.first_mut() {
                Some(first) if first.eligible == everyone => first.amount += dead,
                _ => pots.insert(
                    0,
                    Pot {
                        amount: dead,
                        eligible: everyone,
                    },
                ),
            }
        }
        pots
    }

    /// The choices of the player to act (none when no one is to bet).
    pub fn legal(&self) -> Option<Legal> {
        self.to_act().map(|s| self.legal_for(s))
    }

    /// Net result per seat, once the hand is over.
    pub fn outcome(&self) -> Option<Outcome> {
        (self.street == Street::Over).then(|| Outcome {
            net: (0..self.n)
                .map(|i| self.stacks[i] as i64 - self.starting[i] as i64)
                .collect(),
            stacks: self.stacks().to_vec(),
        })
    }

    fn legal_for(&self, seat: Seat) -> Legal {
        let mut top = self.current_bet();
        if self.forced.full_blinds {
            // A big blind called in full: never more than another player
            // still in could match.
            let cap = (0..self.n)
                .filter(|&i| i != seat && self.status[i].is_in())
                .map(|i| self.street_bet[i] + self.stacks[i])
                .max()
                .unwrap_or(0);
            top = top.min(cap.max(self.street_bet[..self.n].iter().copied().max().unwrap_or(0)));
        }
        let bet = self.street_bet[seat];
        let stack = self.stacks[seat];
        let owed = top.saturating_sub(bet);
        let to_call = owed.min(stack);
        let blocked_by_short = self
            .short_all_ins
            .is_some_and(|sum| sum < self.completion && self.acted[seat]);
        let someone_to_raise = (0..self.n).any(|i| {
            i != seat && self.status[i].is_in() && self.stacks[i] + self.street_bet[i] > top
        });
        let allowed =
            to_call >= self.completion && !blocked_by_short && stack > owed && someone_to_raise;
        let raise = allowed.then(|| {
            let all_in_to = stack + bet;
            let min = (self.completion.max(self.forced.min_bet) + top).min(all_in_to);
            (min, all_in_to)
        });
        Legal { to_call, raise }
    }

    /// What a player could still lose to the others: nothing once every
    /// other player still in is covered.
    fn effective_stack(&self, seat: Seat) -> Chips {
        let mut totals: Vec<Chips> = (0..self.n)
            .filter(|&i| self.status[i].is_in())
            .map(|i| self.street_bet[i] + self.stacks[i])
            .collect();
        totals.sort_unstable();
        let second = totals.len().checked_sub(2).map_or(0, |i| totals[i]);
        self.stacks[seat].min(second.saturating_sub(self.street_bet[seat]))
    }

    /// In the hand and not mucked: may win a pot.
    fn contends(&self, seat: Seat) -> bool {
        self.status[seat].is_in() && !self.mucked[seat]
    }

    fn pending_show(&self, seat: Seat) -> bool {
        seat < self.n
            && self.contends(seat)
            && !self.shown[seat]
            && !self.unseen[seat]
            && !self.deferred[seat]
    }

    fn any_pending_show(&self) -> bool {
        (0..self.n).any(|s| self.pending_show(s))
    }

    /// Every card known so far: the boards and the known hole cards.
    fn known_cards(&self) -> CardSet {
        let mut set: CardSet = self
            .board
            .iter()
            .chain(self.extra.iter().flatten())
            .copied()
            .collect();
        for h in self.holes.iter().flatten() {
            set |= h.iter().copied().collect();
        }
        set
    }

    /// A shown hand's value with the board so far (0 before the river).
    fn value_now(&self, seat: Seat) -> u16 {
        match (self.holes[seat], self.board.len()) {
            (Some(h), 5) => {
                let board: CardSet = self.board.iter().copied().collect();
                evaluate(board | h.iter().copied().collect()).get()
            }
            _ => 0,
        }
    }

    /// Chips put in by players out of the hand above what any player
    /// still in put in: nobody can win them.
    fn unclaimed(&self) -> Chips {
        let live = |s: Seat| self.put_in[s] - self.dead[s];
        let top = (0..self.n)
            .filter(|&s| self.contends(s))
            .map(live)
            .max()
            .unwrap_or(0);
        (0..self.n)
            .filter(|&s| !self.contends(s))
            .map(|s| live(s).saturating_sub(top))
            .sum()
    }

    /// Appends events to the log, hole cards unnamed.
    fn record(&mut self, events: &[Event]) {
        let log = Arc::make_mut(&mut self.log);
        log.extend(events.iter().map(|e| match e {
            Event::HoleDealt { seat, .. } => Event::HoleDealt {
                seat: *seat,
                cards: None,
            },
            e => e.clone(),
        }));
    }

    fn put_in(&mut self, seat: Seat, amount: Chips) {
        self.stacks[seat] -= amount;
        self.street_bet[seat] += amount;
        self.put_in[seat] += amount;
        if self.stacks[seat] == 0 {
            self.status[seat] = Status::AllIn;
        }
    }

    fn in_hand_count(&self) -> usize {
        self.statuses().iter().filter(|s| s.is_in()).count()
    }

    /// Still in and not mucked.
    fn in_play_count(&self) -> usize {
        (0..self.n).filter(|&s| self.contends(s)).count()
    }

    fn next_in_hand(&self, after: Seat) -> Seat {
        (1..=self.n)
            .map(|k| (after + k) % self.n)
            .find(|&i| self.status[i].is_in())
            .unwrap_or(after)
    }

    /// Returns the part of the largest bet that nobody matched. When one
    /// player is left, that player's own bet simply goes back.
    fn return_uncalled(&mut self, ev: &mut Vec<Event>) {
        let n = self.n;
        let Some(top) = (0..n).max_by_key(|&i| (self.street_bet[i], self.status[i].is_in())) else {
            return;
        };
        let second = (0..n)
            .filter(|&i| i != top)
            .map(|i| self.street_bet[i])
            .max()
            .unwrap_or(0);
        let excess = self.street_bet[top] - second;
        if excess > 0 {
            self.street_bet[top] -= excess;
            self.put_in[top] -= excess;
            self.stacks[top] += excess;
            if self.status[top] == Status::AllIn {
                self.status[top] = Status::Active;
            }
            ev.push(Event::UncalledReturned {
                seat: top,
                amount: excess,
            });
        }
    }

    fn end(&mut self) {
        self.street = Street::Over;
        self.phase = Phase::Over;
        self.actors.clear();
        self.put_in = [0; MAX_SEATS];
        self.dead = [0; MAX_SEATS];
        self.street_bet = [0; MAX_SEATS];
    }
}

impl Game for Table {
    type Action = Action;
    type Event = Event;
    type Error = ActionError;
    type View = View;
    type Outcome = Outcome;

    fn to_act(&self) -> Option<Seat> {
        self.state.to_act()
    }

    /// Fold (when facing a bet), check or call, and the smallest and the
    /// largest bet or raise; any `RaiseTo` between those two is legal too,
    /// and so is folding when checking is free (never listed: nobody
    /// should).
    fn legal_actions(&self) -> Vec<Action> {
        let Some(legal) = self.state.legal() else {
            return Vec::new();
        };
        let mut v = Vec::with_capacity(4);
        if legal.to_call > 0 {
            v.extend([Action::Fold, Action::Call]);
        } else {
            v.push(Action::Check);
        }
        if let Some((lo, hi)) = legal.raise {
            v.push(Action::RaiseTo(lo));
            if hi > lo {
                v.push(Action::RaiseTo(hi));
            }
        }
        v
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, ActionError> {
        let seat = self.state.to_act().ok_or(ActionError::HandOver)?;
        self.act(seat, action)
    }

    fn view(&self, seat: Seat) -> View {
        let mut state = self.state.clone();
        for s in 0..state.n {
            if s != seat && !state.shown[s] {
                state.holes[s] = None;
            }
        }
        View::new(seat, state)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
}
