//! One table of the hall: a task that owns its session (the runner, its
//! game's type erased) and everything about who sits and who watches. It
//! takes the acting seat from the connection, never from the message;
//! sends each watcher only what its seat may see; gives a person the
//! table's seconds to act (and a time bank in games played for chips) and
//! plays the game's default action when they run out; lets bots think on
//! the blocking pool; keeps the chips in the ledger; and writes every step
//! to the store before anyone is told of it, so a killed server resumes
//! each unfinished deal from its log.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::Hall;
use super::outbox::{ConnId, Outbox};
use super::protocol::{
    MAX_CHAT, SeatKind, SeatState, ServerMsg, TableState, TableSummary, TableText, clean,
};
use super::store::{self, DealRow, HOUSE, StoreError, player_account, seat_account};
use crate::game::{Level, Seat, Stage, rng_from_seed};
use crate::games::Entry;
use crate::runner::SeatInfo;
use crate::runner::erased::{AnyRunner, AnyTurn, Step};
use crate::runner::thinking::Budget;

/// A person who does not come back within this time is sat out (and, in
/// a game not played for chips, a bot takes the seat meanwhile).
pub const GRACE: Duration = Duration::from_secs(60);
/// A person away this long is taken out of their seat between deals (in a
/// game for chips, with their chips).
pub const REMOVE_AFTER: Duration = Duration::from_secs(300);
/// The pause between one deal's end and the next deal, on average: each
/// pause is up to half a second shorter or longer (see [`pause`]).
pub const BETWEEN_DEALS: Duration = Duration::from_secs(3);
/// A person's time bank in a game played for chips.
const TIME_BANK: Duration = Duration::from_secs(30);
/// Time outs in a row after which a person is sat out.
const TIMEOUTS_TO_SIT_OUT: u8 = 2;
/// The bot that plays for an absent person in a game not played for
/// chips.
const SUBSTITUTE: Level = Level::Normal;

/// The `n`th pause between deals at table `id`: [`BETWEEN_DEALS`] up to
/// half a second shorter or longer, the same for the same table and pause.
/// Tables that began together (a hall's tables after a restart, a crowd
/// arriving) drift apart instead of all dealing at the same moment.
fn pause(id: u64, n: u64) -> Duration {
    let mut rng = rng_from_seed(id.rotate_left(32) ^ n);
    BETWEEN_DEALS - Duration::from_millis(500) + Duration::from_millis(rng.random_range(0..=1000))
}

/// Who sits in a seat, as the hall keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    /// Nobody.
    Empty,
    /// A person.
    Person {
        /// Their number.
        player: i64,
        /// Their name.
        name: String,
    },
    /// A bot, perhaps playing for an absent person.
    Bot {
        /// The bot's name.
        bot: String,
        /// The person it plays for.
        #[serde(default)]
        for_player: Option<(i64, String)>,
    },
}

/// A seat: who is in it and how they are doing.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Slot {
    occupant: Occupant,
    /// Chips bought in before the session began (games played for chips).
    #[serde(default)]
    chips: u64,
    #[serde(skip)]
    sitting_out: bool,
    /// Sat out by the table (absent, or timed out), not by choice.
    #[serde(skip)]
    auto_out: bool,
    /// Standing up once the deal is over.
    #[serde(skip)]
    leaving: bool,
    /// Sat down during a deal: buys in once it is over.
    #[serde(skip)]
    joining: bool,
    #[serde(skip)]
    timeouts: u8,
    #[serde(skip)]
    away_since: Option<Instant>,
    #[serde(skip)]
    bank: Option<Duration>,
}

impl Slot {
    fn empty() -> Slot {
        Slot {
            occupant: Occupant::Empty,
            chips: 0,
            sitting_out: false,
            auto_out: false,
            leaving: false,
            joining: false,
            timeouts: 0,
            away_since: None,
            bank: None,
        }
    }

    fn person(&self) -> Option<i64> {
        match &self.occupant {
            Occupant::Person { player, .. } => Some(*player),
            _ => None,
        }
    }

    /// The person this seat is theirs, sitting or played for by a bot.
    fn owner(&self) -> Option<i64> {
        match &self.occupant {
            Occupant::Person { player, .. } => Some(*player),
            Occupant::Bot {
                for_player: Some((p, _)),
                ..
            } => Some(*p),
            _ => None,
        }
    }

