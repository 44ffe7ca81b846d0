//! One hand of no-limit Texas Hold'em as a state machine: blinds, the
//! betting rounds with "raise to" amounts and the reopening rules, the
//! streets, the all-in run-out, the showdown and the pots paid.
//!
//! Seats are numbered 0..n in clockwise order; a seat with no chips sits
//! the hand out. The deck is given in deal order: two hole cards to each
//! player starting left of the button, then the five board cards (no
//! burns), so a deck replays a hand exactly.

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::eval::evaluate;
use super::pots::{Chips, Pot, form_pots, split};
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};

/// The most seats at one table.
pub const MAX_SEATS: usize = 9;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Still in with chips behind: may act.
    Active,
    /// Still in with no chips behind.
    AllIn,
    /// Folded this hand.
    Folded,
    /// Not dealt in (no chips).
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

/// The two blinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blind {
    /// Left of the button (heads-up: the button).
    Small,
    /// Next after the small blind.
    Big,
}

/// Something that happened, in order, for a hand log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A hand began with this button.
    HandStarted {
        /// The button's seat.
        button: Seat,
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
    /// Board cards were dealt for a new street.
    StreetDealt {
        /// The street now begun.
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
        /// Its showdown value (`HandValue::get`: higher wins).
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

/// The betting choices of the player to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    /// What calling puts in; 0 means checking is possible (and folding is not).
    pub to_call: Chips,
    /// The smallest and largest "to" totals of a bet or raise, if one is allowed.
    pub raise: Option<(Chips, Chips)>,
}

impl Legal {
    /// Whether `action` is among these choices.
    pub fn allows(&self, action: Action) -> bool {
        match action {
            Action::Fold | Action::Call => self.to_call > 0,
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
    /// Calling or folding when nothing is owed.
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
    /// The button is not a seat with chips.
    #[error("button {0} is not a seat with chips")]
    Button(Seat),
    /// The deck is not 52 different cards.
    #[error("the deck must be 52 different cards")]
    Deck,
}

/// What every seat may see of a hand: everything but the undealt deck and
/// the hole cards a given viewer may not see (`None` there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandState {
    n: usize,
    button: Seat,
    blinds: Blinds,
    starting: [Chips; MAX_SEATS],
    stacks: [Chips; MAX_SEATS],
    street_bet: [Chips; MAX_SEATS],
    contributed: [Chips; MAX_SEATS],
    status: [Status; MAX_SEATS],
    acted: [bool; MAX_SEATS],
    acted_at: [Chips; MAX_SEATS],
    holes: [Option<[Card; 2]>; MAX_SEATS],
    shown: [bool; MAX_SEATS],
    board: Vec<Card>,
    street: Street,
    to_act: Option<Seat>,
    current_bet: Chips,
    min_raise: Chips,
    aggressor: Option<Seat>,
    last_aggressor: Option<Seat>,
    raises: u8,
    /// Shared with the views taken since the last change (cheap to view);
    /// hole cards are never named in it (see `hole`).
    #[serde(serialize_with = "log_out", deserialize_with = "log_in")]
    log: Arc<Vec<Event>>,
}

fn log_out<S: Serializer>(log: &Arc<Vec<Event>>, s: S) -> Result<S::Ok, S::Error> {
    log.as_slice().serialize(s)
}

fn log_in<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<Vec<Event>>, D::Error> {
    Vec::deserialize(d).map(Arc::new)
}

/// One hand: the visible state and the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    state: HandState,
    /// The board to come.
    deck: [Card; 5],
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
    /// Starts a hand: `stacks` in seat order (0 sits out), `button` a seat
    /// with chips, `deck` the 52 cards in deal order (see the module doc). Returns the table and
    /// the opening events (blinds and hole cards).
    pub fn new(
        stacks: &[Chips],
        button: Seat,
        blinds: Blinds,
        deck: &[Card],
    ) -> Result<(Table, Vec<Event>), SetupError> {
        let n = stacks.len();
        let players = stacks.iter().filter(|&&c| c > 0).count();
        if n > MAX_SEATS || players < 2 {
            return Err(SetupError::Seats(players.min(n)));
        }
        if blinds.small == 0 || blinds.small > blinds.big {
            return Err(SetupError::Blinds);
        }
        if stacks.get(button).is_none_or(|&c| c == 0) {
            return Err(SetupError::Button(button));
        }
        if deck.len() != 52 || deck.iter().copied().collect::<CardSet>().len() != 52 {
            return Err(SetupError::Deck);
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
            holes[seat] = Some([deck[2 * i], deck[2 * i + 1]]);
        }
        let state = HandState {
            n,
            button,
            blinds,
            starting: st,
            stacks: st,
            street_bet: [0; MAX_SEATS],
            contributed: [0; MAX_SEATS],
            status,
            acted: [false; MAX_SEATS],
            acted_at: [0; MAX_SEATS],
            holes,
            shown: [false; MAX_SEATS],
            board: Vec::with_capacity(5),
            street: Street::Preflop,
            to_act: None,
            current_bet: blinds.big,
            min_raise: blinds.big,
            aggressor: None,
            last_aggressor: None,
            raises: 0,
            log: Arc::new(Vec::with_capacity(48)),
        };
        let b = 2 * players;
        let mut table = Table {
            state,
            deck: [deck[b], deck[b + 1], deck[b + 2], deck[b + 3], deck[b + 4]],
        };
        let mut ev = vec![Event::HandStarted { button }];
        let (sb, bb) = table.state.blind_seats();
        table.post(sb, Blind::Small, blinds.small, &mut ev);
        table.post(bb, Blind::Big, blinds.big, &mut ev);
        for &seat in &order {
            ev.push(Event::HoleDealt {
                seat,
                cards: table.state.holes[seat],
            });
        }
        table.state.to_act = table.state.next_to_act(bb);
        if table.state.to_act.is_none() {
            table.close_round(&mut ev);
        }
        table.state.record(&ev);
        Ok((table, ev))
    }

    /// The board cards still to come.
    pub fn undealt(&self) -> CardSet {
        self.deck[self.state.board.len()..]
            .iter()
            .copied()
            .collect()
    }

    /// The visible state (with every hole card).
    pub fn state(&self) -> &HandState {
        &self.state
    }

    /// Takes `action` for `seat`; on error nothing changes.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, ActionError> {
        let to_act = self.state.to_act.ok_or(ActionError::HandOver)?;
        if seat != to_act {
            return Err(ActionError::NotYourTurn { seat, to_act });
        }
        let legal = self.state.legal_for(seat);
        check_action(&legal, action)?;
        let mut ev = Vec::with_capacity(4);
        let s = &mut self.state;
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
                let increment = to - s.current_bet;
                if increment >= s.min_raise {
                    s.min_raise = increment;
                }
                let was_bet = s.current_bet == 0;
                s.put_in(seat, to - s.street_bet[seat]);
                s.current_bet = to;
                s.aggressor = Some(seat);
                s.last_aggressor = Some(seat);
                s.raises += 1;
                if was_bet {
                    Move::Bet(to)
                } else {
                    Move::Raise(to)
                }
            }
        };
        s.acted_at[seat] = s.current_bet;
        ev.push(Event::Acted {
            seat,
            action: mv,
            all_in: s.status[seat] == Status::AllIn,
        });
        if s.in_hand_count() == 1 {
            self.finish_by_folds(&mut ev);
        } else {
            s.to_act = s.next_to_act(seat);
            if s.to_act.is_none() {
                self.close_round(&mut ev);
            }
        }
        self.state.record(&ev);
        Ok(ev)
    }

    fn post(&mut self, seat: Seat, blind: Blind, amount: Chips, ev: &mut Vec<Event>) {
        let amount = amount.min(self.state.stacks[seat]);
        self.state.put_in(seat, amount);
        ev.push(Event::BlindPosted {
            seat,
            blind,
            amount,
            all_in: self.state.status[seat] == Status::AllIn,
        });
    }

    /// Ends a betting round: returns an uncalled bet, then deals the next
    /// street (and runs the board out while nobody can bet) or settles.
    fn close_round(&mut self, ev: &mut Vec<Event>) {
        let s = &mut self.state;
        s.return_uncalled(ev);
        if s.in_hand_count() == 1 {
            self.finish_by_folds(ev);
            return;
        }
        ev.push(Event::PotsFormed { pots: s.pots() });
        loop {
            let s = &mut self.state;
            if s.street == Street::River {
                self.showdown(ev);
                return;
            }
            let (street, from, count) = match s.street {
                Street::Preflop => (Street::Flop, 0, 3),
                Street::Flop => (Street::Turn, 3, 1),
                _ => (Street::River, 4, 1),
            };
            let cards = self.deck[from..from + count].to_vec();
            s.board.extend_from_slice(&cards);
            s.street = street;
            s.street_bet = [0; MAX_SEATS];
            s.acted = [false; MAX_SEATS];
            s.acted_at = [0; MAX_SEATS];
            s.current_bet = 0;
            s.min_raise = s.blinds.big;
            s.aggressor = None;
            s.raises = 0;
            ev.push(Event::StreetDealt { street, cards });
            s.to_act = s.next_to_act(s.button);
            if s.to_act.is_some() {
                return;
            }
        }
    }

    /// Everyone else folded: the last player takes every pot unseen.
    fn finish_by_folds(&mut self, ev: &mut Vec<Event>) {
        let s = &mut self.state;
        s.return_uncalled(ev);
        let winner = (0..s.n).find(|&i| s.status[i].is_in()).unwrap_or(s.button);
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

    /// Shows or mucks in order, then pays every pot to its best hands.
    fn showdown(&mut self, ev: &mut Vec<Event>) {
        let s = &mut self.state;
        let board: CardSet = s.board.iter().copied().collect();
        let mut values = [0u16; MAX_SEATS];
        for (v, (hole, status)) in values.iter_mut().zip(s.holes.iter().zip(&s.status)) {
            if let (Some(h), true) = (hole, status.is_in()) {
                *v = evaluate(board | h.iter().copied().collect()).get();
            }
        }
        let pots = s.pots();
        // Everyone all in but at most one: the hands were tabled.
        let tabled = s.active_count() <= 1;
        // The last aggressor of the hand shows first, else the first
        // player left of the button.
        let first = match s.last_aggressor {
            Some(a) if s.status[a].is_in() => a,
            _ => s.next_in_hand(s.button),
        };
        let mut best_shown: Vec<Option<u16>> = vec![None; pots.len()];
        for k in 0..s.n {
            let seat = (first + k) % s.n;
            if !s.status[seat].is_in() {
                continue;
            }
            let v = values[seat];
            let contends = pots
                .iter()
                .zip(&best_shown)
                .any(|(p, b)| p.is_eligible(seat) && b.is_none_or(|b| v >= b));
            if tabled || contends {
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
                ev.push(Event::Mucked { seat });
            }
        }
        for (i, pot) in pots.iter().enumerate() {
            let best = pot.seats().map(|p| values[p]).max().unwrap_or(0);
            let winners: Vec<Seat> = (1..=s.n)
                .map(|k| (s.button + k) % s.n)
                .filter(|&p| pot.is_eligible(p) && values[p] == best)
                .collect();
            for (seat, amount) in split(pot.amount, &winners) {
                s.stacks[seat] += amount;
                ev.push(Event::PotAwarded {
                    pot: i,
                    seat,
                    amount,
                });
            }
        }
        s.end();
    }
}

