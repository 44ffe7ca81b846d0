//! [`Holdem`], the game the runner plays: many hands in a row at one
//! table (its runner's trait is in [`super::playable`]). The button moves to the next player still in,
//! busted players sit out (or buy in again, as the setup says), and
//! tournament blinds rise every so many hands.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::action::{Action, ActionError, Blinds, Event, SetupError as HandError};
use super::hand::Outcome;
use super::pots::Chips;
use super::setup::{Mode, Rebuy, Setup};
use super::table::{Table, View};
use crate::cards::Card;
use crate::game::{Game, GameRng, Seat, SetupError, rng_from_seed};

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
    Setup(#[from] HandError),
    /// The action was refused.
    #[error(transparent)]
    Action(#[from] ActionError),
}

/// A session: the seats' chips between hands, what each has bought in,
/// the button, the hand count and its generator, and the hand being
/// played (or the last one). Serialisable, generator state included, so a
/// saved session deals on exactly as it would have.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Holdem {
    pub(super) setup: Setup,
    pub(super) stacks: Vec<Chips>,
    pub(super) bought: Vec<Chips>,
    pub(super) button: Option<Seat>,
    pub(super) hands: u64,
    pub(super) rng: GameRng,
    pub(super) table: Table,
}

impl Holdem {
    /// A session of `setup`, each seat with the starting stack, the first
    /// hand dealt (its button drawn from the seeded generator).
    pub fn new(setup: &Setup, seed: u64) -> Result<Holdem, SetupError> {
        setup.check()?;
        let stacks = vec![setup.stack; setup.seats];
        let mut rng = rng_from_seed(seed);
        let (button, deck) = (
            rand::Rng::random_range(&mut rng, 0..setup.seats),
            shuffled(&mut rng),
        );
        let (table, _) = Table::with_forced(&stacks, button, &setup.forced(setup.blinds), &deck)
            .map_err(|e| SetupError(e.to_string()))?;
        Ok(Holdem {
            setup: *setup,
            bought: stacks.clone(),
            stacks,
            button: Some(button),
            hands: 1,
            rng,
            table,
        })
    }

    /// A session of `setup` whose seats bring `chips` (0: an empty seat),
    /// the first hand dealt among the seats with chips.
    pub fn seated(setup: &Setup, seed: u64, chips: &[Chips]) -> Result<Holdem, SetupError> {
        setup.check()?;
        if chips.len() != setup.seats {
            return Err(SetupError(format!(
                "{} stacks for {} seats",
                chips.len(),
                setup.seats
            )));
        }
        let mut rng = rng_from_seed(seed);
        let players: Vec<Seat> = (0..chips.len()).filter(|&s| chips[s] > 0).collect();
        if players.len() < 2 {
            return Err(SetupError("a hand needs two players with chips".into()));
        }
        let button = players[rand::Rng::random_range(&mut rng, 0..players.len())];
        let deck = shuffled(&mut rng);
        let (table, _) = Table::with_forced(chips, button, &setup.forced(setup.blinds), &deck)
            .map_err(|e| SetupError(e.to_string()))?;
        Ok(Holdem {
            setup: *setup,
            bought: chips.to_vec(),
            stacks: chips.to_vec(),
            button: Some(button),
            hands: 1,
            rng,
            table,
        })
    }

    /// Sets `seat`'s chips between hands (a buy-in adds to what it has
    /// bought; 0 empties the seat).
    pub fn set_stack(&mut self, seat: Seat, chips: Chips) -> Result<(), SetupError> {
        if self.table.to_act().is_some() {
            return Err(SetupError("chips change hands only between hands".into()));
        }
        let old = *self
            .stacks
            .get(seat)
            .ok_or_else(|| SetupError(format!("no seat {seat}")))?;
        self.bought[seat] += chips.saturating_sub(old);
        self.stacks[seat] = chips;
        Ok(())
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The blinds of the current hand.
    pub fn blinds(&self) -> Blinds {
        self.table.state().blinds()
    }

    /// The blinds of hand number `hand` (1-based).
    fn blinds_of(&self, hand: u64) -> Blinds {
        match self.setup.mode {
            Mode::Cash { .. } => self.setup.blinds,
            Mode::Tournament { hands_per_level } => {
                let level = ((hand - 1) / u64::from(hands_per_level.max(1))).min(40) as u32;
                let b = self.setup.blinds;
                Blinds {
                    small: b.small.saturating_mul(1 << level),
                    big: b.big.saturating_mul(1 << level),
                }
            }
        }
    }

    /// Hands until the blinds next rise (tournaments).
    pub fn hands_to_next_level(&self) -> Option<u64> {
        match self.setup.mode {
            Mode::Cash { .. } => None,
            Mode::Tournament { hands_per_level } => {
                let per = u64::from(hands_per_level.max(1));
                Some(per - (self.hands - 1) % per)
            }
        }
    }

    /// Chips per seat between hands (0: out), or at the start of the
    /// current hand.
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks
    }

