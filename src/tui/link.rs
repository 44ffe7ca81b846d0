//! How a table screen reaches its session: the [`Link`] (a session on
//! this machine, [`super::local`], or a seat at a hall's table,
//! [`super::online::remote`]), what the person at it sees ([`Seen`]), and
//! what a step brings ([`Update`], [`Tick`]). The screen is the same
//! whichever link it has.

use std::time::Duration;

use super::screen::Nav;
use cardgames::game::{Playable, Seat, Stage};
use cardgames::narrate::Note;
use cardgames::runner::Save;

/// What the person at a table sees now.
#[derive(Debug, Clone)]
pub struct Seen<G: Playable> {
    /// Their seat (`None`: watching).
    pub me: Option<Seat>,
    /// What that seat sees.
    pub view: G::View,
    /// What they may do now (nothing unless it is their turn).
    pub legal: Vec<G::Action>,
    /// Where the session stands.
    pub stage: Stage,
    /// The seats' names.
    pub names: Vec<String>,
    /// The bot playing each seat (`None`: a person).
    pub bots: Vec<Option<String>>,
    /// At a hall's table, the seats whose person is away: their
    /// connection dropped, or sitting out (empty: nobody).
    pub away: Vec<bool>,
    /// At a hall's table, the seats nobody sits in (empty: none).
    pub empty: Vec<bool>,
    /// How long another seat has been thinking, if one is.
    pub thinking: Option<Duration>,
    /// The session's setup.
    pub setup: G::Setup,
    /// At a hall's table, where the next deal comes by itself.
    pub online: bool,
}

impl<G: Playable> Seen<G> {
    /// How the next `deal` ("hand", "game", "deal") comes, once one is over.
    pub fn next(&self, deal: &str) -> String {
        if self.online {
            format!("the next {deal} comes in a moment")
        } else {
            format!("n: next {deal}")
        }
    }

    /// True when the person is to act.
    pub fn my_turn(&self) -> bool {
        matches!((self.stage, self.me), (Stage::Turn(s), Some(m)) if s == m)
    }

    /// The seat to act, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.stage {
            Stage::Turn(s) => Some(s),
            _ => None,
        }
    }

    /// Whether `seat`'s person is away (at a hall's table).
    pub fn away(&self, seat: Seat) -> bool {
        self.away.get(seat).copied().unwrap_or(false)
    }

    /// Whether nobody sits in `seat` (at a hall's table).
    pub fn empty(&self, seat: Seat) -> bool {
        self.empty.get(seat).copied().unwrap_or(false)
    }

    /// The name of `seat` as the person reads it ("You" for themselves).
    pub fn name(&self, seat: Seat) -> String {
        if Some(seat) == self.me {
            "You".into()
        } else {
            self.names
                .get(seat)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", seat + 1))
        }
    }
}

/// What a step meant to the person: its log lines, and each seat's score
/// and the game's unit when it ended a deal.
#[derive(Debug, Clone, Default)]
pub struct Update {
    /// The notes to add to the log.
    pub notes: Vec<Note>,
    /// The deal's scores and unit, when the step ended it.
    pub ended: Option<(Vec<f64>, f64)>,
    /// Whether the person was dealt into the deal (a deal only watched
    /// counts for nothing and is not kept as theirs).
    pub dealt_in: bool,
    /// What the person has bought in so far, where chips are bought.
    pub bought: Option<u64>,
}

/// What a table did when it was given the time to.
#[derive(Debug)]
pub enum Tick {
    /// Nothing to do: the person is to act, or the session waits.
    Idle,
    /// Someone else is thinking or about to move.
    Busy,
    /// Someone else moved (or failed to).
    Moved(Result<Update, String>),
}

/// What the person may do to a hall table's seats now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seating {
    /// Watching, with a seat free.
    pub may_sit: bool,
    /// The table's owner, with a seat free.
    pub may_add_bot: bool,
}

/// A seat at a table, local or in the hall.
pub trait Link<G: Playable> {
    /// What the person sees now.
    fn seen(&self) -> Seen<G>;
    /// The person's action.
    fn act(&mut self, action: G::Action) -> Result<Update, String>;
    /// The next deal, once one is over.
    fn next_deal(&mut self) -> Result<Update, String>;
    /// Lets the other seats move.
    fn tick(&mut self) -> Tick;
    /// The session to keep, if it can be resumed (`None` once over).
    fn save(&self) -> Option<Save<G>>;
    /// True for a seat in the hall: the hall deals, keeps the session and
    /// takes chat; the screen offers chat, sitting out, and leaves to the
    /// lobby.
    fn online(&self) -> bool {
        false
    }
    /// A line about the connection and the clock, for the status bar.
    fn status(&self) -> Option<String> {
        None
    }
    /// Says `text` at the table.
    fn chat(&mut self, _text: &str) {}
    /// Sits out (or comes back).
    fn sit_out(&mut self, _out: bool) {}
    /// What the person may do to the seats now: sit in a free one (while
    /// watching), fill a free one with a bot (the table's owner).
    fn seating(&self) -> Seating {
        Seating::default()
    }
    /// Sits in the first free seat.
    fn take_seat(&mut self) {}
    /// Fills the first free seat with a bot of the normal level.
    fn add_bot(&mut self) {}
    /// Leaves the table; where to go.
    fn leave(&mut self) -> Nav {
        Nav::Menu
    }
    /// Takes back the person's last move that may be taken back (undo).
    fn undo(&mut self) -> Result<Update, String> {
        Err("moves are not taken back at this table".into())
    }
    /// Shows the person's hidden cards between deals, where the game lets
    /// them ([`Playable::may_show`]).
    fn show(&mut self) -> Result<Update, String>;
    /// The record of the deal just finished, in the game's own format.
    fn deal_record(&self) -> Option<String> {
        None
    }
    /// Why the computer players played as they did in the deal just over
    /// (each seat's reasons, in the order of its moves), given once: the
    /// reasons not given yet. They name the computer's cards, so a table
    /// gives them only once the deal is over.
    fn reasons(&mut self) -> Vec<(Seat, String)> {
        Vec::new()
    }
    /// Whether [`Link::reasons`] has any to give now.
    fn has_reasons(&self) -> bool {
        false
    }
}