    fn info(&self) -> SeatInfo {
        match &self.occupant {
            Occupant::Empty => SeatInfo::person("—"),
            Occupant::Person { name, .. } => SeatInfo::person(name.clone()),
            Occupant::Bot {
                bot,
                for_player: Some((_, name)),
            } => SeatInfo::bot(name.clone(), bot.clone()),
            Occupant::Bot { bot, .. } => SeatInfo::bot(format!("bot:{bot}"), bot.clone()),
        }
    }
}

/// A request to a table.
#[derive(Debug)]
pub enum TableCmd {
    /// Watch the table (its state comes back at once).
    Watch {
        /// Who.
        player: (i64, String),
        /// Where to send it.
        out: Outbox,
    },
    /// Sit in `seat`.
    Sit {
        /// Who.
        player: (i64, String),
        /// Where.
        seat: Seat,
        /// Their connection.
        out: Outbox,
    },
    /// Stand up.
    Stand {
        /// Who.
        player: i64,
        /// Their connection.
        out: Outbox,
    },
    /// Stop watching (and stand up).
    Leave {
        /// Who.
        player: i64,
        /// Their connection.
        out: Outbox,
    },
    /// An action.
    Act {
        /// Who.
        player: i64,
        /// What.
        action: Value,
        /// Their connection.
        out: Outbox,
    },
    /// A chat line.
    Chat {
        /// Who.
        name: String,
        /// What.
        text: String,
    },
    /// Sit out or come back.
    SitOut {
        /// Who.
        player: i64,
        /// Out (true) or back (false).
        out_now: bool,
        /// Their connection.
        out: Outbox,
    },
    /// A player shows their hidden cards between deals.
    Show {
        /// Who.
        player: i64,
        /// Their connection.
        out: Outbox,
    },
    /// The creator adds a bot.
    AddBot {
        /// Who asks.
        player: i64,
        /// Where.
        seat: Seat,
        /// A level or a bot's name.
        bot: String,
        /// Their connection.
        out: Outbox,
    },
    /// The creator removes a bot.
    RemoveBot {
        /// Who asks.
        player: i64,
        /// Where.
        seat: Seat,
        /// Their connection.
        out: Outbox,
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
}

/// What woke the table.
enum Wake {
    Cmd(Option<TableCmd>),
    Turn(Option<Box<dyn AnyTurn>>),
    Time,
}

struct Watcher {
    player: i64,
    out: Outbox,
}

/// The table's task state.
struct Table {
    id: u64,
    entry: &'static Entry,
    chips_game: bool,
    setup: Value,
    stack: u64,
    seats: usize,
    seconds: u32,
    owner: i64,
    invite: Option<String>,
    seed: u64,
    slots: Vec<Slot>,
    runner: Option<Box<dyn AnyRunner>>,
    watchers: HashMap<ConnId, Watcher>,
    hall: Arc<Hall>,
    /// Steps since the last checkpoint (the store's numbering).
    steps: usize,
    /// The current deal's log entries.
    deal_log: Vec<Value>,
    deadline: Option<(Seat, Instant)>,
    next_deal_at: Option<Instant>,
    /// Pauses between deals so far (each one's length is drawn from it).
    pauses: u64,
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

/// Starts a table's task, taking requests from `rx`.
pub fn spawn(hall: Arc<Hall>, plan: Plan, rx: mpsc::Receiver<TableCmd>) {
    let seats = plan.entry.kind.seats(&plan.setup).unwrap_or(2);
    let slots = plan
        .seats
        .and_then(|v| serde_json::from_value::<Vec<Slot>>(v).ok())
        .filter(|s| s.len() == seats)
        .unwrap_or_else(|| vec![Slot::empty(); seats]);
    let stack = plan.setup.get("stack").and_then(Value::as_u64).unwrap_or(0);
    let budget = hall.thinking.budget();
    let mut table = Table {
        id: plan.id,
        entry: plan.entry,
        chips_game: plan.entry.kind.chips(),
        setup: plan.setup,
        stack,
        seats,
        seconds: plan.seconds,
        owner: plan.owner,
        invite: plan.invite,
        seed: plan.seed,
        slots,
        runner: plan.runner,
        watchers: HashMap::new(),
        hall,
        steps: 0,
        deal_log: Vec::new(),
        deadline: None,
        next_deal_at: None,
        pauses: 0,
        thinking: None,
        budget,
        changed: false,
    };
    if table.runner.is_some() {
        // Restored: everyone is away until they come back.
        let now = Instant::now();
        for slot in &mut table.slots {
            if slot.person().is_some() {
                slot.away_since = Some(now);
            }
        }
    }
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
            self.drive().await;
            if self.changed {
                self.publish_now();
            }
            let at = self.next_wake();
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

    /// The next moment something is due: a deadline, the next deal, an
    /// absent person's grace running out.
    fn next_wake(&self) -> Option<Instant> {
        let grace = self
            .slots
            .iter()
            .filter(|s| !s.auto_out)
            .filter_map(|s| s.away_since.map(|t| t + GRACE))
            .min();
        [self.deadline.map(|(_, t)| t), self.next_deal_at, grace]
            .into_iter()
            .flatten()
            .min()
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
        self.slots.iter().position(|s| s.owner() == Some(player))
    }

    fn stage(&self) -> Option<Stage> {
        self.runner.as_ref().map(|r| r.stage())
    }

    fn in_deal(&self) -> bool {
        matches!(self.stage(), Some(Stage::Turn(_)))
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
                    if matches!(slot.occupant, Occupant::Bot { .. }) {
                        self.deadline = None;
                        if self.thinking.is_none() {
                            self.think();
                        }
                        return;
                    }
                    if slot.sitting_out || slot.occupant == Occupant::Empty {
                        self.deadline = None;
                        let step = self.runner.as_mut().map(|r| r.time_out(seat));
                        if !self.stepped(step).await {
                            return;
                        }
                        // Each default move is seen, as each bot's is.
                        self.publish_now();
                        continue;
                    }
                    if self.deadline.map(|(s, _)| s) != Some(seat) {
                        let secs = Duration::from_secs(u64::from(self.seconds));
                        self.deadline = Some((seat, Instant::now() + secs));
                        self.publish();
                    }
                    return;
                }
                Stage::DealOver => {
                    self.deadline = None;
                    // A table of bots nobody sits at or watches waits for
                    // someone instead of dealing (and storing) for ever.
                    if self.next_deal_at.is_none() && self.anyone_there() {
                        self.pauses += 1;
                        let wait = pause(self.id, self.pauses);
                        self.next_deal_at = Some(Instant::now() + wait);
                    }
                    return;
                }
                Stage::Over => {
                    self.deadline = None;
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
        if let Some((seat, at)) = self.deadline
            && at <= now
        {
            self.deadline = None;
            let slot = &mut self.slots[seat];
            if self.chips_game && slot.bank.is_none() {
                // Into the time bank.
                slot.bank = Some(TIME_BANK);
                self.deadline = Some((seat, now + TIME_BANK));
                self.publish();
                return;
            }
            slot.bank = None;
            slot.timeouts += 1;
            if slot.timeouts >= TIMEOUTS_TO_SIT_OUT {
                slot.sitting_out = true;
                slot.auto_out = true;
            }
            let step = self.runner.as_mut().map(|r| r.time_out(seat));
            self.stepped(step).await;
        }
        if self.next_deal_at.is_some_and(|t| t <= now) {
            self.next_deal_at = None;
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

    /// Starts the session once enough seats are filled: every seat, or in
    /// a game for chips two seats with chips.
    async fn try_start(&mut self) {
        let filled = self
            .slots
            .iter()
            .filter(|s| s.occupant != Occupant::Empty)
            .count();
        let ready = if self.chips_game {
            self.slots.iter().filter(|s| s.chips > 0).count() >= 2
        } else {
            filled == self.seats
        };
        if !ready {
            return;
        }
        let infos: Vec<SeatInfo> = self.slots.iter().map(Slot::info).collect();
        let chips = self
            .chips_game
            .then(|| self.slots.iter().map(|s| s.chips).collect());
        match self.entry.kind.runner(&self.setup, self.seed, infos, chips) {
            Ok(runner) => {
                let opening = runner.opening();
                let save = runner.save();
                self.runner = Some(runner);
                let id = self.id;
                let saved = self
                    .hall
                    .store
                    .call(move |conn| store::checkpoint(conn, id, &save))
                    .await;
                if let Err(e) = saved {
                    super::log(format_args!("hall: table {id}: {e}"));
                }
                self.steps = 0;
                self.deal_log.clear();
                self.broadcast(&opening);
            }
            Err(e) => super::log(format_args!("hall: table {}: cannot start: {e}", self.id)),
        }
    }

    /// After a step: written to the store (with the deal's results when it
    /// ended one), then told to every watcher. False when there was none.
    async fn stepped(&mut self, step: Option<Result<Step, crate::runner::RunError>>) -> bool {
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
        self.deadline = None;
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
        }
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

    /// Between deals: who leaves takes their chips, who joined buys in,
    /// and the next deal is dealt.
    async fn between_deals(&mut self) {
        if self.in_deal() {
            return;
        }
        let now = Instant::now();
        for seat in 0..self.seats {
            let slot = &self.slots[seat];
            let busted = self.chips_game
                && slot.occupant != Occupant::Empty
                && !slot.joining
                && self.chips_of(seat) == 0;
            let gone = self.chips_game && slot.away_since.is_some_and(|t| t + REMOVE_AFTER <= now);
            if slot.leaving || gone || (busted && matches!(slot.occupant, Occupant::Bot { .. })) {
                self.cash_out(seat).await;
            } else if slot.joining {
                self.buy_in_now(seat);
            }
        }
        self.save_seats();
        if self.stage() == Some(Stage::DealOver) {
            let step = self.runner.as_mut().map(|r| r.next_deal());
            self.stepped(step).await;
        }
        self.publish();
    }

    fn chips_of(&self, seat: Seat) -> u64 {
        match &self.runner {
            Some(r) => r.chips().and_then(|c| c.get(seat).copied()).unwrap_or(0),
            None => self.slots[seat].chips,
        }
    }

    /// The account chips come from and go back to: the person's bankroll,
    /// or the house for a bot.
    fn payer(&self, seat: Seat) -> String {
        match self.slots[seat].owner() {
            Some(p) => player_account(p),
            None => HOUSE.into(),
        }
    }

    /// Empties `seat`, its chips back to their owner.
    async fn cash_out(&mut self, seat: Seat) {
        let chips = self.chips_of(seat);
        let (id, to) = (self.id, self.payer(seat));
        let owner = self.slots[seat].owner();
        let step = match &mut self.runner {
            Some(r) if self.chips_game => Some(r.set_chips(seat, 0)),
            _ => None,
        };
        let n = self.steps;
        let entry = step
            .as_ref()
            .and_then(|s| s.as_ref().ok())
            .map(|s| s.entry.clone());
        if entry.is_some() {
            self.steps += 1;
        }
        let moved = self
            .hall
            .store
            .call(move |conn| {
                let tx = conn.savepoint()?;
                if chips > 0 {
                    store::transfer(
                        &tx,
                        &[
                            (seat_account(id, seat), -(chips as i64)),
                            (to, chips as i64),
                        ],
                        "cash-out",
                    )?;
                }
                if let Some(entry) = &entry {
                    store::append_step(&tx, id, n, entry)?;
                }
                tx.commit()?;
                Ok(())
            })
            .await;
        if let Err(e) = moved {
            super::log(format_args!("hall: table {id}: cash-out: {e}"));
        }
        if let Some(Ok(step)) = step {
            self.broadcast(&step);
        }
        self.slots[seat] = Slot::empty();
        self.seat_runner(seat);
        if let Some(p) = owner {
            self.tell_bankroll(p).await;
        }
    }

    /// A seat that sat down during a deal buys in now. Its step is written
    /// in order with the table's others without waiting for it: the buy-in
    /// itself is in the ledger already, and the next step waited for is
    /// written after it.
    fn buy_in_now(&mut self, seat: Seat) {
        self.slots[seat].joining = false;
        let chips = self.slots[seat].chips;
        self.seat_runner(seat);
        let step = match &mut self.runner {
            Some(r) if self.chips_game => Some(r.set_chips(seat, chips)),
            _ => None,
        };
        if let Some(Ok(step)) = step {
            let (id, n, entry) = (self.id, self.steps, step.entry.clone());
            self.steps += 1;
            self.hall.store.run("buy-in step", move |conn| {
                store::append_step(conn, id, n, &entry)
            });
            self.broadcast(&step);
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

    fn save_seats(&self) {
        let id = self.id;
        let seats = serde_json::to_value(&self.slots).unwrap_or(Value::Null);
        self.hall
            .store
            .run("seats", move |conn| store::set_seats(conn, id, &seats));
        self.hall.lobby_update(self.summary());
    }

    async fn handle(&mut self, cmd: TableCmd) {
        match cmd {
            TableCmd::Watch { player, out } => {
                self.watchers.insert(
                    out.conn,
                    Watcher {
                        player: player.0,
                        out: out.clone(),
                    },
                );
                self.came_back(player.0);
                out.send_text(self.state_for(player.0).encode());
                self.hall.lobby_update(self.summary());
            }
            TableCmd::Sit { player, seat, out } => {
                self.watchers.entry(out.conn).or_insert(Watcher {
                    player: player.0,
                    out: out.clone(),
                });
                if let Err(e) = self.sit(player, seat).await {
                    out.send(e);
                }
            }
            TableCmd::Stand { player, out } => {
                if let Err(e) = self.stand(player).await {
                    out.send(e);
                }
            }
            TableCmd::Leave { player, out } => {
                let _ = self.stand(player).await;
                self.watchers.remove(&out.conn);
                out.send(ServerMsg::Left { table: self.id });
                self.hall.lobby_update(self.summary());
            }
            TableCmd::Act {
                player,
                action,
                out,
            } => {
                if let Err(e) = self.act(player, &action).await {
                    out.send(e);
                }
            }
            TableCmd::Show { player, out } => {
                if let Err(e) = self.show(player).await {
                    out.send(e);
                }
            }
            TableCmd::Chat { name, text } => {
                let text = clean(&text, MAX_CHAT);
                if !text.is_empty() {
                    let msg = ServerMsg::Chat {
                        table: Some(self.id),
                        from: name,
                        text,
                    };
                    for w in self.watchers.values() {
                        w.out.send(msg.clone());
                    }
                }
            }
            TableCmd::SitOut {
                player,
                out_now,
                out,
            } => match self.seat_of(player) {
                Some(seat) => {
                    let slot = &mut self.slots[seat];
                    slot.sitting_out = out_now;
                    slot.auto_out = false;
                    slot.timeouts = 0;
                    if !out_now {
                        self.back_in(seat);
                    }
                }
                None => {
                    out.send(err("not_seated", "you do not sit at this table"));
                }
            },
            TableCmd::AddBot {
                player,
                seat,
                bot,
                out,
            } => {
                if let Err(e) = self.add_bot(player, seat, &bot).await {
                    out.send(e);
                }
            }
            TableCmd::RemoveBot { player, seat, out } => {
                if let Err(e) = self.remove_bot(player, seat).await {
                    out.send(e);
                }
            }
            TableCmd::Gone { conn } => {
                if let Some(w) = self.watchers.remove(&conn)
                    && !self.watchers.values().any(|o| o.player == w.player)
                    && let Some(seat) = self.seat_of(w.player)
                {
                    self.slots[seat].away_since = Some(Instant::now());
                }
                self.hall.lobby_update(self.summary());
            }
        }
        self.publish();
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
        if seat >= self.seats {
            return Err(err(
                "no_seat",
                format!("the table has seats 0 to {}", self.seats - 1),
            ));
        }
        if let Some(mine) = self.seat_of(player) {
            if mine == seat {
                self.came_back(player);
                return Ok(());
            }
            return Err(err("seated", format!("you already sit in seat {mine}")));
        }
        let slot = &self.slots[seat];
        match &slot.occupant {
            Occupant::Empty => {}
            // A person may take over a bot in a game already going that is
            // not played for chips.
            Occupant::Bot {
                for_player: None, ..
            } if !self.chips_game && self.runner.is_some() => {}
            _ => return Err(err("taken", format!("seat {seat} is taken"))),
        }
        let person = Occupant::Person {
            player,
            name: name.clone(),
        };
        if !self.chips_game {
            self.slots[seat] = Slot {
                occupant: person,
                ..Slot::empty()
            };
            self.seat_runner(seat);
            self.save_seats();
            return Ok(());
        }
        // A buy-in of the table's stack from the bankroll, at once: the
        // bankroll left, or what it holds when it is short.
        let (id, stack) = (self.id, self.stack);
        let paid: Result<i64, i64> = self
            .hall
            .store
            .call(move |conn| {
                let tx = conn.savepoint()?;
                let have = store::balance(&tx, &player_account(player))?;
                if have < stack as i64 {
                    return Ok(Err(have));
                }
                store::transfer(
                    &tx,
                    &[
                        (player_account(player), -(stack as i64)),
                        (seat_account(id, seat), stack as i64),
                    ],
                    "buy-in",
                )?;
                tx.commit()?;
                Ok(Ok(have - stack as i64))
            })
            .await
            .map_err(|e| err("store", e.to_string()))?;
        let bankroll = paid.map_err(|have| {
            err(
                "bankroll",
                format!("the buy-in is {stack} and you have {have}"),
            )
        })?;
        let joining = self.in_deal() || self.stage() == Some(Stage::DealOver);
        self.slots[seat] = Slot {
            occupant: person,
            chips: stack,
            joining: self.runner.is_some(),
            ..Slot::empty()
        };
        if self.runner.is_some() && !joining {
            // The session waits for players: the chips go on at once.
            self.buy_in_now(seat);
            if self.stage() == Some(Stage::DealOver) {
                self.next_deal_at = Some(Instant::now());
            }
        }
        self.save_seats();
        // The bankroll as the buy-in left it: no second trip to the store.
        self.hall
            .tell_player(player, &ServerMsg::Bankroll { bankroll });
        Ok(())
    }

    async fn stand(&mut self, player: i64) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        if self.chips_game {
            if self.in_deal() {
                // Out of the hand (check or fold), out of the seat at its end.
                self.slots[seat].leaving = true;
                self.slots[seat].sitting_out = true;
            } else {
                self.cash_out(seat).await;
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
        self.save_seats();
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
        slot.bank = None;
        self.stepped(result).await;
        Ok(())
    }

    /// The player shows their hidden cards, where the game lets them.
    async fn show(&mut self, player: i64) -> Result<(), ServerMsg> {
        let seat = self
            .seat_of(player)
            .ok_or_else(|| err("not_seated", "you do not sit at this table"))?;
        let result = self.runner.as_mut().map(|r| r.show(seat));
        if let Some(Err(e)) = &result {
            return Err(err("illegal", e.to_string()));
        }
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
        if self.slots.get(seat).map(|s| &s.occupant) != Some(&Occupant::Empty) {
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
            let (id, stack) = (self.id, self.stack);
            self.hall
                .store
                .call(move |conn| {
                    store::transfer(
                        conn,
                        &[
                            (HOUSE.into(), -(stack as i64)),
                            (seat_account(id, seat), stack as i64),
                        ],
                        "bot buy-in",
                    )
                })
                .await
                .map_err(|e| err("store", e.to_string()))?;
            self.slots[seat] = Slot {
                occupant,
                chips: stack,
                joining: self.runner.is_some(),
                ..Slot::empty()
            };
            if self.runner.is_some() && !self.in_deal() {
                self.buy_in_now(seat);
                if self.stage() == Some(Stage::Over) || self.stage() == Some(Stage::DealOver) {
                    self.next_deal_at = Some(Instant::now());
                }
            }
        } else {
            self.slots[seat] = Slot {
                occupant,
                ..Slot::empty()
            };
            self.seat_runner(seat);
        }
        self.save_seats();
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
            if self.in_deal() {
                self.slots[seat].leaving = true;
            } else {
                self.cash_out(seat).await;
            }
        } else if self.runner.is_some() {
            return Err(err(
                "playing",
                "the game is going: a bot stays until a person takes the seat",
            ));
        } else {
            self.slots[seat] = Slot::empty();
        }
        self.save_seats();
        Ok(())
    }

    /// The table as `player` sees it.
    fn state_for(&self, player: i64) -> TableText {
        let you = self.slots.iter().position(|s| s.person() == Some(player));
        let chips = self.runner.as_ref().and_then(|r| r.chips());
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
                chips: self.chips_game.then(|| {
                    chips
                        .as_ref()
                        .and_then(|c| c.get(i).copied())
                        .unwrap_or(s.chips)
                }),
            })
            .collect();
        let (view, legal) = match &self.runner {
            Some(r) => (r.view(you), r.legal(you)),
            None => (RawValue::NULL.to_owned(), Value::Array(Vec::new())),
        };
        let deadline_ms = self
            .deadline
            .map(|(_, t)| t.saturating_duration_since(Instant::now()).as_millis() as u64);
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
            view,
            legal,
            deadline_ms,
            status: self.status(),
        }
    }

    fn status(&self) -> String {
        match self.stage() {
            None if self.chips_game => "waiting for two players with chips".into(),
            None => format!(
                "waiting for players: {} of {} seats filled",
                self.slots
                    .iter()
                    .filter(|s| s.occupant != Occupant::Empty)
                    .count(),
                self.seats
            ),
            Some(Stage::Turn(s)) => match &self.slots[s].occupant {
                Occupant::Bot { .. } => format!("{} is thinking", self.slots[s].info().name),
                _ => format!("{} to act", self.slots[s].info().name),
            },
            Some(Stage::DealOver) => "the next deal comes in a moment".into(),
            Some(Stage::Over) => "waiting for players with chips".into(),
        }
    }

    /// Tells every watcher of a step: its log lines for their seat, then
    /// the table as it now stands.
    fn broadcast(&mut self, step: &Step) {
        let mut dead = Vec::new();
        for (conn, w) in &self.watchers {
            let seat = self.slots.iter().position(|s| s.person() == Some(w.player));
            let msg = ServerMsg::Notes {
                table: self.id,
                notes: step.notes_for(seat).to_vec(),
                scores: step.ended.as_ref().map(|(s, _)| s.clone()),
            };
            if !w.out.send(msg) {
                dead.push(*conn);
            }
        }
        for conn in dead {
            self.watchers.remove(&conn);
        }
    }

    /// Marks the table as changed: every watcher is sent it once the
    /// table has done all it does at this wake.
    fn publish(&mut self) {
        self.changed = true;
    }

    /// Sends every watcher the table as it stands.
    fn publish_now(&mut self) {
        self.changed = false;
        let mut dead = Vec::new();
        for (conn, w) in &self.watchers {
            if !w.out.send_text(self.state_for(w.player).encode()) {
                dead.push(*conn);
            }
        }
        for conn in dead {
            if let Some(w) = self.watchers.remove(&conn)
                && let Some(seat) = self.seat_of(w.player)
            {
                self.slots[seat].away_since.get_or_insert(Instant::now());
            }
        }
    }

    /// The table as the lobby lists it.
    fn summary(&self) -> TableSummary {
        TableSummary {
            table: self.id,
            game: self.entry.id.into(),
            about: about(self.entry, &self.setup),
            seats: self.seats,
            players: self
                .slots
                .iter()
                .map(|s| match &s.occupant {
                    Occupant::Empty => None,
                    _ => Some(s.info().name),
                })
                .collect(),
            watching: self.watchers.len(),
            playing: self.runner.is_some(),
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

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry;

    #[test]
    fn pauses_between_deals_differ_from_table_to_table_within_a_second() {
        let low = BETWEEN_DEALS - Duration::from_millis(500);
        let high = BETWEEN_DEALS + Duration::from_millis(500);
        let first: Vec<Duration> = (1..=250).map(|id| pause(id, 1)).collect();
        assert!(first.iter().all(|p| (low..=high).contains(p)));
        assert_eq!(first, (1..=250).map(|id| pause(id, 1)).collect::<Vec<_>>());
        // Tables made together start apart: no tenth of a second of the
        // second around the mean holds more than a fifth of them.
        let mut tenths = [0usize; 11];
        for p in &first {
            tenths[((p.as_millis() - low.as_millis()) / 100) as usize] += 1;
        }
        assert!(tenths.iter().all(|&n| n < 50), "{tenths:?}");
        // And one table's pauses vary from one deal to the next.
        let one: Vec<Duration> = (1..=20).map(|n| pause(7, n)).collect();
        assert!(one.iter().any(|p| *p != one[0]));
        let mean = first.iter().sum::<Duration>() / 250;
        assert!(
            mean.abs_diff(BETWEEN_DEALS) < Duration::from_millis(100),
            "{mean:?}"
        );
    }

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
