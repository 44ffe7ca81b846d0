//! One table of the hall: a task that owns its session (the runner, its
//! game's type erased) and everything about who sits and who watches. It
//! takes the acting seat from the connection, never from the message;
//! sends each watcher only what its seat may see; plays the game's default
//! action for a person whose time runs out; lets bots think on the
//! blocking pool; and writes every step to the store before anyone is told
//! of it, so a killed server resumes each unfinished deal from its log.
//! Its parts: who sits where ([`seats`]), the chips in front of them
//! ([`ledger`]), the clocks ([`clock`]), and what watchers are told
//! ([`publish`]).

mod clock;
mod ledger;
mod publish;
mod seats;

use std::sync::Arc;

use serde_json::Value;
use serde_json::value::RawValue;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::{Duration, Instant};

use super::Hall;
use super::outbox::{ConnId, Reply};
use super::store::{self, DealRow, StoreError, player_account, seat_account};
use crate::game::{Level, Seat, Stage};
use crate::games::Entry;
use crate::narrate::Note;
use crate::runner::erased::{AnyRunner, AnyTurn, Step};
use crate::runner::thinking::Budget;
use crate::runner::{RunError, SeatInfo};
use crate::wire::protocol::{
    MAX_CHAT, SeatKind, SeatState, ServerMsg, TableState, TableSummary, TableText, clean,
};
use clock::{Clock, GRACE, REMOVE_AFTER, TIME_BANK, TIMEOUTS_TO_SIT_OUT, sleep_until};
use ledger::Change;
use publish::Watchers;
use seats::{Occupant, Slot, seat_of};

pub use ledger::held;

/// The bot that plays for an absent person in a game not played for
/// chips.
const SUBSTITUTE: Level = Level::Normal;

/// A request to a table.
#[derive(Debug)]
pub enum TableCmd {
    /// Watch the table (its state comes back at once).
    Watch {
        /// Who.
        player: (i64, String),
        /// Where to answer.
        reply: Reply,
    },
    /// Sit in `seat`.
    Sit {
        /// Who.
        player: (i64, String),
        /// Where.
        seat: Seat,
        /// Where to answer.
        reply: Reply,
    },
    /// Stand up.
    Stand {
        /// Who.
        player: i64,
        /// Where to answer.
        reply: Reply,
    },
    /// Stop watching (and stand up).
    Leave {
        /// Who.
        player: i64,
        /// Where to answer.
        reply: Reply,
    },
    /// An action.
    Act {
        /// Who.
        player: i64,
        /// What.
        action: Value,
        /// Where to answer.
        reply: Reply,
    },
    /// A chat line.
    Chat {
        /// Who.
        name: String,
        /// What.
        text: String,
        /// Where to answer.
        reply: Reply,
    },
    /// Sit out or come back.
    SitOut {
        /// Who.
        player: i64,
        /// Out (true) or back (false).
        out_now: bool,
        /// Where to answer.
        reply: Reply,
    },
    /// A player shows their hidden cards between deals.
    Show {
        /// Who.
        player: i64,
        /// Where to answer.
        reply: Reply,
    },
    /// The creator adds a bot.
    AddBot {
        /// Who asks.
        player: i64,
        /// Where.
        seat: Seat,
        /// A level or a bot's name.
        bot: String,
        /// Where to answer.
        reply: Reply,
    },
    /// The creator removes a bot.
    RemoveBot {
        /// Who asks.
        player: i64,
        /// Where.
        seat: Seat,
        /// Where to answer.
        reply: Reply,
    },
    /// A connection closed.
    Gone {
        /// Which.
        conn: ConnId,
    },
}

/// A table being set up, from a create request or from the store.
pub struct Plan {
    /// Its number.
    pub id: u64,
    /// Its game.
    pub entry: &'static Entry,
    /// Its setup.
    pub setup: Value,
    /// Seconds to act.
    pub seconds: u32,
    /// Its creator.
    pub owner: i64,
    /// Its invite code (private tables).
    pub invite: Option<String>,
    /// Its seed.
    pub seed: u64,
    /// Who sits where, when restored.
    pub seats: Option<Value>,
    /// The runner, when restored mid-session.
    pub runner: Option<Box<dyn AnyRunner>>,
    /// Deals finished at it so far.
    pub deals: u64,
    /// The steps in the store since the runner's checkpoint (the deal so
    /// far, when restored mid-deal).
    pub log: Vec<Value>,
}

