//! The shape every game and every bot share.
//!
//! [`Game`] is a state machine: seats, legal actions, an `apply` that either
//! changes the state and reports what happened or refuses and leaves it
//! untouched, a per-seat view that hides what that seat may not see, and an
//! outcome when over. [`Playable`] is what the table runner
//! ([`crate::runner`]) needs on top to seat people and bots at it: a setup,
//! sessions of many deals, a spectator's view, each event as a seat may see
//! it and as the log tells it, and the action a seat takes when its time
//! runs out. A [`Bot`] chooses an action from a view and a generator, free
//! of any UI.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::cards::CardSet;
use crate::form::Form;
pub use crate::form::SetupError;
use crate::narrate::Note;
pub use crate::narrate::Seat;

/// The one generator every game and bot draws from: reproducible across
/// versions and platforms for a given seed.
pub type GameRng = ChaCha8Rng;

/// A generator for this seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A fresh seed from the operating system, for when the user gave none
/// (the caller shows it so the game can be replayed).
pub fn random_seed() -> u64 {
    rand::random()
}

/// A game as a pure state machine.
pub trait Game {
    /// One move of the player to act.
    type Action: Clone + fmt::Debug;
    /// What an `apply` reports: the things that happened, in order.
    type Event: Clone + fmt::Debug;
    /// Why an action was refused.
    type Error: std::error::Error;
    /// What one seat may see.
    type View;
    /// The result once the game is over.
    type Outcome;

    /// Whose turn it is, or `None` when the game (or the deal) is over.
    fn to_act(&self) -> Option<Seat>;
    /// Every action the player to act may take (empty when over).
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Takes `action` for the player to act. On error the state is unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::View;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;
}

/// A computer player for game `G`.
pub trait Bot<G: Game>: Send {
    /// A short name, as used on the command line (`random`, `strong`, …).
    fn name(&self) -> &str;
    /// Picks a legal action for the seat whose view this is.
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Action;
    /// Sees another seat about to take `action` in the position `view`
    /// shows; bots that read their opponents learn from it.
    fn observe(&mut self, _view: &G::View, _action: &G::Action) {}
    /// What the bot has learned that a saved game should keep (reads of
    /// its opponents); `None` when it learns nothing.
    fn memory(&self) -> Option<serde_json::Value> {
        None
    }
    /// Takes back what [`Bot::memory`] gave; a memory it cannot read is
    /// ignored (the bot starts fresh).
    fn recall(&mut self, _memory: &serde_json::Value) {}
    /// Sees a deal just over, from its seat (a showdown shows what the
    /// others held); bots that read their opponents learn from it.
    fn deal_ended(&mut self, _view: &G::View) {}
    /// Why it chose its last action, in a few words for a person ("shoves
    /// 9.5 bb with K7o — equilibrium range at this depth"); `None` when
    /// it does not say. It may name the bot's hidden cards: show it only
    /// when they may be seen.
    fn explain(&self) -> Option<String> {
        None
    }
}

/// A boxed bot.
pub type BoxBot<G> = Box<dyn Bot<G>>;

/// How hard the computer plays, as menus and the hall offer it; each game
/// maps it to one of its bots ([`Playable::level_bot`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Beatable.
    Easy,
    /// A fair game.
    #[default]
    Normal,
    /// The strongest AI.
    Hard,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Level, SetupError> {
        crate::form::pick(s, "level", &Level::ALL.map(|l| (l.name(), l)))
    }
}

/// Who a finished deal's record is kept for: every seat's name, the
/// person it is kept for (the hero of a Hold'em hand), and when it ended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kept {
    /// Each seat's name.
    pub names: Vec<String>,
    /// The seat of the person the record is kept for.
    pub me: Option<Seat>,
    /// When the deal ended: seconds since 1970-01-01 UTC.
    pub when: Option<u64>,
}

