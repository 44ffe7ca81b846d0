//! What a hall table writes to the store before anyone is told of it:
//! each change of its seats with the steps since, each step as it is
//! played, and each ended deal booked (its record, statistics, the chips
//! it moved, and a checkpoint), so a killed server resumes from its log.

use serde_json::Value;
use tokio::time::Duration;

use super::Table;
use super::ledger::{self, Change};
use super::seats::Slot;
use crate::hall::store::{self, DealRow, StoreError, seat_account};
use crate::runner::RunError;
use crate::runner::erased::Step;

impl Table {
    /// A change of this table as the store will write it: `steps` numbered
    /// on from the last, and the seats as they are now.
    pub(super) fn change(&mut self, steps: Vec<Value>) -> Change {
        let from = self.steps;
        self.steps += steps.len();
        Change {
            table: self.id,
            moves: Vec::new(),
            reason: "",
            checkpoint: None,
            steps: steps
                .into_iter()
                .enumerate()
                .map(|(k, e)| (from + k, e))
                .collect(),
            seats: serde_json::to_value(&self.slots).unwrap_or(Value::Null),
        }
    }

    /// Writes `change` and tells the lobby of the seats.
    pub(super) async fn write(&mut self, change: Change) {
        let written = self
            .hall
            .store
            .call(move |conn| ledger::write(conn, &change))
            .await;
        if let Err(e) = written {
            crate::hall::log(format_args!("hall: table {}: {e}", self.id));
        }
        self.hall.lobby_update(self.summary());
    }

    /// After a step: written to the store (with the deal's results when it
    /// ended one), then told to every watcher. False when there was none.
    pub(super) async fn stepped(&mut self, step: Option<Result<Step, RunError>>) -> bool {
        let step = match step {
            Some(Ok(step)) => step,
            Some(Err(e)) => {
                crate::hall::log(format_args!("hall: table {}: {e}", self.id));
                return false;
            }
            None => return false,
        };
        self.deal_log.push(step.entry.clone());
        let (id, n, entry) = (self.id, self.steps, step.entry.clone());
        self.steps += 1;
        let result = match &step.ended {
            None => {
                self.hall
                    .store
                    .call(move |conn| store::append_step(conn, id, n, &entry))
                    .await
            }
            Some((scores, unit)) => self.book(scores.clone(), *unit).await,
        };
        if let Err(e) = result {
            crate::hall::log(format_args!("hall: table {}: {e}", self.id));
        }
        self.clock.deadline = None;
        self.broadcast(&step);
        true
    }

    /// A deal ended: in one transaction its record, each player's
    /// statistics, the chips it moved between seats, and a checkpoint (the
    /// log starts again from here).
    pub(super) async fn book(&mut self, scores: Vec<f64>, unit: f64) -> Result<(), StoreError> {
        // A table of one person and bots keeps its hands for that person:
        // the record's hero. Where several people play, it is nobody's.
        let mut people = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.person().is_some());
        let me = match (people.next(), people.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        };
        let Some(runner) = &mut self.runner else {
            return Ok(());
        };
        let record = runner.deal_record(me, Some(crate::game::now_seconds()));
        runner.rebase();
        let save = runner.save();
        self.steps = 0;
        let deal = DealRow {
            table: self.id,
            game: self.entry.id.to_string(),
            seed: self.seed,
            players: self.slots.iter().map(Slot::person).collect(),
            scores: scores.clone(),
            record,
            log: Value::Array(std::mem::take(&mut self.deal_log)),
            unit,
        };
        for slot in &mut self.slots {
            slot.timeouts = 0;
            slot.bank_used = Duration::ZERO;
            slot.banking = None;
        }
        self.deals += 1;
        let (id, chips_game) = (self.id, self.chips_game);
        self.hall
            .store
            .call(move |conn| {
                let tx = conn.savepoint()?;
                store::record_deal(&tx, &deal)?;
                if chips_game {
                    let rows: Vec<(String, i64)> = scores
                        .iter()
                        .enumerate()
                        .map(|(s, &v)| (seat_account(id, s), v.round() as i64))
                        .collect();
                    store::transfer(&tx, &rows, "hand")?;
                }
                store::checkpoint(&tx, id, &save)?;
                tx.commit()?;
                Ok(())
            })
            .await
    }
}
