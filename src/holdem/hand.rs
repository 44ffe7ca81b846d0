//! What every seat may see of a hand ([`HandState`]): stacks, bets,
//! statuses, hole cards where known, the board, whose turn, the pots; and
//! the questions the table asks of it.

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::action::{Blinds, Event, Legal, Phase, Status, Street};
use super::eval::evaluate;
use super::forced::Forced;
use super::pots::{Chips, Pot, form_pots};
use super::seats::{self, MAX_SEATS};
use crate::cards::{Card, CardSet};
use crate::game::Seat;

/// Each seat's chips won or lost over the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Net change per seat.
    pub net: Vec<i64>,
    /// Stacks at the end.
    pub stacks: Vec<Chips>,
}

/// What every seat may see of a hand: everything but the undealt deck and
/// the hole cards a given viewer may not see (`None` there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandState {
    pub(super) n: usize,
    pub(super) button: Seat,
    pub(super) forced: Forced,
    pub(super) blinds: Blinds,
    /// The players in position order, starting left of the button.
    pub(super) order: Vec<Seat>,
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) starting: [Chips; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) stacks: [Chips; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) street_bet: [Chips; MAX_SEATS],
    /// Everything put in over the hand (antes included).
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) put_in: [Chips; MAX_SEATS],
    /// The part of `put_in` that is dead antes.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) dead: [Chips; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) status: [Status; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) holes: [Option<[Card; 2]>; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) shown: [bool; MAX_SEATS],
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) mucked: [bool; MAX_SEATS],
    /// Let go at this all-in showdown without showing (a replay): asked
    /// again at the next street's.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) deferred: [bool; MAX_SEATS],
    /// At the showdown without showing any card (a replay): the board
    /// alone plays for them, as the reference takes it.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) unseen: [bool; MAX_SEATS],
    pub(super) board: Vec<Card>,
    pub(super) street: Street,
    pub(super) phase: Phase,
    /// Who is still to act on this street, the first to act first.
    pub(super) actors: Vec<Seat>,
    /// Acted since the last full raise.
    #[serde(serialize_with = "seats::save", deserialize_with = "seats::load")]
    pub(super) acted: [bool; MAX_SEATS],
    /// The largest bet or raise increment of the street.
    pub(super) completion: Chips,
    /// The increments of the all-ins for less than a full raise since the
    /// last raise with chips left behind, added up.
    pub(super) short_all_ins: Option<Chips>,
    /// Who opened the street's betting, or raised last on it.
    pub(super) opener: Option<Seat>,
    /// At most one player still in has chips behind.
    pub(super) all_in: bool,
    /// Board cards still due on the street being dealt (replay).
    pub(super) due: usize,
    pub(super) aggressor: Option<Seat>,
    pub(super) last_aggressor: Option<Seat>,
    pub(super) raises: u8,
    /// How many times the board is run once everyone is all in (a replay
    /// of a hand run twice: 2).
    #[serde(default = "one_run")]
    pub(super) runs: u8,
    /// The board as it stood when everyone was all in: the part all runs
    /// share.
    #[serde(default)]
    pub(super) common: Option<usize>,
    /// The boards of the runs after the first (shared part included).
    #[serde(default)]
    pub(super) extra: Vec<Vec<Card>>,
    /// Shared with the views taken since the last change (cheap to view);
    /// hole cards are never named in it (see `hole`).
    #[serde(serialize_with = "log_out", deserialize_with = "log_in")]
    pub(super) log: Arc<Vec<Event>>,
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

    pub(super) fn legal_for(&self, seat: Seat) -> Legal {
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
    pub(super) fn effective_stack(&self, seat: Seat) -> Chips {
        let mut totals: Vec<Chips> = (0..self.n)
            .filter(|&i| self.status[i].is_in())
            .map(|i| self.street_bet[i] + self.stacks[i])
            .collect();
        totals.sort_unstable();
        let second = totals.len().checked_sub(2).map_or(0, |i| totals[i]);
        self.stacks[seat].min(second.saturating_sub(self.street_bet[seat]))
    }

    /// In the hand and not mucked: may win a pot.
    pub(super) fn contends(&self, seat: Seat) -> bool {
        self.status[seat].is_in() && !self.mucked[seat]
    }

    pub(super) fn pending_show(&self, seat: Seat) -> bool {
        seat < self.n
            && self.contends(seat)
            && !self.shown[seat]
            && !self.unseen[seat]
            && !self.deferred[seat]
    }

    pub(super) fn any_pending_show(&self) -> bool {
        (0..self.n).any(|s| self.pending_show(s))
    }

    /// Every card known so far: the boards and the known hole cards.
    pub(super) fn known_cards(&self) -> CardSet {
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
    pub(super) fn value_now(&self, seat: Seat) -> u16 {
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
    pub(super) fn unclaimed(&self) -> Chips {
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
    pub(super) fn record(&mut self, events: &[Event]) {
        let log = Arc::make_mut(&mut self.log);
        log.extend(events.iter().map(|e| match e {
            Event::HoleDealt { seat, .. } => Event::HoleDealt {
                seat: *seat,
                cards: None,
            },
            e => e.clone(),
        }));
    }

    pub(super) fn put_in(&mut self, seat: Seat, amount: Chips) {
        self.stacks[seat] -= amount;
        self.street_bet[seat] += amount;
        self.put_in[seat] += amount;
        if self.stacks[seat] == 0 {
            self.status[seat] = Status::AllIn;
        }
    }

    pub(super) fn in_hand_count(&self) -> usize {
        self.statuses().iter().filter(|s| s.is_in()).count()
    }

    /// Still in and not mucked.
    pub(super) fn in_play_count(&self) -> usize {
        (0..self.n).filter(|&s| self.contends(s)).count()
    }

    pub(super) fn next_in_hand(&self, after: Seat) -> Seat {
        (1..=self.n)
            .map(|k| (after + k) % self.n)
            .find(|&i| self.status[i].is_in())
            .unwrap_or(after)
    }

    /// Returns the part of the largest bet that nobody matched. When one
    /// player is left, that player's own bet simply goes back.
    pub(super) fn return_uncalled(&mut self, ev: &mut Vec<Event>) {
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

    pub(super) fn end(&mut self) {
        self.street = Street::Over;
        self.phase = Phase::Over;
        self.actors.clear();
        self.put_in = [0; MAX_SEATS];
        self.dead = [0; MAX_SEATS];
        self.street_bet = [0; MAX_SEATS];
    }
}
