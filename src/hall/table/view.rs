//! The hall table as each player sees it (their seat's view, their legal
//! actions, the status line) and as the lobby lists it, and the telling
//! of watchers: each step as it happens, the table once it changed.

use serde_json::Value;
use serde_json::value::RawValue;

use super::seats::Occupant;
use super::{Table, about};
use crate::game::Stage;
use crate::runner::erased::Step;
use crate::wire::protocol::{SeatKind, SeatState, TableState, TableSummary, TableText};

impl Table {
    /// The table as `player` sees it (its clock left to the sender).
    pub(super) fn state_for(&self, player: i64) -> TableText {
        let you = self.slots.iter().position(|s| s.person() == Some(player));
        let held = self.held();
        let seats = self
            .slots
            .iter()
            .enumerate()
            .map(|(i, s)| SeatState {
                kind: match s.occupant {
                    Occupant::Empty => SeatKind::Empty,
                    Occupant::Person { .. } => SeatKind::Person,
                    Occupant::Bot { .. } => SeatKind::Bot,
                },
                name: match &s.occupant {
                    Occupant::Empty => String::new(),
                    _ => s.info().name,
                },
                connected: s.away_since.is_none(),
                sitting_out: s.sitting_out,
                chips: self.chips_game.then(|| held[i]),
            })
            .collect();
        // A seat sitting out has its turns played for it: nothing to do.
        let acting = you.filter(|&y| !self.slots[y].sitting_out);
        let (view, legal) = match &self.runner {
            Some(r) => (r.view(you), r.legal(acting)),
            None => (RawValue::NULL.to_owned(), Value::Array(Vec::new())),
        };
        TableState {
            table: self.id,
            game: self.entry.id.into(),
            setup: self.setup.clone(),
            seconds: self.seconds,
            seats,
            you,
            owner: player == self.owner,
            invite: (player == self.owner)
                .then(|| self.invite.clone())
                .flatten(),
            stage: self.stage(),
            deal: match self.stage() {
                Some(Stage::Turn(_)) => self.deals + 1,
                _ => self.deals,
            },
            step: self.steps as u64,
            view,
            legal,
            deadline_ms: None,
            status: self.status(),
        }
    }

    pub(super) fn status(&self) -> String {
        match self.stage() {
            None if self.chips_game => "waiting for two players with chips".into(),
            None => format!(
                "waiting for players: {} of {} seats filled",
                self.slots.iter().filter(|s| !s.is_empty()).count(),
                self.slots.len()
            ),
            Some(Stage::Turn(s)) => match &self.slots[s].occupant {
                Occupant::Bot { .. } => format!("{} is thinking", self.slots[s].info().name),
                _ => format!("{} to act", self.slots[s].info().name),
            },
            Some(Stage::DealOver) => "the next deal comes in a moment".into(),
            Some(Stage::Over) => "waiting for players with chips".into(),
        }
    }

    /// Tells every watcher of a step: its log lines for their seat.
    pub(super) fn broadcast(&mut self, step: &Step) {
        let slots = &self.slots;
        let dropped = self.watchers.step(self.id, step, |player| {
            slots.iter().position(|s| s.person() == Some(player))
        });
        self.gone(dropped);
    }

    /// Marks the table as changed: every watcher is sent it once the
    /// table has done all it does at this wake.
    pub(super) fn publish(&mut self) {
        self.changed = true;
    }

    /// Sends every watcher the table as it stands, if it changed for them.
    pub(super) fn publish_now(&mut self) {
        self.changed = false;
        let mut watchers = std::mem::take(&mut self.watchers);
        let dropped = watchers.table(self.clock.deadline_at(), |p| self.state_for(p));
        self.watchers = watchers;
        self.gone(dropped);
    }

    /// The table as the lobby lists it.
    pub(super) fn summary(&self) -> TableSummary {
        TableSummary {
            table: self.id,
            game: self.entry.id.into(),
            about: about(self.entry, &self.setup),
            seats: self.slots.len(),
            players: self
                .slots
                .iter()
                .map(|s| (!s.is_empty()).then(|| s.info().name))
                .collect(),
            watching: self.watchers.len(),
            playing: self.runner.is_some(),
            private: self.invite.is_some(),
        }
    }
}
