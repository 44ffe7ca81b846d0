//! The terminal's boards, found by a game's id: the one place in the
//! terminal app that names the games it can draw (each board lives in the
//! game's folder under `tui/`). A game of the registry without a board
//! here is played by the command line and the hall only. [`Open`] is how
//! the app opens a board without knowing its game's type.

use std::marker::PhantomData;
use std::time::Duration;

use serde_json::Value;

use super::local::{LocalTable, update_of};
use super::online::net::Net;
use super::online::remote::RemoteTable;
use super::saved::SavedGame;
use super::screen::Page;
use super::settings::Settings;
use super::table::{Board, Running, TableScreen};
use cardgames::doom::Doom;
use cardgames::games::setup_of;
use cardgames::holdem::session::Holdem;
use cardgames::honeymoon::Honeymoon;
use cardgames::narrate::Note;
use cardgames::nim::Nim;
use cardgames::runner::thinking::Budget;
use cardgames::runner::{Runner, Save, SeatInfo};

static BOARDS: [&dyn Open; 4] = [
    &Opener::<Holdem>::new(),
    &Opener::<Doom>::new(),
    &Opener::<Honeymoon>::new(),
    &Opener::<Nim>::new(),
];

/// The board of the game called `id`, if the terminal can draw it.
pub fn board(id: &str) -> Option<&'static dyn Open> {
    BOARDS.iter().copied().find(|b| b.id() == id)
}

/// How the app opens a game's table on screen without knowing its type.
pub trait Open: Send + Sync {
    /// The game's id in the registry.
    fn id(&self) -> &'static str;
    /// A new session of `setup` against the bot `bot`, dealt from `seed`.
    fn local(
        &self,
        rules: &'static str,
        setup: &Value,
        bot: &str,
        seed: u64,
        settings: &Settings,
        budget: &Budget,
    ) -> Result<Box<dyn Page>, String>;
    /// A seat (or a watcher) at table `table` of the hall reached through
    /// `net`, once its game has begun.
    fn online(
        &self,
        rules: &'static str,
        net: Net,
        table: u64,
        settings: &Settings,
    ) -> Option<Box<dyn Page>>;
    /// A saved session, replayed to where it was left.
    fn resume(
        &self,
        rules: &'static str,
        saved: &SavedGame,
        settings: &Settings,
        budget: &Budget,
    ) -> Result<Box<dyn Page>, String>;
}

/// [`Open`] for game `G`.
#[derive(Debug, Default)]
pub struct Opener<G>(PhantomData<fn() -> G>);

impl<G> Opener<G> {
    /// The opener of `G`.
    pub const fn new() -> Opener<G> {
        Opener(PhantomData)
    }
}

fn delay(settings: &Settings) -> Duration {
    Duration::from_millis(u64::from(settings.bot_delay_ms))
}

impl<G: Board> Open for Opener<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn online(
        &self,
        rules: &'static str,
        net: Net,
        table: u64,
        settings: &Settings,
    ) -> Option<Box<dyn Page>> {
        let link = RemoteTable::<G>::new(net, table)?;
        Some(Box::new(
            TableScreen::<G>::new(rules, Box::new(link), Vec::new(), Running::default())
                .with_settings(settings),
        ))
    }

    fn local(
        &self,
        rules: &'static str,
        setup: &Value,
        bot: &str,
        seed: u64,
        settings: &Settings,
        budget: &Budget,
    ) -> Result<Box<dyn Page>, String> {
        let setup = setup_of::<G>(setup).map_err(|e| e.to_string())?;
        let seats = G::new(&setup, seed).map_err(|e| e.to_string())?.seats();
        let names = G::seat_names(seats);
        let infos = names
            .into_iter()
            .enumerate()
            .map(|(s, name)| {
                if s == G::HOME {
                    SeatInfo::person(name)
                } else {
                    SeatInfo::bot(name, bot)
                }
            })
            .collect();
        let runner = Runner::<G>::new(setup, seed, infos).map_err(|e| e.to_string())?;
        let mut start = vec![Note::new().text(format!("Seed {seed}"))];
        start.extend(runner.notes(&runner.opening(), Some(G::HOME)));
        let local = LocalTable::new(runner, G::HOME, delay(settings), budget.clone());
        Ok(Box::new(
            TableScreen::<G>::new(rules, Box::new(local), start, Running::default())
                .with_settings(settings),
        ))
    }

    fn resume(
        &self,
        rules: &'static str,
        saved: &SavedGame,
        settings: &Settings,
        budget: &Budget,
    ) -> Result<Box<dyn Page>, String> {
        let save: Save<G> = serde_json::from_value(saved.save.clone())
            .map_err(|e| format!("the saved game cannot be read: {e}"))?;
        let me = Some(saved.seat);
        let mut log = vec![Note::new().text(format!("Seed {}", save.seed))];
        let mut running = Running::default();
        let runner = Runner::restore(save, |game, applied| {
            let u = update_of(game, applied, me);
            running.add(&u, saved.seat);
            log.extend(u.notes);
        })
        .map_err(|e| e.to_string())?;
        let local = LocalTable::new(runner, saved.seat, delay(settings), budget.clone());
        Ok(Box::new(
            TableScreen::<G>::new(rules, Box::new(local), log, running).with_settings(settings),
        ))
    }
}
