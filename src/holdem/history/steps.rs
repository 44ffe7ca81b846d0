//! Stepping through a hand: the table as it stood after each action,
//! forward and back, street by street, for a replayer on screen and for
//! anything that wants the state at a given moment.

use super::{HandRecord, HistoryError, states};
use crate::holdem::action::Street;
use crate::holdem::hand::HandState;
use crate::holdem::table::Table;

/// A hand as a list of moments: the table before any action, then after
/// each action of the history.
#[derive(Debug, Clone)]
pub struct Steps {
    record: HandRecord,
    tables: Vec<Table>,
    error: Option<HistoryError>,
    at: usize,
}

impl Steps {
    /// Replays `record` once, keeping every moment. A hand that stops
    /// replaying keeps the moments up to the action that failed, and the
    /// reason.
    pub fn new(record: HandRecord) -> Steps {
        let (tables, error) = states(&record);
        Steps {
            record,
            tables,
            error,
            at: 0,
        }
    }

    /// The history.
    pub fn record(&self) -> &HandRecord {
        &self.record
    }

    /// Why the replay stopped early, if it did.
    pub fn error(&self) -> Option<&HistoryError> {
        self.error.as_ref()
    }

    /// How many moments there are (at least one unless the hand could not
    /// even start).
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether there is no moment at all.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The current moment's index.
    pub fn position(&self) -> usize {
        self.at
    }

    /// The table at the current moment.
    pub fn current(&self) -> Option<&HandState> {
        self.tables.get(self.at).map(Table::state)
    }

    /// The whole table at the current moment (for a seat's view of it).
    pub fn current_table(&self) -> Option<&Table> {
        self.tables.get(self.at)
    }

    /// The action that led to the current moment (none at the start,
    /// where the hole cards are dealt).
    pub fn last_action(&self) -> Option<&str> {
        let first = self
            .record
            .actions
            .iter()
            .take_while(|(a, _)| matches!(a, super::Act::Hole(..)))
            .count();
        let i = self.at.checked_sub(1)?;
        self.record.actions.get(first + i).map(|a| a.1.as_str())
    }

    /// Goes to moment `i` (clamped).
    pub fn seek(&mut self, i: usize) {
        self.at = i.min(self.tables.len().saturating_sub(1));
    }

    /// One action forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let before = self.at;
        self.seek(self.at + 1);
        self.at != before
    }

    /// One action back; false at the start.
    pub fn back(&mut self) -> bool {
        let before = self.at;
        self.seek(self.at.saturating_sub(1));
        self.at != before
    }

    /// The street a moment shows: by the board cards out (the hand over
    /// counts as a street of its own).
    fn street_at(&self, i: usize) -> Street {
        let Some(st) = self.tables.get(i).map(Table::state) else {
            return Street::Over;
        };
        match (st.street(), st.board().len()) {
            (Street::Over, _) => Street::Over,
            (_, 0..=2) => Street::Preflop,
            (_, 3) => Street::Flop,
            (_, 4) => Street::Turn,
            _ => Street::River,
        }
    }

    /// To the first moment of the next street (or the end).
    pub fn next_street(&mut self) {
        let now = self.street_at(self.at);
        while self.at + 1 < self.tables.len() {
            self.at += 1;
            if self.street_at(self.at) != now {
                break;
            }
        }
    }

    /// To the first moment of this street, or of the one before when
    /// already there.
    pub fn previous_street(&mut self) {
        let mut now = self.street_at(self.at);
        if self.at > 0 && self.street_at(self.at - 1) != now {
            self.at -= 1;
            now = self.street_at(self.at);
        }
        while self.at > 0 && self.street_at(self.at - 1) == now {
            self.at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::history::Act::{BetRaise, Board, CheckCall, Fold, Hole};
    use crate::holdem::history::sample::{cards, three_handed};

    #[test]
    fn steps_forward_and_back_by_action_and_street() {
        let r = three_handed(vec![
            Hole(0, cards("AcAd")),
            Hole(1, cards("QcQd")),
            Hole(2, cards("KcKd")),
            BetRaise(2, 30),
            CheckCall(0),
            Fold(1),
            Board(cards("2c7d9h")),
            CheckCall(0),
            BetRaise(2, 60),
            Fold(0),
        ]);
        let mut s = Steps::new(r);
        assert!(s.error().is_none());
        // The start (hole cards dealt) and one moment per later action.
        assert_eq!(s.len(), 1 + 7);
        assert_eq!(s.current().map(HandState::street), Some(Street::Preflop));
        assert!(!s.back());
        assert!(s.forward());
        assert_eq!(s.last_action(), Some("p3 cbr 30"));
        assert_eq!(s.current().map(HandState::current_bet), Some(30));
        s.next_street();
        assert_eq!(s.current().map(|c| c.board().len()), Some(3));
        assert_eq!(s.last_action(), Some("d db 2c7d9h"));
        s.next_street();
        assert_eq!(s.current().map(HandState::street), Some(Street::Over));
        assert!(!s.forward());
        s.previous_street();
        s.previous_street();
        assert_eq!(s.current().map(HandState::street), Some(Street::Preflop));
        assert_eq!(s.position(), 0);
    }
}
