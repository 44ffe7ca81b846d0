//! One table of the hall: a task that owns its session (the runner, its
//! game's type erased) and everything about who sits and who watches. It
//! takes the acting seat from the connection, never from the message;
//! sends each watcher only what its seat may see; plays the game's default
//! action for a person whose time runs out; lets bots think on the
//! blocking pool; and writes every step to the store before anyone is told
//! of it, so a killed server resumes each unfinished deal from its log.
//! This file holds the table's state, its requests and its wake loop; its
//! parts: who sits where ([`seats`]), the chips in front of them
//! ([`ledger`]) and their buying and cashing ([`cashier`]), the clocks
//! ([`clock`]), the requests answered ([`commands`]), the session moved on
//! by itself ([`drive`]), the store written before anyone is told
//! ([`record`]), the table as each sees it ([`view`]) and what watchers
//! are told ([`publish`]).

mod cashier;
mod clock;
mod commands;
mod drive;
mod ledger;
mod publish;
mod record;
mod seats;
mod view;

use std::sync::Arc;

use serde_json::Value;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::outbox::{ConnId, Reply};
use crate::game::{Level, Seat, Stage};
use crate::games::Entry;
use crate::hall::store::Store;
use crate::runner::RunError;
use crate::runner::erased::{AnyRunner, AnyTurn};
use crate::runner::thinking::Budget;
use crate::wire::protocol::{ServerMsg, TableSummary};
use clock::{Clock, sleep_until};
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
    /// Sit in `seat`, or in the first free seat.
    Sit {
        /// Who.
        player: (i64, String),
        /// Where (none: the first free seat).
        seat: Option<Seat>,
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
    hall: Arc<dyn Host>,
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

/// What a table asks of the hall it is in: the store, the lobby's line
/// about it, and a word to every connection of a player.
pub trait Host: Send + Sync {
    /// The hall's store.
    fn store(&self) -> &Store;
    /// The table's line in the lobby is now `summary`.
    fn lobby_update(&self, summary: TableSummary);
    /// Sends `msg` to every connection of `player`.
    fn tell_player(&self, player: i64, msg: &ServerMsg);
}

/// Starts a table's task in `hall`, its bots thinking within `budget`,
/// taking requests from `rx`.
pub fn spawn(hall: Arc<dyn Host>, budget: Budget, plan: Plan, rx: mpsc::Receiver<TableCmd>) {
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
