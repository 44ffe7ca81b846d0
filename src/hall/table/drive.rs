//! How a hall table moves its session on by itself: starting it once the
//! seats are filled, letting bots think on the blocking pool and
//! sitting-out seats play their default, the person's deadline and what
//! happens when a clock runs out, a bot standing in for an absent person,
//! and the pause between deals.

use tokio::time::{Duration, Instant};

use super::clock::{GRACE, REMOVE_AFTER, TIME_BANK, TIMEOUTS_TO_SIT_OUT};
use super::seats::{Occupant, Slot};
use super::{SUBSTITUTE, Table};
use crate::game::{Seat, Stage};
use crate::runner::erased::AnyTurn;
use crate::runner::{RunError, SeatInfo};

impl Table {
    /// Moves the session on as far as it goes by itself: starts it, lets
    /// bots and sitting-out seats act, sets the person's deadline.
    pub(super) async fn drive(&mut self) {
        if self.runner.is_none() {
            self.try_start().await;
        }
        for _ in 0..10_000 {
            let Some(stage) = self.stage() else { return };
            match stage {
                Stage::Turn(seat) => {
                    let slot = &self.slots[seat];
                    if slot.is_bot() {
                        self.clock.deadline = None;
                        if self.thinking.is_none() {
                            self.think();
                        }
                        return;
                    }
                    if slot.sitting_out || slot.is_empty() {
                        // Each position is seen before its move is made.
                        if self.changed {
                            self.publish_now();
                        }
                        self.clock.deadline = None;
                        let step = self.runner.as_mut().map(|r| r.stand_in(seat));
                        if !self.stepped(step).await {
                            return;
                        }
                        // Each default move is seen, as each bot's is.
                        self.publish_now();
                        continue;
                    }
                    if self.clock.deadline.map(|(s, _)| s) != Some(seat) {
                        let secs = Duration::from_secs(u64::from(self.seconds));
                        self.clock.deadline = Some((seat, Instant::now() + secs));
                        self.publish();
                    }
                    return;
                }
                // A table of bots nobody sits at or watches waits for
                // someone instead of dealing (and storing) for ever; a
                // session that is over waits until its seats change (a
                // buy-in, a rebuy) and settles them once.
                Stage::DealOver | Stage::Over => {
                    self.clock.deadline = None;
                    let due = stage == Stage::DealOver || !self.settled;
                    if due && self.anyone_there() {
                        self.clock.deal_after_pause(self.id);
                    }
                    return;
                }
            }
        }
    }

    /// A bot to act: its turn goes to the blocking pool, where it waits
    /// for its turn at the hall's thinking.
    pub(super) fn think(&mut self) {
        let Some(mut turn) = self.runner.as_mut().and_then(|r| r.lend()) else {
            return;
        };
        let budget = self.budget.clone();
        self.thinking = Some(tokio::task::spawn_blocking(move || {
            budget.think(|| turn.decide());
            turn
        }));
    }

    /// A bot's turn came back: its step, and the table after it (so
    /// every position is seen, one move at a time).
    pub(super) async fn bot_done(&mut self, turn: Option<Box<dyn AnyTurn>>) {
        let step = self.runner.as_mut().map(|r| match turn {
            Some(turn) => r.give_back(turn),
            None => r.lost_turn(),
        });
        if self.stepped(step).await {
            self.publish();
        }
    }

    pub(super) async fn on_time(&mut self) {
        let now = Instant::now();
        // Absent people whose grace ran out are sat out.
        for seat in 0..self.slots.len() {
            let slot = &mut self.slots[seat];
            if !slot.auto_out && slot.away_since.is_some_and(|t| t + GRACE <= now) {
                slot.sitting_out = true;
                slot.auto_out = true;
                self.substitute(seat);
            }
        }
        if let Some((seat, at)) = self.clock.deadline
            && at <= now
        {
            self.clock.deadline = None;
            let slot = &mut self.slots[seat];
            let left = TIME_BANK.saturating_sub(slot.bank_used);
            if self.chips_game && slot.banking.is_none() && !left.is_zero() {
                // Into what is left of the deal's time bank.
                slot.banking = Some(now);
                self.clock.deadline = Some((seat, now + left));
                self.publish();
                return;
            }
            slot.banking = None;
            slot.bank_used = TIME_BANK;
            slot.timeouts += 1;
            if slot.timeouts >= TIMEOUTS_TO_SIT_OUT {
                slot.sitting_out = true;
                slot.auto_out = true;
            }
            let step = self.runner.as_mut().map(|r| r.time_out(seat));
            self.stepped(step).await;
        }
        if self.clock.next_deal_at.is_some_and(|t| t <= now) {
            self.clock.next_deal_at = None;
            self.between_deals().await;
        }
        self.publish();
    }

