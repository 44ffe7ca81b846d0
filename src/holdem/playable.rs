//! Hold'em as the runner plays it: [`Playable`] for a [`Holdem`], and the
//! table's bots as the runner's bots.

use super::action::{Action, Event};
use super::bots::{self, TableBot};
use super::formats::phh;
use super::history::HandRecord;
use super::narration;
use super::seats::MAX_SEATS;
use super::table::View;
use crate::cards::CardSet;
use crate::game::{Bot, BoxBot, Game, GameRng, Level, Playable, Seat, SetupError};
use crate::narrate::Note;

use super::session::{Holdem, SessionError};
use super::setup::{Mode, Rebuy, Setup};

/// A hand-level bot plays every hand of a session: it sees the same views
/// and takes the same actions.
impl Bot<Holdem> for TableBot {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Action {
        (**self).choose(view, rng)
    }

    fn observe(&mut self, view: &View, action: &Action) {
        (**self).observe(view, action);
    }

    fn memory(&self) -> Option<serde_json::Value> {
        (**self).memory()
    }

    fn recall(&mut self, memory: &serde_json::Value) {
        (**self).recall(memory);
    }

    fn deal_ended(&mut self, view: &View) {
        (**self).deal_ended(view);
    }

    fn explain(&self) -> Option<String> {
        (**self).explain()
    }
}

impl Playable for Holdem {
    type Setup = Setup;
    const ID: &'static str = "holdem";
    const MATCH_BATCH: u64 = 500;
    const RECORD_EXT: Option<&'static str> = Some("phh");

    fn new(setup: &Setup, seed: u64) -> Result<Holdem, SetupError> {
        Holdem::new(setup, seed)
    }

    /// The first hand's events, from its log (the hole cards named again).
    fn opening(&self) -> Vec<Event> {
        let state = self.table.state();
        state
            .log()
            .iter()
            .map(|e| match e {
                Event::HoleDealt { seat, .. } => Event::HoleDealt {
                    seat: *seat,
                    cards: state.hole(*seat),
                },
                e => e.clone(),
            })
            .collect()
    }

    fn seated(setup: &Setup, seed: u64, chips: &[u64]) -> Result<Holdem, SetupError> {
        Holdem::seated(setup, seed, chips)
    }

    fn chips(&self) -> Option<Vec<u64>> {
        Some(self.stacks.clone())
    }

    fn set_chips(&mut self, seat: Seat, chips: u64) -> Result<(), SetupError> {
        self.set_stack(seat, chips)
    }

    /// Cash games without rebuys: a player buys in again by sitting down
    /// again, from their bankroll.
    fn hall_setup(setup: Setup) -> Setup {
        match setup.mode {
            Mode::Cash { .. } => Setup {
                mode: Mode::Cash {
                    rebuy: Rebuy::Never,
                },
                ..setup
            },
            Mode::Tournament { .. } => setup,
        }
    }

    fn hall_rebuy(setup: &Setup, chips: u64) -> u64 {
        match setup.mode {
            Mode::Cash { rebuy } => setup.rebuy_for(rebuy, chips),
            Mode::Tournament { .. } => 0,
        }
    }

    /// The hand as PHH: every player's name, the hero (the person it is
    /// kept for), a number of its own and the time it ended (UTC).
    fn deal_record(&self, kept: &crate::game::Kept) -> Option<String> {
        self.table.outcome()?;
        let r = HandRecord::kept(&self.table, kept, self.hands_played());
        Some(phh::write_record(&r))
    }

    fn seats(&self) -> usize {
        self.stacks.len()
    }

    /// The winner of a hand nobody contested may show.
    fn may_show(&self, seat: Seat) -> bool {
        self.table.state().won_unseen(seat)
    }

    fn show(&mut self, seat: Seat) -> Vec<Event> {
        self.table.show(seat, None).unwrap_or_default()
    }

    /// Seen from no seat: hole cards only once shown.
    fn spectator_view(&self) -> View {
        self.view(MAX_SEATS)
    }

    fn event_for(event: &Event, seat: Option<Seat>) -> Event {
        event.seen_by(seat.unwrap_or(MAX_SEATS))
    }

    fn secrets(&self, seat: Option<Seat>) -> CardSet {
        let state = self.table.state();
        match seat {
            Some(s) if !state.shown(s) => state.hole(s).into_iter().flatten().collect(),
            Some(_) => CardSet::EMPTY,
            None => self.table.undealt(),
        }
    }

    fn narrate(&self, event: &Event) -> Vec<Note> {
        narration::notes(self, event)
    }

    /// Check when free, else fold.
    fn default_action(&self) -> Option<Action> {
        let legal = self.table.state().legal()?;
        Some(bots::give_up(&legal))
    }

    fn deal_over(&self) -> bool {
        self.table.to_act().is_none() && !self.is_over()
    }

    fn next_deal(&mut self) -> Result<Vec<Event>, SessionError> {
        self.start_hand()
    }

    fn scores(&self) -> Option<Vec<f64>> {
        let out = self.table.outcome()?;
        Some(out.net.iter().map(|&n| n as f64).collect())
    }

    fn score_unit(&self) -> f64 {
        self.blinds().big as f64
    }

    fn bought(&self, seat: Seat) -> Option<u64> {
        self.bought.get(seat).copied()
    }

    fn dealt_in(&self, seat: Seat) -> bool {
        self.table.state().hole(seat).is_some()
    }

    fn view_unit(view: &View) -> f64 {
        view.state.blinds().big as f64
    }

    fn bot_names() -> &'static [&'static str] {
        &bots::NAMES
    }

    fn bot(name: &str) -> Option<BoxBot<Holdem>> {
        bots::by_name(name).map(|b| Box::new(b) as BoxBot<Holdem>)
    }

    fn level_bot(level: Level) -> &'static str {
        level.name()
    }
}