fn check_action(legal: &Legal, action: Action) -> Result<(), ActionError> {
    match action {
        Action::Fold | Action::Call if legal.to_call == 0 => Err(ActionError::NothingToCall),
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
        (1..=self.n)
            .map(|k| (self.button + k) % self.n)
            .filter(|&s| self.status[s] != Status::Out)
            .collect()
    }

    /// The button.
    pub fn button(&self) -> Seat {
        self.button
    }

    /// The blinds.
    pub fn blinds(&self) -> Blinds {
        self.blinds
    }

    /// Who posts the small and the big blind: the two players left of the
    /// button; heads-up the button and the other player.
    pub fn blind_seats(&self) -> (Seat, Seat) {
        let players = self.players();
        match players.as_slice() {
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

    /// What each seat has put in over the hand.
    pub fn contributed(&self) -> &[Chips] {
        &self.contributed[..self.n]
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

    /// The board so far.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The current street.
    pub fn street(&self) -> Street {
        self.street
    }

    /// Whose turn it is.
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// The street total to match.
    pub fn current_bet(&self) -> Chips {
        self.current_bet
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

    /// The pots as they stand.
    pub fn pots(&self) -> Vec<Pot> {
        let folded = self.status.map(|s| !s.is_in());
        form_pots(self.contributed(), &folded[..self.n])
    }

    /// The choices of the player to act (none when the hand is over).
    pub fn legal(&self) -> Option<Legal> {
        self.to_act.map(|s| self.legal_for(s))
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
        let owed = self.current_bet.saturating_sub(self.street_bet[seat]);
        let stack = self.stacks[seat];
        let to_call = owed.min(stack);
        let all_in_to = self.street_bet[seat] + stack;
        let opponents_can_act = (0..self.n).any(|i| i != seat && self.status[i] == Status::Active);
        let reopened =
            !self.acted[seat] || self.current_bet - self.acted_at[seat] >= self.min_raise;
        let raise = (opponents_can_act && reopened && all_in_to > self.current_bet).then(|| {
            let min = (self.current_bet + self.min_raise).min(all_in_to);
            (min, all_in_to)
        });
        Legal { to_call, raise }
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
        self.contributed[seat] += amount;
        if self.stacks[seat] == 0 {
            self.status[seat] = Status::AllIn;
        }
    }

    fn in_hand_count(&self) -> usize {
        self.statuses().iter().filter(|s| s.is_in()).count()
    }

    fn active_count(&self) -> usize {
        self.statuses()
            .iter()
            .filter(|&&s| s == Status::Active)
            .count()
    }

    fn next_in_hand(&self, after: Seat) -> Seat {
        (1..=self.n)
            .map(|k| (after + k) % self.n)
            .find(|&i| self.status[i].is_in())
            .unwrap_or(after)
    }

    fn needs_action(&self, seat: Seat) -> bool {
        if self.status[seat] != Status::Active {
            return false;
        }
        let owes = self.street_bet[seat] < self.current_bet;
        let others = (0..self.n).any(|i| i != seat && self.status[i] == Status::Active);
        owes || (!self.acted[seat] && others)
    }

    fn next_to_act(&self, after: Seat) -> Option<Seat> {
        (1..=self.n)
            .map(|k| (after + k) % self.n)
            .find(|&i| self.needs_action(i))
    }

    fn return_uncalled(&mut self, ev: &mut Vec<Event>) {
        let n = self.n;
        let Some(top) = (0..n).max_by_key(|&i| self.street_bet[i]) else {
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
            self.contributed[top] -= excess;
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
        self.to_act = None;
        self.contributed = [0; MAX_SEATS];
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
        self.state.to_act
    }

    /// Fold (when facing a bet), check or call, and the smallest and the
    /// largest bet or raise; any `RaiseTo` between those two is legal too.
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
        let seat = self.state.to_act.ok_or(ActionError::HandOver)?;
        self.act(seat, action)
    }

    fn view(&self, seat: Seat) -> View {
        let mut state = self.state.clone();
        for s in 0..state.n {
            if s != seat && !state.shown[s] {
                state.holes[s] = None;
            }
        }
        View { seat, state }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
}