/// What woke the table.
enum Wake {
    Cmd(Option<TableCmd>),
    Turn(Option<Box<dyn AnyTurn>>),
    Time,
}

/// The table's task state.
struct Table {
    id: u64,
    entry: &'static Entry,
    chips_game: bool,
    setup: Value,
    stack: u64,
    seconds: u32,
    owner: i64,
    invite: Option<String>,
    seed: u64,
    slots: Vec<Slot>,
    runner: Option<Box<dyn AnyRunner>>,
    watchers: Watchers,
    hall: Arc<Hall>,
    /// Steps since the last checkpoint (the store's numbering).
    steps: usize,
    /// The current deal's log entries.
    deal_log: Vec<Value>,
    /// Deals finished.
    deals: u64,
    clock: Clock,
    /// The session is over and nothing about its seats has changed since
    /// the seats were last settled: nothing to do until something does.
    settled: bool,
    thinking: Option<JoinHandle<Box<dyn AnyTurn>>>,
    /// The table's share of the hall's thinking.
    budget: Budget,
    /// Changed since watchers were last sent the table.
    changed: bool,
}

/// A table's request channel.
pub fn channel() -> (mpsc::Sender<TableCmd>, mpsc::Receiver<TableCmd>) {
    mpsc::channel(256)
}

/// The seats of a table as its store row keeps them, for `seats` seats.
pub fn slots_of(saved: Option<Value>, seats: usize) -> Vec<Slot> {
    saved
        .and_then(|v| serde_json::from_value::<Vec<Slot>>(v).ok())
        .filter(|s| s.len() == seats)
        .unwrap_or_else(|| vec![Slot::empty(); seats])
}

/// A table's session from its store row: the save at its last
/// checkpoint, replayed through the steps since (`None`: not begun).
pub fn restore(
    entry: &Entry,
    save: Option<Value>,
    steps: Vec<Value>,
) -> Result<Option<Box<dyn AnyRunner>>, RunError> {
    let Some(mut save) = save else {
        return Ok(None);
    };
    save["log"] = Value::Array(steps);
    entry.kind.restore(&save).map(Some)
}

/// Starts a table's task, taking requests from `rx`.
pub fn spawn(hall: Arc<Hall>, plan: Plan, rx: mpsc::Receiver<TableCmd>) {
    let seats = plan.entry.kind.seats(&plan.setup).unwrap_or(2);
    let mut slots = slots_of(plan.seats, seats);
    if plan.runner.is_some() {
        // Restored: everyone is away until they come back.
        let now = Instant::now();
        for slot in slots.iter_mut().filter(|s| s.person().is_some()) {
            slot.away_since = Some(now);
        }
    }
    let stack = plan.setup.get("stack").and_then(Value::as_u64).unwrap_or(0);
    let budget = hall.thinking.budget();
    let table = Table {
        id: plan.id,
        entry: plan.entry,
        chips_game: plan.entry.kind.chips(),
        setup: plan.setup,
        stack,
        seconds: plan.seconds,
        owner: plan.owner,
        invite: plan.invite,
        seed: plan.seed,
        slots,
        runner: plan.runner,
        watchers: Watchers::default(),
        hall,
        steps: plan.log.len(),
        deal_log: plan.log,
        deals: plan.deals,
        clock: Clock::default(),
        settled: false,
        thinking: None,
        budget,
        changed: false,
    };
    tokio::spawn(async move { table.run(rx).await });
}

fn err(code: &str, message: impl Into<String>) -> ServerMsg {
    ServerMsg::error(code, message)
}

