//! The registry: the one list of games. Each entry names a game, gives
//! its rules page and how its results add up, and reaches its engine
//! through [`Kind`], the operations every front end needs without knowing
//! the game's type (setups as JSON, forms, bots, the conformance suite).
//! The menu, the saved games, the statistics, the command line's games
//! and the hall's tables all come from this list: adding a game is its
//! module and one entry here (and, to play it on screen, its board in
//! the terminal app, found there by the game's id).

use std::marker::PhantomData;
use std::sync::OnceLock;

use serde_json::Value;

use crate::bridge::ContractBridge;
use crate::doom::Doom;
use crate::form::{Field, Form};
use crate::game::{Level, Playable, SetupError};
use crate::holdem::session::Holdem;
use crate::honeymoon::Honeymoon;
use crate::nim::Nim;
use crate::runner::erased::{self, AnyRunner};
use crate::runner::matches::{self, Spec, Standing};
use crate::runner::{RunError, Runner, SeatInfo, conformance, make_bot};
use crate::stats::Tally;

/// One game of the registry.
pub struct Entry {
    /// Its name on the command line, in files and on the wire (`holdem`).
    pub id: &'static str,
    /// Its name in menus.
    pub name: &'static str,
    /// A line about it.
    pub blurb: &'static str,
    /// Its rules, a title line then the text.
    pub rules: &'static str,
    /// How its results add up.
    pub tally: Tally,
    /// Its engine.
    pub kind: Box<dyn Kind>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("id", &self.id).finish()
    }
}

impl Entry {
    /// The entry of game `G`.
    pub fn of<G: Playable>(
        name: &'static str,
        blurb: &'static str,
        rules: &'static str,
        tally: Tally,
    ) -> Entry {
        Entry {
            id: G::ID,
            name,
            blurb,
            rules,
            tally,
            kind: Box::new(Of::<G>(PhantomData)),
        }
    }
}

/// A game's engine as front ends reach it without its type: setups travel
/// as JSON.
pub trait Kind: Send + Sync {
    /// The bots by name.
    fn bot_names(&self) -> &'static [&'static str];
    /// The bot that plays at `level`.
    fn level_bot(&self, level: Level) -> &'static str;
    /// The default setup.
    fn default_setup(&self) -> Value;
    /// The options of `setup` as a form.
    fn fields(&self, setup: &Value) -> Result<Vec<Field>, SetupError>;
    /// `setup` with option `key` set to choice `index`.
    fn choose(&self, setup: &Value, key: &str, index: usize) -> Result<Value, SetupError>;
    /// `setup` with every option it leaves out at its default value,
    /// checked: a partial setup, as the hall's `create` takes it.
    fn complete(&self, setup: &Value) -> Result<Value, SetupError>;
    /// `setup` as a hall table's session is made ([`Playable::hall_setup`]).
    fn hall_setup(&self, setup: &Value) -> Result<Value, SetupError>;
    /// What a seat holding `chips` buys before the next deal at a hall
    /// table of `setup` ([`Playable::hall_rebuy`]).
    fn hall_rebuy(&self, setup: &Value, chips: u64) -> u64;
    /// The seats of a session of `setup`, once the setup is checked.
    fn seats(&self, setup: &Value) -> Result<usize, SetupError>;
    /// A new session of `setup` (as JSON) with these seats; for a game
    /// played for chips, the chips each seat brings.
    fn runner(
        &self,
        setup: &Value,
        seed: u64,
        seats: Vec<SeatInfo>,
        chips: Option<Vec<u64>>,
    ) -> Result<Box<dyn AnyRunner>, RunError>;
    /// A session from its save, replayed.
    fn restore(&self, save: &Value) -> Result<Box<dyn AnyRunner>, RunError>;
    /// Whether the game is played for chips.
    fn chips(&self) -> bool;
    /// A bot match of `plays` plays of `setup`, the bots `bots` taking
    /// the seats in turn and moved one seat on at each play of a deal.
    fn sim(
        &self,
        setup: &Value,
        bots: &[String],
        plays: u64,
        seed: u64,
    ) -> Result<Vec<Standing>, String>;
    /// Runs the conformance suite ([`conformance::check`]) on a session of
    /// the default setup.
    fn conformance(&self, seed: u64, steps: usize) -> Result<(), String>;
}

/// [`Kind`] for game `G`.
struct Of<G>(PhantomData<fn() -> G>);

/// A setup of `G` from JSON, or what is wrong with it.
pub fn setup_of<G: Playable>(setup: &Value) -> Result<G::Setup, SetupError> {
    serde_json::from_value(setup.clone())
        .map_err(|e| SetupError(format!("not a {} setup: {e}", G::ID)))
}

fn to_json<T: serde::Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