/// Seconds since 1970-01-01 UTC now (0 if the clock is before it).
pub fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A game the table runner can seat people and bots at. The state is a
/// whole session (a Hold'em table's hands, a honeymoon match's deals, one
/// Dice of Doom game after another): [`Game::to_act`] is `None` between
/// deals, and [`Playable::next_deal`] deals the next one.
pub trait Playable:
    Game<
        Action: PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static,
        Event: Serialize + Send + 'static,
        Error: Send + Sync + 'static,
        View: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static,
    > + Clone
    + fmt::Debug
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Every option of a session, validated by [`Playable::new`].
    type Setup: Clone
        + fmt::Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Form
        + Send
        + Sync
        + 'static;

    /// The registry's name for the game (`holdem`, `doom`, …).
    const ID: &'static str;
    /// Plays of a match that share the same bots, one after another (bots
    /// that read their opponents learn over a batch). See
    /// [`crate::runner::matches`].
    const MATCH_BATCH: u64 = 1;

    /// A session with this setup, its chance drawn from `seed`, its first
    /// deal dealt.
    fn new(setup: &Self::Setup, seed: u64) -> Result<Self, SetupError>;

    /// A session of `setup` whose seats bring these chips (0: an empty
    /// seat), the first deal dealt, for games played for chips.
    fn seated(_setup: &Self::Setup, _seed: u64, _chips: &[u64]) -> Result<Self, SetupError> {
        Err(SetupError(format!("{} is not played for chips", Self::ID)))
    }

    /// Each seat's chips as the current deal began (between deals: now),
    /// for games played for chips.
    fn chips(&self) -> Option<Vec<u64>> {
        None
    }

    /// Sets a seat's chips between deals: a buy-in, or 0 for a player who
    /// leaves with their chips.
    fn set_chips(&mut self, _seat: Seat, _chips: u64) -> Result<(), SetupError> {
        Err(SetupError(format!("{} is not played for chips", Self::ID)))
    }

    /// The setup a hall table's session is made with. There chips come
    /// only from bankrolls, so the session itself never makes chips out
    /// of nothing (Hold'em's rebuys): the hall buys them instead, as
    /// [`Playable::hall_rebuy`] says.
    fn hall_setup(setup: Self::Setup) -> Self::Setup {
        setup
    }

    /// What a seat holding `chips` buys, from its owner's bankroll,
    /// before the next deal at a hall table of `setup` (a Hold'em cash
    /// game's rebuy or top-up). By default nothing.
    fn hall_rebuy(_setup: &Self::Setup, _chips: u64) -> u64 {
        0
    }

    /// The deal just finished in the game's own hand-history format
    /// (Hold'em: PHH), when it has one, with who played it and for whom
    /// and when it is kept.
    fn deal_record(&self, _kept: &Kept) -> Option<String> {
        None
    }

    /// The file extension under which a table on this machine keeps
    /// [`Playable::deal_record`] of every finished deal in the data
    /// directory (`None`: it keeps none).
    const RECORD_EXT: Option<&'static str> = None;

    /// Whether a person at a table on this machine may take the session
    /// back to `earlier`, a state of the current deal (undo). By default
    /// nothing is taken back.
    fn may_rewind(&self, _earlier: &Self) -> bool {
        false
    }

    /// Whether `seat` may show its hidden cards now that the deal is over
    /// (a Hold'em hand won without a showdown). By default no one may.
    fn may_show(&self, _seat: Seat) -> bool {
        false
    }

    /// `seat` shows its hidden cards, as [`Playable::may_show`] allowed:
    /// what the others now see. Nothing else changes.
    fn show(&mut self, _seat: Seat) -> Vec<Self::Event> {
        Vec::new()
    }

    /// The session was just taken back to this state (an undo): a game
    /// that marks deals with undos counts it here. Replaying the log
    /// calls it at the same step.
    fn rewound(&mut self) {}

    /// What dealing the first deal did, as [`Playable::next_deal`] reports
    /// the others (called right after [`Playable::new`]).
    fn opening(&self) -> Vec<Self::Event>;

    /// The game of play `play` (deal `deal`) of a bot match: by default a
    /// new session from a seed mixed from both, so every rotation of a
    /// deal (see [`crate::runner::matches`]) gets the same cards.
    fn match_deal(
        setup: &Self::Setup,
        seed: u64,
        deal: u64,
        _play: u64,
    ) -> Result<Self, SetupError> {
        Self::new(setup, seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// How many seats.
    fn seats(&self) -> usize;

    /// What someone watching may see: nothing hidden from any seat. (The
    /// view is drawn from a seat's side with that seat's secrets removed.)
    fn spectator_view(&self) -> Self::View;

    /// `event` as `seat` may see it (`None`: a spectator).
    fn event_for(event: &Self::Event, _seat: Option<Seat>) -> Self::Event {
        event.clone()
    }

    /// Cards only `seat` may know now (`None`: cards no seat may know,
    /// such as the undealt deck). No view, event or log line shows them to
    /// anyone else: the conformance suite checks it.
    fn secrets(&self, _seat: Option<Seat>) -> CardSet {
        CardSet::EMPTY
    }

    /// The log's lines for `event` (as `seat` may see it), the game now
    /// being in the state after it.
    fn narrate(&self, event: &Self::Event) -> Vec<Note>;

    /// What the seat to act does when its time runs out.
    fn default_action(&self) -> Option<Self::Action>;

    /// The deal is over and another may be dealt.
    fn deal_over(&self) -> bool;

    /// Deals the next deal.
    fn next_deal(&mut self) -> Result<Vec<Self::Event>, Self::Error>;

    /// Each seat's result of the deal just played (chips, points, a share
    /// of the win), or of the deal so far when a match stops it early.
    fn scores(&self) -> Option<Vec<f64>>;

    /// What `seat` has bought in so far (its first stack included), in
    /// games where chips are bought; `None` elsewhere.
    fn bought(&self, _seat: Seat) -> Option<u64> {
        None
    }

    /// Whether `seat` was dealt into the deal just played (a busted
    /// Hold'em seat only watches: its hands are not the person's). By
    /// default, every seat is.
    fn dealt_in(&self, _seat: Seat) -> bool {
        true
    }

    /// The unit the deal just played is counted in (a Hold'em hand's big
    /// blind; 1 elsewhere).
    fn score_unit(&self) -> f64 {
        1.0
    }

    /// The unit a deal seen in `view` is counted in (as
    /// [`Playable::score_unit`], for a client that has only the view).
    fn view_unit(_view: &Self::View) -> f64 {
        1.0
    }

    /// The bots of this game by name.
    fn bot_names() -> &'static [&'static str];

    /// A bot by name (`None`: no such bot).
    fn bot(name: &str) -> Option<BoxBot<Self>>;

    /// The bot that plays at `level`.
    fn level_bot(level: Level) -> &'static str;
}

/// Where a session stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "stage", content = "seat")]
pub enum Stage {
    /// This seat is to act.
    Turn(Seat),
    /// A deal is over; the next may be dealt.
    DealOver,
    /// The session is over.
    Over,
}

impl Stage {
    /// Where `game` stands.
    pub fn of<G: Playable>(game: &G) -> Stage {
        match game.to_act() {
            Some(seat) => Stage::Turn(seat),
            None if game.deal_over() => Stage::DealOver,
            None => Stage::Over,
        }
    }
}