    /// In a game not played for chips, a bot plays for an absent person.
    pub(super) fn substitute(&mut self, seat: Seat) {
        if self.chips_game || self.runner.is_none() {
            return;
        }
        let Occupant::Person { player, name } = self.slots[seat].occupant.clone() else {
            return;
        };
        let bot = self.entry.kind.level_bot(SUBSTITUTE).to_string();
        self.slots[seat].occupant = Occupant::Bot {
            bot,
            for_player: Some((player, name)),
        };
        self.seat_runner(seat);
    }

    /// Gives the runner the seat as the hall has it now.
    pub(super) fn seat_runner(&mut self, seat: Seat) {
        let info = self.slots[seat].info();
        if let Some(r) = &mut self.runner
            && let Err(e) = r.set_seat(seat, info)
        {
            crate::hall::log(format_args!("hall: table {}: seat {seat}: {e}", self.id));
        }
    }
    /// Starts the session once enough seats are filled: every seat, or in
    /// a game for chips two seats with chips.
    pub(super) async fn try_start(&mut self) {
        let ready = if self.chips_game {
            self.slots.iter().filter(|s| s.chips > 0).count() >= 2
        } else {
            self.slots.iter().all(|s| !s.is_empty())
        };
        if !ready {
            return;
        }
        let infos: Vec<SeatInfo> = self.slots.iter().map(Slot::info).collect();
        let chips = self
            .chips_game
            .then(|| self.slots.iter().map(|s| s.chips).collect());
        let made = self
            .entry
            .kind
            .hall_setup(&self.setup)
            .map_err(RunError::from)
            .and_then(|setup| self.entry.kind.runner(&setup, self.seed, infos, chips));
        match made {
            Ok(runner) => {
                let opening = runner.opening();
                let save = runner.save();
                self.runner = Some(runner);
                self.steps = 0;
                self.deal_log = vec![opening.entry.clone()];
                let mut change = self.change(Vec::new());
                change.checkpoint = Some(save);
                self.write(change).await;
                // A first deal decided as it is dealt is booked like any.
                if let Some((scores, unit)) = opening.ended.clone()
                    && let Err(e) = self.book(scores, unit).await
                {
                    crate::hall::log(format_args!("hall: table {}: {e}", self.id));
                }
                self.broadcast(&opening);
            }
            Err(e) => crate::hall::log(format_args!("hall: table {}: cannot start: {e}", self.id)),
        }
    }

    /// Between deals: who leaves takes their chips, who bought chips
    /// (sitting down, or a rebuy the table's rule makes) brings them in, a
    /// busted bot leaves, and the next deal is dealt.
    pub(super) async fn between_deals(&mut self) {
        if self.in_deal() {
            return;
        }
        if self.chips_game {
            let now = Instant::now();
            for seat in 0..self.slots.len() {
                let slot = &self.slots[seat];
                if slot.is_empty() {
                    continue;
                }
                let gone = slot.away_since.is_some_and(|t| t + REMOVE_AFTER <= now);
                if slot.leaving || gone {
                    self.cash_out(seat).await;
                    continue;
                }
                self.rebuy(seat).await;
                self.take_buy_in(seat).await;
                if self.slots[seat].is_bot() && self.held()[seat] == 0 {
                    self.cash_out(seat).await;
                }
            }
        }
        if self.stage() == Some(Stage::DealOver) {
            let step = self.runner.as_mut().map(|r| r.next_deal());
            self.stepped(step).await;
        }
        self.settled = self.stage() == Some(Stage::Over);
        self.publish();
    }
}
