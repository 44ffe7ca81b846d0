//! Sessions: many hands in a row at one table. The button moves to the
//! next player still in, busted players leave (or rebuy in a cash game),
//! and tournament blinds rise every so many hands.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::pots::Chips;
use super::table::{Action, ActionError, Blinds, Event, SetupError, Table, View};
use crate::cards::Card;
use crate::game::{Game, GameRng, Seat, rng_from_seed};

/// How the blinds and the stacks evolve between hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Fixed blinds; with `rebuy`, every stack is topped up to the
    /// starting stack before each hand, so nobody busts.
    Cash {
        /// Top up before each hand.
        rebuy: bool,
    },
    /// The blinds double every `hands_per_level` hands; the last player
    /// with chips wins.
    Tournament {
        /// Hands between blind rises.
        hands_per_level: u32,
    },
}

/// How a session is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The starting blinds.
    pub blinds: Blinds,
    /// The starting stack of every seat.
    pub stack: Chips,
    /// Cash game or tournament.
    pub mode: Mode,
}

/// Why a session refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A hand is still being played.
    #[error("a hand is in progress")]
    HandInProgress,
    /// Fewer than two players have chips.
    #[error("the session is over")]
    Over,
    /// The hand could not start.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// No hand is being played.
    #[error("no hand in progress")]
    NoHand,
    /// The action was refused.
    #[error(transparent)]
    Action(#[from] ActionError),
}

/// A session: the seats' chips between hands, the button, the hand count
/// and its generator, and the hand being played. Serialisable, generator
/// state included, so a saved session deals on exactly as it would have.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    config: Config,
    stacks: Vec<Chips>,
    button: Option<Seat>,
    hands: u64,
    rng: GameRng,
    table: Option<Table>,
}

impl Session {
    /// A session of `seats` players, each with the starting stack; the
    /// first hand's button is drawn from the seeded generator.
    pub fn new(seats: usize, config: Config, seed: u64) -> Result<Session, SetupError> {
        if !(2..=super::table::MAX_SEATS).contains(&seats) {
            return Err(SetupError::Seats(seats));
        }
        if config.blinds.small == 0 || config.blinds.small > config.blinds.big {
            return Err(SetupError::Blinds);
        }
        if config.stack == 0 {
            return Err(SetupError::Seats(0));
        }
        Ok(Session {
            config,
            stacks: vec![config.stack; seats],
            button: None,
            hands: 0,
            rng: rng_from_seed(seed),
            table: None,
        })
    }

    /// The blinds of the next (or current) hand.
    pub fn blinds(&self) -> Blinds {
        match self.config.mode {
            Mode::Cash { .. } => self.config.blinds,
            Mode::Tournament { hands_per_level } => {
                let played = self.hands.saturating_sub(u64::from(self.table.is_some()));
                let level = (played / u64::from(hands_per_level.max(1))).min(40) as u32;
                let b = self.config.blinds;
                Blinds {
                    small: b.small.saturating_mul(1 << level),
                    big: b.big.saturating_mul(1 << level),
                }
            }
        }
    }