    /// What each seat has bought in, the first stack included.
    pub fn bought(&self) -> &[Chips] {
        &self.bought
    }

    /// Hands dealt so far.
    pub fn hands_played(&self) -> u64 {
        self.hands
    }

    /// The hand being played, or the last one.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Whether the session is over: fewer than two seats with chips and
    /// no rebuys.
    pub fn is_over(&self) -> bool {
        let rebuys = matches!(
            self.setup.mode,
            Mode::Cash {
                rebuy: Rebuy::WhenBusted | Rebuy::TopUp
            }
        );
        self.table.to_act().is_none()
            && !rebuys
            && self.stacks.iter().filter(|&&c| c > 0).count() < 2
    }

    /// Deals the next hand from a freshly shuffled deck.
    pub fn start_hand(&mut self) -> Result<Vec<Event>, SessionError> {
        let deck = shuffled(&mut self.rng);
        self.start_hand_with(&deck)
    }

    /// Deals the next hand from `deck` (52 cards in deal order): rebuys,
    /// moves the button to the next player still in, posts the blinds.
    pub fn start_hand_with(&mut self, deck: &[Card]) -> Result<Vec<Event>, SessionError> {
        if self.table.to_act().is_some() {
            return Err(SessionError::HandInProgress);
        }
        if self.is_over() {
            return Err(SessionError::Over);
        }
        let mut events = self.rebuy();
        let n = self.stacks.len();
        let from = self.button.map_or(0, |b| b + 1);
        let button = (0..n)
            .map(|k| (from + k) % n)
            .find(|&s| self.stacks[s] > 0)
            .ok_or(SessionError::Over)?;
        let blinds = self.blinds_of(self.hands + 1);
        if blinds != self.blinds() {
            events.push(Event::BlindsRaised { blinds });
        }
        let (table, hand) =
            Table::with_forced(&self.stacks, button, &self.setup.forced(blinds), deck)?;
        self.hands += 1;
        self.button = Some(button);
        self.table = table;
        events.extend(hand);
        self.settle();
        Ok(events)
    }

    /// Buys chips for the seats the setup says, before a hand.
    fn rebuy(&mut self) -> Vec<Event> {
        let Mode::Cash { rebuy } = self.setup.mode else {
            return Vec::new();
        };
        let mut events = Vec::new();
        for seat in 0..self.stacks.len() {
            let short = self.setup.rebuy_for(rebuy, self.stacks[seat]);
            if short > 0 {
                self.stacks[seat] += short;
                self.bought[seat] += short;
                events.push(Event::Rebought {
                    seat,
                    amount: short,
                });
            }
        }
        events
    }

    /// Takes `action` for `seat` in the current hand.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, SessionError> {
        let events = self.table.act(seat, action)?;
        self.settle();
        Ok(events)
    }

    /// Once the hand is over, its final stacks become the session's.
    fn settle(&mut self) {
        if let Some(out) = self.table.outcome() {
            self.stacks = out.stacks;
        }
    }
}

fn shuffled(rng: &mut GameRng) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    deck
}

impl Game for Holdem {
    type Action = Action;
    type Event = Event;
    type Error = SessionError;
    type View = View;
    type Outcome = Outcome;

