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
//!
//! The moves and events are in [`super::action`], the visible state in
//! [`super::hand`], the showdown and the pots paid in [`super::showdown`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::action::{
    Action, ActionError, Blind, Blinds, Event, Move, Phase, SetupError, SplitRule, Status, Street,
    check_action,
};
use super::forced::Forced;
use super::hand::{HandState, Outcome};
use super::pots::{Chips, Pot};
use super::seats::MAX_SEATS;
use crate::cards::{Card, CardSet};
use crate::game::{Game, Seat};

/// One hand: the visible state and the board to come.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub(super) state: HandState,
    /// The board to come, when the table deals for itself; empty in a
    /// replay, where the board is dealt with [`Table::deal_board`].
    pub(super) deck: Vec<Card>,
    /// Replaying: board cards and the showdown come from outside.
    pub(super) replay: bool,
    pub(super) split: SplitRule,
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

    pub(super) fn start(
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

    pub(super) fn phase_is(&self, phase: Phase) -> Result<(), ActionError> {
        match self.state.phase {
            p if p == phase => Ok(()),
            Phase::Over => Err(ActionError::HandOver),
            Phase::Dealing => Err(ActionError::BoardPending(self.state.street)),
            Phase::Showdown => Err(ActionError::ShowdownPending),
            Phase::Betting => Err(ActionError::NoBoardDue(0)),
        }
    }

    /// Antes, then blinds and straddles, in position order.
    pub(super) fn post_forced(&mut self, ev: &mut Vec<Event>) {
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
    pub(super) fn start_betting(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
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
    pub(super) fn end_betting(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
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
    pub(super) fn deal_street(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
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
    pub(super) fn after_deal(&mut self, ev: &mut Vec<Event>) -> Result<(), ActionError> {
        if self.state.in_play_count() == 1 {
            self.finish_by_folds(ev);
            return Ok(());
        }
        self.start_betting(ev)
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
