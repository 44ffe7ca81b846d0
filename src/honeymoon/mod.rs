//! Honeymoon bridge (蜜月橋牌), the Taiwanese two-player game.
//!
//! The game: the trick rules ([`tricks`]), the auction's words
//! ([`auction`]), the options ([`setup`]), a deal's actions and events
//! ([`action`]), its state machine ([`state`]), what a seat sees
//! ([`view`]) and the score ([`scoring`]); for the runner: `playable` and
//! `narration`. The double-dummy solver of two-hand positions
//! ([`position`], [`bits`], [`solver`]) with its endgame database
//! ([`db`], [`db_build`]); the bots ([`bots`]); the review of a finished
//! deal ([`review`]); deal records as JSON and PBN ([`formats`]).

pub mod action;
pub mod auction;
pub mod bits;
pub mod bots;
pub mod db;
pub mod db_build;
pub mod formats;
mod narration;
mod playable;
pub mod position;
pub mod review;
pub mod scoring;
pub mod setup;
pub mod solver;
pub mod state;
#[cfg(test)]
pub(crate) mod testing;
pub mod tricks;
pub mod view;

pub use action::{Action, Event, Phase, Played, RuleError};
pub use auction::{Bid, Call, Contract, Strain};
pub use position::{Position, PositionError};
pub use scoring::{DealLine, DealResult, ScoreParts, deal_score, score_parts};
pub use setup::{LeadRule, MatchLength, Scoring, Setup};
pub use state::Honeymoon;
pub use tricks::{NORTH, SOUTH, lead_wins, legal_cards, parse_trump, trump_name};
pub use view::View;