    fn to_act(&self) -> Option<Seat> {
        self.table.to_act()
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.table.legal_actions()
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, SessionError> {
        let seat = self.table.to_act().ok_or(ActionError::HandOver)?;
        self.act(seat, action)
    }

    fn view(&self, seat: Seat) -> View {
        View {
            next_level: self.hands_to_next_level(),
            ..self.table.view(seat)
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::form::Form;
    use crate::game::Playable;
    use crate::holdem::action::{Blind, Status};
    use crate::holdem::bots;
    use crate::holdem::table::stacked_deck;

    const CASH: Setup = Setup {
        seats: 3,
        blinds: Blinds { small: 5, big: 10 },
        stack: 100,
        mode: Mode::Cash {
            rebuy: Rebuy::Never,
        },
        ante: 0,
        bb_ante: 0,
        straddle: false,
    };

    fn deck(s: &str) -> Vec<Card> {
        stacked_deck(&parse_cards(s).expect("test cards"))
    }

    #[test]
    fn a_table_seated_as_the_hall_does_posts_its_antes() {
        let setup = Setup { ante: 2, ..CASH };
        let s = Holdem::seated(&setup, 3, &[100, 100, 100]).expect("valid");
        // Two blinds and three antes are in the middle before anyone acts.
        assert_eq!(s.table().state().pot_total(), 5 + 10 + 3 * 2);
        let plain = Holdem::seated(&CASH, 3, &[100, 100, 100]).expect("valid");
        assert_eq!(plain.table().state().pot_total(), 15);
    }

    #[test]
    fn antes_and_the_straddle_are_chosen_in_the_form() {
        let mut setup = CASH;
        let fields = setup.fields();
        let field = |key: &str| {
            fields
                .iter()
                .find(|f| f.key == key)
                .unwrap_or_else(|| panic!("no {key} field"))
                .clone()
        };
        assert_eq!(
            field("ante").choices,
            [
                "none",
                "1 from every player",
                "2 from every player",
                "5 from every player",
                "10 from the big blind, for the table"
            ]
        );
        assert_eq!(field("straddle").choices.len(), 2);
        setup.choose("ante", 2).expect("a choice");
        setup.choose("straddle", 1).expect("a choice");
        assert_eq!((setup.ante, setup.bb_ante, setup.straddle), (2, 0, true));
        // The big blind ante replaces the other.
        setup.choose("ante", 4).expect("a choice");
        assert_eq!((setup.ante, setup.bb_ante), (0, 10));
        assert!(setup.choose("ante", 9).is_err());
        assert!(
            Setup {
                ante: 2,
                bb_ante: 10,
                ..CASH
            }
            .check()
            .is_err()
        );
    }

    /// Folds the current hand out (check when free).
    fn fold_out(s: &mut Holdem) {
        while let Some(seat) = s.to_act() {
            let legal = s.table().state().legal().expect("to act");
            s.act(seat, bots::give_up(&legal)).expect("legal");
        }
    }

    /// A session between hands with these stacks, the last button `button`.
    fn between(setup: Setup, stacks: &[Chips], button: Seat) -> Holdem {
        let mut s = Holdem::new(&setup, 1).expect("valid");
        fold_out(&mut s);
        s.stacks = stacks.to_vec();
        s.bought = stacks.to_vec();
        s.button = Some(button);
        s
    }

    /// Plays the current hand to the end: the first seat to act shoves,
    /// everyone calls.
    fn shove_and_call(s: &mut Holdem) {
        let mut first = true;
        while let Some(seat) = s.to_act() {
            let legal = s.table().state().legal().expect("to act");
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
    fn button_moves_and_chips_balance() {
        let mut s = Holdem::new(&CASH, 7).expect("valid");
        let b0 = s.table().state().button();
        fold_out(&mut s);
        assert_eq!(s.stacks().iter().sum::<Chips>(), 300);
        s.start_hand().expect("second hand");
        assert_eq!(s.table().state().button(), (b0 + 1) % 3);
        assert_eq!(s.hands_played(), 2);
    }

    #[test]
    fn three_to_two_transition() {
        // Button 0; seat 1 small blind, seat 2 big blind. Everyone shoves;
        // seat 1 (first dealt) has aces, seat 2 the worst hand.
        let mut s = between(CASH, &[100, 100, 50], 2);
        s.start_hand_with(&deck("AhAd 7c2d KsKc Qs8c3d 5s 4h"))
            .expect("hand");
        assert_eq!(s.table().state().button(), 0);
        shove_and_call(&mut s);
        assert_eq!(s.stacks(), &[0, 250, 0]);
        assert!(s.is_over());
        assert!(!s.deal_over());

        // Again with seat 2 busting alone: heads-up between 0 and 1.
        let mut s = between(CASH, &[100, 100, 50], 2);
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
        let st = s.table().state();
        assert_eq!(st.button(), 1);
        assert_eq!(st.statuses()[2], Status::Out);
        assert!(!Playable::dealt_in(&s, 2), "the busted seat only watches");
        assert!(Playable::dealt_in(&s, 0) && Playable::dealt_in(&s, 1));
        assert_eq!(st.blind_seats(), (1, 0));
        assert_eq!(st.to_act(), Some(1));
        assert!(ev.contains(&Event::BlindPosted {
            seat: 1,
            blind: Blind::Small,
            amount: 5,
            all_in: false
        }));
        // Two hands later the button has skipped the busted seat.
        s.act(1, Action::Fold).expect("fold");
        s.start_hand_with(&deck("")).expect("hand");
        assert_eq!(s.table().state().button(), 0);
    }

    #[test]
    fn tournament_blinds_double_and_are_announced() {
        let t = Setup {
            seats: 2,
            mode: Mode::Tournament { hands_per_level: 2 },
            ..CASH
        };
        let mut s = Holdem::new(&t, 3).expect("valid");
        let mut bigs = vec![s.blinds().big];
        let mut announced = 0;
        for _ in 0..4 {
            assert_eq!(
                s.hands_to_next_level(),
                Some(2 - (s.hands_played() - 1) % 2)
            );
            fold_out(&mut s);
            let events = s.start_hand().expect("hand");
            announced += events
                .iter()
                .filter(|e| matches!(e, Event::BlindsRaised { .. }))
                .count();
            bigs.push(s.blinds().big);
        }
        assert_eq!(bigs, vec![10, 10, 20, 20, 40]);
        assert_eq!(announced, 2);
    }

    #[test]
    fn rebuys_follow_the_setup() {
        let when_busted = Setup {
            seats: 2,
            mode: Mode::Cash {
                rebuy: Rebuy::WhenBusted,
            },
            ..CASH
        };
        let mut s = between(when_busted, &[0, 200], 0);
        let events = s.start_hand().expect("the busted seat buys in again");
        assert!(events.contains(&Event::Rebought {
            seat: 0,
            amount: 100
        }));
        assert_eq!(s.bought(), &[100, 200]);
        assert_eq!(s.table().state().starting_stacks(), &[100, 200]);

        // Topping up brings short stacks back, but leaves big ones alone.
        let top_up = Setup {
            mode: Mode::Cash {
                rebuy: Rebuy::TopUp,
            },
            ..when_busted
        };
        let mut s = between(top_up, &[40, 160], 0);
        s.start_hand().expect("hand");
        assert_eq!(s.table().state().starting_stacks(), &[100, 160]);
        assert_eq!(s.bought(), &[100, 160]);

        // Without rebuys a busted table is over.
        let mut s = between(Setup { seats: 2, ..CASH }, &[0, 200], 0);
        assert!(s.is_over());
        assert_eq!(s.start_hand(), Err(SessionError::Over));
    }

    #[test]
    fn setups_are_checked_and_edited_as_forms() {
        assert!(Setup { seats: 10, ..CASH }.check().is_err());
        assert!(Setup { stack: 0, ..CASH }.check().is_err());
        assert!(
            Setup {
                blinds: Blinds { small: 20, big: 10 },
                ..CASH
            }
            .check()
            .is_err()
        );
        let mut setup = Setup::default();
        setup.step("blinds", true).expect("a field");
        assert_eq!(setup.blinds, Blinds { small: 10, big: 20 });
        setup.step("seats", false).expect("a field");
        assert_eq!(setup.seats, 5);
        assert!(setup.step("nonsense", true).is_err());
        assert_eq!(Setup::parse_blinds("25/50").expect("ok").big, 50);
        assert!(Setup::parse_blinds("25-50").is_err());
    }

    #[test]
    fn the_winner_of_an_uncontested_pot_shows_through_the_runner_and_it_replays() {
        use crate::runner::{Runner, SeatInfo};
        let seats = (0..3).map(|i| SeatInfo::person(format!("p{i}"))).collect();
        let mut r = Runner::<Holdem>::new(CASH, 7, seats).expect("valid");
        let Some(first) = r.game().to_act() else {
            panic!("a hand is under way")
        };
        assert!(r.show(first).is_err(), "nothing to show during a hand");
        r.act(first, Action::Fold).expect("fold");
        let second = r.game().to_act().expect("a player is to act");
        r.act(second, Action::Fold).expect("fold");
        let winner = (0..3).find(|&s| r.game().may_show(s)).expect("a winner");
        assert!(![first, second].contains(&winner));
        assert!(
            r.show(first).is_err(),
            "a folded player has nothing to show"
        );
        let watcher_before = r.view(None);
        assert_eq!(watcher_before.state.hole(winner), None);
        let shown = r.show(winner).expect("the winner shows");
        assert!(matches!(
            shown.events[..],
            [Event::Showed { seat, .. }] if seat == winner
        ));
        let dealt = r.game().table().state().hole(winner);
        assert!(dealt.is_some());
        assert_eq!(
            r.view(None).state.hole(winner),
            dealt,
            "a watcher sees them"
        );
        assert!(r.show(winner).is_err(), "only once");
        let back = Runner::<Holdem>::restore(r.save(), |_, _| {}).expect("replays");
        assert_eq!(back.view(Some(first)).state.hole(winner), dealt);
        assert_eq!(back.game().chips(), r.game().chips());
    }
}