    /// Chips per seat between hands (0: busted).
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks
    }

    /// Hands started so far.
    pub fn hands_played(&self) -> u64 {
        self.hands
    }

    /// The hand being played (or the last one, once over).
    pub fn table(&self) -> Option<&Table> {
        self.table.as_ref()
    }

    /// Whether the session is over: fewer than two seats with chips.
    pub fn is_over(&self) -> bool {
        self.hand_in_progress().is_none() && self.stacks.iter().filter(|&&c| c > 0).count() < 2
    }

    fn hand_in_progress(&self) -> Option<&Table> {
        self.table.as_ref().filter(|t| t.to_act().is_some())
    }

    /// Deals the next hand from a freshly shuffled deck.
    pub fn start_hand(&mut self) -> Result<Vec<Event>, SessionError> {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut self.rng);
        self.start_hand_with(&deck)
    }

    /// Deals the next hand from `deck` (52 cards in deal order): rebuys,
    /// moves the button to the next player still in, posts the blinds.
    pub fn start_hand_with(&mut self, deck: &[Card]) -> Result<Vec<Event>, SessionError> {
        if self.hand_in_progress().is_some() {
            return Err(SessionError::HandInProgress);
        }
        if let Mode::Cash { rebuy: true } = self.config.mode {
            for s in &mut self.stacks {
                *s = (*s).max(self.config.stack);
            }
        }
        if self.stacks.iter().filter(|&&c| c > 0).count() < 2 {
            return Err(SessionError::Over);
        }
        let n = self.stacks.len();
        let button = match self.button {
            None => rand::Rng::random_range(&mut self.rng, 0..n),
            Some(b) => b + 1,
        };
        let button = (0..n)
            .map(|k| (button + k) % n)
            .find(|&s| self.stacks[s] > 0)
            .ok_or(SessionError::Over)?;
        self.hands += 1;
        let blinds = self.blinds();
        let (table, events) = Table::new(&self.stacks, button, blinds, deck)?;
        self.button = Some(button);
        self.table = Some(table);
        self.settle();
        Ok(events)
    }

    /// Takes `action` for `seat` in the current hand.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, SessionError> {
        let table = self.table.as_mut().ok_or(SessionError::NoHand)?;
        let events = table.act(seat, action)?;
        self.settle();
        Ok(events)
    }

    /// What `seat` sees of the current hand.
    pub fn view(&self, seat: Seat) -> Option<View> {
        self.table.as_ref().map(|t| t.view(seat))
    }

    /// Once the hand is over, its final stacks become the session's.
    fn settle(&mut self) {
        if let Some(out) = self.table.as_ref().and_then(Game::outcome) {
            self.stacks = out.stacks;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::holdem::table::{Status, stacked_deck};

    const CASH: Config = Config {
        blinds: Blinds { small: 5, big: 10 },
        stack: 100,
        mode: Mode::Cash { rebuy: false },
    };

    fn deck(s: &str) -> Vec<Card> {
        stacked_deck(&parse_cards(s).expect("test cards"))
    }

    /// Plays the current hand to the end: the first seat to act shoves,
    /// everyone calls.
    fn shove_and_call(s: &mut Session) {
        let mut first = true;
        while let Some(seat) = s.table().and_then(Game::to_act) {
            let legal = s.table().and_then(|t| t.state().legal()).expect("to act");
            let a = match (first, legal.raise) {
                (true, Some((_, max))) => Action::RaiseTo(max),
                _ if legal.to_call > 0 => Action::Call,
                _ => Action::Check,
            };
            first = false;
            s.act(seat, a).expect("legal");
        }
    }

    #[test]
    fn button_moves_busted_leave_and_heads_up_follows() {
        let mut s = Session::new(3, CASH, 7).expect("valid");
        s.start_hand().expect("first hand");
        let b0 = s.table().expect("hand").state().button();
        // Finish the hand by folding around.
        while let Some(seat) = s.table().and_then(Game::to_act) {
            let legal = s.table().and_then(|t| t.state().legal()).expect("to act");
            let a = if legal.to_call > 0 {
                Action::Fold
            } else {
                Action::Check
            };
            s.act(seat, a).expect("legal");
        }
        assert_eq!(s.stacks().iter().sum::<Chips>(), 300);
        s.start_hand().expect("second hand");
        assert_eq!(s.table().expect("hand").state().button(), (b0 + 1) % 3);
    }

    #[test]
    fn three_to_two_transition() {
        // Button 0; seat 1 small blind, seat 2 big blind. Everyone shoves;
        // seat 1 (first dealt) has aces, seat 2 the worst hand.
        let mut s = Session::new(3, CASH, 1).expect("valid");
        s.button = Some(2);
        s.stacks = vec![100, 100, 50];
        s.start_hand_with(&deck("AhAd 7c2d KsKc Qs8c3d 5s 4h"))
            .expect("hand");
        assert_eq!(s.table().expect("hand").state().button(), 0);
        shove_and_call(&mut s);
        assert_eq!(s.stacks(), &[0, 250, 0]);
        assert!(s.is_over());

        // Again with seat 2 busting alone: heads-up between 0 and 1.
        let mut s = Session::new(3, CASH, 1).expect("valid");
        s.button = Some(2);
        s.stacks = vec![100, 100, 50];
        s.start_hand_with(&deck("AhAd 7c2d KsKc Qs8c3d 5s 4h"))
            .expect("hand");
        // Seat 0 (button) folds, seat 1 shoves, seat 2 calls all in.
        s.act(0, Action::Fold).expect("fold");
        s.act(1, Action::RaiseTo(100)).expect("shove");
        s.act(2, Action::Call).expect("call");
        assert_eq!(s.stacks(), &[100, 150, 0]);
        // Next hand: the button moves to seat 1, who is now heads-up: the
        // button posts the small blind and acts first.
        let ev = s.start_hand_with(&deck("")).expect("hand");
        let st = s.table().expect("hand").state();
        assert_eq!(st.button(), 1);
        assert_eq!(st.statuses()[2], Status::Out);
        assert_eq!(st.blind_seats(), (1, 0));
        assert_eq!(st.to_act(), Some(1));
        assert!(ev.contains(&Event::BlindPosted {
            seat: 1,
            blind: crate::holdem::table::Blind::Small,
            amount: 5,
            all_in: false
        }));
        // Two hands later the button has skipped the busted seat.
        s.act(1, Action::Fold).expect("fold");
        s.start_hand_with(&deck("")).expect("hand");
        assert_eq!(s.table().expect("hand").state().button(), 0);
    }

    #[test]
    fn tournament_blinds_double_and_cash_rebuys() {
        let t = Config {
            mode: Mode::Tournament { hands_per_level: 2 },
            ..CASH
        };
        let mut s = Session::new(2, t, 3).expect("valid");
        let mut bigs = Vec::new();
        for _ in 0..5 {
            s.start_hand().expect("hand");
            bigs.push(s.table().expect("hand").state().blinds().big);
            let seat = s.table().and_then(Game::to_act).expect("to act");
            s.act(seat, Action::Fold).expect("fold");
        }
        assert_eq!(bigs, vec![10, 10, 20, 20, 40]);

        let r = Config {
            mode: Mode::Cash { rebuy: true },
            ..CASH
        };
        let mut s = Session::new(2, r, 3).expect("valid");
        s.start_hand().expect("hand");
        shove_and_call(&mut s);
        assert!(s.stacks().contains(&0) || s.stacks() == [100, 100]);
        s.start_hand().expect("rebuy keeps the session going");
        let mut start = s.table().expect("hand").state().starting_stacks().to_vec();
        start.sort_unstable();
        assert!(start == [100, 200] || start == [100, 100], "{start:?}");
    }
}