impl<G: Playable> Kind for Of<G> {
    fn bot_names(&self) -> &'static [&'static str] {
        G::bot_names()
    }

    fn level_bot(&self, level: Level) -> &'static str {
        G::level_bot(level)
    }

    fn default_setup(&self) -> Value {
        to_json(&G::Setup::default())
    }

    fn fields(&self, setup: &Value) -> Result<Vec<Field>, SetupError> {
        Ok(setup_of::<G>(setup)?.fields())
    }

    fn choose(&self, setup: &Value, key: &str, index: usize) -> Result<Value, SetupError> {
        let mut s = setup_of::<G>(setup)?;
        s.choose(key, index)?;
        Ok(to_json(&s))
    }

    fn complete(&self, setup: &Value) -> Result<Value, SetupError> {
        let mut whole = self.default_setup();
        match (setup, &mut whole) {
            (Value::Object(given), Value::Object(base)) => {
                for (key, value) in given {
                    if !base.contains_key(key) {
                        return Err(SetupError(format!("{} has no option {key:?}", G::ID)));
                    }
                    base.insert(key.clone(), value.clone());
                }
            }
            _ => return Err(SetupError(format!("a {} setup is a JSON object", G::ID))),
        }
        Ok(to_json(&setup_of::<G>(&whole)?))
    }

    fn hall_setup(&self, setup: &Value) -> Result<Value, SetupError> {
        Ok(to_json(&G::hall_setup(setup_of::<G>(setup)?)))
    }

    fn hall_rebuy(&self, setup: &Value, chips: u64) -> u64 {
        setup_of::<G>(setup).map_or(0, |s| G::hall_rebuy(&s, chips))
    }

    fn seats(&self, setup: &Value) -> Result<usize, SetupError> {
        Ok(G::new(&setup_of::<G>(setup)?, 0)?.seats())
    }

    fn runner(
        &self,
        setup: &Value,
        seed: u64,
        seats: Vec<SeatInfo>,
        chips: Option<Vec<u64>>,
    ) -> Result<Box<dyn AnyRunner>, RunError> {
        let setup = setup_of::<G>(setup)?;
        let runner = match chips {
            Some(chips) => Runner::<G>::seated(setup, seed, seats, chips)?,
            None => Runner::<G>::new(setup, seed, seats)?,
        };
        Ok(runner.erased())
    }

    fn restore(&self, save: &Value) -> Result<Box<dyn AnyRunner>, RunError> {
        erased::restore::<G>(save)
    }

    fn chips(&self) -> bool {
        G::new(&G::Setup::default(), 0).is_ok_and(|g| g.chips().is_some())
    }

    fn sim(
        &self,
        setup: &Value,
        bots: &[String],
        plays: u64,
        seed: u64,
    ) -> Result<Vec<Standing>, String> {
        let spec = Spec::<G> {
            setup: setup_of::<G>(setup).map_err(|e| e.to_string())?,
            bots: bots.to_vec(),
            plays,
            rotations: bots.len().max(1) as u64,
            seed,
            max_actions: None,
        };
        matches::run(&spec, make_bot::<G>, |_| {}).map_err(|e| e.to_string())
    }

    fn conformance(&self, seed: u64, steps: usize) -> Result<(), String> {
        conformance::check::<G>(&G::Setup::default(), seed, steps)
    }
}

/// The games cardgames plays, made once.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::standard)
}

/// The games.
#[derive(Debug)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl Registry {
    /// The games cardgames plays.
    pub fn standard() -> Registry {
        Registry {
            entries: vec![
                Entry::of::<Holdem>(
                    "Texas Hold'em",
                    "no-limit, 2 to 9 players",
                    include_str!("../assets/rules/holdem.txt"),
                    Tally::Chips,
                ),
                Entry::of::<Doom>(
                    "Dice of Doom",
                    "the hex-board dice war of Land of Lisp",
                    include_str!("../assets/rules/doom.txt"),
                    Tally::Wins,
                ),
                Entry::of::<Honeymoon>(
                    "Honeymoon bridge",
                    "two-player bridge: bid, exchange, play",
                    include_str!("../assets/rules/honeymoon.txt"),
                    Tally::Points,
                ),
                Entry::of::<ContractBridge>(
                    "Contract bridge",
                    "four hands: the auction, the play, the review",
                    include_str!("bridge/rules.txt"),
                    Tally::Points,
                ),
                Entry::of::<Nim>(
                    "Nim",
                    "take the last stone",
                    include_str!("nim/rules.txt"),
                    Tally::Wins,
                ),
            ],
        }
    }

    /// These games and one more.
    pub fn with(mut self, entry: Entry) -> Registry {
        self.entries.push(entry);
        self
    }

    /// Every game, in menu order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The game called `id`.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The game called `id`, or an error listing the games.
    pub fn find(&self, id: &str) -> Result<&Entry, SetupError> {
        self.get(id).ok_or_else(|| {
            let ids: Vec<&str> = self.entries.iter().map(|e| e.id).collect();
            SetupError(format!("unknown game {id:?} (games: {})", ids.join(", ")))
        })
    }
}