impl Table {
    async fn run(mut self, mut rx: mpsc::Receiver<TableCmd>) {
        self.hall.lobby_update(self.summary());
        self.publish();
        loop {
            // What a request or a wake changed is seen before the steps
            // that follow from it.
            if self.changed {
                self.publish_now();
            }
            self.drive().await;
            if self.changed {
                self.publish_now();
            }
            let at = self.clock.next_wake(&self.slots);
            let mut handle = self.thinking.take();
            let wake = {
                let thinking = async {
                    match handle.as_mut() {
                        Some(h) => h.await.ok(),
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    cmd = rx.recv() => Wake::Cmd(cmd),
                    turn = thinking => Wake::Turn(turn),
                    () = sleep_until(at) => Wake::Time,
                }
            };
            match wake {
                Wake::Cmd(None) => break,
                Wake::Cmd(Some(cmd)) => {
                    self.thinking = handle;
                    self.handle(cmd).await;
                }
                Wake::Turn(turn) => self.bot_done(turn).await,
                Wake::Time => {
                    self.thinking = handle;
                    self.on_time().await;
                }
            }
        }
    }

    /// Whether a person sits here (away or not) or watches.
    fn anyone_there(&self) -> bool {
        !self.watchers.is_empty()
            || self
                .slots
                .iter()
                .any(|s| matches!(s.occupant, Occupant::Person { .. }))
    }

    fn seat_of(&self, player: i64) -> Option<Seat> {
        seat_of(&self.slots, player)
    }

    fn stage(&self) -> Option<Stage> {
        self.runner.as_ref().map(|r| r.stage())
    }

    fn in_deal(&self) -> bool {
        matches!(self.stage(), Some(Stage::Turn(_)))
    }

    /// Whether `seat` has cards in the deal being played (its chips are
    /// settled only when the deal ends).
    fn in_hand(&self, seat: Seat) -> bool {
        self.in_deal() && self.runner.as_ref().is_some_and(|r| r.dealt_in(seat))
    }

    /// The chips in front of each seat, as the ledger holds them.
    fn held(&self) -> Vec<u64> {
        let session = self.runner.as_ref().and_then(|r| r.chips());
        held(&self.slots, session.as_deref())
    }

    /// Moves the session on as far as it goes by itself: starts it, lets
    /// bots and sitting-out seats act, sets the person's deadline.
    async fn drive(&mut self) {
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
    fn think(&mut self) {
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
    async fn bot_done(&mut self, turn: Option<Box<dyn AnyTurn>>) {
        let step = self.runner.as_mut().map(|r| match turn {
            Some(turn) => r.give_back(turn),
            None => r.lost_turn(),
        });
        if self.stepped(step).await {
            self.publish();
        }
    }

    async fn on_time(&mut self) {
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
    fn substitute(&mut self, seat: Seat) {
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
    fn seat_runner(&mut self, seat: Seat) {
        let info = self.slots[seat].info();
        if let Some(r) = &mut self.runner
            && let Err(e) = r.set_seat(seat, info)
        {
            super::log(format_args!("hall: table {}: seat {seat}: {e}", self.id));
        }
    }

    /// A change of this table as the store will write it: `steps` numbered
    /// on from the last, and the seats as they are now.
    fn change(&mut self, steps: Vec<Value>) -> Change {
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
    async fn write(&mut self, change: Change) {
        let written = self
            .hall
            .store
            .call(move |conn| ledger::write(conn, &change))
            .await;
        if let Err(e) = written {
            super::log(format_args!("hall: table {}: {e}", self.id));
        }
        self.hall.lobby_update(self.summary());
    }

    /// Starts the session once enough seats are filled: every seat, or in
    /// a game for chips two seats with chips.
    async fn try_start(&mut self) {
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
                    super::log(format_args!("hall: table {}: {e}", self.id));
                }
                self.broadcast(&opening);
            }
            Err(e) => super::log(format_args!("hall: table {}: cannot start: {e}", self.id)),
        }
    }

    /// After a step: written to the store (with the deal's results when it
    /// ended one), then told to every watcher. False when there was none.
    async fn stepped(&mut self, step: Option<Result<Step, RunError>>) -> bool {
        let step = match step {
            Some(Ok(step)) => step,
            Some(Err(e)) => {
                super::log(format_args!("hall: table {}: {e}", self.id));
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
            super::log(format_args!("hall: table {}: {e}", self.id));
        }
        self.clock.deadline = None;
        self.broadcast(&step);
        true
    }

    /// A deal ended: in one transaction its record, each player's
    /// statistics, the chips it moved between seats, and a checkpoint (the
    /// log starts again from here).
    async fn book(&mut self, scores: Vec<f64>, unit: f64) -> Result<(), StoreError> {
        let Some(runner) = &mut self.runner else {
            return Ok(());
        };
        let record = runner.deal_record(None, Some(crate::game::now_seconds()));
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

    /// Between deals: who leaves takes their chips, who bought chips
    /// (sitting down, or a rebuy the table's rule makes) brings them in, a
    /// busted bot leaves, and the next deal is dealt.
    async fn between_deals(&mut self) {
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

    /// Empties `seat`, its chips back to where they came from.
    async fn cash_out(&mut self, seat: Seat) {
        let chips = self.held()[seat];
        let to = ledger::account_of(&self.slots[seat]);
        let owner = self.slots[seat].owner();
        let in_session = self
            .runner
            .as_ref()
            .and_then(|r| r.chips())
            .and_then(|c| c.get(seat).copied())
            .unwrap_or(0);
        let step = match &mut self.runner {
            Some(r) if in_session > 0 => Some(r.set_chips(seat, 0).map(|mut step| {
                step.tell(
                    &Note::new()
                        .seat(seat)
                        .verb("leave")
                        .text("with")
                        .amount(chips),
                );
                step
            })),
            _ => None,
        };
        let entries = match &step {
            Some(Ok(s)) => vec![s.entry.clone()],
            _ => Vec::new(),
        };
        self.slots[seat] = Slot::empty();
        self.seat_runner(seat);
        let mut change = self.change(entries);
        change.cash_out(seat, to, chips);
        self.write(change).await;
        if let Some(Ok(step)) = step {
            self.broadcast(&step);
        }
        if let Some(p) = owner {
            self.tell_bankroll(p).await;
        }
    }

    /// `occupant` buys `amount` chips into `seat` from their bankroll (a
    /// bot, from the house). The session takes them at once when no deal
    /// is being played or shown, else between deals.
    async fn buy_in(
        &mut self,
        seat: Seat,
        occupant: Occupant,
        amount: u64,
    ) -> Result<(), ServerMsg> {
        let begun = self.runner.is_some();
        let before = self.slots[seat].clone();
        let mut slot = if before.occupant == occupant {
            before.clone()
        } else {
            Slot::of(occupant, 0, false)
        };
        slot.buy(amount, begun);
        self.slots[seat] = slot;
        let payer = ledger::account_of(&self.slots[seat]);
        let change = self.change(Vec::new());
        let paid = self
            .hall
            .store
            .call(move |conn| ledger::pay_in(conn, seat, &payer, amount, change))
            .await;
        let refused = match paid {
            Ok(Ok(balance)) => Ok(balance),
            Ok(Err(have)) => Err(err(
                "bankroll",
                format!("the buy-in is {amount} and you have {have}"),
            )),
            Err(e) => Err(err("store", e.to_string())),
        };
        let balance = refused.inspect_err(|_| self.slots[seat] = before)?;
        self.seat_runner(seat);
        self.hall.lobby_update(self.summary());
        if let Some(p) = self.slots[seat].person() {
            // The bankroll as the buy-in left it: no second trip to the store.
            self.hall
                .tell_player(p, &ServerMsg::Bankroll { bankroll: balance });
        }
        if !self.in_deal() && self.stage() != Some(Stage::DealOver) {
            self.take_buy_in(seat).await;
        }
        Ok(())
    }

    /// Chips `seat` bought during the session go into it.
    async fn take_buy_in(&mut self, seat: Seat) {
        let pending = self.slots[seat].pending(self.runner.is_some());
        let Some(runner) = self.runner.as_mut().filter(|_| pending > 0) else {
            return;
        };
        let playing = runner
            .chips()
            .and_then(|c| c.get(seat).copied())
            .unwrap_or(0);
        match runner.set_chips(seat, playing + pending) {
            Ok(mut step) => {
                let note = if playing == 0 {
                    Note::new()
                        .seat(seat)
                        .verb("buy")
                        .text("in for")
                        .amount(pending)
                } else {
                    let total = playing + pending;
                    Note::new()
                        .seat(seat)
                        .verb("top")
                        .text("up to")
                        .amount(total)
                };
                step.tell(&note);
                let slot = &mut self.slots[seat];
                slot.chips = 0;
                slot.joining = false;
                let change = self.change(vec![step.entry.clone()]);
                self.write(change).await;
                self.broadcast(&step);
            }
            Err(e) => super::log(format_args!("hall: table {}: buy-in: {e}", self.id)),
        }
    }

    /// Before the next deal, `seat` buys what the table's rebuy rule says
    /// (a busted seat its stack again, a short one topped up), as much as
    /// its owner's bankroll holds.
    async fn rebuy(&mut self, seat: Seat) {
        let want = self.entry.kind.hall_rebuy(&self.setup, self.held()[seat]);
        if want == 0 {
            return;
        }
        let payer = ledger::account_of(&self.slots[seat]);
        let amount = if self.slots[seat].owner().is_some() {
            let have = self
                .hall
                .store
                .call(move |conn| Ok(store::balance(conn, &payer)?))
                .await
                .unwrap_or(0);
            want.min(have.max(0) as u64)
        } else {
            want
        };
        if amount > 0 {
            let occupant = self.slots[seat].occupant.clone();
            if let Err(e) = self.buy_in(seat, occupant, amount).await {
                super::log(format_args!("hall: table {}: rebuy: {e:?}", self.id));
            }
        }
    }

    async fn tell_bankroll(&mut self, player: i64) {
        let bankroll = self
            .hall
            .store
            .call(move |conn| Ok(store::balance(conn, &player_account(player))?))
            .await
            .unwrap_or(0);
        // Every connection of the player's: one that left the table in the
        // middle of the hand is paid when it ends, in the lobby.
        self.hall
            .tell_player(player, &ServerMsg::Bankroll { bankroll });
    }

    async fn handle(&mut self, cmd: TableCmd) {
        // Whatever a request does, an ended session looks at its seats again.
        self.settled = false;
        let table = Some(self.id);
        match cmd {
            TableCmd::Watch { player, reply } => {
                self.watchers.add(player.0, &reply.out, true);
                self.came_back(player.0);
                self.hall.lobby_update(self.summary());
                reply.answer(Ok(()), table);
            }
            TableCmd::Sit {
                player,
                seat,
                reply,
            } => {
                self.watchers.add(player.0, &reply.out, false);
                reply.answer(self.sit(player, seat).await, table);
            }
            TableCmd::Stand { player, reply } => {
                reply.answer(self.stand(player).await, table);
            }
            TableCmd::Leave { player, reply } => {
                let _ = self.stand(player).await;
                self.watchers.remove(reply.out.conn);
                reply.out.send(ServerMsg::Left { table: self.id });
                reply.answer(Ok(()), table);
                self.hall.lobby_update(self.summary());
            }
            TableCmd::Act {
                player,
                action,
                reply,
            } => {
                reply.answer(self.act(player, &action).await, table);
            }
            TableCmd::Show { player, reply } => {
                reply.answer(self.show(player).await, table);
            }
            TableCmd::Chat { name, text, reply } => {
                let text = clean(&text, MAX_CHAT);
                if !text.is_empty() {
                    let msg = ServerMsg::Chat {
                        table: Some(self.id),
                        from: name,
                        text,
                    };
                    let dropped = self.watchers.send_all(&msg);
                    self.gone(dropped);
                }
                reply.answer(Ok(()), table);
            }
            TableCmd::SitOut {
                player,
                out_now,
                reply,
            } => {
                let done = match self.seat_of(player) {
                    Some(seat) => {
                        let slot = &mut self.slots[seat];
                        slot.sitting_out = out_now;
                        slot.auto_out = false;
                        slot.timeouts = 0;
                        if !out_now {
                            self.back_in(seat);
                        }
                        let change = self.change(Vec::new());
                        self.write(change).await;
                        Ok(())
                    }
                    None => Err(err("not_seated", "you do not sit at this table")),
                };
                reply.answer(done, table);
            }
            TableCmd::AddBot {
                player,
                seat,
                bot,
                reply,
            } => {
                reply.answer(self.add_bot(player, seat, &bot).await, table);
            }
            TableCmd::RemoveBot {
                player,
                seat,
                reply,
            } => {
                reply.answer(self.remove_bot(player, seat).await, table);
            }
            TableCmd::Gone { conn } => {
                if let Some(player) = self.watchers.remove(conn) {
                    self.gone(vec![player]);
                }
                self.hall.lobby_update(self.summary());
            }
        }
        self.publish();
    }

    /// Connections of these players were dropped: a seated player with no
    /// other connection watching is away from now.
    fn gone(&mut self, players: Vec<i64>) {
        for player in players {
            if !self.watchers.has_player(player)
                && let Some(seat) = self.seat_of(player)
            {
                self.slots[seat].away_since.get_or_insert(Instant::now());
            }
        }
    }

    /// A person whose seat this is is here again.
    fn came_back(&mut self, player: i64) {
        let Some(seat) = self.seat_of(player) else {
            return;
        };
        self.slots[seat].away_since = None;
        if self.slots[seat].auto_out {
            self.slots[seat].sitting_out = false;
            self.slots[seat].auto_out = false;
            self.slots[seat].timeouts = 0;
            self.back_in(seat);
        }
    }

    /// A person takes their seat back from the bot playing for them.
    fn back_in(&mut self, seat: Seat) {
        if let Occupant::Bot {
            for_player: Some((player, name)),
            ..
        } = self.slots[seat].occupant.clone()
        {
            self.slots[seat].occupant = Occupant::Person { player, name };
            self.seat_runner(seat);
        }
    }

    async fn sit(&mut self, (player, name): (i64, String), seat: Seat) -> Result<(), ServerMsg> {
        if seat >= self.slots.len() {
            return Err(err(
                "no_seat",
                format!("the table has seats 0 to {}", self.slots.len() - 1),
            ));
        }
        if let Some(mine) = self.seat_of(player) {
            if mine != seat {
                return Err(err("seated", format!("you already sit in seat {mine}")));
            }
            self.came_back(player);
            return self.stay(seat).await;
        }
        match &self.slots[seat].occupant {
            Occupant::Empty => {}
            // A person may take over a bot in a game already going that is
            // not played for chips.
            Occupant::Bot {
                for_player: None, ..
            } if !self.chips_game && self.runner.is_some() => {}
            _ => return Err(err("taken", format!("seat {seat} is taken"))),
        }
        let person = Occupant::Person { player, name };
        if self.chips_game {
            return self.buy_in(seat, person, self.stack).await;
        }
        self.slots[seat] = Slot::of(person, 0, false);
        self.seat_runner(seat);
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    /// A person sits in their own seat again: they stay after all (a stand
    /// asked for during the deal is forgotten), and with no chips left
    /// they buy in again.
    async fn stay(&mut self, seat: Seat) -> Result<(), ServerMsg> {
        let slot = &mut self.slots[seat];
        if slot.leaving {
            slot.leaving = false;
            slot.sitting_out = false;
        }
        if self.chips_game && self.held()[seat] == 0 {
            let occupant = self.slots[seat].occupant.clone();
            return self.buy_in(seat, occupant, self.stack).await;
        }
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    async fn stand(&mut self, player: i64) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        if self.chips_game {
            if self.in_hand(seat) {
                // Out of the hand (check or fold), out of the seat at its end.
                self.slots[seat].leaving = true;
                self.slots[seat].sitting_out = true;
            } else {
                // Not dealt in (a buy-in waiting, no chips): out at once.
                self.cash_out(seat).await;
                return Ok(());
            }
        } else if self.runner.is_some() {
            // The game goes on: a bot takes the seat.
            let bot = self.entry.kind.level_bot(SUBSTITUTE).to_string();
            self.slots[seat].occupant = Occupant::Bot {
                bot,
                for_player: None,
            };
            self.seat_runner(seat);
        } else {
            self.slots[seat] = Slot::empty();
        }
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    async fn act(&mut self, player: i64, action: &Value) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        if self.stage() != Some(Stage::Turn(seat)) || self.slots[seat].person() != Some(player) {
            return Err(err("not_your_turn", "it is not your turn"));
        }
        let result = self.runner.as_mut().map(|r| r.act(seat, action));
        if let Some(Err(e)) = &result {
            return Err(err("illegal", e.to_string()));
        }
        let slot = &mut self.slots[seat];
        slot.timeouts = 0;
        if let Some(since) = slot.banking.take() {
            slot.bank_used += since.elapsed();
        }
        self.stepped(result).await;
        Ok(())
    }

    /// The player shows their hidden cards, where the game lets them.
    async fn show(&mut self, player: i64) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        let result = match self.runner.as_mut() {
            Some(r) => r.show(seat),
            None => return Err(err("illegal", "there is nothing to show now")),
        };
        if let Err(e) = &result {
            return Err(err("illegal", e.to_string()));
        }
        let result = Some(result);
        self.stepped(result).await;
        Ok(())
    }

    fn is_owner(&self, player: i64) -> Result<(), ServerMsg> {
        if player == self.owner {
            Ok(())
        } else {
            Err(err(
                "not_owner",
                "only the table's creator adds and removes bots",
            ))
        }
    }

    async fn add_bot(&mut self, player: i64, seat: Seat, bot: &str) -> Result<(), ServerMsg> {
        self.is_owner(player)?;
        if !self.slots.get(seat).is_some_and(Slot::is_empty) {
            return Err(err("taken", format!("seat {seat} is not empty")));
        }
        let name = match bot.parse::<Level>() {
            Ok(level) => self.entry.kind.level_bot(level).to_string(),
            Err(_) if self.entry.kind.bot_names().contains(&bot) => bot.to_string(),
            Err(_) => {
                return Err(err(
                    "bad_bot",
                    format!(
                        "no bot {bot:?}: a level (easy, normal, hard) or one of {}",
                        self.entry.kind.bot_names().join(", ")
                    ),
                ));
            }
        };
        let occupant = Occupant::Bot {
            bot: name,
            for_player: None,
        };
        if self.chips_game {
            return self.buy_in(seat, occupant, self.stack).await;
        }
        self.slots[seat] = Slot::of(occupant, 0, false);
        self.seat_runner(seat);
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    async fn remove_bot(&mut self, player: i64, seat: Seat) -> Result<(), ServerMsg> {
        self.is_owner(player)?;
        if !matches!(
            self.slots.get(seat).map(|s| &s.occupant),
            Some(Occupant::Bot {
                for_player: None,
                ..
            })
        ) {
            return Err(err("no_bot", format!("no bot in seat {seat}")));
        }
        if self.chips_game {
            if self.in_hand(seat) {
                self.slots[seat].leaving = true;
            } else {
                self.cash_out(seat).await;
                return Ok(());
            }
        } else if self.runner.is_some() {
            return Err(err(
                "playing",
                "the game is going: a bot stays until a person takes the seat",
            ));
        } else {
            self.slots[seat] = Slot::empty();
        }
        let change = self.change(Vec::new());
        self.write(change).await;
        Ok(())
    }

    /// The table as `player` sees it (its clock left to the sender).
    fn state_for(&self, player: i64) -> TableText {
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

    fn status(&self) -> String {
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
    fn broadcast(&mut self, step: &Step) {
        let slots = &self.slots;
        let dropped = self.watchers.step(self.id, step, |player| {
            slots.iter().position(|s| s.person() == Some(player))
        });
        self.gone(dropped);
    }

    /// Marks the table as changed: every watcher is sent it once the
    /// table has done all it does at this wake.
    fn publish(&mut self) {
        self.changed = true;
    }

    /// Sends every watcher the table as it stands, if it changed for them.
    fn publish_now(&mut self) {
        self.changed = false;
        let mut watchers = std::mem::take(&mut self.watchers);
        let dropped = watchers.table(self.clock.deadline_at(), |p| self.state_for(p));
        self.watchers = watchers;
        self.gone(dropped);
    }

    /// The table as the lobby lists it.
    fn summary(&self) -> TableSummary {
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

/// A few words about a table's setup for the lobby: its options' values,
/// leaving out the options not in use ("none", "no").
pub fn about(entry: &Entry, setup: &Value) -> String {
    entry
        .kind
        .fields(setup)
        .unwrap_or_default()
        .iter()
        .filter_map(|f| f.choices.get(f.selected).cloned())
        .filter(|v| v != "none" && v != "no")
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry;

    #[test]
    fn the_lobby_line_leaves_out_options_not_in_use() {
        let entry = registry().get("holdem").unwrap_or_else(|| panic!("holdem"));
        let plain = entry.kind.default_setup();
        assert_eq!(
            about(entry, &plain),
            "6, 1000, 5/10, cash, rebuy when busted"
        );
        let mut ante = plain.clone();
        ante["ante"] = serde_json::json!(1);
        assert!(
            about(entry, &ante).contains("5/10, cash, rebuy when busted, "),
            "{}",
            about(entry, &ante)
        );
    }
}
